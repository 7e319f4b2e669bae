//! Customer reviews (testimonials).
pub mod admin;

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyPool, AssertSqlSafe, Row};
use utoipa::ToSchema;

use crate::error::AppError;
use crate::state::AppState;

/// The home page shows at most this many reviews.
pub const PUBLIC_LIMIT: i64 = 12;

pub fn router() -> Router<AppState> {
    Router::new().route("/reviews", get(list_reviews))
}

#[derive(Serialize, ToSchema)]
pub struct Review {
    pub id: i64,
    pub name: String,
    pub avatar_url: Option<String>,
    /// Stars, 1 to 5.
    pub rating: i64,
    pub text: String,
    /// UTC, RFC 3339.
    pub created_at: String,
}

const COLUMNS: &str = "id, name, avatar_url, rating, text, created_at";

impl Review {
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            avatar_url: row.try_get("avatar_url")?,
            rating: row.try_get("rating")?,
            text: row.try_get("text")?,
            created_at: row.try_get("created_at")?,
        })
    }
}

#[derive(Serialize, ToSchema)]
pub struct ReviewList {
    /// The newest reviews, newest first (at most 12).
    pub reviews: Vec<Review>,
    /// The number of all reviews.
    pub total: i64,
}

#[utoipa::path(
    get,
    path = "/api/reviews",
    operation_id = "list_reviews",
    tag = "reviews",
    responses(
        (status = 200, description = "The newest reviews and the total count", body = ReviewList),
        (status = 500, description = "Server error", body = crate::error::ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn list_reviews(State(state): State<AppState>) -> Result<Json<ReviewList>, AppError> {
    let rows = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM reviews ORDER BY created_at DESC, id DESC LIMIT $1"
    )))
    .bind(PUBLIC_LIMIT)
    .fetch_all(&state.pool)
    .await?;
    let reviews = rows
        .iter()
        .map(Review::from_row)
        .collect::<Result<_, _>>()?;
    Ok(Json(ReviewList {
        reviews,
        total: count(&state.pool).await?,
    }))
}

pub async fn count(pool: &AnyPool) -> Result<i64, sqlx::Error> {
    sqlx::query("SELECT COUNT(*) AS n FROM reviews")
        .fetch_one(pool)
        .await?
        .try_get("n")
}
