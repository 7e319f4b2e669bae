//! Everything public under `/api`: one list of routes, which is also the list of documented
//! paths. (The site's pages, photos and the campaign archive live outside `/api` and outside the
//! document: see `router`.)
use utoipa::openapi::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;
use crate::{
    agenda::events, agenda::intro_calls, agenda::webinars, app::health, audience::contact,
    audience::newsletter, commerce::checkout, commerce::course_access, commerce::invoices,
    commerce::products, commerce::waitlist, content::drempel_videos, content::reviews,
    overview::calendar_feed, overview::go_live, overview::selftest, platform::auth,
    platform::visits,
};

/// Public routes relative to `/api`, with their OpenAPI operations; those that write rendered
/// data are in `routes_writing_live_data`.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(reviews::routes())
        .merge(newsletter::routes())
        .merge(go_live::routes())
        .merge(events::routes())
        .merge(drempel_videos::routes())
        .merge(intro_calls::routes())
        .merge(contact::routes())
        .merge(calendar_feed::routes())
        .merge(auth::routes())
        .merge(products::routes())
        .merge(invoices::routes())
        .merge(course_access::routes())
        .merge(selftest::routes())
        .merge(visits::routes())
}

/// Public routes relative to `/api` that write data the server keeps rendered (the seats left
/// at events): the router reads the data versions after them (`live`).
pub fn routes_writing_live_data() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(webinars::routes())
        .merge(checkout::routes())
        .merge(waitlist::routes())
}

/// The public part of the OpenAPI document, with full paths.
pub fn openapi() -> OpenApi {
    OpenApiRouter::new()
        .merge(health::routes())
        .nest("/api", routes().merge(routes_writing_live_data()))
        .split_for_parts()
        .1
}
