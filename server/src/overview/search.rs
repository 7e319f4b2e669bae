//! One admin search over people, orders, invoices, tickets, coupons and events (DESIGN §15,
//! issue 27): served from the `search_terms` index (migration 0035, kept by triggers), never a
//! scan; each hit names the admin page that owns the thing, opened on it.
use std::collections::HashSet;

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::{AnyPool, AssertSqlSafe, Row};
use utoipa::{IntoParams, ToSchema};

use crate::agenda::tickets;
use crate::kit::closed_set::closed_set;
use crate::kit::error::{ApiQuery, AppError, ErrorBody};
use crate::kit::{brussels, money};
use crate::platform::state::AppState;

pub mod admin {
    use utoipa_axum::router::OpenApiRouter;
    use utoipa_axum::routes;

    use crate::platform::state::AppState;

    pub fn routes() -> OpenApiRouter<AppState> {
        OpenApiRouter::new().routes(routes!(super::search))
    }
}

closed_set! {
    /// A kind of thing the admin search finds, in the order its groups are shown.
    pub enum SearchKind {
        Person = "person" => "Personen",
        Order = "order" => "Bestellingen",
        Ticket = "ticket" => "Tickets",
        Invoice = "invoice" => "Facturen",
        Coupon = "coupon" => "Coupons",
        Event = "event" => "Activiteiten",
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// 2 to 100 characters: the start of a name or of any word in it, an e-mail address, an
    /// order, invoice, ticket or coupon code, an event title. Case does not matter.
    #[serde(default)]
    pub q: String,
}

#[derive(Serialize, ToSchema)]
pub struct SearchHit {
    /// What it is, e.g. "Sofie Peeters" or "Factuur 2026-000012".
    pub label: String,
    /// A short Dutch detail, e.g. the e-mail address or the product, amount and date.
    pub detail: String,
    /// The admin page (a path with its query) that shows it.
    pub url: String,
}

#[derive(Serialize, ToSchema)]
pub struct SearchGroup {
    pub kind: SearchKind,
    /// The group's Dutch heading.
    pub label: String,
    pub hits: Vec<SearchHit>,
}

#[derive(Serialize, ToSchema)]
pub struct SearchResults {
    /// Only kinds with hits, in a fixed order (people first).
    pub groups: Vec<SearchGroup>,
}

/// Hits per group.
const HITS: usize = 5;
/// Terms read per source: a row has several (its name, the words in it, its address), so a few
/// more than the hits shown.
const TERMS: i64 = 40;

#[utoipa::path(
    get,
    path = "/admin/search",
    operation_id = "admin_search",
    tag = "admin",
    params(SearchQuery),
    responses(
        (status = 200, description = "What starts with q, grouped by kind, each hit with the admin page that opens it", body = SearchResults),
        (status = 422, description = "q is shorter than 2 or longer than 100 characters", body = ErrorBody),
    )
)]
pub async fn search(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<SearchQuery>,
) -> Result<Json<SearchResults>, AppError> {
    let prefix = normalized(&query.q)?;
    let pool = &state.pool;
    let mut groups = Vec::new();
    let mut push = |kind: SearchKind, hits: Vec<SearchHit>| {
        if !hits.is_empty() {
            groups.push(SearchGroup {
                kind,
                label: kind.label().to_string(),
                hits,
            });
        }
    };
    push(SearchKind::Person, people(pool, &prefix).await?);
    push(SearchKind::Order, orders(pool, &prefix).await?);
    push(SearchKind::Ticket, tickets(pool, &prefix).await?);
    push(SearchKind::Invoice, invoices(pool, &prefix).await?);
    push(SearchKind::Coupon, coupons(pool, &prefix).await?);
    push(SearchKind::Event, events(pool, &prefix).await?);
    Ok(Json(SearchResults { groups }))
}

