//! The coach's side of intro calls: her weekly availability (Brussels wall time) and the
//! list of calls, where she can cancel one with a message to the visitor.
use axum::Json;
use axum::extract::State;
use jiff::Timestamp;
use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::availability::{self, Availability, BlockedPeriod, Rule};
use super::{
    COLUMNS, CallMode, CancelledBy, IntroCall, IntroCallStatus, cancel_booked, fetch, mail,
};
use crate::kit::closed_set::Choice;
use crate::kit::db;
use crate::kit::dutch::WEEKDAYS;
use crate::kit::error::{ApiJson, ApiPath, ApiQuery, AppError, ErrorBody};
use crate::kit::paging::{self, ListSql, Page, PageQuery, When};
use crate::kit::validation::Fields;
use crate::kit::validation::filter;
use crate::platform::outbox;
use crate::platform::state::AppState;

const MAX_RULES: usize = 50;
const MAX_BLOCKED: usize = 200;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_availability, put_availability))
        .routes(routes!(list_intro_calls))
        .routes(routes!(cancel_intro_call))
        .routes(routes!(set_meeting_link))
}

/// A weekly time range in Brussels wall time.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct WeeklyRange {
    /// 1 = Monday … 7 = Sunday.
    pub weekday: i64,
    /// `HH:MM`.
    pub start: String,
    /// `HH:MM` (24:00 for midnight), after the start.
    pub end: String,
}

/// Days without calls, both ends included.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct BlockedDays {
    /// `YYYY-MM-DD`.
    pub first_day: String,
    /// `YYYY-MM-DD`, on or after the first day.
    pub last_day: String,
    /// E.g. "Zomervakantie"; may be empty.
    pub note: String,
}

/// The whole availability, read and saved at once.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct AvailabilityForm {
    /// Length of a call in minutes (10–240).
    pub slot_minutes: i64,
    /// Free minutes kept before and after every booked call (0–240).
    pub buffer_minutes: i64,
    /// How many hours ahead a visitor must book at least (0–720).
    pub min_notice_hours: i64,
    /// How many weeks ahead visitors can book (1–52).
    pub weeks_ahead: i64,
    pub rules: Vec<WeeklyRange>,
    pub blocked: Vec<BlockedDays>,
}

fn hhmm(minute: i64) -> String {
    format!("{:02}:{:02}", minute / 60, minute % 60)
}

/// `HH:MM` to minutes since midnight (24:00 allowed).
fn parse_hhmm(text: &str) -> Option<i64> {
    let (h, m) = text.trim().split_once(':')?;
    if h.len() != 2 || m.len() != 2 {
        return None;
    }
    let (h, m): (i64, i64) = (h.parse().ok()?, m.parse().ok()?);
    let minute = h * 60 + m;
    ((0..24).contains(&h) && (0..60).contains(&m) || minute == 24 * 60).then_some(minute)
}

impl From<Availability> for AvailabilityForm {
    fn from(a: Availability) -> Self {
        Self {
            slot_minutes: a.slot_minutes,
            buffer_minutes: a.buffer_minutes,
            min_notice_hours: a.min_notice_hours,
            weeks_ahead: a.weeks_ahead,
            rules: a
                .rules
                .iter()
                .map(|r| WeeklyRange {
                    weekday: r.weekday,
                    start: hhmm(r.start_minute),
                    end: hhmm(r.end_minute),
                })
                .collect(),
            blocked: a
                .blocked
                .into_iter()
                .map(|b| BlockedDays {
                    first_day: b.first_day.to_string(),
                    last_day: b.last_day.to_string(),
                    note: b.note,
                })
                .collect(),
        }
    }
}

impl TryFrom<AvailabilityForm> for Availability {
    type Error = AppError;

