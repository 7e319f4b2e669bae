//! iCalendar (RFC 5545): invitations in confirmation e-mails (one event each) and the coach's
//! calendar feed; times in UTC.
use jiff::Timestamp;

pub struct CalendarEvent<'a> {
    /// Globally unique and stable for this event and recipient, e.g. `ticket-42@inlumine.be`.
    pub uid: &'a str,
    pub starts_at: Timestamp,
    pub ends_at: Timestamp,
    pub summary: &'a str,
    pub description: &'a str,
    pub location: &'a str,
    /// A join link or page, if any.
    pub url: Option<&'a str>,
    /// `CANCEL` sends a cancellation of an earlier invite with the same uid.
    pub cancelled: bool,
}

/// The `.ics` file text, CRLF line endings, long lines folded at 75 octets.
pub fn calendar(event: &CalendarEvent, organizer_name: &str, organizer_email: &str) -> String {
    let mut lines = header(organizer_name);
    lines.push(format!(
        "METHOD:{}",
        if event.cancelled { "CANCEL" } else { "PUBLISH" }
    ));
    lines.extend(vevent(event, organizer_name, organizer_email));
    finish(lines)
}

/// A calendar to subscribe to (no METHOD: it is not an invitation), named `name`.
pub fn feed(
    events: &[CalendarEvent],
    name: &str,
    organizer_name: &str,
    organizer_email: &str,
) -> String {
    let mut lines = header(organizer_name);
    lines.push(format!("X-WR-CALNAME:{}", escape(name)));
    lines.push("X-WR-TIMEZONE:Europe/Brussels".to_string());
    for event in events {
        lines.extend(vevent(event, organizer_name, organizer_email));
    }
    finish(lines)
}

fn header(organizer_name: &str) -> Vec<String> {
    vec![
        "BEGIN:VCALENDAR".to_string(),
        "VERSION:2.0".to_string(),
        format!("PRODID:-//{}//NL", escape(organizer_name)),
        "CALSCALE:GREGORIAN".to_string(),
    ]
}

fn finish(mut lines: Vec<String>) -> String {
    lines.push("END:VCALENDAR".to_string());
    lines.iter().map(|line| fold(line) + "\r\n").collect()
}

fn vevent(event: &CalendarEvent, organizer_name: &str, organizer_email: &str) -> Vec<String> {
    let stamp = |ts: Timestamp| ts.strftime("%Y%m%dT%H%M%SZ").to_string();
    let mut lines = vec![
        "BEGIN:VEVENT".to_string(),
        format!("UID:{}", escape(event.uid)),
        format!("DTSTAMP:{}", stamp(Timestamp::now())),
        format!("DTSTART:{}", stamp(event.starts_at)),
        format!("DTEND:{}", stamp(event.ends_at)),
        format!("SUMMARY:{}", escape(event.summary)),
        format!("DESCRIPTION:{}", escape(event.description)),
        format!("LOCATION:{}", escape(event.location)),
        format!(
            "ORGANIZER;CN={}:mailto:{}",
            quote_param(organizer_name),
            without_controls(organizer_email)
        ),
    ];
    if let Some(url) = event.url {
        lines.push(format!("URL:{}", without_controls(url)));
    }
    lines.push(format!(
        "STATUS:{}",
        if event.cancelled {
            "CANCELLED"
        } else {
            "CONFIRMED"
        }
    ));
    lines.push("END:VEVENT".to_string());
    lines
}

/// A parameter value (RFC 5545 3.2): quoted when it holds `:`, `;` or `,`; no `"` allowed.
fn quote_param(text: &str) -> String {
    let clean: String = text
        .chars()
        .filter(|c| *c != '"' && !c.is_control())
        .collect();
    if clean.contains([':', ';', ',']) {
        format!("\"{clean}\"")
    } else {
        clean
    }
}

/// A TEXT value (RFC 5545 3.3.11): `\\`, `;` and `,` escaped, each line break (CRLF, CR or LF)
/// as `\\n`, and every other control character but the tab dropped: a bare CR would start a new
/// property for readers that split lines on it.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\r' => {
                chars.next_if_eq(&'\n');
                out.push_str("\\n");
            }
            '\n' => out.push_str("\\n"),
            '\t' => out.push('\t'),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A URI or address value: no escaping applies, so control characters are dropped.
fn without_controls(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).collect()
}

/// Folds a content line into chunks of at most 75 octets without splitting a UTF-8 character.
fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + line.len() / 70 * 3);
    let mut octets = 0;
    for ch in line.chars() {
        if octets + ch.len_utf8() > 75 {
            out.push_str("\r\n ");
            octets = 1;
        }
        out.push(ch);
        octets += ch.len_utf8();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_folds_and_uses_utc() {
        let event = CalendarEvent {
            uid: "ticket-1@inlumine.be",
            starts_at: "2025-11-27T18:30:00Z".parse().unwrap(),
            ends_at: "2025-11-27T21:00:00Z".parse().unwrap(),
            summary: "Vertelavond: Pleasen, Slikken en Loslaten",
            description: &"Welkom; één lange regel, ".repeat(10),
            location: "Mechelen",
            url: None,
            cancelled: false,
        };
        let text = calendar(&event, "In Lumine", "hallo@inlumine.be");
        assert!(text.contains("DTSTART:20251127T183000Z\r\n"));
        assert!(text.contains("SUMMARY:Vertelavond: Pleasen\\, Slikken en Loslaten\r\n"));
        assert!(text.contains("Welkom\\; één"));
        for line in text.split("\r\n") {
            assert!(line.len() <= 75, "line too long: {line:?}");
        }
        assert!(text.ends_with("END:VCALENDAR\r\n"));
    }

    #[test]
    fn every_line_break_becomes_an_escaped_newline_and_other_controls_are_dropped() {
        assert_eq!(
            escape("a\r\nb\rc\nd\0e\x1bf\x7fg\th\u{85}i"),
            "a\\nb\\nc\\ndefg\thi"
        );
        assert_eq!(
            escape("x\rBEGIN:VALARM"),
            "x\\nBEGIN:VALARM",
            "no new property"
        );
    }
}
