//! Waiting lists for sold-out events. Visitors leave a name and an e-mail address; when a seat
//! frees up (an expired hold, a cancelled ticket, a larger capacity) the first in line gets a
//! personal link that holds one seat for a few hours. The held seat counts in
//! `events.seats_taken` like an order's hold, so every seat is counted in one place and
//! `agenda::seats` keeps the event from being oversold.
//!
//! An entry moves waiting → offered → claimed (its link started an order, which took over the
//! seat) or expired (unused: the seat goes to the next in line); the coach may remove anyone.
pub mod admin;

use std::time::Duration;

use axum::Json;
use axum::extract::State;
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::agenda::seats;
use crate::kit::closed_set::closed_set;
use crate::kit::db::{self, Tx};
use crate::kit::domain::EmailAddress;
use crate::kit::error::{ApiJson, ApiPath, AppError, ErrorBody};
use crate::kit::validation::Fields;
use crate::platform::client_ip::ClientIp;
use crate::platform::outbox::compose::compose;
use crate::platform::outbox::templates::{self, MailKind, Values};
use crate::platform::periodic;
use crate::platform::state::AppState;
use crate::{commerce::orders, kit::dutch, kit::secret_token, platform::outbox};

closed_set! {
    pub enum WaitlistStatus {
        /// In line.
        Waiting = "waiting" => "Wacht",
        /// Has a link that holds a seat until `offered_until`.
        Offered = "offered" => "Uitgenodigd",
        /// Used the link: the seat went to an order.
        Claimed = "claimed" => "Heeft besteld",
        /// Did not use the link in time; the seat went on.
        Expired = "expired" => "Verlopen",
        /// Taken off the list by the coach.
        Removed = "removed" => "Verwijderd",
    }
}

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(join))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WaitlistRequest {
    pub name: String,
    pub email: String,
}

/// The one answer to a signup: whether the address was on the list already, or holds an offer,
/// is nobody's business but its owner's, who reads it in her mail.
pub const JOINED: &str = "Je staat op de wachtlijst. Komt er een plaats voor je vrij, dan krijg je \
                          meteen een e-mail met een link om je ticket te kopen.";

#[derive(Serialize, ToSchema)]
pub struct WaitlistJoined {
    /// What to tell the visitor, in Dutch: the same whether or not the address was listed.
    pub message: String,
}

