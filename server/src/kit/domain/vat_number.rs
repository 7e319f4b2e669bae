//! A VAT number as a buyer types it, e.g. `BE 0123.456.749`: stored as `BE0123456749`.
//! Belgian numbers are checked with their check digits (97 minus the first eight digits
//! modulo 97); other EU numbers only for their shape (a country code and digits).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VatNumber(String);

const INVALID: &str = "Vul een geldig btw-nummer in met landcode, bv. BE0123456749.";
const BELGIAN_CHECK: &str = "Dit Belgische btw-nummer klopt niet: de controlecijfers (de laatste twee) passen niet bij de rest. Kijk het nummer even na, bv. BE0123456749.";

impl VatNumber {
    pub fn parse(input: &str) -> Result<Self, &'static str> {
        let compact: String = input
            .chars()
            .filter(|c| !matches!(c, ' ' | '.' | '-' | '/'))
            .collect::<String>()
            .to_uppercase();
        if !compact.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(INVALID);
        }
        // Ten digits starting with 0 or 1 are a Belgian enterprise number typed without "BE".
        let compact = if compact.len() == 10
            && compact.starts_with(['0', '1'])
            && compact.chars().all(|c| c.is_ascii_digit())
        {
            format!("BE{compact}")
        } else {
            compact
        };
        if compact.len() < 4 || !compact[..2].chars().all(|c| c.is_ascii_uppercase()) {
            return Err(INVALID);
        }
        let (country, rest) = compact.split_at(2);
        if country == "BE" {
            // Old nine-digit numbers get the leading 0 they have today.
            let digits = if rest.len() == 9 {
                format!("0{rest}")
            } else {
                rest.to_string()
            };
            if digits.len() != 10
                || !digits.chars().all(|c| c.is_ascii_digit())
                || !digits.starts_with(['0', '1'])
            {
                return Err(INVALID);
            }
            let base: u64 = digits[..8].parse().map_err(|_| INVALID)?;
            let check: u64 = digits[8..].parse().map_err(|_| INVALID)?;
            if 97 - base % 97 != check {
                return Err(BELGIAN_CHECK);
            }
            return Ok(Self(format!("BE{digits}")));
        }
        if rest.len() > 14 || !rest.chars().any(|c| c.is_ascii_digit()) {
            return Err(INVALID);
        }
        Ok(Self(compact))
    }

    /// The prefix, e.g. `BE`; Greece's is `EL` and Northern Ireland's `XI`.
    pub fn country(&self) -> &str {
        &self.0[..2]
    }

    /// The ISO 3166-1 country of the number: its prefix, except `EL` (Greece, `GR`) and `XI`
    /// (Northern Ireland, `GB`).
    pub fn iso_country(&self) -> &str {
        match self.country() {
            "EL" => "GR",
            "XI" => "GB",
            other => other,
        }
    }

    /// For a Belgian number: the ten-digit enterprise number (KBO), e.g. `0123456749`.
    pub fn belgian_enterprise_number(&self) -> Option<&str> {
        (self.country() == "BE").then(|| &self.0[2..])
    }
}

impl AsRef<str> for VatNumber {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::VatNumber;

    #[test]
    fn belgian_numbers_with_matching_check_digits_are_accepted_in_any_notation() {
        for ok in [
            "BE0123456749",
            "be 0123.456.749",
            "BE 123 456 749",
            "0123456749",
            "BE1000000021",
        ] {
            assert_eq!(
                VatNumber::parse(ok).map(|v| v.as_ref().len()),
                Ok(12),
                "{ok}"
            );
        }
        let vat = VatNumber::parse("BE 0123.456.749").unwrap();
        assert_eq!(vat.as_ref(), "BE0123456749");
        assert_eq!(vat.belgian_enterprise_number(), Some("0123456749"));
    }

    #[test]
    fn belgian_numbers_with_wrong_check_digits_are_refused_with_their_own_message() {
        let error = VatNumber::parse("BE0123456789").unwrap_err();
        assert!(error.contains("controlecijfers"), "{error}");
        assert!(VatNumber::parse("BE2123456749").is_err());
        assert!(VatNumber::parse("BE01234567").is_err());
    }

    #[test]
    fn other_eu_numbers_are_checked_for_their_shape_only() {
        assert_eq!(
            VatNumber::parse("NL 8528.24.913.B01").unwrap().as_ref(),
            "NL852824913B01"
        );
        assert_eq!(VatNumber::parse("NL852824913B01").unwrap().country(), "NL");
        let greek = VatNumber::parse("EL 094019245").unwrap();
        assert_eq!((greek.country(), greek.iso_country()), ("EL", "GR"));
        for bad in ["12", "NLABC", "B", "BE!0123456749"] {
            assert!(VatNumber::parse(bad).is_err(), "{bad}");
        }
    }
}
