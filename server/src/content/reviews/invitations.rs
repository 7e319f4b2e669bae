//! Reviews from real participants. A few days after a storytelling evening or course date ends,
//! each participant with a valid, paid ticket gets one invitation with a personal link; the
//! unique key on (event, address) keeps it at one across restarts and servers. The link works
//! once and leaves a pending review for the coach. Whoever opts out gets no further invitations.
use std::collections::HashSet;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::occasion;
use crate::agenda::events::EventKind;
use crate::kit::db::{self, Tx};
use crate::kit::domain::{EmailAddress, FirstName};
use crate::kit::error::{ApiJson, AppError, ErrorBody};
use crate::kit::secret_token::{hash_token, new_token};
use crate::kit::validation::Fields;
use crate::platform::client_ip::ClientIp;
use crate::platform::outbox::compose::{compose, link};
use crate::platform::outbox::templates::{self, MailKind, Values};
use crate::platform::outbox::{self, EmailMessage};
use crate::platform::state::AppState;
use crate::{kit::brussels, kit::dutch};

/// How long an invitation link works. A month after that `retention` deletes the invitation;
/// by then its event is far outside `LOOK_BACK`, so nobody is invited twice.
const VALID_FOR: SignedDuration = SignedDuration::from_hours(60 * 24);
/// Events that ended longer ago than the delay plus this are left alone, so switching the
/// invitations on (or a long outage) does not mail every participant of the past.
const LOOK_BACK: SignedDuration = SignedDuration::from_hours(14 * 24);
/// The name on a review whose writer did not consent to showing their first name.
const ANONYMOUS: &str = "Een deelnemer";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(open_invitation))
        .routes(routes!(leave_review))
        .routes(routes!(opt_out))
}

/// Enqueues the invitations that are due: events that ended at least `delay` ago. Returns how
/// many went out.
pub async fn send_due(state: &AppState, delay: SignedDuration) -> anyhow::Result<usize> {
    let now = Timestamp::now();
    let ended_before = now - delay;
    let rows = sqlx::query(
        "SELECT t.event_id, t.holder_name, t.email, e.kind, e.starts_at FROM tickets t \
         JOIN events e ON e.id = t.event_id JOIN orders o ON o.id = t.order_id \
         WHERE e.kind IN ('vertelavond', 'zelfbeeld') AND e.status = 'published' \
         AND e.ends_at <= $1 AND e.ends_at > $2 \
         AND t.status IN ('valid', 'checked_in') AND t.email <> '' AND o.status = 'paid' \
         AND NOT EXISTS (SELECT 1 FROM review_invitations i \
             WHERE i.event_id = t.event_id AND i.email_normalized = LOWER(t.email)) \
         AND NOT EXISTS (SELECT 1 FROM review_opt_outs x WHERE x.email_normalized = LOWER(t.email)) \
         ORDER BY t.id",
    )
    .bind(db::format_ts(ended_before))
    .bind(db::format_ts(ended_before - LOOK_BACK))
    .fetch_all(&state.pool)
    .await?;
    let mut seen = HashSet::new();
    let mut sent = 0;
    for row in rows {
        let event_id: i64 = row.try_get("event_id")?;
        let Ok(email) = EmailAddress::parse(&row.try_get::<String, _>("email")?) else {
            continue;
        };
        // One per person: a buyer of several tickets is one address.
        if !seen.insert((event_id, email.normalized())) {
            continue;
        }
        let holder_name: String = row.try_get("holder_name")?;
        let kind: EventKind = row.try_get("kind")?;
        let occasion = occasion(kind, &row.try_get::<String, _>("starts_at")?)?;
        let mut tx = db::begin_write(&state.pool).await?;
        if let Some(token) = claim(&mut tx, event_id, &email, &holder_name, now).await? {
            let mail = invitation(
                &mut tx,
                state,
                email.as_ref(),
                &holder_name,
                &occasion,
                &token,
                now,
            )
            .await?;
            outbox::enqueue_email(&mut tx, &mail).await?;
            sent += 1;
        }
        tx.commit().await?;
    }
    if sent > 0 {
        state.outbox_notify.notify_one();
    }
    Ok(sent)
}

