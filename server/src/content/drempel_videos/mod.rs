//! Threshold videos ("drempelvideo's"): free, low-threshold videos shown in the coach's order
//! on /voor-jezelf; she adds, edits, orders and publishes them in the admin.
use crate::kit::video_url;

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::{AssertSqlSafe, Row};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kit::db::{self, Tx};
use crate::kit::error::{ApiJson, ApiPath, ApiQuery, AppError, ErrorBody};
use crate::kit::paging::{self, ListSql, Page, PageQuery};
use crate::kit::validation::Fields;
use crate::platform::live::{Built, json_body};
use crate::platform::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_published))
}

/// The coach's list of videos, under `/api/admin`.
pub mod admin {
    use utoipa_axum::router::OpenApiRouter;
    use utoipa_axum::routes;

    use crate::platform::state::AppState;

    pub fn routes() -> OpenApiRouter<AppState> {
        OpenApiRouter::new()
            .routes(routes!(super::admin_list, super::create_video))
            .routes(routes!(super::update_video, super::delete_video))
            .routes(routes!(super::move_video))
    }
}

#[derive(Serialize, ToSchema)]
pub struct DrempelVideo {
    pub id: i64,
    pub title: String,
    pub description: String,
    /// A YouTube or Vimeo URL.
    pub video_url: String,
    /// 1 = shown first.
    pub position: i64,
    pub published: bool,
    /// UTC, RFC 3339.
    pub created_at: String,
    /// UTC, RFC 3339.
    pub updated_at: String,
}

const COLUMNS: &str =
    "id, title, description, video_url, position, published, created_at, updated_at";

impl DrempelVideo {
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: row.try_get("id")?,
            title: row.try_get("title")?,
            description: row.try_get("description")?,
            video_url: row.try_get("video_url")?,
            position: row.try_get("position")?,
            published: row.try_get::<i64, _>("published")? == 1,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
        })
    }
}

#[derive(Serialize, ToSchema)]
pub struct DrempelVideoList {
    /// Published videos in the coach's order.
    pub videos: Vec<DrempelVideo>,
}

#[derive(Deserialize, ToSchema)]
pub struct DrempelVideoInput {
    pub title: String,
    pub description: String,
    /// A YouTube or Vimeo URL.
    pub video_url: String,
    pub published: bool,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    Up,
    Down,
}

#[derive(Deserialize, ToSchema)]
pub struct MoveRequest {
    pub direction: Direction,
}

struct ValidVideo {
    title: String,
    description: String,
    video_url: String,
    published: bool,
}

impl TryFrom<DrempelVideoInput> for ValidVideo {
    type Error = AppError;

    fn try_from(input: DrempelVideoInput) -> Result<Self, AppError> {
        let mut fields = Fields::default();
        let title = fields.text(
            "title",
            &input.title,
            "De titel",
            Some("Geef de video een titel."),
            120,
        );
        let description = fields.multiline_text(
            "description",
            &input.description,
            "De beschrijving",
            None,
            1000,
        );
        let video_url = input.video_url.trim().to_string();
        if video_url.len() > 500 || !video_url::is_embeddable(&video_url) {
            fields.error(
                "video_url",
                "Plak de link van een video op YouTube of Vimeo, bv. https://www.youtube.com/watch?v=…",
            );
        }
        fields.finish()?;
        Ok(Self {
            title,
            description,
            video_url,
            published: input.published,
        })
    }
}

fn not_found() -> AppError {
    AppError::NotFound("Deze video bestaat niet (meer).".into())
}

#[utoipa::path(
    get,
    path = "/drempel-videos",
    operation_id = "list_drempel_videos",
    tag = "drempel-videos",
    responses(
        (status = 200, description = "Published threshold videos in display order", body = DrempelVideoList),
    )
)]
pub async fn list_published(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let entry = state
        .live
        .drempel_videos
        .get(&state.versions, "", || async {
            let rows = sqlx::query(AssertSqlSafe(format!(
                "SELECT {COLUMNS} FROM drempel_videos WHERE published = 1 ORDER BY position, id"
            )))
            .fetch_all(&state.pool)
            .await?;
            let list = DrempelVideoList {
                videos: rows
                    .iter()
                    .map(DrempelVideo::from_row)
                    .collect::<Result<_, _>>()?,
            };
            Ok(Some(Built {
                body: json_body(&list)?,
                expires_at: None,
            }))
        })
        .await?
        .expect("the video list always builds");
    Ok(entry.respond(&headers))
}

#[utoipa::path(
    get,
    path = "/admin/drempel-videos",
    operation_id = "admin_list_drempel_videos",
    tag = "admin",
    params(PageQuery),
    responses(
        (status = 200, description = "One page of videos in display order; q searches the title", body = Page<DrempelVideo>),
    )
)]
pub async fn admin_list(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Page<DrempelVideo>>, AppError> {
    let pattern = query.like_pattern_or_all();
    let sql = ListSql {
        columns: COLUMNS,
        from: "drempel_videos",
        filter: "WHERE LOWER(title) LIKE $1 ESCAPE '\\'",
        order_by: "position, id",
    };
    let page = paging::fetch_page(
        &state.pool,
        query.info(),
        &sql,
        |q| q.bind(&pattern),
        DrempelVideo::from_row,
    )
    .await?;
    Ok(Json(page))
}

async fn fetch(tx: &mut Tx, id: i64) -> Result<DrempelVideo, AppError> {
    let row = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM drempel_videos WHERE id = $1"
    )))
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?
    .ok_or_else(not_found)?;
    Ok(DrempelVideo::from_row(&row)?)
}

