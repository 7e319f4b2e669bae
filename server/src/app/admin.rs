//! Everything under `/api/admin`: assembled in one place and mounted behind one guard, so a
//! new admin route cannot be reachable without it. The OpenAPI paths come from the same list.
use axum::Router;
use axum::middleware::from_fn_with_state;
use axum::routing::any;
use utoipa::openapi::OpenApi;
use utoipa::openapi::security::SecurityRequirement;
use utoipa_axum::router::OpenApiRouter;

use crate::kit::error::{api_not_found, documented};
use crate::platform::state::AppState;
use crate::{
    agenda::attendees, agenda::events, agenda::intro_calls, agenda::tickets, audience::campaigns,
    audience::contact, audience::newsletter, commerce::coupons, commerce::course_access,
    commerce::invoices, commerce::orders, commerce::waitlist, content::drempel_videos,
    content::page_texts, content::reviews, overview::dashboard, overview::go_live,
    overview::people, overview::search, overview::selftest, overview::today, overview::visitors,
    platform::auth, platform::mail_texts, platform::media, platform::notifications,
    platform::site_settings,
};

/// Admin routes relative to `/api`, with their OpenAPI operations.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(auth::admin::routes())
        .merge(dashboard::admin::routes())
        .merge(today::admin::routes())
        .merge(visitors::admin::routes())
        .merge(reviews::admin::routes())
        .merge(drempel_videos::admin::routes())
        .merge(events::admin::routes())
        .merge(newsletter::admin::routes())
        .merge(newsletter::import::routes())
        .merge(campaigns::admin::routes())
        .merge(coupons::admin::routes())
        .merge(tickets::admin::routes())
        .merge(attendees::admin::routes())
        .merge(waitlist::admin::routes())
        .merge(orders::admin::routes())
        .merge(intro_calls::admin::routes())
        .merge(contact::admin::routes())
        .merge(invoices::admin::routes())
        .merge(people::admin::routes())
        .merge(search::admin::routes())
        .merge(notifications::admin::routes())
        .merge(course_access::admin::routes())
        .merge(mail_texts::admin::routes())
        .merge(media::admin::routes())
        .merge(site_settings::admin::routes())
        .merge(page_texts::admin::routes())
        .merge(go_live::admin::routes())
        .merge(selftest::admin::routes())
}

/// The live admin router. Unknown paths under `/admin` also pass the guard first, so without
/// a token nobody learns which admin paths exist.
pub fn router(state: AppState) -> Router<AppState> {
    let (router, _) = routes().split_for_parts();
    router
        .route("/admin/{*rest}", any(api_not_found))
        .route_layer(from_fn_with_state(state, auth::require_admin))
}

/// The admin part of the OpenAPI document, with full `/api/admin/...` paths.
pub fn openapi() -> OpenApi {
    let mut openapi = OpenApiRouter::new()
        .nest("/api", routes())
        .split_for_parts()
        .1;
    document_the_guard(&mut openapi);
    openapi
}

/// What the guard adds to every admin operation, written here once: the bearer token, and the
/// 401 and 403 answers.
fn document_the_guard(openapi: &mut OpenApi) {
    for item in openapi.paths.paths.values_mut() {
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ];
        for operation in operations.into_iter().flatten() {
            operation.security = Some(vec![SecurityRequirement::new(
                "bearer",
                Vec::<String>::new(),
            )]);
            let responses = &mut operation.responses.responses;
            responses.insert("401".into(), documented("No valid access token").into());
            responses.insert("403".into(), documented("Not an admin").into());
        }
    }
}
