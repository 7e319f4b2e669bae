//! People (GDPR): find a visitor by name or e-mail across every place she left data, see her
//! timeline, export it for an access request, and erase it (see `erase`); where that data lives
//! is listed once, in `registry`.
pub mod erase;
mod export;
mod records;
pub mod registry;

use axum::Json;
use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use sqlx::any::AnyRow;
use utoipa::{IntoParams, ToSchema};

use crate::kit::closed_set::{Choice, closed_set};
use crate::kit::domain::EmailAddress;
use crate::kit::error::{ApiQuery, AppError, ErrorBody};
use crate::kit::paging::{self, ListSql, Page, PageQuery};
use crate::platform::state::AppState;
use crate::{kit::brussels, kit::dutch};
use crate::{kit::db, kit::money};
use records::{Record, text};

closed_set! {
    /// A kind of record that holds a person's data.
    pub enum RecordKind {
        Subscriber = "subscriber" => "Nieuwsbrief",
        Order = "order" => "Bestellingen",
        /// A paid ticket (bought by or issued to the person).
        Ticket = "ticket" => "Tickets",
        /// A free webinar registration.
        WebinarRegistration = "webinar_registration" => "Inschrijvingen voor webinars",
        IntroCall = "intro_call" => "Kennismakingsgesprekken",
        ContactMessage = "contact_message" => "Berichten via het contactformulier",
        /// A mail or webhook in the outbox that goes to or mentions the address.
        Email = "email" => "E-mails",
        /// An invitation or reset link for the admin area.
        AccountLink = "account_link" => "Uitnodigingen voor het beheer",
        /// A place in line for a sold-out event.
        WaitlistEntry = "waitlist_entry" => "Wachtlijsten",
        /// A notification about the person kept for the coach's daily summary.
        CoachNotice = "coach_notice" => "Meldingen aan de coach",
        /// A newsletter (or service message) sent or about to be sent to the person.
        Newsletter = "newsletter" => "Ontvangen nieuwsbrieven",
        /// An invoice or credit note of her orders.
        Invoice = "invoice" => "Facturen en creditnota's",
        /// An invitation to review an event, or her wish to get none.
        ReviewInvitation = "review_invitation" => "Uitnodigingen voor een review",
        /// A self-test result she asked to receive by mail.
        SelftestResult = "selftest_result" => "Zelftests",
    }
}

closed_set! {
    /// The file an export is.
    pub enum ExportFormat {
        /// Every record, machine-readable.
        Json = "json",
        /// A readable, printable page in Dutch.
        Html = "html",
    }
}

/// Finding, exporting and erasing a person, under `/api/admin`.
pub mod admin {
    use utoipa_axum::router::OpenApiRouter;
    use utoipa_axum::routes;

    use crate::platform::state::AppState;

    pub fn routes() -> OpenApiRouter<AppState> {
        OpenApiRouter::new()
            .routes(routes!(super::list_people))
            .routes(routes!(super::person_timeline))
            .routes(routes!(super::export_person))
            .routes(routes!(super::erase::erase_person))
            .routes(routes!(super::erase::list_erasures))
    }
}

/// One person, as found across the records (grouped by e-mail address).
#[derive(Serialize, ToSchema)]
pub struct Person {
    /// As the person last typed it.
    pub email: String,
    /// One of the names she used.
    pub name: String,
    /// UTC, RFC 3339: her newest record.
    pub last_seen: String,
    /// Subscriptions, orders, tickets, registrations, calls and messages together.
    pub records: i64,
}

impl Person {
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            email: row.try_get("email")?,
            name: row.try_get("name")?,
            last_seen: row.try_get("last_seen")?,
            records: row.try_get("records")?,
        })
    }
}

