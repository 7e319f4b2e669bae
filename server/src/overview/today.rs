//! What needs the coach today: one list in time order, and the counts of what waits that the
//! admin menu shows as badges. The one owner of "unread", "needs attention" and "undelivered".
use axum::Json;
use axum::extract::State;
use jiff::{Timestamp, ToSpan};
use serde::Serialize;
use sqlx::{AnyPool, AssertSqlSafe, Row};
use utoipa::ToSchema;

use crate::agenda::events::EventKind;
use crate::agenda::intro_calls::CallMode;
use crate::audience::contact::ContactSubject;
use crate::commerce::orders::admin::{self as orders, AdminOrder};
use crate::kit::brussels;
use crate::kit::closed_set::closed_set;
use crate::kit::db;
use crate::kit::error::AppError;
use crate::platform::state::AppState;

/// The most lines of one kind (the page it links to has them all).
const MAX_PER_KIND: i64 = 20;
/// Failed payments stay on the list this long.
const FAILED_DAYS: i64 = 30;
/// Mails the outbox gave up on stay on the list this long.
const UNDELIVERED_DAYS: i64 = 14;

/// Orders the coach must look at: flagged (a late payment to refund), or a payment that failed
/// in the last `FAILED_DAYS` days. `$1` is the cut-off for failures.
const ATTENTION_ORDERS: &str =
    "WHERE o.attention IS NOT NULL OR (o.status = 'failed' AND o.created_at >= $1)";
/// E-mails the outbox gave up on; `$1` is the cut-off.
const UNDELIVERED_MAILS: &str =
    "FROM outbox WHERE kind = 'email' AND status = 'dead' AND created_at >= $1";

/// Under `/api/admin`.
pub mod admin {
    use utoipa_axum::router::OpenApiRouter;
    use utoipa_axum::routes;

    use crate::platform::state::AppState;

    pub fn routes() -> OpenApiRouter<AppState> {
        OpenApiRouter::new().routes(routes!(super::today))
    }
}

closed_set! {
    /// What a line on the today list is about.
    pub enum TodayKind {
        /// An intro call today or tomorrow.
        IntroCall = "intro_call",
        /// An event today or tomorrow (any kind, published).
        Event = "event",
        /// A contact message not read yet.
        Message = "message",
        /// An order that needs attention.
        Order = "order",
        /// An e-mail that could not be delivered.
        Mail = "mail",
        /// A seat offered to someone on a waiting list, not claimed yet.
        WaitlistOffer = "waitlist_offer",
    }
}

#[derive(Serialize, ToSchema)]
pub struct TodayItem {
    pub kind: TodayKind,
    /// The id of the call, event, message, order, outbox mail or waiting-list entry.
    pub id: i64,
    /// UTC, RFC 3339: when it starts (call, event), arrived (message, order), was sent (mail)
    /// or when the offer ends (waiting list). The list is in this order.
    pub at: String,
    /// Who or what: the name (call, message, order, waiting list), the event's title, or the
    /// address a mail was for.
    pub title: String,
    /// The message's subject (in words), the order's product, the mail's subject, the event of an offer.
    pub detail: Option<String>,
    /// The e-mail address of the person (call, message, order, mail, waiting list).
    pub email: Option<String>,
    /// Event and waiting list: the kind of event (which admin page has it).
    pub event_kind: Option<EventKind>,
    /// Event: seats still free.
    pub seats_left: Option<i64>,
    /// Intro call: how it takes place.
    pub call_mode: Option<CallMode>,
    /// Order: true when it waits for a refund (else its payment failed).
    pub refund_needed: Option<bool>,
}

#[derive(Serialize, ToSchema)]
pub struct WaitingCounts {
    pub unread_messages: i64,
    pub attention_orders: i64,
    pub undelivered_mails: i64,
}

#[derive(Serialize, ToSchema)]
pub struct Today {
    /// Oldest first: what waits since earlier, then today's and tomorrow's appointments.
    pub items: Vec<TodayItem>,
    /// All of them, also beyond the lines listed.
    pub waiting: WaitingCounts,
}

fn item(kind: TodayKind, id: i64, at: String, title: String) -> TodayItem {
    TodayItem {
        kind,
        id,
        at,
        title,
        detail: None,
        email: None,
        event_kind: None,
        seats_left: None,
        call_mode: None,
        refund_needed: None,
    }
}

