//! The figures on the coach's admin dashboard (what needs her today is in `today`).
use axum::Json;
use axum::extract::State;
use jiff::civil::Date;
use jiff::{Timestamp, ToSpan};
use serde::Serialize;
use sqlx::{AnyPool, AssertSqlSafe, Row};
use utoipa::ToSchema;

use crate::agenda::events::admin::AdminEvent;
use crate::agenda::events::{COLUMNS, Event, EventKind};
use crate::agenda::intro_calls::{self, IntroCall};
use crate::audience::newsletter::SubscriberStatus;
use crate::content::reviews;
use crate::kit::brussels;
use crate::kit::db;
use crate::kit::error::AppError;
use crate::platform::state::AppState;

const WEEKS: i64 = 12;
const NEXT_EVENTS: i64 = 6;
const NEXT_INTRO_CALLS: i64 = 5;

/// The dashboard, under `/api/admin`.
pub mod admin {
    use utoipa_axum::router::OpenApiRouter;
    use utoipa_axum::routes;

    use crate::platform::state::AppState;

    pub fn routes() -> OpenApiRouter<AppState> {
        OpenApiRouter::new().routes(routes!(super::dashboard))
    }
}

#[derive(Serialize, ToSchema)]
pub struct SubscriberCounts {
    pub confirmed: i64,
    pub pending: i64,
    pub unsubscribed: i64,
}

#[derive(Serialize, ToSchema)]
pub struct WeeklyCount {
    /// Monday of the week (Brussels), `YYYY-MM-DD`.
    pub week_start: String,
    pub count: i64,
}

#[derive(Serialize, ToSchema)]
pub struct ReviewStats {
    pub count: i64,
    /// Mean stars, null without reviews.
    pub average_rating: Option<f64>,
    /// Approved reviews written in each of the last 12 weeks, oldest first.
    pub per_week: Vec<WeeklyCount>,
}

#[derive(Serialize, ToSchema)]
pub struct DashboardSummary {
    pub subscribers: SubscriberCounts,
    /// Newsletter signups in each of the last 12 weeks, oldest first.
    pub signups_per_week: Vec<WeeklyCount>,
    pub reviews: ReviewStats,
    /// Events of any kind that have not ended and are not cancelled (drafts too), soonest first.
    pub next_events: Vec<AdminEvent>,

    // --- Commerce (orders, tickets) -----------------------------------------------------
    /// Paid orders per Brussels month by payment date, the last 12 months (this one included),
    /// oldest first; months without sales show 0. Refunded orders are left out.
    pub revenue_by_month: Vec<MonthlyRevenue>,
    /// The same per Brussels week, the last 12 weeks (this one included), oldest first.
    pub sales_per_week: Vec<WeeklySales>,
    /// Tickets of events that have not ended and are not cancelled, soonest first.
    pub tickets_by_event: Vec<EventTickets>,
    // --- End of commerce -----------------------------------------------------------------
    // --- Intro calls and contact ---------------------------------------------------------
    /// Booked intro calls that have not ended, soonest first (at most 5).
    pub upcoming_intro_calls: Vec<IntroCall>,
}

/// Mondays of the last `WEEKS` weeks in Brussels, oldest first.
/// How many rows of `sql` (selecting `created_at` from `$1` on) fall in each Brussels week.
async fn per_week(
    pool: &AnyPool,
    weeks: &[Date],
    sql: &'static str,
) -> Result<Vec<WeeklyCount>, AppError> {
    let mut counts = vec![0_i64; weeks.len()];
    for row in sqlx::query(sql)
        .bind(db::format_ts(brussels::start_of(weeks[0])?))
        .fetch_all(pool)
        .await?
    {
        let date = brussels::at(db::parse_ts(&row.try_get::<String, _>("created_at")?)?).date();
        if let Some(week) = weeks.iter().rposition(|start| *start <= date) {
            counts[week] += 1;
        }
    }
    Ok(weeks
        .iter()
        .zip(counts)
        .map(|(start, count)| WeeklyCount {
            week_start: start.to_string(),
            count,
        })
        .collect())
}

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
    responses(
        (status = 200, description = "Subscribers, signups per week, reviews, the next events, revenue per month, sales per week, tickets per event and upcoming intro calls", body = DashboardSummary),
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
        match row.try_get("status")? {
            SubscriberStatus::Confirmed => subscribers.confirmed = n,
            SubscriberStatus::Pending => subscribers.pending = n,
            SubscriberStatus::Unsubscribed => subscribers.unsubscribed = n,
        }
    }

    let now = Timestamp::now();
    let weeks = week_starts(brussels::at(now).date());
    let signups_per_week = per_week(
        pool,
        &weeks,
        "SELECT created_at FROM newsletter_subscribers WHERE created_at >= $1",
    )
    .await?;

    let rating = reviews::rating(pool).await?;
    let reviews = ReviewStats {
        count: rating.count,
        average_rating: rating.average,
        per_week: per_week(
            pool,
            &weeks,
            "SELECT created_at FROM reviews WHERE status = 'approved' AND created_at >= $1",
        )
        .await?,
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
        .map(|row| Ok(AdminEvent::new(Event::from_row_with_join_link(row)?)?))
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

    Ok(Json(DashboardSummary {
        subscribers,
        signups_per_week,
        reviews,
        next_events,
        revenue_by_month: revenue_by_month(pool, now).await?,
        sales_per_week: sales_per_week(pool, now).await?,
        tickets_by_event: tickets_by_event(pool, now).await?,
        upcoming_intro_calls,
    }))
}

