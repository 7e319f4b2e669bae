// The photos the coach chose for the pages (Beheer > Media): the server writes them into the
// page it sends and into the `#live-media` JSON block, read here so the hydrated render equals
// the server's HTML (server: `site_pages::photos`). None while prerendering or while she chose none.
import type { MediaImage } from "@/lib/api-types";

/** The photo slots a page shows in place of a default (the share image is in the head only). */
export type PagePhotoSlot = "portrait" | "hero" | "logo";

/** The share image as Open Graph names it: absolute URL of the widest JPEG, with its size. */
export interface ShareImage {
  url: string;
  width: number;
  height: number;
}

interface PagePhotos {
  portrait?: MediaImage | null;
  hero?: MediaImage | null;
  /** Her own logo (Beheer > Instellingen), in the header and the footer. */
  logo?: MediaImage | null;
  share?: ShareImage | null;
}

function chosen(): PagePhotos {
  if (typeof document === "undefined") return {};
  const block = document.getElementById("live-media");
  if (!block?.textContent) return {};
  try {
    return JSON.parse(block.textContent) as PagePhotos;
  } catch {
    return {};
  }
}

export const pagePhotos: PagePhotos = chosen();