/// The search text as the terms are kept (lower-case, single spaces), or a Dutch 422.
fn normalized(q: &str) -> Result<String, AppError> {
    let text = q.split_whitespace().collect::<Vec<_>>().join(" ");
    let length = text.chars().count();
    if !(2..=100).contains(&length) {
        return Err(AppError::invalid(
            "Typ minstens 2 en hoogstens 100 tekens om te zoeken.",
        ));
    }
    Ok(text.to_lowercase())
}

/// The query that finds the rows of `source` with a term starting with `$2`: one range of the
/// `(source, term, source_id)` index (`$3` is `$2` followed by the highest character, so every
/// term that starts with `$2` sorts below it, in SQLite's and PostgreSQL's "C" byte order).
pub const MATCHES: &str = "SELECT source_id FROM search_terms \
     WHERE source = $1 AND term >= $2 AND term < $3 LIMIT $4";

/// The ids of the rows of `source` with a term that starts with `prefix`, each once, in term
/// order.
async fn matches(pool: &AnyPool, source: &str, prefix: &str) -> Result<Vec<i64>, sqlx::Error> {
    let rows = sqlx::query(MATCHES)
        .bind(source)
        .bind(prefix)
        .bind(format!("{prefix}{}", char::MAX))
        .bind(TERMS)
        .fetch_all(pool)
        .await?;
    let mut seen = HashSet::new();
    let mut ids = Vec::new();
    for row in rows {
        let id: i64 = row.try_get("source_id")?;
        if seen.insert(id) {
            ids.push(id);
        }
    }
    Ok(ids)
}

/// The rows of `select` (which ends in `WHERE x.id IN `) with these ids.
async fn rows_of(pool: &AnyPool, select: &str, ids: &[i64]) -> Result<Vec<AnyRow>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let placeholders = (1..=ids.len())
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!("{select}({placeholders})");
    let mut query = sqlx::query(AssertSqlSafe(sql));
    for id in ids {
        query = query.bind(*id);
    }
    query.fetch_all(pool).await
}

/// The rows found for `source`, in the order the index gave them.
async fn found(
    pool: &AnyPool,
    source: &str,
    prefix: &str,
    select: &str,
) -> Result<Vec<AnyRow>, AppError> {
    let ids = matches(pool, source, prefix).await?;
    let mut rows = rows_of(pool, select, &ids).await?;
    rows.sort_by_key(|row| {
        let id: i64 = row.try_get("id").unwrap_or_default();
        ids.iter().position(|i| *i == id)
    });
    Ok(rows)
}

/// Where people left their name and address: (source in `search_terms`, table, name).
const PEOPLE_SOURCES: &[(&str, &str, &str)] = &[
    ("order", "orders", "first_name || ' ' || last_name"),
    ("ticket", "tickets", "holder_name"),
    ("subscriber", "newsletter_subscribers", "first_name"),
    ("intro_call", "intro_calls", "name"),
    ("contact_message", "contact_messages", "name"),
    ("waitlist_entry", "waitlist_entries", "name"),
];

/// People by name or address, once per address, opening her timeline under Personen.
async fn people(pool: &AnyPool, prefix: &str) -> Result<Vec<SearchHit>, AppError> {
    let mut seen = HashSet::new();
    let mut hits = Vec::new();
    for (source, table, name) in PEOPLE_SOURCES {
        let select = format!("SELECT x.id, x.email, {name} AS name FROM {table} x WHERE x.id IN ");
        for row in found(pool, source, prefix, &select).await? {
            let email: String = row.try_get("email")?;
            let key = email.trim().to_lowercase();
            if key.is_empty() || !seen.insert(key.clone()) {
                continue;
            }
            let name: String = row.try_get("name")?;
            // An order or ticket is also found by its number or code: that is not her.
            if !name_or_address_starts_with(&name, &key, prefix) {
                continue;
            }
            hits.push(SearchHit {
                label: name.trim().to_string(),
                detail: email.trim().to_string(),
                url: format!("/admin/personen?email={}", encoded(&key)),
            });
        }
    }
    hits.truncate(HITS);
    Ok(hits)
}

