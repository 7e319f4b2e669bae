//! The OpenAPI document; the web client's types are generated from it.
use axum::http::header::CONTENT_TYPE;
use axum::response::IntoResponse;
use utoipa::OpenApi;

use crate::{error, events, newsletter, reviews, startup};

#[derive(OpenApi)]
#[openapi(
    info(title = "In Lumine API", license(name = "Proprietary"), description = "JSON API of the In Lumine website. Error bodies: `{\"error\":{\"code\",\"message\",\"fields\"?}}` with Dutch messages."),
    paths(
        startup::healthz,
        reviews::list_reviews,
        newsletter::subscribe,
        newsletter::confirm,
        newsletter::unsubscribe,
        events::upcoming,
    ),
    components(schemas(error::ErrorBody, error::ErrorDetail)),
    tags(
        (name = "health", description = "Liveness"),
        (name = "reviews", description = "Customer reviews"),
        (name = "newsletter", description = "Newsletter with double opt-in"),
        (name = "events", description = "Storytelling evenings, course dates and webinars"),
    )
)]
pub struct ApiDoc;

/// The document as pretty JSON, exactly as committed in `server/openapi.json`.
pub fn document() -> String {
    ApiDoc::openapi()
        .to_pretty_json()
        .expect("the OpenAPI document serializes")
}

pub async fn serve() -> impl IntoResponse {
    ([(CONTENT_TYPE, "application/json")], document())
}
