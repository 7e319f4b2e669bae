import type { ReactNode } from "react";
import { pagePhotos, type PagePhotoSlot } from "@/config/page-photos";
import { ResponsiveImage } from "@/components/ui/responsive-image";

/** The page photos show at most 24rem wide (`max-w-sm`), the full width of a phone below that. */
export const PHOTO_SIZES = "(min-width: 416px) 384px, 100vw";

interface PagePhotoProps {
  slot: PagePhotoSlot;
  /** How wide the photo shows, as a `sizes` attribute. */
  sizes: string;
  /** The photo of the first screen: loaded at once and first. */
  priority?: boolean;
  /** The classes of the photo's `<img>`. */
  imgClassName: string;
  /** What the page shows while the coach chose no photo (the illustration). */
  children: ReactNode;
  /** The wrapper: a span inside a link or a line of text. */
  as?: "div" | "span";
}

/**
 * A photo the coach chooses in Beheer > Media, or the default in its place. The server fills the
 * marked element with the same `<picture>` (`site_pages::photos`), reading `sizes`, the classes
 * and the priority from its data attributes. The wrapper is `display: contents`, so the layout is
 * the one of its content, with or without a photo. Keep no nested element of the wrapper's tag in `children`.
 */
export function PagePhoto({ slot, sizes, priority = false, imgClassName, children, as: Tag = "div" }: PagePhotoProps) {
  const image = pagePhotos[slot];
  return (
    <Tag
      data-media-slot={slot}
      data-sizes={sizes}
      data-img-class={imgClassName}
      data-priority={priority ? "true" : undefined}
      className="contents"
    >
      {image ? <ResponsiveImage image={image} sizes={sizes} priority={priority} className={imgClassName} /> : children}
    </Tag>
  );
}
