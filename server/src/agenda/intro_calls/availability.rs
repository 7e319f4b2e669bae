//! The coach's weekly availability and the slots it gives. Slots are laid out in Brussels wall
//! time (09:00 stays 09:00 across the switch to summer time) and compared as UTC instants.
use jiff::civil::{Date, DateTime};
use jiff::tz::{AmbiguousOffset, TimeZone};
use jiff::{SignedDuration, Timestamp, ToSpan};
use sqlx::{AnyConnection, Row};

use crate::kit::db;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Availability {
    pub slot_minutes: i64,
    pub buffer_minutes: i64,
    pub min_notice_hours: i64,
    pub weeks_ahead: i64,
    pub rules: Vec<Rule>,
    pub blocked: Vec<BlockedPeriod>,
}

/// A weekly time range: weekday 1 = Monday … 7 = Sunday, minutes since midnight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    pub weekday: i64,
    pub start_minute: i64,
    pub end_minute: i64,
}

/// Days without calls, both ends included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockedPeriod {
    pub first_day: Date,
    pub last_day: Date,
    pub note: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    pub starts_at: Timestamp,
    pub ends_at: Timestamp,
    /// Brussels wall time of the start.
    pub local: DateTime,
}

/// A booked call.
#[derive(Debug, Clone, Copy)]
pub struct Busy {
    pub starts_at: Timestamp,
    pub ends_at: Timestamp,
}

impl Availability {
    /// Every slot the weekly rules give from today on, with the minimum notice, the horizon
    /// and the blocked days applied; bookings are not looked at.
    pub fn candidate_slots(&self, now: Timestamp, tz: &TimeZone) -> Vec<Slot> {
        let earliest = now + SignedDuration::from_hours(self.min_notice_hours);
        let today = now.to_zoned(tz.clone()).date();
        let length = SignedDuration::from_mins(self.slot_minutes);
        let mut slots = Vec::new();
        for offset in 0..self.weeks_ahead * 7 {
            let Ok(day) = today.checked_add(offset.days()) else {
                break;
            };
            if self
                .blocked
                .iter()
                .any(|b| b.first_day <= day && day <= b.last_day)
            {
                continue;
            }
            let weekday = i64::from(day.weekday().to_monday_one_offset());
            for rule in self.rules.iter().filter(|r| r.weekday == weekday) {
                let mut minute = rule.start_minute;
                while minute + self.slot_minutes <= rule.end_minute {
                    let local = day.at((minute / 60) as i8, (minute % 60) as i8, 0, 0);
                    minute += self.slot_minutes;
                    let ambiguous = tz.to_ambiguous_timestamp(local);
                    // A wall time skipped by the switch to summer time does not exist; in the
                    // hour that repeats in autumn the first occurrence counts.
                    if matches!(ambiguous.offset(), AmbiguousOffset::Gap { .. }) {
                        continue;
                    }
                    let Ok(starts_at) = ambiguous.earlier() else {
                        continue;
                    };
                    if starts_at >= earliest {
                        slots.push(Slot {
                            starts_at,
                            ends_at: starts_at + length,
                            local,
                        });
                    }
                }
            }
        }
        slots.sort_by_key(|s| s.starts_at);
        slots.dedup_by_key(|s| s.starts_at);
        slots
    }

    /// True when `slot` lies within a booking or its buffer on either side.
    pub fn conflicts(&self, slot: &Slot, busy: &[Busy]) -> bool {
        let buffer = SignedDuration::from_mins(self.buffer_minutes);
        busy.iter()
            .any(|b| slot.starts_at < b.ends_at + buffer && b.starts_at < slot.ends_at + buffer)
    }

    pub fn free_slots(&self, now: Timestamp, tz: &TimeZone, busy: &[Busy]) -> Vec<Slot> {
        self.candidate_slots(now, tz)
            .into_iter()
            .filter(|slot| !self.conflicts(slot, busy))
            .collect()
    }
}

