//! Sends campaigns: starts scheduled ones when due, claims pending recipients in small batches
//! with a lease, sends each through the mail transport at the configured rate and marks it sent
//! at once. Several servers on one database share the work: a row is claimed by one conditional
//! UPDATE with this process's owner id, the lease is renewed by a heartbeat while the process
//! lives (`platform::leases`), so a slow batch never passes to a second server, and a crashed
//! server's batch is taken over one (short) lease after its last heartbeat. A crash can so
//! repeat only the mail that went out but was not marked yet, and never skips anyone (a row
//! stays pending until it is marked).
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::sync::Arc;
use std::time::Duration;

use jiff::{SignedDuration, Timestamp};
use sqlx::{AnyPool, Row};
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tokio::time::Instant;

use super::render::{Content, Recipient, mail};
use super::{CampaignStatus, start_sending};
use crate::audience::newsletter;
use crate::kit::configuration::CampaignSettings;
use crate::kit::db;
use crate::platform::leases::{self, Lease};
use crate::platform::outbox::Deliverer;
use crate::platform::state::AppState;

/// Transport errors a recipient may meet before it counts as failed.
const MAX_ATTEMPTS: i64 = 5;

/// Starts the sender; it stops when `stop` becomes true, handing back what it had claimed.
pub fn spawn(
    state: AppState,
    deliverer: Arc<Deliverer>,
    settings: CampaignSettings,
    lease: Arc<Lease>,
    mut stop: watch::Receiver<bool>,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut pacer = Pacer::new(settings.messages_per_second);
        loop {
            if let Err(e) = run_due(&state, &deliverer, &settings, &lease, &mut pacer, &stop).await
            {
                tracing::warn!(error = format!("{e:#}"), "newsletter sending pass failed");
            }
            tokio::select! {
                _ = stop.changed() => break,
                _ = tokio::time::sleep(settings.poll_interval()) => {}
            }
            if *stop.borrow() {
                break;
            }
        }
    })
}

/// At most `rate` sends per second, without bursts.
struct Pacer {
    interval: Duration,
    next: Instant,
}

impl Pacer {
    fn new(rate: u32) -> Self {
        Self {
            interval: Duration::from_secs(1) / rate.max(1),
            next: Instant::now(),
        }
    }

    async fn wait(&mut self) {
        let now = Instant::now();
        if self.next > now {
            tokio::time::sleep_until(self.next).await;
        }
        self.next = self.next.max(now) + self.interval;
    }
}

struct Claimed {
    id: i64,
    campaign_id: i64,
    subscriber_id: Option<i64>,
    email: String,
    attempts: i64,
}

/// A campaign as the sender needs it.
struct Sending {
    content: Content,
    service_message: bool,
}

/// The leases on newsletter recipients.
pub fn lease(settings: &CampaignSettings) -> Arc<Lease> {
    Lease::new("campaign_recipients", "lease_until", settings.lease())
}