/// Whether `prefix` starts her address, her name or a later word of it (as the terms are made).
fn name_or_address_starts_with(name: &str, address: &str, prefix: &str) -> bool {
    let name = name.trim().to_lowercase();
    address.starts_with(prefix)
        || std::iter::once(0)
            .chain(name.match_indices(' ').map(|(i, _)| i + 1))
            .any(|start| name[start..].starts_with(prefix))
}

async fn orders(pool: &AnyPool, prefix: &str) -> Result<Vec<SearchHit>, AppError> {
    let select = "SELECT o.id, o.public_id, o.first_name, o.last_name, o.total_cents, o.created_at, \
         p.name AS product FROM orders o JOIN products p ON p.id = o.product_id WHERE o.id IN ";
    let rows = found(pool, "order", prefix, select).await?;
    rows.iter()
        .take(HITS)
        .map(|row| {
            let id: i64 = row.try_get("id")?;
            let public_id: String = row.try_get("public_id")?;
            let first: String = row.try_get("first_name")?;
            let last: String = row.try_get("last_name")?;
            let product: String = row.try_get("product")?;
            let created: String = row.try_get("created_at")?;
            Ok(SearchHit {
                label: format!("{first} {last}").trim().to_string(),
                detail: format!(
                    "{} · {product} · {} · {}",
                    public_id.chars().take(10).collect::<String>(),
                    money::euro(row.try_get("total_cents")?),
                    day(&created)
                ),
                url: format!("/admin/orders?bestelling={id}"),
            })
        })
        .collect()
}

async fn tickets(pool: &AnyPool, prefix: &str) -> Result<Vec<SearchHit>, AppError> {
    let select = "SELECT t.id, t.code, t.holder_name, t.event_id, e.kind, e.title, e.starts_at \
         FROM tickets t JOIN events e ON e.id = t.event_id WHERE t.id IN ";
    let mut rows = found(pool, "ticket", prefix, select).await?;
    // A code as people see and type it (K7QF-M2XD-9TPA) is kept without its dashes.
    let code = tickets::normalize_code(prefix).to_lowercase();
    if code != prefix && code.chars().count() >= 2 {
        let more = found(pool, "ticket", &code, select).await?;
        rows.extend(more);
        let mut seen = HashSet::new();
        rows.retain(|row| seen.insert(row.try_get::<i64, _>("id").unwrap_or_default()));
    }
    rows.iter()
        .take(HITS)
        .map(|row| {
            let code: String = row.try_get("code")?;
            let holder: String = row.try_get("holder_name")?;
            let title: String = row.try_get("title")?;
            let starts: String = row.try_get("starts_at")?;
            let kind: String = row.try_get("kind")?;
            let event: i64 = row.try_get("event_id")?;
            Ok(SearchHit {
                label: format!("Ticket {}", tickets::display_code(&code)),
                detail: format!("{holder} · {title}, {}", day(&starts)),
                url: format!(
                    "{}?activiteit={event}&ticket={}",
                    event_page(&kind),
                    encoded(&code)
                ),
            })
        })
        .collect()
}

async fn invoices(pool: &AnyPool, prefix: &str) -> Result<Vec<SearchHit>, AppError> {
    let select = "SELECT i.id, i.kind, i.number, i.buyer_name, i.total_cents, i.issue_date \
         FROM invoices i WHERE i.id IN ";
    let rows = found(pool, "invoice", prefix, select).await?;
    rows.iter()
        .take(HITS)
        .map(|row| {
            let kind: String = row.try_get("kind")?;
            let number: String = row.try_get("number")?;
            let buyer: String = row.try_get("buyer_name")?;
            let issued: String = row.try_get("issue_date")?;
            let what = if kind == "credit_note" {
                "Creditnota"
            } else {
                "Factuur"
            };
            Ok(SearchHit {
                label: format!("{what} {number}"),
                detail: format!(
                    "{buyer} · {} · {}",
                    money::euro(row.try_get("total_cents")?),
                    belgian_date(&issued)
                ),
                url: format!(
                    "/admin/facturen?factuur={}&datum={issued}",
                    encoded(&number)
                ),
            })
        })
        .collect()
}

