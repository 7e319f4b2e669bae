//! The right to be forgotten, in one transaction, table by table as `registry` lists them: what
//! may go is deleted (subscription, messages, intro calls, unpaid orders, webinar registrations,
//! waiting lists, coach notices, mails to or about the person, invitations, throttle counters);
//! what the accounts must keep stays without her: paid orders and their tickets keep amounts,
//! dates and products, her invoices keep name, address, company and VAT number (the law's
//! minimum) but lose her e-mail address and phone, and newsletters she got stay as numbers.
//! A valid ticket keeps its seat: erasing is not cancelling. Each erasure leaves a record with
//! the time, the admin and counts per kind, and nothing about the person.
use axum::extract::State;
use axum::{Extension, Json};
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::{AnyPool, AssertSqlSafe, Row};
use utoipa::ToSchema;

use super::records::{mention_pattern, mentions};
use super::registry::{self, Erase, PERSONAL};
use super::{RecordKind, normalized, nothing_stored};
use crate::agenda::seats;
use crate::commerce::orders::{self, OrderStatus};
use crate::kit::db::{self, Tx};
use crate::kit::error::{ApiJson, ApiQuery, AppError, ErrorBody};
use crate::kit::paging::{self, ListSql, Page, PageQuery};
use crate::kit::validation::Fields;
use crate::platform::auth::CurrentUser;
use crate::platform::state::AppState;

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
    pub waitlist_entries: u64,
    /// Notifications about the person kept for the coach's daily summary.
    pub coach_notices: u64,
    /// Newsletters she received, kept as numbers in the campaign's figures without her.
    pub newsletters: u64,
    /// Invoices and credit notes that lost her e-mail address and phone.
    pub invoices: u64,
    pub review_invitations: u64,
    /// Self-test results she asked to receive by mail.
    pub selftest_results: u64,
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
        let stored: String = row.try_get("counts")?;
        // Records from before a kind was counted lack it: zero.
        let mut counts =
            serde_json::to_value(ErasureCounts::default()).map_err(anyhow::Error::from)?;
        if let (Some(all), serde_json::Value::Object(some)) = (
            counts.as_object_mut(),
            serde_json::from_str(&stored).map_err(anyhow::Error::from)?,
        ) {
            all.extend(some);
        }
        Ok(Self {
            id: row.try_get("id")?,
            erased_at: row.try_get("erased_at")?,
            erased_by: row.try_get("erased_by")?,
            counts: serde_json::from_value(counts).map_err(anyhow::Error::from)?,
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
    let counts = erase(&mut tx, &email, db::pool_is_sqlite(&state.pool)).await?;
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
        + c.waitlist_entries
        + c.coach_notices
        + c.newsletters
        + c.invoices
        + c.review_invitations
        + c.selftest_results
        == 0
}

async fn run(tx: &mut Tx, sql: &'static str, email: &str) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query(sql)
        .bind(email)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

/// The invoices of her orders without her e-mail address and phone: the one change their
/// trigger allows (migration 0023), in each engine's JSON dialect.
const TRIM_INVOICES_SQLITE: &str = "UPDATE invoices SET document = json_set(document, \
     '$.buyer.email', json('null'), '$.buyer.phone', json('null')) \
     WHERE order_id IN (SELECT id FROM orders WHERE LOWER(email) = $1)";
const TRIM_INVOICES_POSTGRES: &str = "UPDATE invoices SET document = \
     jsonb_set(jsonb_set(document::jsonb, '{buyer,email}', 'null'), '{buyer,phone}', 'null')::text \
     WHERE order_id IN (SELECT id FROM orders WHERE LOWER(email) = $1)";

/// The erasure itself, inside the caller's transaction (no open payment for the address).
async fn erase(tx: &mut Tx, email: &str, sqlite: bool) -> Result<ErasureCounts, AppError> {
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

    // Seats first: each free registration still counted, and each open offer of a waiting
    // list, gives its seat back before its row goes.
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
    let offers = sqlx::query(
        "SELECT event_id FROM waitlist_entries WHERE email_normalized = $1 AND status = 'offered'",
    )
    .bind(email)
    .fetch_all(&mut **tx)
    .await?;
    for row in &offers {
        seats::release(tx, row.try_get("event_id")?, 1).await?;
    }

    // Her invoices keep what the law requires; found through her orders, so before those.
    counts.invoices = run(
        tx,
        if sqlite {
            TRIM_INVOICES_SQLITE
        } else {
            TRIM_INVOICES_POSTGRES
        },
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
    counts.tickets_anonymised =
        anonymise(tx, RecordKind::Ticket, "tickets", "", email, &now).await?;
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
    counts.orders_anonymised = anonymise(
        tx,
        RecordKind::Order,
        "orders",
        " AND paid_at IS NOT NULL",
        email,
        &now,
    )
    .await?;
    // Never paid (cancelled, expired, failed): nothing to keep; their holds were released when
    // they ended. Their history goes with them (ON DELETE CASCADE).
    counts.orders_deleted = run(
        tx,
        "DELETE FROM orders WHERE LOWER(email) = $1 AND paid_at IS NULL AND status <> 'pending'",
        email,
    )
    .await?;

    // Newsletters she received stay as numbers in the campaign's figures; one still waiting is
    // skipped, so the send completes without her.
    let recipients = registry::table("campaign_recipients", Some(RecordKind::Newsletter));
    counts.newsletters = sqlx::query(AssertSqlSafe(format!(
        "UPDATE campaign_recipients SET {}, \
         status = CASE WHEN status = 'pending' THEN 'skipped' ELSE status END, \
         lease_until = NULL, lease_owner = NULL WHERE {}",
        registry::anonymising(recipients),
        recipients.found_by
    )))
    .bind(email)
    .execute(&mut **tx)
    .await?
    .rows_affected();

    // Coach notices from before their address was kept name her in their text.
    let pattern = mention_pattern(email);
    let legacy = sqlx::query(
        "SELECT id, details FROM coach_notices WHERE email_normalized IS NULL \
         AND LOWER(details) LIKE $1 ESCAPE '\\'",
    )
    .bind(&pattern)
    .fetch_all(&mut **tx)
    .await?;
    for row in &legacy {
        if mentions(&row.try_get::<String, _>("details")?, email) {
            counts.coach_notices += sqlx::query("DELETE FROM coach_notices WHERE id = $1")
                .bind(row.try_get::<i64, _>("id")?)
                .execute(&mut **tx)
                .await?
                .rows_affected();
        }
    }
    // Mails to the person and notifications about her (they name her address), sent or not.
    let candidates =
        sqlx::query("SELECT id, payload FROM outbox WHERE LOWER(payload) LIKE $1 ESCAPE '\\'")
            .bind(&pattern)
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
    // Sign-in and recovery counters keyed by the address (alone or with a client address).
    sqlx::query("DELETE FROM auth_throttle WHERE key = $1 OR key LIKE $2 ESCAPE '\\'")
        .bind(email)
        .bind(format!("{}|%", paging::escape_like(email)))
        .execute(&mut **tx)
        .await?;

    // Every table whose rows simply go.
    for table in PERSONAL.iter().filter(|t| t.erase == Erase::Delete) {
        let deleted = sqlx::query(AssertSqlSafe(format!(
            "DELETE FROM {} WHERE {}",
            table.name, table.found_by
        )))
        .bind(email)
        .execute(&mut **tx)
        .await?
        .rows_affected();
        let count = match table.kind {
            Some(RecordKind::Subscriber) => &mut counts.subscribers,
            Some(RecordKind::WebinarRegistration) => &mut counts.webinar_registrations,
            Some(RecordKind::WaitlistEntry) => &mut counts.waitlist_entries,
            Some(RecordKind::IntroCall) => &mut counts.intro_calls,
            Some(RecordKind::ContactMessage) => &mut counts.contact_messages,
            Some(RecordKind::CoachNotice) => &mut counts.coach_notices,
            Some(RecordKind::AccountLink) => &mut counts.account_links,
            Some(RecordKind::ReviewInvitation) => &mut counts.review_invitations,
            Some(RecordKind::SelftestResult) => &mut counts.selftest_results,
            _ => &mut counts.emails,
        };
        *count += deleted;
    }
    Ok(counts)
}

/// Anonymises her kept rows of `kind` in `table` as the registry says; `also` narrows them.
async fn anonymise(
    tx: &mut Tx,
    kind: RecordKind,
    table: &str,
    also: &str,
    email: &str,
    now: &str,
) -> Result<u64, sqlx::Error> {
    let entry = registry::table(table, Some(kind));
    Ok(sqlx::query(AssertSqlSafe(format!(
        "UPDATE {table} SET {}, updated_at = $2 WHERE ({}){also}",
        registry::anonymising(entry),
        entry.found_by
    )))
    .bind(email)
    .bind(now)
    .execute(&mut **tx)
    .await?
    .rows_affected())
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