#[utoipa::path(
    post,
    path = "/admin/drempel-videos",
    operation_id = "admin_create_drempel_video",
    tag = "admin",
    request_body = DrempelVideoInput,
    responses(
        (status = 201, description = "Created, placed last", body = DrempelVideo),
        (status = 422, description = "Invalid input, with a message per field", body = ErrorBody),
    )
)]
pub async fn create_video(
    State(state): State<AppState>,
    ApiJson(input): ApiJson<DrempelVideoInput>,
) -> Result<(StatusCode, Json<DrempelVideo>), AppError> {
    let video = ValidVideo::try_from(input)?;
    let now = db::now();
    let mut tx = db::begin_write(&state.pool).await?;
    let last: i64 = sqlx::query("SELECT COALESCE(MAX(position), 0) AS last FROM drempel_videos")
        .fetch_one(&mut *tx)
        .await?
        .try_get("last")?;
    let id: i64 = sqlx::query(
        "INSERT INTO drempel_videos (title, description, video_url, position, published, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id",
    )
    .bind(video.title)
    .bind(video.description)
    .bind(video.video_url)
    .bind(last + 1)
    .bind(i64::from(video.published))
    .bind(&now)
    .fetch_one(&mut *tx)
    .await?
    .try_get("id")?;
    let created = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(created)))
}

#[utoipa::path(
    put,
    path = "/admin/drempel-videos/{id}",
    operation_id = "admin_update_drempel_video",
    tag = "admin",
    params(("id" = i64, Path, description = "Video id")),
    request_body = DrempelVideoInput,
    responses(
        (status = 200, description = "Updated (also how to publish or unpublish)", body = DrempelVideo),
        (status = 404, description = "No such video", body = ErrorBody),
        (status = 422, description = "Invalid input, with a message per field", body = ErrorBody),
    )
)]
pub async fn update_video(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiJson(input): ApiJson<DrempelVideoInput>,
) -> Result<Json<DrempelVideo>, AppError> {
    let video = ValidVideo::try_from(input)?;
    let mut tx = db::begin_write(&state.pool).await?;
    let updated = sqlx::query(
        "UPDATE drempel_videos SET title = $1, description = $2, video_url = $3, published = $4, updated_at = $5 \
         WHERE id = $6",
    )
    .bind(video.title)
    .bind(video.description)
    .bind(video.video_url)
    .bind(i64::from(video.published))
    .bind(db::now())
    .bind(id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if updated == 0 {
        return Err(not_found());
    }
    let video = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Json(video))
}

#[utoipa::path(
    delete,
    path = "/admin/drempel-videos/{id}",
    operation_id = "admin_delete_drempel_video",
    tag = "admin",
    params(("id" = i64, Path, description = "Video id")),
    responses(
        (status = 204, description = "Deleted; the videos after it move up one place"),
        (status = 404, description = "No such video", body = ErrorBody),
    )
)]
pub async fn delete_video(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<StatusCode, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    let video = fetch(&mut tx, id).await?;
    sqlx::query("DELETE FROM drempel_videos WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("UPDATE drempel_videos SET position = position - 1 WHERE position > $1")
        .bind(video.position)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(
    post,
    path = "/admin/drempel-videos/{id}/move",
    operation_id = "admin_move_drempel_video",
    tag = "admin",
    params(("id" = i64, Path, description = "Video id")),
    request_body = MoveRequest,
    responses(
        (status = 200, description = "Swapped with its neighbour; the first moving up or the last moving down stays put", body = DrempelVideo),
        (status = 404, description = "No such video", body = ErrorBody),
    )
)]
pub async fn move_video(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<MoveRequest>,
) -> Result<Json<DrempelVideo>, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    let video = fetch(&mut tx, id).await?;
    let neighbour_sql = match req.direction {
        Direction::Up => {
            "SELECT id, position FROM drempel_videos WHERE position < $1 ORDER BY position DESC LIMIT 1"
        }
        Direction::Down => {
            "SELECT id, position FROM drempel_videos WHERE position > $1 ORDER BY position LIMIT 1"
        }
    };
    let neighbour = sqlx::query(neighbour_sql)
        .bind(video.position)
        .fetch_optional(&mut *tx)
        .await?;
    if let Some(neighbour) = neighbour {
        let (other_id, other_position): (i64, i64) =
            (neighbour.try_get("id")?, neighbour.try_get("position")?);
        for (id, position) in [(video.id, other_position), (other_id, video.position)] {
            sqlx::query("UPDATE drempel_videos SET position = $1 WHERE id = $2")
                .bind(position)
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
    }
    let moved = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Json(moved))
}
