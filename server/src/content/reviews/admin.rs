//! The coach's review management: list with search and paging, create, edit, delete, and
//! approve, decline or hide what participants left (their words are never edited).
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use sqlx::Row;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{COLUMNS, FROM_REVIEWS, Review, ReviewStatus, fetch, with_avatars};
use crate::kit::closed_set::Choice;
use crate::kit::error::{ApiJson, ApiPath, ApiQuery, AppError, ErrorBody};
use crate::kit::paging::{self, ListSql, Page, PageQuery};
use crate::kit::validation::Fields;
use crate::platform::state::AppState;
use crate::{kit::db, platform::media};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_reviews, create_review))
        .routes(routes!(update_review, delete_review))
        .routes(routes!(set_review_status))
}

#[derive(Deserialize, ToSchema)]
pub struct ReviewInput {
    pub name: String,
    /// Optional https URL of a portrait; null or "" for none.
    pub avatar_url: Option<String>,
    /// A photo from the media library as the avatar; null for none.
    #[serde(default)]
    pub avatar_media_id: Option<i64>,
    /// Stars, 1 to 5.
    pub rating: i64,
    pub text: String,
}

/// A review that passed every check, ready to store.
struct ValidReview {
    name: String,
    avatar_url: Option<String>,
    avatar_media_id: Option<i64>,
    rating: i64,
    text: String,
}

impl TryFrom<ReviewInput> for ValidReview {
    type Error = AppError;

    fn try_from(input: ReviewInput) -> Result<Self, AppError> {
        let mut fields = Fields::default();
        let name = fields.text("name", &input.name, "De naam", Some("Vul een naam in."), 80);
        let avatar_url = fields.optional_https_url(
            "avatar_url",
            input.avatar_url.as_deref(),
            "Geef een geldige afbeeldingslink die met https:// begint, of laat dit veld leeg.",
        );
        if !(1..=5).contains(&input.rating) {
            fields.error("rating", "Kies een score van 1 tot 5 sterren.");
        }
        let text = fields.multiline_text(
            "text",
            &input.text,
            "De tekst",
            Some("Vul de tekst van de review in."),
            2000,
        );
        fields.finish()?;
        Ok(Self {
            name,
            avatar_url,
            avatar_media_id: input.avatar_media_id,
            rating: input.rating,
            text,
        })
    }
}

/// A participant's review shows under her name with her consent to exactly what she wrote:
/// the coach approves, declines (hides) or deletes it, but never rewrites it.
const PARTICIPANT_WORDS: &str = "Een review van een deelnemer kan je niet bewerken: het zijn haar of zijn woorden. \
                                 Keur ze goed, verberg ze of verwijder ze.";

fn not_found() -> AppError {
    AppError::NotFound("Deze review bestaat niet (meer).".into())
}

#[utoipa::path(
    get,
    path = "/admin/reviews",
    operation_id = "admin_list_reviews",
    tag = "admin",
    params(PageQuery),
    responses(
        (status = 200, description = "One page of reviews of every status, newest first; q searches name and text", body = Page<Review>),
    )
)]
pub async fn list_reviews(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Page<Review>>, AppError> {
    let pattern = query.like_pattern_or_all();
    let sql = ListSql {
        columns: COLUMNS,
        from: FROM_REVIEWS,
        filter: "WHERE LOWER(r.name) LIKE $1 ESCAPE '\\' OR LOWER(r.text) LIKE $1 ESCAPE '\\'",
        order_by: "r.created_at DESC, r.id DESC",
    };
    let mut page = paging::fetch_page(
        &state.pool,
        query.info(),
        &sql,
        |q| q.bind(&pattern),
        Review::from_row,
    )
    .await?;
    page.items = with_avatars(&state.pool, page.items).await?;
    Ok(Json(page))
}

#[utoipa::path(
    post,
    path = "/admin/reviews",
    operation_id = "admin_create_review",
    tag = "admin",
    request_body = ReviewInput,
    responses(
        (status = 201, description = "Created; it shows on the home page at once", body = Review),
        (status = 422, description = "Invalid input, with a message per field", body = ErrorBody),
    )
)]
pub async fn create_review(
    State(state): State<AppState>,
    ApiJson(input): ApiJson<ReviewInput>,
) -> Result<(StatusCode, Json<Review>), AppError> {
    let review = ValidReview::try_from(input)?;
    let mut tx = db::begin_write(&state.pool).await?;
    if let Some(media_id) = review.avatar_media_id {
        media::admin::existing(&mut tx, media_id, "avatar_media_id").await?;
    }
    let id: i64 = sqlx::query(
        "INSERT INTO reviews (name, avatar_url, avatar_media_id, rating, text, created_at, status) \
         VALUES ($1, $2, $3, $4, $5, $6, 'approved') RETURNING id",
    )
    .bind(review.name)
    .bind(review.avatar_url)
    .bind(review.avatar_media_id)
    .bind(review.rating)
    .bind(review.text)
    .bind(db::now())
    .fetch_one(&mut *tx)
    .await?
    .try_get("id")?;
    tx.commit().await?;
    let review = fetch(&state.pool, id).await?.ok_or_else(not_found)?;
    Ok((StatusCode::CREATED, Json(review)))
}

