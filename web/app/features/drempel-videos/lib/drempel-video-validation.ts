// The threshold-video form's checks: the same limits the server applies (it checks again).
import type { FieldErrors } from "@/components/form/form-errors";
import { parseVideoUrl } from "@/lib/parse-video-url";
import type { DrempelVideo, DrempelVideoInput } from "@/lib/api-types";

export type DrempelVideoField = "title" | "description" | "video_url";

export interface DrempelVideoFormValues {
  title: string;
  description: string;
  video_url: string;
  published: boolean;
}

export const DREMPEL_VIDEO_LIMITS = { title: 120, description: 1000 } as const;

function charCount(value: string): number {
  return [...value].length;
}

export function emptyDrempelVideoForm(): DrempelVideoFormValues {
  return { title: "", description: "", video_url: "", published: true };
}

export function drempelVideoToForm(video: DrempelVideo): DrempelVideoFormValues {
  return {
    title: video.title,
    description: video.description ?? "",
    video_url: video.video_url,
    published: video.published,
  };
}

/** The whole input for a PUT, from a video as the server sent it (e.g. to toggle `published`). */
export function drempelVideoToInput(video: DrempelVideo, changes: Partial<DrempelVideoInput> = {}): DrempelVideoInput {
  return {
    title: video.title,
    description: video.description ?? "",
    video_url: video.video_url,
    published: video.published,
    ...changes,
  };
}

export function validateDrempelVideo(values: DrempelVideoFormValues): FieldErrors<DrempelVideoField> {
  const errors: FieldErrors<DrempelVideoField> = {};
  const title = values.title.trim();
  const url = values.video_url.trim();
  if (!title) errors.title = "Geef de video een titel.";
  else if (charCount(title) > DREMPEL_VIDEO_LIMITS.title)
    errors.title = `De titel mag hoogstens ${DREMPEL_VIDEO_LIMITS.title} tekens lang zijn.`;
  if (charCount(values.description.trim()) > DREMPEL_VIDEO_LIMITS.description)
    errors.description = `De beschrijving mag hoogstens ${DREMPEL_VIDEO_LIMITS.description} tekens lang zijn.`;
  if (!url) errors.video_url = "Plak hier de link naar de video op YouTube of Vimeo.";
  else if (!parseVideoUrl(url))
    errors.video_url = "Dit is geen link naar een YouTube- of Vimeo-video. Kopieer de link uit de adresbalk van de video.";
  return errors;
}

export function drempelVideoFormToInput(values: DrempelVideoFormValues): DrempelVideoInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    video_url: values.video_url.trim(),
    published: values.published,
  };
}