    fn try_from(form: AvailabilityForm) -> Result<Self, AppError> {
        let mut f = Fields::default();
        let mut range = |field, value: i64, min: i64, max: i64, message: &str| {
            if !(min..=max).contains(&value) {
                f.error(field, message.to_string());
            }
        };
        range(
            "slot_minutes",
            form.slot_minutes,
            10,
            240,
            "Kies een gesprekslengte van 10 tot 240 minuten.",
        );
        range(
            "buffer_minutes",
            form.buffer_minutes,
            0,
            240,
            "Kies een pauze van 0 tot 240 minuten.",
        );
        range(
            "min_notice_hours",
            form.min_notice_hours,
            0,
            720,
            "Kies een minimale termijn van 0 tot 720 uur.",
        );
        range(
            "weeks_ahead",
            form.weeks_ahead,
            1,
            52,
            "Kies van 1 tot 52 weken vooruit.",
        );
        if form.rules.len() > MAX_RULES {
            f.error(
                "rules",
                format!("Je kan hoogstens {MAX_RULES} tijdsblokken ingeven."),
            );
        }
        let mut rules: Vec<Rule> = Vec::new();
        for r in &form.rules {
            // checked: any i64 can arrive here, and i64::MIN - 1 would overflow.
            let Some(day) = r
                .weekday
                .checked_sub(1)
                .and_then(|i| usize::try_from(i).ok())
                .and_then(|i| WEEKDAYS.get(i))
            else {
                f.error("rules", "Kies een dag van maandag tot zondag.");
                continue;
            };
            match (parse_hhmm(&r.start), parse_hhmm(&r.end)) {
                (Some(start), Some(end)) if start < end => {
                    let overlaps = rules.iter().any(|o| {
                        o.weekday == r.weekday && start < o.end_minute && o.start_minute < end
                    });
                    if overlaps {
                        f.error("rules", format!("Op {day} overlappen twee tijdsblokken."));
                    }
                    rules.push(Rule {
                        weekday: r.weekday,
                        start_minute: start,
                        end_minute: end,
                    });
                }
                (Some(_), Some(_)) => f.error(
                    "rules",
                    format!(
                        "{day} {}–{}: het einde moet na het begin liggen.",
                        r.start, r.end
                    ),
                ),
                _ => f.error(
                    "rules",
                    format!("Vul bij {day} geldige uren in, bv. 09:00 en 12:00."),
                ),
            }
        }
        if form.blocked.len() > MAX_BLOCKED {
            f.error(
                "blocked",
                format!("Je kan hoogstens {MAX_BLOCKED} periodes blokkeren."),
            );
        }
        let mut blocked = Vec::new();
        for b in &form.blocked {
            let first: Option<Date> = b.first_day.trim().parse().ok();
            let last: Option<Date> = b.last_day.trim().parse().ok();
            let note = f.text("blocked", &b.note, "Een omschrijving", None, 120);
            match (first, last) {
                (Some(first_day), Some(last_day)) if first_day <= last_day => {
                    blocked.push(BlockedPeriod {
                        first_day,
                        last_day,
                        note,
                    })
                }
                (Some(_), Some(_)) => f.error(
                    "blocked",
                    "Een geblokkeerde periode moet eindigen op of na de eerste dag.",
                ),
                _ => f.error("blocked", "Kies geldige data voor de geblokkeerde periode."),
            }
        }
        f.finish()?;
        rules.sort_by_key(|r| (r.weekday, r.start_minute));
        blocked.sort_by_key(|b| b.first_day);
        Ok(Availability {
            slot_minutes: form.slot_minutes,
            buffer_minutes: form.buffer_minutes,
            min_notice_hours: form.min_notice_hours,
            weeks_ahead: form.weeks_ahead,
            rules,
            blocked,
        })
    }
}

#[utoipa::path(
    get,
    path = "/admin/availability",
    operation_id = "admin_get_availability",
    tag = "admin",
    responses(
        (status = 200, description = "The weekly availability for intro calls", body = AvailabilityForm),
    )
)]
pub async fn get_availability(
    State(state): State<AppState>,
) -> Result<Json<AvailabilityForm>, AppError> {
    let mut conn = state.pool.acquire().await?;
    Ok(Json(availability::load(&mut conn).await?.into()))
}