pub async fn load(conn: &mut AnyConnection) -> anyhow::Result<Availability> {
    let settings = sqlx::query(
        "SELECT slot_minutes, buffer_minutes, min_notice_hours, weeks_ahead FROM availability_settings WHERE id = 1",
    )
    .fetch_one(&mut *conn)
    .await?;
    let rules = sqlx::query(
        "SELECT weekday, start_minute, end_minute FROM availability_rules ORDER BY weekday, start_minute",
    )
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|row| {
        Ok(Rule {
            weekday: row.try_get("weekday")?,
            start_minute: row.try_get("start_minute")?,
            end_minute: row.try_get("end_minute")?,
        })
    })
    .collect::<Result<_, sqlx::Error>>()?;
    let blocked =
        sqlx::query("SELECT first_day, last_day, note FROM blocked_periods ORDER BY first_day, id")
            .fetch_all(&mut *conn)
            .await?
            .iter()
            .map(|row| {
                Ok(BlockedPeriod {
                    first_day: row.try_get::<String, _>("first_day")?.parse()?,
                    last_day: row.try_get::<String, _>("last_day")?.parse()?,
                    note: row.try_get("note")?,
                })
            })
            .collect::<anyhow::Result<_>>()?;
    Ok(Availability {
        slot_minutes: settings.try_get("slot_minutes")?,
        buffer_minutes: settings.try_get("buffer_minutes")?,
        min_notice_hours: settings.try_get("min_notice_hours")?,
        weeks_ahead: settings.try_get("weeks_ahead")?,
        rules,
        blocked,
    })
}

