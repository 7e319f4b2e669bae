//! Access to an online course after payment: the course platform's enrolment webhook (signed
//! with HMAC-SHA256, delivered through the outbox with retries) when one is configured, else a
//! personal access code in the buyer's mail. The coach sees the status per order and can send
//! it again (Beheer > Bestellingen). A refunded course is revoked: the platform gets a signed
//! `enrolment.revoked` webhook through the same outbox, and the access is not sent again.
//! When a buyer enters a code, the platform asks `POST /api/course-access/check` whether it is
//! valid for her e-mail address; a refunded order's code no longer is.
pub mod admin;

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::agenda::tickets::{display_code, new_ticket_code, parse_code};
use crate::kit::closed_set::closed_set;
use crate::kit::db::{self, Tx};
use crate::kit::domain::EmailAddress;
use crate::kit::error::{ApiJson, AppError, ErrorBody};
use crate::kit::validation::Fields;
use crate::platform::client_ip::ClientIp;
use crate::platform::outbox::compose::{compose, text};
use crate::platform::outbox::templates::{self, MailKind, Values};
use crate::platform::outbox::{self, EmailMessage, WebhookSigner};
use crate::platform::state::AppState;

/// The course platform's question: is this access code valid?
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(check_code))
}

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
        /// Refunded: the access is withdrawn (the platform was told when it enrolled by webhook).
        Revoked = "revoked" => "Ingetrokken na terugbetaling",
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

/// How an order's buyer gets into the course: the method, and the personal code if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Access {
    pub method: EnrolmentMethod,
    /// In its stored form.
    pub code: Option<String>,
}

/// Who enrols in which course: what the platform's webhook and the access mails say.
pub struct Enrolee {
    pub order_id: i64,
    pub order_public_id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub course_slug: String,
    pub course_name: String,
    /// Where the course is followed (the site when not set).
    pub access_url: Option<String>,
    /// UTC, RFC 3339.
    pub paid_at: Option<String>,
}

/// Gives the buyer of a paid course access, in the caller's transaction (before the order mail,
/// which tells what happens next), and returns that access.
pub async fn grant(tx: &mut Tx, state: &AppState, enrolee: &Enrolee) -> anyhow::Result<Access> {
    let (access, outbox_id) = match &state.enrolment_webhook_url {
        Some(url) => (
            Access {
                method: EnrolmentMethod::Webhook,
                code: None,
            },
            Some(enqueue_webhook(tx, url, enrolee).await?),
        ),
        None => (
            Access {
                method: EnrolmentMethod::AccessCode,
                code: Some(new_ticket_code()),
            },
            None,
        ),
    };
    let inserted = sqlx::query(
        "INSERT INTO course_enrolments (order_id, method, access_code, outbox_id, sends, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, 1, $5, $5) ON CONFLICT (order_id) DO NOTHING",
    )
    .bind(enrolee.order_id)
    .bind(access.method)
    .bind(&access.code)
    .bind(outbox_id)
    .bind(db::now())
    .execute(&mut **tx)
    .await?
    .rows_affected()
        == 1;
    if inserted {
        return Ok(access);
    }
    // Granted before: the first access stands.
    stored(tx, enrolee.order_id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("the enrolment of order {} is gone", enrolee.order_id))
}

/// Withdraws the access of a refunded course order, in the refund's transaction: a webhook
/// enrolment is revoked on the platform (signed, retried like the enrolment itself), and the
/// coach can no longer send the access again. Nothing for an order without course access.
pub async fn revoke(tx: &mut Tx, state: &AppState, order_id: i64) -> anyhow::Result<()> {
    let now = db::now();
    let revoked = sqlx::query(
        "UPDATE course_enrolments SET revoked_at = $1, updated_at = $1 \
         WHERE order_id = $2 AND revoked_at IS NULL RETURNING method",
    )
    .bind(&now)
    .bind(order_id)
    .fetch_optional(&mut **tx)
    .await?;
    let Some(row) = revoked else {
        return Ok(());
    };
    let method: EnrolmentMethod = row.try_get("method")?;
    match (method, &state.enrolment_webhook_url) {
        (EnrolmentMethod::Webhook, Some(url)) => {
            let enrolee = enrolee(tx, order_id).await?;
            let body = serde_json::json!({
                "type": "enrolment.revoked",
                "order_id": enrolee.order_public_id,
                "email": enrolee.email,
                "course": {
                    "slug": enrolee.course_slug,
                    "name": enrolee.course_name,
                },
                "revoked_at": now,
            });
            outbox::enqueue_signed_webhook(tx, url, body, WebhookSigner::Enrolment).await?;
        }
        (EnrolmentMethod::Webhook, None) => tracing::warn!(
            order_id,
            "a refunded course was enrolled by webhook, but no webhook is configured to revoke it"
        ),
        // The code was only ever in the buyer's mail; it is not sent again.
        (EnrolmentMethod::AccessCode, _) => {}
    }
    Ok(())
}

