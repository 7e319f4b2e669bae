//! The routes of the whole server: the API under `/api` (the public list, then the admin list
//! behind its guard), `/healthz`, and outside `/api` the campaign archive, photos and the site.
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::middleware::from_fn_with_state;
use axum::routing::get;

use crate::app::{admin, health, middleware, openapi, public, site_pages};
use crate::kit::error::{api_method_not_allowed, api_not_found};
use crate::platform::state::AppState;
use crate::{audience::campaigns, platform::live, platform::media};

pub fn router(state: AppState, hsts: bool) -> Router {
    let (public, _) = public::routes().split_for_parts();
    let (writing_live_data, _) = public::routes_writing_live_data().split_for_parts();
    // Routes that write data the server keeps rendered (reviews, events and their seats,
    // products, videos) read the data versions before they answer: see `live`.
    let writes_live_data =
        writing_live_data
            .merge(admin::router(state.clone()))
            .layer(from_fn_with_state(
                state.versions.clone(),
                live::refresh_after_writes,
            ));
    let api = public
        .merge(writes_live_data)
        .route("/openapi.json", get(openapi::serve))
        .fallback(api_not_found)
        .method_not_allowed_fallback(api_method_not_allowed)
        .layer(DefaultBodyLimit::max(64 * 1024));
    let (health, _) = health::routes().split_for_parts();
    let routes = health
        .nest("/api", api)
        .merge(campaigns::archive::routes())
        .merge(media::routes())
        .merge(site_pages::routes())
        .with_state(state);
    middleware::around(routes, hsts)
}
