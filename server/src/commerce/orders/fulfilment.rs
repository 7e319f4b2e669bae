//! What a paid order gives: tickets (one per seat) for events, and the confirmation e-mail with
//! the codes as QR images and an `.ics` for dated events, or the access link for a course.
use sqlx::{AssertSqlSafe, Row};

use crate::agenda::events::{COLUMNS as EVENT_COLUMNS, Event, EventKind};
use crate::agenda::tickets::{display_code, new_ticket_code};
use crate::commerce::invoices::{self, DocumentFile, InvoiceDocument, InvoiceKind};
use crate::kit::db::{self, Tx};
use crate::kit::ics::{self, CalendarEvent};
use crate::platform::notifications::{self, Notice, NoticeKind};
use crate::platform::outbox::compose::{Block, calendar_attachment, compose, link, text};
use crate::platform::outbox::templates::{self, MailKind, Values};
use crate::platform::outbox::{self, Attachment, EmailMessage};
use crate::platform::state::AppState;
use crate::{commerce::course_access, kit::dutch, kit::money, kit::qr};

/// Issues the invoice and the tickets and queues the confirmation, in the caller's transaction
/// (the one that marked the order paid).
pub async fn fulfil(tx: &mut Tx, state: &AppState, order_id: i64) -> anyhow::Result<()> {
    invoices::issue(tx, &state.site().seller(), order_id).await?;
    let row = sqlx::query(
        "SELECT event_id, quantity, first_name, last_name, email FROM orders WHERE id = $1",
    )
    .bind(order_id)
    .fetch_one(&mut **tx)
    .await?;
    if let Some(event_id) = row.try_get::<Option<i64>, _>("event_id")? {
        let holder = format!(
            "{} {}",
            row.try_get::<String, _>("first_name")?,
            row.try_get::<String, _>("last_name")?
        );
        let email: String = row.try_get("email")?;
        let now = db::now();
        for _ in 0..row.try_get::<i64, _>("quantity")? {
            sqlx::query(
                "INSERT INTO tickets (code, event_id, order_id, holder_name, email, status, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, 'valid', $6, $6)",
            )
            .bind(new_ticket_code())
            .bind(event_id)
            .bind(order_id)
            .bind(&holder)
            .bind(&email)
            .bind(&now)
            .execute(&mut **tx)
            .await?;
        }
    }
    // Access first: the confirmation says what happens next.
    course_access::grant(tx, state, order_id).await?;
    let message = confirmation_email(tx, state, order_id).await?;
    outbox::enqueue_email(tx, &message).await?;
    let notice = coach_notice(tx, order_id).await?;
    notifications::tell_coach(tx, state, notice).await?;
    Ok(())
}

