//! The coach's view of newsletter subscribers: a searchable list and a CSV export.
use axum::Json;
use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::{AssertSqlSafe, Row};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::csv_export::{self, belgian, cell};
use crate::error::{ApiQuery, AppError, ErrorBody};
use crate::paging::PageQuery;
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_subscribers))
        .routes(routes!(export_subscribers))
}

#[derive(Serialize, ToSchema)]
pub struct Subscriber {
    pub id: i64,
    pub first_name: String,
    pub email: String,
    /// pending, confirmed or unsubscribed.
    pub status: String,
    /// UTC, RFC 3339.
    pub created_at: String,
    pub confirmed_at: Option<String>,
    pub unsubscribed_at: Option<String>,
}

const COLUMNS: &str = "id, first_name, email, status, created_at, confirmed_at, unsubscribed_at";

impl Subscriber {
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: row.try_get("id")?,
            first_name: row.try_get("first_name")?,
            email: row.try_get("email")?,
            status: row.try_get("status")?,
            created_at: row.try_get("created_at")?,
            confirmed_at: row.try_get("confirmed_at")?,
            unsubscribed_at: row.try_get("unsubscribed_at")?,
        })
    }
}

#[derive(Serialize, ToSchema)]
pub struct SubscriberPage {
    /// Newest first.
    pub items: Vec<Subscriber>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SubscriberQuery {
    /// pending, confirmed or unsubscribed; all when missing.
    pub status: Option<String>,
    /// 1-based page number (default 1).
    pub page: Option<i64>,
    /// Rows per page (default 20, at most 100).
    pub per_page: Option<i64>,
    /// Searches first name and e-mail.
    pub q: Option<String>,
}

const FILTER: &str = "WHERE status LIKE $1 AND (LOWER(first_name) LIKE $2 ESCAPE '\\' OR email_normalized LIKE $2 ESCAPE '\\')";

#[utoipa::path(
    get,
    path = "/admin/subscribers",
    operation_id = "admin_list_subscribers",
    tag = "admin",
    security(("bearer" = [])),
    params(SubscriberQuery),
    responses(
        (status = 200, description = "One page of subscribers, newest first", body = SubscriberPage),
        (status = 422, description = "Unknown status", body = ErrorBody),
        (status = 401, description = "No valid access token", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
    )
)]
pub async fn list_subscribers(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<SubscriberQuery>,
) -> Result<Json<SubscriberPage>, AppError> {
    let status = match query.status.as_deref().filter(|s| !s.is_empty()) {
        None => "%",
        Some(s @ ("pending" | "confirmed" | "unsubscribed")) => s,
        Some(_) => return Err(AppError::invalid("Kies een geldige status.")),
    };
    let paging = PageQuery {
        page: query.page,
        per_page: query.per_page,
        q: query.q,
    };
    let page = paging.info();
    let pattern = paging.like_pattern().unwrap_or_else(|| "%".into());
    let total: i64 = sqlx::query(AssertSqlSafe(format!(
        "SELECT COUNT(*) AS n FROM newsletter_subscribers {FILTER}"
    )))
    .bind(status)
    .bind(&pattern)
    .fetch_one(&state.pool)
    .await?
    .try_get("n")?;
    let rows = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM newsletter_subscribers {FILTER} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4"
    )))
    .bind(status)
    .bind(&pattern)
    .bind(page.per_page)
    .bind(page.offset())
    .fetch_all(&state.pool)
    .await?;
    Ok(Json(SubscriberPage {
        items: rows
            .iter()
            .map(Subscriber::from_row)
            .collect::<Result<_, _>>()?,
        total,
        page: page.page,
        per_page: page.per_page,
    }))
}

fn status_label(status: &str) -> &str {
    match status {
        "pending" => "In afwachting",
        "confirmed" => "Bevestigd",
        "unsubscribed" => "Uitgeschreven",
        other => other,
    }
}

#[utoipa::path(
    get,
    path = "/admin/subscribers/export",
    operation_id = "admin_export_subscribers",
    tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "All subscribers as CSV for Excel (Belgium): UTF-8 with BOM, `;`-separated, CRLF", body = String, content_type = "text/csv"),
        (status = 401, description = "No valid access token", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
    )
)]
pub async fn export_subscribers(State(state): State<AppState>) -> Result<Response, AppError> {
    let rows = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM newsletter_subscribers ORDER BY created_at, id"
    )))
    .fetch_all(&state.pool)
    .await?;
    let rows = rows
        .iter()
        .map(|row| {
            let s = Subscriber::from_row(row)?;
            Ok(vec![
                cell(&s.first_name),
                cell(&s.email),
                cell(status_label(&s.status)),
                belgian(Some(&s.created_at))?,
                belgian(s.confirmed_at.as_deref())?,
                belgian(s.unsubscribed_at.as_deref())?,
            ])
        })
        .collect::<Result<Vec<_>, AppError>>()?;
    let csv = csv_export::document(
        &[
            "Voornaam",
            "E-mailadres",
            "Status",
            "Ingeschreven op",
            "Bevestigd op",
            "Uitgeschreven op",
        ],
        rows,
    );
    Ok(csv_export::attachment("nieuwsbrief-abonnees.csv", csv))
}
