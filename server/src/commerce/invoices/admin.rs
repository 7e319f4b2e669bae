//! Beheer > Facturen: the invoices and credit notes of a period, their totals per month and
//! quarter, each one's PDF and XML, and a whole period as one ZIP for the accountant (the PDFs,
//! the UBL XML of business buyers and a CSV summary).
use std::io::Write;

use axum::Json;
use axum::extract::State;
use axum::response::Response;
use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::{AssertSqlSafe, Row};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{InvoiceDocument, InvoiceKind, download, render_pdf, render_ubl};
use crate::kit::closed_set::closed_set;
use crate::kit::csv_export::{self, cell};
use crate::kit::dutch;
use crate::kit::error::{ApiPath, ApiQuery, AppError, ErrorBody};
use crate::kit::paging::{self, ListSql, Page, PageQuery};
use crate::kit::validation::Fields;
use crate::platform::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_invoices))
        .routes(routes!(invoice_totals))
        .routes(routes!(export_invoices))
        .routes(routes!(invoice_file))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminInvoice {
    pub id: i64,
    pub kind: InvoiceKind,
    pub number: String,
    /// Brussels date, `YYYY-MM-DD`.
    pub issue_date: String,
    /// The order's numeric id (Beheer > Bestellingen).
    pub order_id: i64,
    pub buyer_name: String,
    pub buyer_company: Option<String>,
    pub buyer_vat_number: Option<String>,
    /// Euro cents without VAT; negative for a credit note.
    pub taxable_cents: i64,
    pub vat_cents: i64,
    /// Euro cents, VAT included.
    pub total_cents: i64,
    /// A UBL XML exists (a company with a Peppol address).
    pub has_xml: bool,
    /// Without a UBL XML: why not, in plain Dutch (e.g. a private buyer).
    pub no_xml_reason: Option<String>,
}

const COLUMNS: &str = "id, kind, number, issue_date, order_id, buyer_name, buyer_company, \
     buyer_vat_number, taxable_cents, vat_cents, total_cents, document";
const BY_NUMBER: &str = "issue_date, kind DESC, sequence, id";

impl AdminInvoice {
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        let no_xml_reason = super::no_e_invoice(&row.try_get::<String, _>("document")?);
        Ok(Self {
            id: row.try_get("id")?,
            kind: row.try_get("kind")?,
            number: row.try_get("number")?,
            issue_date: row.try_get("issue_date")?,
            order_id: row.try_get("order_id")?,
            buyer_name: row.try_get("buyer_name")?,
            has_xml: no_xml_reason.is_none(),
            no_xml_reason,
            buyer_company: row.try_get("buyer_company")?,
            buyer_vat_number: row.try_get("buyer_vat_number")?,
            taxable_cents: row.try_get("taxable_cents")?,
            vat_cents: row.try_get("vat_cents")?,
            total_cents: row.try_get("total_cents")?,
        })
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InvoicePeriod {
    /// First day, `YYYY-MM-DD` (Brussels); from the first invoice when missing.
    pub from: Option<String>,
    /// Last day, `YYYY-MM-DD`, included; up to today when missing.
    pub to: Option<String>,
}

impl InvoicePeriod {
    /// The period's first and last day as stored (`YYYY-MM-DD`), checked.
    fn days(&self) -> Result<(String, String), AppError> {
        let mut fields = Fields::default();
        let mut day = |field: &'static str, value: &Option<String>, default: &str| {
            let Some(value) = value.as_deref().map(str::trim).filter(|v| !v.is_empty()) else {
                return default.to_string();
            };
            match value.parse::<Date>() {
                Ok(date) => date.to_string(),
                Err(_) => {
                    fields.error(field, "Kies een geldige datum (jjjj-mm-dd).");
                    default.to_string()
                }
            }
        };
        let from = day("from", &self.from, "0000-01-01");
        let to = day("to", &self.to, "9999-12-31");
        if from > to {
            fields.error("to", "De einddatum ligt vóór de begindatum.");
        }
        fields.finish()?;
        Ok((from, to))
    }
}

