//! A company's number in its country's trade register, as a company without a VAT number gives
//! it for its invoice: a Belgian enterprise number (KBO, ten digits starting with 0 or 1, the
//! last two checking the rest modulo 97), a Dutch KvK number (eight digits) or a French SIREN
//! number (nine digits with a Luhn check digit), stored compact. A company elsewhere may give
//! its own register's number; it is printed on the invoice as given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegistrationNumber(String);

const BELGIAN: &str =
    "Vul het ondernemingsnummer in zoals het in de KBO staat: tien cijfers, bv. 0123.456.749.";
const BELGIAN_CHECK: &str = "Dit ondernemingsnummer klopt niet: de laatste twee cijfers passen niet bij de rest. Kijk het even na in de KBO, bv. 0123.456.749.";
const DUTCH: &str = "Een KvK-nummer heeft acht cijfers, bv. 12345678.";
const FRENCH: &str = "Een SIREN-nummer heeft negen cijfers, bv. 732 829 320.";
const FRENCH_CHECK: &str =
    "Dit SIREN-nummer klopt niet: het laatste cijfer past niet bij de rest. Kijk het even na.";
const OTHER: &str =
    "Vul het registratienummer van je bedrijf in met cijfers en letters (hoogstens 30 tekens).";

impl RegistrationNumber {
    /// `input` as typed for a company in `country` (ISO 3166-1 alpha-2).
    pub fn parse(country: &str, input: &str) -> Result<Self, &'static str> {
        let digits = |prefix: &str| -> String {
            let compact: String = input
                .chars()
                .filter(|c| !matches!(c, ' ' | '.' | '-' | '/'))
                .collect::<String>()
                .to_uppercase();
            compact
                .strip_prefix(prefix)
                .map(str::to_string)
                .unwrap_or(compact)
        };
        let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        match country {
            "BE" => {
                let mut number = digits("BE");
                // Old nine-digit numbers get the leading 0 they have today.
                if number.len() == 9 {
                    number.insert(0, '0');
                }
                if number.len() != 10 || !all_digits(&number) || !number.starts_with(['0', '1']) {
                    return Err(BELGIAN);
                }
                let base: u64 = number[..8].parse().map_err(|_| BELGIAN)?;
                let check: u64 = number[8..].parse().map_err(|_| BELGIAN)?;
                if 97 - base % 97 != check {
                    return Err(BELGIAN_CHECK);
                }
                Ok(Self(number))
            }
            "NL" => {
                let number = digits("KVK");
                if number.len() != 8 || !all_digits(&number) {
                    return Err(DUTCH);
                }
                Ok(Self(number))
            }
            "FR" => {
                let number = digits("SIREN");
                if number.len() != 9 || !all_digits(&number) {
                    return Err(FRENCH);
                }
                if !luhn(&number) {
                    return Err(FRENCH_CHECK);
                }
                Ok(Self(number))
            }
            _ => {
                let number = input.split_whitespace().collect::<Vec<_>>().join(" ");
                if !(2..=30).contains(&number.chars().count())
                    || !number.chars().any(|c| c.is_ascii_digit())
                    || !number
                        .chars()
                        .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '.' | '-' | '/'))
                {
                    return Err(OTHER);
                }
                Ok(Self(number))
            }
        }
    }

    /// The Peppol scheme (ISO 6523 ICD, also an electronic address scheme) of the register of
    /// `country`, when there is one: 0208 (KBO), 0106 (KvK), 0002 (SIRENE).
    pub fn scheme(country: &str) -> Option<&'static str> {
        match country {
            "BE" => Some("0208"),
            "NL" => Some("0106"),
            "FR" => Some("0002"),
            _ => None,
        }
    }

    /// What the number is called in `country`, in Dutch.
    pub fn label(country: &str) -> &'static str {
        match country {
            "BE" => "Ondernemingsnummer",
            "NL" => "KvK-nummer",
            "FR" => "SIREN-nummer",
            _ => "Registratienummer",
        }
    }
}

/// The Luhn check: every second digit from the right doubled, the sum a multiple of ten.
fn luhn(digits: &str) -> bool {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 {
                if d * 2 > 9 { d * 2 - 9 } else { d * 2 }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

impl AsRef<str> for RegistrationNumber {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::RegistrationNumber;

    #[test]
    fn belgian_enterprise_numbers_are_checked_modulo_97_in_any_notation() {
        for ok in ["0123.456.749", "BE 0123 456 749", "123456749", "1000000021"] {
            let n = RegistrationNumber::parse("BE", ok).unwrap_or_else(|e| panic!("{ok}: {e}"));
            assert_eq!(n.as_ref().len(), 10, "{ok}");
        }
        assert_eq!(
            RegistrationNumber::parse("BE", "0123.456.749")
                .unwrap()
                .as_ref(),
            "0123456749"
        );
        let error = RegistrationNumber::parse("BE", "0123.456.789").unwrap_err();
        assert!(error.contains("laatste twee cijfers"), "{error}");
        for bad in ["2123456749", "01234567", "abc", ""] {
            assert!(RegistrationNumber::parse("BE", bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn dutch_and_french_numbers_have_their_own_shape() {
        assert_eq!(
            RegistrationNumber::parse("NL", "KvK 1234 5678")
                .unwrap()
                .as_ref(),
            "12345678"
        );
        assert!(RegistrationNumber::parse("NL", "1234567").is_err());
        assert_eq!(
            RegistrationNumber::parse("FR", "732 829 320")
                .unwrap()
                .as_ref(),
            "732829320"
        );
        assert!(
            RegistrationNumber::parse("FR", "732 829 321")
                .unwrap_err()
                .contains("klopt niet")
        );
        assert!(RegistrationNumber::parse("FR", "73282932").is_err());
    }

    #[test]
    fn other_countries_keep_the_number_as_given() {
        assert_eq!(
            RegistrationNumber::parse("US", "  EIN 12-3456789 ")
                .unwrap()
                .as_ref(),
            "EIN 12-3456789"
        );
        assert!(RegistrationNumber::parse("US", "geen").is_err());
        assert!(RegistrationNumber::parse("US", "<script>1").is_err());
        assert_eq!(RegistrationNumber::scheme("US"), None);
        assert_eq!(RegistrationNumber::scheme("BE"), Some("0208"));
    }
}
