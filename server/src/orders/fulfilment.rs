//! What a paid order gives: tickets (one per seat) for events, and the confirmation e-mail with
//! the codes as QR images and an `.ics` for dated events, or the access link for a course.
use sqlx::{AssertSqlSafe, Row};

use crate::db::{self, Tx};
use crate::events::{COLUMNS as EVENT_COLUMNS, Event, EventKind};
use crate::ics::{self, CalendarEvent};
use crate::outbox::compose::{calendar_attachment, compose, link, text};
use crate::outbox::{self, Attachment, EmailMessage};
use crate::state::AppState;
use crate::tickets::{display_code, new_ticket_code};
use crate::{dutch, money, qr};

/// Issues the tickets and queues the confirmation, in the caller's transaction.
pub async fn fulfil(tx: &mut Tx, state: &AppState, order_id: i64) -> anyhow::Result<()> {
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
    let message = confirmation_email(tx, state, order_id).await?;
    outbox::enqueue_email(tx, &message).await?;
    Ok(())
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
    let brand = &state.site.brand;
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
    let mut body: Vec<String> = Vec::new();
    let subject;
    match order.try_get::<Option<i64>, _>("event_id")? {
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
            subject = if is_booking {
                format!("Je plaats voor {} is geboekt", event.title)
            } else {
                format!("Je tickets voor {}", event.title)
            };
            body.push(if is_booking {
                format!(
                    "Je plaats voor {} is geboekt. We kijken ernaar uit je te ontmoeten!",
                    event.title
                )
            } else {
                format!(
                    "Je betaling is goed ontvangen. Hier zijn je tickets voor {}.",
                    event.title
                )
            });
            body.push(format!(
                "Wanneer: {} tot {}\nWaar: {place}",
                dutch::date_time(starts),
                dutch::time(ends)
            ));
            if let Some(url) = &event.online_url {
                body.push(format!("Deelnemen: {url}"));
            }
            let label = if is_booking { "Boekingscode" } else { "Ticket" };
            body.push(
                codes
                    .iter()
                    .enumerate()
                    .map(|(i, code)| format!("{label} {}: {code}", i + 1))
                    .collect::<Vec<_>>()
                    .join("\n"),
            );
            body.push(
                "Toon de code (of de QR-code in de bijlage) aan de ingang. Je vindt de afspraak ook als \
                 agenda-bestand in de bijlage."
                    .to_string(),
            );
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
                &state.site.contact.email,
            );
            attachments.push(calendar_attachment("afspraak.ics", &calendar));
        }
        None => {
            subject = format!("Welkom bij {product_name}");
            let access: Option<String> = order.try_get("access_url")?;
            body.push(format!(
                "Je betaling is goed ontvangen. Welkom bij {product_name}!"
            ));
            body.push(format!(
                "Je kunt meteen beginnen. Log in op het platform met dit e-mailadres ({}):\n{}",
                order.try_get::<String, _>("email")?,
                access.unwrap_or_else(|| state.site.site_url.clone())
            ));
            body.push(
                "Lukt het inloggen niet? Antwoord gewoon op deze e-mail, dan helpen we je verder."
                    .to_string(),
            );
        }
    }
    let mut blocks = vec![text(format!("Dag {first_name},"))];
    blocks.extend(body.into_iter().map(text));
    blocks.push(text(lines.join("\n")));
    let mut message = compose(
        &order.try_get::<String, _>("email")?,
        subject,
        &blocks,
        brand,
    );
    message.attachments = attachments;
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
        &state.site.contact.email,
        "Actie nodig: betaling terugstorten".to_string(),
        &blocks,
        &state.site.brand,
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

fn place(event: &Event) -> String {
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
