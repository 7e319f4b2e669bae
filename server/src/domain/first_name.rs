/// A visitor's first name: trimmed, 1–100 characters, no control characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FirstName(String);

impl FirstName {
    pub const MAX_CHARS: usize = 100;

    pub fn parse(input: &str) -> Result<Self, &'static str> {
        let name = input.trim();
        if name.is_empty() || name.chars().any(char::is_control) {
            return Err("Vul je voornaam in.");
        }
        if name.chars().count() > Self::MAX_CHARS {
            return Err("Je voornaam mag hoogstens 100 tekens lang zijn.");
        }
        Ok(Self(name.to_string()))
    }
}

impl AsRef<str> for FirstName {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::FirstName;

    #[test]
    fn a_normal_name_is_trimmed_and_accepted() {
        assert_eq!(FirstName::parse("  Anaïs ").unwrap().as_ref(), "Anaïs");
    }

    #[test]
    fn empty_or_blank_names_are_rejected() {
        assert!(FirstName::parse("").is_err());
        assert!(FirstName::parse("   ").is_err());
    }

    #[test]
    fn a_name_of_100_characters_is_accepted_but_101_is_not() {
        assert!(FirstName::parse(&"é".repeat(100)).is_ok());
        assert_eq!(
            FirstName::parse(&"a".repeat(101)),
            Err("Je voornaam mag hoogstens 100 tekens lang zijn.")
        );
    }

    #[test]
    fn control_characters_are_rejected() {
        assert!(FirstName::parse("Jan\u{0}").is_err());
        assert!(FirstName::parse("Jan\nPiet").is_err());
    }
}
