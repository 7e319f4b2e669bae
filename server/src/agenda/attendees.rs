//! The coach writes to everyone with a seat at one event (a change of venue, a reminder to bring
//! something): one mail per address through the outbox, and a copy in the event's history of
//! messages, all in one transaction.
use axum::extract::State;
use axum::http::StatusCode;
use axum::{Extension, Json};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;

use crate::kit::db;
use crate::kit::domain::FirstName;
use crate::kit::error::{ApiJson, ApiPath, AppError, ErrorBody};
use crate::kit::validation::Fields;
use crate::platform::auth::CurrentUser;
use crate::platform::outbox::{self, compose};
use crate::platform::state::AppState;

/// The coach's messages to an event's attendees, under `/api/admin`.
pub mod admin {
    use utoipa_axum::router::OpenApiRouter;
    use utoipa_axum::routes;

    use crate::platform::state::AppState;

    pub fn routes() -> OpenApiRouter<AppState> {
        OpenApiRouter::new().routes(routes!(super::list_messages, super::send_message))
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AttendeeMessageInput {
    pub subject: String,
    /// Plain text; blank lines separate paragraphs.
    pub text: String,
}

#[derive(Serialize, ToSchema)]
pub struct AttendeeMessage {
    pub id: i64,
    pub subject: String,
    pub text: String,
    /// Addresses it went to (one per address, however many tickets it holds).
    pub recipients: i64,
    /// The admin who sent it.
    pub sent_by: String,
    /// UTC, RFC 3339.
    pub created_at: String,
}

#[derive(Serialize, ToSchema)]
pub struct AttendeeMessages {
    /// Newest first.
    pub messages: Vec<AttendeeMessage>,
}

fn event_not_found() -> AppError {
    AppError::NotFound("Deze datum bestaat niet (meer).".into())
}

#[utoipa::path(
    get,
    path = "/admin/events/{id}/messages",
    operation_id = "admin_list_attendee_messages",
    tag = "admin",
    params(("id" = i64, Path, description = "Event id")),
    responses(
        (status = 200, description = "What was written to this event's attendees, newest first", body = AttendeeMessages),
        (status = 404, description = "No such event", body = ErrorBody),
    )
)]
pub async fn list_messages(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<AttendeeMessages>, AppError> {
    sqlx::query("SELECT id FROM events WHERE id = $1")
        .bind(id)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(event_not_found)?;
    let rows = sqlx::query(
        "SELECT id, subject, body, recipients, sent_by, created_at FROM event_messages \
         WHERE event_id = $1 ORDER BY created_at DESC, id DESC LIMIT 200",
    )
    .bind(id)
    .fetch_all(&state.pool)
    .await?;
    let messages = rows
        .iter()
        .map(|row| {
            Ok(AttendeeMessage {
                id: row.try_get("id")?,
                subject: row.try_get("subject")?,
                text: row.try_get("body")?,
                recipients: row.try_get("recipients")?,
                sent_by: row.try_get("sent_by")?,
                created_at: row.try_get("created_at")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(Json(AttendeeMessages { messages }))
}

#[utoipa::path(
    post,
    path = "/admin/events/{id}/messages",
    operation_id = "admin_send_attendee_message",
    tag = "admin",
    params(("id" = i64, Path, description = "Event id")),
    request_body = AttendeeMessageInput,
    responses(
        (status = 201, description = "Queued for every address with a valid (or checked-in) ticket or registration; the copy", body = AttendeeMessage),
        (status = 404, description = "No such event", body = ErrorBody),
        (status = 409, description = "Nobody holds a ticket for this event", body = ErrorBody),
        (status = 422, description = "Missing or too long subject or text", body = ErrorBody),
    )
)]
pub async fn send_message(
    State(state): State<AppState>,
    Extension(user): Extension<CurrentUser>,
    ApiPath(id): ApiPath<i64>,
    ApiJson(input): ApiJson<AttendeeMessageInput>,
) -> Result<(StatusCode, Json<AttendeeMessage>), AppError> {
    let mut f = Fields::default();
    let subject = f.text(
        "subject",
        &input.subject,
        "Het onderwerp",
        Some("Vul een onderwerp in."),
        150,
    );
    let text = f.multiline_text(
        "text",
        &input.text,
        "Het bericht",
        Some("Schrijf een bericht."),
        5000,
    );
    f.finish()?;
    let mut tx = db::begin_write(&state.pool).await?;
    let event = sqlx::query("SELECT title FROM events WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or_else(event_not_found)?;
    let title: String = event.try_get("title")?;
    // Erased people keep their seat without an address; several tickets of one buyer get one mail.
    let holders = sqlx::query(
        "SELECT holder_name, email FROM tickets WHERE event_id = $1 \
         AND status IN ('valid', 'checked_in') AND email <> '' ORDER BY id",
    )
    .bind(id)
    .fetch_all(&mut *tx)
    .await?;
    let mut seen = std::collections::HashSet::new();
    let mut recipients = 0;
    for row in &holders {
        let email: String = row.try_get("email")?;
        if !seen.insert(email.to_lowercase()) {
            continue;
        }
        let name: String = row.try_get("holder_name")?;
        let mut blocks = vec![compose::text(FirstName::greeting(&name))];
        blocks.extend(
            text.split("\n\n")
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(compose::text),
        );
        blocks.push(compose::text(format!(
            "Je krijgt dit bericht omdat je een plaats hebt voor ‘{title}’."
        )));
        let mail = compose::compose(&email, subject.clone(), &blocks, &state.site());
        outbox::enqueue_email(&mut tx, &mail).await?;
        recipients += 1;
    }
    if recipients == 0 {
        return Err(AppError::Conflict(
            "Er heeft nog niemand een ticket voor deze datum: er is niemand om naar te schrijven."
                .into(),
        ));
    }
    let sent_by: String = sqlx::query("SELECT email FROM users WHERE id = $1")
        .bind(user.id)
        .fetch_one(&mut *tx)
        .await?
        .try_get("email")?;
    let now = db::now();
    let message_id: i64 = sqlx::query(
        "INSERT INTO event_messages (event_id, subject, body, recipients, sent_by, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(id)
    .bind(&subject)
    .bind(&text)
    .bind(recipients)
    .bind(&sent_by)
    .bind(&now)
    .fetch_one(&mut *tx)
    .await?
    .try_get("id")?;
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok((
        StatusCode::CREATED,
        Json(AttendeeMessage {
            id: message_id,
            subject,
            text,
            recipients,
            sent_by,
            created_at: now,
        }),
    ))
}
