//! Collects one Dutch message per invalid field, so a form can show each next to its input.
use std::collections::BTreeMap;

use crate::kit::closed_set::Choice;
use crate::kit::error::AppError;

#[derive(Default)]
pub struct Fields(BTreeMap<&'static str, String>);

impl Fields {
    pub fn error(&mut self, field: &'static str, message: impl Into<String>) {
        self.0.entry(field).or_insert_with(|| message.into());
    }

    /// Trimmed single-line text (names, titles, codes): every control character is refused,
    /// line breaks included, so no header, log line or mail subject can be split by input.
    /// `required` is the message for an empty value (None = may be empty); `label` starts the
    /// message when it is too long or holds a control character, e.g. "De naam".
    pub fn text(
        &mut self,
        field: &'static str,
        value: &str,
        label: &str,
        required: Option<&str>,
        max_chars: usize,
    ) -> String {
        self.checked_text(field, value, label, required, max_chars, |_| false)
    }

    /// Like `text`, for a field of several lines (a message, a description): line breaks and
    /// tabs are kept, every other control character is refused.
    pub fn multiline_text(
        &mut self,
        field: &'static str,
        value: &str,
        label: &str,
        required: Option<&str>,
        max_chars: usize,
    ) -> String {
        self.checked_text(field, value, label, required, max_chars, |c| {
            matches!(c, '\n' | '\r' | '\t')
        })
    }

    fn checked_text(
        &mut self,
        field: &'static str,
        value: &str,
        label: &str,
        required: Option<&str>,
        max_chars: usize,
        allowed_control: fn(char) -> bool,
    ) -> String {
        let value = value.trim();
        if value.is_empty()
            && let Some(message) = required
        {
            self.error(field, message);
        } else if value.chars().count() > max_chars {
            self.error(
                field,
                format!("{label} mag hoogstens {max_chars} tekens lang zijn."),
            );
        } else if value.chars().any(|c| is_control(c) && !allowed_control(c)) {
            self.error(
                field,
                format!("{label} bevat een onzichtbaar stuurteken dat we niet kunnen bewaren. Typ de tekst gerust opnieuw."),
            );
        }
        value.to_string()
    }

    /// An optional `https://` URL; empty or missing becomes None.
    pub fn optional_https_url(
        &mut self,
        field: &'static str,
        value: Option<&str>,
        message: &str,
    ) -> Option<String> {
        let value = value.map(str::trim).filter(|v| !v.is_empty())?;
        let valid = value.len() <= 500
            && url::Url::parse(value).is_ok_and(|u| {
                u.scheme() == "https" && u.host_str().is_some_and(|h| h.contains('.'))
            });
        if !valid {
            self.error(field, message);
        }
        Some(value.to_string())
    }

    /// A closed-set value; `message` (naming the choices) when it is missing or unknown.
    pub fn choice<T>(&mut self, field: &'static str, value: Choice<T>, message: &str) -> Option<T> {
        let known = value.known();
        if known.is_none() {
            self.error(field, message);
        }
        known
    }

    /// A validation error for a single field, e.g. a clash found while writing.
    pub fn one(field: &'static str, message: impl Into<String>) -> AppError {
        AppError::fields(BTreeMap::from([(field, message.into())]))
    }

    pub fn finish(self) -> Result<(), AppError> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(AppError::fields(self.0))
        }
    }
}

/// Control characters (C0, DEL, C1) and the invisible formatting ones that can reorder or hide
/// text (bidi overrides, zero-width characters, line and paragraph separators).
pub fn is_control(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}')
}

/// A list filter from the query string: missing or blank means no filter; any other unknown
/// value is refused with `message` (Dutch, naming the choices).
pub fn filter<T>(value: Option<Choice<T>>, message: &str) -> Result<Option<T>, AppError> {
    match value {
        None => Ok(None),
        Some(Choice::Known(value)) => Ok(Some(value)),
        Some(Choice::Unknown(text)) if text.trim().is_empty() => Ok(None),
        Some(Choice::Unknown(_)) => Err(AppError::invalid(message)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_line_fields_refuse_every_control_character() {
        for bad in [
            "Jan\nPiet",
            "Jan\rX",
            "a\u{0}b",
            "a\tb",
            "a\u{7f}",
            "a\u{85}b",
            "ab\u{202e}cd",
            "a\u{2028}b",
        ] {
            let mut f = Fields::default();
            f.text("name", bad, "Je naam", None, 100);
            let err = f.finish().unwrap_err();
            assert!(format!("{err}").contains("stuurteken"), "{bad:?}: {err}");
        }
        let mut f = Fields::default();
        assert_eq!(
            f.text("name", "  Anaïs D'Hondt ", "Je naam", None, 100),
            "Anaïs D'Hondt"
        );
        assert!(f.finish().is_ok());
    }

    #[test]
    fn multiline_fields_keep_line_breaks_but_refuse_other_control_characters() {
        let mut f = Fields::default();
        f.multiline_text("message", "Dag,\r\n\tgroet", "Je bericht", None, 100);
        assert!(f.finish().is_ok());
        let mut f = Fields::default();
        f.multiline_text("message", "Dag\u{1b}[31m", "Je bericht", None, 100);
        assert!(f.finish().is_err());
    }

    #[test]
    fn blank_filters_are_no_filter_and_unknown_ones_are_refused() {
        let blank: Option<Choice<bool>> = Some(Choice::Unknown(" ".into()));
        assert!(filter(blank, "x").unwrap().is_none());
        let unknown: Option<Choice<bool>> = Some(Choice::Unknown("paars".into()));
        assert!(filter(unknown, "x").is_err());
        assert_eq!(filter(Some(Choice::Known(true)), "x").unwrap(), Some(true));
    }
}
