//! The coach's actions on one order: refund it and resend its confirmation.
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;

use super::admin::AdminOrderDetail;
use super::fulfilment::{Fulfilment, confirmation_email, credit_note_email};
use super::{OrderAttention, OrderStatus, load, record, release_hold};
use crate::kit::error::{ApiPath, AppError, ErrorBody};
use crate::platform::outbox;
use crate::platform::state::AppState;
use crate::{commerce::invoices, kit::db};

fn order_not_found() -> AppError {
    AppError::NotFound("Deze bestelling bestaat niet.".into())
}

#[utoipa::path(
    post,
    path = "/admin/orders/{id}/refund",
    operation_id = "admin_refund_order",
    tag = "admin",
    params(("id" = i64, Path, description = "Order id")),
    responses(
        (status = 200, description = "Refunded (with Stripe or Mollie: the refund was accepted by the provider); tickets cancelled, seats freed", body = AdminOrderDetail),
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
    let order = load(&state.pool, id).await?.ok_or_else(order_not_found)?;
    let status = order.status;
    if !(status == OrderStatus::Paid || order.attention == Some(OrderAttention::RefundNeeded)) {
        return Err(AppError::Conflict(if status == OrderStatus::Refunded {
            "Deze bestelling is al terugbetaald.".into()
        } else {
            "Voor deze bestelling is niets betaald, dus er valt niets terug te betalen.".into()
        }));
    }
    let provider = order.provider;
    if provider != state.payments.kind() {
        return Err(AppError::Conflict(format!(
            "Deze bestelling is betaald via {provider}, maar de site gebruikt nu {}. Betaal ze terug bij {provider} zelf.",
            state.payments.kind()
        )));
    }
    // Money moves first: if the provider refuses, nothing changes here.
    if let Some(provider_ref) = &order.provider_ref {
        state
            .payments
            .refund(provider_ref, order.total_cents)
            .await
            .map_err(|e| {
                tracing::error!(error = format!("{e:#}"), "refund refused");
                AppError::Unavailable(
                    "De betaalprovider kon de terugbetaling niet uitvoeren. Probeer het later opnieuw of betaal terug via de provider zelf."
                        .into(),
                )
            })?;
    }
    let mut tx = db::begin_write(&state.pool).await?;
    let done = sqlx::query(
        "UPDATE orders SET status = 'refunded', attention = NULL, updated_at = $1 \
         WHERE id = $2 AND (status = 'paid' OR attention = 'refund_needed')",
    )
    .bind(db::now())
    .bind(id)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        return Err(AppError::Conflict(
            "Deze bestelling is al terugbetaald.".into(),
        ));
    }
    sqlx::query("UPDATE tickets SET status = 'cancelled', updated_at = $1 WHERE order_id = $2 AND status <> 'cancelled'")
        .bind(db::now())
        .bind(id)
        .execute(&mut *tx)
        .await?;
    release_hold(&mut tx, id).await?;
    record(
        &mut tx,
        id,
        OrderStatus::Refunded,
        &format!("Terugbetaald via {provider}; tickets geannuleerd."),
    )
    .await?;
    // The invoice stays as issued; a credit note cancels it, and the buyer gets it by mail.
    if let Some(credit) =
        invoices::credit(&mut tx, id, "Het volledige bedrag werd terugbetaald.").await?
    {
        let message =
            credit_note_email(&mut tx, &state, &order.public_id, &credit.document).await?;
        outbox::enqueue_email(&mut tx, &message).await?;
    }
    let detail = super::admin::detail(&mut tx, id).await?;
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok(Json(detail))
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
