//! Server-side paging and search for admin lists: one query type, one response type and one
//! function that counts and fetches a page with the same filter.
use serde::{Deserialize, Serialize};
use sqlx::any::{AnyArguments, AnyRow};
use sqlx::{Any, AnyPool, AssertSqlSafe, Row};
use utoipa::{IntoParams, ToSchema};

use crate::kit::closed_set::closed_set;
use crate::kit::error::AppError;

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
        let q: String = q.to_lowercase().chars().take(100).collect();
        Some(format!("%{}%", escape_like(&q)))
    }

    /// The search pattern, or one that matches everything.
    pub fn like_pattern_or_all(&self) -> String {
        self.like_pattern().unwrap_or_else(|| "%".into())
    }
}

/// `text` with the `LIKE` wildcards escaped (escape character `\`).
pub fn escape_like(text: &str) -> String {
    text.chars()
        .flat_map(|c| match c {
            '%' | '_' | '\\' => vec!['\\', c],
            c => vec![c],
        })
        .collect()
}

impl PageInfo {
    pub fn offset(&self) -> i64 {
        (self.page - 1) * self.per_page
    }
}

closed_set! {
    /// The part of a dated list to show.
    pub enum When {
        /// Not ended yet, soonest first (the default).
        Upcoming = "upcoming",
        /// Ended, latest first.
        Past = "past",
    }
}

impl When {
    /// The condition on `ends_at`, compared with the parameter `now` (e.g. `$1`).
    pub fn condition(self, now: &str) -> String {
        match self {
            When::Upcoming => format!("ends_at > {now}"),
            When::Past => format!("ends_at <= {now}"),
        }
    }

    pub fn order_by(self) -> &'static str {
        match self {
            When::Upcoming => "starts_at, id",
            When::Past => "starts_at DESC, id DESC",
        }
    }
}

/// One page of an admin list.
#[derive(Serialize, ToSchema)]
pub struct Page<T> {
    /// In the list's order (see the operation).
    pub items: Vec<T>,
    /// Rows that match the filter, on all pages.
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

/// The SQL of an admin list.
pub struct ListSql<'a> {
    /// The columns of one row.
    pub columns: &'a str,
    /// The table with its joins.
    pub from: &'a str,
    /// `WHERE …` (or empty), the same for the count and the page; its `$1…` are bound by the
    /// caller's `bind`.
    pub filter: &'a str,
    pub order_by: &'a str,
}

pub type AnyQuery<'q> = sqlx::query::Query<'q, Any, AnyArguments>;

/// Counts the rows of `sql` and fetches the requested page of them.
pub async fn fetch_page<T, E: Into<AppError>>(
    pool: &AnyPool,
    page: PageInfo,
    sql: &ListSql<'_>,
    bind: impl Fn(AnyQuery<'_>) -> AnyQuery<'_>,
    from_row: impl Fn(&AnyRow) -> Result<T, E>,
) -> Result<Page<T>, AppError> {
    let ListSql {
        columns,
        from,
        filter,
        order_by,
    } = sql;
    let total: i64 = bind(sqlx::query(AssertSqlSafe(format!(
        "SELECT COUNT(*) AS n FROM {from} {filter}"
    ))))
    .fetch_one(pool)
    .await?
    .try_get("n")?;
    // Both numbers are clamped integers of ours, so they can be part of the SQL text.
    let rows = bind(sqlx::query(AssertSqlSafe(format!(
        "SELECT {columns} FROM {from} {filter} ORDER BY {order_by} LIMIT {} OFFSET {}",
        page.per_page,
        page.offset()
    ))))
    .fetch_all(pool)
    .await?;
    let items = rows
        .iter()
        .map(|row| from_row(row).map_err(Into::into))
        .collect::<Result<_, _>>()?;
    Ok(Page {
        items,
        total,
        page: page.page,
        per_page: page.per_page,
    })
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
        assert_eq!(blank.like_pattern_or_all(), "%");
    }
}
