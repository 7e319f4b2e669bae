//! The coach's ticket management: per-event list and CSV, check-in at the door, cancel.
use axum::Json;
use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use sqlx::{AssertSqlSafe, Row};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{COLUMNS, FROM, Ticket, TicketStatus, normalize_code};
use crate::agenda::seats;
use crate::kit::csv_export::{self, belgian, cell};
use crate::kit::db::{self, Tx};
use crate::kit::error::{ApiJson, ApiPath, ApiQuery, AppError, ErrorBody};
use crate::kit::paging::{self, ListSql, Page, PageQuery};
use crate::kit::validation::Fields;
use crate::platform::outbox::templates::{self, MailKind, Values};
use crate::platform::outbox::{self, compose::compose};
use crate::platform::state::AppState;
use crate::{kit::brussels, kit::dutch};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_tickets))
        .routes(routes!(export_tickets))
        .routes(routes!(check_in_by_code))
        .routes(routes!(check_in_ticket))
        .routes(routes!(cancel_ticket))
}

#[derive(Deserialize, ToSchema)]
pub struct CheckInInput {
    /// As typed or scanned: case, spaces and dashes do not matter.
    pub code: String,
}

#[derive(Serialize, ToSchema)]
pub struct CheckIn {
    pub ticket: Ticket,
    pub event_title: String,
}

fn ticket_not_found() -> AppError {
    AppError::NotFound("Dit ticket bestaat niet.".into())
}

fn event_not_found() -> AppError {
    AppError::NotFound("Deze datum bestaat niet (meer).".into())
}

/// The event's title and start, or 404.
async fn event_of<'c, E>(executor: E, id: i64) -> Result<(String, String, String), AppError>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let row = sqlx::query("SELECT title, kind, starts_at FROM events WHERE id = $1")
        .bind(id)
        .fetch_optional(executor)
        .await?
        .ok_or_else(event_not_found)?;
    Ok((
        row.try_get("title")?,
        row.try_get("kind")?,
        row.try_get("starts_at")?,
    ))
}

/// The search condition on holder name, e-mail and code (typed with or without dashes).
const SEARCH: &str = "(LOWER(t.holder_name) LIKE $2 ESCAPE '\\' OR LOWER(t.email) LIKE $2 ESCAPE '\\' \
                      OR LOWER(t.code) LIKE $3 ESCAPE '\\')";

#[utoipa::path(
    get,
    path = "/admin/events/{id}/tickets",
    operation_id = "admin_list_tickets",
    tag = "admin",
    params(("id" = i64, Path, description = "Event id"), PageQuery),
    responses(
        (status = 200, description = "One page of the event's tickets (cancelled ones too), by holder name; q searches name, e-mail and code", body = Page<Ticket>),
        (status = 404, description = "No such event", body = ErrorBody),
    )
)]
pub async fn list_tickets(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Page<Ticket>>, AppError> {
    event_of(&state.pool, id).await?;
    let pattern = query.like_pattern_or_all();
    // A code typed with dashes still finds the stored code; text without any code character
    // (e.g. only a dash) must not match every code.
    let code_pattern = PageQuery {
        q: query.q.as_deref().map(normalize_code),
        ..Default::default()
    }
    .like_pattern()
    .unwrap_or_else(|| if query.q.is_some() { "" } else { "%" }.into());
    let filter = format!("WHERE t.event_id = $1 AND {SEARCH}");
    let sql = ListSql {
        columns: COLUMNS,
        from: FROM,
        filter: &filter,
        order_by: BY_HOLDER,
    };
    let page = paging::fetch_page(
        &state.pool,
        query.info(),
        &sql,
        |q| q.bind(id).bind(&pattern).bind(&code_pattern),
        Ticket::from_row,
    )
    .await?;
    Ok(Json(page))
}

const BY_HOLDER: &str = "LOWER(t.holder_name), t.id";

#[utoipa::path(
    get,
    path = "/admin/events/{id}/tickets.csv",
    operation_id = "admin_export_tickets",
    tag = "admin",
    params(("id" = i64, Path, description = "Event id")),
    responses(
        (status = 200, description = "The event's tickets as CSV for Excel (Belgium): UTF-8 with BOM, `;`-separated, CRLF; by holder name", body = String, content_type = "text/csv"),
        (status = 404, description = "No such event", body = ErrorBody),
    )
)]
pub async fn export_tickets(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Response, AppError> {
    let (_, kind, starts_at) = event_of(&state.pool, id).await?;
    let rows = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM {FROM} WHERE t.event_id = $1 ORDER BY {BY_HOLDER}"
    )))
    .bind(id)
    .fetch_all(&state.pool)
    .await?;
    let lines = rows
        .iter()
        .map(|row| {
            let t = Ticket::from_row(row)?;
            Ok(vec![
                cell(&t.code),
                cell(&t.holder_name),
                cell(&t.email),
                cell(t.status.label()),
                belgian(t.checked_in_at.as_deref())?,
                cell(t.order_public_id.as_deref().unwrap_or_default()),
            ])
        })
        .collect::<Result<Vec<_>, AppError>>()?;
    let csv = csv_export::document(
        &[
            "Code",
            "Naam",
            "E-mail",
            "Status",
            "Ingecheckt om",
            "Bestelling",
        ],
        lines,
    );
    let day = brussels::format(&starts_at, "%Y-%m-%d")?;
    Ok(csv_export::attachment(
        &format!("tickets-{kind}-{day}.csv"),
        csv,
    ))
}

