//! Tickets: one seat at an event, with a code that is shown at the door.
//!
//! Codes are stored in one canonical form — 12 upper-case characters, no dashes — so a check-in
//! is an equality on the unique index. People see them in groups of four (`K7QF-M2XD-9TPA`)
//! and may type them in any case, with or without dashes and spaces.
pub mod admin;

use serde::Serialize;
use sqlx::Row;
use sqlx::any::AnyRow;
use utoipa::ToSchema;

use crate::kit::closed_set::closed_set;
use crate::kit::db::Tx;

closed_set! {
    pub enum TicketStatus {
        Valid = "valid" => "Geldig",
        CheckedIn = "checked_in" => "Ingecheckt",
        /// Refunded or cancelled by the coach; its seat is free again.
        Cancelled = "cancelled" => "Geannuleerd",
    }
}

/// No 0/O, 1/I/L: nothing to misread on paper or a phone screen. 31 symbols.
const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const CODE_LEN: usize = 12;
const GROUP: usize = 4;

/// A new random ticket code in its stored form (12 characters, about 59.4 bits).
pub fn new_ticket_code() -> String {
    (0..CODE_LEN)
        .map(|_| char::from(ALPHABET[rand::random_range(0..ALPHABET.len())]))
        .collect()
}

/// What someone typed or scanned, in the stored form: upper-case, without spaces or dashes.
pub fn normalize_code(input: &str) -> String {
    input
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '-' | '‐' | '‑' | '–' | '—'))
        .flat_map(char::to_uppercase)
        .collect()
}

/// What someone typed, in the stored form, when it can be a code at all: 12 characters of the
/// code alphabet after `normalize_code`. Anything else was never issued (a typo, another kind
/// of code), so it need not be looked up.
pub fn parse_code(input: &str) -> Option<String> {
    let code = normalize_code(input);
    (code.len() == CODE_LEN && code.bytes().all(|b| ALPHABET.contains(&b))).then_some(code)
}

/// A stored code as people see it: groups of four joined by dashes (`K7QF-M2XD-9TPA`).
pub fn display_code(stored: &str) -> String {
    let chars: Vec<char> = stored.chars().collect();
    chars
        .chunks(GROUP)
        .map(|group| group.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("-")
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Ticket {
    pub id: i64,
    /// Shown in groups of four with dashes, e.g. `K7QF-M2XD-9TPA`.
    pub code: String,
    pub event_id: i64,
    /// The order that paid for it; null for a free registration.
    pub order_id: Option<i64>,
    pub order_public_id: Option<String>,
    pub holder_name: String,
    pub email: String,
    pub status: TicketStatus,
    /// UTC, RFC 3339.
    pub checked_in_at: Option<String>,
    /// UTC, RFC 3339.
    pub created_at: String,
}

/// Ticket columns, from [`FROM`].
pub(crate) const COLUMNS: &str = "t.id, t.code, t.event_id, t.order_id, o.public_id AS order_public_id, \
     t.holder_name, t.email, t.status, t.checked_in_at, t.created_at";
pub(crate) const FROM: &str = "tickets t LEFT JOIN orders o ON o.id = t.order_id";

impl Ticket {
    pub(crate) fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: row.try_get("id")?,
            code: display_code(&row.try_get::<String, _>("code")?),
            event_id: row.try_get("event_id")?,
            order_id: row.try_get("order_id")?,
            order_public_id: row.try_get("order_public_id")?,
            holder_name: row.try_get("holder_name")?,
            email: row.try_get("email")?,
            status: row.try_get("status")?,
            checked_in_at: row.try_get("checked_in_at")?,
            created_at: row.try_get("created_at")?,
        })
    }
}

/// The tickets of an order, in the order they were issued.
pub async fn of_order<'c, E>(executor: E, order_id: i64) -> Result<Vec<Ticket>, sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM {FROM} WHERE t.order_id = $1 ORDER BY t.id"
    )))
    .bind(order_id)
    .fetch_all(executor)
    .await?;
    rows.iter().map(Ticket::from_row).collect()
}

/// Issues a valid ticket to `holder_name` for a seat at `event_id` that the order `order_id`
/// (public id `order_public_id`) paid for, in the caller's transaction.
pub async fn issue_for_order(
    tx: &mut Tx,
    event_id: i64,
    (order_id, order_public_id): (i64, &str),
    holder_name: &str,
    email: &str,
    now: &str,
) -> Result<Ticket, sqlx::Error> {
    let code = new_ticket_code();
    let id: i64 = sqlx::query(
        "INSERT INTO tickets (code, event_id, order_id, holder_name, email, status, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id",
    )
    .bind(&code)
    .bind(event_id)
    .bind(order_id)
    .bind(holder_name)
    .bind(email)
    .bind(TicketStatus::Valid)
    .bind(now)
    .fetch_one(&mut **tx)
    .await?
    .try_get("id")?;
    Ok(Ticket {
        id,
        code: display_code(&code),
        event_id,
        order_id: Some(order_id),
        order_public_id: Some(order_public_id.to_string()),
        holder_name: holder_name.to_string(),
        email: email.to_string(),
        status: TicketStatus::Valid,
        checked_in_at: None,
        created_at: now.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_codes_are_12_unambiguous_characters_and_differ() {
        let codes: std::collections::HashSet<String> =
            (0..1000).map(|_| new_ticket_code()).collect();
        assert_eq!(codes.len(), 1000);
        for code in &codes {
            assert_eq!(code.len(), 12);
            assert!(code.bytes().all(|b| ALPHABET.contains(&b)), "{code}");
            assert!(!code.contains(['0', 'O', '1', 'I', 'L']), "{code}");
            assert_eq!(normalize_code(&display_code(code)), *code);
        }
        assert_eq!(ALPHABET.len(), 31);
    }

    #[test]
    fn typed_codes_are_normalized_to_the_stored_form() {
        assert_eq!(normalize_code("k7qf-m2xd-9tpa"), "K7QFM2XD9TPA");
        assert_eq!(normalize_code(" K7QF M2XD\t9TPA "), "K7QFM2XD9TPA");
        assert_eq!(normalize_code("K7QF–M2XD–9TPA"), "K7QFM2XD9TPA");
        assert_eq!(normalize_code("---"), "");
    }

    #[test]
    fn only_what_can_be_a_code_parses() {
        assert_eq!(
            parse_code("k7qf-m2xd-9tpa").as_deref(),
            Some("K7QFM2XD9TPA")
        );
        assert_eq!(
            parse_code(" K7QFM2XD9TPA ").as_deref(),
            Some("K7QFM2XD9TPA")
        );
        let code = new_ticket_code();
        assert_eq!(parse_code(&display_code(&code)), Some(code));
        for wrong in [
            "",
            "K7QF-M2XD",
            "K7QF-M2XD-9TPA-X",
            "K7QF-M2XD-9TP0",
            "K7QF-M2XD-9TPÄ",
        ] {
            assert_eq!(parse_code(wrong), None, "{wrong}");
        }
    }

    #[test]
    fn stored_codes_are_shown_in_groups_of_four() {
        assert_eq!(display_code("K7QFM2XD9TPA"), "K7QF-M2XD-9TPA");
        assert_eq!(display_code("ABCDEF"), "ABCD-EF");
        assert_eq!(display_code(""), "");
    }
}
