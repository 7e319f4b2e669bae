//! The order lifecycle: pending → paid | cancelled | expired | failed, then refunded.
//! Every transition is a conditional UPDATE on the current status inside one transaction with
//! its effects (seats, coupon, tickets, e-mail), so a transition happens at most once.
pub mod actions;
pub mod admin;
mod fulfilment;
mod order;
mod refunds;

pub(crate) use fulfilment::place;
pub use order::{Order, OrderedProduct, load};

use std::time::Duration;

use serde::Serialize;
use sqlx::{AnyPool, AssertSqlSafe, Row};
use tokio::sync::watch;
use tokio::task::JoinHandle;
use utoipa::ToSchema;

use crate::agenda::seats;
use crate::commerce::invoices::{self, InvoiceKind};
use crate::commerce::products::ProductKind;
use crate::kit::closed_set::closed_set;
use crate::kit::configuration::PaymentProviderKind;
use crate::kit::db::{self, Tx};
use crate::platform::payments::{PaymentOutcome, PaymentUpdate};
use crate::platform::periodic;
use crate::platform::state::AppState;

closed_set! {
    pub enum OrderStatus {
        /// Waiting for the payment; holds its seats and coupon use until it expires.
        Pending = "pending",
        Paid = "paid",
        /// The buyer gave up at the payment page.
        Cancelled = "cancelled",
        /// Not paid in time.
        Expired = "expired",
        /// The payment failed or could not start.
        Failed = "failed",
        Refunded = "refunded",
    }
}

closed_set! {
    /// Why the coach must act on an order.
    pub enum OrderAttention {
        /// Paid after its hold ended, with no seat left: to be refunded.
        RefundNeeded = "refund_needed",
    }
}

closed_set! {
    /// What a line in an order's history records: the status it moved to (or kept), or that
    /// the coach must act.
    pub enum OrderHistoryStatus {
        Pending = "pending",
        Paid = "paid",
        Cancelled = "cancelled",
        Expired = "expired",
        Failed = "failed",
        Refunded = "refunded",
        RefundNeeded = "refund_needed",
    }
}

impl From<OrderStatus> for OrderHistoryStatus {
    fn from(status: OrderStatus) -> Self {
        match status {
            OrderStatus::Pending => Self::Pending,
            OrderStatus::Paid => Self::Paid,
            OrderStatus::Cancelled => Self::Cancelled,
            OrderStatus::Expired => Self::Expired,
            OrderStatus::Failed => Self::Failed,
            OrderStatus::Refunded => Self::Refunded,
        }
    }
}

impl From<OrderAttention> for OrderHistoryStatus {
    fn from(attention: OrderAttention) -> Self {
        match attention {
            OrderAttention::RefundNeeded => Self::RefundNeeded,
        }
    }
}

