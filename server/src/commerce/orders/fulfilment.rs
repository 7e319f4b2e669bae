//! What a paid order gives: tickets (one per seat) for events, and the confirmation e-mail with
//! the codes as QR images and an `.ics` for dated events, or the access link for a course.
use sqlx::AssertSqlSafe;

use super::Order;
use crate::agenda::events::{COLUMNS as EVENT_COLUMNS, Event, EventKind};
use crate::agenda::tickets::{self, Ticket, TicketStatus};
use crate::commerce::course_access::{self, Access, Enrolee};
use crate::commerce::invoices::{self, DocumentFile, InvoiceDocument, InvoiceKind, Sale};
use crate::commerce::products::ProductKind;
use crate::kit::db::{self, Tx};
use crate::kit::ics::{self, CalendarEvent};
use crate::platform::notifications::{self, Notice, NoticeKind};
use crate::platform::outbox::compose::{
    Block, calendar_attachment, compose, compose_for_coach, link, text,
};
use crate::platform::outbox::templates::{self, MailKind, Values};
use crate::platform::outbox::{self, Attachment, EmailMessage};
use crate::platform::state::AppState;
use crate::{kit::dutch, kit::money, kit::qr};

/// A paid order and what it gave the buyer: everything its confirmation tells.
pub struct Fulfilment<'a> {
    pub order: &'a Order,
    /// The event of an event order.
    pub event: Option<Event>,
    pub invoice: Option<InvoiceDocument>,
    /// Its tickets that still count, in issue order.
    pub tickets: Vec<Ticket>,
    /// A course order's access.
    pub access: Option<Access>,
}

impl<'a> Fulfilment<'a> {
    /// What a paid order gave, as stored: to send its confirmation again.
    pub async fn stored(tx: &mut Tx, order: &'a Order) -> anyhow::Result<Self> {
        let event = match order.event_id {
            Some(event_id) => Some(load_event(tx, event_id).await?),
            None => None,
        };
        let invoice = invoices::document_of_order(tx, order.id, InvoiceKind::Invoice).await?;
        let mut tickets = tickets::of_order(&mut **tx, order.id).await?;
        tickets.retain(|t| t.status != TicketStatus::Cancelled);
        let access = course_access::stored(tx, order.id).await?;
        Ok(Self {
            order,
            event,
            invoice,
            tickets,
            access,
        })
    }
}

/// Issues the invoice and the tickets and queues the confirmation, in the caller's transaction
/// (the one that marked the order paid, and `order` with it).
pub async fn fulfil(tx: &mut Tx, state: &AppState, order: &Order) -> anyhow::Result<()> {
    let event = match order.event_id {
        Some(event_id) => Some(load_event(tx, event_id).await?),
        None => None,
    };
    let invoice = invoices::issue(tx, &state.site().seller(), &sale(order, event.as_ref()))
        .await?
        .document;
    let mut issued = Vec::new();
    if let Some(event) = &event {
        let holder = order.buyer_name();
        let now = db::now();
        for _ in 0..order.quantity {
            issued.push(
                tickets::issue_for_order(
                    tx,
                    event.id,
                    (order.id, &order.public_id),
                    &holder,
                    &order.email,
                    &now,
                )
                .await?,
            );
        }
    }
    // Access first: the confirmation says what happens next.
    let access = match order.product.kind {
        ProductKind::Course => Some(course_access::grant(tx, state, &enrolee(order)).await?),
        ProductKind::Event => None,
    };
    let fulfilment = Fulfilment {
        order,
        event,
        invoice: Some(invoice),
        tickets: issued,
        access,
    };
    let message = confirmation_email(tx, state, &fulfilment).await?;
    outbox::enqueue_email(tx, &message).await?;
    notifications::tell_coach(tx, state, coach_notice(&fulfilment)?).await?;
    Ok(())
}

/// What the invoice is made from.
fn sale<'a>(order: &'a Order, event: Option<&'a Event>) -> Sale<'a> {
    Sale {
        order_id: order.id,
        public_id: &order.public_id,
        first_name: &order.first_name,
        last_name: &order.last_name,
        email: &order.email,
        phone: order.phone.as_deref(),
        company: order.company.as_deref(),
        vat_number: order.vat_number.as_deref(),
        registration_number: order.registration_number.as_deref(),
        billing_street: order.billing_street.as_deref(),
        billing_postal_code: order.billing_postal_code.as_deref(),
        billing_city: order.billing_city.as_deref(),
        billing_country: order.billing_country.as_deref(),
        product_name: &order.product.name,
        product_vat_rate_percent: order.product.vat_rate_percent,
        event: event.map(|e| (e.title.as_str(), e.starts_at.as_str())),
        quantity: order.quantity,
        unit_price_cents: order.unit_price_cents,
        subtotal_cents: order.subtotal_cents,
        discount_cents: order.discount_cents,
        total_cents: order.total_cents,
        coupon_code: order.coupon_code.as_deref(),
        paid_at: order.paid_at.as_deref(),
    }
}

