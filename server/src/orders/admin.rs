//! The coach's view of orders: a searchable, filterable list and one order's detail with its
//! history and tickets. (Refund and resend live with the checkout core.)
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AssertSqlSafe, Row};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiPath, ApiQuery, AppError, ErrorBody};
use crate::paging::PageQuery;
use crate::startup::AppState;
use crate::tickets::{self, Ticket};

pub const STATUSES: [&str; 6] = [
    "pending", "paid", "canceled", "expired", "failed", "refunded",
];

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_orders))
        .routes(routes!(get_order))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminOrder {
    pub id: i64,
    /// The unguessable id in the buyer's links.
    pub public_id: String,
    /// pending, paid, canceled, expired, failed or refunded.
    pub status: String,
    /// Set when the coach must act, e.g. `refund_needed`.
    pub attention: Option<String>,
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
    pub provider: String,
    pub provider_ref: Option<String>,
    /// UTC, RFC 3339.
    pub created_at: String,
    pub paid_at: Option<String>,
}

/// Every column an admin view needs, for `... FROM orders o` + the joins below.
const SELECT: &str = "SELECT o.id, o.public_id, o.status, o.attention, p.name AS product_name, \
     e.title AS event_title, o.quantity, o.first_name, o.last_name, o.email, o.total_cents, o.discount_cents, \
     o.coupon_code, o.provider, o.provider_ref, o.created_at, o.paid_at, o.phone, o.company, o.vat_number, \
     o.unit_price_cents, o.subtotal_cents, o.consent_text, o.terms_accepted_at, o.expires_at \
     FROM orders o JOIN products p ON p.id = o.product_id LEFT JOIN events e ON e.id = o.event_id";

impl AdminOrder {
    /// From a row of [`SELECT`] (plus any WHERE / ORDER BY).
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
    format!("{SELECT} {sql_filter} ORDER BY o.created_at DESC, o.id DESC")
}

#[derive(Serialize, ToSchema)]
pub struct OrderHistoryEntry {
    pub status: String,
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
}

#[derive(Serialize, ToSchema)]
pub struct AdminOrderPage {
    /// Newest first.
    pub items: Vec<AdminOrder>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminOrderQuery {
    /// pending, paid, canceled, expired, failed, refunded, or attention (orders the coach must
    /// act on, whatever their status); all when missing.
    pub status: Option<String>,
    /// 1-based page number (default 1).
    pub page: Option<i64>,
    /// Rows per page (default 20, at most 100).
    pub per_page: Option<i64>,
    /// Searches the buyer's name and e-mail, the order id and the coupon code.
    pub q: Option<String>,
}

fn not_found() -> AppError {
    AppError::NotFound("Deze bestelling bestaat niet.".into())
}

/// One order with its history and tickets: for the detail view, and the answer of actions on
/// an order (refund). Works on a pooled connection or inside a transaction (`&mut *tx`).
pub async fn detail(conn: &mut AnyConnection, id: i64) -> Result<AdminOrderDetail, AppError> {
    let row = sqlx::query(AssertSqlSafe(format!("{SELECT} WHERE o.id = $1")))
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
    Ok(AdminOrderDetail {
        order: AdminOrder::from_row(&row)?,
        phone: row.try_get("phone")?,
        company: row.try_get("company")?,
        vat_number: row.try_get("vat_number")?,
        unit_price_cents: row.try_get("unit_price_cents")?,
        subtotal_cents: row.try_get("subtotal_cents")?,
        consent_text: row.try_get("consent_text")?,
        terms_accepted_at: row.try_get("terms_accepted_at")?,
        expires_at: row.try_get("expires_at")?,
        history,
        tickets,
    })
}

#[utoipa::path(
    get,
    path = "/admin/orders",
    operation_id = "admin_list_orders",
    tag = "admin",
    security(("bearer" = [])),
    params(AdminOrderQuery),
    responses(
        (status = 200, description = "One page of orders, newest first", body = AdminOrderPage),
        (status = 422, description = "Unknown status", body = ErrorBody),
        (status = 401, description = "No valid access token", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
    )
)]
pub async fn list_orders(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<AdminOrderQuery>,
) -> Result<Json<AdminOrderPage>, AppError> {
    let (attention, status) = match query.status.as_deref().filter(|s| !s.is_empty()) {
        None => ("", "%"),
        Some("attention") => ("o.attention IS NOT NULL AND ", "%"),
        Some(s) if STATUSES.contains(&s) => ("", s),
        Some(_) => {
            return Err(AppError::invalid(
                "Kies een geldige status: in afwachting, betaald, geannuleerd, verlopen, mislukt, terugbetaald of actie nodig.",
            ));
        }
    };
    let paging = PageQuery {
        page: query.page,
        per_page: query.per_page,
        q: query.q,
    };
    let page = paging.info();
    let pattern = paging.like_pattern().unwrap_or_else(|| "%".into());
    let filter = format!(
        "WHERE {attention}o.status LIKE $1 AND (LOWER(o.first_name || ' ' || o.last_name) LIKE $2 ESCAPE '\\' \
         OR LOWER(o.email) LIKE $2 ESCAPE '\\' OR LOWER(o.public_id) LIKE $2 ESCAPE '\\' \
         OR LOWER(COALESCE(o.coupon_code, '')) LIKE $2 ESCAPE '\\')"
    );
    let total: i64 = sqlx::query(AssertSqlSafe(format!(
        "SELECT COUNT(*) AS n FROM orders o {filter}"
    )))
    .bind(status)
    .bind(&pattern)
    .fetch_one(&state.pool)
    .await?
    .try_get("n")?;
    let rows = sqlx::query(AssertSqlSafe(format!(
        "{} LIMIT $3 OFFSET $4",
        select(&filter)
    )))
    .bind(status)
    .bind(&pattern)
    .bind(page.per_page)
    .bind(page.offset())
    .fetch_all(&state.pool)
    .await?;
    Ok(Json(AdminOrderPage {
        items: rows
            .iter()
            .map(AdminOrder::from_row)
            .collect::<Result<_, _>>()?,
        total,
        page: page.page,
        per_page: page.per_page,
    }))
}

#[utoipa::path(
    get,
    path = "/admin/orders/{id}",
    operation_id = "admin_get_order",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Order id (the numeric one)")),
    responses(
        (status = 200, description = "The order with its history (oldest first) and tickets", body = AdminOrderDetail),
        (status = 404, description = "No such order", body = ErrorBody),
        (status = 401, description = "No valid access token", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
    )
)]
pub async fn get_order(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<AdminOrderDetail>, AppError> {
    let mut conn = state.pool.acquire().await?;
    Ok(Json(detail(&mut conn, id).await?))
}
