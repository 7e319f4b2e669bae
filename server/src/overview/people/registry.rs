//! Where a person's data lives: every table and column that can hold a visitor's e-mail, name,
//! phone, address, free text or a key to her, how her rows are found, and what an erasure does
//! with each column. The Personen search, the export (access request) and the erasure work from
//! this one list; a test reads every text column of the migrated database and fails on one that
//! is neither here nor in [`NOT_PERSONAL`].
use std::sync::LazyLock;

use super::RecordKind;

/// What a column holds about the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holds {
    Email,
    Name,
    Phone,
    Address,
    Company,
    VatNumber,
    /// Text she (or the coach about her) wrote: a message, a question, a mail.
    FreeText,
    /// A secret of a link in her mail, or a key that names her address or IP address.
    Key,
}

/// What an erasure does with a column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    /// The row is deleted.
    Deleted,
    /// The row stays (for the accounts, or as a number in a campaign's figures); the column gets
    /// this SQL value.
    Blanked(&'static str),
    /// Removed from a kept order whose invoice holds it (the invoice is the accounting record);
    /// kept on an order without one.
    OnInvoice,
    /// Kept: Belgian accounting law (art. 60 WBTW, ten years) requires it on an issued invoice,
    /// which GDPR art. 17(3)(b) exempts from erasure.
    KeptByLaw,
}

pub struct Column {
    pub name: &'static str,
    pub holds: Holds,
    pub fate: Fate,
}

/// How her rows appear in the Personen search: SQL expressions for the address, a name and the
/// row's time, for the rows matching `filter`.
pub struct Search {
    pub email: &'static str,
    pub name: &'static str,
    pub at: &'static str,
    pub filter: &'static str,
}

/// How an erasure treats the rows found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Erase {
    /// `DELETE FROM table WHERE found_by`, done by the registry's loop (after `erase` has given
    /// back what the rows held, such as seats).
    Delete,
    /// Kept rows are anonymised and others deleted by `erase`, with the values of [`Fate`].
    ByHand,
}

/// The rows of one table (one kind of them) that are about a person.
pub struct Table {
    pub name: &'static str,
    /// SQL condition selecting her rows; `$1` is the normalized address.
    pub found_by: &'static str,
    /// The export's and timeline's kind of these rows (None: counters that only protect
    /// sign-in, kept a few hours; they are erased but not exported).
    pub kind: Option<RecordKind>,
    pub erase: Erase,
    pub search: Option<Search>,
    /// Every column holding her data.
    pub columns: &'static [Column],
    /// The table's other text columns, which hold nothing about her (status, times, ids).
    pub plain: &'static [&'static str],
}

const fn col(name: &'static str, holds: Holds, fate: Fate) -> Column {
    Column { name, holds, fate }
}

use Fate::{Blanked, Deleted, KeptByLaw, OnInvoice};
use Holds::{Address, Company, Email, FreeText, Key, Name, Phone, VatNumber};