/// Who enrols in the course of a course order.
fn enrolee(order: &Order) -> Enrolee {
    Enrolee {
        order_id: order.id,
        order_public_id: order.public_id.clone(),
        first_name: order.first_name.clone(),
        last_name: order.last_name.clone(),
        email: order.email.clone(),
        course_slug: order.product.slug.clone(),
        course_name: order.product.name.clone(),
        access_url: order.product.access_url.clone(),
        paid_at: order.paid_at.clone(),
    }
}

/// The coach's notice of a paid order: a Zelfbeeld booking, or any other order.
fn coach_notice(fulfilment: &Fulfilment) -> anyhow::Result<Notice> {
    let Fulfilment { order, event, .. } = fulfilment;
    let buyer = order.buyer_name();
    let quantity = order.quantity;
    let total = money::euro(order.total_cents);
    let what = event.as_ref().map_or(&order.product.name, |e| &e.title);
    let booking = event.as_ref().map(|e| e.kind) == Some(EventKind::Zelfbeeld);
    let mut details = vec![
        if booking {
            format!("{buyer} boekte een plaats voor {what}.")
        } else {
            format!("{buyer} bestelde {quantity} × {what}.")
        },
        format!("Wie: {buyer} <{}>", order.email),
        format!("Wat: {quantity} × {what}"),
    ];
    if let Some(event) = event {
        details.push(format!(
            "Wanneer: {}",
            dutch::date_time(db::parse_ts(&event.starts_at)?)
        ));
    }
    if let Some(paid) = &order.paid_at {
        details.push(format!(
            "Betaald: {}",
            dutch::date_time(db::parse_ts(paid)?)
        ));
    }
    let discount = order.discount_cents;
    details.push(if discount > 0 {
        format!(
            "Bedrag: {total} (korting {}{})",
            money::euro(discount),
            order
                .coupon_code
                .as_ref()
                .map(|c| format!(", code {c}"))
                .unwrap_or_default()
        )
    } else {
        format!("Bedrag: {total}")
    });
    if let Some(phone) = &order.phone {
        details.push(format!("Telefoon: {phone}"));
    }
    if let Some(company) = &order.company {
        details.push(format!(
            "Bedrijf: {company}{}",
            order
                .vat_number
                .as_ref()
                .map(|v| format!(", btw {v}"))
                .or_else(|| order
                    .registration_number
                    .as_ref()
                    .map(|n| format!(", ondernemingsnummer {n}")))
                .unwrap_or_default()
        ));
    }
    details.push(format!("Bestelnummer: {}", order.reference()));
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
        admin_path: format!("/admin/orders?bestelling={}", order.id),
        attachments: Vec::new(),
        reply_to: Some(order.email.clone()),
    })
}