/// The coach's notice of a paid order: a Zelfbeeld booking, or any other order.
async fn coach_notice(tx: &mut Tx, order_id: i64) -> anyhow::Result<Notice> {
    let order = sqlx::query(
        "SELECT o.public_id, o.quantity, o.first_name, o.last_name, o.email, o.phone, o.company, \
         o.vat_number, o.total_cents, o.discount_cents, o.coupon_code, o.paid_at, p.name AS product_name, \
         e.title, e.starts_at, e.kind AS event_kind FROM orders o JOIN products p ON p.id = o.product_id \
         LEFT JOIN events e ON e.id = o.event_id WHERE o.id = $1",
    )
    .bind(order_id)
    .fetch_one(&mut **tx)
    .await?;
    let buyer = format!(
        "{} {}",
        order.try_get::<String, _>("first_name")?,
        order.try_get::<String, _>("last_name")?
    );
    let quantity: i64 = order.try_get("quantity")?;
    let total = money::euro(order.try_get("total_cents")?);
    let what = order
        .try_get::<Option<String>, _>("title")?
        .unwrap_or(order.try_get("product_name")?);
    let booking =
        order.try_get::<Option<EventKind>, _>("event_kind")? == Some(EventKind::Zelfbeeld);
    let mut details = vec![
        if booking {
            format!("{buyer} boekte een plaats voor {what}.")
        } else {
            format!("{buyer} bestelde {quantity} × {what}.")
        },
        format!("Wie: {buyer} <{}>", order.try_get::<String, _>("email")?),
        format!("Wat: {quantity} × {what}"),
    ];
    if let Some(starts) = order.try_get::<Option<String>, _>("starts_at")? {
        details.push(format!(
            "Wanneer: {}",
            dutch::date_time(db::parse_ts(&starts)?)
        ));
    }
    if let Some(paid) = order.try_get::<Option<String>, _>("paid_at")? {
        details.push(format!(
            "Betaald: {}",
            dutch::date_time(db::parse_ts(&paid)?)
        ));
    }
    let discount: i64 = order.try_get("discount_cents")?;
    details.push(if discount > 0 {
        format!(
            "Bedrag: {total} (korting {}{})",
            money::euro(discount),
            order
                .try_get::<Option<String>, _>("coupon_code")?
                .map(|c| format!(", code {c}"))
                .unwrap_or_default()
        )
    } else {
        format!("Bedrag: {total}")
    });
    if let Some(phone) = order.try_get::<Option<String>, _>("phone")? {
        details.push(format!("Telefoon: {phone}"));
    }
    if let Some(company) = order.try_get::<Option<String>, _>("company")? {
        let vat: Option<String> = order.try_get("vat_number")?;
        details.push(format!(
            "Bedrijf: {company}{}",
            vat.map(|v| format!(", btw {v}")).unwrap_or_default()
        ));
    }
    details.push(format!(
        "Bestelnummer: {}",
        &order.try_get::<String, _>("public_id")?[..10]
    ));
    Ok(Notice {
        kind: if booking {
            NoticeKind::Booking
        } else {
            NoticeKind::Order
        },
        subject: if booking {
            format!("Nieuwe boeking: {what}, {buyer}, {total}")
        } else {
            format!("Nieuwe bestelling: {quantity} × {what}, {total}")
        },
        details: details.join("\n"),
        admin_path: format!("/admin/orders?bestelling={order_id}"),
        attachments: Vec::new(),
    })
}

