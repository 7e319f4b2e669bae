import { useEffect, useRef, useState } from "react";
import { Block, Later, type LaterBlock } from "@/components/ui/block";

/** Shown only for a link that is no video (registered on every page by the public layout). */
export const videoUnavailableText = {
  name: "shared.video.unavailable",
  text: "Deze video kan hier niet getoond worden.",
} satisfies LaterBlock;
import { parseVideoUrl } from "@/lib/parse-video-url";
import { liveText, liveValue, site } from "@/config/site";

interface VideoEmbedProps {
  url: string;
  title: string;
  className?: string;
}

/**
 * Lazy, privacy-friendly YouTube/Vimeo embed. Shows 'Loading video...' until
 * the placeholder comes within 100px of the viewport; then renders the iframe
 * once and for good.
 */
export function VideoEmbed({ url, title, className = "" }: VideoEmbedProps) {
  const video = parseVideoUrl(url);
  const containerRef = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const embedUrl = video?.embedUrl;

  useEffect(() => {
    if (visible || !embedUrl) return;
    const node = containerRef.current;
    if (!node) return;
    if (typeof IntersectionObserver === "undefined") {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: "100px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible, embedUrl]);

  if (!video) {
    return (
      <p className={`rounded-2xl border border-sand bg-paper p-6 text-ink-soft ${className}`}>
        <Later block={videoUnavailableText} />
      </p>
    );
  }

  return (
    <div
      ref={containerRef}
      className={`relative aspect-video w-full overflow-hidden rounded-2xl bg-teal-dark shadow-md ${className}`}
    >
      {visible ? (
        <iframe
          src={video.embedUrl}
          title={title}
          loading="lazy"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="absolute inset-0 h-full w-full border-0"
        />
      ) : (
        <div className="absolute inset-0 flex items-center justify-center text-white">
          <Block name="shared.video.loading" as="p">
            Loading video...
          </Block>
        </div>
      )}
    </div>
  );
}

/** Her introduction video (the link she saves in Instellingen), read on the client too. */
export function IntroVideo() {
  return <VideoEmbed url={liveValue("introVideoUrl")} title={liveText(`Introductievideo van ${site.brand}`)} />;
}
