//! The routes of the whole server: the API under `/api` (the public list, then the admin list
//! behind its guard), `/healthz`, and outside `/api` the campaign archive, photos and the site.
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::middleware::from_fn_with_state;
use axum::routing::get;

use std::sync::Arc;

use crate::app::metrics::{Endpoint, Metrics};
use crate::app::{admin, health, middleware, openapi, public, site_pages};
use crate::kit::configuration::Secret;
use crate::kit::error::{api_method_not_allowed, api_not_found};
use crate::platform::state::AppState;
use crate::{audience::campaigns, platform::live, platform::media};

/// With `metrics`, requests are counted, and with a `metrics_token`, `/metrics` answers on this
/// router for that bearer token.
pub fn router(
    state: AppState,
    hsts: bool,
    metrics: Option<Arc<Metrics>>,
    metrics_token: &Secret,
) -> Router {
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
    let pool = state.pool.clone();
    let mut routes = health
        .nest("/api", api)
        .merge(
            campaigns::archive::routes()
                .layer(from_fn_with_state(state.clone(), site_pages::archive_frame)),
        )
        .merge(media::routes())
        .merge(site_pages::routes())
        .with_state(state);
    if let Some(metrics) = metrics.as_ref().filter(|_| !metrics_token.is_empty()) {
        routes = routes.merge(Endpoint::new(metrics.clone(), pool, Some(metrics_token)).routes());
    }
    middleware::around(routes, hsts, metrics)
}
