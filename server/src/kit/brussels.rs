//! Brussels time: the zone in which visitors and the coach read and type every date and time.
//! The database keeps UTC (`db::format_ts`); these turn one into the other.
use jiff::civil::{Date, DateTime};
use jiff::tz::TimeZone;
use jiff::{Timestamp, Zoned};

use crate::kit::db;

pub const TIME_ZONE: &str = "Europe/Brussels";

/// The bundled Europe/Brussels zone (always present: jiff embeds the tz database).
pub fn zone() -> TimeZone {
    TimeZone::get(TIME_ZONE).expect("the bundled tz database has Europe/Brussels")
}

/// A moment as Brussels sees it.
pub fn at(ts: Timestamp) -> Zoned {
    ts.to_zoned(zone())
}

/// The moment a Brussels day starts.
pub fn start_of(day: Date) -> anyhow::Result<Timestamp> {
    Ok(day.to_zoned(zone())?.timestamp())
}

/// A stored UTC timestamp in Brussels time, formatted with `strftime` codes.
pub fn format(stored: &str, pattern: &str) -> anyhow::Result<String> {
    Ok(at(db::parse_ts(stored)?).strftime(pattern).to_string())
}

/// A stored UTC timestamp as ISO 8601 with the Brussels offset (e.g. `+01:00`).
pub fn iso(stored: &str) -> anyhow::Result<String> {
    format(stored, "%Y-%m-%dT%H:%M:%S%:z")
}

/// A stored UTC timestamp as Brussels wall time `YYYY-MM-DDTHH:MM` (a datetime-local input).
pub fn wall_time(stored: &str) -> anyhow::Result<String> {
    format(stored, "%Y-%m-%dT%H:%M")
}

/// Brussels wall time (`YYYY-MM-DDTHH:MM`, seconds allowed) to UTC; a time skipped by the
/// switch to summer time moves forward, like a wall clock.
pub fn parse_wall_time(text: &str) -> Option<Timestamp> {
    let civil: DateTime = text.trim().parse().ok()?;
    Some(civil.to_zoned(zone()).ok()?.timestamp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brussels_times_carry_the_winter_and_summer_offset() {
        assert_eq!(
            iso("2025-11-27T18:30:00.000000Z").unwrap(),
            "2025-11-27T19:30:00+01:00"
        );
        assert_eq!(
            iso("2025-06-05T17:30:00.000000Z").unwrap(),
            "2025-06-05T19:30:00+02:00"
        );
    }

    #[test]
    fn brussels_wall_time_becomes_utc_and_back() {
        let winter = parse_wall_time("2026-12-17T19:30").unwrap();
        assert_eq!(db::format_ts(winter), "2026-12-17T18:30:00.000000Z");
        let summer = parse_wall_time("2026-06-04T09:00").unwrap();
        assert_eq!(db::format_ts(summer), "2026-06-04T07:00:00.000000Z");
        assert_eq!(
            wall_time("2026-06-04T07:00:00.000000Z").unwrap(),
            "2026-06-04T09:00"
        );
        assert!(parse_wall_time("17/12/2026 19:30").is_none());
    }
}
