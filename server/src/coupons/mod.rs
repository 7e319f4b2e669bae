//! Coupons: the coach's discount codes. The pure price logic here is shared by the checkout
//! (quote and order) and the admin list, so a code always gives the same discount.
pub mod admin;

/// The discount a coupon gives on `subtotal_cents`, in cents: a percentage is rounded half-up
/// to the cent, a fixed amount is taken as is, and the discount is never more than the
/// subtotal (so a total never drops below 0). Unknown kinds and non-positive values give 0.
pub fn discount_cents(kind: &str, value: i64, subtotal_cents: i64) -> i64 {
    if value <= 0 || subtotal_cents <= 0 {
        return 0;
    }
    let subtotal = i128::from(subtotal_cents);
    let discount = match kind {
        "percent" => (subtotal * i128::from(value.min(100)) + 50) / 100,
        "fixed" => i128::from(value),
        _ => 0,
    };
    // At most the subtotal, which is an i64, so the conversion cannot fail.
    i64::try_from(discount.min(subtotal)).unwrap_or(0)
}

/// How the discount reads next to the price: "10% korting", "€ 5,00 korting".
pub fn label(kind: &str, value: i64) -> String {
    match kind {
        "percent" => format!("{value}% korting"),
        _ => format!("{} korting", euro(value)),
    }
}

/// Euro cents the nl-BE way, like the web's `formatPriceCents`: 150000 → "€ 1.500,00".
pub fn euro(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.unsigned_abs();
    let euros = (abs / 100).to_string();
    let mut grouped = String::new();
    for (i, digit) in euros.chars().enumerate() {
        if i > 0 && (euros.len() - i).is_multiple_of(3) {
            grouped.push('.');
        }
        grouped.push(digit);
    }
    format!("€ {sign}{grouped},{:02}", abs % 100)
}

/// The form in which a code is unique and looked up: trimmed and upper-case.
pub fn normalize_code(code: &str) -> String {
    code.trim().to_uppercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_round_half_up_to_the_cent() {
        assert_eq!(discount_cents("percent", 10, 3500), 350);
        // 15% of 19,99 = 2,9985 → 3,00; 15% of 19,97 = 2,9955 → 3,00; 15% of 19,93 = 2,9895 → 2,99
        assert_eq!(discount_cents("percent", 15, 1999), 300);
        assert_eq!(discount_cents("percent", 15, 1997), 300);
        assert_eq!(discount_cents("percent", 15, 1993), 299);
        // Exactly half a cent goes up: 50% of 0,01 = 0,005 → 0,01; 10% of 0,05 → 0,01.
        assert_eq!(discount_cents("percent", 50, 1), 1);
        assert_eq!(discount_cents("percent", 10, 5), 1);
        assert_eq!(discount_cents("percent", 10, 4), 0);
        assert_eq!(discount_cents("percent", 100, 150_000), 150_000);
    }

    #[test]
    fn a_discount_never_exceeds_the_subtotal() {
        assert_eq!(discount_cents("fixed", 500, 3500), 500);
        assert_eq!(discount_cents("fixed", 5000, 3500), 3500);
        assert_eq!(discount_cents("percent", 250, 3500), 3500);
        assert_eq!(discount_cents("fixed", 500, 0), 0);
        assert_eq!(discount_cents("fixed", i64::MAX, i64::MAX), i64::MAX);
        assert_eq!(discount_cents("percent", 100, i64::MAX), i64::MAX);
    }

    #[test]
    fn nonsense_gives_no_discount() {
        assert_eq!(discount_cents("percent", 0, 3500), 0);
        assert_eq!(discount_cents("fixed", -100, 3500), 0);
        assert_eq!(discount_cents("gratis", 10, 3500), 0);
        assert_eq!(discount_cents("fixed", 100, -5), 0);
    }

    #[test]
    fn labels_are_dutch_with_belgian_money() {
        assert_eq!(label("percent", 10), "10% korting");
        assert_eq!(label("fixed", 500), "€ 5,00 korting");
        assert_eq!(label("fixed", 150_000), "€ 1.500,00 korting");
        assert_eq!(label("fixed", 5), "€ 0,05 korting");
    }

    #[test]
    fn euros_group_thousands_with_a_dot() {
        assert_eq!(euro(0), "€ 0,00");
        assert_eq!(euro(3500), "€ 35,00");
        assert_eq!(euro(123_456_789), "€ 1.234.567,89");
        assert_eq!(euro(100_000), "€ 1.000,00");
        assert_eq!(euro(-250), "€ -2,50");
    }

    #[test]
    fn codes_compare_case_insensitively() {
        assert_eq!(normalize_code(" Zomer-10 "), "ZOMER-10");
    }
}
