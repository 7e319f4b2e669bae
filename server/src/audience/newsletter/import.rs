//! Beheer > Nieuwsbrief > Importeren: the subscribers of her previous newsletter tool, from a
//! CSV file (a header row, then name, e-mail, consent date and source; `;` or `,` separated, with
//! or without the BOM Belgian Excel writes). Every valid row is added in one transaction, marked
//! as imported with the date and the legal basis she confirmed; every other row is reported with
//! its line number and a Dutch reason. Nobody already on the list is touched: an address that
//! unsubscribed stays unsubscribed.
use std::collections::{HashMap, HashSet};

use axum::Json;
use axum::extract::{DefaultBodyLimit, State};
use jiff::Timestamp;
use jiff::civil::{Date, DateTime};
use serde::{Deserialize, Serialize};
use sqlx::{AssertSqlSafe, Row};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::SubscriberStatus;
use crate::kit::brussels;
use crate::kit::closed_set::{Choice, closed_set};
use crate::kit::db;
use crate::kit::domain::{EmailAddress, FirstName};
use crate::kit::error::{ApiJson, AppError, ErrorBody};
use crate::kit::secret_token::{hash_token, new_token};
use crate::kit::validation::Fields;
use crate::platform::state::AppState;

/// Room for the JSON around a file of [`MAX_ROWS`] ordinary rows.
const BODY_LIMIT: usize = 8 * 1024 * 1024;
/// More than any practice's list; a bigger file is refused before anything is read.
const MAX_ROWS: usize = 50_000;
const NAME_MAX_CHARS: usize = 100;
const SOURCE_MAX_CHARS: usize = 200;
/// Rows per INSERT: few round trips, far below either engine's limit of bound values.
const BATCH: usize = 200;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(import_subscribers))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
}

