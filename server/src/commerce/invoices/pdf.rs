//! The invoice as an A4 PDF, drawn from the stored document alone in DejaVu Sans (embedded as
//! subsets, see `fonts`), so every name prints as typed. No dates or ids of its own: the same
//! document gives the same bytes.
use pdf_writer::types::LineCapStyle;
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

use super::fonts::{Used, deflate, width};
use super::{
    EXEMPTION_BASIS, EXEMPTION_MENTION, InvoiceDocument, InvoiceKind, Party, belgian_date,
};
use crate::kit::money;

const PAGE_WIDTH: f32 = 595.28;
const PAGE_HEIGHT: f32 = 841.89;
const MARGIN: f32 = 50.0;
const RIGHT: f32 = PAGE_WIDTH - MARGIN;

type Rgb = (f32, f32, f32);

const fn rgb(r: u8, g: u8, b: u8) -> Rgb {
    (r as f32 / 255.0, g as f32 / 255.0, b as f32 / 255.0)
}

// The site's colours (web/app/app.css).
const INK: Rgb = rgb(0x2a, 0x24, 0x20);
const INK_SOFT: Rgb = rgb(0x57, 0x4c, 0x43);
const TEAL: Rgb = rgb(0x1d, 0x5c, 0x58);
const GOLD: Rgb = rgb(0xc9, 0xa0, 0x4b);
const GOLD_SOFT: Rgb = rgb(0xf6, 0xe9, 0xc8);
const CREAM: Rgb = rgb(0xfb, 0xf7, 0xef);
const SAND: Rgb = rgb(0xe6, 0xd9, 0xc2);

const REGULAR: Name = Name(b"F1");
const BOLD: Name = Name(b"F2");

/// The PDF of `document`.
pub fn render(document: &InvoiceDocument) -> Vec<u8> {
    let catalog = Ref::new(1);
    let pages = Ref::new(2);
    let page = Ref::new(3);
    let contents = Ref::new(4);
    let info = Ref::new(5);
    // Each font takes five ids (see `Used::write`).
    let regular = Ref::new(6);
    let bold = Ref::new(11);

    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(pages);
    pdf.pages(pages).kids([page]).count(1);
    let mut page_writer = pdf.page(page);
    page_writer
        .parent(pages)
        .media_box(Rect::new(0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT))
        .contents(contents);
    page_writer
        .resources()
        .fonts()
        .pair(REGULAR, regular)
        .pair(BOLD, bold);
    page_writer.finish();
    let title = format!("{} {}", document.kind.label(), document.number);
    pdf.document_info(info)
        .title(TextStr(&title))
        .author(TextStr(&document.seller.name));
    let canvas = draw(document);
    pdf.stream(contents, &deflate(&canvas.content.finish()))
        .filter(Filter::FlateDecode);
    canvas.regular.write(&mut pdf, regular);
    canvas.bold.write(&mut pdf, bold);
    pdf.finish()
}

/// A Belgian VAT number as people read it: `BE0123456749` → `BE 0123.456.749`.
fn readable_vat(vat: &str) -> String {
    match vat.strip_prefix("BE") {
        Some(digits) if digits.len() == 10 => {
            format!("BE {}.{}.{}", &digits[..4], &digits[4..7], &digits[7..])
        }
        _ => vat.to_string(),
    }
}

/// `0123456749` → `0123.456.749`.
fn readable_enterprise_number(number: &str) -> String {
    if number.len() == 10 && number.chars().all(|c| c.is_ascii_digit()) {
        format!("{}.{}.{}", &number[..4], &number[4..7], &number[7..])
    } else {
        number.to_string()
    }
}

struct Canvas {
    content: Content,
    /// The glyphs each font shows, embedded once the page is drawn.
    regular: Used,
    bold: Used,
}

impl Canvas {
    fn fill(&mut self, color: Rgb) {
        self.content.set_fill_rgb(color.0, color.1, color.2);
    }

