import type { MediaImage } from "@/lib/api-types";

interface ResponsiveImageProps {
  image: MediaImage;
  /** How wide the image shows, as a `sizes` attribute (e.g. "(min-width: 768px) 50vw, 100vw"). */
  sizes: string;
  /** The photo of the first screen (the hero): loaded at once and first. Others load lazily. */
  priority?: boolean;
  /** Overrides the photo's own alt text (e.g. "" when the text beside it says the same). */
  alt?: string;
  className?: string;
}

/**
 * A library photo as `<picture>`: WebP where the browser takes it, JPEG otherwise, each in every
 * width with `srcset`/`sizes`, and the intrinsic `width`/`height` so nothing shifts while it loads.
 * The server writes the same markup into pages it fills in (`MediaImage::picture_html`).
 */
export function ResponsiveImage({ image, sizes, priority = false, alt, className }: ResponsiveImageProps) {
  return (
    <picture>
      <source type="image/webp" srcSet={image.webp_srcset} sizes={sizes} />
      <img
        src={image.src}
        srcSet={image.srcset}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt ?? image.alt}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