/// How a ticket is picked: by id from the list, or by the code at the door.
enum Key {
    Id(i64),
    Code(String),
}

impl Key {
    fn column(&self) -> &'static str {
        match self {
            Key::Id(_) => "id",
            Key::Code(_) => "code",
        }
    }

    fn bind<'q>(
        &'q self,
        query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>,
    ) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments> {
        match self {
            Key::Id(id) => query.bind(*id),
            Key::Code(code) => query.bind(code.as_str()),
        }
    }
}

async fn fetch(tx: &mut Tx, key: &Key) -> Result<Option<Ticket>, AppError> {
    let sql = format!("SELECT {COLUMNS} FROM {FROM} WHERE t.{} = $1", key.column());
    let row = key
        .bind(sqlx::query(AssertSqlSafe(sql)))
        .fetch_optional(&mut **tx)
        .await?;
    Ok(row.as_ref().map(Ticket::from_row).transpose()?)
}

/// Checks in a valid ticket. The UPDATE is conditional, so of two scanners at the door exactly
/// one succeeds and the other hears when the ticket was checked in.
async fn check_in(tx: &mut Tx, key: &Key) -> Result<Ticket, AppError> {
    let sql = format!(
        "UPDATE tickets SET status = 'checked_in', checked_in_at = $1, updated_at = $1 \
         WHERE {} = $2 AND status = 'valid'",
        key.column()
    );
    let updated = key
        .bind(sqlx::query(AssertSqlSafe(sql)).bind(db::now()))
        .execute(&mut **tx)
        .await?
        .rows_affected();
    let ticket = fetch(tx, key).await?.ok_or_else(ticket_not_found)?;
    if updated == 1 {
        return Ok(ticket);
    }
    Err(match (ticket.status, ticket.checked_in_at.as_deref()) {
        (TicketStatus::CheckedIn, Some(at)) => AppError::Conflict(format!(
            "Dit ticket is al ingecheckt om {}.",
            dutch::time(db::parse_ts(at)?)
        )),
        (TicketStatus::Cancelled, _) => AppError::Conflict("Dit ticket is geannuleerd.".into()),
        (status, _) => AppError::Internal(anyhow::anyhow!(
            "ticket {} not checked in while {status}",
            ticket.id
        )),
    })
}

#[utoipa::path(
    post,
    path = "/admin/tickets/check-in",
    operation_id = "admin_check_in_by_code",
    tag = "admin",
    request_body = CheckInInput,
    responses(
        (status = 200, description = "Checked in; with the event's title so the door sees which event it is for", body = CheckIn),
        (status = 404, description = "No ticket with this code", body = ErrorBody),
        (status = 409, description = "Already checked in (with the time) or cancelled", body = ErrorBody),
        (status = 422, description = "No code given", body = ErrorBody),
    )
)]
pub async fn check_in_by_code(
    State(state): State<AppState>,
    ApiJson(input): ApiJson<CheckInInput>,
) -> Result<Json<CheckIn>, AppError> {
    let code = normalize_code(&input.code);
    if code.is_empty() {
        return Err(Fields::one("code", "Vul een ticketcode in."));
    }
    if code.chars().count() > 40 {
        return Err(ticket_not_found());
    }
    let mut tx = db::begin_write(&state.pool).await?;
    let ticket = check_in(&mut tx, &Key::Code(code)).await?;
    let (event_title, _, _) = event_of(&mut *tx, ticket.event_id).await?;
    tx.commit().await?;
    Ok(Json(CheckIn {
        ticket,
        event_title,
    }))
}

