use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, bail};
use base64::Engine;
use hmac::{Hmac, KeyInit, Mac};
use jiff::{SignedDuration, Timestamp};
use lettre::message::header::{ContentTransferEncoding, ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment as MailAttachment, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sha2::Sha256;
use sqlx::{AnyPool, Row};
use tokio::sync::{Notify, watch};
use tokio::task::JoinHandle;

use super::{EmailMessage, OutboxKind, WebhookPayload, WebhookSigner};
use crate::kit::configuration::{MailTransport, OutboxSettings, Settings};
use crate::kit::db;
use crate::platform::leases::{self, Lease};

const BATCH: i64 = 20;

enum Mailer {
    File(AsyncFileTransport<Tokio1Executor>),
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
}

/// The sender of every mail: `MAIL_FROM`, else the brand with the contact address of site.json.
pub fn sender(settings: &Settings, site: &crate::platform::site::Site) -> String {
    if settings.mail.from.is_empty() {
        format!("{} <{}>", site.brand, site.contact.email)
    } else {
        settings.mail.from.clone()
    }
}

/// Everything needed to deliver outbox items.
pub struct Deliverer {
    mailer: Mailer,
    from: Mailbox,
    /// The right-hand side of every `Message-ID`: the site's domain (from `PUBLIC_URL`).
    message_domain: String,
    http: reqwest::Client,
    webhook_secret: Option<String>,
    enrolment_secret: Option<String>,
}

impl Deliverer {
    /// `public_url` is the site's address: its host names the mails' `Message-ID`s.
    pub fn new(settings: &Settings, from: &str, public_url: &str) -> anyhow::Result<Self> {
        let mailer = match settings.mail.transport {
            MailTransport::File => {
                let dir = settings.mail_dir();
                std::fs::create_dir_all(&dir)
                    .with_context(|| format!("cannot create mail directory {}", dir.display()))?;
                Mailer::File(AsyncFileTransport::new(dir))
            }
            MailTransport::Smtp => Mailer::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(settings.mail.smtp_url.expose())
                    .map_err(|_| {
                        anyhow::anyhow!("invalid configuration option `mail.smtp_url (SMTP_URL)`")
                    })?
                    .build(),
            ),
        };
        let from = from.parse().map_err(|e| {
            anyhow::anyhow!("invalid configuration option `mail.from (MAIL_FROM)`: {e}")
        })?;
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .build()?;
        let secret =
            |s: &crate::kit::configuration::Secret| (!s.is_empty()).then(|| s.expose().to_string());
        let message_domain = url::Url::parse(public_url)
            .ok()
            .and_then(|u| u.host_str().map(str::to_string))
            .filter(|h| !h.is_empty())
            .ok_or_else(|| anyhow::anyhow!("the public URL {public_url:?} has no host"))?;
        Ok(Self {
            mailer,
            from,
            message_domain,
            http,
            webhook_secret: secret(&settings.newsletter.webhook_secret),
            enrolment_secret: secret(&settings.enrolment.webhook_secret),
        })
    }

    /// Connects to the SMTP server and greets it (`inlumine check`); files need nothing.
    pub async fn test_connection(&self) -> anyhow::Result<()> {
        match &self.mailer {
            Mailer::File(_) => Ok(()),
            Mailer::Smtp(smtp) => {
                let answered =
                    tokio::time::timeout(Duration::from_secs(15), smtp.test_connection())
                        .await
                        .context("no answer within 15 seconds")??;
                anyhow::ensure!(answered, "it did not answer the greeting");
                Ok(())
            }
        }
    }

    async fn deliver(&self, id: i64, kind: OutboxKind, payload: &str) -> anyhow::Result<()> {
        match kind {
            OutboxKind::Email => {
                self.send_email(
                    serde_json::from_str(payload)?,
                    &format!("outbox-{id}:{payload}"),
                )
                .await
            }
            OutboxKind::Webhook => self.post_webhook(serde_json::from_str(payload)?).await,
        }
    }

    /// The `Message-ID` of the mail known as `key`: the same key gives the same id, so a mail
    /// sent again after a crash is recognised as the same message by the receiving servers.
    pub fn message_id(&self, key: &str) -> String {
        let digest = <Sha256 as sha2::Digest>::digest(key.as_bytes());
        format!("<{}@{}>", hex::encode(&digest[..16]), self.message_domain)
    }

    /// Sends one e-mail through the configured transport now (the outbox and the newsletter
    /// sender both end here), with a `Date` and a `Message-ID` on the site's domain made from
    /// `key` (unique per mail: an outbox row, a newsletter recipient).
    pub async fn send_email(&self, mail: EmailMessage, key: &str) -> anyhow::Result<()> {
        // Quoted-printable keeps the text readable in the raw .eml files.
        let part = |content_type: ContentType, body: String| {
            SinglePart::builder()
                .header(content_type)
                .header(ContentTransferEncoding::QuotedPrintable)
                .body(body)
        };
        let alternative = MultiPart::alternative()
            .singlepart(part(ContentType::TEXT_PLAIN, mail.text))
            .singlepart(part(ContentType::TEXT_HTML, mail.html));
        let body = if mail.attachments.is_empty() {
            alternative
        } else {
            let mut mixed = MultiPart::mixed().multipart(alternative);
            for a in mail.attachments {
                let bytes = base64::engine::general_purpose::STANDARD.decode(&a.base64)?;
                mixed = mixed.singlepart(
                    MailAttachment::new(a.filename)
                        .body(bytes, ContentType::parse(&a.content_type)?),
                );
            }
            mixed
        };
        // Only the display name follows the brand: the address stays the configured one, since
        // an SMTP provider only sends from addresses verified with it (and SPF/DKIM are set up
        // for that domain), so a changed contact address must not become the sender.
        let from = match mail.from_name {
            Some(name) => Mailbox::new(Some(name), self.from.email.clone()),
            None => self.from.clone(),
        };
        let mut builder = Message::builder()
            .from(from)
            .message_id(Some(self.message_id(key)))
            .date_now();
        if let Some(reply_to) = &mail.reply_to {
            builder = builder.reply_to(reply_to.parse()?);
        }
        let mut builder = builder.to(mail.to.parse()?).subject(mail.subject);
        for (name, value) in mail.headers {
            // The value is encoded and folded by lettre: no line break can get through.
            builder =
                builder.raw_header(HeaderValue::new(HeaderName::new_from_ascii(name)?, value));
        }
        let message = builder.multipart(body)?;
        match &self.mailer {
            Mailer::File(t) => {
                t.send(message).await?;
            }
            Mailer::Smtp(t) => {
                t.send(message).await?;
            }
        }
        Ok(())
    }

    async fn post_webhook(&self, hook: WebhookPayload) -> anyhow::Result<()> {
        let body = serde_json::to_vec(&hook.body)?;
        let mut request = self
            .http
            .post(&hook.url)
            .header("content-type", "application/json");
        let secret = match hook.signer {
            WebhookSigner::Newsletter => &self.webhook_secret,
            WebhookSigner::Enrolment => &self.enrolment_secret,
        };
        // Fail closed: the configuration refuses a webhook URL without a secret, so a row whose
        // secret went away since waits (and is retried) instead of going out unsigned.
        let Some(secret) = secret else {
            bail!("no webhook secret is configured to sign it with");
        };
        let at = Timestamp::now().as_second();
        request = request.header("X-InLumine-Signature", signature(secret, at, &body));
        let response = request.body(body).send().await?;
        if !response.status().is_success() {
            bail!("webhook answered {}", response.status());
        }
        Ok(())
    }
}