#[utoipa::path(
    put,
    path = "/admin/reviews/{id}",
    operation_id = "admin_update_review",
    tag = "admin",
    params(("id" = i64, Path, description = "Review id")),
    request_body = ReviewInput,
    responses(
        (status = 200, description = "Updated", body = Review),
        (status = 404, description = "No such review", body = ErrorBody),
        (status = 409, description = "A participant's review: only its status can change", body = ErrorBody),
        (status = 422, description = "Invalid input, with a message per field", body = ErrorBody),
    )
)]
pub async fn update_review(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiJson(input): ApiJson<ReviewInput>,
) -> Result<Json<Review>, AppError> {
    let review = ValidReview::try_from(input)?;
    let mut tx = db::begin_write(&state.pool).await?;
    let participant = sqlx::query("SELECT event_id FROM reviews WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or_else(not_found)?
        .try_get::<Option<i64>, _>("event_id")?
        .is_some();
    if participant {
        return Err(AppError::Conflict(PARTICIPANT_WORDS.into()));
    }
    if let Some(media_id) = review.avatar_media_id {
        media::admin::existing(&mut tx, media_id, "avatar_media_id").await?;
    }
    let updated = sqlx::query(
        "UPDATE reviews SET name = $1, avatar_url = $2, avatar_media_id = $3, rating = $4, text = $5 \
         WHERE id = $6",
    )
    .bind(review.name)
    .bind(review.avatar_url)
    .bind(review.avatar_media_id)
    .bind(review.rating)
    .bind(review.text)
    .bind(id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if updated == 0 {
        return Err(not_found());
    }
    tx.commit().await?;
    Ok(Json(fetch(&state.pool, id).await?.ok_or_else(not_found)?))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReviewStatusInput {
    /// `approved` puts it on the site, `declined` keeps it off; `pending` undoes either.
    #[serde(default)]
    #[schema(value_type = ReviewStatus)]
    pub status: Choice<ReviewStatus>,
}

#[utoipa::path(
    put,
    path = "/admin/reviews/{id}/status",
    operation_id = "admin_set_review_status",
    tag = "admin",
    params(("id" = i64, Path, description = "Review id")),
    request_body = ReviewStatusInput,
    responses(
        (status = 200, description = "The review with its new status; approved ones show on the site at once", body = Review),
        (status = 404, description = "No such review", body = ErrorBody),
        (status = 422, description = "Unknown status", body = ErrorBody),
    )
)]
pub async fn set_review_status(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiJson(input): ApiJson<ReviewStatusInput>,
) -> Result<Json<Review>, AppError> {
    let mut fields = Fields::default();
    let status = fields.choice(
        "status",
        input.status,
        "Kies goedkeuren, afwijzen of opnieuw laten wachten.",
    );
    fields.finish()?;
    let updated = sqlx::query("UPDATE reviews SET status = $1 WHERE id = $2")
        .bind(status.expect("checked above"))
        .bind(id)
        .execute(&state.pool)
        .await?
        .rows_affected();
    if updated == 0 {
        return Err(not_found());
    }
    Ok(Json(fetch(&state.pool, id).await?.ok_or_else(not_found)?))
}

#[utoipa::path(
    delete,
    path = "/admin/reviews/{id}",
    operation_id = "admin_delete_review",
    tag = "admin",
    params(("id" = i64, Path, description = "Review id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such review", body = ErrorBody),
    )
)]
pub async fn delete_review(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<StatusCode, AppError> {
    let deleted = sqlx::query("DELETE FROM reviews WHERE id = $1")
        .bind(id)
        .execute(&state.pool)
        .await?
        .rows_affected();
    if deleted == 0 {
        return Err(not_found());
    }
    Ok(StatusCode::NO_CONTENT)
}
