//! The coach's view of course access per order (Beheer > Bestellingen), and the resend.
use axum::Json;
use axum::extract::State;
use sqlx::Row;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{Enrolment, Resent, find, resend};
use crate::kit::db::{self, Tx};
use crate::kit::error::{ApiPath, AppError, ErrorBody};
use crate::platform::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_enrolment))
        .routes(routes!(resend_enrolment))
}

fn no_course() -> AppError {
    AppError::NotFound("Bij deze bestelling hoort geen toegang tot een cursus.".into())
}

async fn order_row_id(tx: &mut Tx, id: i64) -> Result<i64, AppError> {
    sqlx::query("SELECT id FROM orders WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?
        .map(|row| row.try_get::<i64, _>("id"))
        .transpose()?
        .ok_or_else(|| AppError::NotFound("Deze bestelling bestaat niet.".into()))
}

#[utoipa::path(
    get,
    path = "/admin/orders/{id}/enrolment",
    operation_id = "admin_get_enrolment",
    tag = "admin",
    params(("id" = i64, Path, description = "Order id")),
    responses(
        (status = 200, description = "How the buyer gets access to the course, and where it stands", body = Enrolment),
        (status = 404, description = "No such order, or not a paid course order", body = ErrorBody),
    )
)]
pub async fn get_enrolment(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Enrolment>, AppError> {
    let mut tx = state.pool.begin().await?;
    let order_id = order_row_id(&mut tx, id).await?;
    Ok(Json(find(&mut tx, order_id).await?.ok_or_else(no_course)?))
}

#[utoipa::path(
    post,
    path = "/admin/orders/{id}/enrolment/resend",
    operation_id = "admin_resend_enrolment",
    tag = "admin",
    params(("id" = i64, Path, description = "Order id")),
    responses(
        (status = 200, description = "Sent again: a new webhook to the platform, or the code by mail", body = Enrolment),
        (status = 404, description = "No such order, or not a paid course order", body = ErrorBody),
        (status = 409, description = "A webhook enrolment while no webhook is configured, or a refunded order (its access is withdrawn)", body = ErrorBody),
    )
)]
pub async fn resend_enrolment(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Enrolment>, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    let order_id = order_row_id(&mut tx, id).await?;
    match resend(&mut tx, &state, order_id).await? {
        Resent::Done => {}
        Resent::NoEnrolment => return Err(no_course()),
        Resent::Revoked => {
            return Err(AppError::Conflict(
                "Deze bestelling is terugbetaald: de toegang tot de cursus is ingetrokken en wordt niet opnieuw verstuurd."
                    .into(),
            ));
        }
        Resent::NoWebhook => {
            return Err(AppError::Conflict(
                "Er is geen webhook van het platform meer ingesteld (ENROLMENT_WEBHOOK_URL): schrijf deze klant \
                 zelf in op het platform."
                    .into(),
            ));
        }
    }
    let enrolment = find(&mut tx, order_id).await?.ok_or_else(no_course)?;
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok(Json(enrolment))
}