/// `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe signs: the time is
/// signed with the body, so a receiver that checks it refuses a delivery replayed later.
pub fn signature(secret: &str, at: i64, body: &[u8]) -> String {
    let mut mac =
        Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key length");
    mac.update(format!("{at}.").as_bytes());
    mac.update(body);
    format!("t={at},v1={}", hex::encode(mac.finalize().into_bytes()))
}

fn backoff(settings: &OutboxSettings, attempts: i64) -> SignedDuration {
    let exponent = u32::try_from(attempts.saturating_sub(1).clamp(0, 32)).unwrap_or(32);
    let ms = settings
        .base_backoff_ms
        .saturating_mul(1u64 << exponent)
        .min(settings.max_backoff_ms);
    SignedDuration::from_millis(i64::try_from(ms).unwrap_or(i64::MAX))
}

/// The leases on outbox rows: `next_attempt_at` is the lease's end while a row is claimed.
pub fn lease(settings: &OutboxSettings) -> Arc<Lease> {
    Lease::new("outbox", "next_attempt_at", settings.lease())
}

/// Starts the worker; it stops when `stop` becomes true. `lease` is renewed by its heartbeat.
pub fn spawn(
    pool: AnyPool,
    deliverer: Arc<Deliverer>,
    settings: OutboxSettings,
    lease: Arc<Lease>,
    notify: Arc<Notify>,
    mut stop: watch::Receiver<bool>,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            if let Err(e) = run_due(&pool, &deliverer, &settings, &lease).await {
                tracing::warn!(error = format!("{e:#}"), "outbox pass failed");
            }
            tokio::select! {
                _ = stop.changed() => break,
                _ = notify.notified() => {}
                _ = tokio::time::sleep(settings.poll_interval()) => {}
            }
            if *stop.borrow() {
                break;
            }
        }
    })
}

