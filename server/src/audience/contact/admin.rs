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

use super::ContactSubject;
use crate::kit::closed_set::{Choice, closed_set};
use crate::kit::db;
use crate::kit::error::{ApiJson, ApiPath, ApiQuery, AppError, ErrorBody};
use crate::kit::paging::{self, ListSql, Page, PageQuery};
use crate::kit::validation::filter;
use crate::platform::state::AppState;

closed_set! {
    pub enum MessageStatus {
        Unread = "unread",
        Read = "read",
        Archived = "archived",
    }
}

closed_set! {
    /// Where the coach looks for messages.
    pub enum Folder {
        /// Unread and read messages.
        Inbox = "inbox",
        Archived = "archived",
    }
}

pub fn routes() -> OpenApiRouter<AppState> {
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
    pub subject: ContactSubject,
    /// The subject as the visitor chose it, in Dutch.
    pub subject_label: String,
    pub message: String,
    pub status: MessageStatus,
    /// UTC, RFC 3339.
    pub created_at: String,
}

const COLUMNS: &str = "id, name, email, phone, subject, message, status, created_at";

impl ContactMessage {
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        let subject: ContactSubject = row.try_get("subject")?;
        Ok(Self {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            email: row.try_get("email")?,
            phone: row.try_get("phone")?,
            subject_label: subject.label().to_string(),
            subject,
            message: row.try_get("message")?,
            status: row.try_get("status")?,
            created_at: row.try_get("created_at")?,
        })
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MessageFilter {
    /// The inbox when missing.
    #[param(value_type = Option<Folder>)]
    pub folder: Option<Choice<Folder>>,
}

/// A page of messages with the unread count for the menu badge.
#[derive(Serialize, ToSchema)]
pub struct MessagePage {
    #[serde(flatten)]
    pub page: Page<ContactMessage>,
    /// Unread messages in all folders.
    pub unread: i64,
}

#[utoipa::path(
    get,
    path = "/admin/messages",
    operation_id = "admin_list_messages",
    tag = "admin",
    params(MessageFilter, PageQuery),
    responses(
        (status = 200, description = "One page of contact messages, newest first; q searches name, e-mail and message", body = MessagePage),
        (status = 422, description = "Unknown folder", body = ErrorBody),
    )
)]
pub async fn list_messages(
    State(state): State<AppState>,
    ApiQuery(messages): ApiQuery<MessageFilter>,
    ApiQuery(paging): ApiQuery<PageQuery>,
) -> Result<Json<MessagePage>, AppError> {
    let folder = match filter(messages.folder, "Kies de inbox of het archief.")? {
        None | Some(Folder::Inbox) => "status IN ('unread', 'read')",
        Some(Folder::Archived) => "status = 'archived'",
    };
    let pattern = paging.like_pattern_or_all();
    let filter = format!(
        "WHERE {folder} AND (LOWER(name) LIKE $1 ESCAPE '\\' OR LOWER(email) LIKE $1 ESCAPE '\\' \
         OR LOWER(message) LIKE $1 ESCAPE '\\')"
    );
    let sql = ListSql {
        columns: COLUMNS,
        from: "contact_messages",
        filter: &filter,
        order_by: "created_at DESC, id DESC",
    };
    let page = paging::fetch_page(
        &state.pool,
        paging.info(),
        &sql,
        |q| q.bind(&pattern),
        ContactMessage::from_row,
    )
    .await?;
    Ok(Json(MessagePage {
        page,
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
    #[schema(value_type = MessageStatus)]
    pub status: Choice<MessageStatus>,
}

fn not_found() -> AppError {
    AppError::NotFound("Dit bericht bestaat niet (meer).".into())
}

#[utoipa::path(
    put,
    path = "/admin/messages/{id}/status",
    operation_id = "admin_set_message_status",
    tag = "admin",
    params(("id" = i64, Path, description = "Message id")),
    request_body = MessageStatusInput,
    responses(
        (status = 200, description = "Marked", body = ContactMessage),
        (status = 404, description = "No such message", body = ErrorBody),
        (status = 422, description = "Unknown status", body = ErrorBody),
    )
)]
pub async fn set_message_status(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiJson(input): ApiJson<MessageStatusInput>,
) -> Result<Json<ContactMessage>, AppError> {
    let Some(status) = input.status.known() else {
        return Err(AppError::invalid(
            "Kies een geldige status: ongelezen, gelezen of gearchiveerd.",
        ));
    };
    let mut tx = db::begin_write(&state.pool).await?;
    let updated =
        sqlx::query("UPDATE contact_messages SET status = $1, updated_at = $2 WHERE id = $3")
            .bind(status)
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
    params(("id" = i64, Path, description = "Message id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such message", body = ErrorBody),
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
