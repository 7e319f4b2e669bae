//! Beheer > Meldingen: per kind immediate mails or the daily summary, the summary's time, the
//! default link of video calls, and the private calendar feed's link.
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::Delivery;
use super::summary::parse_time;
use crate::kit::closed_set::Choice;
use crate::kit::db;
use crate::kit::error::{ApiJson, AppError, ErrorBody};
use crate::kit::secret_token::{hash_token, new_token};
use crate::kit::validation::Fields;
use crate::platform::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(
            get_notification_settings,
            put_notification_settings
        ))
        .routes(routes!(renew_calendar_link))
}

/// The coach's notification settings.
#[derive(Serialize, ToSchema)]
pub struct NotificationSettings {
    /// Paid orders (courses and tickets).
    pub orders: Delivery,
    /// Paid Zelfbeeld-Ommekeer bookings.
    pub bookings: Delivery,
    pub webinars: Delivery,
    /// Intro calls booked, moved or cancelled.
    pub intro_calls: Delivery,
    /// Brussels time of the daily summary, `HH:MM`.
    pub summary_time: String,
    /// The video link of intro calls without one of their own (https).
    pub meeting_url: Option<String>,
    /// Whether a calendar feed link exists (its secret is shown only when made).
    pub calendar_feed_active: bool,
    /// UTC, RFC 3339: when the current calendar link was made.
    pub calendar_feed_created_at: Option<String>,
}

/// Missing fields count as empty.
#[derive(Deserialize, ToSchema)]
pub struct NotificationSettingsForm {
    #[serde(default)]
    #[schema(value_type = Delivery)]
    pub orders: Choice<Delivery>,
    #[serde(default)]
    #[schema(value_type = Delivery)]
    pub bookings: Choice<Delivery>,
    #[serde(default)]
    #[schema(value_type = Delivery)]
    pub webinars: Choice<Delivery>,
    #[serde(default)]
    #[schema(value_type = Delivery)]
    pub intro_calls: Choice<Delivery>,
    /// `HH:MM`, Brussels time.
    #[serde(default)]
    pub summary_time: String,
    /// Empty = none.
    #[serde(default)]
    pub meeting_url: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct CalendarLink {
    /// The feed's subscription URL (shown once: only its hash is kept).
    pub url: String,
}

async fn load(pool: &sqlx::AnyPool) -> Result<NotificationSettings, AppError> {
    let row = sqlx::query(
        "SELECT orders, bookings, webinars, intro_calls, summary_time, meeting_url, \
         calendar_token_hash, calendar_token_created_at FROM notification_settings WHERE id = 1",
    )
    .fetch_one(pool)
    .await?;
    Ok(NotificationSettings {
        orders: row.try_get("orders")?,
        bookings: row.try_get("bookings")?,
        webinars: row.try_get("webinars")?,
        intro_calls: row.try_get("intro_calls")?,
        summary_time: row.try_get("summary_time")?,
        meeting_url: row.try_get("meeting_url")?,
        calendar_feed_active: row
            .try_get::<Option<String>, _>("calendar_token_hash")?
            .is_some(),
        calendar_feed_created_at: row.try_get("calendar_token_created_at")?,
    })
}

#[utoipa::path(
    get,
    path = "/admin/notifications",
    operation_id = "admin_get_notification_settings",
    tag = "admin",
    responses(
        (status = 200, description = "How the coach is told, and her calendar feed", body = NotificationSettings),
    )
)]
pub async fn get_notification_settings(
    State(state): State<AppState>,
) -> Result<Json<NotificationSettings>, AppError> {
    Ok(Json(load(&state.pool).await?))
}

const DELIVERY: &str = "Kies meteen een e-mail of één samenvatting per dag.";

#[utoipa::path(
    put,
    path = "/admin/notifications",
    operation_id = "admin_put_notification_settings",
    tag = "admin",
    request_body = NotificationSettingsForm,
    responses(
        (status = 200, description = "Saved", body = NotificationSettings),
        (status = 422, description = "Invalid fields", body = ErrorBody),
    )
)]
pub async fn put_notification_settings(
    State(state): State<AppState>,
    ApiJson(form): ApiJson<NotificationSettingsForm>,
) -> Result<Json<NotificationSettings>, AppError> {
    let mut f = Fields::default();
    let orders = f.choice("orders", form.orders, DELIVERY);
    let bookings = f.choice("bookings", form.bookings, DELIVERY);
    let webinars = f.choice("webinars", form.webinars, DELIVERY);
    let intro_calls = f.choice("intro_calls", form.intro_calls, DELIVERY);
    let summary_time = parse_time(&form.summary_time);
    if summary_time.is_none() {
        f.error(
            "summary_time",
            "Vul een tijdstip in als UU:MM, bijvoorbeeld 08:00.",
        );
    }
    let meeting_url = f.optional_https_url(
        "meeting_url",
        form.meeting_url.as_deref(),
        "Vul een volledige https-link in, bijvoorbeeld https://meet.jit.si/in-lumine.",
    );
    f.finish()?;
    let (Some(orders), Some(bookings), Some(webinars), Some(intro_calls), Some(time)) =
        (orders, bookings, webinars, intro_calls, summary_time)
    else {
        unreachable!("checked above");
    };
    let mut tx = db::begin_write(&state.pool).await?;
    sqlx::query(
        "UPDATE notification_settings SET orders = $1, bookings = $2, webinars = $3, intro_calls = $4, \
         summary_time = $5, meeting_url = $6, updated_at = $7 WHERE id = 1",
    )
    .bind(orders)
    .bind(bookings)
    .bind(webinars)
    .bind(intro_calls)
    .bind(time.strftime("%H:%M").to_string())
    .bind(meeting_url)
    .bind(db::now())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Json(load(&state.pool).await?))
}

#[utoipa::path(
    post,
    path = "/admin/notifications/calendar-link",
    operation_id = "admin_renew_calendar_link",
    tag = "admin",
    responses(
        (status = 200, description = "A new calendar feed link; the previous one stops working", body = CalendarLink),
    )
)]
pub async fn renew_calendar_link(
    State(state): State<AppState>,
) -> Result<Json<CalendarLink>, AppError> {
    let token = new_token();
    let now = db::now();
    let mut tx = db::begin_write(&state.pool).await?;
    sqlx::query(
        "UPDATE notification_settings SET calendar_token_hash = $1, calendar_token_created_at = $2, \
         updated_at = $2 WHERE id = 1",
    )
    .bind(hash_token(&token))
    .bind(&now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Json(CalendarLink {
        url: super::calendar_feed_url(&state.public_url, &token),
    }))
}
