//! The OpenAPI document; the web client's types are generated from it.
use axum::http::header::CONTENT_TYPE;
use axum::response::IntoResponse;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::{
    admin, auth, checkout, contact, drempel_videos, error, events, health, intro_calls, newsletter,
    orders, paging, products, reviews, webinars,
};

#[derive(OpenApi)]
#[openapi(
    info(title = "In Lumine API", license(name = "Proprietary"), description = "JSON API of the In Lumine website. Error bodies: `{\"error\":{\"code\",\"message\",\"fields\"?}}` with Dutch messages."),
    paths(
        health::healthz,
        reviews::list_reviews,
        newsletter::subscribe,
        newsletter::confirm,
        newsletter::unsubscribe,
        events::upcoming,
        drempel_videos::list_published,
        intro_calls::list_slots,
        intro_calls::book,
        intro_calls::manage,
        intro_calls::cancel,
        intro_calls::move_call,
        contact::send_message,
        webinars::register,
        auth::login,
        auth::refresh,
        auth::logout,
        products::list,
        products::detail,
        checkout::consent,
        checkout::quote,
        checkout::start,
        checkout::order_summary,
        checkout::payments::webhook,
        checkout::payments::simulated_session,
        checkout::payments::simulated_outcome,
    ),
    modifiers(&BearerAuth),
    // Enums used only as query parameters are not collected from the operations.
    components(schemas(
        error::ErrorBody,
        error::ErrorDetail,
        paging::When,
        orders::admin::OrderFilter,
        contact::admin::Folder,
    )),
    tags(
        (name = "health", description = "Liveness"),
        (name = "reviews", description = "Customer reviews"),
        (name = "newsletter", description = "Newsletter with double opt-in"),
        (name = "events", description = "Storytelling evenings, course dates and webinars"),
        (name = "drempel-videos", description = "Free threshold videos"),
        (name = "commerce", description = "Products, checkout, orders and payment webhooks"),
        (name = "intro-calls", description = "Booking the free intro call"),
        (name = "contact", description = "The contact form"),
        (name = "webinars", description = "Free webinar registration"),
        (name = "auth", description = "Admin sign-in and sessions"),
        (name = "admin", description = "The coach's admin area; every call needs an admin access token"),
    )
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        openapi
            .components
            .get_or_insert_default()
            .add_security_scheme(
                "bearer",
                SecurityScheme::Http(
                    HttpBuilder::new()
                        .scheme(HttpAuthScheme::Bearer)
                        .bearer_format("JWT")
                        .build(),
                ),
            );
    }
}

/// The document as pretty JSON, exactly as committed in `server/openapi.json`.
pub fn document() -> String {
    ApiDoc::openapi()
        .merge_from(admin::openapi())
        .to_pretty_json()
        .expect("the OpenAPI document serializes")
}

pub async fn serve() -> impl IntoResponse {
    ([(CONTENT_TYPE, "application/json")], document())
}