// --- Commerce figures ----------------------------------------------------------------------

const MONTHS: i64 = 12;
const MAX_TICKET_EVENTS: i64 = 50;

#[derive(Serialize, ToSchema)]
pub struct MonthlyRevenue {
    /// Brussels month, `YYYY-MM`.
    pub month: String,
    /// Sum of the paid orders' totals, euro cents (VAT included).
    pub total_cents: i64,
    pub orders: i64,
}

#[derive(Serialize, ToSchema)]
pub struct WeeklySales {
    /// Monday of the week (Brussels), `YYYY-MM-DD`.
    pub week_start: String,
    /// Sum of the paid orders' totals, euro cents (VAT included).
    pub total_cents: i64,
    pub orders: i64,
}

#[derive(Serialize, ToSchema)]
pub struct EventTickets {
    pub event_id: i64,
    pub title: String,
    /// UTC, RFC 3339.
    pub starts_at: String,
    pub kind: EventKind,
    pub capacity: i64,
    /// Seats held by pending orders and taken by tickets.
    pub seats_taken: i64,
    /// Tickets that are not cancelled.
    pub tickets_sold: i64,
    pub checked_in: i64,
}

/// First days of the last `MONTHS` months in Brussels, this month last.
fn month_starts(today: Date) -> Vec<Date> {
    let first = today.first_of_month();
    (0..MONTHS)
        .rev()
        .map(|back| first - back.months())
        .collect()
}

/// Paid orders (refunds left out) per period starting at `starts` (oldest first, Brussels
/// dates), by payment date: (total cents, orders) per period.
async fn paid_per_period(pool: &AnyPool, starts: &[Date]) -> Result<Vec<(i64, i64)>, AppError> {
    let first = brussels::start_of(starts[0])?;
    let mut totals = vec![(0_i64, 0_i64); starts.len()];
    for row in sqlx::query(
        "SELECT paid_at, total_cents FROM orders WHERE status = 'paid' AND paid_at >= $1",
    )
    .bind(db::format_ts(first))
    .fetch_all(pool)
    .await?
    {
        let date = brussels::at(db::parse_ts(&row.try_get::<String, _>("paid_at")?)?).date();
        if let Some(period) = starts.iter().rposition(|start| *start <= date) {
            totals[period].0 += row.try_get::<i64, _>("total_cents")?;
            totals[period].1 += 1;
        }
    }
    Ok(totals)
}

async fn revenue_by_month(pool: &AnyPool, now: Timestamp) -> Result<Vec<MonthlyRevenue>, AppError> {
    let months = month_starts(brussels::at(now).date());
    let totals = paid_per_period(pool, &months).await?;
    Ok(months
        .iter()
        .zip(totals)
        .map(|(start, (total_cents, orders))| MonthlyRevenue {
            month: start.strftime("%Y-%m").to_string(),
            total_cents,
            orders,
        })
        .collect())
}

async fn sales_per_week(pool: &AnyPool, now: Timestamp) -> Result<Vec<WeeklySales>, AppError> {
    let weeks = week_starts(brussels::at(now).date());
    let totals = paid_per_period(pool, &weeks).await?;
    Ok(weeks
        .iter()
        .zip(totals)
        .map(|(start, (total_cents, orders))| WeeklySales {
            week_start: start.to_string(),
            total_cents,
            orders,
        })
        .collect())
}

async fn tickets_by_event(pool: &AnyPool, now: Timestamp) -> Result<Vec<EventTickets>, AppError> {
    let rows = sqlx::query(
        "SELECT e.id, e.title, e.starts_at, e.kind, e.capacity, e.seats_taken, \
         (SELECT COUNT(*) FROM tickets t WHERE t.event_id = e.id AND t.status <> 'cancelled') AS tickets_sold, \
         (SELECT COUNT(*) FROM tickets t WHERE t.event_id = e.id AND t.status = 'checked_in') AS checked_in \
         FROM events e WHERE e.ends_at > $1 AND e.status <> 'cancelled' ORDER BY e.starts_at, e.id LIMIT $2",
    )
    .bind(db::format_ts(now))
    .bind(MAX_TICKET_EVENTS)
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(EventTickets {
                event_id: row.try_get("id")?,
                title: row.try_get("title")?,
                starts_at: row.try_get("starts_at")?,
                kind: row.try_get("kind")?,
                capacity: row.try_get("capacity")?,
                seats_taken: row.try_get("seats_taken")?,
                tickets_sold: row.try_get("tickets_sold")?,
                checked_in: row.try_get("checked_in")?,
            })
        })
        .collect()
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

    #[test]
    fn months_are_the_last_twelve_ending_with_this_one() {
        let months = month_starts(jiff::civil::date(2026, 3, 31));
        assert_eq!(months.len(), 12);
        assert_eq!(months[11].to_string(), "2026-03-01");
        assert_eq!(months[0].to_string(), "2025-04-01");
        assert_eq!(months[10].to_string(), "2026-02-01");
    }
}
