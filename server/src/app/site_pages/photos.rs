//! The coach's page photos (issue 12 item 3, DESIGN §7): the portrait, the home hero and the
//! share image the coach chose in Beheer > Media, and her logo (Beheer > Instellingen), written
//! into the prerendered pages.
use serde_json::{Value, json};

use crate::platform::photos::{self, MediaImage, Slot};
use crate::platform::prerendered;
use crate::platform::site::Site;

/// The id of the JSON block with the chosen photos, read by the web app (`config/page-photos.ts`).
const BLOCK_ID: &str = "live-media";

/// The photos chosen for the page-level slots; empty while the coach has chosen none.
pub(super) async fn chosen(pool: &sqlx::AnyPool) -> Result<Vec<(Slot, MediaImage)>, sqlx::Error> {
    let mut photos = Vec::new();
    for slot in Slot::ALL.iter().copied() {
        if let Some(image) = photos::slot_image(pool, slot).await? {
            photos.push((slot, image));
        }
    }
    Ok(photos)
}

/// The page with the chosen photos, as the web app renders them (`PagePhoto`), so hydration
/// finds what it renders:
/// - an element marked `data-media-slot="portrait|hero|logo"` gets the photo as its only content
///   (`MediaImage::picture_html` with the element's `data-sizes`, `data-img-class` and
///   `data-priority`) instead of the default illustration; the element must hold no element of
///   its own tag name;
/// - the share image replaces the default one in the head (`og:image`, `twitter:image`, JSON-LD)
///   as an absolute URL of its widest JPEG, with its size;
/// - the photos go in a JSON block for the web app to render with.
pub(super) fn apply(html: &str, photos: &[(Slot, MediaImage)], site: &Site) -> String {
    if photos.is_empty() {
        return html.to_string();
    }
    let photo = |slot: Slot| photos.iter().find(|(s, _)| *s == slot).map(|(_, i)| i);
    let mut out = String::with_capacity(html.len() + 4096);
    let mut copied = 0;
    let mut from = 0;
    while let Some(offset) = html[from..].find(" data-media-slot=") {
        let at = from + offset;
        let tag_start = html[..at].rfind('<').unwrap_or(0);
        let Some(tag_end) = html[at..].find('>').map(|i| at + i) else {
            break;
        };
        from = tag_end;
        let attrs = &html[tag_start..tag_end];
        let name: String = attrs[1..]
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        let Some(image) = prerendered::attr_value(attrs, "data-media-slot")
            .and_then(|slot| slot.parse::<Slot>().ok())
            .and_then(photo)
        else {
            continue;
        };
        let Some(close) = html[tag_end..]
            .find(&format!("</{name}>"))
            .map(|i| tag_end + i)
        else {
            continue;
        };
        if name.is_empty() || html[tag_end..close].contains(&format!("<{name}")) {
            continue;
        }
        let sizes = prerendered::attr_value(attrs, "data-sizes").unwrap_or_default();
        let class = prerendered::attr_value(attrs, "data-img-class").unwrap_or_default();
        let eager = prerendered::attr_value(attrs, "data-priority").is_some();
        out.push_str(&html[copied..=tag_end]);
        out.push_str(&image.picture_html(&sizes, eager, &class));
        copied = close;
        from = close;
    }
    out.push_str(&html[copied..]);
    let share = photo(Slot::Share).map(|image| ShareImage::of(image, site));
    if let Some(share) = &share {
        out = share.put_in_head(&out, &site.url(&site.share_image));
    }
    let block = json!({
        "portrait": photo(Slot::Portrait),
        "hero": photo(Slot::Hero),
        "logo": photo(Slot::Logo),
        "share": share.map(|s| json!({"url": s.url, "width": s.width, "height": s.height})),
    });
    let tag = format!(
        "<script type=\"application/json\" id=\"{BLOCK_ID}\">{}</script>",
        Value::to_string(&block).replace('<', "\\u003c")
    );
    match out.find("</head>") {
        Some(i) => format!("{}{tag}{}", &out[..i], &out[i..]),
        None => out,
    }
}

/// The share image as Open Graph names it: the widest JPEG, absolute, with its size.
struct ShareImage {
    url: String,
    width: i64,
    height: i64,
}

impl ShareImage {
    fn of(image: &MediaImage, site: &Site) -> Self {
        // The widest variant is `…-{width}.jpg`; its height keeps the photo's proportions.
        let width = image
            .src
            .rsplit('-')
            .next()
            .and_then(|w| w.strip_suffix(".jpg"))
            .and_then(|w| w.parse::<i64>().ok())
            .unwrap_or(image.width);
        let height = if image.width > 0 {
            (image.height * width + image.width / 2) / image.width
        } else {
            image.height
        };
        Self {
            url: site.url(&image.src),
            width,
            height,
        }
    }