#[utoipa::path(
    get,
    path = "/admin/people",
    operation_id = "admin_list_people",
    tag = "admin",
    params(PageQuery),
    responses(
        (status = 200, description = "One page of people, most recently seen first; q searches every name and e-mail address they used", body = Page<Person>),
    )
)]
pub async fn list_people(
    State(state): State<AppState>,
    ApiQuery(paging): ApiQuery<PageQuery>,
) -> Result<Json<Page<Person>>, AppError> {
    let pattern = paging.like_pattern_or_all();
    let sql = ListSql {
        columns: "email, name, last_seen, records",
        from: &registry::PEOPLE_FROM,
        filter: "",
        order_by: "last_seen DESC, email_key",
    };
    let page = paging::fetch_page(
        &state.pool,
        paging.info(),
        &sql,
        |q| q.bind(&pattern),
        Person::from_row,
    )
    .await?;
    Ok(Json(page))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PersonQuery {
    /// The person's e-mail address (case does not matter).
    #[serde(default)]
    pub email: String,
}

/// The address as the rest of the code keys it (trimmed, lower-case), or a Dutch 422.
fn normalized(email: &str) -> Result<String, AppError> {
    EmailAddress::parse(email)
        .map(|e| e.normalized())
        .map_err(AppError::invalid)
}

/// One record on a person's timeline.
#[derive(Serialize, ToSchema)]
pub struct TimelineEntry {
    pub kind: RecordKind,
    /// The record's id within its kind.
    pub id: i64,
    /// UTC, RFC 3339.
    pub at: String,
    /// Dutch, e.g. "Bestelling: Ticket vertelavond (2 ×)".
    pub title: String,
    /// Dutch details, e.g. the date of the event or the subject of a message.
    pub detail: Option<String>,
    /// The status in Dutch.
    pub status: Option<String>,
    /// The admin page where the record is managed (a path), if there is one.
    pub link: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct PersonTimeline {
    /// Normalized (lower-case).
    pub email: String,
    /// Newest first.
    pub entries: Vec<TimelineEntry>,
    /// True when the address is also an admin account (which is removed under Accounts).
    pub is_admin: bool,
}

#[utoipa::path(
    get,
    path = "/admin/people/timeline",
    operation_id = "admin_person_timeline",
    tag = "admin",
    params(PersonQuery),
    responses(
        (status = 200, description = "Every record about the address, newest first", body = PersonTimeline),
        (status = 422, description = "Not an e-mail address", body = ErrorBody),
    )
)]
pub async fn person_timeline(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<PersonQuery>,
) -> Result<Json<PersonTimeline>, AppError> {
    let email = normalized(&query.email)?;
    let records = records::collect(&state.pool, &email).await?;
    let entries = records.iter().map(entry).collect::<anyhow::Result<_>>()?;
    let is_admin = erase::is_admin(&state.pool, &email).await?;
    Ok(Json(PersonTimeline {
        email,
        entries,
        is_admin,
    }))
}

/// "27/11/2025 19:30" in Brussels, or the stored text when it does not parse.
fn when(stored: &str) -> String {
    brussels::format(stored, "%d/%m/%Y %H:%M").unwrap_or_else(|_| stored.to_string())
}

fn number(record: &Record, key: &str) -> i64 {
    record
        .fields
        .get(key)
        .and_then(serde_json::Value::as_i64)
        .unwrap_or(0)
}

