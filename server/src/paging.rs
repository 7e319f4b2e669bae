//! Server-side paging and search for admin lists.
use serde::Deserialize;
use utoipa::IntoParams;

pub const DEFAULT_PER_PAGE: i64 = 20;
pub const MAX_PER_PAGE: i64 = 100;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// 1-based page number (default 1).
    pub page: Option<i64>,
    /// Rows per page (default 20, at most 100).
    pub per_page: Option<i64>,
    /// Search text (case-insensitive, part of a word is enough).
    pub q: Option<String>,
}

/// Where a page starts and how long it is, clamped to sane values.
#[derive(Debug, Clone, Copy)]
pub struct PageInfo {
    pub page: i64,
    pub per_page: i64,
}

impl PageQuery {
    pub fn info(&self) -> PageInfo {
        PageInfo {
            page: self.page.unwrap_or(1).clamp(1, 1_000_000),
            per_page: self
                .per_page
                .unwrap_or(DEFAULT_PER_PAGE)
                .clamp(1, MAX_PER_PAGE),
        }
    }

    /// A `LIKE` pattern (escape character `\`) for the search text, lower-cased; None without one.
    pub fn like_pattern(&self) -> Option<String> {
        let q = self.q.as_deref().map(str::trim).filter(|q| !q.is_empty())?;
        let escaped: String = q
            .to_lowercase()
            .chars()
            .take(100)
            .flat_map(|c| match c {
                '%' | '_' | '\\' => vec!['\\', c],
                c => vec![c],
            })
            .collect();
        Some(format!("%{escaped}%"))
    }
}

impl PageInfo {
    pub fn offset(&self) -> i64 {
        (self.page - 1) * self.per_page
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_numbers_and_sizes_are_clamped() {
        let q = PageQuery {
            page: Some(0),
            per_page: Some(5000),
            q: None,
        };
        assert_eq!(q.info().page, 1);
        assert_eq!(q.info().per_page, MAX_PER_PAGE);
        let q = PageQuery {
            page: Some(3),
            per_page: Some(10),
            q: None,
        };
        assert_eq!(q.info().offset(), 20);
    }

    #[test]
    fn search_text_is_escaped_for_like() {
        let q = PageQuery {
            q: Some(" 50%_Korting\\ ".into()),
            ..Default::default()
        };
        assert_eq!(q.like_pattern().unwrap(), "%50\\%\\_korting\\\\%");
        let blank = PageQuery {
            q: Some("  ".into()),
            ..Default::default()
        };
        assert_eq!(blank.like_pattern(), None);
    }
}
