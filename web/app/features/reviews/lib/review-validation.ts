// The review form's checks: the same limits the server applies (it checks again).
import type { FieldErrors } from "@/components/form/form-errors";
import type { Review, ReviewInput } from "@/lib/api-types";

export type ReviewField = "name" | "avatar_url" | "avatar_media_id" | "rating" | "text";

export interface ReviewFormValues {
  name: string;
  avatar_url: string;
  /** A photo from the media library; wins over the link. */
  avatar_media_id: number | null;
  rating: number | null;
  text: string;
}

export const REVIEW_LIMITS = { name: 80, avatar_url: 500, text: 2000 } as const;

/** Length in characters as people count them (an emoji is one). */
export function charCount(value: string): number {
  return [...value].length;
}

/** True for a complete https:// link. */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export function emptyReviewForm(): ReviewFormValues {
  return { name: "", avatar_url: "", avatar_media_id: null, rating: 5, text: "" };
}

export function reviewToForm(review: Review): ReviewFormValues {
  return {
    name: review.name,
    avatar_url: review.avatar_url ?? "",
    avatar_media_id: review.avatar_media_id ?? null,
    rating: review.rating,
    text: review.text,
  };
}

export function validateReview(values: ReviewFormValues): FieldErrors<ReviewField> {
  const errors: FieldErrors<ReviewField> = {};
  const name = values.name.trim();
  const avatar = values.avatar_url.trim();
  const text = values.text.trim();
  if (!name) errors.name = "Vul een naam in.";
  else if (charCount(name) > REVIEW_LIMITS.name) errors.name = `De naam mag hoogstens ${REVIEW_LIMITS.name} tekens lang zijn.`;
  if (avatar) {
    if (!isHttpsUrl(avatar)) errors.avatar_url = "Geef een volledige link die met https:// begint, of laat dit veld leeg.";
    else if (charCount(avatar) > REVIEW_LIMITS.avatar_url)
      errors.avatar_url = `De link mag hoogstens ${REVIEW_LIMITS.avatar_url} tekens lang zijn.`;
  }
  if (values.rating === null || !Number.isInteger(values.rating) || values.rating < 1 || values.rating > 5)
    errors.rating = "Kies een score van 1 tot 5 sterren.";
  if (!text) errors.text = "Vul de tekst van de review in.";
  else if (charCount(text) > REVIEW_LIMITS.text) errors.text = `De tekst mag hoogstens ${REVIEW_LIMITS.text} tekens lang zijn.`;
  return errors;
}

export function reviewFormToInput(values: ReviewFormValues): ReviewInput {
  const avatar = values.avatar_url.trim();
  return {
    name: values.name.trim(),
    avatar_url: avatar ? avatar : null,
    avatar_media_id: values.avatar_media_id,
    rating: values.rating ?? 0,
    text: values.text.trim(),
  };
}
