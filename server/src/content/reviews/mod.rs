//! Customer reviews (testimonials): typed in by the coach, or left by participants through a
//! personal invitation after an evening or course date (pending until she approves them).
pub mod admin;
pub mod invitations;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyPool, AssertSqlSafe, Row};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::agenda::events::EventKind;
use crate::kit::closed_set::closed_set;
use crate::kit::error::AppError;
use crate::platform::live::{Built, json_body};
use crate::platform::photos::{self, MediaImage};
use crate::platform::state::AppState;
use crate::{kit::brussels, kit::db, kit::dutch};

/// The home page shows at most this many reviews.
pub const PUBLIC_LIMIT: i64 = 12;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_reviews))
        .merge(invitations::routes())
}

closed_set! {
    /// Whether a review shows on the site.
    pub enum ReviewStatus {
        /// Left by a participant; waits for the coach.
        Pending = "pending" => "Wacht op goedkeuring",
        Approved = "approved" => "Op de website",
        Declined = "declined" => "Afgewezen",
    }
}

#[derive(Serialize, ToSchema)]
pub struct Review {
    pub id: i64,
    pub name: String,
    pub avatar_url: Option<String>,
    /// A photo from the media library; shown instead of `avatar_url` when set.
    pub avatar_media_id: Option<i64>,
    pub avatar: Option<MediaImage>,
    /// Stars, 1 to 5.
    pub rating: i64,
    pub text: String,
    /// UTC, RFC 3339.
    pub created_at: String,
    pub status: ReviewStatus,
    /// For a review left through an invitation, who wrote it, e.g. "deelnemer van de
    /// vertelavond van 12 november 2026"; null for a review the coach typed.
    pub participant_of: Option<String>,
}

/// The columns `Review::from_row` reads, from `FROM_REVIEWS`.
const COLUMNS: &str = "r.id, r.name, r.avatar_url, r.avatar_media_id, r.rating, r.text, r.created_at, r.status, \
                       e.kind AS event_kind, e.starts_at AS event_starts_at";
const FROM_REVIEWS: &str = "reviews r LEFT JOIN events e ON e.id = r.event_id";

/// "de vertelavond van 12 november 2026": the evening or course date a participant took part in.
pub fn occasion(kind: EventKind, starts_at: &str) -> Result<String, AppError> {
    let day = dutch::day_month_year(brussels::at(db::parse_ts(starts_at)?).date());
    Ok(match kind {
        EventKind::Vertelavond => format!("de vertelavond van {day}"),
        EventKind::Zelfbeeld => format!("de Zelfbeeld-Ommekeer van {day}"),
        EventKind::Webinar => format!("het webinar van {day}"),
    })
}

impl Review {
    fn from_row(row: &AnyRow) -> Result<Self, AppError> {
        let kind: Option<EventKind> = row.try_get("event_kind")?;
        let participant_of = match kind {
            Some(kind) => Some(format!(
                "deelnemer van {}",
                occasion(kind, &row.try_get::<String, _>("event_starts_at")?)?
            )),
            None => None,
        };
        Ok(Self {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            avatar_url: row.try_get("avatar_url")?,
            avatar_media_id: row.try_get("avatar_media_id")?,
            avatar: None,
            rating: row.try_get("rating")?,
            text: row.try_get("text")?,
            created_at: row.try_get("created_at")?,
            status: row.try_get("status")?,
            participant_of,
        })
    }
}

/// Fills in the avatar photos of `reviews` with one query.
pub(crate) async fn with_avatars(
    pool: &AnyPool,
    mut reviews: Vec<Review>,
) -> Result<Vec<Review>, sqlx::Error> {
    let ids: Vec<i64> = reviews.iter().filter_map(|r| r.avatar_media_id).collect();
    let images = photos::images(pool, &ids).await?;
    for review in &mut reviews {
        review.avatar = review
            .avatar_media_id
            .and_then(|id| images.get(&id).cloned());
    }
    Ok(reviews)
}

