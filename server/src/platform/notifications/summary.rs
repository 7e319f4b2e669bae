//! The coach's daily summary: once a day, at her chosen Brussels time, every notice kept since
//! the previous one goes out in one mail. Inserting the day's row in `notice_summaries` claims
//! the day in the same transaction that marks the notices and enqueues the mail, so the summary
//! goes out exactly once, whatever number of servers or restarts.
use std::time::Duration;

use jiff::Timestamp;
use jiff::civil::{Date, Time};
use sqlx::Row;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::NoticeKind;
use crate::kit::brussels;
use crate::kit::db;
use crate::platform::outbox;
use crate::platform::outbox::compose::{Block, compose_for_coach, link, text};
use crate::platform::periodic;
use crate::platform::state::AppState;

pub fn spawn(state: AppState, interval: Duration, stop: watch::Receiver<bool>) -> JoinHandle<()> {
    periodic::every("daily summary pass", interval, stop, move || {
        let state = state.clone();
        async move { send_due(&state, Timestamp::now()).await }
    })
}

/// `HH:MM` (00:00–23:59) to a time of day.
pub fn parse_time(text: &str) -> Option<Time> {
    let (h, m) = text.trim().split_once(':')?;
    if h.len() != 2 || m.len() != 2 {
        return None;
    }
    Time::new(h.parse().ok()?, m.parse().ok()?, 0, 0).ok()
}

/// The summary moment of the Brussels day of `now` (Some when it has passed).
fn passed_moment(now: Timestamp, at: Time) -> anyhow::Result<Option<(Date, Timestamp)>> {
    let day = brussels::at(now).date();
    let moment = day.to_datetime(at).to_zoned(brussels::zone())?.timestamp();
    Ok((moment <= now).then_some((day, moment)))
}

/// Sends today's summary when its moment has passed and notices from before it are waiting;
/// true when this call sent it.
pub async fn send_due(state: &AppState, now: Timestamp) -> anyhow::Result<bool> {
    let at: String = sqlx::query("SELECT summary_time FROM notification_settings WHERE id = 1")
        .fetch_one(&state.pool)
        .await?
        .try_get("summary_time")?;
    let at = parse_time(&at).unwrap_or(Time::constant(8, 0, 0, 0));
    let Some((day, moment)) = passed_moment(now, at)? else {
        return Ok(false);
    };
    let moment = db::format_ts(moment);
    let waiting: i64 = sqlx::query(
        "SELECT COUNT(*) AS n FROM coach_notices WHERE summary_day IS NULL AND created_at < $1",
    )
    .bind(&moment)
    .fetch_one(&state.pool)
    .await?
    .try_get("n")?;
    if waiting == 0 {
        return Ok(false);
    }
    let day = day.to_string();
    let mut tx = db::begin_write(&state.pool).await?;
    let claimed = sqlx::query(
        "INSERT INTO notice_summaries (day, notices, sent_at) VALUES ($1, 0, $2) \
         ON CONFLICT (day) DO NOTHING",
    )
    .bind(&day)
    .bind(db::now())
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1;
    if !claimed {
        return Ok(false);
    }
    let mut notices = sqlx::query(
        "UPDATE coach_notices SET summary_day = $1 WHERE summary_day IS NULL AND created_at < $2 \
         RETURNING id, kind, subject, details, admin_url",
    )
    .bind(&day)
    .bind(&moment)
    .fetch_all(&mut *tx)
    .await?
    .iter()
    .map(|row| -> anyhow::Result<_> {
        Ok((
            row.try_get::<i64, _>("id")?,
            row.try_get::<NoticeKind, _>("kind")?,
            row.try_get::<String, _>("subject")?,
            row.try_get::<String, _>("details")?,
            row.try_get::<String, _>("admin_url")?,
        ))
    })
    .collect::<anyhow::Result<Vec<_>>>()?;
    notices.sort_by_key(|n| n.0);
    sqlx::query("UPDATE notice_summaries SET notices = $1 WHERE day = $2")
        .bind(i64::try_from(notices.len())?)
        .bind(&day)
        .execute(&mut *tx)
        .await?;
    if !notices.is_empty() {
        let mut blocks: Vec<Block> = vec![text(format!(
            "Dit gebeurde er sinds de vorige samenvatting ({} in totaal).",
            notices.len()
        ))];
        for kind in NoticeKind::ALL {
            let of_kind: Vec<_> = notices.iter().filter(|n| n.1 == *kind).collect();
            if of_kind.is_empty() {
                continue;
            }
            blocks.push(text(format!("{} ({})", kind.label(), of_kind.len())));
            for (_, _, subject, details, url) in of_kind {
                blocks.push(text(format!("{subject}\n{details}")));
                blocks.push(link("Bekijk het in het beheer", url.clone()));
            }
        }
        blocks.push(link(
            "Kies in Meldingen hoe je dit wilt ontvangen",
            format!("{}/admin/meldingen", state.public_url),
        ));
        let message = compose_for_coach(
            &state.site().contact.email,
            format!(
                "Je dagelijkse samenvatting van {}: {} {}",
                crate::kit::dutch::date(brussels::at(now).date()),
                notices.len(),
                if notices.len() == 1 {
                    "melding"
                } else {
                    "meldingen"
                }
            ),
            &blocks,
            &state.site(),
        );
        outbox::enqueue_email(&mut tx, &message).await?;
    }
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_times_are_read_strictly() {
        assert_eq!(parse_time("08:30"), Some(Time::constant(8, 30, 0, 0)));
        assert_eq!(parse_time("23:59"), Some(Time::constant(23, 59, 0, 0)));
        assert_eq!(parse_time("24:00"), None);
        assert_eq!(parse_time("8:30"), None);
        assert_eq!(parse_time("08:60"), None);
    }

    #[test]
    fn the_moment_is_brussels_wall_time() {
        let at = Time::constant(8, 0, 0, 0);
        // 07:30 UTC on a winter day is 08:30 in Brussels: passed.
        let now: Timestamp = "2026-01-15T07:30:00Z".parse().unwrap();
        let (day, moment) = passed_moment(now, at).unwrap().unwrap();
        assert_eq!(day.to_string(), "2026-01-15");
        assert_eq!(db::format_ts(moment), "2026-01-15T07:00:00.000000Z");
        // 06:30 UTC in summer is 08:30 too; 05:30 UTC is not yet 08:00.
        assert!(
            passed_moment("2026-07-15T06:30:00Z".parse().unwrap(), at)
                .unwrap()
                .is_some()
        );
        assert!(
            passed_moment("2026-07-15T05:30:00Z".parse().unwrap(), at)
                .unwrap()
                .is_none()
        );
    }
}
