//! What a photo is wherever it shows (DESIGN.md §7): the slots the coach fills, the markup of a
//! chosen photo and the reads that find them. Kept apart from `media` (upload, serving, the
//! library), which needs the app's state: the business details read the logo from here.
use std::collections::HashMap;

use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyPool, AssertSqlSafe, Row};
use utoipa::ToSchema;

use crate::kit::closed_set::closed_set;
use crate::kit::db::Tx;
use crate::kit::html::escape;

/// Where the variants are served; the site's fast path leaves this prefix to the router.
pub const URL_PREFIX: &str = "/media/";

closed_set! {
    /// A page-level photo the coach chooses once.
    pub enum Slot {
        /// The coach's portrait (over-mij and the home page).
        Portrait = "portrait",
        /// The large photo at the top of the home page.
        Hero = "hero",
        /// The image shown when a page is shared (Open Graph, `og:image`).
        Share = "share",
        /// Her own logo, in the site's header and footer and the mails' letterhead, instead of
        /// `web/public/images/logo.svg` (the mails: `logo.png`).
        Logo = "logo",
    }
}

impl Slot {
    /// How the in-use message names it.
    fn described(self) -> &'static str {
        match self {
            Self::Portrait => "het portret van de coach",
            Self::Hero => "de grote foto bovenaan de homepagina",
            Self::Share => "de deelafbeelding (Open Graph)",
            Self::Logo => "het logo van de site en de mails",
        }
    }
}

/// Everything needed to render a photo: `<picture>` with a WebP source and a JPEG `<img>`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MediaImage {
    pub id: i64,
    pub alt: String,
    /// Intrinsic size after the EXIF orientation: the `width`/`height` attributes (no layout shift).
    pub width: i64,
    pub height: i64,
    /// The widest JPEG, the `<img>`'s `src`.
    pub src: String,
    /// The JPEG variants as a `srcset` ("/media/…-320.jpg 320w, …").
    pub srcset: String,
    /// The WebP variants as a `srcset`, for `<source type="image/webp">`.
    pub webp_srcset: String,
}

pub(crate) const COLUMNS: &str = "id, hash, alt, width, height, widths";

impl MediaImage {
    pub(crate) fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        let hash: String = row.try_get("hash")?;
        let widths: String = row.try_get("widths")?;
        let widths = parse_widths(&widths);
        let srcset = |ext: &str| {
            widths
                .iter()
                .map(|w| format!("{URL_PREFIX}{} {w}w", file_name(&hash, *w, ext)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let widest = widths.last().copied().unwrap_or_default();
        Ok(Self {
            id: row.try_get("id")?,
            alt: row.try_get("alt")?,
            width: row.try_get("width")?,
            height: row.try_get("height")?,
            src: format!("{URL_PREFIX}{}", file_name(&hash, widest, "jpg")),
            srcset: srcset("jpg"),
            webp_srcset: srcset("webp"),
        })
    }

    /// The narrowest JPEG variant (a logo shows small): its URL path and width.
    pub fn narrowest_jpeg(&self) -> (String, i64) {
        let first = self.srcset.split(", ").next().unwrap_or_default();
        match first.split_once(' ') {
            Some((url, w)) => (
                url.to_string(),
                w.trim_end_matches('w').parse().unwrap_or(self.width),
            ),
            None => (self.src.clone(), self.width),
        }
    }

    /// The same markup as the web's `ResponsiveImage` component, for pages the server fills in
    /// (the live-page mechanism, DESIGN §7): `sizes` as the page lays it out; `eager` for the
    /// photo in the first screen (the hero), lazy otherwise.
    pub fn picture_html(&self, sizes: &str, eager: bool, class: &str) -> String {
        let loading = if eager {
            r#"loading="eager" fetchpriority="high""#
        } else {
            r#"loading="lazy""#
        };
        format!(
            r#"<picture><source type="image/webp" srcset="{webp}" sizes="{sizes}"/><img src="{src}" srcset="{srcset}" sizes="{sizes}" width="{w}" height="{h}" alt="{alt}" {loading} decoding="async" class="{class}"/></picture>"#,
            webp = escape(&self.webp_srcset),
            sizes = escape(sizes),
            src = escape(&self.src),
            srcset = escape(&self.srcset),
            w = self.width,
            h = self.height,
            alt = escape(&self.alt),
            class = escape(class),
        )
    }
}

/// `{hash}-{width}.{ext}`: the store key and the last part of the URL.
pub(crate) fn file_name(hash: &str, width: u32, ext: &str) -> String {
    format!("{hash}-{width}.{ext}")
}

pub(crate) fn parse_widths(text: &str) -> Vec<u32> {
    text.split(',').filter_map(|w| w.parse().ok()).collect()
}

/// The photos with these ids (missing ones are left out), for lists that refer to photos.
pub async fn images(pool: &AnyPool, ids: &[i64]) -> Result<HashMap<i64, MediaImage>, sqlx::Error> {
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let placeholders = (1..=ids.len())
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!("SELECT {COLUMNS} FROM media WHERE id IN ({placeholders})");
    let mut query = sqlx::query(AssertSqlSafe(sql));
    for id in &ids {
        query = query.bind(*id);
    }
    query
        .fetch_all(pool)
        .await?
        .iter()
        .map(|row| MediaImage::from_row(row).map(|image| (image.id, image)))
        .collect()
}

/// The photo chosen for a slot, ready to render (`picture_html`, or the JSON for the web's
/// component); None while the coach has chosen none and the page keeps its default.
pub async fn slot_image(pool: &AnyPool, slot: Slot) -> Result<Option<MediaImage>, sqlx::Error> {
    sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM media WHERE id = (SELECT media_id FROM media_slots WHERE slot = $1)"
    )))
    .bind(slot)
    .fetch_optional(pool)
    .await?
    .as_ref()
    .map(MediaImage::from_row)
    .transpose()
}

