//! The right to be forgotten, in one transaction: what may go is deleted (subscription, messages,
//! intro calls, unpaid orders, webinar registrations, mails to or about the person, admin
//! invitations, throttle counters); what the accounts must keep (paid orders and their tickets)
//! loses the name, e-mail, phone, company and VAT number but keeps amounts, dates and products.
//! A valid ticket keeps its seat: erasing is not cancelling. Each erasure leaves a record with
//! the time, the admin and counts per kind, and nothing about the person.
use axum::extract::State;
use axum::{Extension, Json};
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};
use utoipa::ToSchema;

use super::records::{mention_pattern, mentions};
use super::{normalized, nothing_stored};
use crate::agenda::seats;
use crate::commerce::orders::{self, OrderStatus};
use crate::kit::db::{self, Tx};
use crate::kit::error::{ApiJson, ApiQuery, AppError, ErrorBody};
use crate::kit::paging::{self, ListSql, Page, PageQuery};
use crate::kit::validation::Fields;
use crate::platform::auth::CurrentUser;
use crate::platform::state::AppState;

/// What an anonymised order or ticket is called instead of the person.
pub const ERASED_NAME: &str = "Gewist";

#[derive(Deserialize, ToSchema)]
pub struct EraseRequest {
    /// The person's e-mail address.
    #[serde(default)]
    pub email: String,
    /// The same address typed again by the coach, to confirm.
    #[serde(default)]
    pub confirmation: String,
}

/// What one erasure removed or anonymised, per kind.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
pub struct ErasureCounts {
    pub subscribers: u64,
    pub orders_deleted: u64,
    /// Paid orders kept for the accounts, without personal data.
    pub orders_anonymised: u64,
    /// Tickets of paid orders kept (with their seat), without personal data.
    pub tickets_anonymised: u64,
    pub webinar_registrations: u64,
    pub intro_calls: u64,
    pub contact_messages: u64,
    /// Mails and webhooks to or about the person.
    pub emails: u64,
    pub account_links: u64,
}

/// That an erasure happened: when, by whom, and how much; nothing about the person.
#[derive(Serialize, ToSchema)]
pub struct ErasureRecord {
    pub id: i64,
    /// UTC, RFC 3339.
    pub erased_at: String,
    /// The admin who erased (her e-mail address at the time).
    pub erased_by: String,
    pub counts: ErasureCounts,
}

impl ErasureRecord {
    fn from_row(row: &AnyRow) -> Result<Self, AppError> {
        let counts: String = row.try_get("counts")?;
        Ok(Self {
            id: row.try_get("id")?,
            erased_at: row.try_get("erased_at")?,
            erased_by: row.try_get("erased_by")?,
            counts: serde_json::from_str(&counts).map_err(anyhow::Error::from)?,
        })
    }
}

pub async fn is_admin(pool: &AnyPool, normalized: &str) -> Result<bool, sqlx::Error> {
    Ok(
        sqlx::query("SELECT id FROM users WHERE email_normalized = $1")
            .bind(normalized)
            .fetch_optional(pool)
            .await?
            .is_some(),
    )
}

