//! Invoices (facturen) and credit notes (creditnota's) under Belgian rules.
//!
//! An invoice is issued in the transaction that marks its order paid, a credit note in the one
//! that refunds it. Each takes its number from a counter row per series and year with one
//! conditional `UPDATE … RETURNING`, so the numbers of a year form one unbroken sequence under
//! any concurrency (a rolled-back transaction gives its number back). The row keeps everything
//! that is printed as a JSON [`InvoiceDocument`]; the PDF and the UBL XML are rendered from that
//! row alone, never from the live order or settings, and the database refuses to change it.
pub mod admin;
mod fonts;
mod pdf;
mod ubl;

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kit::brussels;
use crate::kit::closed_set::closed_set;
use crate::kit::csv_export;
use crate::kit::db::{self, Tx};
use crate::kit::domain::{RegistrationNumber, VatNumber};
use crate::kit::error::{ApiPath, AppError};
use crate::platform::outbox::Attachment;
use crate::platform::site::Seller;
use crate::platform::state::AppState;

pub use pdf::render as render_pdf;
pub use ubl::render as render_ubl;

closed_set! {
    pub enum InvoiceKind {
        Invoice = "invoice" => "Factuur",
        /// Cancels an invoice, e.g. after a refund.
        CreditNote = "credit_note" => "Creditnota",
    }
}

/// The legal mention on the invoices of a seller under the small-business exemption.
pub const EXEMPTION_MENTION: &str = "Bijzondere vrijstellingsregeling kleine ondernemingen";
/// Where the exemption is written in the law, printed with the mention.
pub const EXEMPTION_BASIS: &str = "art. 56bis WBTW";

/// The VAT rate a line gets: the product's rate, or none when the seller is exempt.
pub fn vat_rate(seller: &Seller, product_rate_percent: i64) -> i64 {
    if seller.vat_exempt {
        0
    } else {
        product_rate_percent
    }
}

/// A party as printed: the seller, or the buyer (a person, or their company).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Party {
    /// The seller's name, or the buyer's own name.
    pub name: String,
    /// The buyer's company, when the invoice is made out to it.
    pub company: Option<String>,
    pub street: Option<String>,
    pub postal_code: Option<String>,
    pub city: Option<String>,
    /// ISO 3166-1 alpha-2.
    pub country: String,
    /// Compact, e.g. `BE0123456749`.
    pub vat_number: Option<String>,
    /// Belgian enterprise number (KBO), ten digits.
    pub enterprise_number: Option<String>,
    /// A company buyer without a VAT number: its number in its country's trade register
    /// (Belgian KBO, Dutch KvK, French SIREN, or another country's as given).
    #[serde(default)]
    pub registration_number: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub website: Option<String>,
}

/// One line. Amounts are euro cents, negative on a credit note; "taxable" means without VAT.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InvoiceLine {
    pub description: String,
    pub quantity: i64,
    /// The unit price as sold, VAT included.
    pub unit_price_incl_cents: i64,
    /// Quantity × unit price without VAT, before the discount.
    pub gross_cents: i64,
    /// The discount without VAT (0 for none).
    pub discount_cents: i64,
    pub discount_label: Option<String>,
    /// `gross_cents - discount_cents`.
    pub taxable_cents: i64,
    pub vat_rate_percent: i64,
    /// UBL's VAT category: `S` standard, `Z` zero rate, `E` exempt (small business).
    pub vat_category: String,
    pub vat_cents: i64,
    /// What the line costs, VAT included.
    pub total_cents: i64,
}

/// The taxable amount and VAT of one rate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VatBreakdown {
    pub rate_percent: i64,
    /// As on the lines: `S`, `Z` or `E`.
    pub category: String,
    pub taxable_cents: i64,
    pub vat_cents: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InvoiceReference {
    pub number: String,
    pub issue_date: String,
}