async fn run_due(
    state: &AppState,
    deliverer: &Deliverer,
    settings: &CampaignSettings,
    lease: &Lease,
    pacer: &mut Pacer,
    stop: &watch::Receiver<bool>,
) -> anyhow::Result<()> {
    start_scheduled(&state.pool).await?;
    let mut campaigns: HashMap<i64, Sending> = HashMap::new();
    loop {
        if *stop.borrow() {
            return Ok(());
        }
        let batch = claim(&state.pool, lease, settings).await?;
        if batch.is_empty() {
            finish(&state.pool).await?;
            return Ok(());
        }
        let mut rest = batch.iter();
        while let Some(r) = rest.next() {
            if *stop.borrow() {
                // Handed back, so a restart continues at once instead of after the lease.
                release(&state.pool, std::iter::once(r).chain(rest)).await?;
                return Ok(());
            }
            if let Entry::Vacant(slot) = campaigns.entry(r.campaign_id) {
                slot.insert(load(&state.pool, r.campaign_id).await?);
            }
            let campaign = &campaigns[&r.campaign_id];
            pacer.wait().await;
            // A lease that could not be renewed in time may have passed to another server:
            // the rest of the batch is left to it (or to this server once the lease ends).
            if !lease.held() {
                tracing::warn!(
                    "newsletter lease not renewed in time; leaving the rest of the batch"
                );
                return Ok(());
            }
            // Read again right before the mail leaves, not once per batch: an erasure or an
            // unsubscribe that committed after the claim (a batch may take minutes on a slow
            // mail server) still stops it.
            let unsubscribe = match still_to_send(&state.pool, r, campaign.service_message).await? {
                StillToSend::Yes => r
                    .subscriber_id
                    .filter(|_| !campaign.service_message)
                    .map(|id| newsletter::unsubscribe_links(state, id)),
                // Erased (her row was skipped and blanked) or no longer ours: left alone.
                StillToSend::Gone => continue,
                // Unsubscribed (or removed) since sending started: not sent.
                StillToSend::Unsubscribed => {
                    mark(&state.pool, r.id, "skipped", None).await?;
                    continue;
                }
            };
            let message = mail(
                &state.site(),
                &campaign.content,
                &Recipient {
                    email: &r.email,
                    unsubscribe,
                },
            );
            let key = format!("campaign-{}-recipient-{}-{}", r.campaign_id, r.id, r.email);
            match deliverer.send_email(message, &key).await {
                Ok(()) => mark(&state.pool, r.id, "sent", None).await?,
                Err(e) => {
                    let error = format!("{e:#}");
                    let attempts = r.attempts + 1;
                    tracing::warn!(
                        recipient_id = r.id,
                        attempts,
                        error,
                        "newsletter mail failed"
                    );
                    if attempts >= MAX_ATTEMPTS {
                        mark(&state.pool, r.id, "failed", Some(&error)).await?;
                    } else {
                        retry_later(&state.pool, r.id, attempts, &error).await?;
                    }
                }
            }
        }
        finish(&state.pool).await?;
    }
}

/// Scheduled campaigns whose time has come start sending (their recipients are written now).
async fn start_scheduled(pool: &AnyPool) -> anyhow::Result<()> {
    let due = sqlx::query(
        "SELECT id FROM campaigns WHERE status = 'scheduled' AND scheduled_at <= $1 ORDER BY scheduled_at, id",
    )
    .bind(db::now())
    .fetch_all(pool)
    .await?;
    for row in due {
        let id: i64 = row.try_get("id")?;
        let mut tx = db::begin_write(pool).await?;
        // Another server may have started it first: then there is nothing to do.
        if start_sending(&mut tx, id, CampaignStatus::Scheduled)
            .await
            .is_ok()
        {
            tx.commit().await?;
            tracing::info!(campaign_id = id, "scheduled newsletter started");
        }
    }
    Ok(())
}

