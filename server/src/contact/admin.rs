//! The coach's inbox of contact messages: unread, read and archived; reply happens in her own
//! mail program (the web page offers a mailto link).
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::{AssertSqlSafe, Row};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::subject_label;
use crate::db;
use crate::error::{ApiJson, ApiPath, ApiQuery, AppError, ErrorBody};
use crate::paging::PageQuery;
use crate::startup::AppState;

const STATUSES: [&str; 3] = ["unread", "read", "archived"];

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_messages))
        .routes(routes!(delete_message))
        .routes(routes!(set_message_status))
}

#[derive(Serialize, ToSchema)]
pub struct ContactMessage {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    /// The subject's key, e.g. coaching.
    pub subject: String,
    /// The subject as the visitor chose it, in Dutch.
    pub subject_label: String,
    pub message: String,
    /// unread, read or archived.
    pub status: String,
    /// UTC, RFC 3339.
    pub created_at: String,
}

const COLUMNS: &str = "id, name, email, phone, subject, message, status, created_at";

impl ContactMessage {
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        let subject: String = row.try_get("subject")?;
        Ok(Self {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            email: row.try_get("email")?,
            phone: row.try_get("phone")?,
            subject_label: subject_label(&subject).to_string(),
            subject,
            message: row.try_get("message")?,
            status: row.try_get("status")?,
            created_at: row.try_get("created_at")?,
        })
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MessageQuery {
    /// inbox (unread and read; the default) or archived.
    pub folder: Option<String>,
    /// 1-based page number (default 1).
    pub page: Option<i64>,
    /// Rows per page (default 20, at most 100).
    pub per_page: Option<i64>,
    /// Searches name, e-mail and message.
    pub q: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct MessagePage {
    /// Newest first.
    pub items: Vec<ContactMessage>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
    /// Unread messages in all folders.
    pub unread: i64,
}

#[utoipa::path(
    get,
    path = "/admin/messages",
    operation_id = "admin_list_messages",
    tag = "admin",
    security(("bearer" = [])),
    params(MessageQuery),
    responses(
        (status = 200, description = "One page of contact messages, newest first", body = MessagePage),
        (status = 422, description = "Unknown folder", body = ErrorBody),
        (status = 401, description = "No valid access token", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
    )
)]
pub async fn list_messages(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<MessageQuery>,
) -> Result<Json<MessagePage>, AppError> {
    let folder = match query.folder.as_deref().unwrap_or("inbox") {
        "inbox" => "status IN ('unread', 'read')",
        "archived" => "status = 'archived'",
        _ => return Err(AppError::invalid("Kies de inbox of het archief.")),
    };
    let paging = PageQuery {
        page: query.page,
        per_page: query.per_page,
        q: query.q,
    };
    let page = paging.info();
    let pattern = paging.like_pattern().unwrap_or_else(|| "%".into());
    let filter = format!(
        "WHERE {folder} AND (LOWER(name) LIKE $1 ESCAPE '\\' OR LOWER(email) LIKE $1 ESCAPE '\\' \
         OR LOWER(message) LIKE $1 ESCAPE '\\')"
    );
    let total: i64 = sqlx::query(AssertSqlSafe(format!(
        "SELECT COUNT(*) AS n FROM contact_messages {filter}"
    )))
    .bind(&pattern)
    .fetch_one(&state.pool)
    .await?
    .try_get("n")?;
    let rows = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM contact_messages {filter} ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3"
    )))
    .bind(&pattern)
    .bind(page.per_page)
    .bind(page.offset())
    .fetch_all(&state.pool)
    .await?;
    Ok(Json(MessagePage {
        items: rows
            .iter()
            .map(ContactMessage::from_row)
            .collect::<Result<_, _>>()?,
        total,
        page: page.page,
        per_page: page.per_page,
        unread: unread_count(&state.pool).await?,
    }))
}

pub async fn unread_count(pool: &sqlx::AnyPool) -> Result<i64, sqlx::Error> {
    sqlx::query("SELECT COUNT(*) AS n FROM contact_messages WHERE status = 'unread'")
        .fetch_one(pool)
        .await?
        .try_get("n")
}

#[derive(Deserialize, ToSchema)]
pub struct MessageStatusInput {
    /// unread, read or archived.
    pub status: String,
}

fn not_found() -> AppError {
    AppError::NotFound("Dit bericht bestaat niet (meer).".into())
}

#[utoipa::path(
    put,
    path = "/admin/messages/{id}/status",
    operation_id = "admin_set_message_status",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Message id")),
    request_body = MessageStatusInput,
    responses(
        (status = 200, description = "Marked", body = ContactMessage),
        (status = 404, description = "No such message", body = ErrorBody),
        (status = 422, description = "Unknown status", body = ErrorBody),
        (status = 401, description = "No valid access token", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
    )
)]
pub async fn set_message_status(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiJson(input): ApiJson<MessageStatusInput>,
) -> Result<Json<ContactMessage>, AppError> {
    if !STATUSES.contains(&input.status.as_str()) {
        return Err(AppError::invalid(
            "Kies een geldige status: ongelezen, gelezen of gearchiveerd.",
        ));
    }
    let mut tx = db::begin_write(&state.pool).await?;
    let updated =
        sqlx::query("UPDATE contact_messages SET status = $1, updated_at = $2 WHERE id = $3")
            .bind(&input.status)
            .bind(db::now())
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    if updated != 1 {
        return Err(not_found());
    }
    let row = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM contact_messages WHERE id = $1"
    )))
    .bind(id)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Json(ContactMessage::from_row(&row)?))
}

#[utoipa::path(
    delete,
    path = "/admin/messages/{id}",
    operation_id = "admin_delete_message",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Message id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such message", body = ErrorBody),
        (status = 401, description = "No valid access token", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
    )
)]
pub async fn delete_message(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<StatusCode, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    let deleted = sqlx::query("DELETE FROM contact_messages WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if deleted != 1 {
        return Err(not_found());
    }
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