#[utoipa::path(
    get,
    path = "/admin/today",
    operation_id = "admin_today",
    tag = "admin",
    responses(
        (status = 200, description = "Today's and tomorrow's intro calls and events, unread messages, orders needing attention, undelivered mails and open waiting-list offers, in time order; with the counts of what waits", body = Today),
    )
)]
pub async fn today(State(state): State<AppState>) -> Result<Json<Today>, AppError> {
    let pool = &state.pool;
    let now = Timestamp::now();
    let failed_since = db::format_ts(now - (FAILED_DAYS * 24).hours());
    let mails_since = db::format_ts(now - (UNDELIVERED_DAYS * 24).hours());
    // Until the end of tomorrow in Brussels.
    let day_after_tomorrow = brussels::at(now)
        .date()
        .checked_add(2.days())
        .map_err(anyhow::Error::from)?;
    let horizon = db::format_ts(brussels::start_of(day_after_tomorrow)?);
    let now = db::format_ts(now);

    let mut items = Vec::new();

    for row in sqlx::query(
        "SELECT id, starts_at, name, email, mode FROM intro_calls \
         WHERE status = 'booked' AND ends_at > $1 AND starts_at < $2 ORDER BY starts_at, id LIMIT $3",
    )
    .bind(&now)
    .bind(&horizon)
    .bind(MAX_PER_KIND)
    .fetch_all(pool)
    .await?
    {
        let mut line = item(
            TodayKind::IntroCall,
            row.try_get("id")?,
            row.try_get("starts_at")?,
            row.try_get("name")?,
        );
        line.email = row.try_get("email")?;
        line.call_mode = row.try_get("mode")?;
        items.push(line);
    }

    for row in sqlx::query(
        "SELECT id, starts_at, title, kind, capacity, seats_taken FROM events \
         WHERE status = 'published' AND ends_at > $1 AND starts_at < $2 ORDER BY starts_at, id LIMIT $3",
    )
    .bind(&now)
    .bind(&horizon)
    .bind(MAX_PER_KIND)
    .fetch_all(pool)
    .await?
    {
        let mut line = item(
            TodayKind::Event,
            row.try_get("id")?,
            row.try_get("starts_at")?,
            row.try_get("title")?,
        );
        line.event_kind = row.try_get("kind")?;
        let capacity: i64 = row.try_get("capacity")?;
        let taken: i64 = row.try_get("seats_taken")?;
        line.seats_left = Some((capacity - taken).max(0));
        items.push(line);
    }

    for row in sqlx::query(
        "SELECT id, created_at, name, email, subject FROM contact_messages \
         WHERE status = 'unread' ORDER BY created_at DESC, id DESC LIMIT $1",
    )
    .bind(MAX_PER_KIND)
    .fetch_all(pool)
    .await?
    {
        let mut line = item(
            TodayKind::Message,
            row.try_get("id")?,
            row.try_get("created_at")?,
            row.try_get("name")?,
        );
        line.email = row.try_get("email")?;
        let subject: ContactSubject = row.try_get("subject")?;
        line.detail = Some(subject.label().to_string());
        items.push(line);
    }

    for order in attention_orders(pool, &failed_since, MAX_PER_KIND).await? {
        let mut line = item(
            TodayKind::Order,
            order.id,
            order.created_at,
            format!("{} {}", order.first_name, order.last_name),
        );
        line.detail = Some(match order.event_title {
            Some(event) => format!("{} · {event}", order.product_name),
            None => order.product_name,
        });
        line.email = Some(order.email);
        line.refund_needed = Some(order.attention.is_some());
        items.push(line);
    }

    for row in sqlx::query(AssertSqlSafe(format!(
        "SELECT id, created_at, payload {UNDELIVERED_MAILS} ORDER BY created_at DESC, id DESC LIMIT $2"
    )))
    .bind(&mails_since)
    .bind(MAX_PER_KIND)
    .fetch_all(pool)
    .await?
    {
        // Only the address and subject are read; a body may have been purged.
        let payload: serde_json::Value =
            serde_json::from_str(&row.try_get::<String, _>("payload")?).unwrap_or_default();
        let to = payload["to"].as_str().unwrap_or_default().to_string();
        let mut line = item(
            TodayKind::Mail,
            row.try_get("id")?,
            row.try_get("created_at")?,
            to.clone(),
        );
        line.detail = payload["subject"].as_str().map(str::to_string);
        line.email = (!to.is_empty()).then_some(to);
        items.push(line);
    }

    for row in sqlx::query(
        "SELECT w.id, w.offered_until, w.name, w.email, e.title, e.kind FROM waitlist_entries w \
         JOIN events e ON e.id = w.event_id \
         WHERE w.status = 'offered' AND w.offered_until > $1 ORDER BY w.offered_until, w.id LIMIT $2",
    )
    .bind(&now)
    .bind(MAX_PER_KIND)
    .fetch_all(pool)
    .await?
    {
        let mut line = item(
            TodayKind::WaitlistOffer,
            row.try_get("id")?,
            row.try_get("offered_until")?,
            row.try_get("name")?,
        );
        line.email = row.try_get("email")?;
        line.detail = row.try_get("title")?;
        line.event_kind = row.try_get("kind")?;
        items.push(line);
    }

    // One stored format (fixed width, UTC), so the text order is the time order.
    items.sort_by(|a, b| a.at.cmp(&b.at).then(a.id.cmp(&b.id)));

    let waiting = WaitingCounts {
        unread_messages: crate::audience::contact::admin::unread_count(pool).await?,
        attention_orders: count(
            pool,
            &format!("SELECT COUNT(*) AS n FROM orders o {ATTENTION_ORDERS}"),
            &failed_since,
        )
        .await?,
        undelivered_mails: count(
            pool,
            &format!("SELECT COUNT(*) AS n {UNDELIVERED_MAILS}"),
            &mails_since,
        )
        .await?,
    };
    Ok(Json(Today { items, waiting }))
}

/// The orders that need attention, newest first.
async fn attention_orders(
    pool: &AnyPool,
    failed_since: &str,
    limit: i64,
) -> Result<Vec<AdminOrder>, AppError> {
    let sql = format!("{} LIMIT $2", orders::select(ATTENTION_ORDERS));
    let rows = sqlx::query(AssertSqlSafe(sql))
        .bind(failed_since)
        .bind(limit)
        .fetch_all(pool)
        .await?;
    Ok(rows
        .iter()
        .map(AdminOrder::from_row)
        .collect::<Result<_, _>>()?)
}

/// `sql` (a COUNT(*) AS n with one parameter) for `bind`.
async fn count(pool: &AnyPool, sql: &str, bind: &str) -> Result<i64, sqlx::Error> {
    sqlx::query(AssertSqlSafe(sql.to_string()))
        .bind(bind.to_string())
        .fetch_one(pool)
        .await?
        .try_get("n")
}
