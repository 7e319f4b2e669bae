//! The coach's event management (used for the Zelfbeeld-Ommekeer dates, and for every kind).
//! She types Brussels wall time; the database keeps UTC.
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use sqlx::{AnyConnection, AssertSqlSafe, Row};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{COLUMNS, Event, EventKind, EventStatus, UNKNOWN_KIND, with_images};
use crate::kit::brussels;
use crate::kit::closed_set::Choice;
use crate::kit::db;
use crate::kit::error::{ApiJson, ApiPath, ApiQuery, AppError, ErrorBody};
use crate::kit::paging::{self, ListSql, Page, PageQuery, When};
use crate::kit::validation::Fields;
use crate::kit::validation::filter;
use crate::platform::media;
use crate::platform::photos::{self, MediaImage};
use crate::platform::state::AppState;
const MAX_CAPACITY: i64 = 10_000;
const MAX_PRICE_CENTS: i64 = 10_000_000;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_events, create_event))
        .routes(routes!(get_event, update_event, delete_event))
}

#[derive(Serialize, ToSchema)]
pub struct AdminEvent {
    #[serde(flatten)]
    pub event: Event,
    /// Start in Brussels wall time, `YYYY-MM-DDTHH:MM` (for a datetime-local input).
    pub starts_at_local: String,
    /// End in Brussels wall time, `YYYY-MM-DDTHH:MM`.
    pub ends_at_local: String,
}

impl AdminEvent {
    pub fn new(event: Event) -> anyhow::Result<Self> {
        Ok(Self {
            starts_at_local: brussels::wall_time(&event.starts_at)?,
            ends_at_local: brussels::wall_time(&event.ends_at)?,
            event,
        })
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminEventFilter {
    /// All kinds when missing.
    #[param(value_type = Option<EventKind>)]
    pub kind: Option<Choice<EventKind>>,
    /// Upcoming when missing.
    #[param(value_type = Option<When>)]
    pub when: Option<Choice<When>>,
}

#[derive(Deserialize, ToSchema)]
pub struct EventInput {
    /// Cannot change on edit.
    #[schema(value_type = EventKind)]
    pub kind: Choice<EventKind>,
    pub title: String,
    pub description: String,
    /// Brussels wall time `YYYY-MM-DDTHH:MM`.
    pub starts_at: String,
    /// Brussels wall time `YYYY-MM-DDTHH:MM`, after the start.
    pub ends_at: String,
    pub venue_name: Option<String>,
    pub street: Option<String>,
    pub postal_code: Option<String>,
    pub city: Option<String>,
    /// https link for an online event.
    pub online_url: Option<String>,
    pub capacity: i64,
    /// VAT-inclusive price in euro cents.
    pub price_cents: i64,
    #[schema(value_type = EventStatus)]
    pub status: Choice<EventStatus>,
    /// A photo from the media library; null for none.
    #[serde(default)]
    pub image_id: Option<i64>,
}

struct ValidEvent {
    kind: EventKind,
    title: String,
    description: String,
    starts_at: String,
    ends_at: String,
    venue_name: Option<String>,
    street: Option<String>,
    postal_code: Option<String>,
    city: Option<String>,
    online_url: Option<String>,
    capacity: i64,
    price_cents: i64,
    status: EventStatus,
    image_id: Option<i64>,
}

impl TryFrom<EventInput> for ValidEvent {
    type Error = AppError;

    fn try_from(input: EventInput) -> Result<Self, AppError> {
        let mut f = Fields::default();
        let kind = f.choice(
            "kind",
            input.kind,
            "Kies een soort activiteit: vertelavond, zelfbeeld of webinar.",
        );
        let title = f.text(
            "title",
            &input.title,
            "De titel",
            Some("Geef de datum een titel."),
            120,
        );
        let description = f.multiline_text(
            "description",
            &input.description,
            "De beschrijving",
            None,
            2000,
        );
        let starts = brussels::parse_wall_time(&input.starts_at);
        let ends = brussels::parse_wall_time(&input.ends_at);
        if starts.is_none() {
            f.error("starts_at", "Kies een geldige begindatum en beginuur.");
        }
        if ends.is_none() {
            f.error("ends_at", "Kies een geldige einddatum en einduur.");
        }
        if let (Some(s), Some(e)) = (starts, ends)
            && e <= s
        {
            f.error("ends_at", "Het einde moet na het begin liggen.");
        }
        let mut optional = |field, value: &Option<String>, label, max| {
            let text = f.text(
                field,
                value.as_deref().unwrap_or_default(),
                label,
                None,
                max,
            );
            (!text.is_empty()).then_some(text)
        };
        let venue_name = optional(
            "venue_name",
            &input.venue_name,
            "De naam van de locatie",
            120,
        );
        let street = optional("street", &input.street, "De straat", 120);
        let postal_code = optional("postal_code", &input.postal_code, "De postcode", 10);
        let city = optional("city", &input.city, "De gemeente", 80);
        let online_url = f.optional_https_url(
            "online_url",
            input.online_url.as_deref(),
            "Geef een geldige link die met https:// begint, of laat dit veld leeg.",
        );
        if !(1..=MAX_CAPACITY).contains(&input.capacity) {
            f.error(
                "capacity",
                format!("Geef een aantal plaatsen van 1 tot {MAX_CAPACITY}."),
            );
        }
        if !(0..=MAX_PRICE_CENTS).contains(&input.price_cents) {
            f.error("price_cents", "Geef een prijs van 0 euro of meer.");
        }
        let status = f.choice(
            "status",
            input.status,
            "Kies een status: concept, gepubliceerd of geannuleerd.",
        );
        f.finish()?;
        let (Some(kind), Some(starts), Some(ends), Some(status)) = (kind, starts, ends, status)
        else {
            unreachable!("checked above");
        };
        Ok(Self {
            kind,
            title,
            description,
            starts_at: db::format_ts(starts),
            ends_at: db::format_ts(ends),
            venue_name,
            street,
            postal_code,
            city,
            online_url,
            capacity: input.capacity,
            price_cents: input.price_cents,
            status,
            image_id: input.image_id,
        })
    }
}

fn not_found() -> AppError {
    AppError::NotFound("Deze datum bestaat niet (meer).".into())
}

async fn fetch(conn: &mut AnyConnection, id: i64) -> Result<Event, AppError> {
    let row = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM events WHERE id = $1"
    )))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?
    .ok_or_else(not_found)?;
    let mut event = Event::from_row_with_join_link(&row)?;
    if let Some(image_id) = event.image_id {
        let image = sqlx::query(AssertSqlSafe(format!(
            "SELECT {} FROM media WHERE id = $1",
            photos::COLUMNS
        )))
        .bind(image_id)
        .fetch_optional(&mut *conn)
        .await?;
        event.image = image.as_ref().map(MediaImage::from_row).transpose()?;
    }
    Ok(event)
}

