//! The newest approved reviews in the home page's HTML (issue 21 item 5): crawlers and visitors
//! without JavaScript read them, and the web app hydrates the same cards (`Testimonials`).
use serde_json::Value;

use crate::content::reviews::{Review, ReviewList};
use crate::kit::html::escape;

/// The id of the JSON block with the review list, read by the web app (`api/get-reviews.ts`).
const BLOCK_ID: &str = "live-reviews";

/// The marker of the element the web app renders the reviews in (`Testimonials`).
const MARKER: &str = " data-live-reviews=";

/// Lucide's drawings as `components/ui/icons.tsx` has them.
const QUOTE: &str = r#"<path d="M16 3a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2 1 1 0 0 1 1 1v1a2 2 0 0 1-2 2 1 1 0 0 0-1 1v2a1 1 0 0 0 1 1 6 6 0 0 0 6-6V5a2 2 0 0 0-2-2z"/><path d="M5 3a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2 1 1 0 0 1 1 1v1a2 2 0 0 1-2 2 1 1 0 0 0-1 1v2a1 1 0 0 0 1 1 6 6 0 0 0 6-6V5a2 2 0 0 0-2-2z"/>"#;
const STAR: &str = r#"<path d="M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z"/>"#;

/// The page with `list` rendered into the element marked `data-live-reviews` (its content, the
/// "Laden..." of the build, replaced by the cards) and the list in a JSON block for the web app
/// to start from, so hydration finds what it renders. Without reviews the page stays as built:
/// the web app shows its samples.
pub(super) fn apply(html: &str, list: &ReviewList) -> String {
    if list.reviews.is_empty() {
        return html.to_string();
    }
    let Some(at) = html.find(MARKER) else {
        return html.to_string();
    };
    let Some(open_end) = html[at..].find('>').map(|i| at + i + 1) else {
        return html.to_string();
    };
    let Some(close) = html[open_end..].find("</div>").map(|i| open_end + i) else {
        return html.to_string();
    };
    if html[open_end..close].contains("<div") {
        return html.to_string();
    }
    let mut out = String::with_capacity(html.len() + 2048 * list.reviews.len());
    out.push_str(&html[..open_end]);
    out.push_str(&list_html(&list.reviews));
    out.push_str(&html[close..]);
    let json = serde_json::to_value(list).unwrap_or(Value::Null);
    let tag = format!(
        "<script type=\"application/json\" id=\"{BLOCK_ID}\">{}</script>",
        json.to_string().replace('<', "\\u003c")
    );
    match out.find("</head>") {
        Some(i) => format!("{}{tag}{}", &out[..i], &out[i..]),
        None => out,
    }
}

/// The cards as `Testimonials` renders them, in the same order of elements and attributes.
fn list_html(reviews: &[Review]) -> String {
    let mut out = String::from(
        r#"<ul aria-label="Ervaringen van klanten" class="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-4">"#,
    );
    for review in reviews {
        out.push_str(&card_html(review));
    }
    out.push_str("</ul>");
    out
}

fn icon(body: &str, fill: Option<&str>, stroke_width: &str, class: &str) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="{}" stroke="currentColor" stroke-width="{stroke_width}" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="{class}">{body}</svg>"#,
        fill.unwrap_or("none")
    )
}