/// The confirmation of a paid order, built from what is stored (also used to resend it).
pub async fn confirmation_email(
    tx: &mut Tx,
    state: &AppState,
    order_id: i64,
) -> anyhow::Result<EmailMessage> {
    let order = sqlx::query(
        "SELECT o.public_id, o.event_id, o.quantity, o.first_name, o.email, o.subtotal_cents, o.discount_cents, \
         o.total_cents, o.coupon_code, o.company, o.vat_number, p.name AS product_name, p.kind, p.access_url \
         FROM orders o JOIN products p ON p.id = o.product_id WHERE o.id = $1",
    )
    .bind(order_id)
    .fetch_one(&mut **tx)
    .await?;
    let brand = &state.site().brand;
    let first_name: String = order.try_get("first_name")?;
    let product_name: String = order.try_get("product_name")?;
    let quantity: i64 = order.try_get("quantity")?;
    let discount: i64 = order.try_get("discount_cents")?;

    let mut lines = vec![format!("Bestelling: {quantity} × {product_name}")];
    lines.push(format!(
        "Subtotaal: {}",
        money::euro(order.try_get("subtotal_cents")?)
    ));
    if discount > 0 {
        let code: Option<String> = order.try_get("coupon_code")?;
        lines.push(format!(
            "Korting{}: -{}",
            code.map(|c| format!(" ({c})")).unwrap_or_default(),
            money::euro(discount)
        ));
    }
    lines.push(format!(
        "Totaal betaald: {} (btw inbegrepen)",
        money::euro(order.try_get("total_cents")?)
    ));
    let invoice = invoices::document_of_order(tx, order_id, InvoiceKind::Invoice).await?;
    if let Some(invoice) = &invoice {
        lines.extend(invoice_lines(invoice));
    }
    if let Some(company) = order.try_get::<Option<String>, _>("company")? {
        let vat: Option<String> = order.try_get("vat_number")?;
        lines.push(format!(
            "Op naam van: {company}{}",
            vat.map(|v| format!(", btw {v}")).unwrap_or_default()
        ));
    }
    lines.push(format!(
        "Bestelnummer: {}",
        &order.try_get::<String, _>("public_id")?[..10]
    ));

    let mut attachments = Vec::new();
    // What is not prose (codes, access steps, order lines) follows the coach's text.
    let mut generated: Vec<Block> = Vec::new();
    let (kind, values) = match order.try_get::<Option<i64>, _>("event_id")? {
        Some(event_id) => {
            let event = load_event(tx, event_id).await?;
            let starts = db::parse_ts(&event.starts_at)?;
            let ends = db::parse_ts(&event.ends_at)?;
            let place = place(&event);
            let codes: Vec<String> = sqlx::query(
                "SELECT code FROM tickets WHERE order_id = $1 AND status <> 'cancelled' ORDER BY id",
            )
            .bind(order_id)
            .fetch_all(&mut **tx)
            .await?
            .iter()
            .map(|r| r.try_get::<String, _>("code").map(|c| display_code(&c)))
            .collect::<Result<_, _>>()?;
            let is_booking = event.kind == EventKind::Zelfbeeld;
            if let Some(url) = &event.online_url {
                generated.push(text(format!("Deelnemen: {url}")));
            }
            let label = if is_booking { "Boekingscode" } else { "Ticket" };
            generated.push(text(
                codes
                    .iter()
                    .enumerate()
                    .map(|(i, code)| format!("{label} {}: {code}", i + 1))
                    .collect::<Vec<_>>()
                    .join("\n"),
            ));
            for code in &codes {
                attachments.push(Attachment::new(
                    &format!("ticket-{code}.png"),
                    "image/png",
                    &qr::png(code)?,
                ));
            }
            let uid = format!("order-{order_id}@{}", host(&state.public_url));
            let calendar = ics::calendar(
                &CalendarEvent {
                    uid: &uid,
                    starts_at: starts,
                    ends_at: ends,
                    summary: &event.title,
                    description: &format!("{label}s: {}", codes.join(", ")),
                    location: &place,
                    url: event.online_url.as_deref(),
                    cancelled: false,
                },
                brand,
                &state.site().contact.email,
            );
            attachments.push(calendar_attachment("afspraak.ics", &calendar));
            let kind = if is_booking {
                MailKind::OrderBooking
            } else {
                MailKind::OrderTickets
            };
            let values = Values::new(&first_name, brand)
                .with("evenement", event.title)
                .with(
                    "datum",
                    format!("{} tot {}", dutch::date_time(starts), dutch::time(ends)),
                )
                .with("plaats", place);
            (kind, values)
        }
        None => {
            let access: Option<String> = order.try_get("access_url")?;
            let email: String = order.try_get("email")?;
            let platform = access.unwrap_or_else(|| state.site().site_url.clone());
            match course_access::next_steps(tx, order_id, &email, &platform).await? {
                Some(steps) => generated.extend(steps.into_iter().map(text)),
                None => generated.push(text(format!(
                    "Log in op het platform met dit e-mailadres ({email}):\n{platform}\nLukt het \
                     niet? Antwoord gewoon op deze e-mail, dan helpen we je verder."
                ))),
            }
            let values = Values::new(&first_name, brand).with("product", product_name);
            (MailKind::OrderCourse, values)
        }
    };
    let (subject, mut blocks) = templates::load(tx, kind).await?.render(&values);
    blocks.extend(generated);
    blocks.push(text(lines.join("\n")));
    if let Some(invoice) = &invoice {
        let public_id: String = order.try_get("public_id")?;
        blocks.push(link(
            format!("Je factuur {} (pdf, ook in de bijlage)", invoice.number),
            format!(
                "{}/api/orders/{public_id}/documents/{}",
                state.public_url,
                DocumentFile::InvoicePdf
            ),
        ));
        attachments.push(invoice.pdf_attachment());
        if invoice.is_business() {
            attachments.push(invoice.xml_attachment());
        }
    }
    let mut message = compose(
        &order.try_get::<String, _>("email")?,
        subject,
        &blocks,
        &state.site(),
    );
    message.attachments = attachments;
    Ok(message)
}

/// The invoice's VAT per rate (or the exemption) and its number, for the order summary.
fn invoice_lines(invoice: &InvoiceDocument) -> Vec<String> {
    let mut lines: Vec<String> = if invoice.vat_exempt {
        vec![format!(
            "Geen btw: {} ({}).",
            invoices::EXEMPTION_MENTION,
            invoices::EXEMPTION_BASIS
        )]
    } else {
        invoice
            .vat
            .iter()
            .map(|vat| {
                format!(
                    "Waarvan btw {}%: {} (op {} excl. btw)",
                    vat.rate_percent,
                    money::euro(vat.vat_cents),
                    money::euro(vat.taxable_cents)
                )
            })
            .collect()
    };
    lines.push(format!("Factuurnummer: {}", invoice.number));
    lines
}