    fn text(&mut self, x: f32, y: f32, size: f32, bold: bool, color: Rgb, text: &str) {
        self.fill(color);
        let encoded = if bold {
            self.bold.encode(text)
        } else {
            self.regular.encode(text)
        };
        self.content
            .begin_text()
            .set_font(if bold { BOLD } else { REGULAR }, size)
            .next_line(x, y)
            .show(Str(&encoded))
            .end_text();
    }

    fn text_right(&mut self, right: f32, y: f32, size: f32, bold: bool, color: Rgb, text: &str) {
        let x = right - width(text, size, bold);
        self.text(x, y, size, bold, color, text);
    }

    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Rgb) {
        self.fill(color);
        self.content.rect(x, y, w, h).fill_nonzero();
    }

    fn rule(&mut self, x1: f32, x2: f32, y: f32, line_width: f32, color: Rgb) {
        self.content
            .set_stroke_rgb(color.0, color.1, color.2)
            .set_line_width(line_width)
            .move_to(x1, y)
            .line_to(x2, y)
            .stroke();
    }

    /// A full circle as four Bézier quarters.
    fn circle(&mut self, cx: f32, cy: f32, r: f32, color: Rgb) {
        let k = 0.552_284_8 * r;
        self.fill(color);
        self.content
            .move_to(cx + r, cy)
            .cubic_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r)
            .cubic_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy)
            .cubic_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r)
            .cubic_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy)
            .close_path()
            .fill_nonzero();
    }

    /// The brand's sun (web/public/images/logo.svg), `size` points wide, bottom-left at (x, y).
    fn logo(&mut self, x: f32, y: f32, size: f32) {
        let s = size / 64.0;
        // The SVG's y runs down; the logo is symmetric top to bottom, so only x and y move.
        let at = |px: f32, py: f32| (x + px * s, y + (64.0 - py) * s);
        let (cx, cy) = at(32.0, 32.0);
        self.circle(cx, cy, 31.0 * s, CREAM);
        self.content
            .set_stroke_rgb(GOLD.0, GOLD.1, GOLD.2)
            .set_line_width(2.4 * s)
            .set_line_cap(LineCapStyle::RoundCap);
        for (x1, y1, x2, y2) in [
            (32.0, 4.0, 32.0, 12.0),
            (32.0, 52.0, 32.0, 60.0),
            (4.0, 32.0, 12.0, 32.0),
            (52.0, 32.0, 60.0, 32.0),
            (12.2, 12.2, 17.9, 17.9),
            (46.1, 46.1, 51.8, 51.8),
            (12.2, 51.8, 17.9, 46.1),
            (46.1, 17.9, 51.8, 12.2),
        ] {
            let (ax, ay) = at(x1, y1);
            let (bx, by) = at(x2, y2);
            self.content.move_to(ax, ay).line_to(bx, by).stroke();
        }
        self.content.set_line_cap(LineCapStyle::ButtCap);
        self.circle(cx, cy, 15.0 * s, GOLD);
        self.circle(cx, cy, 11.0 * s, GOLD_SOFT);
        // The crescent: the right half of the inner circle less a narrow half ellipse.
        let (r, rx) = (11.0 * s, 7.0 * s);
        let k = 0.552_284_8;
        self.fill(TEAL);
        self.content
            .move_to(cx, cy + r)
            .cubic_to(cx + k * r, cy + r, cx + r, cy + k * r, cx + r, cy)
            .cubic_to(cx + r, cy - k * r, cx + k * r, cy - r, cx, cy - r)
            .cubic_to(cx + k * rx, cy - r, cx + rx, cy - k * r, cx + rx, cy)
            .cubic_to(cx + rx, cy + k * r, cx + k * rx, cy + r, cx, cy + r)
            .close_path()
            .fill_nonzero();
    }
}