/// Delivers every due row, batch by batch. A batch costs two writes, whatever its size: one
/// claims it (the lease), one records what happened to each row. A write per row would take the
/// database's write lock (and, on SQLite, an fsync) twice per mail, and the visitors' writes
/// would queue behind a busy outbox.
async fn run_due(
    pool: &AnyPool,
    deliverer: &Deliverer,
    settings: &OutboxSettings,
    lease: &Lease,
) -> anyhow::Result<()> {
    loop {
        let now = Timestamp::now();
        let claimed_at = std::time::Instant::now();
        // The lease: a row is ours when this conditional UPDATE moved it; another worker's claim
        // of the same row (PostgreSQL re-checks the condition after waiting) matches nothing.
        // The heartbeat (`leases`) renews it while this process lives.
        let mut tx = db::begin_write(pool).await?;
        let rows = sqlx::query(
            "UPDATE outbox SET next_attempt_at = $1, lease_owner = $4 \
             WHERE id IN (SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= $2 \
                          ORDER BY next_attempt_at, id LIMIT $3) \
               AND status = 'pending' AND next_attempt_at <= $2 \
             RETURNING id, kind, payload, attempts",
        )
        .bind(lease.until(now))
        .bind(db::format_ts(now))
        .bind(BATCH)
        .bind(leases::owner())
        .fetch_all(&mut *tx)
        .await?;
        tx.commit().await?;
        lease.written(claimed_at);
        if rows.is_empty() {
            return Ok(());
        }
        let mut outcomes = Vec::with_capacity(rows.len());
        for row in rows {
            // Leases that could not be renewed may have passed to another server: the rest of
            // the batch is left to whoever holds it (or to this server once they end).
            if !lease.held() {
                tracing::warn!("outbox lease not renewed in time; leaving the rest of the batch");
                break;
            }
            let id: i64 = row.try_get("id")?;
            let kind: OutboxKind = row.try_get("kind")?;
            let payload: String = row.try_get("payload")?;
            let attempts = row.try_get::<i64, _>("attempts")? + 1;
            let outcome = deliverer.deliver(id, kind, &payload).await;
            let kept = match (&outcome, kind) {
                (Ok(()), OutboxKind::Email) => super::redacted_after_delivery(&payload),
                _ => None,
            };
            outcomes.push(Outcome {
                id,
                kind,
                attempts,
                outcome,
                kept,
            });
        }
        let complete = lease.held();
        record(pool, settings, outcomes).await?;
        if !complete {
            return Ok(());
        }
    }
}

/// What became of one row of a batch.
struct Outcome {
    id: i64,
    kind: OutboxKind,
    attempts: i64,
    outcome: anyhow::Result<()>,
    /// Delivered with secret links: the payload to keep instead (`redacted_after_delivery`).
    kept: Option<String>,
}

/// Marks a delivered batch sent, and schedules each failure's retry (or gives it up).
async fn record(
    pool: &AnyPool,
    settings: &OutboxSettings,
    outcomes: Vec<Outcome>,
) -> anyhow::Result<()> {
    let mut tx = db::begin_write(pool).await?;
    let now = db::now();
    for Outcome {
        id,
        kind,
        attempts,
        outcome,
        kept,
    } in outcomes
    {
        match outcome {
            Ok(()) => {
                if let Some(kept) = kept {
                    sqlx::query("UPDATE outbox SET payload = $1 WHERE id = $2")
                        .bind(kept)
                        .bind(id)
                        .execute(&mut *tx)
                        .await?;
                }
                sqlx::query(
                    "UPDATE outbox SET status = 'sent', attempts = $1, sent_at = $2, last_error = NULL, \
                     lease_owner = NULL WHERE id = $3",
                )
                .bind(attempts)
                .bind(&now)
                .bind(id)
                .execute(&mut *tx)
                .await?;
                tracing::info!(outbox_id = id, %kind, "outbox item delivered");
            }
            Err(e) => {
                let error = format!("{e:#}");
                let dead = attempts >= i64::from(settings.max_attempts);
                sqlx::query(
                    "UPDATE outbox SET status = $1, attempts = $2, last_error = $3, next_attempt_at = $4, \
                     lease_owner = NULL WHERE id = $5",
                )
                .bind(if dead { "dead" } else { "pending" })
                .bind(attempts)
                .bind(&error)
                .bind(db::format_ts(Timestamp::now() + backoff(settings, attempts)))
                .bind(id)
                .execute(&mut *tx)
                .await?;
                if dead {
                    tracing::error!(
                        outbox_id = id,
                        %kind,
                        attempts,
                        error,
                        "outbox item gave up after max attempts"
                    );
                } else {
                    tracing::warn!(
                        outbox_id = id,
                        %kind,
                        attempts,
                        error,
                        "outbox delivery failed; will retry"
                    );
                }
            }
        }
    }
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_and_is_capped() {
        let s = OutboxSettings {
            lease_secs: 15,
            poll_interval_ms: 1,
            base_backoff_ms: 5000,
            max_backoff_ms: 3_600_000,
            max_attempts: 12,
            allow_http_webhooks_on_loopback: false,
        };
        assert_eq!(backoff(&s, 1), SignedDuration::from_secs(5));
        assert_eq!(backoff(&s, 2), SignedDuration::from_secs(10));
        assert_eq!(backoff(&s, 4), SignedDuration::from_secs(40));
        assert_eq!(backoff(&s, 30), SignedDuration::from_secs(3600));
        assert_eq!(backoff(&s, 200), SignedDuration::from_secs(3600));
    }
}
