//! Durable outbox: e-mails and webhooks are written in the caller's transaction and delivered
//! by a background worker with retries and exponential backoff.
pub mod compose;
mod worker;

use base64::Engine;
use serde::{Deserialize, Serialize};

use crate::closed_set::closed_set;
use crate::db::{self, Tx};

pub use worker::{Deliverer, spawn_worker};

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
    pub subject: String,
    pub text: String,
    pub html: String,
    #[serde(default)]
    pub attachments: Vec<Attachment>,
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

#[derive(Debug, Serialize, Deserialize)]
struct WebhookPayload {
    url: String,
    body: serde_json::Value,
}

async fn enqueue(tx: &mut Tx, kind: OutboxKind, payload: String) -> Result<(), sqlx::Error> {
    let now = db::now();
    sqlx::query(
        "INSERT INTO outbox (kind, payload, status, attempts, next_attempt_at, created_at) \
         VALUES ($1, $2, 'pending', 0, $3, $3)",
    )
    .bind(kind)
    .bind(payload)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn enqueue_email(tx: &mut Tx, message: &EmailMessage) -> Result<(), sqlx::Error> {
    enqueue(
        tx,
        OutboxKind::Email,
        serde_json::to_string(message).expect("e-mail serializes"),
    )
    .await
}

pub async fn enqueue_webhook(
    tx: &mut Tx,
    url: &str,
    body: serde_json::Value,
) -> Result<(), sqlx::Error> {
    let payload = WebhookPayload {
        url: url.to_string(),
        body,
    };
    enqueue(
        tx,
        OutboxKind::Webhook,
        serde_json::to_string(&payload).expect("webhook serializes"),
    )
    .await
}
