//! Newsletter signup with double opt-in, confirmation and unsubscribe.
pub mod admin;
pub mod import;
mod mail;

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use base64::Engine;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sqlx::Row;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kit::closed_set::closed_set;
use crate::kit::db;
use crate::kit::domain::{EmailAddress, FirstName};
use crate::kit::error::{ApiJson, ApiQuery, AppError, ErrorBody};
use crate::kit::secret_token::{hash_token, new_token};
use crate::platform::client_ip::ClientIp;
use crate::platform::outbox;
use crate::platform::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(subscribe))
        .routes(routes!(confirm))
        .routes(routes!(unsubscribe))
        .routes(routes!(one_click))
}

/// What the signed unsubscribe link of a newsletter mail is for (see `LinkSigner`).
const UNSUBSCRIBE_LINK: &str = "newsletter-unsubscribe";

/// The personal unsubscribe links of one subscriber for a newsletter mail: the page with a
/// button, and the one-click URL of the `List-Unsubscribe` header (RFC 8058). They name this
/// subscriber only and stay valid without anything stored.
pub fn unsubscribe_links(state: &AppState, subscriber_id: i64) -> (String, String) {
    let token = state.links.sign(UNSUBSCRIBE_LINK, subscriber_id);
    (
        format!(
            "{}/nieuwsbrief/uitschrijven?token={token}",
            state.public_url
        ),
        format!(
            "{}/api/newsletter/one-click?token={token}",
            state.public_url
        ),
    )
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
    /// Dutch, fit to show a visitor; the same for every address.
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

/// The same answer whether the address is new, waiting for confirmation or already confirmed,
/// so the form cannot be used to find out who reads the newsletter.
const ANSWER: &str = "Bijna klaar! Kijk in je mailbox en klik op de link in onze e-mail om je inschrijving te bevestigen. Ben je al ingeschreven? Dan hoef je niets meer te doen.";

/// The links of one opt-in, derived from a random seed kept while the signup is pending, so a
/// repeated signup can send the very same links again (earlier mails stay valid). Only the
/// links' hashes identify a subscriber; the seed is cleared on confirm and unsubscribe.
fn opt_in_links(seed: &str) -> (String, String) {
    let derive = |purpose: &str| {
        base64::engine::general_purpose::URL_SAFE_NO_PAD
            .encode(Sha256::digest(format!("{purpose}:{seed}").as_bytes()))
    };
    (derive("confirm"), derive("unsubscribe"))
}

#[utoipa::path(
    post,
    path = "/newsletter",
    operation_id = "subscribe_newsletter",
    tag = "newsletter",
    request_body = SubscribeRequest,
    responses(
        (status = 200, description = "The same answer for a new, pending or confirmed address; a new or pending one gets the opt-in mail (at most once per 10 minutes)", body = SubscribeResponse),
        (status = 400, description = "Malformed JSON", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not JSON", body = ErrorBody),
        (status = 422, description = "Invalid fields", body = ErrorBody),
        (status = 429, description = "Too many signups from this client address; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn subscribe(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<SubscribeRequest>,
) -> Result<Json<SubscribeResponse>, AppError> {
    let message = subscribe_from(&state, &ip, body).await?;
    Ok(Json(SubscribeResponse { message }))
}

/// A visitor's signup from any form (the JSON API, the archive page's HTML form): checked,
/// limited per client address, stored, and the opt-in mail queued; the answer to show her.
pub async fn subscribe_from(
    state: &AppState,
    ip: &str,
    body: SubscribeRequest,
) -> Result<&'static str, AppError> {
    let subscriber: NewSubscriber = body.try_into()?;
    state.limits.newsletter_per_ip.admit(ip).await?;
    // Signups are small and independent: they are committed in groups (see `db::GroupCommit`).
    let job_state = state.clone();
    let mailed = state
        .writes
        .run(move |tx| Box::pin(async move { sign_up(&job_state, tx, subscriber).await }))
        .await?;
    if mailed {
        state.outbox_notify.notify_one();
    }
    Ok(ANSWER)
}

/// Records the signup and queues the opt-in mail when one is due; true when a mail was queued.
async fn sign_up(
    state: &AppState,
    tx: &mut db::Tx,
    NewSubscriber { first_name, email }: NewSubscriber,
) -> Result<bool, AppError> {
    let normalized = email.normalized();
    let seed = new_token();
    let (confirm_token, unsubscribe_token) = opt_in_links(&seed);
    let now = db::now();

    // ON CONFLICT keeps concurrent signups of one address to a single row on both engines.
    let inserted = sqlx::query(
        "INSERT INTO newsletter_subscribers (first_name, email, email_normalized, status, confirm_token_hash, \
         unsubscribe_token_hash, opt_in_seed, created_at, updated_at) VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7, $7) \
         ON CONFLICT (email_normalized) DO NOTHING RETURNING id",
    )
    .bind(first_name.as_ref())
    .bind(email.as_ref())
    .bind(&normalized)
    .bind(hash_token(&confirm_token))
    .bind(hash_token(&unsubscribe_token))
    .bind(&seed)
    .bind(&now)
    .fetch_optional(&mut **tx)
    .await?
    .is_some();
    // One opt-in mail per address per 10 minutes, whatever the path below.
    let opt_in_mail = &state.limits.opt_in_mail_per_email;
    let may_mail = || async {
        match opt_in_mail.check(&normalized).await {
            Ok(()) => Ok(true),
            Err(Ok(_wait)) => Ok(false),
            Err(Err(e)) => Err(AppError::from(e)),
        }
    };
    let (mail_name, links) = if inserted {
        may_mail().await?;
        (first_name, (confirm_token, unsubscribe_token))
    } else {
        let row = sqlx::query(
            "SELECT first_name, status, opt_in_seed FROM newsletter_subscribers WHERE email_normalized = $1",
        )
        .bind(&normalized)
        .fetch_one(&mut **tx)
        .await?;
        let status: SubscriberStatus = row.try_get("status")?;
        let stored_seed: Option<String> = row.try_get("opt_in_seed")?;
        match (status, stored_seed) {
            (SubscriberStatus::Confirmed, _) => return Ok(false),
            (SubscriberStatus::Pending, Some(_)) if !may_mail().await? => return Ok(false),
            // Still pending: the same links again, with the name the signup started with.
            (SubscriberStatus::Pending, Some(stored_seed)) => {
                let name = FirstName::parse(&row.try_get::<String, _>("first_name")?)
                    .unwrap_or(first_name);
                (name, opt_in_links(&stored_seed))
            }
            // Unsubscribed (only the owner can do that, with the link) or a signup from before
            // seeds: start the opt-in again, and count the mail.
            _ => {
                may_mail().await?;
                sqlx::query(
                    "UPDATE newsletter_subscribers SET first_name = $1, email = $2, status = 'pending', \
                     confirm_token_hash = $3, unsubscribe_token_hash = $4, opt_in_seed = $5, \
                     unsubscribed_at = NULL, updated_at = $6 WHERE email_normalized = $7",
                )
                .bind(first_name.as_ref())
                .bind(email.as_ref())
                .bind(hash_token(&confirm_token))
                .bind(hash_token(&unsubscribe_token))
                .bind(&seed)
                .bind(&now)
                .bind(&normalized)
                .execute(&mut **tx)
                .await?;
                (first_name, (confirm_token, unsubscribe_token))
            }
        }
    };
    let message = mail::opt_in(tx, state, &mail_name, &email, &links.0, &links.1).await?;
    outbox::enqueue_email(tx, &message).await?;
    Ok(true)
}

#[utoipa::path(
    post,
    path = "/newsletter/confirm",
    operation_id = "confirm_newsletter",
    tag = "newsletter",
    request_body = TokenRequest,
    responses(
        (status = 200, description = "Subscription confirmed (also when it already was)", body = StatusResponse),
        (status = 404, description = "Unknown or used token", body = ErrorBody),
        (status = 429, description = "Too many link uses from this client address; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn confirm(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<TokenRequest>,
) -> Result<Json<StatusResponse>, AppError> {
    state.limits.newsletter_links_per_ip.admit(&ip).await?;
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
            "UPDATE newsletter_subscribers SET status = 'confirmed', opt_in_seed = NULL, confirmed_at = $1, \
             updated_at = $1 WHERE id = $2",
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

/// Subscribes `email` as confirmed, inside the caller's transaction, when the address was just
/// proven another way (the link of the self-test's opt-in mail, which asked for the newsletter
/// too): a new subscriber, a pending one or one who unsubscribed earlier becomes confirmed; a
/// confirmed one stays as she is. The webhook hears of it like of any confirmation. Returns the
/// subscriber's id (for her unsubscribe link).
pub async fn subscribe_confirmed(
    tx: &mut db::Tx,
    state: &AppState,
    email: &EmailAddress,
) -> Result<i64, AppError> {
    let now = db::now();
    let changed = sqlx::query(
        "INSERT INTO newsletter_subscribers (first_name, email, email_normalized, status, confirm_token_hash, \
         unsubscribe_token_hash, created_at, confirmed_at, updated_at) VALUES ('', $1, $2, 'confirmed', NULL, $3, $4, $4, $4) \
         ON CONFLICT (email_normalized) DO UPDATE SET status = 'confirmed', confirm_token_hash = NULL, \
         opt_in_seed = NULL, confirmed_at = excluded.confirmed_at, unsubscribed_at = NULL, updated_at = excluded.updated_at \
         WHERE newsletter_subscribers.status <> 'confirmed' RETURNING first_name",
    )
    .bind(email.as_ref())
    .bind(email.normalized())
    .bind(hash_token(&new_token()))
    .bind(&now)
    .fetch_optional(&mut **tx)
    .await?;
    if let (Some(row), Some(url)) = (changed, &state.webhook_url) {
        let body = serde_json::json!({
            "event": "subscribed",
            "firstName": row.try_get::<String, _>("first_name")?,
            "email": email.as_ref(),
            "confirmedAt": now,
        });
        outbox::enqueue_webhook(tx, url, body).await?;
    }
    let id = sqlx::query("SELECT id FROM newsletter_subscribers WHERE email_normalized = $1")
        .bind(email.normalized())
        .fetch_one(&mut **tx)
        .await?
        .try_get("id")?;
    Ok(id)
}

#[utoipa::path(
    post,
    path = "/newsletter/unsubscribe",
    operation_id = "unsubscribe_newsletter",
    tag = "newsletter",
    request_body = TokenRequest,
    responses(
        (status = 200, description = "Unsubscribed (also when already unsubscribed)", body = StatusResponse),
        (status = 404, description = "Unknown token", body = ErrorBody),
        (status = 429, description = "Too many link uses from this client address; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn unsubscribe(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<TokenRequest>,
) -> Result<Json<StatusResponse>, AppError> {
    state.limits.newsletter_links_per_ip.admit(&ip).await?;
    unsubscribe_by_token(&state, &body.token).await?;
    Ok(Json(StatusResponse {
        status: SubscriberStatus::Unsubscribed,
    }))
}

/// Unsubscribes the owner of `token`: the link of the opt-in mail (looked up by its hash) or the
/// signed link of a newsletter mail.
async fn unsubscribe_by_token(state: &AppState, token: &str) -> Result<(), AppError> {
    let not_found = || AppError::NotFound("Deze uitschrijflink is ongeldig.".into());
    let token = token.trim();
    if token.is_empty() {
        return Err(not_found());
    }
    let mut tx = db::begin_write(&state.pool).await?;
    let row = match state.links.verify(UNSUBSCRIBE_LINK, token) {
        Some(id) => {
            sqlx::query("SELECT id, email, status FROM newsletter_subscribers WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?
        }
        None => {
            sqlx::query(
                "SELECT id, email, status FROM newsletter_subscribers WHERE unsubscribe_token_hash = $1",
            )
            .bind(hash_token(token))
            .fetch_optional(&mut *tx)
            .await?
        }
    }
    .ok_or_else(not_found)?;
    let status: SubscriberStatus = row.try_get("status")?;
    if status != SubscriberStatus::Unsubscribed {
        let id: i64 = row.try_get("id")?;
        let now = db::now();
        sqlx::query(
            "UPDATE newsletter_subscribers SET status = 'unsubscribed', confirm_token_hash = NULL, \
             opt_in_seed = NULL, unsubscribed_at = $1, updated_at = $1 WHERE id = $2",
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
    Ok(())
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OneClickQuery {
    /// The token of the `List-Unsubscribe` URL.
    #[serde(default)]
    pub token: String,
}

#[utoipa::path(
    post,
    path = "/newsletter/one-click",
    operation_id = "one_click_unsubscribe",
    tag = "newsletter",
    params(OneClickQuery),
    request_body(content = String, content_type = "application/x-www-form-urlencoded", description = "`List-Unsubscribe=One-Click` as mail programs send it (RFC 8058); the body is not needed"),
    responses(
        (status = 200, description = "Unsubscribed (also when already unsubscribed)", body = String, content_type = "text/plain"),
        (status = 404, description = "Unknown token", body = ErrorBody),
        (status = 429, description = "Too many requests from this client address; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn one_click(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiQuery(query): ApiQuery<OneClickQuery>,
) -> Result<Response, AppError> {
    state.limits.one_click_per_ip.admit(&ip).await?;
    unsubscribe_by_token(&state, &query.token).await?;
    Ok((
        [(CONTENT_TYPE, "text/plain; charset=utf-8")],
        "Je bent uitgeschreven. Je ontvangt geen nieuwsbrieven meer.\n",
    )
        .into_response())
}