/// Splits `text` into lines no wider than `max` points.
fn wrap(text: &str, size: f32, bold: bool, max: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if width(&candidate, size, bold) > max && !line.is_empty() {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// The lines of a party's block: name, company, address, numbers.
fn party_lines(party: &Party, seller: bool) -> Vec<(bool, String)> {
    let mut lines = Vec::new();
    match &party.company {
        Some(company) => {
            lines.push((true, company.clone()));
            lines.push((false, format!("t.a.v. {}", party.name)));
        }
        None => lines.push((true, party.name.clone())),
    }
    if let Some(street) = &party.street {
        lines.push((false, street.clone()));
    }
    let place: Vec<&str> = [&party.postal_code, &party.city]
        .into_iter()
        .flatten()
        .map(String::as_str)
        .collect();
    if !place.is_empty() {
        lines.push((false, place.join(" ")));
    }
    if party.country != "BE" || seller {
        lines.push((false, country_name(&party.country)));
    }
    if let Some(vat) = &party.vat_number {
        lines.push((false, format!("Btw-nummer: {}", readable_vat(vat))));
    }
    if seller && let Some(number) = &party.enterprise_number {
        lines.push((
            false,
            format!("Ondernemingsnummer: {}", readable_enterprise_number(number)),
        ));
    }
    if !seller && let Some(number) = &party.registration_number {
        let number = if party.country == "BE" {
            readable_enterprise_number(number)
        } else {
            number.clone()
        };
        lines.push((
            false,
            format!(
                "{}: {number}",
                crate::kit::domain::RegistrationNumber::label(&party.country)
            ),
        ));
    }
    if let Some(email) = &party.email {
        lines.push((false, email.clone()));
    }
    lines
}

/// The Dutch name of a country code (the code itself when not listed).
pub(super) fn country_name(code: &str) -> String {
    match code {
        "AT" => "Oostenrijk",
        "BE" => "België",
        "BG" => "Bulgarije",
        "CH" => "Zwitserland",
        "CY" => "Cyprus",
        "CZ" => "Tsjechië",
        "DE" => "Duitsland",
        "DK" => "Denemarken",
        "EE" => "Estland",
        "ES" => "Spanje",
        "FI" => "Finland",
        "FR" => "Frankrijk",
        "GB" => "Verenigd Koninkrijk",
        "GR" => "Griekenland",
        "HR" => "Kroatië",
        "HU" => "Hongarije",
        "IE" => "Ierland",
        "IT" => "Italië",
        "LT" => "Litouwen",
        "LU" => "Luxemburg",
        "LV" => "Letland",
        "MT" => "Malta",
        "NL" => "Nederland",
        "NO" => "Noorwegen",
        "PL" => "Polen",
        "PT" => "Portugal",
        "RO" => "Roemenië",
        "SE" => "Zweden",
        "SI" => "Slovenië",
        "SK" => "Slowakije",
        "US" => "Verenigde Staten",
        other => other,
    }
    .to_string()
}

/// `21` → `21%`.
fn rate(percent: i64) -> String {
    format!("{percent}%")
}

/// The unit price without VAT, rounded to the cent for print.
fn unit_price(gross_cents: i64, quantity: i64) -> i64 {
    if quantity == 0 {
        return 0;
    }
    let q = quantity.abs();
    gross_cents.signum() * ((gross_cents.abs() + q / 2) / q)
}

fn draw(document: &InvoiceDocument) -> Canvas {
    let mut c = Canvas {
        content: Content::new(),
        regular: Used::new(false),
        bold: Used::new(true),
    };
    let title = document.kind.label();

    // Header band with the logo and the brand.
    let band = 96.0;
    c.rect(0.0, PAGE_HEIGHT - band, PAGE_WIDTH, band, TEAL);
    c.rect(0.0, PAGE_HEIGHT - band - 4.0, PAGE_WIDTH, 4.0, GOLD);
    c.logo(MARGIN, PAGE_HEIGHT - band + 22.0, 52.0);
    // The name shrinks when it would run into the title.
    let heading = title.to_uppercase();
    let room = RIGHT - width(&heading, 24.0, true) - 24.0 - (MARGIN + 66.0);
    let name_size = 22.0_f32.min(22.0 * room / width(&document.seller.name, 22.0, true).max(1.0));
    c.text(
        MARGIN + 66.0,
        PAGE_HEIGHT - 52.0,
        name_size,
        true,
        CREAM,
        &document.seller.name,
    );
    c.text(
        MARGIN + 66.0,
        PAGE_HEIGHT - 70.0,
        10.0,
        false,
        GOLD_SOFT,
        document
            .seller
            .website
            .as_deref()
            .unwrap_or_default()
            .trim_start_matches("https://"),
    );
    c.text_right(RIGHT, PAGE_HEIGHT - 58.0, 24.0, true, GOLD, &heading);

    // Seller (left) and the invoice's facts (right).
    let mut y = PAGE_HEIGHT - band - 36.0;
    let top = y;
    c.text(MARGIN, y, 8.0, true, INK_SOFT, "VAN");
    y -= 14.0;
    for (bold, line) in party_lines(&document.seller, true) {
        c.text(MARGIN, y, 9.5, bold, INK, &line);
        y -= 13.0;
    }
    let seller_bottom = y;

    let mut facts = vec![
        (format!("{title}nummer"), document.number.clone()),
        (format!("{title}datum"), belgian_date(&document.issue_date)),
        ("Bestelling".to_string(), document.order_reference.clone()),
    ];
    if let Some(credited) = &document.credited_invoice {
        facts.push(("Bij factuur".to_string(), credited.number.clone()));
        facts.push(("van".to_string(), belgian_date(&credited.issue_date)));
    }
    let mut fy = top;
    let labels_x = 340.0;
    for (label, value) in &facts {
        c.text(labels_x, fy, 9.5, false, INK_SOFT, label);
        c.text_right(RIGHT, fy, 9.5, true, INK, value);
        fy -= 15.0;
    }

    // The buyer.
    y = seller_bottom.min(fy) - 20.0;
    c.text(MARGIN, y, 8.0, true, INK_SOFT, "AAN");
    y -= 14.0;
    for (bold, line) in party_lines(&document.buyer, false) {
        c.text(MARGIN, y, 9.5, bold, INK, &line);
        y -= 13.0;
    }

    // The lines.
    y -= 18.0;
    let cols = [
        (MARGIN + 6.0, "Omschrijving", false),
        (330.0, "Aantal", true),
        (410.0, "Prijs excl. btw", true),
        (450.0, "Btw", true),
        (RIGHT - 6.0, "Bedrag excl. btw", true),
    ];
    c.rect(MARGIN, y - 6.0, RIGHT - MARGIN, 20.0, SAND);
    for (x, label, right) in cols {
        if right {
            c.text_right(x, y, 8.5, true, INK, label);
        } else {
            c.text(x, y, 8.5, true, INK, label);
        }
    }
    y -= 22.0;
    for line in &document.lines {
        let description = wrap(&line.description, 9.5, false, 240.0);
        c.text_right(cols[1].0, y, 9.5, false, INK, &line.quantity.to_string());
        c.text_right(
            cols[2].0,
            y,
            9.5,
            false,
            INK,
            &money::euro(unit_price(line.gross_cents, line.quantity)),
        );
        c.text_right(cols[3].0, y, 9.5, false, INK, &rate(line.vat_rate_percent));
        c.text_right(
            cols[4].0,
            y,
            9.5,
            false,
            INK,
            &money::euro(line.gross_cents),
        );
        for text in description {
            c.text(cols[0].0, y, 9.5, false, INK, &text);
            y -= 13.0;
        }
        if line.discount_cents != 0 {
            let label = line.discount_label.as_deref().unwrap_or("Korting");
            c.text(cols[0].0 + 10.0, y, 9.5, false, INK_SOFT, label);
            c.text_right(
                cols[4].0,
                y,
                9.5,
                false,
                INK_SOFT,
                &money::euro(-line.discount_cents),
            );
            y -= 13.0;
        }
        y -= 4.0;
        c.rule(MARGIN, RIGHT, y + 8.0, 0.5, SAND);
    }

    // VAT per rate (left) and totals (right).
    y -= 16.0;
    let block_top = y;
    c.text(MARGIN, y, 8.0, true, INK_SOFT, "BTW-OVERZICHT");
    y -= 15.0;
    c.text(MARGIN, y, 8.5, true, INK, "Tarief");
    c.text_right(MARGIN + 150.0, y, 8.5, true, INK, "Maatstaf van heffing");
    c.text_right(MARGIN + 230.0, y, 8.5, true, INK, "Btw");
    y -= 14.0;
    for vat in &document.vat {
        let label = if vat.category == "E" {
            "Vrijgesteld".to_string()
        } else {
            rate(vat.rate_percent)
        };
        c.text(MARGIN, y, 9.5, false, INK, &label);
        c.text_right(
            MARGIN + 150.0,
            y,
            9.5,
            false,
            INK,
            &money::euro(vat.taxable_cents),
        );
        c.text_right(
            MARGIN + 230.0,
            y,
            9.5,
            false,
            INK,
            &money::euro(vat.vat_cents),
        );
        y -= 13.0;
    }

    let mut ty = block_top;
    let totals_x = 350.0;
    for (label, amount) in [
        ("Totaal excl. btw", document.taxable_cents),
        ("Btw", document.vat_cents),
    ] {
        c.text(totals_x, ty, 9.5, false, INK_SOFT, label);
        c.text_right(RIGHT, ty, 9.5, false, INK, &money::euro(amount));
        ty -= 15.0;
    }
    // The total's band starts below the VAT line above it.
    ty -= 10.0;
    c.rect(totals_x - 8.0, ty - 8.0, RIGHT - totals_x + 8.0, 24.0, TEAL);
    let total_label = match document.kind {
        InvoiceKind::Invoice => "Totaal",
        InvoiceKind::CreditNote => "Totaal te crediteren",
    };
    c.text(totals_x, ty, 11.0, true, CREAM, total_label);
    c.text_right(
        RIGHT - 6.0,
        ty,
        11.0,
        true,
        CREAM,
        &money::euro(document.total_cents),
    );
    ty -= 24.0;

    // Mentions.
    y = y.min(ty) - 18.0;
    let mut notes = Vec::new();
    if document.vat_exempt {
        notes.push((
            true,
            format!("{EXEMPTION_MENTION} ({EXEMPTION_BASIS}): btw niet van toepassing."),
        ));
    }
    if let Some(credited) = &document.credited_invoice {
        let how = if document.partial {
            "gedeeltelijk, voor de lijnen hierboven"
        } else {
            "volledig"
        };
        notes.push((
            false,
            format!(
                "Deze creditnota vervalt factuur {} van {} {how}.",
                credited.number,
                belgian_date(&credited.issue_date)
            ),
        ));
    }
    notes.push((false, document.payment_note.clone()));
    for (bold, note) in notes {
        for text in wrap(&note, 9.5, bold, RIGHT - MARGIN) {
            c.text(MARGIN, y, 9.5, bold, INK, &text);
            y -= 13.0;
        }
        y -= 4.0;
    }

    // Footer.
    c.rule(MARGIN, RIGHT, 64.0, 1.0, GOLD);
    let seller = &document.seller;
    let mut footer = vec![seller.name.clone()];
    footer.extend(seller.street.clone());
    footer.push(
        [&seller.postal_code, &seller.city]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(" "),
    );
    footer.extend(seller.vat_number.as_deref().map(readable_vat));
    let footer = footer.join(" · ");
    let contact = [seller.email.as_deref(), seller.phone.as_deref()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" · ");
    for (i, text) in [footer, contact].iter().enumerate() {
        let x = (PAGE_WIDTH - width(text, 8.0, false)) / 2.0;
        c.text(x, 48.0 - i as f32 * 11.0, 8.0, false, INK_SOFT, text);
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn belgian_numbers_read_the_belgian_way() {
        assert_eq!(readable_vat("BE0123456749"), "BE 0123.456.749");
        assert_eq!(readable_vat("NL852824913B01"), "NL852824913B01");
        assert_eq!(readable_enterprise_number("0123456749"), "0123.456.749");
        assert_eq!(unit_price(5785, 2), 2893);
        assert_eq!(unit_price(-5785, 2), -2893);
    }

    #[test]
    fn long_descriptions_wrap_within_the_column() {
        let lines = wrap(
            "Ticket vertelavond: Pleasen, Slikken en Loslaten, een avond vol verhalen (27/11/2026)",
            9.5,
            false,
            240.0,
        );
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| width(l, 9.5, false) <= 240.0));
    }
}
