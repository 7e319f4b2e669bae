//! The OpenAPI document; the web client's types are generated from it.
use axum::http::header::CONTENT_TYPE;
use axum::response::IntoResponse;
use utoipa::openapi::path::ParameterIn;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::kit::error::documented;
use crate::{
    app::admin, app::public, audience::contact, commerce::invoices, commerce::orders, kit::error,
    kit::paging, overview::people,
};

#[derive(OpenApi)]
#[openapi(
    info(title = "In Lumine API", license(name = "Proprietary"), description = "JSON API of the In Lumine website. Error bodies: `{\"error\":{\"code\",\"message\",\"fields\"?}}` with Dutch messages."),
    modifiers(&BearerAuth),
    // Enums used only as query parameters are not collected from the operations.
    components(schemas(
        error::ErrorBody,
        error::ErrorDetail,
        paging::When,
        orders::admin::OrderFilter,
        contact::admin::Folder,
        invoices::DocumentFile,
        invoices::admin::InvoiceFormat,
        people::ExportFormat,
    )),
    tags(
        (name = "health", description = "Liveness"),
        (name = "reviews", description = "Customer reviews"),
        (name = "newsletter", description = "Newsletter with double opt-in"),
        (name = "go-live", description = "The coach confirms that her go-live test mail arrived"),
        (name = "events", description = "Storytelling evenings, course dates and webinars"),
        (name = "drempel-videos", description = "Free threshold videos"),
        (name = "commerce", description = "Products, checkout, orders and payment webhooks"),
        (name = "course-access", description = "The course platform checks a buyer's access code"),
        (name = "intro-calls", description = "Booking the free intro call"),
        (name = "contact", description = "The contact form"),
        (name = "calendar", description = "The coach's private calendar feed"),
        (name = "webinars", description = "Free webinar registration"),
        (name = "selftest", description = "Her own self-test: taking it, the result, the result by mail (double opt-in)"),
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
    let mut openapi = ApiDoc::openapi()
        .merge_from(public::openapi())
        .merge_from(admin::openapi());
    document_common_answers(&mut openapi);
    openapi
        .to_pretty_json()
        .expect("the OpenAPI document serializes")
}

/// The answers every operation of a kind can give, written here once instead of on each handler:
/// what `ApiJson`, `ApiQuery` and `ApiPath` refuse with, the body limit, the throttle on public
/// writes, and an unexpected failure. A handler's own description of a status is kept.
fn document_common_answers(openapi: &mut utoipa::openapi::OpenApi) {
    for (path, item) in openapi.paths.paths.iter_mut() {
        let public = !path.starts_with("/api/admin/");
        let operations = [
            (false, &mut item.get),
            (true, &mut item.put),
            (true, &mut item.post),
            (true, &mut item.delete),
            (true, &mut item.patch),
        ];
        for (writes, operation) in operations {
            let Some(operation) = operation else { continue };
            let json_body = operation
                .request_body
                .as_ref()
                .is_some_and(|body| body.content.contains_key("application/json"));
            let parameters = operation.parameters.iter().flatten();
            let (mut query, mut in_path) = (false, false);
            for parameter in parameters {
                query |= parameter.parameter_in == ParameterIn::Query;
                in_path |= parameter.parameter_in == ParameterIn::Path;
            }
            let mut answers = vec![(
                "500",
                "Unexpected failure on our side (logged; the body never says what)",
            )];
            if json_body {
                answers.extend([
                    ("400", "The body is not valid JSON"),
                    ("413", "The body is larger than 64 KiB"),
                    ("415", "The body is not sent as application/json"),
                    (
                        "422",
                        "A field is missing, of the wrong type or not acceptable",
                    ),
                ]);
            }
            if query {
                answers.push(("422", "A query parameter is not acceptable"));
            }
            if in_path {
                answers.push(("404", "Nothing has this id"));
            }
            if public && writes && !path.starts_with("/api/payments/webhook/") {
                answers.push((
                    "429",
                    "Too many requests from this address; see Retry-After",
                ));
            }
            let responses = &mut operation.responses.responses;
            for (status, description) in answers {
                responses
                    .entry(status.into())
                    .or_insert_with(|| documented(description).into());
            }
        }
    }
}

pub async fn serve() -> impl IntoResponse {
    ([(CONTENT_TYPE, "application/json")], document())
}
