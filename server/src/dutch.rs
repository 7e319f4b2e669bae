//! Dutch (nl-BE) formatting for e-mails: euro amounts, and dates and times in Brussels time.
use jiff::Timestamp;
use jiff::civil::Date;

use crate::events::TIME_ZONE;

/// `150000` → `€ 1.500,00`.
pub fn euro(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    let whole = (cents / 100).to_string();
    let mut grouped = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push('.');
        }
        grouped.push(digit);
    }
    format!("{sign}€ {grouped},{:02}", cents % 100)
}

pub const WEEKDAYS: [&str; 7] = [
    "maandag",
    "dinsdag",
    "woensdag",
    "donderdag",
    "vrijdag",
    "zaterdag",
    "zondag",
];
const MONTHS: [&str; 12] = [
    "januari",
    "februari",
    "maart",
    "april",
    "mei",
    "juni",
    "juli",
    "augustus",
    "september",
    "oktober",
    "november",
    "december",
];

/// "donderdag 27 november 2025"
pub fn date(date: Date) -> String {
    let weekday = WEEKDAYS[usize::from(date.weekday().to_monday_zero_offset().unsigned_abs())];
    let month = MONTHS[usize::from(date.month().unsigned_abs()) - 1];
    format!("{weekday} {} {month} {}", date.day(), date.year())
}

/// "donderdag 27 november 2025 om 19:30" (Brussels time).
pub fn date_time(ts: Timestamp) -> String {
    let zoned = ts.to_zoned(brussels());
    format!("{} om {}", date(zoned.date()), zoned.strftime("%H:%M"))
}

/// "19:30" (Brussels time).
pub fn time(ts: Timestamp) -> String {
    ts.to_zoned(brussels()).strftime("%H:%M").to_string()
}

/// The bundled Europe/Brussels zone (always present: jiff embeds the tz database).
pub fn brussels() -> jiff::tz::TimeZone {
    jiff::tz::TimeZone::get(TIME_ZONE).expect("the bundled tz database has Europe/Brussels")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn euro_amounts_use_belgian_separators() {
        assert_eq!(euro(150_000), "€ 1.500,00");
        assert_eq!(euro(3500), "€ 35,00");
        assert_eq!(euro(5), "€ 0,05");
        assert_eq!(euro(123_456_789), "€ 1.234.567,89");
    }

    #[test]
    fn dates_read_as_dutch_words_in_brussels_time() {
        let ts: Timestamp = "2025-11-27T18:30:00Z".parse().unwrap();
        assert_eq!(date_time(ts), "donderdag 27 november 2025 om 19:30");
        let summer: Timestamp = "2026-06-01T07:00:00Z".parse().unwrap();
        assert_eq!(date_time(summer), "maandag 1 juni 2026 om 09:00");
        assert_eq!(time(summer), "09:00");
    }
}
