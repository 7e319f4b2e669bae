//! The coach's view of orders: a searchable, filterable list and one order's detail with its
//! history and tickets. The routes of `actions` (refund, resend) are listed here with the others.
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AssertSqlSafe, Row};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{OrderAttention, OrderHistoryStatus, OrderStatus, actions, refunds};
use crate::agenda::tickets::{self, Ticket};
use crate::commerce::invoices::{self, InvoiceSummary};
use crate::kit::closed_set::{Choice, closed_set};
use crate::kit::configuration::PaymentProviderKind;
use crate::kit::error::{ApiPath, ApiQuery, AppError, ErrorBody};
use crate::kit::paging::{self, ListSql, Page, PageQuery};
use crate::kit::validation::filter;
use crate::platform::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_orders))
        .routes(routes!(get_order))
        .routes(routes!(actions::refund))
        .routes(routes!(actions::refund_tickets))
        .routes(routes!(actions::resend))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminOrder {
    pub id: i64,
    /// The unguessable id in the buyer's links.
    pub public_id: String,
    pub status: OrderStatus,
    /// Set when the coach must act.
    pub attention: Option<OrderAttention>,
    pub product_name: String,
    pub event_title: Option<String>,
    pub quantity: i64,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    /// Euro cents, VAT included.
    pub total_cents: i64,
    pub discount_cents: i64,
    pub coupon_code: Option<String>,
    pub provider: PaymentProviderKind,
    pub provider_ref: Option<String>,
    /// UTC, RFC 3339.
    pub created_at: String,
    pub paid_at: Option<String>,
}

/// Every column an admin view needs, from [`FROM`].
const COLUMNS: &str = "o.id, o.public_id, o.status, o.attention, p.name AS product_name, \
     e.title AS event_title, o.quantity, o.first_name, o.last_name, o.email, o.total_cents, o.discount_cents, \
     o.coupon_code, o.provider, o.provider_ref, o.created_at, o.paid_at, o.phone, o.company, o.vat_number, \
     o.registration_number, o.unit_price_cents, o.subtotal_cents, o.consent_text, o.terms_accepted_at, o.expires_at, \
     o.refunded_cents";
const FROM: &str =
    "orders o JOIN products p ON p.id = o.product_id LEFT JOIN events e ON e.id = o.event_id";

impl AdminOrder {
    /// From a row of [`COLUMNS`].
    pub(crate) fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: row.try_get("id")?,
            public_id: row.try_get("public_id")?,
            status: row.try_get("status")?,
            attention: row.try_get("attention")?,
            product_name: row.try_get("product_name")?,
            event_title: row.try_get("event_title")?,
            quantity: row.try_get("quantity")?,
            first_name: row.try_get("first_name")?,
            last_name: row.try_get("last_name")?,
            email: row.try_get("email")?,
            total_cents: row.try_get("total_cents")?,
            discount_cents: row.try_get("discount_cents")?,
            coupon_code: row.try_get("coupon_code")?,
            provider: row.try_get("provider")?,
            provider_ref: row.try_get("provider_ref")?,
            created_at: row.try_get("created_at")?,
            paid_at: row.try_get("paid_at")?,
        })
    }
}

/// The orders of `sql_filter` (a WHERE clause over `o`, with `$1` the first parameter bound by
/// the caller), newest first. Used by the dashboard.
pub(crate) fn select(sql_filter: &str) -> String {
    format!("SELECT {COLUMNS} FROM {FROM} {sql_filter} ORDER BY {NEWEST_FIRST}")
}

const NEWEST_FIRST: &str = "o.created_at DESC, o.id DESC";

#[derive(Serialize, ToSchema)]
pub struct OrderHistoryEntry {
    pub status: OrderHistoryStatus,
    pub note: String,
    /// UTC, RFC 3339.
    pub created_at: String,
}

#[derive(Serialize, ToSchema)]
pub struct AdminOrderDetail {
    #[serde(flatten)]
    pub order: AdminOrder,
    pub phone: Option<String>,
    pub company: Option<String>,
    pub vat_number: Option<String>,
    /// A company without a VAT number: its number in its country's trade register.
    pub registration_number: Option<String>,
    pub unit_price_cents: i64,
    pub subtotal_cents: i64,
    /// The consent the buyer accepted, word for word.
    pub consent_text: String,
    pub terms_accepted_at: String,
    /// When a pending order stops holding its seats.
    pub expires_at: String,
    /// Every state change, oldest first.
    pub history: Vec<OrderHistoryEntry>,
    /// Tickets issued for the order (event orders), in issue order.
    pub tickets: Vec<Ticket>,
    /// Its invoice (once paid) and credit notes (one per refund).
    pub invoices: Vec<InvoiceSummary>,
    /// Euro cents paid back so far (never more than `total_cents`).
    pub refunded_cents: i64,
    /// The tickets paid back already (each at most once).
    pub refunded_ticket_ids: Vec<i64>,
    /// The tickets that can still be paid back one by one, with what each would pay back.
    pub refundable_tickets: Vec<RefundableTicket>,
}

#[derive(Serialize, ToSchema)]
pub struct RefundableTicket {
    pub ticket_id: i64,
    /// Its share of the order's total, euro cents.
    pub amount_cents: i64,
}

