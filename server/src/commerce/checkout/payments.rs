//! Incoming webhooks of every provider, and the simulated provider's payment page API.
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::commerce::orders::{self, OrderStatus};
use crate::kit::closed_set::Choice;
use crate::kit::error::{ApiJson, ApiPath, AppError};
use crate::platform::client_ip::ClientIp;
use crate::platform::payments::simulated::{self, SimulatedButton};
use crate::platform::payments::{Provider, WebhookError};
use crate::platform::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(webhook))
        .routes(routes!(simulated_session, simulated_outcome))
}

#[utoipa::path(
    post,
    path = "/payments/webhook/{provider}",
    operation_id = "payment_webhook",
    tag = "commerce",
    params(("provider" = String, Path, description = "stripe, mollie or simulated: must be the configured provider")),
    request_body(content = String, description = "The provider's own format, verified before use"),
    responses(
        (status = 200, description = "Applied, or known already (deliveries are deduplicated)"),
        (status = 400, description = "Signature missing, forged or stale, or an unreadable body", body = crate::kit::error::ErrorBody),
        (status = 404, description = "Not the configured provider", body = crate::kit::error::ErrorBody),
        (status = 429, description = "Too many deliveries from this client address; see Retry-After", body = crate::kit::error::ErrorBody),
        (status = 503, description = "The provider could not be asked for the status; it will retry", body = crate::kit::error::ErrorBody),
    )
)]
pub async fn webhook(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiPath(provider): ApiPath<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<StatusCode, AppError> {
    // Generous: providers post from a few addresses for all their shops, and a signature (or
    // Mollie's own answer) proves each delivery. It bounds what a forger can make us verify or
    // ask Mollie.
    state.limits.payment_webhooks_per_ip.admit(&ip).await?;
    if provider != state.payments.kind().as_str() {
        return Err(AppError::NotFound("Deze API-route bestaat niet.".into()));
    }
    receive(&state, &headers, &body).await
}

/// Verifies and applies one webhook delivery: the one path every provider's news takes.
async fn receive(
    state: &AppState,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<StatusCode, AppError> {
    let update = match state.payments.verify_webhook(headers, body).await {
        Ok(update) => update,
        Err(WebhookError::BadSignature(reason)) => {
            tracing::warn!(reason, "payment webhook refused");
            return Err(AppError::BadRequest("Ongeldige handtekening.".into()));
        }
        Err(WebhookError::Malformed(reason)) => {
            tracing::warn!(reason, "malformed payment webhook");
            return Err(AppError::BadRequest("Onleesbaar bericht.".into()));
        }
        Err(WebhookError::Provider(e)) => {
            tracing::error!(
                error = format!("{e:#}"),
                "payment status could not be fetched"
            );
            return Err(AppError::Unavailable(
                "De betaalstatus kon niet opgehaald worden.".into(),
            ));
        }
    };
    let applied = orders::apply_payment_update(state, state.payments.kind(), &update).await?;
    tracing::info!(?applied, event_id = update.event_id, "payment webhook");
    Ok(StatusCode::OK)
}

fn simulated(state: &AppState) -> Result<&simulated::Simulated, AppError> {
    match &*state.payments {
        Provider::Simulated(p) => Ok(p),
        _ => Err(AppError::NotFound("Deze API-route bestaat niet.".into())),
    }
}

#[derive(Serialize, ToSchema)]
pub struct SimulatedSession {
    pub reference: String,
    pub order_id: String,
    /// What is being paid, e.g. "2 × Vertelavond: …".
    pub description: String,
    pub amount_cents: i64,
    /// The order's status: only a pending order can still be paid normally.
    pub status: OrderStatus,
}

async fn session_order(state: &AppState, reference: &str) -> Result<sqlx::any::AnyRow, AppError> {
    sqlx::query(
        "SELECT o.public_id, o.status, o.quantity, o.total_cents, p.name, e.title FROM orders o \
         JOIN products p ON p.id = o.product_id LEFT JOIN events e ON e.id = o.event_id \
         WHERE o.provider = 'simulated' AND o.provider_ref = $1",
    )
    .bind(reference)
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(|| AppError::NotFound("Deze betaling bestaat niet.".into()))
}

#[utoipa::path(
    get,
    path = "/payments/simulated/{reference}",
    operation_id = "simulated_payment_session",
    tag = "commerce",
    params(("reference" = String, Path, description = "The simulated payment's reference")),
    responses(
        (status = 200, description = "What the test payment page shows", body = SimulatedSession),
        (status = 404, description = "Unknown payment, or another provider is configured", body = crate::kit::error::ErrorBody),
    )
)]
pub async fn simulated_session(
    State(state): State<AppState>,
    ApiPath(reference): ApiPath<String>,
) -> Result<Json<SimulatedSession>, AppError> {
    simulated(&state)?;
    let row = session_order(&state, &reference).await?;
    let quantity: i64 = row.try_get("quantity")?;
    let name: String = row
        .try_get::<Option<String>, _>("title")?
        .map_or_else(|| row.try_get("name"), Ok)?;
    Ok(Json(SimulatedSession {
        reference,
        order_id: row.try_get("public_id")?,
        description: if quantity > 1 {
            format!("{quantity} × {name}")
        } else {
            name
        },
        amount_cents: row.try_get("total_cents")?,
        status: row.try_get("status")?,
    }))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SimulatedOutcome {
    /// The button pressed.
    #[schema(value_type = SimulatedButton)]
    pub outcome: Choice<SimulatedButton>,
}

#[derive(Serialize, ToSchema)]
pub struct SimulatedRedirect {
    /// Where the buyer goes next, as a real provider would redirect.
    pub redirect_url: String,
}

#[utoipa::path(
    post,
    path = "/payments/simulated/{reference}",
    operation_id = "simulated_payment_outcome",
    tag = "commerce",
    params(("reference" = String, Path, description = "The simulated payment's reference")),
    request_body = SimulatedOutcome,
    responses(
        (status = 200, description = "The outcome went through the webhook path; follow redirect_url", body = SimulatedRedirect),
        (status = 404, description = "Unknown payment, or another provider is configured", body = crate::kit::error::ErrorBody),
        (status = 422, description = "Unknown outcome", body = crate::kit::error::ErrorBody),
        (status = 429, description = "Too many payments from this client address; see Retry-After", body = crate::kit::error::ErrorBody),
    )
)]
pub async fn simulated_outcome(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiPath(reference): ApiPath<String>,
    ApiJson(request): ApiJson<SimulatedOutcome>,
) -> Result<Json<SimulatedRedirect>, AppError> {
    let provider = simulated(&state)?;
    state.limits.simulated_payments_per_ip.admit(&ip).await?;
    let Some(outcome) = request.outcome.known() else {
        return Err(AppError::invalid("Kies betalen, annuleren of mislukt."));
    };
    let reason = match outcome {
        SimulatedButton::Paid => None,
        SimulatedButton::Cancelled => Some("geannuleerd"),
        SimulatedButton::Failed => Some("mislukt"),
    };
    let order_id: String = session_order(&state, &reference)
        .await?
        .try_get("public_id")?;
    // The button's effect arrives exactly like a provider's webhook: signed, then verified.
    let (body, signature) = provider.signed_event(&reference, outcome);
    let mut headers = HeaderMap::new();
    headers.insert(
        simulated::SIGNATURE_HEADER,
        HeaderValue::from_str(&signature).expect("hex is a valid header"),
    );
    receive(&state, &headers, &body).await?;
    let redirect_url = match reason {
        None => format!("{}/payment-success?order={order_id}", state.public_url),
        Some(reason) => format!(
            "{}/payment-canceled?order={order_id}&reden={reason}",
            state.public_url
        ),
    };
    Ok(Json(SimulatedRedirect { redirect_url }))
}
