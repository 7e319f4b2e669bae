//! Every record that holds one person's data, found by their e-mail address: one query per kind,
//! read generically (every column becomes a JSON value), so the export holds each stored field
//! and the timeline, the HTML page and the erasure work from the same list.
use serde_json::{Map, Value};
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Column, Row};

use super::RecordKind;
use crate::audience::contact::ContactSubject;
use crate::kit::paging;

/// One stored record about the person.
pub struct Record {
    pub kind: RecordKind,
    pub id: i64,
    /// UTC, RFC 3339: when it was made.
    pub at: String,
    /// Every exported column, by its database name.
    pub fields: Map<String, Value>,
}

/// How a source finds the person's rows.
#[derive(Clone, Copy)]
enum Key {
    /// `$1` is the normalized address.
    Address,
    /// `$1` is a `LIKE` pattern of the address ([`mention_pattern`]); a row counts when this
    /// column [`mentions`] the address.
    Mention(&'static str),
    /// `$1` the address and `$2` the pattern: rows keyed by their `email_normalized`, and older
    /// rows without one whose column mentions the address.
    AddressOrMention(&'static str),
}

/// The records of one kind (for the tables of `registry` with that kind); `id` and `at` are
/// required columns. Secrets of the links in mails (token hashes, idempotency keys) are left
/// out on purpose.
struct Source {
    kind: RecordKind,
    sql: &'static str,
    key: Key,
}

const SOURCES: &[Source] = &[
    Source {
        kind: RecordKind::Subscriber,
        sql: "SELECT id, created_at AS at, first_name, email, status, created_at, confirmed_at, \
              unsubscribed_at, updated_at, imported_at, import_basis, consent_at, import_source \
              FROM newsletter_subscribers WHERE email_normalized = $1",
        key: Key::Address,
    },
    Source {
        kind: RecordKind::Order,
        sql: "SELECT o.id, o.created_at AS at, p.name AS product, e.title AS event, \
              e.starts_at AS event_starts_at, o.quantity, o.first_name, o.last_name, o.email, o.phone, \
              o.company, o.vat_number, o.registration_number, o.billing_street, o.billing_postal_code, o.billing_city, \
              o.billing_country, o.unit_price_cents, o.subtotal_cents, o.discount_cents, \
              o.total_cents, o.refunded_cents, o.coupon_code, o.status, o.terms_accepted_at, \
              o.consent_text, o.provider, o.paid_at, o.created_at, o.updated_at \
              FROM orders o JOIN products p ON p.id = o.product_id LEFT JOIN events e ON e.id = o.event_id \
              WHERE LOWER(o.email) = $1",
        key: Key::Address,
    },
    Source {
        kind: RecordKind::Ticket,
        sql: "SELECT t.id, t.created_at AS at, t.code, e.title AS event, e.starts_at AS event_starts_at, \
              t.order_id, t.holder_name, t.email, t.status, t.checked_in_at, t.created_at, t.updated_at \
              FROM tickets t JOIN events e ON e.id = t.event_id \
              WHERE t.order_id IS NOT NULL AND (LOWER(t.email) = $1 \
              OR t.order_id IN (SELECT id FROM orders WHERE LOWER(email) = $1))",
        key: Key::Address,
    },
    Source {
        kind: RecordKind::WebinarRegistration,
        sql: "SELECT t.id, t.created_at AS at, e.title AS event, e.starts_at AS event_starts_at, \
              t.holder_name AS name, t.email, t.status, t.reminder_sent_at, t.created_at, t.updated_at \
              FROM tickets t JOIN events e ON e.id = t.event_id \
              WHERE t.order_id IS NULL AND LOWER(t.email) = $1",
        key: Key::Address,
    },
    Source {
        kind: RecordKind::WaitlistEntry,
        sql: "SELECT w.id, w.joined_at AS at, e.title AS event, e.starts_at AS event_starts_at, \
              w.name, w.email, w.status, w.offered_at, w.offered_until, w.joined_at, w.updated_at \
              FROM waitlist_entries w JOIN events e ON e.id = w.event_id WHERE w.email_normalized = $1",
        key: Key::Address,
    },
    Source {
        kind: RecordKind::IntroCall,
        sql: "SELECT id, created_at AS at, starts_at, ends_at, mode, name, email, phone, question, \
              status, cancelled_by, cancel_message, cancelled_at, booked_at, reminder_sent_at, \
              created_at, updated_at FROM intro_calls WHERE LOWER(email) = $1",
        key: Key::Address,
    },
    Source {
        kind: RecordKind::ContactMessage,
        sql: "SELECT id, created_at AS at, name, email, phone, subject, message, status, created_at, \
              updated_at FROM contact_messages WHERE LOWER(email) = $1",
        key: Key::Address,
    },
    Source {
        kind: RecordKind::CoachNotice,
        sql: "SELECT id, created_at AS at, kind, subject, details, email_normalized, created_at, \
              summary_day FROM coach_notices WHERE email_normalized = $1 \
              OR (email_normalized IS NULL AND LOWER(details) LIKE $2 ESCAPE '\\')",
        key: Key::AddressOrMention("details"),
    },
    Source {
        kind: RecordKind::Newsletter,
        sql: "SELECT r.id, COALESCE(r.sent_at, c.started_at, c.created_at) AS at, c.subject, \
              r.email, r.first_name, r.status, r.sent_at, r.last_error \
              FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id \
              WHERE r.email_normalized = $1",
        key: Key::Address,
    },
    Source {
        kind: RecordKind::Invoice,
        sql: "SELECT id, created_at AS at, kind, number, issue_date, buyer_name, buyer_company, \
              buyer_vat_number, taxable_cents, vat_cents, total_cents, document, created_at \
              FROM invoices WHERE order_id IN (SELECT id FROM orders WHERE LOWER(email) = $1)",
        key: Key::Address,
    },
    Source {
        kind: RecordKind::Email,
        sql: "SELECT id, created_at AS at, kind, payload, status, attempts, last_error, created_at, \
              sent_at, body_purged_at FROM outbox WHERE LOWER(payload) LIKE $1 ESCAPE '\\'",
        key: Key::Mention("payload"),
    },
    Source {
        kind: RecordKind::AccountLink,
        sql: "SELECT id, created_at AS at, purpose, email, created_at, expires_at, used_at \
              FROM account_links WHERE email_normalized = $1",
        key: Key::Address,
    },
    Source {
        kind: RecordKind::SelftestResult,
        sql: "SELECT r.id, r.created_at AS at, v.version, v.definition, r.primary_profile_id AS profile, r.scores, \
              r.answers, r.email, r.mail_status AS status, r.mail_requested_at, r.confirmed_at, r.created_at \
              FROM selftest_results r JOIN selftest_versions v ON v.id = r.version_id \
              WHERE r.email_normalized = $1",
        key: Key::Address,
    },
    Source {
        kind: RecordKind::ReviewInvitation,
        sql: "SELECT r.id, r.created_at AS at, 'invitation' AS purpose, e.title AS event, \
              r.first_name, r.email_normalized AS email, r.created_at, r.expires_at, r.used_at \
              FROM review_invitations r JOIN events e ON e.id = r.event_id WHERE r.email_normalized = $1",
        key: Key::Address,
    },
    Source {
        kind: RecordKind::ReviewInvitation,
        sql: "SELECT CAST(0 AS BIGINT) AS id, created_at AS at, 'opt_out' AS purpose, \
              email_normalized AS email, created_at FROM review_opt_outs WHERE email_normalized = $1",
        key: Key::Address,
    },
];

/// A `LIKE` pattern (escape `\`) for text that contains `normalized` anywhere: it finds the
/// candidates, [`mentions`] decides (`an@example.be` is inside `jan@example.be` too).
pub fn mention_pattern(normalized: &str) -> String {
    format!("%{}%", paging::escape_like(normalized))
}

/// True when `text` holds the address `normalized` as a whole address, in any case.
pub fn mentions(text: &str, normalized: &str) -> bool {
    let text = text.to_lowercase();
    let local_char = |c: char| c.is_alphanumeric() || ".!#$%&'*+/=?^_`{|}~-".contains(c);
    text.match_indices(normalized).any(|(start, found)| {
        let before = text[..start].chars().next_back();
        let mut after = text[start + found.len()..].chars();
        let next = after.next();
        let continues = match next {
            Some('.') => after.next().is_some_and(char::is_alphanumeric),
            Some(c) => c.is_alphanumeric() || c == '-',
            None => false,
        };
        !before.is_some_and(local_char) && !continues
    })
}

/// Every record about the address, newest first.
pub async fn collect(pool: &AnyPool, normalized: &str) -> Result<Vec<Record>, sqlx::Error> {
    let pattern = mention_pattern(normalized);
    let mut records = Vec::new();
    for source in SOURCES {
        let query = sqlx::query(source.sql);
        let query = match source.key {
            Key::Address => query.bind(normalized),
            Key::Mention(_) => query.bind(pattern.as_str()),
            Key::AddressOrMention(_) => query.bind(normalized).bind(pattern.as_str()),
        };
        for row in &query.fetch_all(pool).await? {
            let keep = match source.key {
                Key::Address => true,
                Key::Mention(column) => mentions(&row.try_get::<String, _>(column)?, normalized),
                Key::AddressOrMention(column) => {
                    row.try_get::<Option<String>, _>("email_normalized")?
                        .is_some()
                        || mentions(&row.try_get::<String, _>(column)?, normalized)
                }
            };
            if !keep {
                continue;
            }
            let mut fields = row_to_json(row);
            shape(source.kind, &mut fields);
            records.push(Record {
                kind: source.kind,
                id: row.try_get("id")?,
                at: row.try_get("at")?,
                fields,
            });
        }
    }
    let order_ids: Vec<i64> = records
        .iter()
        .filter(|r| r.kind == RecordKind::Order)
        .map(|r| r.id)
        .collect();
    for id in order_ids {
        let history = sqlx::query(
            "SELECT status, note, created_at FROM order_history WHERE order_id = $1 ORDER BY id",
        )
        .bind(id)
        .fetch_all(pool)
        .await?;
        let history: Vec<Value> = history
            .iter()
            .map(|h| Value::Object(row_to_json(h)))
            .collect();
        if let Some(order) = records
            .iter_mut()
            .find(|r| r.kind == RecordKind::Order && r.id == id)
        {
            order.fields.insert("history".into(), Value::Array(history));
        }
    }
    records.sort_by(|a, b| b.at.cmp(&a.at).then(b.id.cmp(&a.id)));
    Ok(records)
}

/// Every column as JSON: integers, text, or null (the `at` helper column is left out).
fn row_to_json(row: &AnyRow) -> Map<String, Value> {
    let mut map = Map::new();
    for column in row.columns() {
        let name = column.name();
        if name == "at" {
            continue;
        }
        let i = column.ordinal();
        let value = if let Ok(v) = row.try_get::<Option<i64>, _>(i) {
            v.map_or(Value::Null, Value::from)
        } else if let Ok(v) = row.try_get::<Option<String>, _>(i) {
            v.map_or(Value::Null, Value::from)
        } else if let Ok(v) = row.try_get::<Option<f64>, _>(i) {
            v.map_or(Value::Null, Value::from)
        } else {
            Value::Null
        };
        map.insert(name.to_string(), value);
    }
    map
}

/// Readable forms of a few stored values: an outbox payload becomes the mail (address, subject
/// and text; attachments are only named) or the webhook body, a contact subject gets its label.
fn shape(kind: RecordKind, fields: &mut Map<String, Value>) {
    match kind {
        RecordKind::Email => {
            let payload = fields
                .remove("payload")
                .and_then(|p| p.as_str().map(str::to_string))
                .unwrap_or_default();
            let parsed: Value = serde_json::from_str(&payload).unwrap_or(Value::Null);
            let is_mail = fields.get("kind").and_then(Value::as_str) == Some("email");
            if is_mail {
                for key in ["to", "subject", "text"] {
                    fields.insert(key.into(), parsed.get(key).cloned().unwrap_or(Value::Null));
                }
                let attachments: Vec<Value> = parsed
                    .get("attachments")
                    .and_then(Value::as_array)
                    .map(|a| {
                        a.iter()
                            .filter_map(|x| x.get("filename").cloned())
                            .collect()
                    })
                    .unwrap_or_default();
                fields.insert("attachments".into(), Value::Array(attachments));
            } else {
                fields.insert(
                    "body".into(),
                    parsed.get("body").cloned().unwrap_or(Value::Null),
                );
            }
        }
        // The buyer as the invoice prints her; the rest of the document is the seller and lines.
        RecordKind::Invoice => {
            let document = fields
                .remove("document")
                .and_then(|d| d.as_str().map(str::to_string))
                .unwrap_or_default();
            let parsed: Value = serde_json::from_str(&document).unwrap_or(Value::Null);
            fields.insert(
                "buyer".into(),
                parsed.get("buyer").cloned().unwrap_or(Value::Null),
            );
        }
        // The profile by its title in the version she took; scores and answers as JSON.
        RecordKind::SelftestResult => {
            let definition = fields
                .remove("definition")
                .and_then(|d| d.as_str().map(str::to_string))
                .unwrap_or_default();
            let parsed: Value = serde_json::from_str(&definition).unwrap_or(Value::Null);
            let profile = fields.get("profile").and_then(Value::as_str).unwrap_or("");
            let title = parsed
                .get("profiles")
                .and_then(Value::as_array)
                .and_then(|all| {
                    all.iter()
                        .find(|p| p.get("id").and_then(Value::as_str) == Some(profile))
                })
                .and_then(|p| p.get("title"))
                .cloned()
                .unwrap_or_else(|| Value::from(profile));
            fields.insert("profile".into(), title);
            let stored = |key: &str| -> Value {
                fields
                    .get(key)
                    .and_then(Value::as_str)
                    .and_then(|text| serde_json::from_str(text).ok())
                    .unwrap_or(Value::Null)
            };
            // Per theme in the test's order, by its name.
            let scores = stored("scores");
            let themes: Vec<Value> = parsed
                .get("themes")
                .and_then(Value::as_array)
                .map(|themes| {
                    themes
                        .iter()
                        .filter_map(|t| {
                            let key = t.get("key")?.as_str()?;
                            Some(serde_json::json!({
                                "theme": t.get("name").cloned().unwrap_or_else(|| Value::from(key)),
                                "score": scores.get(key).cloned().unwrap_or(Value::Null),
                            }))
                        })
                        .collect()
                })
                .unwrap_or_default();
            let answers = stored("answers");
            fields.insert("scores".into(), Value::Array(themes));
            fields.insert("answers".into(), answers);
        }
        RecordKind::ContactMessage => {
            if let Some(label) = fields
                .get("subject")
                .and_then(Value::as_str)
                .and_then(|s| s.parse::<ContactSubject>().ok())
                .map(ContactSubject::label)
            {
                fields.insert("subject".into(), Value::from(label));
            }
        }
        _ => {}
    }
}

/// A text field of a record, or "".
pub fn text<'a>(record: &'a Record, key: &str) -> &'a str {
    record.fields.get(key).and_then(Value::as_str).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::super::registry::{Holds, PERSONAL};
    use super::{SOURCES, mentions};

