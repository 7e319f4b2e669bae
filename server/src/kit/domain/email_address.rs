/// A syntactically valid e-mail address (trimmed, at most 254 characters, dot in the domain).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailAddress(String);

const INVALID: &str = "Vul een geldig e-mailadres in.";

impl EmailAddress {
    pub fn parse(input: &str) -> Result<Self, &'static str> {
        let email = input.trim();
        if email.is_empty() || email.len() > 254 {
            return Err(INVALID);
        }
        let address: lettre::Address = email.parse().map_err(|_| INVALID)?;
        let domain = address.domain();
        if !domain.contains('.') || domain.starts_with('.') || domain.ends_with('.') {
            return Err(INVALID);
        }
        Ok(Self(email.to_string()))
    }

    /// The key that makes addresses unique regardless of case.
    pub fn normalized(&self) -> String {
        self.0.to_lowercase()
    }
}

impl AsRef<str> for EmailAddress {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::EmailAddress;

    #[test]
    fn valid_addresses_are_accepted_and_trimmed() {
        let email = EmailAddress::parse("  Lien.Vermeulen@Example.be ").unwrap();
        assert_eq!(email.as_ref(), "Lien.Vermeulen@Example.be");
        assert_eq!(email.normalized(), "lien.vermeulen@example.be");
    }

    #[test]
    fn invalid_addresses_are_rejected() {
        for bad in [
            "",
            "   ",
            "lien",
            "lien@",
            "@example.be",
            "lien@localhost",
            "li en@example.be",
            "a@b.",
            "lien@@example.be",
        ] {
            assert!(
                EmailAddress::parse(bad).is_err(),
                "{bad:?} should be rejected"
            );
        }
    }

    #[test]
    fn addresses_longer_than_254_characters_are_rejected() {
        let long = format!("{}@example.be", "a".repeat(250));
        assert!(EmailAddress::parse(&long).is_err());
    }
}
