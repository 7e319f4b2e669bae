//! What an order costs: product, event, quantity and coupon checked against the database.
use serde::{Deserialize, Serialize};
use sqlx::AssertSqlSafe;
use utoipa::ToSchema;

use crate::agenda::events::{COLUMNS as EVENT_COLUMNS, Event, EventKind, EventStatus};
use crate::commerce::coupons::{self, CheckoutCoupon};
use crate::commerce::products::{self, StoredProduct};
use crate::kit::db::Tx;
use crate::kit::error::AppError;
use crate::kit::validation::Fields;

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OrderRequest {
    /// Product slug.
    pub product: String,
    /// Required for event products: the chosen date.
    pub event_id: Option<i64>,
    pub quantity: i64,
    pub coupon: Option<String>,
    /// The token of a waiting-list offer link: the seat it holds is this order's (one seat).
    pub offer: Option<String>,
}

pub struct Priced {
    pub product: StoredProduct,
    pub event: Option<Event>,
    pub quantity: i64,
    pub unit_price_cents: i64,
    pub subtotal_cents: i64,
    pub discount_cents: i64,
    pub total_cents: i64,
    pub coupon: Option<CheckoutCoupon>,
}

#[derive(Serialize, ToSchema)]
pub struct QuoteCoupon {
    pub code: String,
    /// e.g. "10% korting".
    pub label: String,
}

#[derive(Serialize, ToSchema)]
pub struct Quote {
    pub product_name: String,
    pub event_title: Option<String>,
    pub unit_price_cents: i64,
    pub quantity: i64,
    pub subtotal_cents: i64,
    pub discount_cents: i64,
    /// What the buyer pays, VAT included.
    pub total_cents: i64,
    /// The VAT contained in the total.
    pub vat_cents: i64,
    pub vat_rate_percent: i64,
    pub coupon: Option<QuoteCoupon>,
    /// Seats still free at the event (null for courses).
    pub seats_left: Option<i64>,
    /// The most this order may take: the per-order maximum, bounded by the seats left.
    pub max_quantity: i64,
}

impl Priced {
    pub fn quote(&self, vat_rate_percent: i64) -> Quote {
        let net =
            (self.total_cents * 100 + (100 + vat_rate_percent) / 2) / (100 + vat_rate_percent);
        let seats_left = self.event.as_ref().map(|e| e.seats_left);
        Quote {
            product_name: self.product.product.name.clone(),
            event_title: self.event.as_ref().map(|e| e.title.clone()),
            unit_price_cents: self.unit_price_cents,
            quantity: self.quantity,
            subtotal_cents: self.subtotal_cents,
            discount_cents: self.discount_cents,
            total_cents: self.total_cents,
            vat_cents: self.total_cents - net,
            vat_rate_percent,
            coupon: self.coupon.as_ref().map(|c| QuoteCoupon {
                code: c.code.clone(),
                label: coupons::label(c.discount_kind, c.discount_value),
            }),
            seats_left,
            max_quantity: seats_left.map_or(self.product.product.max_per_order, |left| {
                left.min(self.product.product.max_per_order)
            }),
        }
    }

    /// The line the payment page shows, e.g. "2 × Vertelavond: Pleasen, Slikken en Loslaten".
    pub fn description(&self) -> String {
        let name = self
            .event
            .as_ref()
            .map_or(&self.product.product.name, |e| &e.title);
        if self.quantity > 1 {
            format!("{} × {name}", self.quantity)
        } else {
            name.clone()
        }
    }
}

pub fn sold_out(seats_left: i64, wanted: i64) -> AppError {
    if seats_left <= 0 {
        AppError::Conflict(
            "Deze activiteit is uitverkocht. Laat je e-mailadres achter voor een volgende datum."
                .into(),
        )
    } else {
        AppError::Conflict(format!(
            "Er {} nog maar {seats_left} {} vrij, je vroeg er {wanted}. Kies een kleiner aantal; de rest is uitverkocht.",
            if seats_left == 1 { "is" } else { "zijn" },
            if seats_left == 1 {
                "plaats"
            } else {
                "plaatsen"
            },
        ))
    }
}

/// Checks the request against the catalogue at `now` and computes every amount.
pub async fn price(tx: &mut Tx, request: &OrderRequest, now: &str) -> Result<Priced, AppError> {
    let product = products::find(&mut **tx, request.product.trim())
        .await?
        .ok_or_else(products::not_found)?;
    let max = product.product.max_per_order;
    let mut fields = Fields::default();
    if !(1..=max).contains(&request.quantity) {
        fields.error(
            "quantity",
            if max == 1 {
                "Je kunt er per bestelling één bestellen.".to_string()
            } else {
                format!("Kies een aantal tussen 1 en {max}.")
            },
        );
    }
    let event = match (&product.product.event_kind, request.event_id) {
        (Some(_), None) => {
            fields.error("event_id", "Kies een datum.");
            None
        }
        (None, Some(_)) => {
            fields.error("event_id", "Voor dit product kies je geen datum.");
            None
        }
        (None, None) => None,
        (Some(kind), Some(id)) => Some(bookable_event(tx, id, *kind, now).await?),
    };
    if request.offer.is_some() && request.quantity > 1 {
        fields.error(
            "quantity",
            "Via de wachtlijst houden we één plaats voor je vast: kies 1.",
        );
    }
    fields.finish()?;
    if let Some(event) = &event
        && event.seats_left < request.quantity
    {
        return Err(sold_out(event.seats_left, request.quantity));
    }

    let unit_price_cents = event
        .as_ref()
        .map_or(product.product.price_cents, |e| e.price_cents);
    let subtotal_cents = unit_price_cents * request.quantity;
    let code = request.coupon.as_deref().map(str::trim).unwrap_or_default();
    let coupon = if code.is_empty() {
        None
    } else {
        match coupons::find_for_checkout(tx, code, product.id, now).await? {
            Ok(coupon) => Some(coupon),
            Err(reason) => return Err(Fields::one("coupon", reason)),
        }
    };
    let discount_cents = coupon.as_ref().map_or(0, |c| {
        coupons::discount_cents(c.discount_kind, c.discount_value, subtotal_cents)
    });
    Ok(Priced {
        product,
        event,
        quantity: request.quantity,
        unit_price_cents,
        subtotal_cents,
        discount_cents,
        total_cents: subtotal_cents - discount_cents,
        coupon,
    })
}

async fn bookable_event(
    tx: &mut Tx,
    id: i64,
    kind: EventKind,
    now: &str,
) -> Result<Event, AppError> {
    let row = sqlx::query(AssertSqlSafe(format!(
        "SELECT {EVENT_COLUMNS} FROM events WHERE id = $1 AND kind = $2 AND status <> 'draft'"
    )))
    .bind(id)
    .bind(kind)
    .fetch_optional(&mut **tx)
    .await?;
    let event = row
        .as_ref()
        .map(Event::from_row)
        .transpose()?
        .ok_or_else(|| AppError::NotFound("Deze datum bestaat niet (meer).".into()))?;
    if event.status == EventStatus::Cancelled {
        return Err(AppError::Conflict(
            "Deze datum is geannuleerd. Kies een andere datum.".into(),
        ));
    }
    if event.starts_at.as_str() <= now {
        return Err(AppError::Conflict(
            "Deze datum is al voorbij. Kies een andere datum.".into(),
        ));
    }
    if event.price_cents == 0 {
        return Err(AppError::Conflict(
            "Deze activiteit is gratis: schrijf je in via de pagina van de activiteit.".into(),
        ));
    }
    Ok(event)
}