#[utoipa::path(
    get,
    path = "/admin/invoices",
    operation_id = "admin_list_invoices",
    tag = "admin",
    params(InvoicePeriod, PageQuery),
    responses(
        (status = 200, description = "One page of invoices and credit notes of the period, in number order; q searches the number, the buyer's name, company and VAT number", body = Page<AdminInvoice>),
        (status = 422, description = "A date is not a date, or the period ends before it starts", body = ErrorBody),
    )
)]
pub async fn list_invoices(
    State(state): State<AppState>,
    ApiQuery(period): ApiQuery<InvoicePeriod>,
    ApiQuery(paging): ApiQuery<PageQuery>,
) -> Result<Json<Page<AdminInvoice>>, AppError> {
    let (from, to) = period.days()?;
    let pattern = paging.like_pattern_or_all();
    let sql = ListSql {
        columns: COLUMNS,
        from: "invoices",
        filter: "WHERE issue_date >= $1 AND issue_date <= $2 AND (LOWER(number) LIKE $3 ESCAPE '\\' \
                 OR LOWER(buyer_name) LIKE $3 ESCAPE '\\' OR LOWER(COALESCE(buyer_company, '')) LIKE $3 ESCAPE '\\' \
                 OR LOWER(COALESCE(buyer_vat_number, '')) LIKE $3 ESCAPE '\\')",
        order_by: BY_NUMBER,
    };
    let page = paging::fetch_page(
        &state.pool,
        paging.info(),
        &sql,
        |q| q.bind(&from).bind(&to).bind(&pattern),
        AdminInvoice::from_row,
    )
    .await?;
    Ok(Json(page))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TotalsQuery {
    /// The year (default: this year in Brussels).
    pub year: Option<i64>,
}

/// The sums of a month, a quarter or the year; credit notes count negative.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct PeriodTotal {
    /// e.g. "januari 2026", "1e kwartaal 2026", "2026".
    pub label: String,
    /// First day, `YYYY-MM-DD`.
    pub from: String,
    /// Last day, `YYYY-MM-DD`.
    pub to: String,
    pub invoices: i64,
    pub credit_notes: i64,
    pub taxable_cents: i64,
    pub vat_cents: i64,
    pub total_cents: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InvoiceTotals {
    pub year: i64,
    /// Years that have invoices, newest first (always includes this year).
    pub years: Vec<i64>,
    /// Twelve months, January first.
    pub months: Vec<PeriodTotal>,
    /// Four quarters.
    pub quarters: Vec<PeriodTotal>,
    pub total: PeriodTotal,
}

fn last_day(year: i64, month: i64) -> String {
    let days = Date::new(year as i16, month as i8, 1)
        .map(|d| d.days_in_month())
        .unwrap_or(31);
    format!("{year:04}-{month:02}-{days:02}")
}

impl PeriodTotal {
    fn new(label: String, from: String, to: String) -> Self {
        Self {
            label,
            from,
            to,
            ..Self::default()
        }
    }

    fn add(&mut self, other: &PeriodTotal) {
        self.invoices += other.invoices;
        self.credit_notes += other.credit_notes;
        self.taxable_cents += other.taxable_cents;
        self.vat_cents += other.vat_cents;
        self.total_cents += other.total_cents;
    }
}

#[utoipa::path(
    get,
    path = "/admin/invoices/totals",
    operation_id = "admin_invoice_totals",
    tag = "admin",
    params(TotalsQuery),
    responses(
        (status = 200, description = "The year's totals per month and quarter (credit notes subtracted)", body = InvoiceTotals),
        (status = 422, description = "Not a year between 2000 and 9999", body = ErrorBody),
    )
)]
pub async fn invoice_totals(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<TotalsQuery>,
) -> Result<Json<InvoiceTotals>, AppError> {
    let this_year = i64::from(crate::kit::brussels::at(jiff::Timestamp::now()).year());
    let year = query.year.unwrap_or(this_year);
    if !(2000..=9999).contains(&year) {
        return Err(Fields::one("year", "Kies een jaar tussen 2000 en 9999."));
    }
    let rows = sqlx::query(
        "SELECT SUBSTR(issue_date, 6, 2) AS month, kind, COUNT(*) AS n, \
         CAST(SUM(taxable_cents) AS BIGINT) AS taxable, CAST(SUM(vat_cents) AS BIGINT) AS vat, \
         CAST(SUM(total_cents) AS BIGINT) AS total FROM invoices WHERE year = $1 \
         GROUP BY SUBSTR(issue_date, 6, 2), kind",
    )
    .bind(year)
    .fetch_all(&state.pool)
    .await?;
    let mut months: Vec<PeriodTotal> = (1..=12)
        .map(|m| {
            PeriodTotal::new(
                format!("{} {year}", dutch::MONTHS[m as usize - 1]),
                format!("{year:04}-{m:02}-01"),
                last_day(year, m),
            )
        })
        .collect();
    for row in rows {
        let month: String = row.try_get("month")?;
        let Some(total) = month
            .parse::<usize>()
            .ok()
            .and_then(|m| months.get_mut(m.wrapping_sub(1)))
        else {
            continue;
        };
        let n: i64 = row.try_get("n")?;
        match row.try_get::<InvoiceKind, _>("kind")? {
            InvoiceKind::Invoice => total.invoices += n,
            InvoiceKind::CreditNote => total.credit_notes += n,
        }
        total.taxable_cents += row.try_get::<i64, _>("taxable")?;
        total.vat_cents += row.try_get::<i64, _>("vat")?;
        total.total_cents += row.try_get::<i64, _>("total")?;
    }
    let quarters: Vec<PeriodTotal> = (0..4)
        .map(|q| {
            let mut quarter = PeriodTotal::new(
                format!("{}e kwartaal {year}", q + 1),
                months[q * 3].from.clone(),
                months[q * 3 + 2].to.clone(),
            );
            for month in &months[q * 3..q * 3 + 3] {
                quarter.add(month);
            }
            quarter
        })
        .collect();
    let mut total = PeriodTotal::new(
        year.to_string(),
        format!("{year:04}-01-01"),
        format!("{year:04}-12-31"),
    );
    for quarter in &quarters {
        total.add(quarter);
    }
    let mut years: Vec<i64> = sqlx::query("SELECT DISTINCT year FROM invoices")
        .fetch_all(&state.pool)
        .await?
        .iter()
        .map(|r| r.try_get("year"))
        .collect::<Result<_, _>>()?;
    years.push(this_year);
    years.sort_unstable();
    years.dedup();
    years.reverse();
    Ok(Json(InvoiceTotals {
        year,
        years,
        months,
        quarters,
        total,
    }))
}

