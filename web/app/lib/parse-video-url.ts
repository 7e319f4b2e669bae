export interface ParsedVideo {
  provider: "youtube" | "vimeo";
  id: string;
  /** Privacy-friendly embed URL. */
  embedUrl: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^\d{5,12}$/;

/** Accepts YouTube or Vimeo page/embed URLs; returns null for anything else. */
export function parseVideoUrl(raw: string): ParsedVideo | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m)\./, "");
  const parts = url.pathname.split("/").filter(Boolean);

  let youtubeId: string | null = null;
  if (host === "youtu.be") {
    youtubeId = parts[0] ?? null;
  } else if (host === "youtube.com" || host === "youtube-nocookie.com" || host === "music.youtube.com") {
    if (parts[0] === "watch") youtubeId = url.searchParams.get("v");
    else if (parts[0] && ["embed", "shorts", "live", "v"].includes(parts[0])) youtubeId = parts[1] ?? null;
  }
  if (youtubeId && YOUTUBE_ID.test(youtubeId)) {
    return { provider: "youtube", id: youtubeId, embedUrl: `https://www.youtube-nocookie.com/embed/${youtubeId}` };
  }

  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const id =
      host === "player.vimeo.com" ? (parts[0] === "video" ? parts[1] : undefined) : parts.find((p) => VIMEO_ID.test(p));
    if (id && VIMEO_ID.test(id)) {
      return { provider: "vimeo", id, embedUrl: `https://player.vimeo.com/video/${id}?dnt=1` };
    }
  }
  return null;
}