/// Everything an invoice or credit note prints, as it was when issued.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InvoiceDocument {
    pub kind: InvoiceKind,
    /// e.g. `2026-000001`, or `C2026-000001` for a credit note.
    pub number: String,
    /// Brussels date, `YYYY-MM-DD`.
    pub issue_date: String,
    pub currency: String,
    /// The order's short reference, as in the buyer's mails.
    pub order_reference: String,
    /// How and when it was paid (or refunded), in Dutch.
    pub payment_note: String,
    /// A credit note: the invoice it cancels.
    pub credited_invoice: Option<InvoiceReference>,
    /// A credit note for part of the invoice (some of its tickets); documents issued before
    /// partial refunds existed have none, and credited it all.
    #[serde(default)]
    pub partial: bool,
    pub seller: Party,
    pub buyer: Party,
    /// The seller was under the small-business exemption: no VAT, and the legal mention.
    pub vat_exempt: bool,
    pub lines: Vec<InvoiceLine>,
    pub vat: Vec<VatBreakdown>,
    pub taxable_cents: i64,
    pub vat_cents: i64,
    pub total_cents: i64,
}

impl InvoiceDocument {
    /// Made out to a company with a Peppol address: such a buyer also gets the UBL XML (Peppol
    /// BIS Billing 3.0). See [`InvoiceDocument::no_e_invoice`].
    pub fn has_e_invoice(&self) -> bool {
        self.no_e_invoice().is_none()
    }

    /// Why this document has no UBL XML, in plain Dutch for the coach; None when it has one.
    /// Peppol BIS needs the buyer's electronic address (PEPPOL-EN16931-R010) from a scheme of
    /// its code list (CL008; an e-mail address is not one): a company's VAT number or its
    /// number in a trade register that has a scheme (KBO, KvK, SIREN). Private buyers and
    /// companies without either get the PDF only.
    pub fn no_e_invoice(&self) -> Option<String> {
        let buyer = &self.buyer;
        if buyer.company.is_none() {
            return Some(
                "Geen e-factuur (UBL): de factuur staat op naam van een particulier, en Peppol kent geen adres voor particulieren. De klant kreeg de pdf."
                    .into(),
            );
        }
        if ubl::buyer_address(buyer).is_some() {
            return None;
        }
        let country = pdf::country_name(&buyer.country);
        Some(
            match (
                &buyer.vat_number,
                RegistrationNumber::scheme(&buyer.country),
            ) {
                (Some(_), _) => format!(
                    "Geen e-factuur (UBL): voor een btw-nummer uit {country} bestaat geen Peppol-adres. De klant kreeg de pdf."
                ),
                (None, Some(_)) => format!(
                    "Geen e-factuur (UBL): het bedrijf gaf geen btw-nummer en geen {}, en zonder een van de twee heeft het geen Peppol-adres. De klant kreeg de pdf.",
                    RegistrationNumber::label(&buyer.country).to_lowercase()
                ),
                (None, None) => format!(
                    "Geen e-factuur (UBL): een bedrijf uit {country} zonder btw-nummer heeft geen Peppol-adres. De klant kreeg de pdf."
                ),
            },
        )
    }

    /// The file name without extension, e.g. `factuur-2026-000001`.
    pub fn file_stem(&self) -> String {
        match self.kind {
            InvoiceKind::Invoice => format!("factuur-{}", self.number),
            InvoiceKind::CreditNote => format!("creditnota-{}", self.number),
        }
    }

    /// The invoice's PDF as an e-mail attachment.
    pub fn pdf_attachment(&self) -> Attachment {
        Attachment::new(
            &format!("{}.pdf", self.file_stem()),
            "application/pdf",
            &render_pdf(self),
        )
    }

    /// The UBL XML as an e-mail attachment.
    pub fn xml_attachment(&self) -> Attachment {
        Attachment::new(
            &format!("{}.xml", self.file_stem()),
            "application/xml",
            render_ubl(self).as_bytes(),
        )
    }
}

