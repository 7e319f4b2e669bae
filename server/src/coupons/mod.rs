//! Discount codes: the pricing rule and the checks a code must pass at checkout.
use sqlx::Row;

use crate::db::Tx;
use crate::nl;

/// The discount on `subtotal_cents`: percent rounded half-up to the cent, never above the
/// subtotal, so a total never goes below 0.
pub fn discount_cents(kind: &str, value: i64, subtotal_cents: i64) -> i64 {
    let discount = match kind {
        "percent" => (subtotal_cents * value + 50) / 100,
        _ => value,
    };
    discount.clamp(0, subtotal_cents)
}

/// "10% korting" or "€ 5,00 korting".
pub fn label(kind: &str, value: i64) -> String {
    match kind {
        "percent" => format!("{value}% korting"),
        _ => format!("{} korting", nl::euro(value)),
    }
}

/// Codes match case-insensitively and without surrounding spaces.
pub fn normalize_code(code: &str) -> String {
    code.trim().to_uppercase()
}

pub struct CheckoutCoupon {
    pub id: i64,
    pub code: String,
    pub discount_kind: String,
    pub discount_value: i64,
}

/// Looks a code up for an order of `product_id` at time `now`; Err is the Dutch reason it
/// cannot be used. Whether a use is still free is decided by `hold` (the atomic count).
pub async fn find_for_checkout(
    tx: &mut Tx,
    code: &str,
    product_id: i64,
    now: &str,
) -> Result<Result<CheckoutCoupon, &'static str>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT id, code, discount_kind, discount_value, product_id, valid_from, valid_until, \
         max_redemptions, redemptions, active FROM coupons WHERE code_normalized = $1",
    )
    .bind(normalize_code(code))
    .fetch_optional(&mut **tx)
    .await?;
    let Some(row) = row else {
        return Ok(Err("Deze kortingscode bestaat niet."));
    };
    let restricted_to: Option<i64> = row.try_get("product_id")?;
    let valid_from: Option<String> = row.try_get("valid_from")?;
    let valid_until: Option<String> = row.try_get("valid_until")?;
    let max: Option<i64> = row.try_get("max_redemptions")?;
    let redemptions: i64 = row.try_get("redemptions")?;
    let active: i64 = row.try_get("active")?;
    let reason = if active != 1 {
        Some("Deze kortingscode is niet actief.")
    } else if valid_from.is_some_and(|from| now < from.as_str()) {
        Some("Deze kortingscode is nog niet geldig.")
    } else if valid_until.is_some_and(|until| now > until.as_str()) {
        Some("Deze kortingscode is verlopen.")
    } else if restricted_to.is_some_and(|id| id != product_id) {
        Some("Deze kortingscode is niet geldig voor dit product.")
    } else if max.is_some_and(|max| redemptions >= max) {
        Some(USED_UP)
    } else {
        None
    };
    if let Some(reason) = reason {
        return Ok(Err(reason));
    }
    Ok(Ok(CheckoutCoupon {
        id: row.try_get("id")?,
        code: row.try_get("code")?,
        discount_kind: row.try_get("discount_kind")?,
        discount_value: row.try_get("discount_value")?,
    }))
}

pub const USED_UP: &str = "Deze kortingscode is al volledig gebruikt.";

/// Counts one use if the limit allows it; the condition and the increment are one statement,
/// so concurrent orders cannot pass the limit. Returns false when it is used up.
pub async fn hold(tx: &mut Tx, coupon_id: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE coupons SET redemptions = redemptions + 1 \
         WHERE id = $1 AND (max_redemptions IS NULL OR redemptions < max_redemptions)",
    )
    .bind(coupon_id)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn release(tx: &mut Tx, coupon_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE coupons SET redemptions = redemptions - 1 WHERE id = $1 AND redemptions > 0",
    )
    .bind(coupon_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discounts_round_half_up_and_never_exceed_the_subtotal() {
        assert_eq!(discount_cents("percent", 10, 7000), 700);
        assert_eq!(discount_cents("percent", 15, 1900), 285);
        assert_eq!(discount_cents("percent", 33, 150), 50); // 49.5 → 50
        assert_eq!(discount_cents("percent", 100, 9700), 9700);
        assert_eq!(discount_cents("fixed", 500, 3500), 500);
        assert_eq!(discount_cents("fixed", 5000, 3500), 3500);
    }

    #[test]
    fn labels_are_dutch() {
        assert_eq!(label("percent", 10), "10% korting");
        assert_eq!(label("fixed", 500), "€ 5,00 korting");
    }
}
