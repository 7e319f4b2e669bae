/// A phone number as people write it: digits with spaces, `+`, `/`, `.`, `-` or brackets;
/// 8 to 15 digits (the E.164 maximum), at most 30 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhoneNumber(String);

const INVALID: &str = "Vul een geldig telefoonnummer in, bv. 0470 12 34 56.";

impl PhoneNumber {
    pub fn parse(input: &str) -> Result<Self, &'static str> {
        let phone = input.trim();
        let digits = phone.chars().filter(char::is_ascii_digit).count();
        let allowed = phone
            .chars()
            .all(|c| c.is_ascii_digit() || " +/.-()".contains(c));
        if phone.len() > 30 || !allowed || !(8..=15).contains(&digits) {
            return Err(INVALID);
        }
        Ok(Self(phone.to_string()))
    }
}

impl AsRef<str> for PhoneNumber {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::PhoneNumber;

    #[test]
    fn belgian_and_international_numbers_are_accepted() {
        for ok in [
            "0470 12 34 56",
            "+32 470 12 34 56",
            "015/12.34.56",
            "(015) 12-34-56",
        ] {
            assert!(PhoneNumber::parse(ok).is_ok(), "{ok}");
        }
        assert_eq!(
            PhoneNumber::parse(" 0470123456 ").unwrap().as_ref(),
            "0470123456"
        );
    }

    #[test]
    fn words_and_too_short_or_long_numbers_are_rejected() {
        for bad in [
            "",
            "bel me",
            "12345",
            "0470 12 34 56 78 90 12",
            "0470\n123456",
        ] {
            assert!(PhoneNumber::parse(bad).is_err(), "{bad:?}");
        }
    }
}