pub const PERSONAL: &[Table] = &[
    Table {
        name: "newsletter_subscribers",
        found_by: "email_normalized = $1",
        kind: Some(RecordKind::Subscriber),
        erase: Erase::Delete,
        search: Some(Search {
            email: "email",
            name: "first_name",
            at: "created_at",
            filter: "1 = 1",
        }),
        columns: &[
            col("first_name", Name, Deleted),
            col("email", Email, Deleted),
            col("email_normalized", Email, Deleted),
            col("confirm_token_hash", Key, Deleted),
            col("unsubscribe_token_hash", Key, Deleted),
            col("opt_in_seed", Key, Deleted),
            // Where an imported address came from, as her previous tool's file said it.
            col("import_source", FreeText, Deleted),
        ],
        plain: &[
            "status",
            "created_at",
            "confirmed_at",
            "unsubscribed_at",
            "updated_at",
            "imported_at",
            "import_basis",
            "consent_at",
        ],
    },
    // Paid orders stay for the accounts without her; never-paid ones are deleted.
    Table {
        name: "orders",
        found_by: "LOWER(email) = $1",
        kind: Some(RecordKind::Order),
        erase: Erase::ByHand,
        search: Some(Search {
            email: "email",
            name: "first_name || ' ' || last_name",
            at: "created_at",
            filter: "email <> ''",
        }),
        columns: &[
            col("first_name", Name, Blanked("'Gewist'")),
            col("last_name", Name, Blanked("''")),
            col("email", Email, Blanked("''")),
            col("phone", Phone, Blanked("NULL")),
            col("company", Company, Blanked("NULL")),
            col("vat_number", VatNumber, Blanked("NULL")),
            // Company data, like the VAT number: the company's number in its country's trade
            // register (KBO, KvK, SIREN), given when it has no VAT number. The invoice keeps it.
            col("registration_number", Company, Blanked("NULL")),
            // The payment page's link names the order, and through the provider, her.
            col("checkout_url", Key, Blanked("NULL")),
            col("billing_street", Address, OnInvoice),
            col("billing_postal_code", Address, OnInvoice),
            col("billing_city", Address, OnInvoice),
            col("billing_country", Address, OnInvoice),
        ],
        plain: &[
            "public_id",
            "idempotency_key",
            "coupon_code",
            "terms_accepted_at",
            "consent_text",
            "status",
            "attention",
            "provider",
            "provider_ref",
            "expires_at",
            "paid_at",
            "created_at",
            "updated_at",
        ],
    },
    // The tickets of paid orders keep their seat, without her.
    Table {
        name: "tickets",
        found_by: "order_id IS NOT NULL AND (LOWER(email) = $1 \
                   OR order_id IN (SELECT id FROM orders WHERE LOWER(email) = $1))",
        kind: Some(RecordKind::Ticket),
        erase: Erase::ByHand,
        search: Some(Search {
            email: "email",
            name: "holder_name",
            at: "created_at",
            filter: "order_id IS NOT NULL AND email <> ''",
        }),
        columns: &[
            col("holder_name", Name, Blanked("'Gewist'")),
            col("email", Email, Blanked("''")),
        ],
        plain: &[
            "code",
            "status",
            "checked_in_at",
            "created_at",
            "updated_at",
            "reminder_sent_at",
        ],
    },
    // Free webinar registrations go (their seat comes back first).
    Table {
        name: "tickets",
        found_by: "order_id IS NULL AND LOWER(email) = $1",
        kind: Some(RecordKind::WebinarRegistration),
        erase: Erase::Delete,
        search: Some(Search {
            email: "email",
            name: "holder_name",
            at: "created_at",
            filter: "order_id IS NULL",
        }),
        columns: &[
            col("holder_name", Name, Deleted),
            col("email", Email, Deleted),
        ],
        plain: &[
            "code",
            "status",
            "checked_in_at",
            "created_at",
            "updated_at",
            "reminder_sent_at",
        ],
    },
    // An open offer gives its seat back first.
    Table {
        name: "waitlist_entries",
        found_by: "email_normalized = $1",
        kind: Some(RecordKind::WaitlistEntry),
        erase: Erase::Delete,
        search: Some(Search {
            email: "email",
            name: "name",
            at: "joined_at",
            filter: "1 = 1",
        }),
        columns: &[
            col("name", Name, Deleted),
            col("email", Email, Deleted),
            col("email_normalized", Email, Deleted),
            col("offer_token_hash", Key, Deleted),
        ],
        plain: &[
            "status",
            "offered_at",
            "offered_until",
            "joined_at",
            "updated_at",
        ],
    },
    Table {
        name: "intro_calls",
        found_by: "LOWER(email) = $1",
        kind: Some(RecordKind::IntroCall),
        erase: Erase::Delete,
        search: Some(Search {
            email: "email",
            name: "name",
            at: "created_at",
            filter: "1 = 1",
        }),
        columns: &[
            col("name", Name, Deleted),
            col("email", Email, Deleted),
            col("phone", Phone, Deleted),
            col("question", FreeText, Deleted),
            col("cancel_message", FreeText, Deleted),
            col("cancel_token_hash", Key, Deleted),
            col("move_token_hash", Key, Deleted),
            col("client_key_hash", Key, Deleted),
        ],
        plain: &[
            "starts_at",
            "ends_at",
            "mode",
            "status",
            "cancelled_by",
            "cancelled_at",
            "booked_at",
            "reminder_sent_at",
            "created_at",
            "updated_at",
            "meeting_url",
        ],
    },
    Table {
        name: "contact_messages",
        found_by: "LOWER(email) = $1",
        kind: Some(RecordKind::ContactMessage),
        erase: Erase::Delete,
        search: Some(Search {
            email: "email",
            name: "name",
            at: "created_at",
            filter: "1 = 1",
        }),
        columns: &[
            col("name", Name, Deleted),
            col("email", Email, Deleted),
            col("phone", Phone, Deleted),
            col("message", FreeText, Deleted),
        ],
        plain: &["subject", "status", "created_at", "updated_at"],
    },
    // Kept for the coach's daily summary: they go before it can mail them again. Notices from
    // before their address was kept are found by the address in their text (`erase`).
    Table {
        name: "coach_notices",
        found_by: "email_normalized = $1",
        kind: Some(RecordKind::CoachNotice),
        erase: Erase::Delete,
        search: None,
        columns: &[
            col("subject", FreeText, Deleted),
            col("details", FreeText, Deleted),
            col("email_normalized", Email, Deleted),
        ],
        plain: &["kind", "admin_url", "created_at", "summary_day"],
    },
    // Newsletters she received: the row stays as a number in the campaign's figures; one still
    // waiting is skipped.
    Table {
        name: "campaign_recipients",
        found_by: "email_normalized = $1",
        kind: Some(RecordKind::Newsletter),
        erase: Erase::ByHand,
        search: None,
        columns: &[
            col("email", Email, Blanked("''")),
            col("first_name", Name, Blanked("''")),
            col(
                "email_normalized",
                Email,
                Blanked("'gewist-' || CAST(id AS TEXT)"),
            ),
            // A mail server's refusal may quote the address.
            col("last_error", FreeText, Blanked("NULL")),
        ],
        plain: &["status", "lease_until", "sent_at", "lease_owner"],
    },
    // The invoices and credit notes of her orders: what the law requires stays; the document
    // loses her e-mail address and phone (`erase`).
    Table {
        name: "invoices",
        found_by: "order_id IN (SELECT id FROM orders WHERE LOWER(email) = $1)",
        kind: Some(RecordKind::Invoice),
        erase: Erase::ByHand,
        search: None,
        columns: &[
            col("buyer_name", Name, KeptByLaw),
            col("buyer_company", Company, KeptByLaw),
            col("buyer_vat_number", VatNumber, KeptByLaw),
            col("document", FreeText, KeptByLaw),
        ],
        plain: &["kind", "number", "issue_date", "created_at"],
    },
    // Mails to her and notifications about her, found by her address in them (`erase`).
    Table {
        name: "outbox",
        found_by: "LOWER(payload) LIKE $1 ESCAPE '\\'",
        kind: Some(RecordKind::Email),
        erase: Erase::ByHand,
        search: None,
        columns: &[
            col("payload", FreeText, Deleted),
            col("last_error", FreeText, Deleted),
        ],
        plain: &[
            "kind",
            "status",
            "next_attempt_at",
            "created_at",
            "sent_at",
            "body_purged_at",
            "lease_owner",
        ],
    },
    Table {
        name: "account_links",
        found_by: "email_normalized = $1",
        kind: Some(RecordKind::AccountLink),
        erase: Erase::Delete,
        search: None,
        columns: &[
            col("email", Email, Deleted),
            col("email_normalized", Email, Deleted),
            col("token_hash", Key, Deleted),
        ],
        plain: &["purpose", "created_at", "expires_at", "used_at"],
    },
    Table {
        name: "review_invitations",
        found_by: "email_normalized = $1",
        kind: Some(RecordKind::ReviewInvitation),
        erase: Erase::Delete,
        search: None,
        columns: &[
            col("email_normalized", Email, Deleted),
            col("first_name", Name, Deleted),
            col("token_hash", Key, Deleted),
        ],
        plain: &["created_at", "expires_at", "used_at"],
    },
    Table {
        name: "review_opt_outs",
        found_by: "email_normalized = $1",
        kind: Some(RecordKind::ReviewInvitation),
        erase: Erase::Delete,
        search: None,
        columns: &[col("email_normalized", Email, Deleted)],
        plain: &["created_at"],
    },
    // Self-test results she asked to receive by mail; those without an address hold nothing
    // about anyone and are not found here.
    Table {
        name: "selftest_results",
        found_by: "email_normalized = $1",
        kind: Some(RecordKind::SelftestResult),
        erase: Erase::Delete,
        search: Some(Search {
            email: "email",
            name: "''",
            at: "created_at",
            filter: "email IS NOT NULL",
        }),
        columns: &[
            col("email", Email, Deleted),
            col("email_normalized", Email, Deleted),
            col("token_hash", Key, Deleted),
            col("confirm_token_hash", Key, Deleted),
            col("result_token_sealed", Key, Deleted),
        ],
        plain: &[
            "answers",
            "scores",
            "primary_profile_id",
            "mail_status",
            "mail_requested_at",
            "confirmed_at",
            "created_at",
        ],
    },
    // Sign-in and recovery counters keyed by the address (alone or with an IP address).
    Table {
        name: "auth_throttle",
        found_by: "key = $1 OR key LIKE $1 || '|%'",
        kind: None,
        erase: Erase::ByHand,
        search: None,
        columns: &[col("key", Key, Deleted)],
        plain: &["scope", "window_start", "last_at", "alerted_at"],
    },
];

