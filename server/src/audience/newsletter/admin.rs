//! The coach's view of newsletter subscribers: a searchable list, a CSV export and deleting one.
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::{AssertSqlSafe, Row};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::SubscriberStatus;
use super::import::ImportBasis;
use crate::kit::closed_set::Choice;
use crate::kit::csv_export::{self, belgian, cell};
use crate::kit::db;
use crate::kit::error::{ApiPath, ApiQuery, AppError, ErrorBody};
use crate::kit::paging::{self, ListSql, Page, PageQuery};
use crate::kit::validation::filter;
use crate::platform::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_subscribers))
        .routes(routes!(export_subscribers))
        .routes(routes!(delete_subscriber))
}

#[derive(Serialize, ToSchema)]
pub struct Subscriber {
    pub id: i64,
    pub first_name: String,
    pub email: String,
    pub status: SubscriberStatus,
    /// UTC, RFC 3339.
    pub created_at: String,
    pub confirmed_at: Option<String>,
    pub unsubscribed_at: Option<String>,
    /// Set when the address came from a CSV import (UTC, RFC 3339).
    pub imported_at: Option<String>,
    /// The legal basis she confirmed for an imported address.
    pub import_basis: Option<ImportBasis>,
}

const COLUMNS: &str = "id, first_name, email, status, created_at, confirmed_at, unsubscribed_at, imported_at, import_basis";

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
            imported_at: row.try_get("imported_at")?,
            import_basis: row.try_get("import_basis")?,
        })
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SubscriberFilter {
    /// All when missing.
    #[param(value_type = Option<SubscriberStatus>)]
    pub status: Option<Choice<SubscriberStatus>>,
}

#[utoipa::path(
    get,
    path = "/admin/subscribers",
    operation_id = "admin_list_subscribers",
    tag = "admin",
    params(SubscriberFilter, PageQuery),
    responses(
        (status = 200, description = "One page of subscribers, newest first; q searches first name and e-mail", body = Page<Subscriber>),
        (status = 422, description = "Unknown status", body = ErrorBody),
    )
)]
pub async fn list_subscribers(
    State(state): State<AppState>,
    ApiQuery(subscribers): ApiQuery<SubscriberFilter>,
    ApiQuery(paging): ApiQuery<PageQuery>,
) -> Result<Json<Page<Subscriber>>, AppError> {
    let status = filter(subscribers.status, "Kies een geldige status.")?;
    let pattern = paging.like_pattern_or_all();
    let sql = ListSql {
        columns: COLUMNS,
        from: "newsletter_subscribers",
        filter: "WHERE status LIKE $1 AND (LOWER(first_name) LIKE $2 ESCAPE '\\' OR email_normalized LIKE $2 ESCAPE '\\')",
        order_by: "created_at DESC, id DESC",
    };
    let page = paging::fetch_page(
        &state.pool,
        paging.info(),
        &sql,
        |q| {
            q.bind(status.map_or("%", SubscriberStatus::as_str))
                .bind(&pattern)
        },
        Subscriber::from_row,
    )
    .await?;
    Ok(Json(page))
}

#[utoipa::path(
    get,
    path = "/admin/subscribers/export",
    operation_id = "admin_export_subscribers",
    tag = "admin",
    responses(
        (status = 200, description = "All subscribers as CSV for Excel (Belgium): UTF-8 with BOM, `;`-separated, CRLF", body = String, content_type = "text/csv"),
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
                cell(s.status.label()),
                belgian(Some(&s.created_at))?,
                belgian(s.confirmed_at.as_deref())?,
                belgian(s.unsubscribed_at.as_deref())?,
                belgian(s.imported_at.as_deref())?,
                cell(s.import_basis.map_or("", ImportBasis::label)),
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
            "Geïmporteerd op",
            "Grond bij import",
        ],
        rows,
    );
    Ok(csv_export::attachment("nieuwsbrief-abonnees.csv", csv))
}

#[utoipa::path(
    delete,
    path = "/admin/subscribers/{id}",
    operation_id = "admin_delete_subscriber",
    tag = "admin",
    params(("id" = i64, Path, description = "Subscriber id")),
    responses(
        (status = 204, description = "Deleted; a new signup with the same address starts over"),
        (status = 404, description = "No such subscriber", body = ErrorBody),
    )
)]
pub async fn delete_subscriber(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<StatusCode, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    let deleted = sqlx::query("DELETE FROM newsletter_subscribers WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if deleted != 1 {
        return Err(AppError::NotFound(
            "Deze abonnee bestaat niet (meer).".into(),
        ));
    }
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
