//! Free webinar registration. A registration is a ticket without an order, and takes its seat
//! through `agenda::seats` like checkout, so capacity holds under concurrency.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::{AssertSqlSafe, Row};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::agenda::events::{COLUMNS, Event, EventKind, EventStatus};
use crate::agenda::seats;
use crate::agenda::tickets::new_ticket_code;
use crate::kit::closed_set::closed_set;
use crate::kit::db::{self, Tx};
use crate::kit::domain::EmailAddress;
use crate::kit::dutch;
use crate::kit::error::{ApiJson, ApiPath, AppError, ErrorBody};
use crate::kit::ics::{self, CalendarEvent};
use crate::kit::validation::Fields;
use crate::platform::client_ip::ClientIp;
use crate::platform::notifications::{self, Notice, NoticeKind};
use crate::platform::outbox::compose::{calendar_attachment, compose};
use crate::platform::outbox::templates::{self, MailKind, Values};
use crate::platform::outbox::{self, EmailMessage};
use crate::platform::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(register))
}

/// Missing fields count as empty.
#[derive(Deserialize, ToSchema)]
pub struct WebinarRegistrationRequest {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub email: String,
}

closed_set! {
    pub enum RegistrationStatus {
        /// Also the answer when the address was registered before (no second seat is taken):
        /// whether an address is on the list is nobody's business but its owner's.
        Registered = "registered",
    }
}

#[derive(Serialize, ToSchema)]
pub struct WebinarRegistrationResponse {
    pub status: RegistrationStatus,
    /// Dutch, fit to show a visitor.
    pub message: &'static str,
}

/// With its join link: it goes into mails to people holding a seat, paid or free.
async fn fetch_event(tx: &mut Tx, id: i64) -> Result<Option<Event>, AppError> {
    let row = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM events WHERE id = $1"
    )))
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(row
        .as_ref()
        .map(Event::from_row_with_join_link)
        .transpose()?)
}

/// Why no seat could be taken.
async fn unavailable(tx: &mut Tx, id: i64, now: &str) -> Result<AppError, AppError> {
    let event = fetch_event(tx, id)
        .await?
        .filter(|e| e.kind == EventKind::Webinar && e.status != EventStatus::Draft);
    let Some(event) = event else {
        return Ok(AppError::NotFound(
            "Dit webinar bestaat niet (meer).".into(),
        ));
    };
    let message = if event.status == EventStatus::Cancelled {
        "Dit webinar is geannuleerd."
    } else if event.starts_at.as_str() <= now {
        "Dit webinar is al begonnen of voorbij."
    } else if event.price_cents > 0 {
        "Voor dit webinar betaal je een bijdrage: schrijf je in via ‘Inschrijven en betalen’."
    } else {
        "Dit webinar is volzet. Schrijf je in op de nieuwsbrief, dan hoor je als eerste van een nieuwe datum."
    };
    Ok(AppError::Conflict(message.into()))
}

