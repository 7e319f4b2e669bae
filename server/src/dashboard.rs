//! The figures on the coach's admin dashboard.
use axum::Json;
use axum::extract::State;
use jiff::civil::Date;
use jiff::{Timestamp, ToSpan};
use serde::Serialize;
use sqlx::{AssertSqlSafe, Row};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::db;
use crate::error::{AppError, ErrorBody};
use crate::events::admin::AdminEvent;
use crate::events::{COLUMNS, Event, TIME_ZONE};
use crate::intro_calls::{self, IntroCall};
use crate::startup::AppState;

const WEEKS: i64 = 12;
const NEXT_EVENTS: i64 = 6;
const NEXT_INTRO_CALLS: i64 = 5;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(dashboard))
}

#[derive(Serialize, ToSchema)]
pub struct SubscriberCounts {
    pub confirmed: i64,
    pub pending: i64,
    pub unsubscribed: i64,
}

#[derive(Serialize, ToSchema)]
pub struct WeeklySignups {
    /// Monday of the week (Brussels), `YYYY-MM-DD`.
    pub week_start: String,
    pub count: i64,
}

#[derive(Serialize, ToSchema)]
pub struct ReviewStats {
    pub count: i64,
    /// Mean stars, null without reviews.
    pub average_rating: Option<f64>,
}

#[derive(Serialize, ToSchema)]
pub struct DashboardSummary {
    pub subscribers: SubscriberCounts,
    /// Newsletter signups in each of the last 12 weeks, oldest first.
    pub signups_per_week: Vec<WeeklySignups>,
    pub reviews: ReviewStats,
    /// Events of any kind that have not ended and are not cancelled (drafts too), soonest first.
    pub next_events: Vec<AdminEvent>,
    // Intro calls and contact (issue 5).
    /// Booked intro calls that have not ended, soonest first (at most 5).
    pub upcoming_intro_calls: Vec<IntroCall>,
    /// Contact messages not read yet.
    pub unread_messages: i64,
}

/// Mondays of the last `WEEKS` weeks in Brussels, oldest first.
fn week_starts(today: Date) -> Vec<Date> {
    let monday = today - (i64::from(today.weekday().to_monday_zero_offset())).days();
    (0..WEEKS)
        .rev()
        .map(|back| monday - (back * 7).days())
        .collect()
}

#[utoipa::path(
    get,
    path = "/admin/dashboard",
    operation_id = "admin_dashboard",
    tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Subscribers, signups per week, reviews, the next events, upcoming intro calls and unread messages", body = DashboardSummary),
        (status = 401, description = "No valid access token", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
    )
)]
pub async fn dashboard(State(state): State<AppState>) -> Result<Json<DashboardSummary>, AppError> {
    let pool = &state.pool;
    let mut subscribers = SubscriberCounts {
        confirmed: 0,
        pending: 0,
        unsubscribed: 0,
    };
    for row in
        sqlx::query("SELECT status, COUNT(*) AS n FROM newsletter_subscribers GROUP BY status")
            .fetch_all(pool)
            .await?
    {
        let n: i64 = row.try_get("n")?;
        match row.try_get::<String, _>("status")?.as_str() {
            "confirmed" => subscribers.confirmed = n,
            "pending" => subscribers.pending = n,
            _ => subscribers.unsubscribed = n,
        }
    }

    let now = Timestamp::now();
    let weeks = week_starts(now.in_tz(TIME_ZONE).map_err(anyhow::Error::from)?.date());
    let first = weeks[0]
        .in_tz(TIME_ZONE)
        .map_err(anyhow::Error::from)?
        .timestamp();
    let mut counts = vec![0_i64; weeks.len()];
    for row in sqlx::query("SELECT created_at FROM newsletter_subscribers WHERE created_at >= $1")
        .bind(db::format_ts(first))
        .fetch_all(pool)
        .await?
    {
        let date = db::parse_ts(&row.try_get::<String, _>("created_at")?)?
            .in_tz(TIME_ZONE)
            .map_err(anyhow::Error::from)?
            .date();
        if let Some(week) = weeks.iter().rposition(|start| *start <= date) {
            counts[week] += 1;
        }
    }
    let signups_per_week = weeks
        .iter()
        .zip(counts)
        .map(|(start, count)| WeeklySignups {
            week_start: start.to_string(),
            count,
        })
        .collect();

    let row = sqlx::query(
        "SELECT COUNT(*) AS n, CAST(COALESCE(SUM(rating), 0) AS BIGINT) AS stars FROM reviews",
    )
    .fetch_one(pool)
    .await?;
    let (count, stars): (i64, i64) = (row.try_get("n")?, row.try_get("stars")?);
    let reviews = ReviewStats {
        count,
        average_rating: (count > 0).then(|| (stars as f64 / count as f64 * 10.0).round() / 10.0),
    };

    let rows = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM events WHERE ends_at > $1 AND status <> 'cancelled' ORDER BY starts_at, id LIMIT $2"
    )))
    .bind(db::format_ts(now))
    .bind(NEXT_EVENTS)
    .fetch_all(pool)
    .await?;
    let next_events = rows
        .iter()
        .map(|row| Ok(AdminEvent::new(Event::from_row(row)?)?))
        .collect::<Result<_, AppError>>()?;

    // Intro calls and contact (issue 5).
    let rows = sqlx::query(AssertSqlSafe(format!(
        "SELECT {} FROM intro_calls WHERE status = 'booked' AND ends_at > $1 ORDER BY starts_at, id LIMIT $2",
        intro_calls::COLUMNS
    )))
    .bind(db::format_ts(now))
    .bind(NEXT_INTRO_CALLS)
    .fetch_all(pool)
    .await?;
    let upcoming_intro_calls = rows
        .iter()
        .map(IntroCall::from_row)
        .collect::<Result<_, _>>()?;
    let unread_messages = crate::contact::admin::unread_count(pool).await?;

    Ok(Json(DashboardSummary {
        subscribers,
        signups_per_week,
        reviews,
        next_events,
        upcoming_intro_calls,
        unread_messages,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weeks_start_on_monday_and_end_with_this_week() {
        let weeks = week_starts(jiff::civil::date(2026, 11, 21)); // a Saturday
        assert_eq!(weeks.len(), 12);
        assert_eq!(weeks[11].to_string(), "2026-11-16");
        assert_eq!(weeks[0].to_string(), "2026-08-31");
    }
}