#[utoipa::path(
    post,
    path = "/admin/tickets/{id}/check-in",
    operation_id = "admin_check_in_ticket",
    tag = "admin",
    params(("id" = i64, Path, description = "Ticket id")),
    responses(
        (status = 200, description = "Checked in", body = Ticket),
        (status = 404, description = "No such ticket", body = ErrorBody),
        (status = 409, description = "Already checked in (with the time) or cancelled", body = ErrorBody),
    )
)]
pub async fn check_in_ticket(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Ticket>, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    let ticket = check_in(&mut tx, &Key::Id(id)).await?;
    tx.commit().await?;
    Ok(Json(ticket))
}

#[utoipa::path(
    post,
    path = "/admin/tickets/{id}/cancel",
    operation_id = "admin_cancel_ticket",
    tag = "admin",
    params(("id" = i64, Path, description = "Ticket id")),
    responses(
        (status = 200, description = "Cancelled; its seat is free again", body = Ticket),
        (status = 404, description = "No such ticket", body = ErrorBody),
        (status = 409, description = "Already cancelled", body = ErrorBody),
    )
)]
pub async fn cancel_ticket(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Ticket>, AppError> {
    let now = db::now();
    let mut tx = db::begin_write(&state.pool).await?;
    // The event before the ticket and its order (see agenda::seats).
    let event_id = sqlx::query("SELECT event_id FROM tickets WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or_else(ticket_not_found)?
        .try_get::<i64, _>("event_id")?;
    seats::lock(&mut tx, [event_id]).await?;
    // Conditional, so two cancels at once free the seat once.
    let cancelled = sqlx::query(
        "UPDATE tickets SET status = 'cancelled', updated_at = $1 \
         WHERE id = $2 AND status IN ('valid', 'checked_in')",
    )
    .bind(&now)
    .bind(id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    let ticket = fetch(&mut tx, &Key::Id(id))
        .await?
        .ok_or_else(ticket_not_found)?;
    if cancelled == 0 {
        return Err(AppError::Conflict("Dit ticket is al geannuleerd.".into()));
    }
    // A paid ticket's seat is counted through its order's seats_held; when the order no longer
    // holds seats (e.g. released on refund), the event's count was lowered then already.
    let seat_counted = match ticket.order_id {
        None => true,
        Some(order_id) => {
            let released = sqlx::query(
                "UPDATE orders SET seats_held = seats_held - 1, updated_at = $1 WHERE id = $2 AND seats_held > 0",
            )
            .bind(&now)
            .bind(order_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            sqlx::query(
                "INSERT INTO order_history (order_id, status, note, created_at) \
                 SELECT id, status, $1, $2 FROM orders WHERE id = $3",
            )
            .bind(format!("Ticket {} geannuleerd door de coach.", ticket.code))
            .bind(&now)
            .bind(order_id)
            .execute(&mut *tx)
            .await?;
            released == 1
        }
    };
    if seat_counted {
        seats::release(&mut tx, ticket.event_id, 1).await?;
    }
    // The holder hears it (unless erased): a refund's credit note tells only the buyer.
    if !ticket.email.is_empty() {
        let mail = cancelled_mail(&mut tx, &state, &ticket).await?;
        outbox::enqueue_email(&mut tx, &mail).await?;
    }
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok(Json(ticket))
}

async fn cancelled_mail(
    tx: &mut Tx,
    state: &AppState,
    ticket: &Ticket,
) -> Result<outbox::EmailMessage, AppError> {
    let (title, _, starts_at) = event_of(&mut **tx, ticket.event_id).await?;
    let site = state.site();
    let values = Values::new(&ticket.holder_name, &site.brand)
        .with("ticket", ticket.code.clone())
        .with("evenement", title)
        .with("datum", dutch::date_time(db::parse_ts(&starts_at)?));
    let (subject, blocks) = templates::load(tx, MailKind::TicketCancelled)
        .await?
        .render(&values);
    Ok(compose(&ticket.email, subject, &blocks, &site))
}