#[utoipa::path(
    get,
    path = "/admin/events/{id}",
    operation_id = "admin_get_event",
    tag = "admin",
    params(("id" = i64, Path, description = "Event id")),
    responses(
        (status = 200, description = "One event, as the list gives it (a link opens it)", body = AdminEvent),
        (status = 404, description = "No such event", body = ErrorBody),
    )
)]
pub async fn get_event(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<AdminEvent>, AppError> {
    let mut conn = state.pool.acquire().await?;
    Ok(Json(AdminEvent::new(fetch(&mut conn, id).await?)?))
}

#[utoipa::path(
    get,
    path = "/admin/events",
    operation_id = "admin_list_events",
    tag = "admin",
    params(AdminEventFilter, PageQuery),
    responses(
        (status = 200, description = "One page of events, drafts and cancelled ones included; q searches title and venue", body = Page<AdminEvent>),
        (status = 422, description = "Unknown kind or when", body = ErrorBody),
    )
)]
pub async fn list_events(
    State(state): State<AppState>,
    ApiQuery(events): ApiQuery<AdminEventFilter>,
    ApiQuery(paging): ApiQuery<PageQuery>,
) -> Result<Json<Page<AdminEvent>>, AppError> {
    let kind = filter(events.kind, UNKNOWN_KIND)?;
    let when = filter(
        events.when,
        "Kies komende (upcoming) of voorbije (past) data.",
    )?
    .unwrap_or(When::Upcoming);
    let pattern = paging.like_pattern_or_all();
    let filter = format!(
        "WHERE kind LIKE $1 AND {} AND (LOWER(title) LIKE $3 ESCAPE '\\' OR LOWER(COALESCE(venue_name, '')) LIKE $3 ESCAPE '\\')",
        when.condition("$2")
    );
    let sql = ListSql {
        columns: COLUMNS,
        from: "events",
        filter: &filter,
        order_by: when.order_by(),
    };
    let now = db::now();
    let page = paging::fetch_page(
        &state.pool,
        paging.info(),
        &sql,
        |q| {
            q.bind(kind.map_or("%", EventKind::as_str))
                .bind(&now)
                .bind(&pattern)
        },
        Event::from_row_with_join_link,
    )
    .await?;
    let items = with_images(&state.pool, page.items)
        .await?
        .into_iter()
        .map(AdminEvent::new)
        .collect::<Result<_, _>>()?;
    Ok(Json(Page {
        items,
        total: page.total,
        page: page.page,
        per_page: page.per_page,
    }))
}