/// `2026-11-24` → `24/11/2026`.
pub fn belgian_date(iso: &str) -> String {
    let mut parts = iso.splitn(3, '-');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(y), Some(m), Some(d)) => format!("{d}/{m}/{y}"),
        _ => iso.to_string(),
    }
}

/// The amount without VAT contained in `incl_cents` at `rate` percent, rounded half away from 0.
fn without_vat(incl_cents: i64, rate: i64) -> i64 {
    let divisor = 100 + rate;
    let scaled = incl_cents.abs() * 100;
    incl_cents.signum() * ((scaled + divisor / 2) / divisor)
}

/// The next number of `series` in `year`: one conditional UPDATE that both checks and takes
/// it. On PostgreSQL the row stays locked until the caller commits, so a concurrent issuer waits
/// and takes the next one; SQLite's `BEGIN IMMEDIATE` serializes writers anyway.
async fn next_number(tx: &mut Tx, series: InvoiceKind, year: i64) -> Result<i64, sqlx::Error> {
    sqlx::query(
        "INSERT INTO invoice_counters (series, year, last_number) VALUES ($1, $2, 0) \
         ON CONFLICT (series, year) DO NOTHING",
    )
    .bind(series)
    .bind(year)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "UPDATE invoice_counters SET last_number = last_number + 1 \
         WHERE series = $1 AND year = $2 RETURNING last_number",
    )
    .bind(series)
    .bind(year)
    .fetch_one(&mut **tx)
    .await?
    .try_get("last_number")
}

fn format_number(kind: InvoiceKind, year: i64, sequence: i64) -> String {
    match kind {
        InvoiceKind::Invoice => format!("{year}-{sequence:06}"),
        InvoiceKind::CreditNote => format!("C{year}-{sequence:06}"),
    }
}

/// An issued invoice or credit note.
#[derive(Debug, Clone)]
pub struct Issued {
    pub id: i64,
    pub document: InvoiceDocument,
}

/// Numbers and stores `document` (its kind, number and date are set here).
async fn store(
    tx: &mut Tx,
    order_id: i64,
    credits: Option<i64>,
    mut document: InvoiceDocument,
) -> anyhow::Result<Issued> {
    let now = jiff::Timestamp::now();
    let today = brussels::at(now).date();
    let year = i64::from(today.year());
    let sequence = next_number(tx, document.kind, year).await?;
    document.number = format_number(document.kind, year, sequence);
    document.issue_date = today.to_string();
    let row = sqlx::query(
        "INSERT INTO invoices (kind, number, year, sequence, order_id, credits_invoice_id, issue_date, \
         buyer_name, buyer_company, buyer_vat_number, taxable_cents, vat_cents, total_cents, document, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id",
    )
    .bind(document.kind)
    .bind(&document.number)
    .bind(year)
    .bind(sequence)
    .bind(order_id)
    .bind(credits)
    .bind(&document.issue_date)
    .bind(&document.buyer.name)
    .bind(&document.buyer.company)
    .bind(&document.buyer.vat_number)
    .bind(document.taxable_cents)
    .bind(document.vat_cents)
    .bind(document.total_cents)
    .bind(serde_json::to_string(&document)?)
    .bind(db::format_ts(now))
    .fetch_one(&mut **tx)
    .await?;
    Ok(Issued {
        id: row.try_get("id")?,
        document,
    })
}

/// What the invoice of a paid order is made from: the order as its fulfilment read it.
pub struct Sale<'a> {
    pub order_id: i64,
    pub public_id: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub email: &'a str,
    pub phone: Option<&'a str>,
    pub company: Option<&'a str>,
    pub vat_number: Option<&'a str>,
    /// A company without a VAT number: its trade-register number (see [`Party`]).
    pub registration_number: Option<&'a str>,
    pub billing_street: Option<&'a str>,
    pub billing_postal_code: Option<&'a str>,
    pub billing_city: Option<&'a str>,
    /// ISO 3166-1 alpha-2.
    pub billing_country: Option<&'a str>,
    pub product_name: &'a str,
    pub product_vat_rate_percent: i64,
    /// An event order: the event's title and start (UTC, RFC 3339).
    pub event: Option<(&'a str, &'a str)>,
    pub quantity: i64,
    /// Euro cents, VAT included, like the other amounts.
    pub unit_price_cents: i64,
    pub subtotal_cents: i64,
    pub discount_cents: i64,
    pub total_cents: i64,
    pub coupon_code: Option<&'a str>,
    /// UTC, RFC 3339.
    pub paid_at: Option<&'a str>,
}