/// Stores the invitation unless this address had one for the event or opted out; its token.
async fn claim(
    tx: &mut Tx,
    event_id: i64,
    email: &EmailAddress,
    holder_name: &str,
    now: Timestamp,
) -> Result<Option<String>, sqlx::Error> {
    let token = new_token();
    let first_name = FirstName::from_full_name(holder_name)
        .map(|n| n.as_ref().to_string())
        .unwrap_or_default();
    let inserted = sqlx::query(
        "INSERT INTO review_invitations (event_id, email_normalized, first_name, token_hash, created_at, expires_at) \
         SELECT $1, $2, $3, $4, $5, $6 \
         WHERE NOT EXISTS (SELECT 1 FROM review_opt_outs WHERE email_normalized = $2) \
         ON CONFLICT (event_id, email_normalized) DO NOTHING",
    )
    .bind(event_id)
    .bind(email.normalized())
    .bind(first_name)
    .bind(hash_token(&token))
    .bind(db::format_ts(now))
    .bind(db::format_ts(now + VALID_FOR))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok((inserted == 1).then_some(token))
}

async fn invitation(
    tx: &mut Tx,
    state: &AppState,
    to: &str,
    holder_name: &str,
    occasion: &str,
    token: &str,
    now: Timestamp,
) -> Result<EmailMessage, sqlx::Error> {
    let page = format!("{}/ervaring-delen", state.public_url);
    let site = state.site();
    let values = Values::new(holder_name, &site.brand)
        .with("gelegenheid", occasion)
        .with("deellink", format!("{page}#uitnodiging={token}"))
        .with(
            "geldig_tot",
            dutch::day_month_year(brussels::at(now + VALID_FOR).date()),
        );
    let (subject, mut blocks) = templates::load(tx, MailKind::ReviewInvitation)
        .await?
        .render(&values);
    // Not part of the editable text: the way out always stays in the mail.
    blocks.push(link(
        "Liever geen vraag meer om een review? Meld je hier af",
        format!("{page}#afmelden={token}"),
    ));
    // Both links carry the token: blanked in the stored copy once delivered (see outbox).
    Ok(compose(to, subject, &blocks, &site).with_secret(token))
}

/// Missing fields count as empty.
#[derive(Deserialize, ToSchema)]
pub struct InvitationTokenRequest {
    /// The token from the invitation link.
    #[serde(default)]
    pub token: String,
}

#[derive(Serialize, ToSchema)]
pub struct ReviewInvitation {
    /// The participant's first name ("" when the ticket's name gave none).
    pub first_name: String,
    /// E.g. "de vertelavond van 12 november 2026".
    pub occasion: String,
}

/// Missing fields count as empty.
#[derive(Deserialize, ToSchema)]
pub struct ParticipantReviewRequest {
    #[serde(default)]
    pub token: String,
    /// Stars, 1 to 5.
    #[serde(default)]
    pub rating: i64,
    #[serde(default)]
    pub text: String,
    /// Consent to show the first name with the review; without it the review is anonymous.
    #[serde(default)]
    pub publish_first_name: bool,
}

#[derive(Serialize, ToSchema)]
pub struct ReviewLinkResponse {
    /// Dutch, fit to show a visitor.
    pub message: &'static str,
}

/// The invitation a token names, whatever its state.
struct Found {
    first_name: String,
    email_normalized: String,
    used: bool,
    expired: bool,
    kind: EventKind,
    starts_at: String,
}

fn unknown_link() -> AppError {
    AppError::NotFound(
        "Deze link kennen we niet. Gebruik de link uit je uitnodiging, of stuur ons een bericht via het contactformulier."
            .into(),
    )
}

async fn find(conn: &mut sqlx::AnyConnection, token: &str) -> Result<Found, AppError> {
    let token = token.trim();
    if token.is_empty() || token.len() > 100 {
        return Err(unknown_link());
    }
    let row = sqlx::query(
        "SELECT i.first_name, i.email_normalized, i.used_at, i.expires_at, e.kind, e.starts_at \
         FROM review_invitations i JOIN events e ON e.id = i.event_id WHERE i.token_hash = $1",
    )
    .bind(hash_token(token))
    .fetch_optional(conn)
    .await?
    .ok_or_else(unknown_link)?;
    Ok(Found {
        first_name: row.try_get("first_name")?,
        email_normalized: row.try_get("email_normalized")?,
        used: row.try_get::<Option<String>, _>("used_at")?.is_some(),
        expired: row.try_get::<String, _>("expires_at")? <= db::now(),
        kind: row.try_get("kind")?,
        starts_at: row.try_get("starts_at")?,
    })
}

/// Why a link no longer leaves a review, if it does not.
fn usable(found: &Found) -> Result<(), AppError> {
    if found.used {
        return Err(AppError::Conflict(
            "Met deze link is je ervaring al gedeeld. Dank je wel daarvoor!".into(),
        ));
    }
    if found.expired {
        return Err(AppError::Conflict(
            "Deze link is verlopen. Wil je toch nog iets delen? Stuur ons dan een bericht via het contactformulier."
                .into(),
        ));
    }
    Ok(())
}