    #[test]
    fn the_export_reads_every_personal_column_the_registry_names() {
        for table in PERSONAL {
            let Some(kind) = table.kind else { continue };
            let sources: Vec<&str> = SOURCES
                .iter()
                .filter(|s| s.kind == kind && s.sql.contains(&format!("FROM {} ", table.name)))
                .map(|s| s.sql)
                .collect();
            assert!(!sources.is_empty(), "no export of {}", table.name);
            for column in table.columns.iter().filter(|c| c.holds != Holds::Key) {
                assert!(
                    sources.iter().any(|sql| sql.contains(column.name)),
                    "the export of {} lacks {}",
                    table.name,
                    column.name
                );
            }
        }
    }

    #[test]
    fn an_address_is_found_whole_and_not_inside_another() {
        let payload = r#"{"to":"Jan@Example.be","text":"Van: An <an@example.be>.\nBedankt"}"#;
        assert!(mentions(payload, "an@example.be"));
        assert!(mentions(payload, "jan@example.be"));
        assert!(!mentions(r#"{"to":"jan@example.be"}"#, "an@example.be"));
        assert!(!mentions("an@example.berlin", "an@example.be"));
        assert!(!mentions("an@example.be-x.com", "an@example.be"));
        assert!(!mentions("an@example.be.com", "an@example.be"));
        assert!(mentions("mail an@example.be.", "an@example.be"));
    }
}