/// Booked calls that have not ended, except `except` (the call being moved).
pub async fn busy(
    conn: &mut AnyConnection,
    now: Timestamp,
    except: Option<i64>,
) -> anyhow::Result<Vec<Busy>> {
    sqlx::query(
        "SELECT starts_at, ends_at FROM intro_calls WHERE status = 'booked' AND ends_at > $1 AND id <> $2",
    )
    .bind(db::format_ts(now - SignedDuration::from_hours(24)))
    .bind(except.unwrap_or(-1))
    .fetch_all(conn)
    .await?
    .iter()
    .map(|row| {
        Ok(Busy {
            starts_at: db::parse_ts(&row.try_get::<String, _>("starts_at")?)?,
            ends_at: db::parse_ts(&row.try_get::<String, _>("ends_at")?)?,
        })
    })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::brussels::zone as brussels;

    fn ts(text: &str) -> Timestamp {
        text.parse().unwrap()
    }

    fn every_day(start: i64, end: i64) -> Vec<Rule> {
        (1..=7)
            .map(|weekday| Rule {
                weekday,
                start_minute: start,
                end_minute: end,
            })
            .collect()
    }

    fn availability(rules: Vec<Rule>) -> Availability {
        Availability {
            slot_minutes: 30,
            buffer_minutes: 0,
            min_notice_hours: 0,
            weeks_ahead: 1,
            rules,
            blocked: Vec::new(),
        }
    }

    fn starts(slots: &[Slot]) -> Vec<String> {
        slots.iter().map(|s| s.starts_at.to_string()).collect()
    }

    #[test]
    fn slots_fill_the_ranges_and_respect_the_notice() {
        let mut a = availability(vec![Rule {
            weekday: 1,
            start_minute: 9 * 60,
            end_minute: 10 * 60 + 45,
        }]);
        a.min_notice_hours = 24;
        // Sunday 30 November 2025, 09:15 Brussels: Monday 09:00 is less than 24 h away.
        let slots = a.candidate_slots(ts("2025-11-30T08:15:00Z"), &brussels());
        assert_eq!(
            starts(&slots),
            ["2025-12-01T08:30:00Z", "2025-12-01T09:00:00Z"],
            "09:00 is within the notice; 10:30 would end after 10:45"
        );
        assert_eq!(slots[0].ends_at, ts("2025-12-01T09:00:00Z"));
        assert_eq!(slots[0].local.to_string(), "2025-12-01T09:30:00");
    }

    #[test]
    fn a_booking_blocks_its_slot_and_the_buffer_around_it() {
        let mut a = availability(every_day(9 * 60, 11 * 60));
        a.buffer_minutes = 15;
        let now = ts("2025-12-01T06:00:00Z");
        let busy = [Busy {
            starts_at: ts("2025-12-01T09:00:00Z"),
            ends_at: ts("2025-12-01T09:30:00Z"),
        }];
        let monday: Vec<String> = starts(&a.free_slots(now, &brussels(), &busy))
            .into_iter()
            .filter(|s| s.starts_with("2025-12-01"))
            .collect();
        // 10:00 is booked; 09:30 and 10:30 touch its 15-minute buffer.
        assert_eq!(monday, ["2025-12-01T08:00:00Z"]);
    }

    #[test]
    fn blocked_days_and_the_horizon_give_no_slots() {
        let mut a = availability(every_day(9 * 60, 10 * 60));
        a.blocked.push(BlockedPeriod {
            first_day: "2025-12-02".parse().unwrap(),
            last_day: "2025-12-03".parse().unwrap(),
            note: "Verlof".into(),
        });
        let days: Vec<String> = a
            .candidate_slots(ts("2025-12-01T06:00:00Z"), &brussels())
            .iter()
            .map(|s| s.local.date().to_string())
            .collect();
        assert!(days.contains(&"2025-12-01".to_string()));
        assert!(!days.contains(&"2025-12-02".to_string()));
        assert!(!days.contains(&"2025-12-03".to_string()));
        assert!(days.contains(&"2025-12-07".to_string()));
        assert!(
            !days.contains(&"2025-12-08".to_string()),
            "one week ahead only"
        );
    }

    #[test]
    fn wall_times_hold_across_the_march_switch_and_the_missing_hour_is_skipped() {
        // Sunday 29 March 2026: 02:00 becomes 03:00.
        let a = availability(every_day(60, 4 * 60));
        let slots = a.candidate_slots(ts("2026-03-28T00:00:00Z"), &brussels());
        let on = |day: &str| -> Vec<String> {
            slots
                .iter()
                .filter(|s| s.local.date().to_string() == day)
                .map(|s| format!("{} {}", s.local.time(), s.starts_at))
                .collect()
        };
        assert_eq!(on("2026-03-28")[0], "01:00:00 2026-03-28T00:00:00Z");
        assert_eq!(
            on("2026-03-29"),
            [
                "01:00:00 2026-03-29T00:00:00Z",
                "01:30:00 2026-03-29T00:30:00Z",
                "03:00:00 2026-03-29T01:00:00Z",
                "03:30:00 2026-03-29T01:30:00Z",
            ]
        );
        assert_eq!(on("2026-03-30")[0], "01:00:00 2026-03-29T23:00:00Z");
    }

    #[test]
    fn wall_times_hold_across_the_october_switch_and_the_repeated_hour_counts_once() {
        // Sunday 25 October 2026: 03:00 becomes 02:00 again.
        let a = availability(every_day(60, 4 * 60));
        let slots = a.candidate_slots(ts("2026-10-23T12:00:00Z"), &brussels());
        let on = |day: &str| -> Vec<String> {
            slots
                .iter()
                .filter(|s| s.local.date().to_string() == day)
                .map(|s| format!("{} {}", s.local.time(), s.starts_at))
                .collect()
        };
        assert_eq!(on("2026-10-24")[0], "01:00:00 2026-10-23T23:00:00Z");
        assert_eq!(
            on("2026-10-25"),
            [
                "01:00:00 2026-10-24T23:00:00Z",
                "01:30:00 2026-10-24T23:30:00Z",
                "02:00:00 2026-10-25T00:00:00Z",
                "02:30:00 2026-10-25T00:30:00Z",
                "03:00:00 2026-10-25T02:00:00Z",
                "03:30:00 2026-10-25T02:30:00Z",
            ]
        );
        assert_eq!(on("2026-10-26")[0], "01:00:00 2026-10-26T00:00:00Z");
    }
}
