//! Everything under `/api/admin`: assembled in one place and mounted behind one guard, so a
//! new admin route cannot be reachable without it. The OpenAPI paths come from the same list.
use axum::Router;
use axum::middleware::from_fn_with_state;
use axum::routing::any;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::api_not_found;
use crate::state::AppState;
use crate::{
    auth, contact, coupons, dashboard, drempel_videos, events, intro_calls, newsletter, orders,
    reviews, tickets,
};

/// Admin routes relative to `/api`, with their OpenAPI operations.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(auth::me))
        .merge(dashboard::router())
        .merge(reviews::admin::router())
        .merge(drempel_videos::admin_router())
        .merge(events::admin::router())
        .merge(newsletter::admin::router())
        .merge(orders::actions::admin_router())
        .merge(coupons::admin::router())
        .merge(tickets::admin::router())
        .merge(orders::admin::router())
        .merge(intro_calls::admin::router())
        .merge(contact::admin::router())
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
pub fn openapi() -> utoipa::openapi::OpenApi {
    OpenApiRouter::new()
        .nest("/api", routes())
        .split_for_parts()
        .1
}