    /// The head with `default_url` (absolute) replaced by this image and the Open Graph size set.
    fn put_in_head(&self, html: &str, default_url: &str) -> String {
        let Some(head_end) = html.find("</head>") else {
            return html.to_string();
        };
        let (head, rest) = html.split_at(head_end);
        let mut head = head.replace(default_url, &self.url);
        for (property, value) in [
            ("og:image:width", self.width),
            ("og:image:height", self.height),
        ] {
            head = set_meta_content(&head, property, &value.to_string());
        }
        head + rest
    }
}

/// `head` with the content of `<meta property="{property}" content="…">` set to `value`.
fn set_meta_content(head: &str, property: &str, value: &str) -> String {
    let marker = format!("<meta property=\"{property}\" content=\"");
    let Some(start) = head.find(&marker).map(|i| i + marker.len()) else {
        return head.to_string();
    };
    let Some(end) = head[start..].find('"').map(|i| start + i) else {
        return head.to_string();
    };
    format!("{}{value}{}", &head[..start], &head[end..])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test_site() -> Site {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../config/site.json");
        Site::load(&path).unwrap()
    }

    fn image(alt: &str) -> MediaImage {
        MediaImage {
            id: 7,
            alt: alt.into(),
            width: 2400,
            height: 1600,
            src: "/media/abc-1920.jpg".into(),
            srcset: "/media/abc-320.jpg 320w, /media/abc-1920.jpg 1920w".into(),
            webp_srcset: "/media/abc-320.webp 320w, /media/abc-1920.webp 1920w".into(),
        }
    }

    #[test]
    fn marked_slots_get_the_photo_and_the_share_image_goes_in_the_head() {
        let site = test_site();
        let default_share = site.url(&site.share_image);
        let html = format!(
            "<html><head><meta property=\"og:image\" content=\"{default_share}\"/>\
             <meta property=\"og:image:width\" content=\"1200\"/><meta property=\"og:image:height\" content=\"630\"/>\
             <script type=\"application/ld+json\">{{\"image\":\"{default_share}\"}}</script></head><body>\
             <div data-media-slot=\"hero\" data-sizes=\"384px\" data-img-class=\"w-full\" data-priority=\"true\" class=\"contents\"><svg></svg></div>\
             <div data-media-slot=\"portrait\" data-sizes=\"50vw\" class=\"contents\"><img src=\"/images/coach.svg\"/></div>\
             <div data-media-slot=\"portrait\"><div>nested</div></div></body></html>"
        );
        let photos = [
            (Slot::Hero, image("Zon & zee \"licht\"")),
            (Slot::Share, image("Deel")),
        ];
        let out = apply(&html, &photos, &site);
        assert!(out.contains(
            "<div data-media-slot=\"hero\" data-sizes=\"384px\" data-img-class=\"w-full\" data-priority=\"true\" class=\"contents\"><picture><source type=\"image/webp\" srcset=\"/media/abc-320.webp 320w, /media/abc-1920.webp 1920w\" sizes=\"384px\"/><img src=\"/media/abc-1920.jpg\" srcset=\"/media/abc-320.jpg 320w, /media/abc-1920.jpg 1920w\" sizes=\"384px\" width=\"2400\" height=\"1600\" alt=\"Zon &amp; zee &quot;licht&quot;\" loading=\"eager\" fetchpriority=\"high\" decoding=\"async\" class=\"w-full\"/></picture></div>"
        ), "{out}");
        // No portrait chosen: the illustration stays; a nested element of the same tag is skipped.
        assert!(out.contains("<img src=\"/images/coach.svg\"/></div>"));
        assert!(out.contains("<div>nested</div>"));
        let shared = site.url("/media/abc-1920.jpg");
        assert!(out.contains(&format!(
            "<meta property=\"og:image\" content=\"{shared}\"/>"
        )));
        assert!(out.contains("<meta property=\"og:image:width\" content=\"1920\"/>"));
        assert!(out.contains("<meta property=\"og:image:height\" content=\"1280\"/>"));
        assert!(out.contains(&format!("{{\"image\":\"{shared}\"}}")));
        assert!(!out.contains(&default_share));
        let block = out.split("id=\"live-media\">").nth(1).unwrap();
        let block: Value = serde_json::from_str(block.split("</script>").next().unwrap()).unwrap();
        assert_eq!(block["hero"]["alt"], "Zon & zee \"licht\"");
        assert_eq!(block["portrait"], Value::Null);
        assert_eq!(block["share"]["width"], 1920);
    }

    #[test]
    fn without_chosen_photos_the_page_stays_as_built() {
        let html = "<head></head><body><div data-media-slot=\"portrait\"><img/></div></body>";
        assert_eq!(apply(html, &[], &test_site()), html);
    }
}