fn status_label(kind: RecordKind, status: &str) -> String {
    let label = match (kind, status) {
        (RecordKind::Subscriber, "pending") => "In afwachting",
        (RecordKind::Subscriber, "confirmed") => "Bevestigd",
        (RecordKind::Subscriber, "unsubscribed") => "Uitgeschreven",
        (RecordKind::Order, "pending") => "Wacht op betaling",
        (RecordKind::Order, "paid") => "Betaald",
        (RecordKind::Order, "expired") => "Verlopen",
        (RecordKind::Order, "failed") => "Mislukt",
        (RecordKind::Order, "refunded") => "Terugbetaald",
        (RecordKind::Ticket | RecordKind::WebinarRegistration, "valid") => "Geldig",
        (RecordKind::Ticket | RecordKind::WebinarRegistration, "checked_in") => "Ingecheckt",
        (RecordKind::IntroCall, "booked") => "Geboekt",
        (RecordKind::ContactMessage, "unread") => "Ongelezen",
        (RecordKind::ContactMessage, "read") => "Gelezen",
        (RecordKind::ContactMessage, "archived") => "Gearchiveerd",
        (RecordKind::Email, "pending") => "Wacht op verzending",
        (RecordKind::Email, "sent") => "Verzonden",
        (RecordKind::Email, "dead") => "Niet afgeleverd",
        (RecordKind::WaitlistEntry, "waiting") => "Wacht op een plaats",
        (RecordKind::WaitlistEntry, "offered") => "Plaats aangeboden",
        (RecordKind::WaitlistEntry, "claimed") => "Plaats genomen",
        (RecordKind::WaitlistEntry, "expired") => "Aanbod verlopen",
        (RecordKind::WaitlistEntry, "removed") => "Van de lijst gehaald",
        (RecordKind::Newsletter, "pending") => "Wacht op verzending",
        (RecordKind::Newsletter, "sent") => "Verzonden",
        (RecordKind::Newsletter, "failed") => "Niet afgeleverd",
        (RecordKind::Newsletter, "skipped") => "Niet verstuurd",
        (RecordKind::SelftestResult, "pending") => "Wacht op bevestiging van het e-mailadres",
        (RecordKind::SelftestResult, "confirmed") => "Resultaat gemaild",
        (_, "cancelled") => "Geannuleerd",
        (_, other) => other,
    };
    label.to_string()
}

