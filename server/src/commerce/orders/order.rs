//! The order row as one value: read once, then passed to whatever needs it (the invoice, the
//! tickets, the course access, the mails), so no step re-reads it with its own column list.
use sqlx::any::AnyRow;
use sqlx::{AssertSqlSafe, Row};

use super::{OrderAttention, OrderStatus};
use crate::commerce::products::ProductKind;
use crate::kit::configuration::PaymentProviderKind;

/// An order with the product it is for.
#[derive(Debug, Clone)]
pub struct Order {
    pub id: i64,
    /// The unguessable id in the buyer's links; its first ten characters are the reference.
    pub public_id: String,
    pub status: OrderStatus,
    pub attention: Option<OrderAttention>,
    /// The event an event order is for.
    pub event_id: Option<i64>,
    pub quantity: i64,
    pub first_name: String,
    pub last_name: String,
    /// Empty once the buyer's data was erased.
    pub email: String,
    pub phone: Option<String>,
    pub company: Option<String>,
    pub vat_number: Option<String>,
    /// A company without a VAT number: its number in its country's trade register.
    pub registration_number: Option<String>,
    pub billing_street: Option<String>,
    pub billing_postal_code: Option<String>,
    pub billing_city: Option<String>,
    /// ISO 3166-1 alpha-2.
    pub billing_country: Option<String>,
    /// Euro cents, VAT included, like the other amounts.
    pub unit_price_cents: i64,
    pub subtotal_cents: i64,
    pub discount_cents: i64,
    pub total_cents: i64,
    /// What was paid back so far (partial refunds), never more than `total_cents`.
    pub refunded_cents: i64,
    pub coupon_id: Option<i64>,
    pub coupon_code: Option<String>,
    pub provider: PaymentProviderKind,
    pub provider_ref: Option<String>,
    /// UTC, RFC 3339.
    pub paid_at: Option<String>,
    pub product: OrderedProduct,
}

/// What an order needs to know of its product.
#[derive(Debug, Clone)]
pub struct OrderedProduct {
    pub slug: String,
    pub name: String,
    pub kind: ProductKind,
    pub vat_rate_percent: i64,
    /// A course: where it is followed.
    pub access_url: Option<String>,
}

/// The columns of [`Order`], from [`FROM`].
const COLUMNS: &str = "o.id, o.public_id, o.status, o.attention, o.event_id, o.quantity, o.first_name, \
     o.last_name, o.email, o.phone, o.company, o.vat_number, o.registration_number, o.billing_street, o.billing_postal_code, \
     o.billing_city, o.billing_country, o.refunded_cents, o.unit_price_cents, o.subtotal_cents, o.discount_cents, o.total_cents, o.coupon_id, \
     o.coupon_code, o.provider, o.provider_ref, o.paid_at, p.slug AS product_slug, p.name AS product_name, \
     p.kind AS product_kind, p.vat_rate_percent, p.access_url";
const FROM: &str = "orders o JOIN products p ON p.id = o.product_id";

impl Order {
    /// The buyer's full name, as on tickets and invoices.
    pub fn buyer_name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name)
    }

    /// The short reference in the buyer's mails and on the invoice.
    pub fn reference(&self) -> &str {
        &self.public_id[..10]
    }

    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: row.try_get("id")?,
            public_id: row.try_get("public_id")?,
            status: row.try_get("status")?,
            attention: row.try_get("attention")?,
            event_id: row.try_get("event_id")?,
            quantity: row.try_get("quantity")?,
            first_name: row.try_get("first_name")?,
            last_name: row.try_get("last_name")?,
            email: row.try_get("email")?,
            phone: row.try_get("phone")?,
            company: row.try_get("company")?,
            vat_number: row.try_get("vat_number")?,
            registration_number: row.try_get("registration_number")?,
            billing_street: row.try_get("billing_street")?,
            billing_postal_code: row.try_get("billing_postal_code")?,
            billing_city: row.try_get("billing_city")?,
            billing_country: row.try_get("billing_country")?,
            refunded_cents: row.try_get("refunded_cents")?,
            unit_price_cents: row.try_get("unit_price_cents")?,
            subtotal_cents: row.try_get("subtotal_cents")?,
            discount_cents: row.try_get("discount_cents")?,
            total_cents: row.try_get("total_cents")?,
            coupon_id: row.try_get("coupon_id")?,
            coupon_code: row.try_get("coupon_code")?,
            provider: row.try_get("provider")?,
            provider_ref: row.try_get("provider_ref")?,
            paid_at: row.try_get("paid_at")?,
            product: OrderedProduct {
                slug: row.try_get("product_slug")?,
                name: row.try_get("product_name")?,
                kind: row.try_get("product_kind")?,
                vat_rate_percent: row.try_get("vat_rate_percent")?,
                access_url: row.try_get("access_url")?,
            },
        })
    }
}

/// The order with id `id`. Works on a pool, a connection or a transaction (`&mut **tx`).
pub async fn load<'c, E>(executor: E, id: i64) -> Result<Option<Order>, sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    load_where(executor, "o.id = $1", id).await
}

/// The order a payment provider knows as `provider_ref`.
pub async fn load_by_provider_ref<'c, E>(
    executor: E,
    provider_ref: &str,
) -> Result<Option<Order>, sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    load_where(executor, "o.provider_ref = $1", provider_ref).await
}

async fn load_where<'c, 'q, E, T>(
    executor: E,
    condition: &'static str,
    key: T,
) -> Result<Option<Order>, sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
    T: sqlx::Encode<'q, sqlx::Any> + sqlx::Type<sqlx::Any> + Send + 'q,
{
    sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM {FROM} WHERE {condition}"
    )))
    .bind(key)
    .fetch_optional(executor)
    .await?
    .as_ref()
    .map(Order::from_row)
    .transpose()
}
