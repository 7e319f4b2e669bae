//! Reminder e-mails a day before an intro call or a webinar, each sent exactly once: the row is
//! marked in the same transaction that enqueues the mail, and only if it was not marked yet.
//! The same pass sends the review invitations a few days after an evening or course date.
use jiff::{SignedDuration, Timestamp};
use sqlx::Row;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::kit::configuration::ReminderSettings;
use crate::kit::db;
use crate::platform::state::AppState;
use crate::{
    agenda::intro_calls, agenda::webinars, content::reviews, platform::outbox, platform::periodic,
};

const LEAD: SignedDuration = SignedDuration::from_hours(24);

/// A reminder makes sense when the start is less than a day away and the moment was chosen
/// before that (whoever books tonight for tomorrow morning just got the confirmation).
pub fn due(starts_at: Timestamp, chosen_at: Timestamp, now: Timestamp) -> bool {
    let remind_from = starts_at - LEAD;
    now < starts_at && remind_from <= now && chosen_at < remind_from
}

/// The reminder pass and the review invitation pass, each on its own loop so one failing never
/// holds up the other.
pub fn spawn(
    state: AppState,
    settings: &ReminderSettings,
    stop: watch::Receiver<bool>,
) -> [JoinHandle<()>; 2] {
    let interval = settings.interval();
    let review_delay = settings.review_invitation_delay();
    let reviews_state = state.clone();
    [
        periodic::every("reminder pass", interval, stop.clone(), move || {
            let state = state.clone();
            async move { send_due(&state).await }
        }),
        periodic::every("review invitation pass", interval, stop, move || {
            let state = reviews_state.clone();
            async move { reviews::invitations::send_due(&state, review_delay).await }
        }),
    ]
}

/// Enqueues every reminder that is due now.
pub async fn send_due(state: &AppState) -> anyhow::Result<()> {
    let now = Timestamp::now();
    let (from, until) = (db::format_ts(now), db::format_ts(now + LEAD));
    let mut sent = 0;

    let calls = sqlx::query(
        "SELECT id, starts_at, booked_at FROM intro_calls WHERE status = 'booked' AND reminder_sent_at IS NULL \
         AND starts_at > $1 AND starts_at <= $2",
    )
    .bind(&from)
    .bind(&until)
    .fetch_all(&state.pool)
    .await?;
    for row in calls {
        let starts_at = db::parse_ts(&row.try_get::<String, _>("starts_at")?)?;
        let booked_at = db::parse_ts(&row.try_get::<String, _>("booked_at")?)?;
        if !due(starts_at, booked_at, now) {
            continue;
        }
        let id: i64 = row.try_get("id")?;
        let mut tx = db::begin_write(&state.pool).await?;
        let claimed = sqlx::query(
            "UPDATE intro_calls SET reminder_sent_at = $1 WHERE id = $2 AND status = 'booked' \
             AND reminder_sent_at IS NULL AND starts_at = $3",
        )
        .bind(&from)
        .bind(id)
        .bind(db::format_ts(starts_at))
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if claimed == 1 {
            let call = intro_calls::fetch(&mut tx, id).await?;
            let mail = intro_calls::mail::reminder(&mut tx, state, &call).await?;
            outbox::enqueue_email(&mut tx, &mail).await?;
            sent += 1;
        }
        tx.commit().await?;
    }

    let seats = sqlx::query(
        "SELECT t.id, t.event_id, t.holder_name, t.email, t.created_at, e.starts_at FROM tickets t \
         JOIN events e ON e.id = t.event_id WHERE e.kind = 'webinar' AND e.status = 'published' \
         AND t.status = 'valid' AND t.reminder_sent_at IS NULL AND t.email <> '' \
         AND e.starts_at > $1 AND e.starts_at <= $2",
    )
    .bind(&from)
    .bind(&until)
    .fetch_all(&state.pool)
    .await?;
    for row in seats {
        let starts_at = db::parse_ts(&row.try_get::<String, _>("starts_at")?)?;
        let created_at = db::parse_ts(&row.try_get::<String, _>("created_at")?)?;
        if !due(starts_at, created_at, now) {
            continue;
        }
        let id: i64 = row.try_get("id")?;
        let mut tx = db::begin_write(&state.pool).await?;
        let claimed = sqlx::query(
            "UPDATE tickets SET reminder_sent_at = $1 WHERE id = $2 AND reminder_sent_at IS NULL",
        )
        .bind(&from)
        .bind(id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if claimed == 1 {
            let name: String = row.try_get("holder_name")?;
            let email: String = row.try_get("email")?;
            let event_id: i64 = row.try_get("event_id")?;
            let mail = webinars::reminder(&mut tx, state, event_id, &name, &email).await?;
            outbox::enqueue_email(&mut tx, &mail).await?;
            sent += 1;
        }
        tx.commit().await?;
    }
    if sent > 0 {
        state.outbox_notify.notify_one();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reminder_is_due_within_a_day_of_the_start_if_booked_earlier() {
        let start: Timestamp = "2026-03-10T09:00:00Z".parse().unwrap();
        let at = |t: &str| t.parse::<Timestamp>().unwrap();
        let booked_early = at("2026-03-01T12:00:00Z");
        assert!(!due(start, booked_early, at("2026-03-09T08:59:00Z")));
        assert!(due(start, booked_early, at("2026-03-09T09:00:00Z")));
        assert!(due(start, booked_early, at("2026-03-10T08:59:00Z")));
        assert!(!due(start, booked_early, at("2026-03-10T09:00:00Z")));
        // Booked the evening before: the confirmation is reminder enough.
        assert!(!due(
            start,
            at("2026-03-09T20:00:00Z"),
            at("2026-03-09T21:00:00Z")
        ));
    }
}
