//! Access to an online course after payment: the course platform's enrolment webhook (signed
//! with HMAC-SHA256, delivered through the outbox with retries) when one is configured, else a
//! personal access code in the buyer's mail. The coach sees the status per order and can send
//! it again (Beheer > Bestellingen).
pub mod admin;

use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;

use crate::agenda::tickets::{display_code, new_ticket_code};
use crate::commerce::products::ProductKind;
use crate::kit::closed_set::closed_set;
use crate::kit::db::{self, Tx};
use crate::platform::outbox::compose::{compose, text};
use crate::platform::outbox::templates::{self, MailKind, Values};
use crate::platform::outbox::{self, EmailMessage, WebhookSigner};
use crate::platform::state::AppState;

closed_set! {
    /// How the buyer gets access.
    pub enum EnrolmentMethod {
        /// The platform's webhook enrols the buyer's e-mail address.
        Webhook = "webhook" => "Inschrijving via het platform",
        /// No webhook configured: a personal code in the mail.
        AccessCode = "access_code" => "Persoonlijke toegangscode",
    }
}

closed_set! {
    /// Where the access stands.
    pub enum EnrolmentStatus {
        /// The webhook is on its way (or waits for a retry).
        Pending = "pending" => "Wordt doorgegeven",
        /// The platform answered 2xx.
        Delivered = "delivered" => "Ingeschreven op het platform",
        /// The platform kept refusing; send it again once it works.
        Failed = "failed" => "Mislukt",
        /// The code went out in the mail.
        CodeSent = "code_sent" => "Code gemaild",
    }
}

/// An order's course access, as the coach sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Enrolment {
    pub method: EnrolmentMethod,
    pub status: EnrolmentStatus,
    /// The personal code (access_code method), as `XXXX-XXXX-XXXX`.
    pub access_code: Option<String>,
    /// How often it was sent (1 + resends).
    pub sends: i64,
    /// Delivery attempts of the latest webhook.
    pub attempts: i64,
    /// The platform's latest refusal, if any.
    pub last_error: Option<String>,
    /// UTC, RFC 3339.
    pub updated_at: String,
}