#[derive(Serialize, ToSchema)]
pub struct ReviewList {
    /// The newest approved reviews, newest first (at most 12).
    pub reviews: Vec<Review>,
    /// The number of all approved reviews.
    pub total: i64,
}

#[utoipa::path(
    get,
    path = "/reviews",
    operation_id = "list_reviews",
    tag = "reviews",
    responses(
        (status = 200, description = "The newest reviews and the total count", body = ReviewList),
        (status = 500, description = "Server error", body = crate::kit::error::ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn list_reviews(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let entry = state
        .live
        .reviews
        .get(&state.versions, "", || async {
            let list = newest(&state.pool).await?;
            Ok(Some(Built {
                body: json_body(&list)?,
                expires_at: None,
            }))
        })
        .await?
        .expect("the review list always builds");
    Ok(entry.respond(&headers))
}

/// The newest reviews and the count, read once per change of the reviews (see `live`).
pub async fn newest(pool: &AnyPool) -> Result<ReviewList, AppError> {
    let rows = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM {FROM_REVIEWS} WHERE r.status = 'approved' \
         ORDER BY r.created_at DESC, r.id DESC LIMIT $1"
    )))
    .bind(PUBLIC_LIMIT)
    .fetch_all(pool)
    .await?;
    let reviews = rows
        .iter()
        .map(Review::from_row)
        .collect::<Result<_, _>>()?;
    let reviews = with_avatars(pool, reviews).await?;
    Ok(ReviewList {
        reviews,
        total: rating(pool).await?.count,
    })
}

/// One review by id, any status.
async fn fetch(pool: &AnyPool, id: i64) -> Result<Option<Review>, AppError> {
    let row = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM {FROM_REVIEWS} WHERE r.id = $1"
    )))
    .bind(id)
    .fetch_optional(pool)
    .await?;
    let Some(review) = row.as_ref().map(Review::from_row).transpose()? else {
        return Ok(None);
    };
    Ok(with_avatars(pool, vec![review]).await?.pop())
}

/// What the approved reviews say together.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub count: i64,
    /// The mean of their stars to one decimal (half up); None without reviews.
    pub average: Option<f64>,
}

impl Rating {
    fn of(count: i64, stars: i64) -> Self {
        Self {
            count,
            // Tenths in integers, so 4.35 rounds up as a person would.
            average: (count > 0).then(|| ((stars * 20 + count) / (2 * count)) as f64 / 10.0),
        }
    }
}

/// The count and mean stars of the approved reviews: what the site and the dashboard show.
pub async fn rating(pool: &AnyPool) -> Result<Rating, sqlx::Error> {
    let row = sqlx::query(
        "SELECT COUNT(*) AS n, CAST(COALESCE(SUM(rating), 0) AS BIGINT) AS stars FROM reviews \
         WHERE status = 'approved'",
    )
    .fetch_one(pool)
    .await?;
    Ok(Rating::of(row.try_get("n")?, row.try_get("stars")?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_average_has_one_decimal_rounded_half_up() {
        assert_eq!(Rating::of(0, 0).average, None);
        assert_eq!(Rating::of(5, 22).average, Some(4.4));
        assert_eq!(Rating::of(3, 13).average, Some(4.3));
        assert_eq!(Rating::of(20, 87).average, Some(4.4));
        assert_eq!(Rating::of(2, 10).average, Some(5.0));
    }

    #[test]
    fn a_participant_is_marked_with_the_evening_or_course_and_its_brussels_date() {
        // 23:30 UTC is already the next day in Brussels.
        let late = "2026-11-12T23:30:00.000000Z";
        assert_eq!(
            occasion(EventKind::Vertelavond, late).unwrap(),
            "de vertelavond van 13 november 2026"
        );
        assert_eq!(
            occasion(EventKind::Zelfbeeld, "2026-12-03T09:00:00.000000Z").unwrap(),
            "de Zelfbeeld-Ommekeer van 3 december 2026"
        );
    }
}