/// Issues the invoice of a paid order, in the caller's transaction (the one that marked it
/// paid). The seller's details and the VAT are taken now and kept with the invoice.
pub async fn issue(tx: &mut Tx, seller: &Seller, sale: &Sale<'_>) -> anyhow::Result<Issued> {
    let document = invoice_document(seller, sale)?;
    store(tx, sale.order_id, None, document).await
}

fn invoice_document(seller: &Seller, sale: &Sale) -> anyhow::Result<InvoiceDocument> {
    let rate = vat_rate(seller, sale.product_vat_rate_percent);
    let description = match sale.event {
        Some((title, starts_at)) => format!(
            "{}: {title} ({})",
            sale.product_name,
            brussels::format(starts_at, "%d/%m/%Y")?
        ),
        None => sale.product_name.to_string(),
    };
    let total = sale.total_cents;
    let gross = without_vat(sale.subtotal_cents, rate);
    let taxable = without_vat(total, rate);
    let line = InvoiceLine {
        description,
        quantity: sale.quantity,
        unit_price_incl_cents: sale.unit_price_cents,
        gross_cents: gross,
        discount_cents: gross - taxable,
        discount_label: (sale.discount_cents > 0).then(|| match sale.coupon_code {
            Some(code) => format!("Korting ({code})"),
            None => "Korting".to_string(),
        }),
        taxable_cents: taxable,
        vat_rate_percent: rate,
        vat_category: match (seller.vat_exempt, rate) {
            (true, _) => "E",
            (false, 0) => "Z",
            _ => "S",
        }
        .to_string(),
        vat_cents: total - taxable,
        total_cents: total,
    };
    let vat_number = sale.vat_number.and_then(|v| VatNumber::parse(v).ok());
    let registration_number = sale
        .company
        .and(sale.registration_number)
        .map(str::to_string);
    let buyer = Party {
        name: format!("{} {}", sale.first_name, sale.last_name),
        company: sale.company.map(str::to_string),
        street: sale.billing_street.map(str::to_string),
        postal_code: sale.billing_postal_code.map(str::to_string),
        city: sale.billing_city.map(str::to_string),
        // The address's country; without an address, the VAT number's (Greece's `EL` is `GR`).
        country: match (sale.billing_country, &vat_number) {
            (Some(country), _) => country.to_string(),
            (None, Some(vat)) => vat.iso_country().to_string(),
            (None, None) => seller.country.clone(),
        },
        // A Belgian company's enterprise number: in its VAT number, or given by itself.
        enterprise_number: vat_number
            .as_ref()
            .and_then(|v| v.belgian_enterprise_number())
            .map(str::to_string)
            .or_else(|| {
                registration_number
                    .clone()
                    .filter(|_| sale.billing_country == Some("BE"))
            }),
        registration_number,
        vat_number: vat_number.map(|v| v.as_ref().to_string()),
        email: Some(sale.email.to_string()),
        phone: sale.phone.map(str::to_string),
        website: None,
    };
    let payment_note = match sale.paid_at {
        Some(paid_at) => format!(
            "Betaald online op {}.",
            brussels::format(paid_at, "%d/%m/%Y")?
        ),
        None => "Betaald online.".to_string(),
    };
    Ok(InvoiceDocument {
        kind: InvoiceKind::Invoice,
        number: String::new(),
        issue_date: String::new(),
        currency: "EUR".into(),
        order_reference: sale.public_id.chars().take(10).collect(),
        payment_note,
        credited_invoice: None,
        partial: false,
        seller: seller_party(seller),
        buyer,
        vat_exempt: seller.vat_exempt,
        vat: breakdown(std::slice::from_ref(&line)),
        taxable_cents: line.taxable_cents,
        vat_cents: line.vat_cents,
        total_cents: line.total_cents,
        lines: vec![line],
    })
}