#[utoipa::path(
    post,
    path = "/admin/people/erase",
    operation_id = "admin_erase_person",
    tag = "admin",
    request_body = EraseRequest,
    responses(
        (status = 200, description = "Erased in one transaction; the record of it", body = ErasureRecord),
        (status = 404, description = "Nothing is stored about this address", body = ErrorBody),
        (status = 409, description = "An admin account, or a payment still open", body = ErrorBody),
        (status = 422, description = "Not an e-mail address, or the confirmation differs", body = ErrorBody),
    )
)]
pub async fn erase_person(
    State(state): State<AppState>,
    Extension(me): Extension<CurrentUser>,
    ApiJson(input): ApiJson<EraseRequest>,
) -> Result<Json<ErasureRecord>, AppError> {
    let email = normalized(&input.email).map_err(|_| {
        Fields::one(
            "email",
            "Vul het e-mailadres in van de persoon die je wilt wissen.",
        )
    })?;
    if input.confirmation.trim().to_lowercase() != email {
        return Err(Fields::one(
            "confirmation",
            "Typ ter bevestiging precies hetzelfde e-mailadres.",
        ));
    }
    let mut tx = db::begin_write(&state.pool).await?;
    if sqlx::query("SELECT id FROM users WHERE email_normalized = $1")
        .bind(&email)
        .fetch_optional(&mut *tx)
        .await?
        .is_some()
    {
        return Err(AppError::Conflict(
            "Dit adres hoort bij een account voor het beheer. Verwijder eerst dat account bij Accounts."
                .into(),
        ));
    }
    let pending: i64 =
        sqlx::query("SELECT COUNT(*) AS n FROM orders WHERE LOWER(email) = $1 AND status = $2")
            .bind(&email)
            .bind(OrderStatus::Pending)
            .fetch_one(&mut *tx)
            .await?
            .try_get("n")?;
    if pending > 0 {
        return Err(AppError::Conflict(
            "Er loopt nog een betaling van deze persoon. Wis de gegevens zodra die betaald of verlopen is (hooguit een half uur)."
                .into(),
        ));
    }
    let counts = erase(&mut tx, &email).await?;
    if counts_are_zero(&counts) {
        return Err(nothing_stored());
    }
    let erased_by: String = sqlx::query("SELECT email FROM users WHERE id = $1")
        .bind(me.id)
        .fetch_one(&mut *tx)
        .await?
        .try_get("email")?;
    let erased_at = db::now();
    let id: i64 = sqlx::query(
        "INSERT INTO erasures (erased_at, admin_user_id, erased_by, counts) VALUES ($1, $2, $3, $4) \
         RETURNING id",
    )
    .bind(&erased_at)
    .bind(me.id)
    .bind(&erased_by)
    .bind(serde_json::to_string(&counts).map_err(anyhow::Error::from)?)
    .fetch_one(&mut *tx)
    .await?
    .try_get("id")?;
    tx.commit().await?;
    tracing::info!(erasure = id, ?counts, "person erased");
    Ok(Json(ErasureRecord {
        id,
        erased_at,
        erased_by,
        counts,
    }))
}

fn counts_are_zero(c: &ErasureCounts) -> bool {
    c.subscribers
        + c.orders_deleted
        + c.orders_anonymised
        + c.tickets_anonymised
        + c.webinar_registrations
        + c.intro_calls
        + c.contact_messages
        + c.emails
        + c.account_links
        == 0
}

