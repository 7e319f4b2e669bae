//! Which video links the site can embed: YouTube and Vimeo (the same rules as the web's
//! `parse-video-url.ts`, which turns them into privacy-friendly embeds).
pub fn is_embeddable(raw: &str) -> bool {
    let Ok(url) = url::Url::parse(raw.trim()) else {
        return false;
    };
    if !matches!(url.scheme(), "https" | "http") {
        return false;
    }
    let host = url.host_str().unwrap_or_default();
    let host = host
        .strip_prefix("www.")
        .or_else(|| host.strip_prefix("m."))
        .unwrap_or(host);
    let parts: Vec<&str> = url
        .path_segments()
        .map(|s| s.filter(|p| !p.is_empty()).collect())
        .unwrap_or_default();
    let youtube_id = |id: &str| {
        (6..=20).contains(&id.len())
            && id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    };
    let vimeo_id =
        |id: &str| (5..=12).contains(&id.len()) && id.chars().all(|c| c.is_ascii_digit());
    match host {
        "youtu.be" => parts.first().is_some_and(|id| youtube_id(id)),
        "youtube.com" | "youtube-nocookie.com" | "music.youtube.com" => match parts.as_slice() {
            ["watch", ..] => url
                .query_pairs()
                .find(|(k, _)| k == "v")
                .is_some_and(|(_, v)| youtube_id(&v)),
            ["embed" | "shorts" | "live" | "v", id, ..] => youtube_id(id),
            _ => false,
        },
        "player.vimeo.com" => matches!(parts.as_slice(), ["video", id, ..] if vimeo_id(id)),
        "vimeo.com" => parts.iter().any(|p| vimeo_id(p)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::is_embeddable;

    #[test]
    fn youtube_and_vimeo_links_are_accepted() {
        for url in [
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
            "https://youtu.be/dQw4w9WgXcQ",
            "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
            "https://youtube.com/shorts/dQw4w9WgXcQ",
            "https://vimeo.com/76979871",
            "https://player.vimeo.com/video/76979871",
        ] {
            assert!(is_embeddable(url), "{url}");
        }
    }

    #[test]
    fn other_links_are_refused() {
        for url in [
            "",
            "youtube",
            "https://example.com/watch?v=dQw4w9WgXcQ",
            "https://www.youtube.com/watch",
            "https://www.youtube.com/channel/abc",
            "https://vimeo.com/about",
            "javascript:alert(1)",
            "ftp://youtu.be/dQw4w9WgXcQ",
        ] {
            assert!(!is_embeddable(url), "{url}");
        }
    }
}