async fn coupons(pool: &AnyPool, prefix: &str) -> Result<Vec<SearchHit>, AppError> {
    let select = "SELECT c.id, c.code, c.discount_kind, c.discount_value, c.active \
         FROM coupons c WHERE c.id IN ";
    let rows = found(pool, "coupon", prefix, select).await?;
    rows.iter()
        .take(HITS)
        .map(|row| {
            let code: String = row.try_get("code")?;
            let kind: String = row.try_get("discount_kind")?;
            let value: i64 = row.try_get("discount_value")?;
            let active: i64 = row.try_get("active")?;
            let discount = if kind == "percent" {
                format!("{value} % korting")
            } else {
                format!("{} korting", money::euro(value))
            };
            Ok(SearchHit {
                label: code.clone(),
                detail: if active == 1 {
                    discount
                } else {
                    format!("{discount} · niet actief")
                },
                url: format!("/admin/coupons?coupon={}", encoded(&code)),
            })
        })
        .collect()
}

async fn events(pool: &AnyPool, prefix: &str) -> Result<Vec<SearchHit>, AppError> {
    let select = "SELECT e.id, e.kind, e.title, e.starts_at FROM events e WHERE e.id IN ";
    let rows = found(pool, "event", prefix, select).await?;
    rows.iter()
        .take(HITS)
        .map(|row| {
            let id: i64 = row.try_get("id")?;
            let kind: String = row.try_get("kind")?;
            let title: String = row.try_get("title")?;
            let starts: String = row.try_get("starts_at")?;
            let what = match kind.as_str() {
                "zelfbeeld" => "Zelfbeeld-event",
                "webinar" => "Webinar",
                _ => "Vertelavond",
            };
            Ok(SearchHit {
                label: title,
                detail: format!("{what} · {}", day(&starts)),
                url: format!("{}?activiteit={id}", event_page(&kind)),
            })
        })
        .collect()
}

/// The admin page where events of `kind` and their tickets are managed.
fn event_page(kind: &str) -> &'static str {
    if kind == "zelfbeeld" {
        "/admin/zelfbeeld-events"
    } else {
        "/admin/tickets"
    }
}

/// "27/11/2026" in Brussels for a stored timestamp.
fn day(stored: &str) -> String {
    brussels::format(stored, "%d/%m/%Y").unwrap_or_else(|_| stored.to_string())
}

/// "27/11/2026" for `2026-11-27`.
fn belgian_date(iso: &str) -> String {
    let mut parts = iso.splitn(3, '-');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(y), Some(m), Some(d)) => format!("{d}/{m}/{y}"),
        _ => iso.to_string(),
    }
}

/// Percent-encodes a query value.
fn encoded(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_text_is_trimmed_lower_cased_and_between_2_and_100_characters() {
        assert_eq!(normalized("  Sofie   Pee ").unwrap(), "sofie pee");
        assert!(normalized(" s ").is_err());
        assert!(normalized(&"é".repeat(100)).is_ok());
        assert!(normalized(&"é".repeat(101)).is_err());
        assert_eq!(belgian_date("2026-03-07"), "07/03/2026");
    }

    #[test]
    fn a_person_is_found_by_her_address_or_the_start_of_a_word_of_her_name_only() {
        let found =
            |prefix| name_or_address_starts_with("Sofie Van den Berghe", "sofie@x.be", prefix);
        assert!(found("sof") && found("van den") && found("berg") && found("sofie@"));
        assert!(!found("ofie") && !found("3f9a2c7d1b"));
    }
}
