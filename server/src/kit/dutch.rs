//! Dutch (nl-BE) words for dates and times in Brussels time, for e-mails.
use jiff::Timestamp;
use jiff::civil::Date;

use crate::kit::brussels;

pub const WEEKDAYS: [&str; 7] = [
    "maandag",
    "dinsdag",
    "woensdag",
    "donderdag",
    "vrijdag",
    "zaterdag",
    "zondag",
];
pub const MONTHS: [&str; 12] = [
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

/// "27 november 2025"
pub fn day_month_year(date: Date) -> String {
    let month = MONTHS[usize::from(date.month().unsigned_abs()) - 1];
    format!("{} {month} {}", date.day(), date.year())
}

/// "donderdag 27 november 2025 om 19:30" (Brussels time).
pub fn date_time(ts: Timestamp) -> String {
    let zoned = brussels::at(ts);
    format!("{} om {}", date(zoned.date()), zoned.strftime("%H:%M"))
}

/// "19:30" (Brussels time).
pub fn time(ts: Timestamp) -> String {
    brussels::at(ts).strftime("%H:%M").to_string()
}

/// "850 kB", "12,3 MB", "1,5 GB": a file size in decimal units with a decimal comma.
pub fn size(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["kB", "MB", "GB", "TB"];
    if bytes < 1000 {
        return format!("{bytes} bytes");
    }
    let mut value = bytes as f64 / 1000.0;
    let mut unit = 0;
    while value >= 1000.0 && unit < UNITS.len() - 1 {
        value /= 1000.0;
        unit += 1;
    }
    let text = if value < 100.0 {
        format!("{value:.1}").replace('.', ",")
    } else {
        format!("{value:.0}")
    };
    format!("{} {}", text.trim_end_matches(",0"), UNITS[unit])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_with_a_decimal_comma() {
        assert_eq!(size(512), "512 bytes");
        assert_eq!(size(850_000), "850 kB");
        assert_eq!(size(12_345_678), "12,3 MB");
        assert_eq!(size(2_000_000), "2 MB");
        assert_eq!(size(1_500_000_000), "1,5 GB");
    }

    #[test]
    fn dates_read_as_dutch_words_in_brussels_time() {
        let ts: Timestamp = "2025-11-27T18:30:00Z".parse().unwrap();
        assert_eq!(date_time(ts), "donderdag 27 november 2025 om 19:30");
        let summer: Timestamp = "2026-06-01T07:00:00Z".parse().unwrap();
        assert_eq!(date_time(summer), "maandag 1 juni 2026 om 09:00");
        assert_eq!(time(summer), "09:00");
        assert_eq!(
            day_month_year(summer.to_zoned(jiff::tz::TimeZone::UTC).date()),
            "1 juni 2026"
        );
    }
}