/// The webhook's JSON for the platform: who enrols in which course.
async fn enqueue_webhook(tx: &mut Tx, url: &str, enrolee: &Enrolee) -> anyhow::Result<i64> {
    let body = serde_json::json!({
        "type": "enrolment.created",
        "order_id": enrolee.order_public_id,
        "email": enrolee.email,
        "first_name": enrolee.first_name,
        "last_name": enrolee.last_name,
        "course": {
            "slug": enrolee.course_slug,
            "name": enrolee.course_name,
        },
        "paid_at": enrolee.paid_at,
    });
    Ok(outbox::enqueue_signed_webhook(tx, url, body, WebhookSigner::Enrolment).await?)
}

/// The enrolee of a course order, for sending the access again.
async fn enrolee(tx: &mut Tx, order_id: i64) -> anyhow::Result<Enrolee> {
    let order = sqlx::query(
        "SELECT o.public_id, o.first_name, o.last_name, o.email, o.paid_at, p.slug, p.name, p.access_url \
         FROM orders o JOIN products p ON p.id = o.product_id WHERE o.id = $1",
    )
    .bind(order_id)
    .fetch_one(&mut **tx)
    .await?;
    Ok(Enrolee {
        order_id,
        order_public_id: order.try_get("public_id")?,
        first_name: order.try_get("first_name")?,
        last_name: order.try_get("last_name")?,
        email: order.try_get("email")?,
        course_slug: order.try_get("slug")?,
        course_name: order.try_get("name")?,
        access_url: order.try_get("access_url")?,
        paid_at: order.try_get("paid_at")?,
    })
}

/// The stored access of an order, if it has one.
pub async fn stored(tx: &mut Tx, order_id: i64) -> anyhow::Result<Option<Access>> {
    let row = sqlx::query("SELECT method, access_code FROM course_enrolments WHERE order_id = $1")
        .bind(order_id)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(match row {
        Some(row) => Some(Access {
            method: row.try_get("method")?,
            code: row.try_get("access_code")?,
        }),
        None => None,
    })
}