closed_set! {
    /// Why she may write to the people she imports (GDPR art. 6; Belgian Code of Economic Law
    /// art. XII.13 for e-mail marketing).
    pub enum ImportBasis {
        /// They signed up for her newsletter (in her previous tool) and gave their consent.
        Consent = "consent" => "Toestemming: ze schreven zich zelf in voor mijn nieuwsbrief",
        /// Existing customers, written to about similar offers of her own, who can always say no.
        Customer = "customer" => "Klanten: ze kochten eerder bij mij en krijgen nieuws over gelijkaardig aanbod",
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ImportInput {
    /// The file's text: a header row, then one subscriber per line.
    #[serde(default)]
    pub csv: String,
    #[schema(value_type = ImportBasis)]
    #[serde(default)]
    pub basis: Choice<ImportBasis>,
    /// She confirms that every person in the file agreed on this basis.
    #[serde(default)]
    pub confirmed: bool,
}

#[derive(Serialize, ToSchema)]
pub struct ImportReport {
    /// Addresses added as confirmed subscribers.
    pub added: i64,
    /// Rows below the header that held something.
    pub rows: i64,
    /// Every row not added, in file order.
    pub skipped: Vec<SkippedRow>,
}

#[derive(Serialize, ToSchema)]
pub struct SkippedRow {
    /// The row's line number in the file (the header is line 1).
    pub line: i64,
    /// What the row held as e-mail address (may be empty or invalid).
    pub email: String,
    /// Dutch, e.g. "Staat al op je lijst."
    pub reason: String,
}

/// One valid row, ready to insert.
struct NewRow {
    first_name: String,
    email: EmailAddress,
    consent_at: Option<String>,
    source: Option<String>,
}

#[utoipa::path(
    post,
    path = "/admin/subscribers/import",
    operation_id = "admin_import_subscribers",
    tag = "admin",
    request_body = ImportInput,
    responses(
        (status = 200, description = "The valid rows are added (all in one transaction); the others are reported with line and reason. Repeating the import adds nobody.", body = ImportReport),
        (status = 413, description = "File too large", body = ErrorBody),
        (status = 422, description = "No basis confirmed, no e-mail column, no rows or too many", body = ErrorBody),
    )
)]
pub async fn import_subscribers(
    State(state): State<AppState>,
    ApiJson(input): ApiJson<ImportInput>,
) -> Result<Json<ImportReport>, AppError> {
    let mut f = Fields::default();
    let basis = f.choice(
        "basis",
        input.basis,
        "Kies waarom je deze mensen mag mailen: ze gaven toestemming, of het zijn klanten.",
    );
    if !input.confirmed {
        f.error(
            "confirmed",
            "Bevestig dat iedereen in het bestand hiermee akkoord ging.",
        );
    }
    let table = match Table::parse(&input.csv) {
        Ok(table) => Some(table),
        Err(message) => {
            f.error("csv", message);
            None
        }
    };
    f.finish()?;
    let (Some(basis), Some(table)) = (basis, table) else {
        unreachable!("finish() refused the missing values")
    };
    let now = Timestamp::now();
    let mut skipped = Vec::new();
    let mut valid = Vec::new();
    let mut seen: HashMap<String, i64> = HashMap::new();
    for (line, cells) in &table.rows {
        let get = |i: Option<usize>| {
            i.and_then(|i| cells.get(i))
                .map_or("", |s| s.trim())
                .to_string()
        };
        let raw_email = get(table.email);
        let mut skip = |reason: String| {
            skipped.push(SkippedRow {
                line: *line,
                email: raw_email.clone(),
                reason,
            });
        };
        let row = match check_row(
            &raw_email,
            &get(table.name),
            &get(table.consent),
            &get(table.source),
            now,
        ) {
            Ok(row) => row,
            Err(reason) => {
                skip(reason);
                continue;
            }
        };
        if let Some(first) = seen.get(&row.email.normalized()) {
            skip(format!(
                "Dit adres staat al op regel {first} van het bestand."
            ));
            continue;
        }
        seen.insert(row.email.normalized(), *line);
        valid.push((*line, row));
    }

    let mut tx = db::begin_write(&state.pool).await?;
    // Who is on the list already, read in the transaction that adds the others.
    let mut existing: HashMap<String, SubscriberStatus> = HashMap::new();
    let addresses: Vec<String> = valid.iter().map(|(_, r)| r.email.normalized()).collect();
    for chunk in addresses.chunks(BATCH) {
        let marks = placeholders(chunk.len(), 1);
        let sql = format!(
            "SELECT email_normalized, status FROM newsletter_subscribers WHERE email_normalized IN ({marks})"
        );
        let mut query = sqlx::query(AssertSqlSafe(sql));
        for address in chunk {
            query = query.bind(address);
        }
        for row in query.fetch_all(&mut *tx).await? {
            existing.insert(row.try_get("email_normalized")?, row.try_get("status")?);
        }
    }
    let mut new = Vec::with_capacity(valid.len());
    for (line, row) in valid {
        match existing.get(&row.email.normalized()) {
            None => new.push((line, row)),
            Some(status) => skipped.push(SkippedRow {
                line,
                email: row.email.as_ref().to_string(),
                reason: match status {
                    SubscriberStatus::Unsubscribed => {
                        "Schreef zich eerder uit op deze website; we schrijven niemand opnieuw in."
                    }
                    SubscriberStatus::Pending => {
                        "Staat al op je lijst (wacht nog op de bevestiging van de inschrijving)."
                    }
                    SubscriberStatus::Confirmed => "Staat al op je lijst.",
                }
                .to_string(),
            }),
        }
    }

    let stamp = db::format_ts(now);
    let mut added = 0_i64;
    const COLUMNS: usize = 12;
    for chunk in new.chunks(BATCH) {
        let values = (0..chunk.len())
            .map(|i| format!("({})", placeholders(COLUMNS, i * COLUMNS + 1)))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "INSERT INTO newsletter_subscribers (first_name, email, email_normalized, status, \
             unsubscribe_token_hash, created_at, confirmed_at, updated_at, imported_at, import_basis, \
             consent_at, import_source) VALUES {values} ON CONFLICT (email_normalized) DO NOTHING \
             RETURNING email_normalized"
        );
        let mut query = sqlx::query(AssertSqlSafe(sql));
        for (_, row) in chunk {
            // The stored created_at is when she got the address: the consent date when the
            // file gives one, so the list keeps the old order.
            let created = row.consent_at.clone().unwrap_or_else(|| stamp.clone());
            query = query
                .bind(row.first_name.clone())
                .bind(row.email.as_ref().to_string())
                .bind(row.email.normalized())
                .bind(SubscriberStatus::Confirmed)
                .bind(hash_token(&new_token()))
                .bind(created)
                .bind(stamp.clone())
                .bind(stamp.clone())
                .bind(stamp.clone())
                .bind(basis)
                .bind(row.consent_at.clone())
                .bind(row.source.clone());
        }
        let inserted: HashSet<String> = query
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|r| r.try_get("email_normalized"))
            .collect::<Result<_, _>>()?;
        added += inserted.len() as i64;
        // A visitor who signed up on the site in the meantime keeps her own signup.
        for (line, row) in chunk {
            if !inserted.contains(&row.email.normalized()) {
                skipped.push(SkippedRow {
                    line: *line,
                    email: row.email.as_ref().to_string(),
                    reason: "Staat al op je lijst.".into(),
                });
            }
        }
    }
    tx.commit().await?;
    skipped.sort_by_key(|s| s.line);
    tracing::info!(
        added,
        skipped = skipped.len(),
        "newsletter subscribers imported"
    );
    Ok(Json(ImportReport {
        added,
        rows: table.rows.len() as i64,
        skipped,
    }))
}