async fn run(tx: &mut Tx, sql: &'static str, email: &str) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query(sql)
        .bind(email)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

/// The erasure itself, inside the caller's transaction (no open payment for the address).
async fn erase(tx: &mut Tx, email: &str) -> Result<ErasureCounts, AppError> {
    let now = db::now();
    let mut counts = ErasureCounts::default();
    // The events whose seats this frees, before any write (see agenda::seats).
    let events = sqlx::query(
        "SELECT event_id FROM tickets WHERE order_id IS NULL AND status <> 'cancelled' AND LOWER(email) = $1 \
         UNION SELECT event_id FROM waitlist_entries WHERE email_normalized = $1 AND status = 'offered'",
    )
    .bind(email)
    .fetch_all(&mut **tx)
    .await?
    .iter()
    .map(|row| row.try_get::<i64, _>("event_id"))
    .collect::<Result<Vec<_>, _>>()?;
    seats::lock(tx, events).await?;

    // Free webinar registrations go; each one still counted gives its seat back.
    let registrations = sqlx::query(
        "SELECT event_id, COUNT(*) AS n FROM tickets WHERE order_id IS NULL AND status <> 'cancelled' \
         AND LOWER(email) = $1 GROUP BY event_id",
    )
    .bind(email)
    .fetch_all(&mut **tx)
    .await?;
    for row in &registrations {
        seats::release(tx, row.try_get("event_id")?, row.try_get("n")?).await?;
    }
    counts.webinar_registrations = run(
        tx,
        "DELETE FROM tickets WHERE order_id IS NULL AND LOWER(email) = $1",
        email,
    )
    .await?;

    // Waiting lists go; an open offer first gives back the seat it held.
    let offers = sqlx::query(
        "SELECT event_id FROM waitlist_entries WHERE email_normalized = $1 AND status = 'offered'",
    )
    .bind(email)
    .fetch_all(&mut **tx)
    .await?;
    for row in &offers {
        seats::release(tx, row.try_get("event_id")?, 1).await?;
    }
    run(
        tx,
        "DELETE FROM waitlist_entries WHERE email_normalized = $1",
        email,
    )
    .await?;

    // Paid orders stay for the accounts (and their valid tickets keep their seats), anonymised.
    let paid = sqlx::query(
        "SELECT id, status FROM orders WHERE LOWER(email) = $1 AND paid_at IS NOT NULL",
    )
    .bind(email)
    .fetch_all(&mut **tx)
    .await?;
    counts.tickets_anonymised = sqlx::query(
        "UPDATE tickets SET holder_name = $1, email = '', updated_at = $2 \
         WHERE order_id IS NOT NULL AND (LOWER(email) = $3 \
         OR order_id IN (SELECT id FROM orders WHERE LOWER(email) = $3 AND paid_at IS NOT NULL))",
    )
    .bind(ERASED_NAME)
    .bind(&now)
    .bind(email)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    for row in &paid {
        let status: OrderStatus = row.try_get("status")?;
        orders::record(
            tx,
            row.try_get("id")?,
            status,
            "Persoonsgegevens gewist op verzoek (AVG); bedragen en data blijven voor de boekhouding.",
        )
        .await?;
    }
    counts.orders_anonymised = sqlx::query(
        "UPDATE orders SET first_name = $1, last_name = '', email = '', phone = NULL, company = NULL, \
         vat_number = NULL, checkout_url = NULL, updated_at = $2 \
         WHERE LOWER(email) = $3 AND paid_at IS NOT NULL",
    )
    .bind(ERASED_NAME)
    .bind(&now)
    .bind(email)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    // Never paid (cancelled, expired, failed): nothing to keep; their holds were released when
    // they ended. Their history goes with them (ON DELETE CASCADE).
    counts.orders_deleted = run(
        tx,
        "DELETE FROM orders WHERE LOWER(email) = $1 AND paid_at IS NULL AND status <> 'pending'",
        email,
    )
    .await?;

    counts.subscribers = run(
        tx,
        "DELETE FROM newsletter_subscribers WHERE email_normalized = $1",
        email,
    )
    .await?;
    // Newsletter deliveries stay as numbers in the campaign's figures, without the person; one
    // still waiting is skipped.
    counts.emails += run(
        tx,
        "UPDATE campaign_recipients SET email = '', first_name = '', \
         email_normalized = 'gewist-' || CAST(id AS TEXT), \
         status = CASE WHEN status = 'pending' THEN 'skipped' ELSE status END \
         WHERE email_normalized = $1",
        email,
    )
    .await?;
    counts.intro_calls = run(tx, "DELETE FROM intro_calls WHERE LOWER(email) = $1", email).await?;
    counts.contact_messages = run(
        tx,
        "DELETE FROM contact_messages WHERE LOWER(email) = $1",
        email,
    )
    .await?;
    // Mails to the person and notifications about her (they name her address), sent or not.
    let candidates =
        sqlx::query("SELECT id, payload FROM outbox WHERE LOWER(payload) LIKE $1 ESCAPE '\\'")
            .bind(mention_pattern(email))
            .fetch_all(&mut **tx)
            .await?;
    for row in &candidates {
        if mentions(&row.try_get::<String, _>("payload")?, email) {
            counts.emails += sqlx::query("DELETE FROM outbox WHERE id = $1")
                .bind(row.try_get::<i64, _>("id")?)
                .execute(&mut **tx)
                .await?
                .rows_affected();
        }
    }
    counts.account_links = run(
        tx,
        "DELETE FROM account_links WHERE email_normalized = $1",
        email,
    )
    .await?;
    // Review invitations and the opt-out name the address; the reviews themselves hold at most
    // a first name.
    for sql in [
        "DELETE FROM review_invitations WHERE email_normalized = $1",
        "DELETE FROM review_opt_outs WHERE email_normalized = $1",
    ] {
        run(tx, sql, email).await?;
    }
    // Sign-in and recovery counters keyed by the address (alone or with a client address).
    sqlx::query("DELETE FROM auth_throttle WHERE key = $1 OR key LIKE $2 ESCAPE '\\'")
        .bind(email)
        .bind(format!("{}|%", paging::escape_like(email)))
        .execute(&mut **tx)
        .await?;
    Ok(counts)
}

#[utoipa::path(
    get,
    path = "/admin/people/erasures",
    operation_id = "admin_list_erasures",
    tag = "admin",
    params(PageQuery),
    responses(
        (status = 200, description = "One page of erasure records, newest first (q is not used)", body = Page<ErasureRecord>),
    )
)]
pub async fn list_erasures(
    State(state): State<AppState>,
    ApiQuery(paging): ApiQuery<PageQuery>,
) -> Result<Json<Page<ErasureRecord>>, AppError> {
    let sql = ListSql {
        columns: "id, erased_at, erased_by, counts",
        from: "erasures",
        filter: "",
        order_by: "erased_at DESC, id DESC",
    };
    let page = paging::fetch_page(
        &state.pool,
        paging.info(),
        &sql,
        |q| q,
        ErasureRecord::from_row,
    )
    .await?;
    Ok(Json(page))
}
