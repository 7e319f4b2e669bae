//! Events: storytelling evenings, Zelfbeeld-Ommekeer course dates and webinars.
pub mod admin;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kit::closed_set::{Choice, closed_set};
use crate::kit::db;
use crate::kit::error::{ApiQuery, AppError};
use crate::kit::validation::filter;
use crate::platform::live::{Built, json_body, next_change};
use crate::platform::photos::{self, MediaImage};
use crate::platform::state::AppState;

closed_set! {
    /// What an event is.
    pub enum EventKind {
        Vertelavond = "vertelavond",
        /// A Zelfbeeld-Ommekeer course date.
        Zelfbeeld = "zelfbeeld",
        Webinar = "webinar",
    }
}

closed_set! {
    pub enum EventStatus {
        /// Only the coach sees it.
        Draft = "draft",
        Published = "published",
        /// Shown as cancelled; nothing can be booked.
        Cancelled = "cancelled",
    }
}

pub(crate) const UNKNOWN_KIND: &str =
    "Kies een geldig soort activiteit: vertelavond, zelfbeeld of webinar.";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(upcoming))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Event {
    pub id: i64,
    pub kind: EventKind,
    pub title: String,
    pub description: String,
    /// UTC, RFC 3339.
    pub starts_at: String,
    /// UTC, RFC 3339.
    pub ends_at: String,
    pub venue_name: Option<String>,
    pub street: Option<String>,
    pub postal_code: Option<String>,
    pub city: Option<String>,
    /// Join link of an online event. Public answers carry it only for free events: for a paid
    /// one it is null and buyers get it with their paid order.
    pub online_url: Option<String>,
    pub capacity: i64,
    pub seats_taken: i64,
    pub seats_left: i64,
    /// VAT-inclusive price in euro cents.
    pub price_cents: i64,
    pub status: EventStatus,
    /// A photo from the media library, if the coach chose one.
    pub image_id: Option<i64>,
    /// That photo, ready to render (in the public list and the coach's list).
    pub image: Option<MediaImage>,
}

pub(crate) const COLUMNS: &str = "id, kind, title, description, starts_at, ends_at, venue_name, street, postal_code, city, \
                       online_url, capacity, seats_taken, price_cents, status, image_id";

impl Event {
    /// The event as anyone may see it: a paid event's join link stays with its buyers.
    pub(crate) fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        let mut event = Self::from_row_with_join_link(row)?;
        if event.price_cents > 0 {
            event.online_url = None;
        }
        Ok(event)
    }

    /// The event with its join link whatever the price: for the coach and for paid-order mails.
    pub(crate) fn from_row_with_join_link(row: &AnyRow) -> Result<Self, sqlx::Error> {
        let capacity: i64 = row.try_get("capacity")?;
        let seats_taken: i64 = row.try_get("seats_taken")?;
        Ok(Self {
            id: row.try_get("id")?,
            kind: row.try_get("kind")?,
            title: row.try_get("title")?,
            description: row.try_get("description")?,
            starts_at: row.try_get("starts_at")?,
            ends_at: row.try_get("ends_at")?,
            venue_name: row.try_get("venue_name")?,
            street: row.try_get("street")?,
            postal_code: row.try_get("postal_code")?,
            city: row.try_get("city")?,
            online_url: row.try_get("online_url")?,
            capacity,
            seats_taken,
            seats_left: (capacity - seats_taken).max(0),
            price_cents: row.try_get("price_cents")?,
            status: row.try_get("status")?,
            image_id: row.try_get("image_id")?,
            image: None,
        })
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UpcomingQuery {
    /// Only events of this kind.
    #[param(value_type = Option<EventKind>)]
    pub kind: Option<Choice<EventKind>>,
}

#[derive(Serialize, ToSchema)]
pub struct EventList {
    /// Published events that have not ended yet, soonest first.
    pub events: Vec<Event>,
}

#[utoipa::path(
    get,
    path = "/events/upcoming",
    operation_id = "list_upcoming_events",
    tag = "events",
    params(UpcomingQuery),
    responses(
        (status = 200, description = "Upcoming published events, soonest first", body = EventList),
        (status = 422, description = "Unknown kind", body = crate::kit::error::ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn upcoming(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<UpcomingQuery>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let kind = filter(query.kind, UNKNOWN_KIND)?;
    let key = kind.map_or("", EventKind::as_str);
    let entry = state
        .live
        .upcoming_events
        .get(&state.versions, key, || async {
            let events = upcoming_of(&state.pool, kind).await?;
            // An event leaves the list when it ends.
            let expires_at = next_change(events.iter().map(|e| e.ends_at.as_str()));
            Ok(Some(Built {
                body: json_body(&EventList { events })?,
                expires_at,
            }))
        })
        .await?
        .expect("the event list always builds");
    Ok(entry.respond(&headers))
}

async fn upcoming_of(pool: &AnyPool, kind: Option<EventKind>) -> Result<Vec<Event>, sqlx::Error> {
    let now = db::now();
    let rows = match kind {
        Some(kind) => sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM events WHERE status = 'published' AND ends_at > $1 AND kind = $2 \
             ORDER BY starts_at, id"
        )))
        .bind(now)
        .bind(kind)
        .fetch_all(pool)
        .await?,
        None => sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM events WHERE status = 'published' AND ends_at > $1 ORDER BY starts_at, id"
        )))
        .bind(now)
        .fetch_all(pool)
        .await?,
    };
    let events = rows.iter().map(Event::from_row).collect::<Result<_, _>>()?;
    with_images(pool, events).await
}

/// Fills in the photos of `events` with one query.
pub(crate) async fn with_images(
    pool: &AnyPool,
    mut events: Vec<Event>,
) -> Result<Vec<Event>, sqlx::Error> {
    let ids: Vec<i64> = events.iter().filter_map(|e| e.image_id).collect();
    let images = photos::images(pool, &ids).await?;
    for event in &mut events {
        event.image = event.image_id.and_then(|id| images.get(&id).cloned());
    }
    Ok(events)
}

/// The event a page about `kind` should feature: the next published one that has not ended
/// (else a cancelled one, so visitors learn it is off), else the most recent past one.
pub async fn featured(pool: &AnyPool, kind: EventKind) -> Result<Option<Event>, sqlx::Error> {
    let now = db::now();
    let next = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM events WHERE status IN ('published', 'cancelled') AND kind = $1 AND ends_at > $2 \
         ORDER BY CASE WHEN status = 'published' THEN 0 ELSE 1 END, starts_at, id LIMIT 1"
    )))
    .bind(kind)
    .bind(&now)
    .fetch_optional(pool)
    .await?;
    let row = match next {
        Some(row) => Some(row),
        None => sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM events WHERE status IN ('published', 'cancelled') AND kind = $1 \
                 AND ends_at <= $2 ORDER BY starts_at DESC, id DESC LIMIT 1"
        )))
        .bind(kind)
        .bind(&now)
        .fetch_optional(pool)
        .await?,
    };
    let Some(event) = row.as_ref().map(Event::from_row).transpose()? else {
        return Ok(None);
    };
    Ok(with_images(pool, vec![event]).await?.pop())
}