fn seller_party(seller: &Seller) -> Party {
    Party {
        name: seller.name.clone(),
        company: None,
        street: Some(seller.street.clone()),
        postal_code: Some(seller.postal_code.clone()),
        city: Some(seller.city.clone()),
        country: seller.country.clone(),
        vat_number: Some(seller.vat_number.clone()),
        enterprise_number: Some(seller.enterprise_number.clone()),
        registration_number: None,
        email: Some(seller.email.clone()),
        phone: Some(seller.phone.clone()),
        website: Some(seller.website.clone()),
    }
}

/// The taxable amount and VAT per category and rate, lowest rate first.
fn breakdown(lines: &[InvoiceLine]) -> Vec<VatBreakdown> {
    let mut keys: Vec<(i64, &str)> = lines
        .iter()
        .map(|l| (l.vat_rate_percent, l.vat_category.as_str()))
        .collect();
    keys.sort_unstable();
    keys.dedup();
    keys.into_iter()
        .map(|(rate, category)| {
            let of_key = lines
                .iter()
                .filter(|l| l.vat_rate_percent == rate && l.vat_category == category);
            VatBreakdown {
                rate_percent: rate,
                category: category.to_string(),
                taxable_cents: of_key.clone().map(|l| l.taxable_cents).sum(),
                vat_cents: of_key.map(|l| l.vat_cents).sum(),
            }
        })
        .collect()
}

/// What a credit note pays back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Credited {
    /// The whole invoice.
    All,
    /// `quantity` of the invoice's units (tickets), `total_cents` of its total (VAT included).
    Part { quantity: i64, total_cents: i64 },
}

/// Issues the credit note of a refund of an order's invoice, in the refund's transaction: its
/// lines with negative amounts (all of them, or the part refunded), referring to the invoice.
/// None when the order has no invoice (money that came in too late was never invoiced).
pub async fn credit(
    tx: &mut Tx,
    order_id: i64,
    credited: Credited,
    note: &str,
) -> anyhow::Result<Option<Issued>> {
    let Some(row) =
        sqlx::query("SELECT id, document FROM invoices WHERE order_id = $1 AND kind = 'invoice'")
            .bind(order_id)
            .fetch_optional(&mut **tx)
            .await?
    else {
        return Ok(None);
    };
    let invoice: InvoiceDocument = serde_json::from_str(&row.try_get::<String, _>("document")?)?;
    let document = match credited {
        Credited::All => credit_document(invoice, note),
        Credited::Part {
            quantity,
            total_cents,
        } => partial_credit_document(invoice, quantity, total_cents, note),
    };
    Ok(Some(
        store(tx, order_id, Some(row.try_get("id")?), document).await?,
    ))
}

/// A credit note for `quantity` units of a one-line invoice, paying back `total_cents` (VAT
/// included): the line's amounts in proportion, the VAT worked out from the total like the
/// invoice's own.
fn partial_credit_document(
    invoice: InvoiceDocument,
    quantity: i64,
    total_cents: i64,
    note: &str,
) -> InvoiceDocument {
    let line = invoice
        .lines
        .first()
        .cloned()
        .expect("an invoice has a line");
    let of = line.quantity.max(1);
    let gross = (line.gross_cents * quantity * 2 + of) / (2 * of);
    let taxable = without_vat(total_cents, line.vat_rate_percent);
    let credited = InvoiceLine {
        quantity,
        unit_price_incl_cents: -line.unit_price_incl_cents,
        gross_cents: -gross,
        discount_cents: -(gross - taxable),
        taxable_cents: -taxable,
        vat_cents: -(total_cents - taxable),
        total_cents: -total_cents,
        ..line
    };
    credit_note_of(invoice, vec![credited], true, note)
}

