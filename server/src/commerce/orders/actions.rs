//! The coach's actions on one order: refund it (all of it, or some tickets; see `refunds`) and
//! resend its confirmation.
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use super::admin::AdminOrderDetail;
use super::fulfilment::{Fulfilment, confirmation_email};
use super::{OrderStatus, load, record, refunds};
use crate::kit::db;
use crate::kit::error::{ApiJson, ApiPath, AppError, ErrorBody};
use crate::platform::outbox;
use crate::platform::state::AppState;

pub(super) fn order_not_found() -> AppError {
    AppError::NotFound("Deze bestelling bestaat niet.".into())
}

#[utoipa::path(
    post,
    path = "/admin/orders/{id}/refund",
    operation_id = "admin_refund_order",
    tag = "admin",
    params(("id" = i64, Path, description = "Order id")),
    responses(
        (status = 200, description = "What was not paid back yet is refunded (with Stripe or Mollie: the refund was accepted by the provider); its tickets cancelled, seats freed, a credit note made", body = AdminOrderDetail),
        (status = 404, description = "Unknown order", body = ErrorBody),
        (status = 409, description = "Nothing was paid for this order, or it was refunded already", body = ErrorBody),
        (status = 503, description = "The payment provider refused or could not be reached; nothing changed", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(order_id = id))]
pub async fn refund(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<AdminOrderDetail>, AppError> {
    refunds::refund(&state, id, None).await.map(Json)
}

/// The tickets of an order to pay back.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TicketRefund {
    /// Ids of tickets of this order that were not paid back yet.
    pub ticket_ids: Vec<i64>,
}

#[utoipa::path(
    post,
    path = "/admin/orders/{id}/refund-tickets",
    operation_id = "admin_refund_tickets",
    tag = "admin",
    params(("id" = i64, Path, description = "Order id")),
    request_body = TicketRefund,
    responses(
        (status = 200, description = "These tickets' part of the order is refunded (with Stripe or Mollie: accepted by the provider), the tickets cancelled, their seats freed (the waiting list gets them) and a credit note for exactly them made; a repeated click refunds nothing twice", body = AdminOrderDetail),
        (status = 404, description = "Unknown order", body = ErrorBody),
        (status = 409, description = "Nothing was paid, or these tickets were paid back already (or are being paid back now)", body = ErrorBody),
        (status = 422, description = "No tickets chosen, or a ticket of another order", body = ErrorBody),
        (status = 503, description = "The payment provider refused or could not be reached; nothing changed", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(order_id = id))]
pub async fn refund_tickets(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiJson(request): ApiJson<TicketRefund>,
) -> Result<Json<AdminOrderDetail>, AppError> {
    refunds::refund(&state, id, Some(request.ticket_ids))
        .await
        .map(Json)
}

#[utoipa::path(
    post,
    path = "/admin/orders/{id}/resend",
    operation_id = "admin_resend_order_confirmation",
    tag = "admin",
    params(("id" = i64, Path, description = "Order id")),
    responses(
        (status = 204, description = "The confirmation e-mail is queued again"),
        (status = 404, description = "Unknown order", body = ErrorBody),
        (status = 409, description = "The order is not paid, or its buyer's data was erased", body = ErrorBody),
    )
)]
pub async fn resend(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<StatusCode, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    let order = load(&mut *tx, id).await?.ok_or_else(order_not_found)?;
    if order.status != OrderStatus::Paid {
        return Err(AppError::Conflict(
            "Alleen een betaalde bestelling heeft een bevestiging om opnieuw te sturen.".into(),
        ));
    }
    if order.email.is_empty() {
        return Err(AppError::Conflict(
            "De gegevens van deze klant zijn gewist: er is geen adres meer om naar te sturen."
                .into(),
        ));
    }
    let fulfilment = Fulfilment::stored(&mut tx, &order).await?;
    let message = confirmation_email(&mut tx, &state, &fulfilment).await?;
    outbox::enqueue_email(&mut tx, &message).await?;
    record(
        &mut tx,
        id,
        OrderStatus::Paid,
        "Bevestiging opnieuw verstuurd.",
    )
    .await?;
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok(StatusCode::NO_CONTENT)
}
