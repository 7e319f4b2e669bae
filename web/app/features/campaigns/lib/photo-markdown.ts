import type { MediaImage } from "@/lib/api-types";

/** The Markdown of a photo from the library: its alt text and its widest JPEG (made absolute when sent). */
export function photoMarkdown(image: MediaImage): string {
  const alt = image.alt.replace(/[[\]\\]/g, "");
  return `![${alt}](${image.src})`;
}
