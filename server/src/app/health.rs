//! Liveness for the host's monitoring.
use axum::extract::State;
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

/// `/healthz`, outside `/api`: what the host's monitoring asks.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(healthz))
}

#[utoipa::path(
    get,
    path = "/healthz",
    operation_id = "healthz",
    tag = "health",
    responses(
        (status = 200, description = "The server and its database work", body = String, content_type = "text/plain"),
        (status = 503, description = "The database is unreachable", body = String, content_type = "text/plain"),
    )
)]
pub async fn healthz(State(state): State<AppState>) -> (StatusCode, &'static str) {
    match sqlx::query("SELECT 1").execute(&state.pool).await {
        Ok(_) => (StatusCode::OK, "ok"),
        Err(e) => {
            tracing::warn!(error = %e, "health check failed");
            (StatusCode::SERVICE_UNAVAILABLE, "database unavailable")
        }
    }
}
