//! Money is integer euro cents, VAT included; these write it out.

/// For people, the Belgian way: `150000` → `€ 1.500,00`.
pub fn euro(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    let whole = (cents / 100).to_string();
    let mut grouped = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push('.');
        }
        grouped.push(digit);
    }
    format!("{sign}€ {grouped},{:02}", cents % 100)
}

/// For machines (payment providers, schema.org): `1234` → `"12.34"`.
pub fn decimal(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn euro_amounts_use_belgian_separators() {
        assert_eq!(euro(150_000), "€ 1.500,00");
        assert_eq!(euro(3500), "€ 35,00");
        assert_eq!(euro(5), "€ 0,05");
        assert_eq!(euro(123_456_789), "€ 1.234.567,89");
    }

    #[test]
    fn decimal_amounts_have_two_digits() {
        assert_eq!(decimal(1234), "12.34");
        assert_eq!(decimal(150_000), "1500.00");
        assert_eq!(decimal(5), "0.05");
    }
}
