//! Newsletter signup with double opt-in, confirmation and unsubscribe.
pub mod admin;
mod mail;

use std::collections::BTreeMap;

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;

use crate::closed_set::closed_set;
use crate::db;
use crate::domain::{EmailAddress, FirstName};
use crate::error::{ApiJson, AppError, ErrorBody};
use crate::outbox;
use crate::secret_token::{hash_token, new_token};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/newsletter", post(subscribe))
        .route("/newsletter/confirm", post(confirm))
        .route("/newsletter/unsubscribe", post(unsubscribe))
}

closed_set! {
    pub enum SubscriberStatus {
        /// Signed up; the confirmation link in the e-mail was not clicked yet.
        Pending = "pending" => "In afwachting",
        Confirmed = "confirmed" => "Bevestigd",
        Unsubscribed = "unsubscribed" => "Uitgeschreven",
    }
}

/// Field names follow the spec's payload (`firstName`); missing fields count as empty.
#[derive(Deserialize, ToSchema)]
pub struct SubscribeRequest {
    #[serde(rename = "firstName", default)]
    #[schema(rename = "firstName")]
    pub first_name: String,
    #[serde(default)]
    pub email: String,
}

#[derive(Serialize, ToSchema)]
pub struct SubscribeResponse {
    /// pending (check your mailbox) or confirmed (already subscribed).
    pub status: SubscriberStatus,
    /// Dutch, fit to show a visitor.
    pub message: &'static str,
}

#[derive(Deserialize, ToSchema)]
pub struct TokenRequest {
    /// The token from the link in the e-mail.
    #[serde(default)]
    pub token: String,
}

#[derive(Serialize, ToSchema)]
pub struct StatusResponse {
    pub status: SubscriberStatus,
}

struct NewSubscriber {
    first_name: FirstName,
    email: EmailAddress,
}

impl TryFrom<SubscribeRequest> for NewSubscriber {
    type Error = AppError;

    fn try_from(req: SubscribeRequest) -> Result<Self, AppError> {
        let first_name = FirstName::parse(&req.first_name);
        let email = EmailAddress::parse(&req.email);
        match (first_name, email) {
            (Ok(first_name), Ok(email)) => Ok(Self { first_name, email }),
            (first_name, email) => {
                let mut fields = BTreeMap::new();
                if let Err(m) = first_name {
                    fields.insert("firstName", m.to_string());
                }
                if let Err(m) = email {
                    fields.insert("email", m.to_string());
                }
                Err(AppError::fields(fields))
            }
        }
    }
}

const PENDING_MESSAGE: &str = "Bijna klaar! We stuurden je een e-mail: klik op de link erin om je inschrijving te bevestigen.";
const CONFIRMED_MESSAGE: &str =
    "Je bent al ingeschreven voor de nieuwsbrief. Fijn dat je erbij bent!";