/// The Dutch summary of one record.
fn entry(record: &Record) -> anyhow::Result<TimelineEntry> {
    let status = Some(text(record, "status"))
        .filter(|s| !s.is_empty())
        .map(|s| status_label(record.kind, s));
    let event = || {
        let starts = text(record, "event_starts_at");
        format!("{} — {}", text(record, "event"), when(starts))
    };
    let (title, detail, link) = match record.kind {
        RecordKind::Subscriber => (
            "Inschrijving op de nieuwsbrief".to_string(),
            // An imported address says so, with the source her previous tool gave.
            Some(text(record, "imported_at"))
                .filter(|at| !at.is_empty())
                .map(|at| {
                    let source = text(record, "import_source");
                    if source.is_empty() {
                        format!("Geïmporteerd op {}", when(at))
                    } else {
                        format!("Geïmporteerd op {} (bron: {source})", when(at))
                    }
                }),
            Some(format!(
                "/admin/nieuwsbrief?q={}",
                urlencoding(text(record, "email"))
            )),
        ),
        RecordKind::Order => {
            let event = (!text(record, "event").is_empty()).then(event);
            let amount = money::euro(number(record, "total_cents"));
            (
                format!(
                    "Bestelling: {} ({} ×), {amount}",
                    text(record, "product"),
                    number(record, "quantity")
                ),
                event,
                Some(format!("/admin/orders?bestelling={}", record.id)),
            )
        }
        RecordKind::Ticket => (
            format!("Ticket {}", text(record, "code")),
            Some(event()),
            Some("/admin/tickets".to_string()),
        ),
        RecordKind::WebinarRegistration => (
            "Inschrijving voor een webinar".to_string(),
            Some(event()),
            Some("/admin/tickets".to_string()),
        ),
        RecordKind::IntroCall => {
            let starts = db::parse_ts(text(record, "starts_at"))?;
            (
                "Kennismakingsgesprek".to_string(),
                Some(dutch::date_time(starts)),
                Some("/admin/afspraken".to_string()),
            )
        }
        RecordKind::ContactMessage => (
            format!("Bericht: {}", text(record, "subject")),
            Some(excerpt(text(record, "message"))),
            Some("/admin/berichten".to_string()),
        ),
        RecordKind::Email => {
            let mail = text(record, "kind") == "email";
            let title = if mail {
                format!(
                    "E-mail aan {}: {}",
                    text(record, "to"),
                    text(record, "subject")
                )
            } else {
                "Doorgestuurd naar de nieuwsbriefdienst (webhook)".to_string()
            };
            (title, None, None)
        }
        RecordKind::AccountLink => (
            match text(record, "purpose") {
                "invite" => "Uitnodiging voor het beheer".to_string(),
                _ => "Link om het wachtwoord te herstellen".to_string(),
            },
            None,
            Some("/admin/accounts".to_string()),
        ),
        RecordKind::WaitlistEntry => (
            "Op de wachtlijst".to_string(),
            Some(event()),
            Some("/admin/tickets".to_string()),
        ),
        RecordKind::CoachNotice => (
            format!("Melding aan de coach: {}", text(record, "subject")),
            Some(excerpt(text(record, "details"))),
            Some("/admin/meldingen".to_string()),
        ),
        RecordKind::Newsletter => (
            format!("Nieuwsbrief: {}", text(record, "subject")),
            None,
            Some("/admin/nieuwsbrief".to_string()),
        ),
        RecordKind::Invoice => (
            format!(
                "{} {}, {}",
                match text(record, "kind") {
                    "credit_note" => "Creditnota",
                    _ => "Factuur",
                },
                text(record, "number"),
                money::euro(number(record, "total_cents"))
            ),
            None,
            Some("/admin/facturen".to_string()),
        ),
        RecordKind::SelftestResult => (
            format!(
                "Zelftest (versie {}): {}",
                number(record, "version"),
                text(record, "profile")
            ),
            record
                .fields
                .get("scores")
                .and_then(serde_json::Value::as_array)
                .map(|scores| {
                    scores
                        .iter()
                        .map(|s| {
                            format!("{} {}", s["theme"].as_str().unwrap_or_default(), s["score"])
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                }),
            Some("/admin/zelftest".to_string()),
        ),
        RecordKind::ReviewInvitation => (
            match text(record, "purpose") {
                "opt_out" => "Wil geen uitnodigingen voor een review meer".to_string(),
                _ => "Uitnodiging voor een review".to_string(),
            },
            None,
            Some("/admin/reviews".to_string()),
        ),
    };
    Ok(TimelineEntry {
        kind: record.kind,
        id: record.id,
        at: record.at.clone(),
        title,
        detail,
        status,
        link,
    })
}

/// The first 140 characters of a message, on one line.
fn excerpt(message: &str) -> String {
    let line = message.split_whitespace().collect::<Vec<_>>().join(" ");
    match line.char_indices().nth(140) {
        Some((cut, _)) => format!("{}…", &line[..cut]),
        None => line,
    }
}

/// Percent-encodes a query value (an e-mail address).
fn urlencoding(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// The person's e-mail address (case does not matter).
    #[serde(default)]
    pub email: String,
    /// `json` (default) or `html`.
    #[param(value_type = Option<ExportFormat>)]
    pub format: Option<Choice<ExportFormat>>,
}

#[utoipa::path(
    get,
    path = "/admin/people/export",
    operation_id = "admin_export_person",
    tag = "admin",
    params(ExportQuery),
    responses(
        (status = 200, description = "Every record about the address, as a download: JSON (every stored field, grouped by kind) or a printable Dutch HTML page", content(
            (Object = "application/json"),
            (String = "text/html"),
        )),
        (status = 404, description = "Nothing is stored about this address", body = ErrorBody),
        (status = 422, description = "Not an e-mail address, or an unknown format", body = ErrorBody),
    )
)]
pub async fn export_person(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ExportQuery>,
) -> Result<Response, AppError> {
    let format = crate::kit::validation::filter(query.format, "Kies JSON of HTML.")?
        .unwrap_or(ExportFormat::Json);
    let email = normalized(&query.email)?;
    let records = records::collect(&state.pool, &email).await?;
    if records.is_empty() {
        return Err(nothing_stored());
    }
    let entries = records
        .iter()
        .map(entry)
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(match format {
        ExportFormat::Json => export::json(&email, &records),
        ExportFormat::Html => export::html(&state.site().brand, &email, &records, &entries),
    })
}

fn nothing_stored() -> AppError {
    AppError::NotFound("Er zijn geen gegevens over dit e-mailadres.".into())
}
