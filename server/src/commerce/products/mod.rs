//! The catalogue: courses with their own price, and event products bought per dated event.
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyPool, AssertSqlSafe, Row};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::agenda::events::{COLUMNS as EVENT_COLUMNS, Event, EventKind, with_images};
use crate::kit::closed_set::closed_set;
use crate::kit::db;
use crate::kit::error::{ApiPath, AppError};
use crate::platform::live::{Built, json_body, next_change};
use crate::platform::state::AppState;

closed_set! {
    pub enum ProductKind {
        /// An online course with its own price; paid access to the coach's platform.
        Course = "course",
        /// A seat at a dated event, bought per event at that event's price.
        Event = "event",
    }
}

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(detail))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Product {
    pub slug: String,
    pub name: String,
    pub description: String,
    pub kind: ProductKind,
    /// For event products: the kind of event it is bought for.
    pub event_kind: Option<EventKind>,
    /// VAT-inclusive euro cents; event products take the chosen event's price.
    pub price_cents: i64,
    /// The page that presents the product.
    pub page_path: String,
    /// Most seats one order may take.
    pub max_per_order: i64,
}

/// A product row with what only the server needs.
pub struct StoredProduct {
    pub id: i64,
    pub product: Product,
    pub access_url: Option<String>,
    /// The VAT rate contained in the price (before any exemption of the seller).
    pub vat_rate_percent: i64,
}

const COLUMNS: &str = "id, slug, name, description, kind, event_kind, price_cents, access_url, page_path, max_per_order, vat_rate_percent";

impl StoredProduct {
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: row.try_get("id")?,
            access_url: row.try_get("access_url")?,
            vat_rate_percent: row.try_get("vat_rate_percent")?,
            product: Product {
                slug: row.try_get("slug")?,
                name: row.try_get("name")?,
                description: row.try_get("description")?,
                kind: row.try_get("kind")?,
                event_kind: row.try_get("event_kind")?,
                price_cents: row.try_get("price_cents")?,
                page_path: row.try_get("page_path")?,
                max_per_order: row.try_get("max_per_order")?,
            },
        })
    }

    pub fn is_event(&self) -> bool {
        self.product.kind == ProductKind::Event
    }
}

/// An active product by slug.
pub async fn find<'e, E>(executor: E, slug: &str) -> Result<Option<StoredProduct>, sqlx::Error>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM products WHERE slug = $1 AND active = 1"
    )))
    .bind(slug)
    .fetch_optional(executor)
    .await?
    .as_ref()
    .map(StoredProduct::from_row)
    .transpose()
}

#[derive(Serialize, ToSchema)]
pub struct ProductDetail {
    #[serde(flatten)]
    pub product: Product,
    /// Event products: the published events of its kind that have not started, soonest first.
    pub events: Vec<Event>,
}

#[utoipa::path(
    get,
    path = "/products",
    operation_id = "list_products",
    tag = "commerce",
    responses((status = 200, description = "Active products", body = [Product]))
)]
pub async fn list(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, AppError> {
    let entry = state
        .live
        .products
        .get(&state.versions, "", || async {
            let rows = sqlx::query(AssertSqlSafe(format!(
                "SELECT {COLUMNS} FROM products WHERE active = 1 ORDER BY id"
            )))
            .fetch_all(&state.pool)
            .await?;
            let products = rows
                .iter()
                .map(|row| StoredProduct::from_row(row).map(|p| p.product))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Some(Built {
                body: json_body(&products)?,
                expires_at: None,
            }))
        })
        .await?
        .expect("the product list always builds");
    Ok(entry.respond(&headers))
}

#[utoipa::path(
    get,
    path = "/products/{slug}",
    operation_id = "get_product",
    tag = "commerce",
    params(("slug" = String, Path, description = "Product slug, e.g. vertelavond")),
    responses(
        (status = 200, description = "The product and, for event products, its bookable dates", body = ProductDetail),
        (status = 404, description = "Unknown or inactive product", body = crate::kit::error::ErrorBody),
    )
)]
pub async fn detail(
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let entry = state
        .live
        .product_detail
        .get(&state.versions, &slug, || async {
            let Some(product) = find(&state.pool, &slug).await? else {
                return Ok(None);
            };
            let events = match &product.product.event_kind {
                Some(kind) => bookable_events(&state.pool, *kind).await?,
                None => Vec::new(),
            };
            // An event stops being bookable when it starts.
            let expires_at = next_change(events.iter().map(|e| e.starts_at.as_str()));
            let detail = ProductDetail {
                product: product.product,
                events,
            };
            Ok(Some(Built {
                body: json_body(&detail)?,
                expires_at,
            }))
        })
        .await?
        .ok_or_else(not_found)?;
    Ok(entry.respond(&headers))
}

async fn bookable_events(pool: &AnyPool, kind: EventKind) -> Result<Vec<Event>, sqlx::Error> {
    let rows = sqlx::query(AssertSqlSafe(format!(
        "SELECT {EVENT_COLUMNS} FROM events WHERE kind = $1 AND status = 'published' AND starts_at > $2 \
         ORDER BY starts_at, id"
    )))
    .bind(kind)
    .bind(db::now())
    .fetch_all(pool)
    .await?;
    let events = rows.iter().map(Event::from_row).collect::<Result<_, _>>()?;
    with_images(pool, events).await
}

pub fn not_found() -> AppError {
    AppError::NotFound("Dit product bestaat niet of is niet meer te koop.".into())
}