fn credit_document(mut invoice: InvoiceDocument, note: &str) -> InvoiceDocument {
    let lines = std::mem::take(&mut invoice.lines)
        .into_iter()
        .map(|l| InvoiceLine {
            unit_price_incl_cents: -l.unit_price_incl_cents,
            gross_cents: -l.gross_cents,
            discount_cents: -l.discount_cents,
            taxable_cents: -l.taxable_cents,
            vat_cents: -l.vat_cents,
            total_cents: -l.total_cents,
            ..l
        })
        .collect::<Vec<_>>();
    credit_note_of(invoice, lines, false, note)
}

/// The credit note of `invoice` with `lines` (negative amounts), its totals summed from them.
fn credit_note_of(
    invoice: InvoiceDocument,
    lines: Vec<InvoiceLine>,
    partial: bool,
    note: &str,
) -> InvoiceDocument {
    InvoiceDocument {
        kind: InvoiceKind::CreditNote,
        number: String::new(),
        issue_date: String::new(),
        payment_note: note.to_string(),
        credited_invoice: Some(InvoiceReference {
            number: invoice.number,
            issue_date: invoice.issue_date,
        }),
        partial,
        vat: breakdown(&lines),
        taxable_cents: lines.iter().map(|l| l.taxable_cents).sum(),
        vat_cents: lines.iter().map(|l| l.vat_cents).sum(),
        total_cents: lines.iter().map(|l| l.total_cents).sum(),
        lines,
        ..invoice
    }
}

/// What the buyer and the coach see of an order's invoices.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct InvoiceSummary {
    pub id: i64,
    pub kind: InvoiceKind,
    pub number: String,
    /// Brussels date, `YYYY-MM-DD`.
    pub issue_date: String,
    /// Euro cents, VAT included; negative for a credit note.
    pub total_cents: i64,
    /// True when a UBL XML (Peppol BIS Billing 3.0) exists: the buyer is a company with a Peppol
    /// address (its VAT number, or its number in the Belgian, Dutch or French trade register).
    pub has_xml: bool,
    /// Without a UBL XML: why not, in plain Dutch (e.g. a private buyer).
    pub no_xml_reason: Option<String>,
}

/// The invoice and credit note of an order, oldest first.
pub async fn of_order(
    conn: &mut sqlx::AnyConnection,
    order_id: i64,
) -> Result<Vec<InvoiceSummary>, sqlx::Error> {
    sqlx::query(
        "SELECT id, kind, number, issue_date, total_cents, document FROM invoices \
         WHERE order_id = $1 ORDER BY id",
    )
    .bind(order_id)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|row| {
        let no_xml_reason = no_e_invoice(&row.try_get::<String, _>("document")?);
        Ok(InvoiceSummary {
            id: row.try_get("id")?,
            kind: row.try_get("kind")?,
            number: row.try_get("number")?,
            issue_date: row.try_get("issue_date")?,
            total_cents: row.try_get("total_cents")?,
            has_xml: no_xml_reason.is_none(),
            no_xml_reason,
        })
    })
    .collect()
}

/// [`InvoiceDocument::no_e_invoice`] of a stored document (its JSON); a document that does not
/// read is said to have no UBL.
pub fn no_e_invoice(document: &str) -> Option<String> {
    match serde_json::from_str::<InvoiceDocument>(document) {
        Ok(document) => document.no_e_invoice(),
        Err(e) => {
            tracing::error!(error = %e, "a stored invoice does not read");
            Some("Geen e-factuur (UBL): dit document kon niet gelezen worden.".into())
        }
    }
}

