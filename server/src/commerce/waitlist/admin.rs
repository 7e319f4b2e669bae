//! The coach's view of an event's waiting list: who is in line, who holds an offer until when,
//! and removing someone (an open offer's seat then goes to the next in line).
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use sqlx::Row;
use sqlx::any::AnyRow;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{WaitlistStatus, end_offer, offer_free_seats};
use crate::agenda::seats;
use crate::kit::db;
use crate::kit::error::{ApiPath, AppError, ErrorBody};
use crate::platform::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_waitlist))
        .routes(routes!(remove_from_waitlist))
}

#[derive(Serialize, ToSchema)]
pub struct WaitlistEntry {
    pub id: i64,
    /// Place among those still waiting (1 = next); null once offered or done.
    pub position: Option<i64>,
    pub name: String,
    pub email: String,
    pub status: WaitlistStatus,
    /// UTC, RFC 3339.
    pub joined_at: String,
    /// UTC, RFC 3339: when the offer was sent.
    pub offered_at: Option<String>,
    /// UTC, RFC 3339: until when the offered seat is held.
    pub offered_until: Option<String>,
    /// The order the offer link started.
    pub order_public_id: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct Waitlist {
    /// In line first (in order), then open offers, then the rest, newest first.
    pub entries: Vec<WaitlistEntry>,
}

fn from_row(row: &AnyRow) -> Result<WaitlistEntry, sqlx::Error> {
    Ok(WaitlistEntry {
        id: row.try_get("id")?,
        position: None,
        name: row.try_get("name")?,
        email: row.try_get("email")?,
        status: row.try_get("status")?,
        joined_at: row.try_get("joined_at")?,
        offered_at: row.try_get("offered_at")?,
        offered_until: row.try_get("offered_until")?,
        order_public_id: row.try_get("order_public_id")?,
    })
}

#[utoipa::path(
    get,
    path = "/admin/events/{id}/waitlist",
    operation_id = "admin_list_waitlist",
    tag = "admin",
    params(("id" = i64, Path, description = "Event id")),
    responses(
        (status = 200, description = "The event's waiting list", body = Waitlist),
        (status = 404, description = "No such event", body = ErrorBody),
    )
)]
pub async fn list_waitlist(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Waitlist>, AppError> {
    sqlx::query("SELECT id FROM events WHERE id = $1")
        .bind(id)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(|| AppError::NotFound("Deze datum bestaat niet (meer).".into()))?;
    // A list one evening's room fills is short; the cap only guards the page.
    let rows = sqlx::query(
        "SELECT w.id, w.name, w.email, w.status, w.joined_at, w.offered_at, w.offered_until, \
         o.public_id AS order_public_id FROM waitlist_entries w LEFT JOIN orders o ON o.id = w.order_id \
         WHERE w.event_id = $1 ORDER BY CASE w.status WHEN 'waiting' THEN 0 WHEN 'offered' THEN 1 ELSE 2 END, \
         CASE WHEN w.status = 'waiting' THEN w.joined_at END, w.updated_at DESC, w.id LIMIT 1000",
    )
    .bind(id)
    .fetch_all(&state.pool)
    .await?;
    let mut entries = rows.iter().map(from_row).collect::<Result<Vec<_>, _>>()?;
    let mut place = 0;
    for entry in &mut entries {
        if entry.status == WaitlistStatus::Waiting {
            place += 1;
            entry.position = Some(place);
        }
    }
    Ok(Json(Waitlist { entries }))
}

#[utoipa::path(
    delete,
    path = "/admin/waitlist/{id}",
    operation_id = "admin_remove_from_waitlist",
    tag = "admin",
    params(("id" = i64, Path, description = "Waiting-list entry id")),
    responses(
        (status = 204, description = "Removed; a seat held by an open offer went to the next in line"),
        (status = 404, description = "No such entry", body = ErrorBody),
        (status = 409, description = "Already used their offer or no longer on the list", body = ErrorBody),
    )
)]
pub async fn remove_from_waitlist(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<axum::http::StatusCode, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    let row = sqlx::query("SELECT event_id, status FROM waitlist_entries WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or_else(|| AppError::NotFound("Deze persoon staat niet op de wachtlijst.".into()))?;
    let event_id: i64 = row.try_get("event_id")?;
    // The event before the entry (see agenda::seats).
    seats::lock(&mut tx, [event_id]).await?;
    let removed = match row.try_get::<WaitlistStatus, _>("status")? {
        WaitlistStatus::Offered => {
            end_offer(&mut tx, id, event_id, WaitlistStatus::Removed).await?
        }
        WaitlistStatus::Waiting => {
            sqlx::query(
                "UPDATE waitlist_entries SET status = 'removed', updated_at = $1 WHERE id = $2 AND status = 'waiting'",
            )
            .bind(db::now())
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected()
                == 1
        }
        _ => false,
    };
    if !removed {
        return Err(AppError::Conflict(
            "Deze persoon staat niet meer op de wachtlijst (besteld, verlopen of al verwijderd)."
                .into(),
        ));
    }
    let offers = offer_free_seats(&mut tx, &state, event_id).await?;
    tx.commit().await?;
    if offers > 0 {
        state.outbox_notify.notify_one();
    }
    Ok(axum::http::StatusCode::NO_CONTENT)
}