/// What the order mail of a course says happens next.
pub fn next_steps(access: &Access, email: &str, platform_url: &str) -> Vec<String> {
    steps(access.method, access.code.as_deref(), email, platform_url)
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
        "SELECT c.method, c.access_code, c.sends, c.updated_at, c.revoked_at, b.status AS delivery, b.attempts, \
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
    let revoked = row.try_get::<Option<String>, _>("revoked_at")?.is_some();
    let status = match (method, delivery.as_deref()) {
        _ if revoked => EnrolmentStatus::Revoked,
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
    /// The order was refunded: its access is withdrawn.
    Revoked,
}

/// Sends the access again: a new webhook, or the code by mail.
pub async fn resend(tx: &mut Tx, state: &AppState, order_id: i64) -> anyhow::Result<Resent> {
    let Some(access) = stored(tx, order_id).await? else {
        return Ok(Resent::NoEnrolment);
    };
    let revoked = sqlx::query(
        "SELECT 1 FROM course_enrolments WHERE order_id = $1 AND revoked_at IS NOT NULL",
    )
    .bind(order_id)
    .fetch_optional(&mut **tx)
    .await?;
    if revoked.is_some() {
        return Ok(Resent::Revoked);
    }
    let mut outbox_id: Option<i64> = None;
    match (access.method, &state.enrolment_webhook_url) {
        (EnrolmentMethod::Webhook, Some(url)) => {
            let enrolee = enrolee(tx, order_id).await?;
            outbox_id = Some(enqueue_webhook(tx, url, &enrolee).await?);
        }
        (EnrolmentMethod::Webhook, None) => return Ok(Resent::NoWebhook),
        (EnrolmentMethod::AccessCode, _) => {
            let enrolee = enrolee(tx, order_id).await?;
            let mail = code_mail(tx, state, &enrolee, &access).await?;
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
    enrolee: &Enrolee,
    access: &Access,
) -> anyhow::Result<EmailMessage> {
    let platform = enrolee
        .access_url
        .clone()
        .unwrap_or_else(|| state.site().site_url.clone());
    let values = Values::new(&enrolee.first_name, &state.site().brand)
        .with("product", enrolee.course_name.clone());
    let (subject, mut blocks) = templates::load(tx, MailKind::CourseAccess)
        .await?
        .render(&values);
    blocks.extend(
        next_steps(access, &enrolee.email, &platform)
            .into_iter()
            .map(text),
    );
    Ok(compose(&enrolee.email, subject, &blocks, &state.site()))
}

/// What the course platform sends when a buyer enters her code. Missing fields count as empty.
#[derive(Deserialize, ToSchema)]
pub struct CodeCheckRequest {
    /// The code as the buyer typed it: any case, with or without dashes (`K7QF-M2XD-9TPA`).
    #[serde(default)]
    pub code: String,
    /// The e-mail address she is signed in with on the platform (any case).
    #[serde(default)]
    pub email: String,
}

closed_set! {
    /// Why a code is not valid.
    pub enum CodeRefusal {
        /// The order was refunded: the access is withdrawn.
        Revoked = "revoked",
        /// No such code for this e-mail address (also a code of another buyer).
        Unknown = "unknown",
    }
}

/// The course a valid code opens, named as in the enrolment webhook.
#[derive(Debug, Serialize, ToSchema)]
pub struct EnrolledCourse {
    pub slug: String,
    pub name: String,
}

/// The answer to the platform: `{"valid": true, "course": …}` or `{"valid": false, "reason": …}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct CodeCheck {
    pub valid: bool,
    /// Only when valid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub course: Option<EnrolledCourse>,
    /// Only when not valid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<CodeRefusal>,
}

impl CodeCheck {
    fn refused(reason: CodeRefusal) -> Self {
        Self {
            valid: false,
            course: None,
            reason: Some(reason),
        }
    }
}

/// A code and an e-mail address, both well-formed.
struct CodeQuestion {
    /// In its stored form.
    code: String,
    email: EmailAddress,
}

impl TryFrom<CodeCheckRequest> for CodeQuestion {
    type Error = AppError;

    fn try_from(req: CodeCheckRequest) -> Result<Self, AppError> {
        let mut f = Fields::default();
        let code = if req.code.trim().is_empty() {
            f.error("code", "Vul een toegangscode in.");
            None
        } else {
            let code = parse_code(&req.code);
            if code.is_none() {
                f.error(
                    "code",
                    "Een toegangscode heeft 12 letters en cijfers, zoals K7QF-M2XD-9TPA.",
                );
            }
            code
        };
        let email = EmailAddress::parse(&req.email)
            .map_err(|m| f.error("email", m))
            .ok();
        f.finish()?;
        Ok(Self {
            code: code.expect("checked above"),
            email: email.expect("checked above"),
        })
    }
}

/// Whether `code` gives the buyer with this e-mail address access: only the code of a paid,
/// not refunded course order, mailed to that address. A code of someone else's order is
/// unknown, as a made-up one: the answer never tells that a code exists. The work is one
/// lookup by code whatever the answer.
async fn check(tx: &mut Tx, question: &CodeQuestion) -> anyhow::Result<CodeCheck> {
    let rows = sqlx::query(
        "SELECT c.revoked_at, o.status, o.email, p.slug, p.name FROM course_enrolments c \
         JOIN orders o ON o.id = c.order_id JOIN products p ON p.id = o.product_id \
         WHERE c.access_code = $1 AND c.method = 'access_code'",
    )
    .bind(&question.code)
    .fetch_all(&mut **tx)
    .await?;
    let email = question.email.normalized();
    let mut answer = CodeCheck::refused(CodeRefusal::Unknown);
    for row in rows {
        if row.try_get::<String, _>("email")?.trim().to_lowercase() != email {
            continue;
        }
        let revoked = row.try_get::<Option<String>, _>("revoked_at")?.is_some();
        let status: String = row.try_get("status")?;
        answer = match (revoked, status.as_str()) {
            (true, _) | (_, "refunded") => CodeCheck::refused(CodeRefusal::Revoked),
            (false, "paid") => CodeCheck {
                valid: true,
                course: Some(EnrolledCourse {
                    slug: row.try_get("slug")?,
                    name: row.try_get("name")?,
                }),
                reason: None,
            },
            _ => CodeCheck::refused(CodeRefusal::Unknown),
        };
    }
    Ok(answer)
}

#[utoipa::path(
    post,
    path = "/course-access/check",
    operation_id = "check_course_access_code",
    tag = "course-access",
    request_body = CodeCheckRequest,
    responses(
        (status = 200, description = "Whether the code gives this e-mail address access to a course: valid with the course, or not with the reason (`revoked` after a refund; `unknown` for a made-up code or another buyer's)", body = CodeCheck),
        (status = 422, description = "No code, a code that cannot be one (12 letters and digits), or an invalid e-mail address", body = ErrorBody),
        (status = 429, description = "Too many checks from this client address, right or wrong; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn check_code(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<CodeCheckRequest>,
) -> Result<Json<CodeCheck>, AppError> {
    // Every try counts, well-formed or not: a guesser stops here.
    state.limits.course_access_checks_per_ip.admit(&ip).await?;
    let question = CodeQuestion::try_from(body)?;
    let mut tx = state.pool.begin().await?;
    let answer = check(&mut tx, &question).await?;
    tx.commit().await?;
    Ok(Json(answer))
}
