//! Forgets what is no longer needed, on a timer (the periods are on the privacy page):
//! - sent (or given-up) mails and webhooks lose their body and attachments after 30 days; an
//!   e-mail keeps its address and subject, so the coach can still see that it went out;
//! - signups never confirmed are deleted 30 days after the signup, and a self-test result whose
//!   mail was never confirmed loses the e-mail address 30 days after the request;
//! - a self-test result without an e-mail address becomes a count 30 days after it was made
//!   (`selftest_result_counts`: version, Brussels day, profile) and its row is deleted;
//! - orders that were never paid (expired, cancelled, failed) lose the buyer's personal data
//!   30 days after their last change; paid orders stay complete, for the accounts;
//! - waiting-list entries are deleted 30 days after their event ended;
//! - sign-in and recovery throttle counters are deleted once they are out of their window.
use std::collections::BTreeMap;
use std::time::Duration;

use jiff::{SignedDuration, Timestamp};
use sqlx::{AnyPool, Row};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::kit::{brussels, db};
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
    pub unconfirmed_selftest_mails: u64,
    pub anonymous_selftest_results: u64,
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
    purged.unconfirmed_selftest_mails = sqlx::query(
        "UPDATE selftest_results SET email = NULL, email_normalized = NULL, mail_status = 'none', \
         confirm_token_hash = NULL, result_token_sealed = NULL, newsletter = 0, mail_requested_at = NULL \
         WHERE mail_status = 'pending' AND mail_requested_at < $1",
    )
    .bind(&cutoff)
    .execute(pool)
    .await?
    .rows_affected();
    purged.anonymous_selftest_results = count_anonymous_selftest_results(pool, &cutoff).await?;
    purged.unpaid_orders = sqlx::query(
        "UPDATE orders SET first_name = '', last_name = '', email = '', phone = NULL, company = NULL, \
         vat_number = NULL, registration_number = NULL, checkout_url = NULL, billing_street = NULL, billing_postal_code = NULL, \
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

/// Self-test results made before `cutoff` that never got an e-mail address: each adds one to
/// the count of its version, Brussels day and profile, and its row goes, in one transaction per
/// batch. A visitor who asks for her old result by mail meanwhile keeps it: only rows still
/// without an address are deleted and counted.
async fn count_anonymous_selftest_results(pool: &AnyPool, cutoff: &str) -> anyhow::Result<u64> {
    let mut total = 0;
    loop {
        let mut tx = db::begin_write(pool).await?;
        let rows = sqlx::query(
            "SELECT id, version_id, primary_profile_id, created_at FROM selftest_results \
             WHERE email IS NULL AND mail_status = 'none' AND created_at < $1 ORDER BY id LIMIT $2",
        )
        .bind(cutoff)
        .bind(BATCH)
        .fetch_all(&mut *tx)
        .await?;
        if rows.is_empty() {
            return Ok(total);
        }
        let mut counts: BTreeMap<(i64, String, String), i64> = BTreeMap::new();
        for row in &rows {
            let deleted = sqlx::query(
                "DELETE FROM selftest_results WHERE id = $1 AND email IS NULL AND mail_status = 'none'",
            )
            .bind(row.try_get::<i64, _>("id")?)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if deleted == 0 {
                continue;
            }
            let made = db::parse_ts(&row.try_get::<String, _>("created_at")?)?;
            let key = (
                row.try_get::<i64, _>("version_id")?,
                brussels::at(made).date().to_string(),
                row.try_get::<String, _>("primary_profile_id")?,
            );
            *counts.entry(key).or_default() += 1;
            total += 1;
        }
        for ((version_id, day, profile_id), n) in counts {
            sqlx::query(
                "INSERT INTO selftest_result_counts (version_id, day, profile_id, count) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT (version_id, day, profile_id) \
                 DO UPDATE SET count = selftest_result_counts.count + excluded.count",
            )
            .bind(version_id)
            .bind(day)
            .bind(profile_id)
            .bind(n)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
    }
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
