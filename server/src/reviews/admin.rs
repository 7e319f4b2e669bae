//! The coach's review management: list with search and paging, create, edit, delete.
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use sqlx::AssertSqlSafe;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{COLUMNS, Review};
use crate::db;
use crate::error::{ApiJson, ApiPath, ApiQuery, AppError, ErrorBody};
use crate::paging::{self, ListSql, Page, PageQuery};
use crate::state::AppState;
use crate::validation::Fields;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_reviews, create_review))
        .routes(routes!(update_review, delete_review))
}

#[derive(Deserialize, ToSchema)]
pub struct ReviewInput {
    pub name: String,
    /// Optional https URL of a portrait; null or "" for none.
    pub avatar_url: Option<String>,
    /// Stars, 1 to 5.
    pub rating: i64,
    pub text: String,
}

/// A review that passed every check, ready to store.
struct ValidReview {
    name: String,
    avatar_url: Option<String>,
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
        let text = fields.text(
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
            rating: input.rating,
            text,
        })
    }
}

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
        (status = 200, description = "One page of reviews, newest first; q searches name and text", body = Page<Review>),
    )
)]
pub async fn list_reviews(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Page<Review>>, AppError> {
    let pattern = query.like_pattern_or_all();
    let sql = ListSql {
        columns: COLUMNS,
        from: "reviews",
        filter: "WHERE LOWER(name) LIKE $1 ESCAPE '\\' OR LOWER(text) LIKE $1 ESCAPE '\\'",
        order_by: "created_at DESC, id DESC",
    };
    let page = paging::fetch_page(
        &state.pool,
        query.info(),
        &sql,
        |q| q.bind(&pattern),
        Review::from_row,
    )
    .await?;
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
    let row = sqlx::query(AssertSqlSafe(format!(
        "INSERT INTO reviews (name, avatar_url, rating, text, created_at) VALUES ($1, $2, $3, $4, $5) \
         RETURNING {COLUMNS}"
    )))
    .bind(review.name)
    .bind(review.avatar_url)
    .bind(review.rating)
    .bind(review.text)
    .bind(db::now())
    .fetch_one(&state.pool)
    .await?;
    Ok((StatusCode::CREATED, Json(Review::from_row(&row)?)))
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
        (status = 422, description = "Invalid input, with a message per field", body = ErrorBody),
    )
)]
pub async fn update_review(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiJson(input): ApiJson<ReviewInput>,
) -> Result<Json<Review>, AppError> {
    let review = ValidReview::try_from(input)?;
    let row = sqlx::query(AssertSqlSafe(format!(
        "UPDATE reviews SET name = $1, avatar_url = $2, rating = $3, text = $4 WHERE id = $5 RETURNING {COLUMNS}"
    )))
    .bind(review.name)
    .bind(review.avatar_url)
    .bind(review.rating)
    .bind(review.text)
    .bind(id)
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(not_found)?;
    Ok(Json(Review::from_row(&row)?))
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