#[utoipa::path(
    post,
    path = "/api/newsletter",
    operation_id = "subscribe_newsletter",
    tag = "newsletter",
    request_body = SubscribeRequest,
    responses(
        (status = 200, description = "Signed up (or already signed up); a confirmation mail is on its way when pending", body = SubscribeResponse),
        (status = 400, description = "Malformed JSON", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not JSON", body = ErrorBody),
        (status = 422, description = "Invalid fields", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn subscribe(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<SubscribeRequest>,
) -> Result<Json<SubscribeResponse>, AppError> {
    let NewSubscriber { first_name, email } = body.try_into()?;
    let normalized = email.normalized();
    let (confirm_token, unsubscribe_token) = (new_token(), new_token());
    let now = db::now();

    let mut tx = db::begin_write(&state.pool).await?;
    // ON CONFLICT keeps concurrent signups of one address to a single row on both engines.
    let inserted = sqlx::query(
        "INSERT INTO newsletter_subscribers (first_name, email, email_normalized, status, confirm_token_hash, \
         unsubscribe_token_hash, created_at, updated_at) VALUES ($1, $2, $3, 'pending', $4, $5, $6, $6) \
         ON CONFLICT (email_normalized) DO NOTHING RETURNING id",
    )
    .bind(first_name.as_ref())
    .bind(email.as_ref())
    .bind(&normalized)
    .bind(hash_token(&confirm_token))
    .bind(hash_token(&unsubscribe_token))
    .bind(&now)
    .fetch_optional(&mut *tx)
    .await?
    .is_some();
    if !inserted {
        let status: SubscriberStatus =
            sqlx::query("SELECT status FROM newsletter_subscribers WHERE email_normalized = $1")
                .bind(&normalized)
                .fetch_one(&mut *tx)
                .await?
                .try_get("status")?;
        if status == SubscriberStatus::Confirmed {
            tx.commit().await?;
            return Ok(Json(SubscribeResponse {
                status: SubscriberStatus::Confirmed,
                message: CONFIRMED_MESSAGE,
            }));
        }
        // Pending or unsubscribed: start the opt-in again with fresh links.
        sqlx::query(
            "UPDATE newsletter_subscribers SET first_name = $1, email = $2, status = 'pending', \
             confirm_token_hash = $3, unsubscribe_token_hash = $4, unsubscribed_at = NULL, updated_at = $5 \
             WHERE email_normalized = $6",
        )
        .bind(first_name.as_ref())
        .bind(email.as_ref())
        .bind(hash_token(&confirm_token))
        .bind(hash_token(&unsubscribe_token))
        .bind(&now)
        .bind(&normalized)
        .execute(&mut *tx)
        .await?;
    }
    let message = mail::opt_in(
        &state,
        &first_name,
        &email,
        &confirm_token,
        &unsubscribe_token,
    );
    outbox::enqueue_email(&mut tx, &message).await?;
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok(Json(SubscribeResponse {
        status: SubscriberStatus::Pending,
        message: PENDING_MESSAGE,
    }))
}

#[utoipa::path(
    post,
    path = "/api/newsletter/confirm",
    operation_id = "confirm_newsletter",
    tag = "newsletter",
    request_body = TokenRequest,
    responses(
        (status = 200, description = "Subscription confirmed (also when it already was)", body = StatusResponse),
        (status = 404, description = "Unknown or used token", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn confirm(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<TokenRequest>,
) -> Result<Json<StatusResponse>, AppError> {
    let not_found =
        || AppError::NotFound("Deze bevestigingslink is ongeldig of al gebruikt.".into());
    if body.token.trim().is_empty() {
        return Err(not_found());
    }
    let mut tx = db::begin_write(&state.pool).await?;
    let row = sqlx::query(
        "SELECT id, first_name, email, status FROM newsletter_subscribers WHERE confirm_token_hash = $1",
    )
    .bind(hash_token(body.token.trim()))
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(not_found)?;
    let status: SubscriberStatus = row.try_get("status")?;
    if status == SubscriberStatus::Pending {
        let id: i64 = row.try_get("id")?;
        let now = db::now();
        sqlx::query(
            "UPDATE newsletter_subscribers SET status = 'confirmed', confirmed_at = $1, updated_at = $1 WHERE id = $2",
        )
        .bind(&now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if let Some(url) = &state.webhook_url {
            let body = serde_json::json!({
                "event": "subscribed",
                "firstName": row.try_get::<String, _>("first_name")?,
                "email": row.try_get::<String, _>("email")?,
                "confirmedAt": now,
            });
            outbox::enqueue_webhook(&mut tx, url, body).await?;
        }
    }
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok(Json(StatusResponse {
        status: SubscriberStatus::Confirmed,
    }))
}

#[utoipa::path(
    post,
    path = "/api/newsletter/unsubscribe",
    operation_id = "unsubscribe_newsletter",
    tag = "newsletter",
    request_body = TokenRequest,
    responses(
        (status = 200, description = "Unsubscribed (also when already unsubscribed)", body = StatusResponse),
        (status = 404, description = "Unknown token", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn unsubscribe(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<TokenRequest>,
) -> Result<Json<StatusResponse>, AppError> {
    let not_found = || AppError::NotFound("Deze uitschrijflink is ongeldig.".into());
    if body.token.trim().is_empty() {
        return Err(not_found());
    }
    let mut tx = db::begin_write(&state.pool).await?;
    let row = sqlx::query(
        "SELECT id, email, status FROM newsletter_subscribers WHERE unsubscribe_token_hash = $1",
    )
    .bind(hash_token(body.token.trim()))
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(not_found)?;
    let status: SubscriberStatus = row.try_get("status")?;
    if status != SubscriberStatus::Unsubscribed {
        let id: i64 = row.try_get("id")?;
        let now = db::now();
        sqlx::query(
            "UPDATE newsletter_subscribers SET status = 'unsubscribed', confirm_token_hash = NULL, \
             unsubscribed_at = $1, updated_at = $1 WHERE id = $2",
        )
        .bind(&now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if let Some(url) = &state.webhook_url {
            let body = serde_json::json!({ "event": "unsubscribed", "email": row.try_get::<String, _>("email")? });
            outbox::enqueue_webhook(&mut tx, url, body).await?;
        }
    }
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok(Json(StatusResponse {
        status: SubscriberStatus::Unsubscribed,
    }))
}
