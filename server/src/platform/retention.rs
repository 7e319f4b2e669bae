//! Forgets what is no longer needed, on a timer (the periods are on the privacy page):
//! - sent (or given-up) mails and webhooks lose their body and attachments after 30 days; an
//!   e-mail keeps its address and subject, so the coach can still see that it went out;
//! - signups never confirmed are deleted 30 days after the signup;
//! - orders that were never paid (expired, cancelled, failed) lose the buyer's personal data
//!   30 days after their last change; paid orders stay complete, for the accounts;
//! - waiting-list entries are deleted 30 days after their event ended;
//! - sign-in and recovery throttle counters are deleted once they are out of their window.
use std::time::Duration;

use jiff::{SignedDuration, Timestamp};
use sqlx::{AnyPool, Row};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::kit::db;
use crate::platform::outbox::EmailMessage;
use crate::platform::periodic;

pub const KEEP: SignedDuration = SignedDuration::from_hours(24 * 30);
/// Longer than any sign-in throttle window (the longest is an hour).
const THROTTLE_KEEP: SignedDuration = SignedDuration::from_hours(24);
/// Bodies rewritten per statement round, so one pass never holds a long transaction.
const BATCH: i64 = 500;

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Purged {
    pub mail_bodies: u64,
    pub unconfirmed_signups: u64,
    pub unpaid_orders: u64,
    pub waitlist_entries: u64,
    pub throttle_counters: u64,
    pub review_invitations: u64,
}

pub fn spawn(pool: AnyPool, interval: Duration, stop: watch::Receiver<bool>) -> JoinHandle<()> {
    periodic::every("retention pass", interval, stop, move || {
        let pool = pool.clone();
        async move {
            let purged = purge(&pool, Timestamp::now()).await?;
            if purged != Purged::default() {
                tracing::info!(?purged, "retention pass");
            }
            Ok(())
        }
    })
}

/// One pass at time `now`.
pub async fn purge(pool: &AnyPool, now: Timestamp) -> anyhow::Result<Purged> {
    let cutoff = db::format_ts(now - KEEP);
    let mut purged = Purged {
        mail_bodies: purge_outbox_bodies(pool, &cutoff).await?,
        ..Purged::default()
    };
    purged.unconfirmed_signups = sqlx::query(
        "DELETE FROM newsletter_subscribers WHERE status = 'pending' AND updated_at < $1",
    )
    .bind(&cutoff)
    .execute(pool)
    .await?
    .rows_affected();
    purged.unpaid_orders = sqlx::query(
        "UPDATE orders SET first_name = '', last_name = '', email = '', phone = NULL, company = NULL, \
         vat_number = NULL, checkout_url = NULL, billing_street = NULL, billing_postal_code = NULL, \
         billing_city = NULL \
         WHERE status IN ('expired', 'cancelled', 'failed') AND paid_at IS NULL AND email <> '' \
         AND updated_at < $1",
    )
    .bind(&cutoff)
    .execute(pool)
    .await?
    .rows_affected();
    purged.waitlist_entries = sqlx::query(
        "DELETE FROM waitlist_entries WHERE event_id IN (SELECT id FROM events WHERE ends_at < $1)",
    )
    .bind(&cutoff)
    .execute(pool)
    .await?
    .rows_affected();
    purged.throttle_counters = sqlx::query("DELETE FROM auth_throttle WHERE last_at < $1")
        .bind(db::format_ts(now - THROTTLE_KEEP))
        .execute(pool)
        .await?
        .rows_affected();
    // An invitation expired a month ago names an event long past the invitation window
    // (`reviews::invitations`), so its address is no longer needed to keep it at one.
    purged.review_invitations = sqlx::query("DELETE FROM review_invitations WHERE expires_at < $1")
        .bind(&cutoff)
        .execute(pool)
        .await?
        .rows_affected();
    Ok(purged)
}

async fn purge_outbox_bodies(pool: &AnyPool, cutoff: &str) -> anyhow::Result<u64> {
    let mut total = 0;
    loop {
        let rows = sqlx::query(
            "SELECT id, kind, payload FROM outbox WHERE status IN ('sent', 'dead') \
             AND body_purged_at IS NULL AND COALESCE(sent_at, created_at) < $1 ORDER BY id LIMIT $2",
        )
        .bind(cutoff)
        .bind(BATCH)
        .fetch_all(pool)
        .await?;
        if rows.is_empty() {
            return Ok(total);
        }
        let now = db::now();
        let mut tx = pool.begin().await?;
        for row in &rows {
            let kind: String = row.try_get("kind")?;
            let payload: String = row.try_get("payload")?;
            let kept = match serde_json::from_str::<EmailMessage>(&payload) {
                Ok(mail) if kind == "email" => serde_json::to_string(&EmailMessage {
                    to: mail.to,
                    from_name: mail.from_name,
                    subject: mail.subject,
                    text: String::new(),
                    html: String::new(),
                    attachments: Vec::new(),
                    reply_to: None,
                    headers: Vec::new(),
                    secrets: Vec::new(),
                })?,
                _ => "{}".to_string(),
            };
            sqlx::query("UPDATE outbox SET payload = $1, body_purged_at = $2 WHERE id = $3")
                .bind(kept)
                .bind(&now)
                .bind(row.try_get::<i64, _>("id")?)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        total += rows.len() as u64;
    }
}