/// Appends a line to the order's history.
pub async fn record(
    tx: &mut Tx,
    order_id: i64,
    status: impl Into<OrderHistoryStatus>,
    note: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO order_history (order_id, status, note, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(order_id)
    .bind(status.into())
    .bind(note)
    .bind(db::now())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Gives back what a pending order held: its seats and its coupon use.
async fn release_hold(tx: &mut Tx, order_id: i64) -> Result<(), sqlx::Error> {
    let row = sqlx::query(
        "SELECT event_id, seats_held, coupon_id, coupon_held FROM orders WHERE id = $1",
    )
    .bind(order_id)
    .fetch_one(&mut **tx)
    .await?;
    let held: i64 = row.try_get("seats_held")?;
    if let Some(event_id) = row.try_get::<Option<i64>, _>("event_id")?
        && held > 0
    {
        seats::release(tx, event_id, held).await?;
    }
    if let Some(coupon_id) = row.try_get::<Option<i64>, _>("coupon_id")?
        && row.try_get::<i64, _>("coupon_held")? == 1
    {
        crate::commerce::coupons::release(tx, coupon_id).await?;
    }
    sqlx::query("UPDATE orders SET seats_held = 0, coupon_held = 0 WHERE id = $1")
        .bind(order_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Moves a pending order to `status` and releases its hold. False if it was no longer pending.
async fn end_pending(
    tx: &mut Tx,
    order_id: i64,
    status: OrderStatus,
    note: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE orders SET status = $1, updated_at = $2 WHERE id = $3 AND status = 'pending'",
    )
    .bind(status)
    .bind(db::now())
    .bind(order_id)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    release_hold(tx, order_id).await?;
    record(tx, order_id, status, note).await?;
    Ok(true)
}

const EXPIRED_NOTE: &str = "Niet betaald binnen de reservatietijd; plaatsen vrijgegeven.";

/// Expires the pending orders whose hold ran out (for one event, or all when None) and returns
/// their provider references, to end those payment sessions after the commit.
pub async fn expire_due_in(tx: &mut Tx, event_id: Option<i64>) -> Result<Vec<String>, sqlx::Error> {
    let now = db::now();
    let rows = match event_id {
        Some(event_id) => {
            sqlx::query(
                "SELECT id, provider_ref, event_id FROM orders WHERE status = 'pending' AND expires_at <= $1 AND event_id = $2",
            )
            .bind(&now)
            .bind(event_id)
            .fetch_all(&mut **tx)
            .await?
        }
        None => {
            sqlx::query(
                "SELECT id, provider_ref, event_id FROM orders WHERE status = 'pending' AND expires_at <= $1 \
                 ORDER BY expires_at LIMIT 200",
            )
            .bind(&now)
            .fetch_all(&mut **tx)
            .await?
        }
    };
    // Their events before the orders (see agenda::seats): all of them, in id order.
    let events = rows
        .iter()
        .map(|row| row.try_get::<Option<i64>, _>("event_id"))
        .collect::<Result<Vec<_>, _>>()?;
    seats::lock(tx, events.into_iter().flatten()).await?;
    let mut refs = Vec::new();
    for row in rows {
        if end_pending(tx, row.try_get("id")?, OrderStatus::Expired, EXPIRED_NOTE).await?
            && let Some(provider_ref) = row.try_get::<Option<String>, _>("provider_ref")?
        {
            refs.push(provider_ref);
        }
    }
    Ok(refs)
}

/// Ends the provider's payment sessions of expired orders (best effort: a payment that still
/// comes in is handled as a late payment).
pub async fn cancel_at_provider(state: &AppState, provider_refs: Vec<String>) {
    for provider_ref in provider_refs {
        if let Err(e) = state.payments.cancel_payment(&provider_ref).await {
            tracing::warn!(
                error = format!("{e:#}"),
                provider_ref,
                "could not end the payment session"
            );
        }
    }
}

/// The provider would not start the payment: the order fails and lets go of its hold.
pub async fn fail_unstarted(pool: &AnyPool, order_id: i64) -> Result<(), sqlx::Error> {
    let mut tx = db::begin_write(pool).await?;
    // The event before the order (see agenda::seats).
    let event_id: Option<i64> = sqlx::query("SELECT event_id FROM orders WHERE id = $1")
        .bind(order_id)
        .fetch_one(&mut *tx)
        .await?
        .try_get("event_id")?;
    seats::lock(&mut tx, event_id).await?;
    end_pending(
        &mut tx,
        order_id,
        OrderStatus::Failed,
        "De betaalprovider kon de betaling niet starten.",
    )
    .await?;
    tx.commit().await
}

/// Sweeps expired holds every `interval` until `stop` turns true.
pub fn spawn(state: AppState, interval: Duration, stop: watch::Receiver<bool>) -> JoinHandle<()> {
    periodic::every("sweeping expired orders", interval, stop, move || {
        let state = state.clone();
        async move { sweep(&state).await }
    })
}

async fn sweep(state: &AppState) -> anyhow::Result<()> {
    let mut tx = db::begin_write(&state.pool).await?;
    let refs = expire_due_in(&mut tx, None).await?;
    tx.commit().await?;
    if !refs.is_empty() {
        tracing::info!(count = refs.len(), "expired unpaid orders");
    }
    cancel_at_provider(state, refs).await;
    Ok(())
}

/// What applying a webhook did, for the log and the tests.
#[derive(Debug, PartialEq, Eq)]
pub enum Applied {
    /// This event id was applied before.
    Duplicate,
    /// No order has this provider reference.
    UnknownOrder,
    /// The order moved (or, for a late payment, was flagged).
    Changed,
    /// Nothing to do: the order was already past this point, or the event means nothing new.
    Ignored,
}

/// Applies one verified provider update exactly once: the event id is remembered in the same
/// transaction as its effect, and every transition is conditional on the current status.
pub async fn apply_payment_update(
    state: &AppState,
    provider: PaymentProviderKind,
    update: &PaymentUpdate,
) -> anyhow::Result<Applied> {
    let mut tx = db::begin_write(&state.pool).await?;
    let order = order::load_by_provider_ref(&mut *tx, &update.provider_ref).await?;
    // Its event before any write (see agenda::seats): an ended payment frees seats, a late one
    // takes them.
    if let Some(order) = &order {
        seats::lock(&mut tx, order.event_id).await?;
    }
    let order_id = order.as_ref().map(|o| o.id);
    let first_time = sqlx::query(
        "INSERT INTO payment_events (provider, event_id, order_id, received_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (provider, event_id) DO NOTHING",
    )
    .bind(provider)
    .bind(&update.event_id)
    .bind(order_id)
    .bind(db::now())
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1;
    if !first_time {
        return Ok(Applied::Duplicate);
    }
    let Some(mut order) = order else {
        tx.commit().await?;
        tracing::warn!(
            %provider,
            provider_ref = update.provider_ref,
            "payment update for an unknown order"
        );
        return Ok(Applied::UnknownOrder);
    };
    let order_id = order.id;
    // Each arm starts with a conditional UPDATE of the order row: on PostgreSQL it locks the row,
    // so a concurrent delivery waits and then finds the status already moved.
    let applied = match update.outcome {
        None => Applied::Ignored,
        Some(PaymentOutcome::Paid) => {
            if mark_paid(
                &mut tx,
                &mut order,
                "status = 'pending'",
                "Betaling ontvangen.",
            )
            .await?
            {
                fulfilment::fulfil(&mut tx, state, &order).await?;
                Applied::Changed
            } else if claim_late(&mut tx, order_id).await? {
                late_payment(&mut tx, state, &mut order).await?;
                Applied::Changed
            } else {
                Applied::Ignored
            }
        }
        Some(outcome) => {
            let (status, note) = match outcome {
                PaymentOutcome::Cancelled => (
                    OrderStatus::Cancelled,
                    "Betaling geannuleerd; plaatsen vrijgegeven.",
                ),
                PaymentOutcome::Expired => (OrderStatus::Expired, EXPIRED_NOTE),
                _ => (
                    OrderStatus::Failed,
                    "Betaling mislukt; plaatsen vrijgegeven.",
                ),
            };
            if end_pending(&mut tx, order_id, status, note).await? {
                Applied::Changed
            } else {
                Applied::Ignored
            }
        }
    };
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok(applied)
}

/// Marks the order paid if `condition` (SQL on the order row) holds, in the row and in `order`;
/// false if it did not.
async fn mark_paid(
    tx: &mut Tx,
    order: &mut Order,
    condition: &'static str,
    note: &str,
) -> Result<bool, sqlx::Error> {
    let now = db::now();
    let done = sqlx::query(AssertSqlSafe(format!(
        "UPDATE orders SET status = 'paid', paid_at = $1, updated_at = $1 WHERE id = $2 AND {condition}"
    )))
    .bind(&now)
    .bind(order.id)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    order.status = OrderStatus::Paid;
    order.paid_at = Some(now);
    record(tx, order.id, OrderStatus::Paid, note).await?;
    Ok(true)
}

/// Takes the order row for a late payment: it ended unpaid and was not flagged yet.
async fn claim_late(tx: &mut Tx, order_id: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE orders SET updated_at = $1 WHERE id = $2 \
         AND status IN ('expired', 'cancelled', 'failed') AND attention IS NULL",
    )
    .bind(db::now())
    .bind(order_id)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Why a late payment cannot be honoured, as the buyer reads it (after "intussen").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TooLate {
    /// The seats went to other buyers.
    NoSeats,
    /// Seats came free, but people wait for them on the waiting list: they are the line's.
    LineWaits,
    /// The coupon's uses ran out.
    CouponUsedUp,
}

impl TooLate {
    /// For the buyer's mail: why the order cannot go ahead.
    pub fn reason(self) -> &'static str {
        match self {
            Self::NoSeats => "is er geen plaats meer vrij",
            Self::LineWaits => "gaan de plaatsen die vrijkwamen naar wie op de wachtlijst staat",
            Self::CouponUsedUp => "is de kortingscode opgebruikt",
        }
    }

    fn history_note(self) -> &'static str {
        match self {
            Self::NoSeats => {
                "Betaling ontvangen na het verlopen van de reservatie, maar er is geen plaats meer: terugbetalen."
            }
            Self::LineWaits => {
                "Betaling ontvangen na het verlopen van de reservatie; de vrijgekomen plaatsen zijn van de wachtlijst: terugbetalen."
            }
            Self::CouponUsedUp => {
                "Betaling ontvangen na het verlopen van de reservatie, maar de kortingscode is opgebruikt: terugbetalen."
            }
        }
    }
}

/// Money arrived after the hold ended. Honoured when the seats (and the coupon use) are still
/// free and nobody waits for them on the event's waiting list (a freed seat is the line's);
/// otherwise the order is flagged for the coach to refund, and she and the buyer get an e-mail.
async fn late_payment(tx: &mut Tx, state: &AppState, order: &mut Order) -> anyhow::Result<()> {
    let (order_id, event_id, quantity, coupon_id) =
        (order.id, order.event_id, order.quantity, order.coupon_id);
    let mut too_late = None;
    let seats_ok = match event_id {
        Some(event_id) if seats::line_waits(tx, event_id).await? => {
            too_late = Some(TooLate::LineWaits);
            false
        }
        Some(event_id) => {
            let taken = seats::take(tx, event_id, quantity).await?;
            if !taken {
                too_late = Some(TooLate::NoSeats);
            }
            taken
        }
        None => true,
    };
    let coupon_ok = seats_ok
        && match coupon_id {
            Some(coupon_id) => crate::commerce::coupons::hold(tx, coupon_id).await?,
            None => true,
        };
    if seats_ok && coupon_ok {
        sqlx::query("UPDATE orders SET seats_held = $1, coupon_held = $2 WHERE id = $3")
            .bind(if event_id.is_some() { quantity } else { 0 })
            .bind(i64::from(coupon_id.is_some()))
            .bind(order_id)
            .execute(&mut **tx)
            .await?;
        mark_paid(
            tx,
            order,
            "status <> 'paid'",
            "Betaling ontvangen na het verlopen van de reservatie; de plaatsen waren nog vrij.",
        )
        .await?;
        fulfilment::fulfil(tx, state, order).await?;
        return Ok(());
    }
    if seats_ok && let Some(event_id) = event_id {
        // The coupon blocked it: give the seats back.
        seats::untake(tx, event_id, quantity).await?;
    }
    let too_late = too_late.unwrap_or(TooLate::CouponUsedUp);
    sqlx::query("UPDATE orders SET attention = $1, paid_at = $2, updated_at = $2 WHERE id = $3")
        .bind(OrderAttention::RefundNeeded)
        .bind(db::now())
        .bind(order_id)
        .execute(&mut **tx)
        .await?;
    record(
        tx,
        order_id,
        OrderAttention::RefundNeeded,
        too_late.history_note(),
    )
    .await?;
    fulfilment::notify_refund_needed(tx, state, order, too_late).await?;
    Ok(())
}

#[derive(Serialize, ToSchema)]
pub struct OrderEvent {
    pub id: i64,
    pub title: String,
    pub starts_at: String,
    pub ends_at: String,
    pub venue_name: Option<String>,
    pub city: Option<String>,
    pub online_url: Option<String>,
}

/// The order as its buyer may see it on the success and cancelled pages.
#[derive(Serialize, ToSchema)]
pub struct OrderSummary {
    pub order_id: String,
    pub status: OrderStatus,
    pub product_slug: String,
    pub product_name: String,
    pub product_kind: ProductKind,
    pub event: Option<OrderEvent>,
    pub quantity: i64,
    pub subtotal_cents: i64,
    pub discount_cents: i64,
    pub total_cents: i64,
    pub coupon_code: Option<String>,
    pub first_name: String,
    pub email: String,
    pub expires_at: String,
    pub paid_at: Option<String>,
    /// Tickets issued for this order.
    pub ticket_count: i64,
    /// Paid course orders: where the course is followed.
    pub access_url: Option<String>,
    /// The invoice's number once paid (download: `/api/orders/{order_id}/documents/factuur.pdf`).
    pub invoice_number: Option<String>,
    /// True when the invoice also exists as UBL XML (`factuur.xml`): made out to a company.
    pub invoice_xml: bool,
    /// The credit note's number once refunded (`creditnota.pdf`).
    pub credit_note_number: Option<String>,
}

pub async fn summary(pool: &AnyPool, public_id: &str) -> Result<Option<OrderSummary>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT o.id, o.public_id, o.status, o.quantity, o.subtotal_cents, o.discount_cents, o.total_cents, \
         o.coupon_code, o.first_name, o.email, o.expires_at, o.paid_at, \
         p.slug, p.name AS product_name, p.kind AS product_kind, p.access_url, \
         e.id AS event_id, e.title, e.starts_at, e.ends_at, e.venue_name, e.city, e.online_url, \
         (SELECT COUNT(*) FROM tickets t WHERE t.order_id = o.id) AS ticket_count \
         FROM orders o JOIN products p ON p.id = o.product_id LEFT JOIN events e ON e.id = o.event_id \
         WHERE o.public_id = $1",
    )
    .bind(public_id)
    .fetch_optional(pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let status: OrderStatus = row.try_get("status")?;
    let event = match row.try_get::<Option<i64>, _>("event_id")? {
        Some(id) => Some(OrderEvent {
            id,
            title: row.try_get("title")?,
            starts_at: row.try_get("starts_at")?,
            ends_at: row.try_get("ends_at")?,
            venue_name: row.try_get("venue_name")?,
            city: row.try_get("city")?,
            online_url: if status == OrderStatus::Paid {
                row.try_get("online_url")?
            } else {
                None
            },
        }),
        None => None,
    };
    let access_url: Option<String> = row.try_get("access_url")?;
    let mut conn = pool.acquire().await?;
    let issued = invoices::of_order(&mut conn, row.try_get("id")?).await?;
    let find = |kind| issued.iter().find(|i| i.kind == kind);
    let invoice = find(InvoiceKind::Invoice);
    Ok(Some(OrderSummary {
        invoice_number: invoice.map(|i| i.number.clone()),
        invoice_xml: invoice.is_some_and(|i| i.has_xml),
        credit_note_number: find(InvoiceKind::CreditNote).map(|i| i.number.clone()),
        order_id: row.try_get("public_id")?,
        product_slug: row.try_get("slug")?,
        product_name: row.try_get("product_name")?,
        product_kind: row.try_get("product_kind")?,
        event,
        quantity: row.try_get("quantity")?,
        subtotal_cents: row.try_get("subtotal_cents")?,
        discount_cents: row.try_get("discount_cents")?,
        total_cents: row.try_get("total_cents")?,
        coupon_code: row.try_get("coupon_code")?,
        first_name: row.try_get("first_name")?,
        email: row.try_get("email")?,
        expires_at: row.try_get("expires_at")?,
        paid_at: row.try_get("paid_at")?,
        ticket_count: row.try_get("ticket_count")?,
        access_url: access_url.filter(|_| status == OrderStatus::Paid),
        status,
    }))
}