/// Tells the buyer of a refunded order that the money goes back, with the credit note.
pub async fn credit_note_email(
    tx: &mut Tx,
    state: &AppState,
    public_id: &str,
    credit: &InvoiceDocument,
) -> anyhow::Result<EmailMessage> {
    let values = Values::new(&credit.buyer.name, &state.site().brand)
        .with("bestelling", credit.order_reference.clone())
        .with("bedrag", money::euro(-credit.total_cents))
        .with("creditnota", credit.number.clone())
        .with(
            "factuur",
            credit
                .credited_invoice
                .as_ref()
                .map(|i| i.number.clone())
                .unwrap_or_default(),
        );
    let (subject, mut blocks) = templates::load(tx, MailKind::CreditNote)
        .await?
        .render(&values);
    blocks.push(link(
        format!("Je creditnota {} (pdf)", credit.number),
        format!(
            "{}/api/orders/{public_id}/documents/{}",
            state.public_url,
            DocumentFile::CreditNotePdf
        ),
    ));
    let mut message = compose(
        credit.buyer.email.as_deref().unwrap_or_default(),
        subject,
        &blocks,
        &state.site(),
    );
    message.attachments.push(credit.pdf_attachment());
    if credit.is_business() {
        message.attachments.push(credit.xml_attachment());
    }
    Ok(message)
}

/// Tells the coach that money came in for an order that can no longer be honoured.
pub async fn notify_refund_needed(
    tx: &mut Tx,
    state: &AppState,
    order_id: i64,
) -> anyhow::Result<()> {
    let order = sqlx::query(
        "SELECT public_id, first_name, last_name, email, total_cents FROM orders WHERE id = $1",
    )
    .bind(order_id)
    .fetch_one(&mut **tx)
    .await?;
    let blocks = [
        text(
            "Er kwam een betaling binnen na het verlopen van de reservatie, maar er was geen plaats meer.",
        ),
        text(format!(
            "Klant: {} {} <{}>\nBedrag: {}",
            order.try_get::<String, _>("first_name")?,
            order.try_get::<String, _>("last_name")?,
            order.try_get::<String, _>("email")?,
            money::euro(order.try_get("total_cents")?),
        )),
        link(
            "Betaal dit bedrag terug via Beheer > Bestellingen",
            format!("{}/admin/orders?status=attention", state.public_url),
        ),
    ];
    let message = compose(
        &state.site().contact.email,
        "Actie nodig: betaling terugstorten".to_string(),
        &blocks,
        &state.site(),
    );
    outbox::enqueue_email(tx, &message).await?;
    Ok(())
}

async fn load_event(tx: &mut Tx, event_id: i64) -> anyhow::Result<Event> {
    let row = sqlx::query(AssertSqlSafe(format!(
        "SELECT {EVENT_COLUMNS} FROM events WHERE id = $1"
    )))
    .bind(event_id)
    .fetch_one(&mut **tx)
    .await?;
    Ok(Event::from_row_with_join_link(&row)?)
}

pub(crate) fn place(event: &Event) -> String {
    let parts: Vec<&str> = [&event.venue_name, &event.street]
        .into_iter()
        .flatten()
        .map(String::as_str)
        .collect();
    let city = match (&event.postal_code, &event.city) {
        (Some(code), Some(city)) => Some(format!("{code} {city}")),
        (None, Some(city)) => Some(city.clone()),
        _ => None,
    };
    let mut place = parts.join(", ");
    if let Some(city) = city {
        if !place.is_empty() {
            place.push_str(", ");
        }
        place.push_str(&city);
    }
    if place.is_empty() {
        "Online".to_string()
    } else {
        place
    }
}

fn host(public_url: &str) -> String {
    url::Url::parse(public_url)
        .ok()
        .and_then(|u| u.host_str().map(str::to_string))
        .unwrap_or_else(|| "inlumine.local".into())
}
