//! CSV files for the coach's Excel (Belgium): UTF-8 with a BOM, `;`-separated, CRLF line ends,
//! and no cell that a spreadsheet would run as a formula; also the download response of every admin file.
use axum::body::Body;
use axum::http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};

use crate::kit::brussels;

/// One CSV cell for Excel: quoted when needed, and a leading `= + - @` defused so a
/// spreadsheet never runs a name as a formula.
pub fn cell(value: &str) -> String {
    let value = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{value}")
    } else {
        value.to_string()
    };
    if value.contains([';', '"', '\n', '\r']) {
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value
    }
}

/// Belgian date and time in Brussels, e.g. `27/11/2025 19:30`; empty for none.
pub fn belgian(stored: Option<&str>) -> anyhow::Result<String> {
    let Some(stored) = stored else {
        return Ok(String::new());
    };
    brussels::format(stored, "%d/%m/%Y %H:%M")
}

/// A CSV document: the BOM (so Excel reads UTF-8), the header, then one CRLF-terminated line
/// per row. Cells must already be made safe with [`cell`] (dates from [`belgian`] are safe).
pub fn document(header: &[&str], rows: impl IntoIterator<Item = Vec<String>>) -> String {
    let mut csv = String::from("\u{feff}");
    csv.push_str(&header.join(";"));
    csv.push_str("\r\n");
    for row in rows {
        csv.push_str(&row.join(";"));
        csv.push_str("\r\n");
    }
    csv
}

/// The download response for a CSV document; `filename` is plain ASCII without quotes.
pub fn attachment(filename: &str, csv: String) -> Response {
    download(filename, "text/csv; charset=utf-8", csv)
}

/// A file to download (a CSV, an invoice, a ZIP); `filename` is plain ASCII without quotes.
pub fn download(filename: &str, content_type: &str, body: impl Into<Body>) -> Response {
    (
        [
            (CONTENT_TYPE, content_type.to_string()),
            (
                CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            ),
            (CACHE_CONTROL, "no-store".to_string()),
        ],
        body.into(),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_quoted_and_formulas_defused() {
        assert_eq!(cell("Lien"), "Lien");
        assert_eq!(cell("a;b"), "\"a;b\"");
        assert_eq!(cell("zeg \"hallo\""), "\"zeg \"\"hallo\"\"\"");
        assert_eq!(cell("=HYPERLINK(1)"), "'=HYPERLINK(1)");
        assert_eq!(cell("-2+3;x"), "\"'-2+3;x\"");
    }

    #[test]
    fn documents_start_with_a_bom_and_end_lines_with_crlf() {
        let csv = document(&["A", "B"], [vec!["1".into(), "2".into()]]);
        assert_eq!(csv, "\u{feff}A;B\r\n1;2\r\n");
    }

    #[test]
    fn dates_are_belgian_in_brussels_time() {
        assert_eq!(
            belgian(Some("2025-11-27T18:30:00.000000Z")).unwrap(),
            "27/11/2025 19:30"
        );
        assert_eq!(belgian(None).unwrap(), "");
    }
}