/// Claims up to one batch of pending recipients of sending campaigns whose lease (if any) has
/// passed. The conditions are checked again by the UPDATE itself, so two servers that pick the
/// same rows cannot both claim them.
async fn claim(
    pool: &AnyPool,
    lease: &Lease,
    settings: &CampaignSettings,
) -> anyhow::Result<Vec<Claimed>> {
    let now = Timestamp::now();
    let claimed_at = Instant::now();
    let rows = sqlx::query(
        "UPDATE campaign_recipients SET lease_until = $1, lease_owner = $4 \
         WHERE id IN (SELECT r.id FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id \
                      WHERE c.status = 'sending' AND r.status = 'pending' \
                      AND (r.lease_until IS NULL OR r.lease_until < $2) ORDER BY r.id LIMIT $3) \
         AND status = 'pending' AND (lease_until IS NULL OR lease_until < $2) \
         RETURNING id, campaign_id, subscriber_id, email, attempts",
    )
    .bind(lease.until(now))
    .bind(db::format_ts(now))
    .bind(i64::from(settings.batch_size))
    .bind(leases::owner())
    .fetch_all(pool)
    .await?;
    lease.written(claimed_at.into_std());
    let mut claimed = rows
        .iter()
        .map(|row| {
            Ok(Claimed {
                id: row.try_get("id")?,
                campaign_id: row.try_get("campaign_id")?,
                subscriber_id: row.try_get("subscriber_id")?,
                email: row.try_get("email")?,
                attempts: row.try_get("attempts")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    claimed.sort_by_key(|c| c.id);
    Ok(claimed)
}

/// Whether a claimed recipient is still to be mailed, read just before the mail leaves.
enum StillToSend {
    Yes,
    /// Her row is no longer pending under this server's lease, or no longer holds the address
    /// claimed: an erasure (which skips and blanks it) or another server took it.
    Gone,
    /// A newsletter whose subscriber is no longer confirmed (unsubscribed or deleted).
    Unsubscribed,
}

async fn still_to_send(
    pool: &AnyPool,
    r: &Claimed,
    service_message: bool,
) -> anyhow::Result<StillToSend> {
    let row = sqlx::query(
        "SELECT r.status, r.email, r.lease_owner, s.status AS subscriber_status \
         FROM campaign_recipients r LEFT JOIN newsletter_subscribers s ON s.id = r.subscriber_id \
         WHERE r.id = $1",
    )
    .bind(r.id)
    .fetch_optional(pool)
    .await?;
    let Some(row) = row else {
        return Ok(StillToSend::Gone);
    };
    let ours = row.try_get::<String, _>("status")? == "pending"
        && row.try_get::<String, _>("email")? == r.email
        && row.try_get::<Option<String>, _>("lease_owner")?.as_deref() == Some(leases::owner());
    if !ours {
        return Ok(StillToSend::Gone);
    }
    if service_message {
        return Ok(StillToSend::Yes);
    }
    let confirmed = r.subscriber_id.is_some()
        && row
            .try_get::<Option<String>, _>("subscriber_status")?
            .as_deref()
            == Some("confirmed");
    Ok(if confirmed {
        StillToSend::Yes
    } else {
        StillToSend::Unsubscribed
    })
}

async fn load(pool: &AnyPool, id: i64) -> anyhow::Result<Sending> {
    let row = sqlx::query(
        "SELECT subject, preheader, body_html, body_text, service_message FROM campaigns WHERE id = $1",
    )
    .bind(id)
    .fetch_one(pool)
    .await?;
    Ok(Sending {
        content: Content {
            subject: row.try_get("subject")?,
            preheader: row.try_get("preheader")?,
            html: row.try_get("body_html")?,
            text: row.try_get("body_text")?,
        },
        service_message: row.try_get::<i64, _>("service_message")? != 0,
    })
}

/// Marks a claimed recipient done (sent, failed or skipped).
async fn mark(pool: &AnyPool, id: i64, status: &str, error: Option<&str>) -> anyhow::Result<()> {
    sqlx::query(
        "UPDATE campaign_recipients SET status = $1, sent_at = $2, lease_until = NULL, lease_owner = NULL, last_error = $3 \
         WHERE id = $4 AND status = 'pending'",
    )
    .bind(status)
    .bind((status == "sent").then(db::now))
    .bind(error)
    .bind(id)
    .execute(pool)
    .await?;
    Ok(())
}

/// Keeps the recipient pending and tries again later: 30 s, 1, 2, 4 minutes.
async fn retry_later(pool: &AnyPool, id: i64, attempts: i64, error: &str) -> anyhow::Result<()> {
    let wait = SignedDuration::from_secs(30 << attempts.clamp(0, 6).saturating_sub(1));
    sqlx::query(
        "UPDATE campaign_recipients SET attempts = $1, last_error = $2, lease_until = $3, lease_owner = NULL \
         WHERE id = $4 AND status = 'pending'",
    )
    .bind(attempts)
    .bind(error)
    .bind(db::format_ts(Timestamp::now() + wait))
    .bind(id)
    .execute(pool)
    .await?;
    Ok(())
}

async fn release<'a>(
    pool: &AnyPool,
    rows: impl Iterator<Item = &'a Claimed>,
) -> anyhow::Result<()> {
    for r in rows {
        sqlx::query(
            "UPDATE campaign_recipients SET lease_until = NULL, lease_owner = NULL WHERE id = $1 AND status = 'pending'",
        )
        .bind(r.id)
        .execute(pool)
        .await?;
    }
    Ok(())
}

/// Sending campaigns without pending recipients are done.
async fn finish(pool: &AnyPool) -> anyhow::Result<()> {
    let now = db::now();
    sqlx::query(
        "UPDATE campaigns SET status = 'sent', finished_at = $1, updated_at = $1 WHERE status = 'sending' \
         AND NOT EXISTS (SELECT 1 FROM campaign_recipients r WHERE r.campaign_id = campaigns.id AND r.status = 'pending')",
    )
    .bind(&now)
    .execute(pool)
    .await?;
    Ok(())
}