#[utoipa::path(
    post,
    path = "/review-invitations/open",
    operation_id = "open_review_invitation",
    tag = "reviews",
    request_body = InvitationTokenRequest,
    responses(
        (status = 200, description = "The link can leave a review: whose it is and for which evening or course", body = ReviewInvitation),
        (status = 404, description = "No such link", body = ErrorBody),
        (status = 409, description = "Already used or expired", body = ErrorBody),
        (status = 429, description = "Too many requests from this client; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn open_invitation(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<InvitationTokenRequest>,
) -> Result<Json<ReviewInvitation>, AppError> {
    state.limits.review_links_per_ip.admit(&ip).await?;
    let mut conn = state.pool.acquire().await?;
    let found = find(&mut conn, &body.token).await?;
    usable(&found)?;
    Ok(Json(ReviewInvitation {
        occasion: occasion(found.kind, &found.starts_at)?,
        first_name: found.first_name,
    }))
}

#[utoipa::path(
    post,
    path = "/review-invitations/review",
    operation_id = "leave_participant_review",
    tag = "reviews",
    request_body = ParticipantReviewRequest,
    responses(
        (status = 201, description = "Stored; it shows on the site once the coach approves it", body = ReviewLinkResponse),
        (status = 404, description = "No such link", body = ErrorBody),
        (status = 409, description = "Already used or expired", body = ErrorBody),
        (status = 422, description = "Invalid fields", body = ErrorBody),
        (status = 429, description = "Too many requests from this client; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn leave_review(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<ParticipantReviewRequest>,
) -> Result<(StatusCode, Json<ReviewLinkResponse>), AppError> {
    state.limits.review_links_per_ip.admit(&ip).await?;
    let mut fields = Fields::default();
    if !(1..=5).contains(&body.rating) {
        fields.error("rating", "Kies een score van 1 tot 5 sterren.");
    }
    let review_text = fields.multiline_text(
        "text",
        &body.text,
        "Je ervaring",
        Some("Vertel in een paar woorden hoe je het beleefd hebt."),
        2000,
    );
    fields.finish()?;

    let now = db::now();
    let mut tx = db::begin_write(&state.pool).await?;
    // The link is spent in the same transaction that stores the review: once, even when two
    // submits race.
    let claimed = sqlx::query(
        "UPDATE review_invitations SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL \
         AND expires_at > $1 RETURNING event_id, first_name",
    )
    .bind(&now)
    .bind(hash_token(body.token.trim()))
    .fetch_optional(&mut *tx)
    .await?;
    let Some(claimed) = claimed else {
        let found = find(&mut tx, &body.token).await?;
        usable(&found)?;
        return Err(unknown_link());
    };
    let first_name: String = claimed.try_get("first_name")?;
    let name = if body.publish_first_name && !first_name.is_empty() {
        first_name
    } else {
        ANONYMOUS.to_string()
    };
    sqlx::query(
        "INSERT INTO reviews (name, avatar_url, rating, text, created_at, status, event_id) \
         VALUES ($1, NULL, $2, $3, $4, 'pending', $5)",
    )
    .bind(name)
    .bind(body.rating)
    .bind(review_text)
    .bind(&now)
    .bind(claimed.try_get::<i64, _>("event_id")?)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        Json(ReviewLinkResponse {
            message: "Dank je wel voor je ervaring! Zodra ze gelezen is, verschijnt ze op de website.",
        }),
    ))
}

#[utoipa::path(
    post,
    path = "/review-invitations/opt-out",
    operation_id = "opt_out_of_review_invitations",
    tag = "reviews",
    request_body = InvitationTokenRequest,
    responses(
        (status = 200, description = "This address gets no further review invitations (also when the link was used or expired)", body = ReviewLinkResponse),
        (status = 404, description = "No such link", body = ErrorBody),
        (status = 429, description = "Too many requests from this client; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn opt_out(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<InvitationTokenRequest>,
) -> Result<Json<ReviewLinkResponse>, AppError> {
    state.limits.review_links_per_ip.admit(&ip).await?;
    let mut tx = db::begin_write(&state.pool).await?;
    let found = find(&mut tx, &body.token).await?;
    sqlx::query(
        "INSERT INTO review_opt_outs (email_normalized, created_at) VALUES ($1, $2) \
         ON CONFLICT (email_normalized) DO NOTHING",
    )
    .bind(&found.email_normalized)
    .bind(db::now())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Json(ReviewLinkResponse {
        message: "Je bent afgemeld. Je krijgt geen vragen meer om een review te schrijven.",
    }))
}
