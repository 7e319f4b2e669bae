//! Durable outbox: e-mails and webhooks are written in the caller's transaction and delivered
//! by a background worker with retries and exponential backoff.
pub mod compose;
pub mod templates;
mod worker;

use base64::Engine;
use serde::{Deserialize, Serialize};
use sqlx::Row;

use crate::kit::closed_set::closed_set;
use crate::kit::db::{self, Tx};

pub use worker::{Deliverer, lease, sender, spawn};

closed_set! {
    /// What an outbox item delivers.
    pub enum OutboxKind {
        Email = "email",
        Webhook = "webhook",
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EmailMessage {
    pub to: String,
    /// The sender's display name, the brand when the mail was composed; the address is always
    /// the configured one (see `Deliverer::send_email`). None: the configured name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_name: Option<String>,
    pub subject: String,
    pub text: String,
    pub html: String,
    #[serde(default)]
    pub attachments: Vec<Attachment>,
    /// Where a reply goes when not to the sender, e.g. the visitor of a contact message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_to: Option<String>,
    /// Extra headers as (name, value), e.g. `List-Unsubscribe` on newsletters.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub headers: Vec<(String, String)>,
    /// Tokens of single-use links in the body (a password reset, an invitation) and codes that
    /// open something (an order's link, a ticket, a course): once the mail is delivered they are
    /// blanked in the stored copy and its attachments (QR codes, calendar files) dropped, so the
    /// outbox, and every backup of it, keeps nothing that still opens a door.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub secrets: Vec<String>,
}

/// What stands in the stored copy of a delivered mail where a secret link token was.
pub const REDACTED: &str = "[verwijderd-na-verzending]";

impl EmailMessage {
    /// Marks `token`, which the body's links carry, as a secret of this mail (see `secrets`).
    pub fn with_secret(mut self, token: &str) -> Self {
        self.secrets.push(token.to_string());
        self
    }
}

/// The payload to keep once the e-mail in `payload` is delivered: with its secrets blanked, or
/// None when it has none.
pub fn redacted_after_delivery(payload: &str) -> Option<String> {
    let mut mail: EmailMessage = serde_json::from_str(payload).ok()?;
    if mail.secrets.is_empty() {
        return None;
    }
    mail.attachments.clear();
    for secret in std::mem::take(&mut mail.secrets) {
        if !secret.is_empty() {
            mail.text = mail.text.replace(&secret, REDACTED);
            mail.html = mail.html.replace(&secret, REDACTED);
        }
    }
    serde_json::to_string(&mail).ok()
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Attachment {
    pub filename: String,
    pub content_type: String,
    pub base64: String,
}

impl Attachment {
    pub fn new(filename: &str, content_type: &str, bytes: &[u8]) -> Self {
        Self {
            filename: filename.to_string(),
            content_type: content_type.to_string(),
            base64: base64::engine::general_purpose::STANDARD.encode(bytes),
        }
    }
}

closed_set! {
    /// Whose secret signs a webhook (`X-InLumine-Signature`).
    pub enum WebhookSigner {
        Newsletter = "newsletter",
        /// The course platform's enrolment webhook.
        Enrolment = "enrolment",
    }
}

#[derive(Debug, Serialize, Deserialize)]
struct WebhookPayload {
    url: String,
    body: serde_json::Value,
    /// Rows written before signers existed are the newsletter's.
    #[serde(default = "newsletter_signer")]
    signer: WebhookSigner,
}

fn newsletter_signer() -> WebhookSigner {
    WebhookSigner::Newsletter
}

/// Inserts the item; its id.
async fn enqueue(tx: &mut Tx, kind: OutboxKind, payload: String) -> Result<i64, sqlx::Error> {
    let now = db::now();
    let row = sqlx::query(
        "INSERT INTO outbox (kind, payload, status, attempts, next_attempt_at, created_at) \
         VALUES ($1, $2, 'pending', 0, $3, $3) RETURNING id",
    )
    .bind(kind)
    .bind(payload)
    .bind(now)
    .fetch_one(&mut **tx)
    .await?;
    row.try_get("id")
}

pub async fn enqueue_email(tx: &mut Tx, message: &EmailMessage) -> Result<(), sqlx::Error> {
    enqueue(
        tx,
        OutboxKind::Email,
        serde_json::to_string(message).expect("e-mail serializes"),
    )
    .await?;
    Ok(())
}

pub async fn enqueue_webhook(
    tx: &mut Tx,
    url: &str,
    body: serde_json::Value,
) -> Result<(), sqlx::Error> {
    enqueue_signed_webhook(tx, url, body, WebhookSigner::Newsletter).await?;
    Ok(())
}

/// A webhook signed with `signer`'s secret (when it has one); the outbox row's id.
pub async fn enqueue_signed_webhook(
    tx: &mut Tx,
    url: &str,
    body: serde_json::Value,
    signer: WebhookSigner,
) -> Result<i64, sqlx::Error> {
    let payload = WebhookPayload {
        url: url.to_string(),
        body,
        signer,
    };
    enqueue(
        tx,
        OutboxKind::Webhook,
        serde_json::to_string(&payload).expect("webhook serializes"),
    )
    .await
}