/// Where a photo is used, in Dutch, one phrase per use (empty: free to delete).
pub(crate) async fn uses(tx: &mut Tx, id: i64) -> Result<Vec<String>, sqlx::Error> {
    let mut uses = Vec::new();
    for row in sqlx::query("SELECT slot FROM media_slots WHERE media_id = $1 ORDER BY slot")
        .bind(id)
        .fetch_all(&mut **tx)
        .await?
    {
        let slot: Slot = row.try_get("slot")?;
        uses.push(slot.described().to_string());
    }
    for row in sqlx::query("SELECT title FROM events WHERE image_id = $1 ORDER BY starts_at")
        .bind(id)
        .fetch_all(&mut **tx)
        .await?
    {
        let title: String = row.try_get("title")?;
        uses.push(format!("de activiteit „{title}”"));
    }
    for row in sqlx::query("SELECT name FROM reviews WHERE avatar_media_id = $1 ORDER BY id")
        .bind(id)
        .fetch_all(&mut **tx)
        .await?
    {
        let name: String = row.try_get("name")?;
        uses.push(format!("de review van {name}"));
    }
    Ok(uses)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_picture_markup_carries_sizes_dimensions_and_escaped_alt() {
        let image = MediaImage {
            id: 1,
            alt: "Lies \"lacht\" <buiten>".into(),
            width: 1600,
            height: 900,
            src: "/media/a-1600.jpg".into(),
            srcset: "/media/a-320.jpg 320w, /media/a-1600.jpg 1600w".into(),
            webp_srcset: "/media/a-320.webp 320w, /media/a-1600.webp 1600w".into(),
        };
        let hero = image.picture_html("100vw", true, "hero");
        assert!(hero.starts_with(r#"<picture><source type="image/webp" srcset="/media/a-320.webp 320w, /media/a-1600.webp 1600w" sizes="100vw"/>"#));
        assert!(hero.contains(r#"width="1600" height="900" alt="Lies &quot;lacht&quot; &lt;buiten&gt;" loading="eager" fetchpriority="high""#));
        let portrait = image.picture_html("(min-width: 768px) 40vw, 100vw", false, "");
        assert!(portrait.contains(r#"loading="lazy""#) && !portrait.contains("fetchpriority"));
    }
}
