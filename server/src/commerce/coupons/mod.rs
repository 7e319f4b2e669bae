//! Coupons: the coach's discount codes. The pure price logic here is shared by the checkout
//! (quote and order) and the admin list, so a code always gives the same discount.
pub mod admin;

use sqlx::Row;

use crate::kit::closed_set::closed_set;
use crate::kit::db::Tx;
use crate::kit::money;

closed_set! {
    /// How a coupon's value counts.
    pub enum DiscountKind {
        /// A percentage of the subtotal, 1 to 100.
        Percent = "percent",
        /// An amount in euro cents.
        Fixed = "fixed",
    }
}

/// The discount a coupon gives on `subtotal_cents`, in cents: a percentage is rounded half-up
/// to the cent, a fixed amount is taken as is, and the discount is never more than the
/// subtotal (so a total never drops below 0). Non-positive values give 0.
pub fn discount_cents(kind: DiscountKind, value: i64, subtotal_cents: i64) -> i64 {
    if value <= 0 || subtotal_cents <= 0 {
        return 0;
    }
    let subtotal = i128::from(subtotal_cents);
    let discount = match kind {
        DiscountKind::Percent => (subtotal * i128::from(value.min(100)) + 50) / 100,
        DiscountKind::Fixed => i128::from(value),
    };
    // At most the subtotal, which is an i64, so the conversion cannot fail.
    i64::try_from(discount.min(subtotal)).unwrap_or(0)
}

/// How the discount reads next to the price: "10% korting", "€ 5,00 korting".
pub fn label(kind: DiscountKind, value: i64) -> String {
    match kind {
        DiscountKind::Percent => format!("{value}% korting"),
        DiscountKind::Fixed => format!("{} korting", money::euro(value)),
    }
}

/// The form in which a code is unique and looked up: trimmed and upper-case.
pub fn normalize_code(code: &str) -> String {
    code.trim().to_uppercase()
}

pub struct CheckoutCoupon {
    pub id: i64,
    pub code: String,
    pub discount_kind: DiscountKind,
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
        return Ok(Err(NOT_USABLE));
    };
    let restricted_to: Option<i64> = row.try_get("product_id")?;
    let valid_from: Option<String> = row.try_get("valid_from")?;
    let valid_until: Option<String> = row.try_get("valid_until")?;
    let max: Option<i64> = row.try_get("max_redemptions")?;
    let redemptions: i64 = row.try_get("redemptions")?;
    let active: i64 = row.try_get("active")?;
    let reason = if active != 1
        || valid_from.is_some_and(|from| now < from.as_str())
        || valid_until.is_some_and(|until| now > until.as_str())
        || restricted_to.is_some_and(|id| id != product_id)
    {
        Some(NOT_USABLE)
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

/// A personal coupon made by the site (the self-test's result mail): an ordinary coupon for one
/// product, one use, valid until `valid_until`, so the checkout treats it like any other.
pub struct IssuedCoupon {
    pub id: i64,
    pub code: String,
}

/// Letters and digits that cannot be mistaken for one another when typed over (no 0/O, 1/I/L).
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// Makes a single-use percentage coupon for `product_id`, valid until `valid_until` (UTC, as
/// stored), with a random code `{prefix}-XXXX-XXXX`.
pub async fn issue_single_use(
    tx: &mut Tx,
    prefix: &str,
    product_id: i64,
    percent: i64,
    valid_until: &str,
    now: &str,
) -> Result<IssuedCoupon, sqlx::Error> {
    loop {
        let part = || -> String {
            (0..4)
                .map(|_| CODE_ALPHABET[rand::random_range(0..CODE_ALPHABET.len())] as char)
                .collect()
        };
        let code = format!("{prefix}-{}-{}", part(), part());
        // 31^8 codes: a clash is all but impossible, and then simply another draw.
        let row = sqlx::query(
            "INSERT INTO coupons (code, code_normalized, discount_kind, discount_value, product_id, valid_from, \
             valid_until, max_redemptions, redemptions, active, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, NULL, $6, 1, 0, 1, $7, $7) \
             ON CONFLICT (code_normalized) DO NOTHING RETURNING id",
        )
        .bind(&code)
        .bind(normalize_code(&code))
        .bind(DiscountKind::Percent)
        .bind(percent)
        .bind(product_id)
        .bind(valid_until)
        .bind(now)
        .fetch_optional(&mut **tx)
        .await?;
        if let Some(row) = row {
            return Ok(IssuedCoupon {
                id: row.try_get("id")?,
                code,
            });
        }
    }
}

/// The one answer for a code that is unknown, inactive, not yet or no longer valid, or meant
/// for another product: a guesser cannot tell a real code from a made-up one.
pub const NOT_USABLE: &str =
    "Deze kortingscode kunnen we niet gebruiken. Kijk na of je hem juist overtypte.";

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
    fn percentages_round_half_up_to_the_cent() {
        assert_eq!(discount_cents(DiscountKind::Percent, 10, 3500), 350);
        // 15% of 19,99 = 2,9985 → 3,00; 15% of 19,97 = 2,9955 → 3,00; 15% of 19,93 = 2,9895 → 2,99
        assert_eq!(discount_cents(DiscountKind::Percent, 15, 1999), 300);
        assert_eq!(discount_cents(DiscountKind::Percent, 15, 1997), 300);
        assert_eq!(discount_cents(DiscountKind::Percent, 15, 1993), 299);
        // Exactly half a cent goes up: 50% of 0,01 = 0,005 → 0,01; 10% of 0,05 → 0,01.
        assert_eq!(discount_cents(DiscountKind::Percent, 50, 1), 1);
        assert_eq!(discount_cents(DiscountKind::Percent, 10, 5), 1);
        assert_eq!(discount_cents(DiscountKind::Percent, 10, 4), 0);
        assert_eq!(discount_cents(DiscountKind::Percent, 100, 150_000), 150_000);
    }

    #[test]
    fn a_discount_never_exceeds_the_subtotal() {
        assert_eq!(discount_cents(DiscountKind::Fixed, 500, 3500), 500);
        assert_eq!(discount_cents(DiscountKind::Fixed, 5000, 3500), 3500);
        assert_eq!(discount_cents(DiscountKind::Percent, 250, 3500), 3500);
        assert_eq!(discount_cents(DiscountKind::Fixed, 500, 0), 0);
        assert_eq!(
            discount_cents(DiscountKind::Fixed, i64::MAX, i64::MAX),
            i64::MAX
        );
        assert_eq!(
            discount_cents(DiscountKind::Percent, 100, i64::MAX),
            i64::MAX
        );
    }

    #[test]
    fn nonsense_gives_no_discount() {
        assert_eq!(discount_cents(DiscountKind::Percent, 0, 3500), 0);
        assert_eq!(discount_cents(DiscountKind::Fixed, -100, 3500), 0);
        assert_eq!(discount_cents(DiscountKind::Fixed, 100, -5), 0);
    }

    #[test]
    fn labels_are_dutch_with_belgian_money() {
        assert_eq!(label(DiscountKind::Percent, 10), "10% korting");
        assert_eq!(label(DiscountKind::Fixed, 500), "€ 5,00 korting");
        assert_eq!(label(DiscountKind::Fixed, 150_000), "€ 1.500,00 korting");
        assert_eq!(label(DiscountKind::Fixed, 5), "€ 0,05 korting");
    }

    #[test]
    fn codes_compare_case_insensitively() {
        assert_eq!(normalize_code(" Zomer-10 "), "ZOMER-10");
    }
}