/// Tables whose text columns hold no visitor's data, and why.
pub const NOT_PERSONAL: &[(&str, &str)] = &[
    ("_sqlx_migrations", "the schema's history"),
    (
        "visit_pages",
        "page views per day and path: counts, no visitor (platform::visits)",
    ),
    (
        "visit_counts",
        "sources, campaigns, devices and events per day: counts, no visitor",
    ),
    ("visit_days", "the number of visitors per day"),
    (
        "selftest_result_counts",
        "how many anonymous self-test results per version, day and profile: counts, no visitor",
    ),
    (
        "visit_salts",
        "the current day's random salt, deleted when the day ends; it names nobody",
    ),
    (
        "visitor_hashes",
        "the current day's salted visitor hashes (SHA-256 of the salt, address and browser), \
         no address: deleted with the salt when the day ends, after which none can be tied to \
         anyone (platform::visits)",
    ),
    (
        "search_terms",
        "the admin search's index: lower-cased copies of names, addresses and numbers that \
         triggers keep in step with their rows, so erasing or anonymising a row rewrites its terms",
    ),
    ("app_meta", "settings of the installation"),
    ("availability_settings", "the coach's agenda"),
    ("availability_rules", "the coach's agenda"),
    ("blocked_periods", "the coach's agenda"),
    (
        "campaigns",
        "what the coach wrote; the recipients are in campaign_recipients",
    ),
    ("coupons", "codes the coach made"),
    (
        "course_enrolments",
        "the access code of a kept order, no personal data by itself",
    ),
    ("data_versions", "cache counters"),
    ("drempel_videos", "the coach's content"),
    ("events", "the coach's events and venues"),
    (
        "event_messages",
        "what the coach wrote to an event, and which admin",
    ),
    (
        "erasures",
        "when and by which admin; counts, nothing about the person",
    ),
    ("invoice_counters", "numbering"),
    ("mail_templates", "the coach's texts"),
    ("media", "the coach's photos"),
    ("media_slots", "the coach's photos"),
    ("notice_summaries", "days and counts"),
    ("notification_settings", "the coach's settings"),
    (
        "order_history",
        "status changes written by the system, no names or addresses",
    ),
    ("order_refunds", "amounts and ticket ids"),
    ("page_blocks", "the coach's texts"),
    ("page_block_history", "the coach's texts"),
    ("payment_events", "the provider's event ids"),
    ("products", "the catalogue"),
    ("selftest_draft", "the coach's self-test as she edits it"),
    ("selftest_versions", "the coach's published self-tests"),
    (
        "reviews",
        "written for publication under the name the participant chose, with no address: the coach \
         removes one under Reviews",
    ),
    ("settings", "the coach's business details"),
    (
        "users",
        "admin accounts: removed under Accounts, never here",
    ),
    ("refresh_tokens", "admin sessions"),
    (
        "passkeys",
        "admin accounts' passkeys and the names the admin gave them: removed under Accounts",
    ),
    (
        "passkey_challenges",
        "passkey ceremonies under way, minutes long",
    ),
];