/// `$from, $from+1, …` for `n` values.
fn placeholders(n: usize, from: usize) -> String {
    (from..from + n)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn has_control(text: &str) -> bool {
    text.chars().any(char::is_control)
}

/// One row's checks, in the order she would fix them; the reason is Dutch.
fn check_row(
    email: &str,
    name: &str,
    consent: &str,
    source: &str,
    now: Timestamp,
) -> Result<NewRow, String> {
    if email.is_empty() {
        return Err("Het e-mailadres ontbreekt.".into());
    }
    let email = EmailAddress::parse(email)
        .map_err(|_| format!("‘{}’ is geen geldig e-mailadres.", shorten(email)))?;
    if name.chars().count() > NAME_MAX_CHARS || has_control(name) {
        return Err(format!(
            "De naam is te lang (hoogstens {NAME_MAX_CHARS} tekens) of bevat onzichtbare tekens."
        ));
    }
    if source.chars().count() > SOURCE_MAX_CHARS || has_control(source) {
        return Err(format!(
            "De bron is te lang (hoogstens {SOURCE_MAX_CHARS} tekens) of bevat onzichtbare tekens."
        ));
    }
    let consent_at = if consent.is_empty() {
        None
    } else {
        let at = parse_date(consent).ok_or_else(|| {
            format!(
                "De datum van toestemming ‘{}’ kunnen we niet lezen; schrijf hem als 31/12/2024.",
                shorten(consent)
            )
        })?;
        if at > now {
            return Err("De datum van toestemming ligt in de toekomst.".into());
        }
        Some(db::format_ts(at))
    };
    Ok(NewRow {
        first_name: FirstName::from_full_name(name)
            .map(|n| n.as_ref().to_string())
            .unwrap_or_default(),
        email,
        consent_at,
        source: (!source.is_empty()).then(|| source.to_string()),
    })
}

fn shorten(text: &str) -> String {
    if text.chars().count() > 60 {
        format!("{}…", text.chars().take(60).collect::<String>())
    } else {
        text.to_string()
    }
}

/// A date as exports write it: `31/12/2024`, `31-12-2024` or `31.12.2024` (Belgian order), or
/// `2024-12-31`; a time after it (`14:05`, `14:05:09`, or ISO with `T`) is kept. Dates and
/// times without a zone are Brussels time.
fn parse_date(text: &str) -> Option<Timestamp> {
    let text = text.trim();
    if let Ok(at) = text.parse::<Timestamp>() {
        return Some(at);
    }
    let (day, time) = match text.split_once(['T', ' ']) {
        Some((day, time)) => (day, Some(time.trim())),
        None => (text, None),
    };
    let date = if day.len() == 10 && day.as_bytes()[4] == b'-' {
        day.parse::<Date>().ok()?
    } else {
        let parts: Vec<&str> = day.split(['/', '-', '.']).collect();
        let [d, m, y] = parts.as_slice() else {
            return None;
        };
        let (d, m, y): (i8, i8, i16) = (d.parse().ok()?, m.parse().ok()?, y.parse().ok()?);
        if !(1900..=9999).contains(&y) {
            return None;
        }
        Date::new(y, m, d).ok()?
    };
    let civil = match time {
        None | Some("") => date.to_datetime(jiff::civil::Time::midnight()),
        Some(time) => {
            let time = if time.len() == 5 {
                format!("{time}:00")
            } else {
                time.to_string()
            };
            format!("{date}T{time}").parse::<DateTime>().ok()?
        }
    };
    Some(civil.to_zoned(brussels::zone()).ok()?.timestamp())
}

/// The file read as a table: which column holds what, and the data rows with their line numbers.
struct Table {
    email: Option<usize>,
    name: Option<usize>,
    consent: Option<usize>,
    source: Option<usize>,
    rows: Vec<(i64, Vec<String>)>,
}

const HEADER_HELP: &str = "De eerste regel van het bestand moet de kolomnamen geven, bijvoorbeeld: naam;e-mail;datum toestemming;bron.";

impl Table {
    fn parse(text: &str) -> Result<Self, String> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.trim().is_empty() {
            return Err("Kies een CSV-bestand met je abonnees.".into());
        }
        let first_line = text.lines().next().unwrap_or_default();
        // Belgian Excel writes `;`, most tools `,`: the header says which.
        let separator = if count_outside_quotes(first_line, ';')
            >= count_outside_quotes(first_line, ',')
            && count_outside_quotes(first_line, ';') > 0
        {
            ';'
        } else {
            ','
        };
        let mut records = read_records(text, separator).into_iter();
        let Some((_, header)) = records.next() else {
            return Err("Kies een CSV-bestand met je abonnees.".into());
        };
        let mut table = Table {
            email: None,
            name: None,
            consent: None,
            source: None,
            rows: Vec::new(),
        };
        for (i, title) in header.iter().enumerate() {
            let key: String = title
                .to_lowercase()
                .chars()
                .filter(|c| c.is_alphanumeric())
                .collect();
            let slot = match key.as_str() {
                "email" | "emailadres" | "emailaddress" | "mail" | "mailadres" | "adres" => {
                    &mut table.email
                }
                "naam" | "name" | "voornaam" | "firstname" | "fullname" | "volledigenaam"
                | "voorennaam" => &mut table.name,
                "datumtoestemming" | "toestemmingsdatum" | "toestemming" | "consentdate"
                | "consent" | "datum" | "date" | "ingeschrevenop" | "inschrijfdatum"
                | "optintime" | "optindate" | "subscribedat" | "confirmtime" | "bevestigdop" => {
                    &mut table.consent
                }
                "bron" | "source" | "herkomst" => &mut table.source,
                _ => continue,
            };
            if slot.is_none() {
                *slot = Some(i);
            }
        }
        if table.email.is_none() {
            return Err(format!(
                "We vinden geen kolom met het e-mailadres. {HEADER_HELP}"
            ));
        }
        table.rows = records
            .filter(|(_, cells)| cells.iter().any(|c| !c.trim().is_empty()))
            .collect();
        if table.rows.is_empty() {
            return Err(format!("Het bestand bevat geen abonnees. {HEADER_HELP}"));
        }
        if table.rows.len() > MAX_ROWS {
            return Err(format!(
                "Het bestand bevat meer dan {MAX_ROWS} regels. Splits het in kleinere bestanden."
            ));
        }
        Ok(table)
    }
}