#[utoipa::path(
    post,
    path = "/admin/events",
    operation_id = "admin_create_event",
    tag = "admin",
    request_body = EventInput,
    responses(
        (status = 201, description = "Created", body = AdminEvent),
        (status = 422, description = "Invalid input, with a message per field", body = ErrorBody),
    )
)]
pub async fn create_event(
    State(state): State<AppState>,
    ApiJson(input): ApiJson<EventInput>,
) -> Result<(StatusCode, Json<AdminEvent>), AppError> {
    let e = ValidEvent::try_from(input)?;
    let now = db::now();
    let mut tx = db::begin_write(&state.pool).await?;
    if let Some(image_id) = e.image_id {
        media::admin::existing(&mut tx, image_id, "image_id").await?;
    }
    let id: i64 = sqlx::query(
        "INSERT INTO events (kind, title, description, starts_at, ends_at, venue_name, street, postal_code, city, \
         online_url, capacity, price_cents, status, created_at, updated_at, image_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15) RETURNING id",
    )
    .bind(e.kind)
    .bind(e.title)
    .bind(e.description)
    .bind(e.starts_at)
    .bind(e.ends_at)
    .bind(e.venue_name)
    .bind(e.street)
    .bind(e.postal_code)
    .bind(e.city)
    .bind(e.online_url)
    .bind(e.capacity)
    .bind(e.price_cents)
    .bind(e.status)
    .bind(&now)
    .bind(e.image_id)
    .fetch_one(&mut *tx)
    .await?
    .try_get("id")?;
    let event = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(AdminEvent::new(event)?)))
}

#[utoipa::path(
    put,
    path = "/admin/events/{id}",
    operation_id = "admin_update_event",
    tag = "admin",
    params(("id" = i64, Path, description = "Event id")),
    request_body = EventInput,
    responses(
        (status = 200, description = "Updated", body = AdminEvent),
        (status = 404, description = "No such event", body = ErrorBody),
        (status = 422, description = "Invalid input (also: another kind, or fewer places than already taken)", body = ErrorBody),
    )
)]
pub async fn update_event(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiJson(input): ApiJson<EventInput>,
) -> Result<Json<AdminEvent>, AppError> {
    let e = ValidEvent::try_from(input)?;
    let mut tx = db::begin_write(&state.pool).await?;
    // Locked, so no seat is taken between the check below and the new capacity.
    crate::agenda::seats::lock(&mut tx, [id]).await?;
    let current = fetch(&mut tx, id).await?;
    let mut f = Fields::default();
    if current.kind != e.kind {
        f.error(
            "kind",
            "Het soort activiteit kan niet veranderen. Maak een nieuwe datum aan.",
        );
    }
    if e.capacity < current.seats_taken {
        f.error(
            "capacity",
            format!(
                "Er zijn al {} plaatsen geboekt; het aantal plaatsen kan niet lager zijn.",
                current.seats_taken
            ),
        );
    }
    f.finish()?;
    if let Some(image_id) = e.image_id {
        media::admin::existing(&mut tx, image_id, "image_id").await?;
    }
    sqlx::query(
        "UPDATE events SET title = $1, description = $2, starts_at = $3, ends_at = $4, venue_name = $5, street = $6, \
         postal_code = $7, city = $8, online_url = $9, capacity = $10, price_cents = $11, status = $12, updated_at = $13, \
         image_id = $14 WHERE id = $15",
    )
    .bind(e.title)
    .bind(e.description)
    .bind(e.starts_at)
    .bind(e.ends_at)
    .bind(e.venue_name)
    .bind(e.street)
    .bind(e.postal_code)
    .bind(e.city)
    .bind(e.online_url)
    .bind(e.capacity)
    .bind(e.price_cents)
    .bind(e.status)
    .bind(db::now())
    .bind(e.image_id)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    let event = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Json(AdminEvent::new(event)?))
}

#[utoipa::path(
    delete,
    path = "/admin/events/{id}",
    operation_id = "admin_delete_event",
    tag = "admin",
    params(("id" = i64, Path, description = "Event id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such event", body = ErrorBody),
        (status = 409, description = "Places were already taken or ordered: cancel the date instead", body = ErrorBody),
    )
)]
pub async fn delete_event(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<StatusCode, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    let event = fetch(&mut tx, id).await?;
    // Cancelled tickets and past orders keep pointing at the date even when no seat is taken.
    let referenced = sqlx::query(
        "SELECT 1 AS one FROM tickets WHERE event_id = $1 UNION ALL SELECT 1 AS one FROM orders WHERE event_id = $1 LIMIT 1",
    )
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?
    .is_some();
    if event.seats_taken > 0 || referenced {
        return Err(AppError::Conflict(
            "Voor deze datum zijn al plaatsen geboekt. Zet de status op ‘geannuleerd’ in plaats van ze te verwijderen."
                .into(),
        ));
    }
    sqlx::query("DELETE FROM events WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
