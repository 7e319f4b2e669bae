//! Photos (DESIGN.md §7): uploaded once, kept as responsive variants by content hash, used by the
//! page-level slots (portrait, hero, share image, logo), events and review avatars. What a chosen
//! photo is and how it is read: `platform::photos`.
pub mod admin;
pub mod process;

use crate::platform::state::AppState;
use axum::Router;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

/// `/media/{file}`: the variants, outside `/api` (for pages and mails).
pub fn routes() -> Router<AppState> {
    Router::new().route("/media/{file}", get(serve))
}

/// A variant, cached for good: its name changes whenever its bytes would. Cross-origin readable
/// so a mail client may show it.
async fn serve(State(state): State<AppState>, Path(file): Path<String>) -> Response {
    let Some(content_type) = variant_type(&file) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    match state.media.store.get(&file).await {
        Ok(Some(bytes)) => (
            [
                (CONTENT_TYPE, HeaderValue::from_static(content_type)),
                (
                    CACHE_CONTROL,
                    HeaderValue::from_static("public, max-age=31536000, immutable"),
                ),
                (
                    HeaderName::from_static("cross-origin-resource-policy"),
                    HeaderValue::from_static("cross-origin"),
                ),
            ],
            Body::from(bytes),
        )
            .into_response(),
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        Err(e) => {
            tracing::error!(error = %e, "reading a photo failed");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// The content type of a well-formed variant name (`{32 hex}-{width}.webp|jpg`), else None.
fn variant_type(file: &str) -> Option<&'static str> {
    let (stem, ext) = file.rsplit_once('.')?;
    let (hash, width) = stem.split_once('-')?;
    let well_formed = hash.len() == 32
        && hash
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        && !width.is_empty()
        && width.len() <= 5
        && width.bytes().all(|b| b.is_ascii_digit());
    match ext {
        "webp" if well_formed => Some("image/webp"),
        "jpg" if well_formed => Some("image/jpeg"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_variant_names_are_served() {
        let hash = "0123456789abcdef0123456789abcdef";
        assert_eq!(
            variant_type(&format!("{hash}-320.webp")),
            Some("image/webp")
        );
        assert_eq!(
            variant_type(&format!("{hash}-1920.jpg")),
            Some("image/jpeg")
        );
        assert_eq!(variant_type(&format!("{hash}-320.png")), None);
        assert_eq!(variant_type("..-320.jpg"), None);
        assert_eq!(variant_type(&format!("{hash}-.jpg")), None);
    }
}