/// `TestimonialCard`.
fn card_html(review: &Review) -> String {
    let stars = review.rating.clamp(0, 5);
    let mut out = String::from(
        r#"<li data-from="reviews" class="flex h-full flex-col rounded-2xl border border-sand bg-paper p-6 shadow-sm">"#,
    );
    out.push_str(&icon(QUOTE, None, "2", "h-6 w-6 text-gold"));
    out.push_str(&format!(
        r#"<div class="mt-3"><div role="img" aria-label="{stars} van 5 sterren" class="flex gap-0.5 text-gold">"#
    ));
    for i in 0..5 {
        let fill = (i < stars).then_some("currentColor");
        out.push_str(&icon(STAR, fill, "1.5", "h-4 w-4"));
    }
    out.push_str("</div></div>");
    out.push_str(&format!(
        r#"<blockquote class="mt-3 flex-1 text-ink-soft"><p>{}</p></blockquote>"#,
        escape(&review.text)
    ));
    out.push_str(r#"<div class="mt-5 flex items-center gap-3">"#);
    if let Some(avatar) = &review.avatar {
        out.push_str(r#"<span class="h-11 w-11 shrink-0 overflow-hidden rounded-full">"#);
        out.push_str(&avatar.picture_html("44px", false, "h-full w-full object-cover"));
        out.push_str("</span>");
    } else if let Some(url) = &review.avatar_url {
        out.push_str(&format!(
            r#"<img src="{}" alt="Foto van {}" width="44" height="44" loading="lazy" class="h-11 w-11 rounded-full object-cover"/>"#,
            escape(url),
            escape(&review.name)
        ));
    } else {
        out.push_str(&format!(
            r#"<span aria-hidden="true" class="flex h-11 w-11 items-center justify-center rounded-full bg-teal-soft font-semibold text-teal">{}</span>"#,
            escape(&initials(&review.name))
        ));
    }
    out.push_str(&format!(
        r#"<div><p class="font-semibold text-ink">{}</p>"#,
        escape(&review.name)
    ));
    if let Some(occasion) = &review.participant_of {
        out.push_str(&format!(
            r#"<p class="text-sm text-ink-soft">{}</p>"#,
            escape(occasion)
        ));
    }
    out.push_str("</div></div></li>");
    out
}

/// The first letters of the first two words, upper case, as `initials` in `testimonials.tsx`.
fn initials(name: &str) -> String {
    name.split_whitespace()
        .take(2)
        .filter_map(|part| part.chars().next())
        .flat_map(char::to_uppercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::reviews::ReviewStatus;
    use crate::platform::photos::MediaImage;

    fn review(id: i64, name: &str, rating: i64, text: &str) -> Review {
        Review {
            id,
            name: name.into(),
            avatar_url: None,
            avatar_media_id: None,
            avatar: None,
            rating,
            text: text.into(),
            created_at: "2026-11-20T19:30:00.000000Z".into(),
            status: ReviewStatus::Approved,
            participant_of: None,
        }
    }

    /// One card of each kind: a participant without photo, a portrait link, a library photo.
    fn cards() -> ReviewList {
        let mut participant = review(
            3,
            "Jan de Smet",
            4,
            "Eerlijk & warm: <geen> \"trucjes\", wel 'inzicht'.\nEn een tweede regel.",
        );
        participant.participant_of =
            Some("deelnemer van de vertelavond van 12 november 2026".into());
        let mut linked = review(2, "Els \"Elsje\" O'Neil", 5, "Ik ga milder met mezelf om.");
        linked.avatar_url = Some("https://fotos.example/els.jpg?w=88&h=88".into());
        let mut photo = review(1, "Ömer", 3, "Stap voor stap.");
        photo.avatar_media_id = Some(7);
        photo.avatar = Some(MediaImage {
            id: 7,
            alt: "Ömer lacht".into(),
            width: 640,
            height: 640,
            src: "/media/ab12-640.jpg".into(),
            srcset: "/media/ab12-320.jpg 320w, /media/ab12-640.jpg 640w".into(),
            webp_srcset: "/media/ab12-320.webp 320w, /media/ab12-640.webp 640w".into(),
        });
        ReviewList {
            reviews: vec![participant, linked, photo],
            total: 3,
        }
    }

    fn fixture(name: &str) -> String {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(name);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// The web app renders the same list to the same markup (`testimonials.test.tsx` reads the
    /// same two files), so a change on one side fails until the other follows.
    #[test]
    fn the_cards_are_the_markup_the_web_app_renders() {
        let list = cards();
        let json: Value = serde_json::from_str(&fixture("testimonial-cards.json")).unwrap();
        assert_eq!(serde_json::to_value(&list).unwrap(), json);
        assert_eq!(
            list_html(&list.reviews),
            fixture("testimonial-cards.html").trim_end()
        );
    }

    #[test]
    fn the_marked_element_gets_the_cards_and_the_head_the_list() {
        let html = "<html><head><title>T</title></head><body><section><div data-live-reviews=\"\"><p role=\"status\" class=\"text-ink-soft\">Laden...</p></div><p>Na</p></section></body></html>";
        let out = apply(html, &cards());
        let body = &out[out.find("<body>").unwrap()..];
        assert!(
            body.starts_with("<body><section><div data-live-reviews=\"\"><ul aria-label=\"Ervaringen van klanten\""),
            "{body}"
        );
        assert!(
            body.ends_with("</li></ul></div><p>Na</p></section></body></html>"),
            "{body}"
        );
        assert!(!out.contains("Laden..."));
        let head = &out[..out.find("</head>").unwrap()];
        assert!(
            head.contains("<script type=\"application/json\" id=\"live-reviews\">{\"reviews\":[{")
        );
        assert!(head.contains("\\u003cgeen>"), "no `<` in the block: {head}");
        // Without reviews the page stays as built.
        let none = ReviewList {
            reviews: vec![],
            total: 0,
        };
        assert_eq!(apply(html, &none), html);
    }
}