closed_set! {
    /// An invoice's file: the PDF, or the UBL XML.
    pub enum InvoiceFormat {
        Pdf = "pdf",
        Xml = "xml",
    }
}

#[utoipa::path(
    get,
    path = "/admin/invoices/{id}/{format}",
    operation_id = "admin_invoice_file",
    tag = "admin",
    params(
        ("id" = i64, Path, description = "Invoice id"),
        ("format" = InvoiceFormat, Path, description = "pdf, or xml (UBL, business buyers only)"),
    ),
    responses(
        (status = 200, description = "The invoice or credit note as issued", content(("application/pdf"), ("application/xml"))),
        (status = 404, description = "No such invoice, or no XML for a private buyer", body = ErrorBody),
    )
)]
pub async fn invoice_file(
    State(state): State<AppState>,
    ApiPath((id, format)): ApiPath<(i64, InvoiceFormat)>,
) -> Result<Response, AppError> {
    let row = sqlx::query("SELECT document FROM invoices WHERE id = $1")
        .bind(id)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(|| AppError::NotFound("Deze factuur bestaat niet.".into()))?;
    let document: InvoiceDocument = parse(&row)?;
    download(&document, format == InvoiceFormat::Xml)
}

fn parse(row: &AnyRow) -> Result<InvoiceDocument, AppError> {
    let text: String = row.try_get("document")?;
    Ok(serde_json::from_str(&text).map_err(anyhow::Error::from)?)
}

