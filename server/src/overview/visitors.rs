//! Beheer > Bezoekers: visitors per day over a chosen period, top pages, sources, campaigns and
//! devices (the counts of `platform::visits`), and the path per week: visitors → self-test
//! started → completed → newsletter confirmed / intro call booked / order paid, the last three
//! from their own tables.
use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use jiff::ToSpan;
use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use sqlx::{AnyPool, Row};
use utoipa::{IntoParams, ToSchema};

use crate::kit::brussels;
use crate::kit::db;
use crate::kit::error::{ApiQuery, AppError, ErrorBody};
use crate::platform::state::AppState;
use crate::platform::visit_counts::{CountKind, DeviceClass, VisitEvent};

/// Rows of each top list.
const TOP: i64 = 10;
pub const DEFAULT_DAYS: i64 = 30;
pub const MAX_DAYS: i64 = 366;

/// Under `/api/admin`.
pub mod admin {
    use utoipa_axum::router::OpenApiRouter;
    use utoipa_axum::routes;

    use crate::platform::state::AppState;

    pub fn routes() -> OpenApiRouter<AppState> {
        OpenApiRouter::new().routes(routes!(super::visitors))
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct VisitorQuery {
    /// The period: this many days up to today (Brussels), 1 to 366; 30 when left out.
    pub days: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct DayFigures {
    /// `YYYY-MM-DD` (Brussels).
    pub date: String,
    pub views: i64,
    /// Unique visitors of that day.
    pub visitors: i64,
}

#[derive(Serialize, ToSchema)]
pub struct NamedCount {
    /// A path, a domain, a campaign, or a device class (`phone`, `tablet`, `desktop`).
    pub name: String,
    /// Dutch, for a device class; else the name.
    pub label: String,
    pub count: i64,
}

#[derive(Serialize, ToSchema, Default)]
pub struct FunnelWeek {
    /// Monday of the week (Brussels), `YYYY-MM-DD`.
    pub week_start: String,
    /// The week's visitors: the sum of its days' unique visitors.
    pub visitors: i64,
    pub selftest_started: i64,
    pub selftest_completed: i64,
    pub newsletter_confirmed: i64,
    pub intro_calls_booked: i64,
    pub orders_paid: i64,
}

#[derive(Serialize, ToSchema)]
pub struct VisitorReport {
    /// First and last day of the period, `YYYY-MM-DD`.
    pub from: String,
    pub to: String,
    /// Every day of the period, oldest first (days without visits show 0).
    pub days: Vec<DayFigures>,
    pub views: i64,
    /// The sum of the days' unique visitors.
    pub visitors: i64,
    /// The most viewed pages of the period, most first.
    pub top_pages: Vec<NamedCount>,
    /// Referrer domains and `utm_source`s, most first (visits typed in or from a bookmark have none).
    pub sources: Vec<NamedCount>,
    pub campaigns: Vec<NamedCount>,
    pub devices: Vec<NamedCount>,
    /// Every week (Monday to Sunday) that overlaps the period, oldest first.
    pub funnel: Vec<FunnelWeek>,
}

#[utoipa::path(
    get,
    path = "/admin/visitors",
    operation_id = "admin_visitors",
    tag = "admin",
    params(VisitorQuery),
    responses(
        (status = 200, description = "Visitors and page views per day, top pages, sources, campaigns, devices, and the path per week", body = VisitorReport),
        (status = 422, description = "days is not 1 to 366", body = ErrorBody),
    )
)]
pub async fn visitors(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<VisitorQuery>,
) -> Result<Json<VisitorReport>, AppError> {
    let days = query.days.unwrap_or(DEFAULT_DAYS);
    if !(1..=MAX_DAYS).contains(&days) {
        return Err(AppError::invalid("Kies een periode van 1 tot 366 dagen."));
    }
    // What this server counted until now, so she sees it at once.
    state.visits.flush().await?;
    let to = state.visits.today();
    let from = to - (days - 1).days();
    report(&state.pool, from, to).await.map(Json)
}

pub async fn report(pool: &AnyPool, from: Date, to: Date) -> Result<VisitorReport, AppError> {
    let (first, last) = (from.to_string(), to.to_string());
    let mut views: HashMap<String, i64> = HashMap::new();
    for row in sqlx::query(
        "SELECT day, CAST(SUM(views) AS BIGINT) AS n FROM visit_pages \
         WHERE day >= $1 AND day <= $2 GROUP BY day",
    )
    .bind(&first)
    .bind(&last)
    .fetch_all(pool)
    .await?
    {
        views.insert(row.try_get("day")?, row.try_get("n")?);
    }
    // Days that have ended keep their count; today's are still hashes (both, just after
    // midnight, until the first flush closes the day).
    let mut visitors: HashMap<String, i64> = HashMap::new();
    for sql in [
        "SELECT day, visitors AS n FROM visit_days WHERE day >= $1 AND day <= $2",
        "SELECT day, COUNT(*) AS n FROM visitor_hashes WHERE day >= $1 AND day <= $2 GROUP BY day",
    ] {
        for row in sqlx::query(sql)
            .bind(&first)
            .bind(&last)
            .fetch_all(pool)
            .await?
        {
            *visitors.entry(row.try_get("day")?).or_default() += row.try_get::<i64, _>("n")?;
        }
    }
    let mut days = Vec::new();
    let mut day = from;
    while day <= to {
        let key = day.to_string();
        days.push(DayFigures {
            views: views.get(&key).copied().unwrap_or(0),
            visitors: visitors.get(&key).copied().unwrap_or(0),
            date: key,
        });
        day = day.tomorrow().map_err(anyhow::Error::from)?;
    }
    let top_pages = named(
        pool,
        "SELECT path AS name, CAST(SUM(views) AS BIGINT) AS n FROM visit_pages \
         WHERE day >= $1 AND day <= $2 GROUP BY path ORDER BY n DESC, name LIMIT $3",
        &first,
        &last,
        None,
    )
    .await?;
    let counts_of = |kind: CountKind| {
        let (first, last) = (first.clone(), last.clone());
        async move {
            named(
                pool,
                "SELECT name, CAST(SUM(count) AS BIGINT) AS n FROM visit_counts \
                 WHERE day >= $1 AND day <= $2 AND kind = $4 GROUP BY name \
                 ORDER BY n DESC, name LIMIT $3",
                &first,
                &last,
                Some(kind),
            )
            .await
        }
    };
    let sources = counts_of(CountKind::Source).await?;
    let campaigns = counts_of(CountKind::Campaign).await?;
    let mut devices = counts_of(CountKind::Device).await?;
    for device in &mut devices {
        if let Ok(class) = device.name.parse::<DeviceClass>() {
            device.label = class.label().to_string();
        }
    }
    let funnel = funnel(pool, from, to, &days).await?;
    Ok(VisitorReport {
        from: first,
        to: last,
        views: days.iter().map(|d| d.views).sum(),
        visitors: days.iter().map(|d| d.visitors).sum(),
        days,
        top_pages,
        sources,
        campaigns,
        devices,
        funnel,
    })
}

async fn named(
    pool: &AnyPool,
    sql: &'static str,
    first: &str,
    last: &str,
    kind: Option<CountKind>,
) -> Result<Vec<NamedCount>, AppError> {
    let mut query = sqlx::query(sql).bind(first).bind(last).bind(TOP);
    if let Some(kind) = kind {
        query = query.bind(kind.as_str());
    }
    query
        .fetch_all(pool)
        .await?
        .iter()
        .map(|row| {
            let name: String = row.try_get("name")?;
            Ok(NamedCount {
                label: name.clone(),
                name,
                count: row.try_get("n")?,
            })
        })
        .collect()
}

/// Which count of a week a query fills.
type WeekField = fn(&mut FunnelWeek) -> &mut i64;

/// The Monday of `day`'s week.
fn monday(day: Date) -> Date {
    day - i64::from(day.weekday().to_monday_zero_offset()).days()
}

/// The path per week over the weeks that overlap `from..=to`.
async fn funnel(
    pool: &AnyPool,
    from: Date,
    to: Date,
    days: &[DayFigures],
) -> Result<Vec<FunnelWeek>, AppError> {
    let mut mondays = Vec::new();
    let mut week = monday(from);
    while week <= to {
        mondays.push(week);
        week = week.checked_add(7.days()).map_err(anyhow::Error::from)?;
    }
    let mut weeks: Vec<FunnelWeek> = mondays
        .iter()
        .map(|m| FunnelWeek {
            week_start: m.to_string(),
            ..FunnelWeek::default()
        })
        .collect();
    let index = |day: Date| mondays.iter().rposition(|m| *m <= day);
    // The visitors of the period's days (the first week's days before `from` are not counted).
    for figures in days {
        if let Some(i) = index(figures.date.parse().map_err(anyhow::Error::from)?) {
            weeks[i].visitors += figures.visitors;
        }
    }
    let first_day = mondays[0].to_string();
    for row in sqlx::query(
        "SELECT day, count AS n FROM visit_counts WHERE kind = 'event' AND name = $1 AND day >= $2",
    )
    .bind(VisitEvent::SelftestStarted.as_str())
    .bind(&first_day)
    .fetch_all(pool)
    .await?
    {
        let day: String = row.try_get("day")?;
        if let Some(i) = index(day.parse().map_err(anyhow::Error::from)?) {
            weeks[i].selftest_started += row.try_get::<i64, _>("n")?;
        }
    }
    // Anonymous results past the retention period are counts per Brussels day.
    for row in sqlx::query(
        "SELECT day, CAST(SUM(count) AS BIGINT) AS n FROM selftest_result_counts WHERE day >= $1 \
         GROUP BY day",
    )
    .bind(&first_day)
    .fetch_all(pool)
    .await?
    {
        let day: String = row.try_get("day")?;
        let day: Date = day.parse().map_err(anyhow::Error::from)?;
        if let Some(i) = index(day).filter(|_| day <= to) {
            weeks[i].selftest_completed += row.try_get::<i64, _>("n")?;
        }
    }
    // Moments in UTC, each read in Brussels to find its week.
    let since = db::format_ts(brussels::start_of(mondays[0])?);
    let moments: [(&'static str, WeekField); 4] = [
        (
            "SELECT created_at AS at FROM selftest_results WHERE created_at >= $1",
            |w| &mut w.selftest_completed,
        ),
        (
            "SELECT confirmed_at AS at FROM newsletter_subscribers WHERE confirmed_at >= $1",
            |w| &mut w.newsletter_confirmed,
        ),
        (
            "SELECT created_at AS at FROM intro_calls WHERE created_at >= $1",
            |w| &mut w.intro_calls_booked,
        ),
        (
            "SELECT paid_at AS at FROM orders WHERE paid_at >= $1",
            |w| &mut w.orders_paid,
        ),
    ];
    for (sql, field) in moments {
        for row in sqlx::query(sql).bind(&since).fetch_all(pool).await? {
            let at: String = row.try_get("at")?;
            let day = brussels::at(db::parse_ts(&at)?).date();
            if let Some(i) = index(day).filter(|_| day <= to) {
                *field(&mut weeks[i]) += 1;
            }
        }
    }
    Ok(weeks)
}