/// The Personen search's rows: every searchable table's address, name and time, grouped per
/// address and kept when any of the names or the address matches `$1`.
pub static PEOPLE_FROM: LazyLock<String> = LazyLock::new(|| {
    let traces = PERSONAL
        .iter()
        .filter_map(|t| {
            t.search.as_ref().map(|s| {
                format!(
                    "SELECT {} AS email, {} AS name, {} AS at FROM {} WHERE {}",
                    s.email, s.name, s.at, t.name, s.filter
                )
            })
        })
        .collect::<Vec<_>>()
        .join(" UNION ALL ");
    format!(
        "(SELECT LOWER(email) AS email_key, MAX(email) AS email, MAX(name) AS name, \
         MAX(at) AS last_seen, COUNT(*) AS records FROM ({traces}) traces GROUP BY LOWER(email) \
         HAVING MAX(CASE WHEN LOWER(email) LIKE $1 ESCAPE '\\' OR LOWER(name) LIKE $1 ESCAPE '\\' \
         THEN 1 ELSE 0 END) = 1) people"
    )
});

/// The `SET` list that anonymises the kept rows of `table` (its [`Fate::Blanked`] and
/// [`Fate::OnInvoice`] columns), e.g. `first_name = 'Gewist', email = ''`.
pub fn anonymising(table: &Table) -> String {
    table
        .columns
        .iter()
        .filter_map(|c| match c.fate {
            Blanked(value) => Some(format!("{} = {value}", c.name)),
            OnInvoice => Some(format!(
                "{0} = CASE WHEN EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = {1}.id) \
                 THEN NULL ELSE {0} END",
                c.name, table.name
            )),
            Deleted | KeptByLaw => None,
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The registry's entry for the rows of `kind` in `table`.
pub fn table(name: &str, kind: Option<RecordKind>) -> &'static Table {
    PERSONAL
        .iter()
        .find(|t| t.name == name && t.kind == kind)
        .expect("the registry names this table")
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    /// Every TEXT column of every table of a freshly migrated SQLite database.
    async fn text_columns() -> BTreeSet<(String, String)> {
        use sqlx::Row;
        let file = std::env::temp_dir().join(format!("registry-{}.db", std::process::id()));
        let _ = std::fs::remove_file(&file);
        let url = format!("sqlite://{}?mode=rwc", file.display());
        let pool = crate::kit::db::connect(&url).await.unwrap();
        crate::kit::db::migrate(&pool).await.unwrap();
        let tables = sqlx::query(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
        )
        .fetch_all(&pool)
        .await
        .unwrap();
        let mut columns = BTreeSet::new();
        for table in tables {
            let table: String = table.try_get("name").unwrap();
            let rows = sqlx::query("SELECT name, type FROM pragma_table_info($1)")
                .bind(&table)
                .fetch_all(&pool)
                .await
                .unwrap();
            for row in rows {
                let kind: String = row.try_get("type").unwrap();
                if kind.eq_ignore_ascii_case("TEXT") {
                    columns.insert((table.clone(), row.try_get("name").unwrap()));
                }
            }
        }
        pool.close().await;
        let _ = std::fs::remove_file(&file);
        columns
    }

    #[tokio::test]
    async fn every_text_column_is_in_the_registry_or_said_to_hold_no_personal_data() {
        let columns = text_columns().await;
        assert!(columns.len() > 100, "the catalogue lists the text columns");
        let unnamed: Vec<String> = columns
            .iter()
            .filter(|(table, column)| {
                let named = PERSONAL.iter().any(|t| {
                    t.name == table
                        && (t.columns.iter().any(|c| c.name == column)
                            || t.plain.contains(&column.as_str()))
                });
                !named && !NOT_PERSONAL.iter().any(|(t, _)| t == table)
            })
            .map(|(t, c)| format!("{t}.{c}"))
            .collect();
        assert!(
            unnamed.is_empty(),
            "text columns the registry (overview/people/registry.rs) does not name: {unnamed:?}; \
             add each to its table's `columns` (with how it is erased) or `plain`"
        );
        // And the registry names nothing that does not exist.
        for t in PERSONAL {
            for name in t
                .columns
                .iter()
                .map(|c| c.name)
                .chain(t.plain.iter().copied())
            {
                assert!(
                    columns.contains(&(t.name.to_string(), name.to_string())),
                    "{}.{name} is not a text column",
                    t.name
                );
            }
            assert!(
                !NOT_PERSONAL.iter().any(|(n, _)| *n == t.name),
                "{} is both personal and not",
                t.name
            );
        }
    }

    #[test]
    fn a_deleted_table_deletes_every_column_and_a_kept_one_says_what_stays() {
        for t in PERSONAL {
            let deleted = t.columns.iter().all(|c| c.fate == Deleted);
            if t.erase == Erase::Delete {
                assert!(deleted, "{}: rows that go take every column", t.name);
            }
        }
        let orders = table("orders", Some(RecordKind::Order));
        let set = anonymising(orders);
        assert!(set.contains("email = ''") && set.contains("billing_street = CASE"));
    }
}