#[utoipa::path(
    get,
    path = "/admin/invoices/export",
    operation_id = "admin_export_invoices",
    tag = "admin",
    params(InvoicePeriod),
    responses(
        (status = 200, description = "The period as one ZIP: every invoice and credit note as PDF, the UBL XML of business buyers, and overzicht.csv (Excel, Belgium)", content(("application/zip"))),
        (status = 422, description = "A date is not a date, or the period ends before it starts", body = ErrorBody),
    )
)]
pub async fn export_invoices(
    State(state): State<AppState>,
    ApiQuery(period): ApiQuery<InvoicePeriod>,
) -> Result<Response, AppError> {
    let (from, to) = period.days()?;
    let rows = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM invoices WHERE issue_date >= $1 AND issue_date <= $2 \
         ORDER BY {BY_NUMBER}"
    )))
    .bind(&from)
    .bind(&to)
    .fetch_all(&state.pool)
    .await?;
    let invoices = rows
        .iter()
        .map(|row| Ok((AdminInvoice::from_row(row)?, parse(row)?)))
        .collect::<Result<Vec<_>, AppError>>()?;
    let name = match (period.from.is_some(), period.to.is_some()) {
        (true, true) => format!("facturen-{from}-tot-{to}.zip"),
        (true, false) => format!("facturen-vanaf-{from}.zip"),
        (false, true) => format!("facturen-tot-{to}.zip"),
        (false, false) => "facturen.zip".to_string(),
    };
    let zip = tokio::task::spawn_blocking(move || zip_of(&invoices))
        .await
        .map_err(anyhow::Error::from)??;
    Ok(csv_export::download(&name, "application/zip", zip))
}

/// `2893` → `28,93` for a Belgian spreadsheet.
fn decimal_comma(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    format!("{sign}{},{:02}", cents / 100, cents % 100)
}

fn zip_of(invoices: &[(AdminInvoice, InvoiceDocument)]) -> Result<Vec<u8>, AppError> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let mut rows = Vec::new();
    for (invoice, document) in invoices {
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .last_modified_time(zip_time(&document.issue_date));
        let stem = document.file_stem();
        let mut add = |name: String, bytes: &[u8]| -> Result<(), AppError> {
            zip.start_file(name, options).map_err(zip_error)?;
            Ok(zip.write_all(bytes).map_err(anyhow::Error::from)?)
        };
        add(format!("{stem}.pdf"), &render_pdf(document))?;
        if document.has_e_invoice() {
            add(format!("{stem}.xml"), render_ubl(document).as_bytes())?;
        }
        let rates = document
            .vat
            .iter()
            .map(|v| format!("{}%", v.rate_percent))
            .collect::<Vec<_>>()
            .join(" + ");
        rows.push(vec![
            cell(&invoice.number),
            cell(invoice.kind.label()),
            cell(&super::belgian_date(&invoice.issue_date)),
            cell(
                &document
                    .credited_invoice
                    .as_ref()
                    .map(|c| c.number.clone())
                    .unwrap_or_default(),
            ),
            cell(&document.order_reference),
            cell(&invoice.buyer_name),
            cell(invoice.buyer_company.as_deref().unwrap_or_default()),
            cell(invoice.buyer_vat_number.as_deref().unwrap_or_default()),
            cell(&rates),
            decimal_comma(invoice.taxable_cents),
            decimal_comma(invoice.vat_cents),
            decimal_comma(invoice.total_cents),
        ]);
    }
    let csv = csv_export::document(
        &[
            "Nummer",
            "Soort",
            "Datum",
            "Bij factuur",
            "Bestelling",
            "Klant",
            "Bedrijf",
            "Btw-nummer",
            "Btw-tarief",
            "Maatstaf (excl. btw)",
            "Btw",
            "Totaal (incl. btw)",
        ],
        rows,
    );
    zip.start_file(
        "overzicht.csv",
        zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated),
    )
    .map_err(zip_error)?;
    zip.write_all(csv.as_bytes()).map_err(anyhow::Error::from)?;
    Ok(zip.finish().map_err(zip_error)?.into_inner())
}

fn zip_error(e: zip::result::ZipError) -> AppError {
    anyhow::Error::from(e).into()
}

/// Midnight of the issue date, as the files' time in the ZIP.
fn zip_time(issue_date: &str) -> zip::DateTime {
    issue_date
        .parse::<Date>()
        .ok()
        .and_then(|d| {
            zip::DateTime::from_date_and_time(
                u16::try_from(d.year()).ok()?,
                u8::try_from(d.month()).ok()?,
                u8::try_from(d.day()).ok()?,
                0,
                0,
                0,
            )
            .ok()
        })
        .unwrap_or_default()
}