/// The stored document of an order's invoice, or of its latest credit note.
pub async fn document_of_order(
    conn: &mut sqlx::AnyConnection,
    order_id: i64,
    kind: InvoiceKind,
) -> anyhow::Result<Option<InvoiceDocument>> {
    let row = sqlx::query(
        "SELECT document FROM invoices WHERE order_id = $1 AND kind = $2 ORDER BY id DESC LIMIT 1",
    )
    .bind(order_id)
    .bind(kind)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let text: String = row.try_get("document")?;
    Ok(Some(serde_json::from_str(&text)?))
}

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(buyer_document))
}

closed_set! {
    /// The files of an order's invoice and credit note, by the name the buyer downloads.
    pub enum DocumentFile {
        InvoicePdf = "factuur.pdf",
        InvoiceXml = "factuur.xml",
        CreditNotePdf = "creditnota.pdf",
        CreditNoteXml = "creditnota.xml",
    }
}

impl DocumentFile {
    fn kind(self) -> InvoiceKind {
        match self {
            Self::InvoicePdf | Self::InvoiceXml => InvoiceKind::Invoice,
            Self::CreditNotePdf | Self::CreditNoteXml => InvoiceKind::CreditNote,
        }
    }

    fn is_xml(self) -> bool {
        matches!(self, Self::InvoiceXml | Self::CreditNoteXml)
    }
}

fn no_document() -> AppError {
    AppError::NotFound("Voor deze bestelling is (nog) geen factuur gemaakt.".into())
}

/// The download of a stored invoice as PDF, or as UBL XML for a business buyer.
pub fn download(document: &InvoiceDocument, xml: bool) -> Result<Response, AppError> {
    if xml {
        if let Some(why) = document.no_e_invoice() {
            return Err(AppError::NotFound(why));
        }
        return Ok(csv_export::download(
            &format!("{}.xml", document.file_stem()),
            "application/xml",
            render_ubl(document).into_bytes(),
        ));
    }
    Ok(csv_export::download(
        &format!("{}.pdf", document.file_stem()),
        "application/pdf",
        render_pdf(document),
    ))
}

#[utoipa::path(
    get,
    path = "/orders/{order_id}/documents/{file}",
    operation_id = "get_order_document",
    tag = "commerce",
    params(
        ("order_id" = String, Path, description = "The order's public id (its private link)"),
        ("file" = DocumentFile, Path, description = "Which document: the invoice or credit note, as PDF or (business buyers) UBL XML"),
    ),
    responses(
        (status = 200, description = "The document as issued", content(("application/pdf"), ("application/xml"))),
        (status = 404, description = "Unknown order, or no such document for it", body = crate::kit::error::ErrorBody),
    )
)]
pub async fn buyer_document(
    State(state): State<AppState>,
    ApiPath((order_id, file)): ApiPath<(String, DocumentFile)>,
) -> Result<Response, AppError> {
    let mut conn = state.pool.acquire().await?;
    let id: i64 = sqlx::query("SELECT id FROM orders WHERE public_id = $1")
        .bind(&order_id)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or_else(|| AppError::NotFound("Deze bestelling bestaat niet.".into()))?
        .try_get("id")?;
    let document = document_of_order(&mut conn, id, file.kind())
        .await?
        .ok_or_else(no_document)?;
    download(&document, file.is_xml())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_without_vat_round_half_away_from_zero() {
        assert_eq!(without_vat(3500, 21), 2893);
        assert_eq!(without_vat(-3500, 21), -2893);
        assert_eq!(without_vat(150_000, 21), 123_967);
        assert_eq!(without_vat(1900, 0), 1900);
        assert_eq!(without_vat(0, 21), 0);
    }

    #[test]
    fn dates_read_the_belgian_way() {
        assert_eq!(belgian_date("2026-11-24"), "24/11/2026");
    }

    #[test]
    fn numbers_have_six_digits_per_year() {
        assert_eq!(format_number(InvoiceKind::Invoice, 2026, 1), "2026-000001");
        assert_eq!(
            format_number(InvoiceKind::CreditNote, 2026, 42),
            "C2026-000042"
        );
    }
}
