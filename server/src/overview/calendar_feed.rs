//! The coach's private calendar feed (iCalendar, RFC 5545) for her phone: her booked intro
//! calls and published events from a month back onwards, at a URL with a secret token. Only the
//! token's hash is kept (Beheer > Meldingen makes a new one; the old one then stops working).
use axum::extract::State;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use jiff::{SignedDuration, Timestamp};
use sqlx::AssertSqlSafe;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::agenda::events::{COLUMNS as EVENT_COLUMNS, Event, EventKind};
use crate::agenda::intro_calls::{COLUMNS as CALL_COLUMNS, CallMode, IntroCall, mail};
use crate::commerce::orders::place;
use crate::kit::db;
use crate::kit::error::{ApiPath, AppError};
use crate::kit::ics::{self, CalendarEvent};
use crate::kit::secret_token::hash_token;
use crate::platform::state::AppState;

/// How far back the feed reaches.
const HISTORY: SignedDuration = SignedDuration::from_hours(24 * 31);

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(feed))
}

fn not_found() -> AppError {
    AppError::NotFound("Deze agenda-link bestaat niet (meer).".into())
}

#[utoipa::path(
    get,
    path = "/calendar/{file}",
    operation_id = "calendar_feed",
    tag = "calendar",
    params(("file" = String, Path, description = "`<token>.ics`, the secret from Beheer > Meldingen")),
    responses(
        (status = 200, description = "The coach's calendar (text/calendar)", content_type = "text/calendar", body = String),
        (status = 404, description = "Unknown or replaced link", body = crate::kit::error::ErrorBody),
    )
)]
pub async fn feed(
    State(state): State<AppState>,
    ApiPath(file): ApiPath<String>,
) -> Result<Response, AppError> {
    let token = file.strip_suffix(".ics").unwrap_or(&file);
    if token.is_empty() {
        return Err(not_found());
    }
    let known = sqlx::query(
        "SELECT id FROM notification_settings WHERE id = 1 AND calendar_token_hash = $1",
    )
    .bind(hash_token(token))
    .fetch_optional(&state.pool)
    .await?
    .is_some();
    if !known {
        return Err(not_found());
    }
    let text = build(&state, Timestamp::now()).await?;
    Ok((
        [
            (CONTENT_TYPE, "text/calendar; charset=utf-8"),
            (CACHE_CONTROL, "private, no-store"),
        ],
        text,
    )
        .into_response())
}

async fn build(state: &AppState, now: Timestamp) -> anyhow::Result<String> {
    let from = db::format_ts(now - HISTORY);
    let host = url::Url::parse(&state.public_url)?
        .host_str()
        .unwrap_or("inlumine.local")
        .to_string();
    let calls = sqlx::query(AssertSqlSafe(format!(
        "SELECT {CALL_COLUMNS} FROM intro_calls WHERE status = 'booked' AND ends_at >= $1 ORDER BY starts_at"
    )))
    .bind(&from)
    .fetch_all(&state.pool)
    .await?
    .iter()
    .map(IntroCall::from_row)
    .collect::<Result<Vec<_>, _>>()?;
    let events = sqlx::query(AssertSqlSafe(format!(
        "SELECT {EVENT_COLUMNS} FROM events WHERE status = 'published' AND ends_at >= $1 ORDER BY starts_at"
    )))
    .bind(&from)
    .fetch_all(&state.pool)
    .await?
    .iter()
    .map(Event::from_row_with_join_link)
    .collect::<Result<Vec<_>, _>>()?;

    struct Entry {
        uid: String,
        starts_at: Timestamp,
        ends_at: Timestamp,
        summary: String,
        description: String,
        location: String,
        url: Option<String>,
    }
    let mut entries = Vec::new();
    for call in &calls {
        let mut description = format!(
            "{} ({})\nE-mail: {}",
            call.name,
            mail::mode_label(state, call.mode),
            call.email
        );
        if let Some(phone) = &call.phone {
            description.push_str(&format!("\nTelefoon: {phone}"));
        }
        if let Some(question) = &call.question {
            description.push_str(&format!("\nVraag: {question}"));
        }
        entries.push(Entry {
            uid: format!("intro-call-{}@{host}", call.id),
            starts_at: call.start()?,
            ends_at: call.end()?,
            summary: format!("Kennismakingsgesprek: {}", call.name),
            description,
            location: mail::location(state, call),
            url: (call.mode == CallMode::Video)
                .then(|| call.meeting_url.clone())
                .flatten(),
        });
    }
    for event in &events {
        let what = match event.kind {
            EventKind::Zelfbeeld => "boekingen",
            EventKind::Webinar => "inschrijvingen",
            _ => "tickets",
        };
        entries.push(Entry {
            uid: format!("event-{}@{host}", event.id),
            starts_at: db::parse_ts(&event.starts_at)?,
            ends_at: db::parse_ts(&event.ends_at)?,
            summary: event.title.clone(),
            description: format!(
                "{} {what}, {} plaatsen vrij van {}",
                event.seats_taken, event.seats_left, event.capacity
            ),
            location: place(event),
            url: event.online_url.clone(),
        });
    }
    entries.sort_by_key(|e| e.starts_at);
    let events: Vec<CalendarEvent> = entries
        .iter()
        .map(|e| CalendarEvent {
            uid: &e.uid,
            starts_at: e.starts_at,
            ends_at: e.ends_at,
            summary: &e.summary,
            description: &e.description,
            location: &e.location,
            url: e.url.as_deref(),
            cancelled: false,
        })
        .collect();
    Ok(ics::feed(
        &events,
        &format!("{} — agenda", state.site().brand),
        &state.site().brand,
        &state.site().contact.email,
    ))
}