#[utoipa::path(
    post,
    path = "/webinars/{id}/registrations",
    operation_id = "register_for_webinar",
    tag = "webinars",
    params(("id" = i64, Path, description = "Event id of the webinar")),
    request_body = WebinarRegistrationRequest,
    responses(
        (status = 200, description = "Registered, or registered already: the same answer either way (only a new registration is mailed)", body = WebinarRegistrationResponse),
        (status = 404, description = "No such webinar", body = ErrorBody),
        (status = 409, description = "Full, cancelled, started, or a paid webinar", body = ErrorBody),
        (status = 422, description = "Invalid fields", body = ErrorBody),
        (status = 429, description = "Too many registrations from this client or e-mail address; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn register(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<WebinarRegistrationRequest>,
) -> Result<Json<WebinarRegistrationResponse>, AppError> {
    let mut f = Fields::default();
    let name = f.text("name", &body.name, "Je naam", Some("Vul je naam in."), 100);
    let email = EmailAddress::parse(&body.email)
        .map_err(|m| f.error("email", m))
        .ok();
    f.finish()?;
    let email = email.expect("checked above");
    // The e-mail first: a request it refuses then costs the client address nothing.
    state
        .limits
        .webinar_per_email
        .admit(&email.normalized())
        .await?;
    state.limits.webinar_per_ip.admit(&ip).await?;
    let now = db::now();
    let mut tx = db::begin_write(&state.pool).await?;
    // The seat first: its row lock orders concurrent registrations on PostgreSQL, so the
    // duplicate check below sees an earlier registration of the same address.
    let seat = seats::take(&mut tx, id, 1).await?;
    let already = sqlx::query(
        "SELECT id FROM tickets WHERE event_id = $1 AND LOWER(email) = $2 AND order_id IS NULL AND status <> 'cancelled'",
    )
    .bind(id)
    .bind(email.normalized())
    .fetch_optional(&mut *tx)
    .await?
    .is_some();
    // `take` checks the date and the room; this page is also only for free webinars. Checked
    // before `already`, so a full or closed webinar answers alike for every address.
    let event = match fetch_event(&mut tx, id).await? {
        Some(event) if seat && event.kind == EventKind::Webinar && event.price_cents == 0 => event,
        // Dropping the transaction gives a seat taken above back.
        _ => return Err(unavailable(&mut tx, id, &now).await?),
    };
    if already {
        // The same answer as a new registration; dropping the transaction gives the seat back.
        // Its owner has the confirmation with the join link in her mailbox already.
        return Ok(Json(registered()));
    }
    let ticket_id: i64 = sqlx::query(
        "INSERT INTO tickets (code, event_id, order_id, holder_name, email, status, created_at, updated_at) \
         VALUES ($1, $2, NULL, $3, $4, 'valid', $5, $5) RETURNING id",
    )
    .bind(new_ticket_code())
    .bind(id)
    .bind(&name)
    .bind(email.as_ref())
    .bind(&now)
    .fetch_one(&mut *tx)
    .await?
    .try_get("id")?;
    let mail = confirmation(&mut tx, &state, ticket_id, &event, &name, &email).await?;
    outbox::enqueue_email(&mut tx, &mail).await?;
    let when = dutch::date_time(db::parse_ts(&event.starts_at)?);
    let notice = Notice {
        kind: NoticeKind::Webinar,
        subject: format!("Nieuwe inschrijving voor {}: {name}", event.title),
        details: format!(
            "{name} schreef zich in voor {}.\nWie: {name} <{}>\nWanneer: {when}\nIngeschreven: {} van {} plaatsen",
            event.title,
            email.as_ref(),
            event.seats_taken,
            event.capacity
        ),
        admin_path: "/admin/tickets".into(),
        attachments: Vec::new(),
        reply_to: Some(email.as_ref().to_string()),
    };
    notifications::tell_coach(&mut tx, &state, notice).await?;
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok(Json(registered()))
}

/// The one answer to a registration, new or repeated.
fn registered() -> WebinarRegistrationResponse {
    WebinarRegistrationResponse {
        status: RegistrationStatus::Registered,
        message: "Je bent ingeschreven! De e-mail met de link om deel te nemen is onderweg of staat al in je mailbox.",
    }
}

/// The join link, or that it still comes.
fn join(values: Values, event: &Event) -> Values {
    match &event.online_url {
        Some(url) => values.with_link("deelnemen", "Deelnemen aan het webinar", url),
        None => values.with(
            "deelnemen",
            "De link om deel te nemen krijg je nog per e-mail.",
        ),
    }
}

/// The values of a webinar mail to `name`.
fn values(state: &AppState, event: &Event, name: &str) -> anyhow::Result<Values> {
    let when = dutch::date_time(db::parse_ts(&event.starts_at)?);
    let values = Values::new(name, &state.site().brand)
        .with("evenement", event.title.clone())
        .with("datum", when);
    Ok(join(values, event))
}

async fn confirmation(
    tx: &mut Tx,
    state: &AppState,
    ticket_id: i64,
    event: &Event,
    name: &str,
    email: &EmailAddress,
) -> anyhow::Result<EmailMessage> {
    let starts_at = db::parse_ts(&event.starts_at)?;
    let (subject, blocks) = templates::load(tx, MailKind::WebinarConfirmation)
        .await?
        .render(&values(state, event, name)?);
    let host = url::Url::parse(&state.site().site_url)?
        .host_str()
        .unwrap_or("inlumine.be")
        .to_string();
    let uid = format!("ticket-{ticket_id}@{host}");
    let description = match &event.online_url {
        Some(url) => format!("Deelnemen: {url}"),
        None => "De link om deel te nemen volgt per e-mail.".into(),
    };
    let invite = ics::calendar(
        &CalendarEvent {
            uid: &uid,
            starts_at,
            ends_at: db::parse_ts(&event.ends_at)?,
            summary: &event.title,
            description: &description,
            location: "Online",
            url: event.online_url.as_deref(),
            cancelled: false,
        },
        &state.site().brand,
        &state.site().contact.email,
    );
    let mut message = compose(email.as_ref(), subject, &blocks, &state.site());
    message
        .attachments
        .push(calendar_attachment("webinar.ics", &invite));
    Ok(message)
}

/// The reminder with the join link, for every seat (free or paid).
pub(crate) async fn reminder(
    tx: &mut Tx,
    state: &AppState,
    event_id: i64,
    name: &str,
    email: &str,
) -> Result<EmailMessage, AppError> {
    let event = fetch_event(tx, event_id)
        .await?
        .ok_or_else(|| AppError::NotFound("Dit webinar bestaat niet (meer).".into()))?;
    let (subject, blocks) = templates::load(tx, MailKind::WebinarReminder)
        .await?
        .render(&values(state, &event, name)?);
    Ok(compose(email, subject, &blocks, &state.site()))
}