#[utoipa::path(
    post,
    path = "/events/{id}/waitlist",
    operation_id = "join_waitlist",
    tag = "events",
    params(("id" = i64, Path, description = "Event id of a sold-out, paid event")),
    request_body = WaitlistRequest,
    responses(
        (status = 200, description = "On the waiting list (joining twice keeps the first place); the same answer whether or not the address was listed", body = WaitlistJoined),
        (status = 404, description = "No such event", body = ErrorBody),
        (status = 409, description = "Not sold out (buy a ticket instead), cancelled, past or free", body = ErrorBody),
        (status = 422, description = "Invalid fields", body = ErrorBody),
        (status = 429, description = "Too many signups from this client address; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn join(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<WaitlistRequest>,
) -> Result<Json<WaitlistJoined>, AppError> {
    let mut f = Fields::default();
    let name = f.text("name", &body.name, "Je naam", Some("Vul je naam in."), 100);
    let email = EmailAddress::parse(&body.email)
        .map_err(|m| f.error("email", m))
        .ok();
    f.finish()?;
    let email = email.expect("checked above");
    state.limits.waitlist_per_ip.admit(&ip).await?;
    let now = db::now();
    let mut tx = db::begin_write(&state.pool).await?;
    // The event first (see agenda::seats), before the entry is written.
    seats::lock(&mut tx, [id]).await?;
    let event = sqlx::query(
        "SELECT status, starts_at, price_cents, capacity, seats_taken FROM events WHERE id = $1 AND status <> 'draft'",
    )
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(|| AppError::NotFound("Deze datum bestaat niet (meer).".into()))?;
    let refusal = if event.try_get::<String, _>("status")? == "cancelled" {
        Some("Deze datum is geannuleerd.")
    } else if event.try_get::<String, _>("starts_at")? <= now {
        Some("Deze datum is al voorbij.")
    } else if event.try_get::<i64, _>("price_cents")? == 0 {
        Some("Voor deze gratis activiteit is er geen wachtlijst.")
    } else {
        None
    };
    if let Some(message) = refusal {
        return Err(AppError::Conflict(message.into()));
    }
    let existing = sqlx::query(
        "SELECT status FROM waitlist_entries WHERE event_id = $1 AND email_normalized = $2",
    )
    .bind(id)
    .bind(email.normalized())
    .fetch_optional(&mut *tx)
    .await?;
    let in_line = match &existing {
        Some(row) => {
            let status: WaitlistStatus = row.try_get("status")?;
            matches!(status, WaitlistStatus::Waiting | WaitlistStatus::Offered)
        }
        None => false,
    };
    // Free seats with nobody waiting is the event's state, answered alike for every address (a
    // listed one included: one holding an offer may buy at once).
    let seats_free =
        event.try_get::<i64, _>("capacity")? > event.try_get::<i64, _>("seats_taken")?;
    if seats_free && waiting_count(&mut tx, id).await? == 0 {
        return Err(AppError::Conflict(
            "Er zijn weer plaatsen vrij: je kunt meteen een ticket kopen.".into(),
        ));
    }
    if !in_line {
        // A new entry, or someone whose earlier turn ended joins again at the back. A concurrent
        // join of the same address that is already in line (or holds a seat) is left alone.
        sqlx::query(
            "INSERT INTO waitlist_entries (event_id, name, email, email_normalized, status, joined_at, updated_at) \
             VALUES ($1, $2, $3, $4, 'waiting', $5, $5) \
             ON CONFLICT (event_id, email_normalized) DO UPDATE SET name = $2, email = $3, status = 'waiting', \
             offer_token_hash = NULL, offered_at = NULL, offered_until = NULL, order_id = NULL, joined_at = $5, updated_at = $5 \
             WHERE waitlist_entries.status NOT IN ('waiting', 'offered')",
        )
        .bind(id)
        .bind(&name)
        .bind(email.as_ref())
        .bind(email.normalized())
        .bind(&now)
        .execute(&mut *tx)
        .await?;
        offer_free_seats(&mut tx, &state, id).await?;
    }
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok(Json(WaitlistJoined {
        message: JOINED.into(),
    }))
}

async fn waiting_count(tx: &mut Tx, event_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query(
        "SELECT COUNT(*) AS n FROM waitlist_entries WHERE event_id = $1 AND status = 'waiting'",
    )
    .bind(event_id)
    .fetch_one(&mut **tx)
    .await?
    .try_get("n")
}

/// Gives every free seat of the event to the next in line, one seat per person, each with a
/// mail holding a personal link. Runs in the caller's transaction; the number of offers made.
pub async fn offer_free_seats(
    tx: &mut Tx,
    state: &AppState,
    event_id: i64,
) -> Result<usize, AppError> {
    seats::lock(tx, [event_id]).await?;
    restore_unpaid_offers(tx, event_id).await?;
    let mut offers = 0;
    loop {
        // Cheap look first, so an event without a line never has its row written.
        if waiting_count(tx, event_id).await? == 0 {
            return Ok(offers);
        }
        // The seat before the person: on PostgreSQL the event row stays locked from here until
        // the commit, so a concurrent pass waits and then reads the line as this one left it.
        if !seats::take(tx, event_id, 1).await? {
            return Ok(offers);
        }
        // One offer at a time per person, also across events.
        let next = sqlx::query(
            "SELECT id, name, email FROM waitlist_entries w WHERE w.event_id = $1 AND w.status = 'waiting' \
             AND NOT EXISTS (SELECT 1 FROM waitlist_entries o WHERE o.email_normalized = w.email_normalized \
             AND o.status = 'offered') ORDER BY w.joined_at, w.id LIMIT 1",
        )
        .bind(event_id)
        .fetch_optional(&mut **tx)
        .await?;
        let Some(next) = next else {
            seats::untake(tx, event_id, 1).await?;
            return Ok(offers);
        };
        let entry_id: i64 = next.try_get("id")?;
        let token = secret_token::new_token();
        let now = Timestamp::now();
        let until = now + SignedDuration::try_from(state.waitlist_offer).expect("offer time fits");
        sqlx::query(
            "UPDATE waitlist_entries SET status = 'offered', offer_token_hash = $1, offered_at = $2, \
             offered_until = $3, updated_at = $2 WHERE id = $4 AND status = 'waiting'",
        )
        .bind(secret_token::hash_token(&token))
        .bind(db::format_ts(now))
        .bind(db::format_ts(until))
        .bind(entry_id)
        .execute(&mut **tx)
        .await?;
        let mail = offer_mail(
            tx,
            state,
            event_id,
            &next.try_get::<String, _>("name")?,
            &next.try_get::<String, _>("email")?,
            &token,
            until,
        )
        .await?;
        outbox::enqueue_email(tx, &mail).await?;
        offers += 1;
    }
}

/// Whoever used their link but left the payment (cancelled, failed, or let it expire) while the
/// offer still runs gets the seat back first, and may use the same link again.
async fn restore_unpaid_offers(tx: &mut Tx, event_id: i64) -> Result<(), sqlx::Error> {
    let now = db::now();
    let unpaid = sqlx::query(
        "SELECT w.id FROM waitlist_entries w JOIN orders o ON o.id = w.order_id \
         WHERE w.event_id = $1 AND w.status = 'claimed' AND w.offered_until > $2 \
         AND o.status IN ('cancelled', 'expired', 'failed') AND o.paid_at IS NULL ORDER BY w.offered_at, w.id",
    )
    .bind(event_id)
    .bind(&now)
    .fetch_all(&mut **tx)
    .await?;
    for row in unpaid {
        if !seats::take(tx, event_id, 1).await? {
            break;
        }
        sqlx::query(
            "UPDATE waitlist_entries SET status = 'offered', order_id = NULL, updated_at = $1 \
             WHERE id = $2 AND status = 'claimed'",
        )
        .bind(&now)
        .bind(row.try_get::<i64, _>("id")?)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

async fn offer_mail(
    tx: &mut Tx,
    state: &AppState,
    event_id: i64,
    name: &str,
    email: &str,
    token: &str,
    until: Timestamp,
) -> Result<outbox::EmailMessage, AppError> {
    let event = sqlx::query(
        "SELECT e.title, e.starts_at, p.slug FROM events e JOIN products p ON p.kind = 'event' \
         AND p.event_kind = e.kind WHERE e.id = $1 ORDER BY p.id LIMIT 1",
    )
    .bind(event_id)
    .fetch_one(&mut **tx)
    .await?;
    let title: String = event.try_get("title")?;
    let when = dutch::date_time(db::parse_ts(&event.try_get::<String, _>("starts_at")?)?);
    let url = format!(
        "{}/checkout?product={}&event={event_id}&offer={token}",
        state.public_url,
        event.try_get::<String, _>("slug")?
    );
    let site = state.site();
    let values = Values::new(name, &site.brand)
        .with("evenement", title)
        .with("datum", when)
        .with("kooplink", url)
        .with("geldig_tot", dutch::date_time(until));
    let (subject, blocks) = templates::load(tx, MailKind::WaitlistOffer)
        .await?
        .render(&values);
    // The link holds a seat: blanked in the stored copy once delivered (see outbox).
    Ok(compose(email, subject, &blocks, &site).with_secret(token))
}

/// The held offer behind an offer link, moved to the order the link starts: its seat is given
/// back here so the order's own hold takes it in the same transaction. Err when the link does
/// not (or no longer) hold a seat for this event. The entry's id, to link the order to.
pub async fn claim(tx: &mut Tx, token: &str, event_id: Option<i64>) -> Result<i64, AppError> {
    let row = sqlx::query(
        "SELECT id, event_id, status, offered_until FROM waitlist_entries WHERE offer_token_hash = $1",
    )
    .bind(secret_token::hash_token(token.trim()))
    .fetch_optional(&mut **tx)
    .await?;
    let gone = |message: &str| Err(AppError::Conflict(message.into()));
    let Some(row) = row.filter(|r| r.try_get::<i64, _>("event_id").ok() == event_id) else {
        return gone("Deze link van de wachtlijst klopt niet (meer) voor deze datum.");
    };
    let id: i64 = row.try_get("id")?;
    let now = db::now();
    let claimed = sqlx::query(
        "UPDATE waitlist_entries SET status = 'claimed', updated_at = $1 \
         WHERE id = $2 AND status = 'offered' AND offered_until > $1",
    )
    .bind(&now)
    .bind(id)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if claimed == 1 {
        seats::hand_offer_to_order(tx, row.try_get("event_id")?).await?;
        return Ok(id);
    }
    let status: WaitlistStatus = row.try_get("status")?;
    match status {
        WaitlistStatus::Claimed => gone(
            "Je hebt deze link al gebruikt voor een bestelling. Kijk in je mailbox voor je tickets of de betaallink; \
             werd die bestelling niet betaald, dan ging de plaats intussen naar de volgende op de wachtlijst.",
        ),
        WaitlistStatus::Removed => gone("Deze uitnodiging geldt niet meer."),
        _ => gone(
            "Deze uitnodiging van de wachtlijst is verlopen en de plaats ging naar de volgende. Schrijf je gerust opnieuw in op de wachtlijst.",
        ),
    }
}

/// Notes which order a claimed offer became.
pub async fn link_order(tx: &mut Tx, entry_id: i64, order_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE waitlist_entries SET order_id = $1 WHERE id = $2")
        .bind(order_id)
        .bind(entry_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Ends an open offer (expired or removed) and gives its seat back. False if it was not open.
async fn end_offer(
    tx: &mut Tx,
    entry_id: i64,
    event_id: i64,
    status: WaitlistStatus,
) -> Result<bool, sqlx::Error> {
    let ended = sqlx::query(
        "UPDATE waitlist_entries SET status = $1, updated_at = $2 WHERE id = $3 AND status = 'offered'",
    )
    .bind(status)
    .bind(db::now())
    .bind(entry_id)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if ended == 1 {
        seats::release(tx, event_id, 1).await?;
    }
    Ok(ended == 1)
}

/// Runs a pass every `interval` until `stop` turns true.
pub fn spawn(state: AppState, interval: Duration, stop: watch::Receiver<bool>) -> JoinHandle<()> {
    periodic::every("waiting-list pass", interval, stop, move || {
        let state = state.clone();
        async move { pass(&state).await }
    })
}

/// Passes unused offers on, then offers the free seats of every event with a line. Each event
/// is one transaction that first expires its unpaid orders, so a seat freed by an expired
/// hold goes to the line, not to whoever looks first.
pub async fn pass(state: &AppState) -> anyhow::Result<()> {
    let now = db::now();
    let mut offers = 0;
    let due = sqlx::query(
        "SELECT id, event_id FROM waitlist_entries WHERE status = 'offered' AND offered_until <= $1 \
         ORDER BY offered_until LIMIT 200",
    )
    .bind(&now)
    .fetch_all(&state.pool)
    .await?;
    let mut events: Vec<i64> = Vec::new();
    for row in &due {
        let event_id: i64 = row.try_get("event_id")?;
        let mut tx = db::begin_write(&state.pool).await?;
        seats::lock(&mut tx, [event_id]).await?;
        // Re-checked under the lock: a claim may have won the race.
        let open = sqlx::query(
            "SELECT id FROM waitlist_entries WHERE id = $1 AND status = 'offered' AND offered_until <= $2",
        )
        .bind(row.try_get::<i64, _>("id")?)
        .bind(&now)
        .fetch_optional(&mut *tx)
        .await?
        .is_some();
        if open {
            end_offer(
                &mut tx,
                row.try_get("id")?,
                event_id,
                WaitlistStatus::Expired,
            )
            .await?;
        }
        tx.commit().await?;
        if !events.contains(&event_id) {
            events.push(event_id);
        }
    }
    let lines = sqlx::query(
        "SELECT DISTINCT w.event_id FROM waitlist_entries w JOIN events e ON e.id = w.event_id \
         WHERE w.status = 'waiting' AND e.status = 'published' AND e.starts_at > $1",
    )
    .bind(&now)
    .fetch_all(&state.pool)
    .await?;
    for row in lines {
        let event_id: i64 = row.try_get("event_id")?;
        if !events.contains(&event_id) {
            events.push(event_id);
        }
    }
    for event_id in events {
        let mut tx = db::begin_write(&state.pool).await?;
        seats::lock(&mut tx, [event_id]).await?;
        let expired = orders::expire_due_in(&mut tx, Some(event_id)).await?;
        offers += offer_free_seats(&mut tx, state, event_id).await?;
        tx.commit().await?;
        orders::cancel_at_provider(state, expired).await;
    }
    if offers > 0 {
        tracing::info!(offers, "offered freed seats to the waiting list");
        state.outbox_notify.notify_one();
    }
    Ok(())
}