/// Gives the buyer of a paid course access, in the caller's transaction (before the order mail,
/// which tells what happens next). Orders of events have nothing to do here.
pub async fn grant(tx: &mut Tx, state: &AppState, order_id: i64) -> anyhow::Result<()> {
    let is_course = sqlx::query(
        "SELECT p.kind FROM orders o JOIN products p ON p.id = o.product_id WHERE o.id = $1",
    )
    .bind(order_id)
    .fetch_one(&mut **tx)
    .await?
    .try_get::<ProductKind, _>("kind")?
        == ProductKind::Course;
    if !is_course {
        return Ok(());
    }
    let now = db::now();
    match &state.enrolment_webhook_url {
        Some(url) => {
            let outbox_id = enqueue_webhook(tx, url, order_id).await?;
            sqlx::query(
                "INSERT INTO course_enrolments (order_id, method, outbox_id, sends, created_at, updated_at) \
                 VALUES ($1, 'webhook', $2, 1, $3, $3) ON CONFLICT (order_id) DO NOTHING",
            )
            .bind(order_id)
            .bind(outbox_id)
            .bind(&now)
            .execute(&mut **tx)
            .await?;
        }
        None => {
            sqlx::query(
                "INSERT INTO course_enrolments (order_id, method, access_code, sends, created_at, updated_at) \
                 VALUES ($1, 'access_code', $2, 1, $3, $3) ON CONFLICT (order_id) DO NOTHING",
            )
            .bind(order_id)
            .bind(new_ticket_code())
            .bind(&now)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

/// The webhook's JSON for the platform: who enrols in which course.
async fn enqueue_webhook(tx: &mut Tx, url: &str, order_id: i64) -> anyhow::Result<i64> {
    let order = sqlx::query(
        "SELECT o.public_id, o.first_name, o.last_name, o.email, o.paid_at, p.slug, p.name \
         FROM orders o JOIN products p ON p.id = o.product_id WHERE o.id = $1",
    )
    .bind(order_id)
    .fetch_one(&mut **tx)
    .await?;
    let body = serde_json::json!({
        "type": "enrolment.created",
        "order_id": order.try_get::<String, _>("public_id")?,
        "email": order.try_get::<String, _>("email")?,
        "first_name": order.try_get::<String, _>("first_name")?,
        "last_name": order.try_get::<String, _>("last_name")?,
        "course": {
            "slug": order.try_get::<String, _>("slug")?,
            "name": order.try_get::<String, _>("name")?,
        },
        "paid_at": order.try_get::<Option<String>, _>("paid_at")?,
    });
    Ok(outbox::enqueue_signed_webhook(tx, url, body, WebhookSigner::Enrolment).await?)
}

/// What the order mail of a course says happens next (None when the order is not a course).
pub async fn next_steps(
    tx: &mut Tx,
    order_id: i64,
    email: &str,
    platform_url: &str,
) -> anyhow::Result<Option<Vec<String>>> {
    Ok(stored(tx, order_id)
        .await?
        .map(|(method, code)| steps(method, code.as_deref(), email, platform_url)))
}

/// The method and access code of an order's enrolment, if it has one.
async fn stored(
    tx: &mut Tx,
    order_id: i64,
) -> anyhow::Result<Option<(EnrolmentMethod, Option<String>)>> {
    let row = sqlx::query("SELECT method, access_code FROM course_enrolments WHERE order_id = $1")
        .bind(order_id)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(match row {
        Some(row) => Some((row.try_get("method")?, row.try_get("access_code")?)),
        None => None,
    })
}

fn steps(
    method: EnrolmentMethod,
    code: Option<&str>,
    email: &str,
    platform_url: &str,
) -> Vec<String> {
    match (method, code) {
        (EnrolmentMethod::AccessCode, Some(code)) => vec![
            format!("Je persoonlijke toegangscode: {}", display_code(code)),
            format!(
                "Zo begin je:\n1. Ga naar het platform: {platform_url}\n2. Log in of maak een account met dit \
                 e-mailadres ({email}).\n3. Vul je toegangscode in; daarna staat de cursus voor je klaar."
            ),
            "Bewaar deze e-mail: met de code kom je altijd terug bij je cursus. Lukt het niet? Antwoord \
             gewoon op deze e-mail, dan helpen we je verder."
                .to_string(),
        ],
        _ => vec![
            format!(
                "We schrijven je nu in op het platform met dit e-mailadres ({email}). Dat gebeurt \
                 automatisch en duurt meestal maar een paar minuten."
            ),
            format!(
                "Daarna log je in op {platform_url} met hetzelfde e-mailadres; de cursus staat dan voor \
                 je klaar. Heb je daar nog geen account? Maak er dan een aan met dit e-mailadres."
            ),
            "Nog geen toegang na een uur? Antwoord gewoon op deze e-mail, dan regelen we het meteen."
                .to_string(),
        ],
    }
}

/// The access of `order_id`, if it is a course order.
pub async fn find(tx: &mut Tx, order_id: i64) -> anyhow::Result<Option<Enrolment>> {
    let row = sqlx::query(
        "SELECT c.method, c.access_code, c.sends, c.updated_at, b.status AS delivery, b.attempts, \
         b.last_error FROM course_enrolments c LEFT JOIN outbox b ON b.id = c.outbox_id WHERE c.order_id = $1",
    )
    .bind(order_id)
    .fetch_optional(&mut **tx)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let method: EnrolmentMethod = row.try_get("method")?;
    let delivery: Option<String> = row.try_get("delivery")?;
    let status = match (method, delivery.as_deref()) {
        (EnrolmentMethod::AccessCode, _) => EnrolmentStatus::CodeSent,
        (EnrolmentMethod::Webhook, Some("pending")) => EnrolmentStatus::Pending,
        (EnrolmentMethod::Webhook, Some("dead")) => EnrolmentStatus::Failed,
        (EnrolmentMethod::Webhook, _) => EnrolmentStatus::Delivered,
    };
    Ok(Some(Enrolment {
        method,
        status,
        access_code: row
            .try_get::<Option<String>, _>("access_code")?
            .map(|c| display_code(&c)),
        sends: row.try_get("sends")?,
        attempts: row.try_get::<Option<i64>, _>("attempts")?.unwrap_or(0),
        last_error: row.try_get("last_error")?,
        updated_at: row.try_get("updated_at")?,
    }))
}

/// What a resend did.
#[derive(Debug, PartialEq, Eq)]
pub enum Resent {
    Done,
    /// Not a course order.
    NoEnrolment,
    /// A webhook enrolment, but no webhook is configured any more.
    NoWebhook,
}

/// Sends the access again: a new webhook, or the code by mail.
pub async fn resend(tx: &mut Tx, state: &AppState, order_id: i64) -> anyhow::Result<Resent> {
    let Some((method, code)) = stored(tx, order_id).await? else {
        return Ok(Resent::NoEnrolment);
    };
    let mut outbox_id: Option<i64> = None;
    match (method, &state.enrolment_webhook_url) {
        (EnrolmentMethod::Webhook, Some(url)) => {
            outbox_id = Some(enqueue_webhook(tx, url, order_id).await?);
        }
        (EnrolmentMethod::Webhook, None) => return Ok(Resent::NoWebhook),
        (EnrolmentMethod::AccessCode, _) => {
            let mail = code_mail(tx, state, order_id, code.as_deref()).await?;
            outbox::enqueue_email(tx, &mail).await?;
        }
    }
    sqlx::query(
        "UPDATE course_enrolments SET sends = sends + 1, outbox_id = COALESCE($1, outbox_id), \
         updated_at = $2 WHERE order_id = $3",
    )
    .bind(outbox_id)
    .bind(db::now())
    .bind(order_id)
    .execute(&mut **tx)
    .await?;
    Ok(Resent::Done)
}

/// The code and the next steps again, by mail.
async fn code_mail(
    tx: &mut Tx,
    state: &AppState,
    order_id: i64,
    code: Option<&str>,
) -> anyhow::Result<EmailMessage> {
    let order = sqlx::query(
        "SELECT o.first_name, o.email, p.name, p.access_url FROM orders o \
         JOIN products p ON p.id = o.product_id WHERE o.id = $1",
    )
    .bind(order_id)
    .fetch_one(&mut **tx)
    .await?;
    let email: String = order.try_get("email")?;
    let product: String = order.try_get("name")?;
    let platform = order
        .try_get::<Option<String>, _>("access_url")?
        .unwrap_or_else(|| state.site().site_url.clone());
    let values = Values::new(
        &order.try_get::<String, _>("first_name")?,
        &state.site().brand,
    )
    .with("product", product.clone());
    let (subject, mut blocks) = templates::load(tx, MailKind::CourseAccess)
        .await?
        .render(&values);
    blocks.extend(
        steps(EnrolmentMethod::AccessCode, code, &email, &platform)
            .into_iter()
            .map(text),
    );
    Ok(compose(&email, subject, &blocks, &state.site()))
}