#[utoipa::path(
    put,
    path = "/admin/availability",
    operation_id = "admin_put_availability",
    tag = "admin",
    request_body = AvailabilityForm,
    responses(
        (status = 200, description = "Saved (booked calls stay as they are)", body = AvailabilityForm),
        (status = 422, description = "Invalid input, with a message per part", body = ErrorBody),
    )
)]
pub async fn put_availability(
    State(state): State<AppState>,
    ApiJson(form): ApiJson<AvailabilityForm>,
) -> Result<Json<AvailabilityForm>, AppError> {
    let a = Availability::try_from(form)?;
    let mut tx = db::begin_write(&state.pool).await?;
    sqlx::query(
        "UPDATE availability_settings SET slot_minutes = $1, buffer_minutes = $2, min_notice_hours = $3, \
         weeks_ahead = $4, updated_at = $5 WHERE id = 1",
    )
    .bind(a.slot_minutes)
    .bind(a.buffer_minutes)
    .bind(a.min_notice_hours)
    .bind(a.weeks_ahead)
    .bind(db::now())
    .execute(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM availability_rules")
        .execute(&mut *tx)
        .await?;
    for r in &a.rules {
        sqlx::query(
            "INSERT INTO availability_rules (weekday, start_minute, end_minute) VALUES ($1, $2, $3)",
        )
        .bind(r.weekday)
        .bind(r.start_minute)
        .bind(r.end_minute)
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query("DELETE FROM blocked_periods")
        .execute(&mut *tx)
        .await?;
    for b in &a.blocked {
        sqlx::query("INSERT INTO blocked_periods (first_day, last_day, note) VALUES ($1, $2, $3)")
            .bind(b.first_day.to_string())
            .bind(b.last_day.to_string())
            .bind(&b.note)
            .execute(&mut *tx)
            .await?;
    }
    let saved = availability::load(&mut tx).await?;
    tx.commit().await?;
    Ok(Json(saved.into()))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IntroCallFilter {
    /// Upcoming when missing.
    #[param(value_type = Option<When>)]
    pub when: Option<Choice<When>>,
}

#[utoipa::path(
    get,
    path = "/admin/intro-calls",
    operation_id = "admin_list_intro_calls",
    tag = "admin",
    params(IntroCallFilter, PageQuery),
    responses(
        (status = 200, description = "One page of intro calls, cancelled ones included; q searches name and e-mail", body = Page<IntroCall>),
        (status = 422, description = "Unknown when", body = ErrorBody),
    )
)]
pub async fn list_intro_calls(
    State(state): State<AppState>,
    ApiQuery(calls): ApiQuery<IntroCallFilter>,
    ApiQuery(paging): ApiQuery<PageQuery>,
) -> Result<Json<Page<IntroCall>>, AppError> {
    let when = filter(
        calls.when,
        "Kies komende (upcoming) of voorbije (past) gesprekken.",
    )?
    .unwrap_or(When::Upcoming);
    let pattern = paging.like_pattern_or_all();
    let filter = format!(
        "WHERE {} AND (LOWER(name) LIKE $2 ESCAPE '\\' OR LOWER(email) LIKE $2 ESCAPE '\\')",
        when.condition("$1")
    );
    let sql = ListSql {
        columns: COLUMNS,
        from: "intro_calls",
        filter: &filter,
        order_by: when.order_by(),
    };
    let now = db::now();
    let page = paging::fetch_page(
        &state.pool,
        paging.info(),
        &sql,
        |q| q.bind(&now).bind(&pattern),
        IntroCall::from_row,
    )
    .await?;
    Ok(Json(page))
}

#[derive(Deserialize, ToSchema)]
pub struct CancelCallRequest {
    /// Sent to the visitor in the cancellation e-mail.
    #[serde(default)]
    pub message: String,
}

#[utoipa::path(
    post,
    path = "/admin/intro-calls/{id}/cancel",
    operation_id = "admin_cancel_intro_call",
    tag = "admin",
    params(("id" = i64, Path, description = "Intro call id")),
    request_body = CancelCallRequest,
    responses(
        (status = 200, description = "Cancelled; the visitor gets the message by e-mail", body = IntroCall),
        (status = 404, description = "No such call", body = ErrorBody),
        (status = 409, description = "Already cancelled or already over", body = ErrorBody),
        (status = 422, description = "No message, or one that is too long", body = ErrorBody),
    )
)]
pub async fn cancel_intro_call(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<CancelCallRequest>,
) -> Result<Json<IntroCall>, AppError> {
    let mut f = Fields::default();
    let message = f.multiline_text(
        "message",
        &body.message,
        "Je bericht",
        Some("Schrijf een kort bericht voor de bezoeker."),
        1000,
    );
    f.finish()?;
    let mut tx = db::begin_write(&state.pool).await?;
    let call = fetch(&mut tx, id).await?;
    if call.end()? <= Timestamp::now() {
        return Err(AppError::Conflict("Dit gesprek is al voorbij.".into()));
    }
    cancel_booked(&mut tx, &state, &call, CancelledBy::Coach, Some(&message)).await?;
    let call = fetch(&mut tx, id).await?;
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok(Json(call))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MeetingLinkRequest {
    /// An https link; empty = the default link of Beheer > Meldingen.
    #[serde(default)]
    pub meeting_url: Option<String>,
}

#[utoipa::path(
    put,
    path = "/admin/intro-calls/{id}/meeting-link",
    operation_id = "admin_set_meeting_link",
    tag = "admin",
    params(("id" = i64, Path, description = "Intro call id")),
    request_body = MeetingLinkRequest,
    responses(
        (status = 200, description = "Saved; the visitor of a booked, upcoming video call gets the link by e-mail", body = IntroCall),
        (status = 404, description = "No such call", body = ErrorBody),
        (status = 409, description = "Not a booked, upcoming video call", body = ErrorBody),
        (status = 422, description = "Not an https link", body = ErrorBody),
    )
)]
pub async fn set_meeting_link(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<MeetingLinkRequest>,
) -> Result<Json<IntroCall>, AppError> {
    let mut f = Fields::default();
    let url = f.optional_https_url(
        "meeting_url",
        body.meeting_url.as_deref(),
        "Vul een volledige https-link in, bijvoorbeeld https://meet.jit.si/in-lumine.",
    );
    f.finish()?;
    let mut tx = db::begin_write(&state.pool).await?;
    let call = fetch(&mut tx, id).await?;
    if call.mode != CallMode::Video
        || call.status != IntroCallStatus::Booked
        || call.end()? <= Timestamp::now()
    {
        return Err(AppError::Conflict(
            "Een videolink kan je enkel instellen voor een geboekt videogesprek dat nog moet komen."
                .into(),
        ));
    }
    sqlx::query("UPDATE intro_calls SET meeting_url = $1, updated_at = $2 WHERE id = $3")
        .bind(&url)
        .bind(db::now())
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let updated = fetch(&mut tx, id).await?;
    if updated.meeting_url.is_some() && updated.meeting_url != call.meeting_url {
        let message = mail::meeting_link(&mut tx, &state, &updated).await?;
        outbox::enqueue_email(&mut tx, &message).await?;
    }
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok(Json(updated))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hours_and_minutes_are_read_strictly() {
        assert_eq!(parse_hhmm("09:30"), Some(570));
        assert_eq!(parse_hhmm("24:00"), Some(1440));
        for bad in ["9:30", "24:30", "12:60", "twaalf", ""] {
            assert_eq!(parse_hhmm(bad), None, "{bad}");
        }
        assert_eq!(hhmm(570), "09:30");
    }
}