/// The confirmation of a paid order, from what its fulfilment gave (also to resend it).
pub async fn confirmation_email(
    tx: &mut Tx,
    state: &AppState,
    fulfilment: &Fulfilment<'_>,
) -> anyhow::Result<EmailMessage> {
    let Fulfilment {
        order,
        event,
        invoice,
        tickets,
        access,
    } = fulfilment;
    let brand = &state.site().brand;
    let first_name = &order.first_name;
    let product_name = &order.product.name;
    let quantity = order.quantity;
    let discount = order.discount_cents;

    let mut lines = vec![format!("Bestelling: {quantity} × {product_name}")];
    lines.push(format!("Subtotaal: {}", money::euro(order.subtotal_cents)));
    if discount > 0 {
        lines.push(format!(
            "Korting{}: -{}",
            order
                .coupon_code
                .as_ref()
                .map(|c| format!(" ({c})"))
                .unwrap_or_default(),
            money::euro(discount)
        ));
    }
    lines.push(format!(
        "Totaal betaald: {} (btw inbegrepen)",
        money::euro(order.total_cents)
    ));
    if let Some(invoice) = invoice {
        lines.extend(invoice_lines(invoice));
    }
    if let Some(company) = &order.company {
        lines.push(format!(
            "Op naam van: {company}{}",
            order
                .vat_number
                .as_ref()
                .map(|v| format!(", btw {v}"))
                .or_else(|| order
                    .registration_number
                    .as_ref()
                    .map(|n| format!(", ondernemingsnummer {n}")))
                .unwrap_or_default()
        ));
    }
    lines.push(format!("Bestelnummer: {}", order.reference()));

    let mut attachments = Vec::new();
    // What is not prose (codes, access steps, order lines) follows the coach's text.
    let mut generated: Vec<Block> = Vec::new();
    let (kind, values) = match event {
        Some(event) => {
            let starts = db::parse_ts(&event.starts_at)?;
            let ends = db::parse_ts(&event.ends_at)?;
            let place = place(event);
            let codes: Vec<&str> = tickets.iter().map(|t| t.code.as_str()).collect();
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
            let uid = format!("order-{}@{}", order.id, host(&state.public_url));
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
            let values = Values::new(first_name, brand)
                .with("evenement", event.title.clone())
                .with(
                    "datum",
                    format!("{} tot {}", dutch::date_time(starts), dutch::time(ends)),
                )
                .with("plaats", place);
            (kind, values)
        }
        None => {
            let email = &order.email;
            let platform = order
                .product
                .access_url
                .clone()
                .unwrap_or_else(|| state.site().site_url.clone());
            match access {
                Some(access) => generated.extend(
                    course_access::next_steps(access, email, &platform)
                        .into_iter()
                        .map(text),
                ),
                None => generated.push(text(format!(
                    "Log in op het platform met dit e-mailadres ({email}):\n{platform}\nLukt het \
                     niet? Antwoord gewoon op deze e-mail, dan helpen we je verder."
                ))),
            }
            let values = Values::new(first_name, brand).with("product", product_name.clone());
            (MailKind::OrderCourse, values)
        }
    };
    let (subject, mut blocks) = templates::load(tx, kind).await?.render(&values);
    blocks.extend(generated);
    blocks.push(text(lines.join("\n")));
    if let Some(invoice) = invoice {
        blocks.push(link(
            format!("Je factuur {} (pdf, ook in de bijlage)", invoice.number),
            format!(
                "{}/api/orders/{}/documents/{}",
                state.public_url,
                order.public_id,
                DocumentFile::InvoicePdf
            ),
        ));
        attachments.push(invoice.pdf_attachment());
        if invoice.has_e_invoice() {
            attachments.push(invoice.xml_attachment());
        }
    }
    let mut message = compose(&order.email, subject, &blocks, &state.site());
    message.attachments = attachments;
    // What opens her order, her seats, her paid join link and her course stays in her mailbox:
    // the stored copy loses them once delivered (see `EmailMessage::secrets`).
    message = message.with_secret(&order.public_id);
    for ticket in tickets.iter() {
        message = message.with_secret(&ticket.code);
    }
    if let Some(url) = event.as_ref().and_then(|e| e.online_url.as_deref()) {
        message = message.with_secret(url);
    }
    if let Some(code) = access.as_ref().and_then(|a| a.code.as_deref()) {
        message = message
            .with_secret(&crate::agenda::tickets::display_code(code))
            .with_secret(code);
    }
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
    if credit.has_e_invoice() {
        message.attachments.push(credit.xml_attachment());
    }
    // The order's link stays in her mailbox only (see `confirmation_email`).
    Ok(message.with_secret(public_id))
}

/// Tells the coach that money came in for an order that can no longer be honoured.
pub async fn notify_refund_needed(
    tx: &mut Tx,
    state: &AppState,
    order: &Order,
    too_late: super::TooLate,
) -> anyhow::Result<()> {
    let blocks = [
        text(format!(
            "Er kwam een betaling binnen na het verlopen van de reservatie, maar intussen {}.",
            too_late.reason()
        )),
        text(format!(
            "Klant: {} {} <{}>\nBedrag: {}",
            order.first_name,
            order.last_name,
            order.email,
            money::euro(order.total_cents),
        )),
        link(
            "Betaal dit bedrag terug via Beheer > Bestellingen",
            format!("{}/admin/orders?status=attention", state.public_url),
        ),
    ];
    let mut message = compose_for_coach(
        &state.site().contact.email,
        "Actie nodig: betaling terugstorten".to_string(),
        &blocks,
        &state.site(),
    );
    message.reply_to = Some(order.email.clone()).filter(|r| !r.is_empty());
    outbox::enqueue_email(tx, &message).await?;
    // The buyer hears it too: she paid, and gets no tickets but her money back.
    if !order.email.is_empty() {
        let site = state.site();
        let values = Values::new(&order.first_name, &site.brand)
            .with("product", order.product.name.clone())
            .with("bedrag", money::euro(order.total_cents))
            .with("bestelling", order.reference().to_string())
            .with("reden", too_late.reason());
        let (subject, blocks) = templates::load(tx, MailKind::LatePayment)
            .await?
            .render(&values);
        outbox::enqueue_email(tx, &compose(&order.email, subject, &blocks, &site)).await?;
    }
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
