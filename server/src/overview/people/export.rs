//! The two files of an access request: every record as JSON, and the same as a printable page
//! in Dutch.
use axum::response::Response;
use serde_json::{Map, Value, json};

use super::records::Record;
use super::{RecordKind, TimelineEntry, when};
use crate::kit::csv_export::download;
use crate::kit::db;
use crate::kit::html::escape;

/// The download's file name: the address with only safe characters.
fn filename(email: &str, extension: &str) -> String {
    let safe: String = email
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("gegevens-{safe}.{extension}")
}

/// `{email, exported_at, records: {kind: [every stored field…]}}`, every kind present.
pub fn json(email: &str, records: &[Record]) -> Response {
    let mut grouped = Map::new();
    for kind in RecordKind::ALL {
        let of_kind: Vec<Value> = records
            .iter()
            .filter(|r| r.kind == *kind)
            .map(|r| Value::Object(r.fields.clone()))
            .collect();
        grouped.insert(kind.as_str().to_string(), Value::Array(of_kind));
    }
    let document = json!({
        "email": email,
        "exported_at": db::now(),
        "records": grouped,
    });
    download(
        &filename(email, "json"),
        "application/json; charset=utf-8",
        serde_json::to_string_pretty(&document).expect("JSON serializes"),
    )
}

/// Dutch names for the stored fields; others keep their own name.
fn field_label(key: &str) -> &str {
    match key {
        "id" => "Nummer",
        "first_name" => "Voornaam",
        "last_name" => "Familienaam",
        "name" | "holder_name" => "Naam",
        "email" => "E-mailadres",
        "phone" => "Telefoon",
        "company" => "Bedrijf",
        "vat_number" => "Btw-nummer",
        "registration_number" => "Ondernemingsnummer",
        "status" => "Status",
        "created_at" => "Aangemaakt op",
        "updated_at" => "Laatst gewijzigd op",
        "confirmed_at" => "Bevestigd op",
        "unsubscribed_at" => "Uitgeschreven op",
        "product" => "Product",
        "event" => "Activiteit",
        "event_starts_at" => "Datum activiteit",
        "quantity" => "Aantal",
        "unit_price_cents" => "Prijs per stuk",
        "subtotal_cents" => "Subtotaal",
        "discount_cents" => "Korting",
        "total_cents" => "Totaal",
        "coupon_code" => "Kortingscode",
        "terms_accepted_at" => "Voorwaarden aanvaard op",
        "consent_text" => "Toestemming",
        "provider" => "Betaaldienst",
        "paid_at" => "Betaald op",
        "history" => "Geschiedenis",
        "code" => "Ticketcode",
        "order_id" => "Bestelling",
        "checked_in_at" => "Ingecheckt op",
        "reminder_sent_at" => "Herinnering verstuurd op",
        "starts_at" => "Begint op",
        "ends_at" => "Eindigt op",
        "mode" => "Vorm",
        "question" => "Vraag",
        "cancelled_by" => "Geannuleerd door",
        "cancel_message" => "Boodschap bij annulering",
        "cancelled_at" => "Geannuleerd op",
        "booked_at" => "Geboekt op",
        "subject" => "Onderwerp",
        "message" => "Bericht",
        "kind" => "Soort",
        "attempts" => "Pogingen",
        "sent_at" => "Verzonden op",
        "body_purged_at" => "Inhoud gewist op",
        "to" => "Aan",
        "text" => "Tekst",
        "attachments" => "Bijlagen",
        "body" => "Inhoud",
        "purpose" => "Doel",
        "expires_at" => "Verloopt op",
        "used_at" => "Gebruikt op",
        "note" => "Notitie",
        "version" => "Versie van de test",
        "profile" => "Profiel",
        "scores" => "Scores per thema",
        "answers" => "Gekozen antwoorden",
        "mail_requested_at" => "Resultaat per mail gevraagd op",
        other => other,
    }
}

/// A stored value for people: times in Brussels, cents in euro, lists one per line.
fn readable(key: &str, value: &Value) -> String {
    match value {
        Value::Null => "—".to_string(),
        Value::String(s) if key.ends_with("_at") => when(s),
        Value::String(s) => s.clone(),
        Value::Number(n) if key.ends_with("_cents") => {
            crate::kit::money::euro(n.as_i64().unwrap_or(0))
        }
        Value::Number(n) => n.to_string(),
        Value::Array(items) => items
            .iter()
            .map(|item| match item {
                Value::Object(fields) => fields
                    .iter()
                    .map(|(k, v)| readable(k, v))
                    .collect::<Vec<_>>()
                    .join(" · "),
                other => readable(key, other),
            })
            .collect::<Vec<_>>()
            .join("\n"),
        other => other.to_string(),
    }
}

/// The printable page: what is stored, per kind, every field with a Dutch name.
pub fn html(brand: &str, email: &str, records: &[Record], entries: &[TimelineEntry]) -> Response {
    let mut page = format!(
        "<!doctype html><html lang=\"nl-BE\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Gegevens over {email} — {brand}</title><style>\
         body{{font-family:Georgia,serif;line-height:1.5;color:#2d2a26;max-width:48rem;margin:2rem auto;padding:0 1rem}}\
         h1{{font-size:1.6rem}}h2{{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid #d8cfc0}}\
         h3{{font-size:1rem;margin-bottom:.25rem}}dl{{display:grid;grid-template-columns:12rem 1fr;gap:.2rem 1rem;margin:0 0 1rem}}\
         dt{{font-weight:bold}}dd{{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}}\
         @media print{{body{{margin:0}}h2{{break-after:avoid}}section{{break-inside:avoid}}}}\
         </style></head><body><main><h1>Gegevens over {email}</h1>\
         <p>Dit is alles wat {brand} over dit e-mailadres bewaart, opgemaakt op {today}. \
         Per soort gegeven staat hieronder elk bewaard veld.</p>",
        email = escape(email),
        brand = escape(brand),
        today = when(&db::now()),
    );
    for kind in RecordKind::ALL {
        let of_kind: Vec<(&Record, &TimelineEntry)> = records
            .iter()
            .zip(entries)
            .filter(|(r, _)| r.kind == *kind)
            .collect();
        page.push_str(&format!("<h2>{}</h2>", escape(kind.label())));
        if of_kind.is_empty() {
            page.push_str("<p>Niets bewaard.</p>");
            continue;
        }
        for (record, entry) in of_kind {
            page.push_str(&format!("<section><h3>{}</h3><dl>", escape(&entry.title)));
            for (key, value) in &record.fields {
                page.push_str(&format!(
                    "<dt>{}</dt><dd>{}</dd>",
                    escape(field_label(key)),
                    escape(&readable(key, value))
                ));
            }
            page.push_str("</dl></section>");
        }
    }
    page.push_str("</main></body></html>");
    download(&filename(email, "html"), "text/html; charset=utf-8", page)
}