closed_set! {
    /// Which orders the list shows: those of one status, or those the coach must act on.
    pub enum OrderFilter {
        Pending = "pending",
        Paid = "paid",
        Cancelled = "cancelled",
        Expired = "expired",
        Failed = "failed",
        Refunded = "refunded",
        /// Orders with `attention` set, whatever their status.
        Attention = "attention",
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminOrderFilter {
    /// All orders when missing.
    #[param(value_type = Option<OrderFilter>)]
    pub status: Option<Choice<OrderFilter>>,
}

fn not_found() -> AppError {
    AppError::NotFound("Deze bestelling bestaat niet.".into())
}

/// One order with its history and tickets: for the detail view, and the answer of actions on
/// an order (refund). Works on a pooled connection or inside a transaction (`&mut *tx`).
pub async fn detail(conn: &mut AnyConnection, id: i64) -> Result<AdminOrderDetail, AppError> {
    let row = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM {FROM} WHERE o.id = $1"
    )))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?
    .ok_or_else(not_found)?;
    let history = sqlx::query(
        "SELECT status, note, created_at FROM order_history WHERE order_id = $1 ORDER BY id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|h| {
        Ok(OrderHistoryEntry {
            status: h.try_get("status")?,
            note: h.try_get("note")?,
            created_at: h.try_get("created_at")?,
        })
    })
    .collect::<Result<_, sqlx::Error>>()?;
    let tickets = tickets::of_order(&mut *conn, id).await?;
    let invoices = invoices::of_order(&mut *conn, id).await?;
    let refunded_ticket_ids = sqlx::query(
        "SELECT t.id FROM tickets t JOIN order_refunds r ON r.id = t.refund_id \
         WHERE t.order_id = $1 AND r.status = 'done' ORDER BY t.id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|r| r.try_get("id"))
    .collect::<Result<_, sqlx::Error>>()?;
    let order = AdminOrder::from_row(&row)?;
    let refundable_tickets = if order.status == OrderStatus::Paid {
        refunds::refundable(&mut *conn, id, order.total_cents).await?
    } else {
        Vec::new()
    };
    Ok(AdminOrderDetail {
        order,
        phone: row.try_get("phone")?,
        company: row.try_get("company")?,
        vat_number: row.try_get("vat_number")?,
        registration_number: row.try_get("registration_number")?,
        unit_price_cents: row.try_get("unit_price_cents")?,
        subtotal_cents: row.try_get("subtotal_cents")?,
        consent_text: row.try_get("consent_text")?,
        terms_accepted_at: row.try_get("terms_accepted_at")?,
        expires_at: row.try_get("expires_at")?,
        history,
        tickets,
        invoices,
        refunded_cents: row.try_get("refunded_cents")?,
        refunded_ticket_ids,
        refundable_tickets,
    })
}

#[utoipa::path(
    get,
    path = "/admin/orders",
    operation_id = "admin_list_orders",
    tag = "admin",
    params(AdminOrderFilter, PageQuery),
    responses(
        (status = 200, description = "One page of orders, newest first; q searches the buyer's name and e-mail, the order id and the coupon code", body = Page<AdminOrder>),
        (status = 422, description = "Unknown status", body = ErrorBody),
    )
)]
pub async fn list_orders(
    State(state): State<AppState>,
    ApiQuery(orders): ApiQuery<AdminOrderFilter>,
    ApiQuery(paging): ApiQuery<PageQuery>,
) -> Result<Json<Page<AdminOrder>>, AppError> {
    let shown = filter(
        orders.status,
        "Kies een geldige status: in afwachting, betaald, geannuleerd, verlopen, mislukt, terugbetaald of actie nodig.",
    )?;
    let (attention, status) = match shown {
        None => ("", "%"),
        Some(OrderFilter::Attention) => ("o.attention IS NOT NULL AND ", "%"),
        Some(status) => ("", status.as_str()),
    };
    let pattern = paging.like_pattern_or_all();
    let filter = format!(
        "WHERE {attention}o.status LIKE $1 AND (LOWER(o.first_name || ' ' || o.last_name) LIKE $2 ESCAPE '\\' \
         OR LOWER(o.email) LIKE $2 ESCAPE '\\' OR LOWER(o.public_id) LIKE $2 ESCAPE '\\' \
         OR LOWER(COALESCE(o.coupon_code, '')) LIKE $2 ESCAPE '\\')"
    );
    let sql = ListSql {
        columns: COLUMNS,
        from: FROM,
        filter: &filter,
        order_by: NEWEST_FIRST,
    };
    let page = paging::fetch_page(
        &state.pool,
        paging.info(),
        &sql,
        |q| q.bind(status).bind(&pattern),
        AdminOrder::from_row,
    )
    .await?;
    Ok(Json(page))
}

#[utoipa::path(
    get,
    path = "/admin/orders/{id}",
    operation_id = "admin_get_order",
    tag = "admin",
    params(("id" = i64, Path, description = "Order id (the numeric one)")),
    responses(
        (status = 200, description = "The order with its history (oldest first) and tickets", body = AdminOrderDetail),
        (status = 404, description = "No such order", body = ErrorBody),
    )
)]
pub async fn get_order(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<AdminOrderDetail>, AppError> {
    let mut conn = state.pool.acquire().await?;
    Ok(Json(detail(&mut conn, id).await?))
}