fn count_outside_quotes(line: &str, separator: char) -> usize {
    let mut quoted = false;
    let mut n = 0;
    for c in line.chars() {
        if c == '"' {
            quoted = !quoted;
        } else if c == separator && !quoted {
            n += 1;
        }
    }
    n
}

/// RFC 4180 records with the line each starts on: quoted cells may hold the separator, doubled
/// quotes and line breaks; CRLF, LF and CR all end a line.
fn read_records(text: &str, separator: char) -> Vec<(i64, Vec<String>)> {
    let mut records = Vec::new();
    let mut cells = Vec::new();
    let mut cell = String::new();
    let mut quoted = false;
    let mut line = 1_i64;
    let mut start = 1_i64;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    cell.push('"');
                }
                '"' => quoted = false,
                '\r' | '\n' => {
                    if c == '\r' && chars.peek() == Some(&'\n') {
                        chars.next();
                    }
                    line += 1;
                    cell.push('\n');
                }
                c => cell.push(c),
            }
            continue;
        }
        match c {
            '"' if cell.trim().is_empty() => {
                cell.clear();
                quoted = true;
            }
            c if c == separator => cells.push(std::mem::take(&mut cell)),
            '\r' | '\n' => {
                if c == '\r' && chars.peek() == Some(&'\n') {
                    chars.next();
                }
                cells.push(std::mem::take(&mut cell));
                records.push((start, std::mem::take(&mut cells)));
                line += 1;
                start = line;
            }
            c => cell.push(c),
        }
    }
    if !cell.is_empty() || !cells.is_empty() {
        cells.push(cell);
        records.push((start, cells));
    }
    records
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn belgian_excel_files_are_read_with_their_bom_separator_and_quotes() {
        let table = Table::parse(
            "\u{feff}Naam;E-mail;Datum toestemming;Bron\r\n\
             \"Peeters; Anna\";anna@example.be;31/12/2024;Mailchimp\r\n\
             \r\n\
             Jan;jan@example.be;;\"beurs\r\nGent\"\r\n\
             Lies;lies@example.be;2024-05-01 10:30;\r\n",
        )
        .unwrap();
        assert_eq!(table.email, Some(1));
        assert_eq!(table.rows.len(), 3);
        assert_eq!(table.rows[0].0, 2);
        assert_eq!(table.rows[0].1[0], "Peeters; Anna");
        assert_eq!(table.rows[1].1[3], "beurs\nGent");
        assert_eq!(table.rows[2].0, 6, "the quoted line break counts as a line");
    }

    #[test]
    fn comma_files_and_missing_columns() {
        let table = Table::parse("email,name\nx@example.be,X\n").unwrap();
        assert_eq!(
            (table.email, table.name, table.consent),
            (Some(0), Some(1), None)
        );
        assert!(Table::parse("naam;telefoon\nAnna;0470\n").is_err());
        assert!(Table::parse("e-mail\n\n").is_err());
    }

    #[test]
    fn dates_in_the_ways_exports_write_them() {
        let day = |s| parse_date(s).map(|t| brussels::at(t).strftime("%Y-%m-%d %H:%M").to_string());
        assert_eq!(day("31/12/2024").as_deref(), Some("2024-12-31 00:00"));
        assert_eq!(day("1-2-2024 14:05").as_deref(), Some("2024-02-01 14:05"));
        assert_eq!(
            day("2024-06-01T08:00:00").as_deref(),
            Some("2024-06-01 08:00")
        );
        assert_eq!(
            day("2024-06-01T06:00:00Z").as_deref(),
            Some("2024-06-01 08:00")
        );
        assert_eq!(day("31/02/2024"), None);
        assert_eq!(day("gisteren"), None);
    }
}
