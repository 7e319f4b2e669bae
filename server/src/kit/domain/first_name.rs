/// A first name: the only visitor-written text that may reach an address that has not shown
/// it is theirs (newsletter opt-in, booking and registration mails). So the rules are strict:
/// letters (accents included), spaces, hyphens and apostrophes, at most `MAX_CHARS`, with at
/// least one letter. No digits, punctuation or links, so it cannot carry a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FirstName(String);

impl FirstName {
    pub const MAX_CHARS: usize = 40;

    pub fn parse(input: &str) -> Result<Self, &'static str> {
        let name = input.trim();
        if name.is_empty() {
            return Err("Vul je voornaam in.");
        }
        if name.chars().count() > Self::MAX_CHARS {
            return Err("Je voornaam mag hoogstens 40 tekens lang zijn.");
        }
        let allowed = |c: char| c.is_alphabetic() || matches!(c, ' ' | '-' | '\'' | '’');
        if !name.chars().all(allowed) || !name.chars().any(char::is_alphabetic) {
            return Err(
                "Je voornaam mag alleen letters, spaties, koppeltekens en apostrofs bevatten.",
            );
        }
        Ok(Self(name.to_string()))
    }

    /// The first word of a full name typed in a form, when it passes the rules.
    pub fn from_full_name(full_name: &str) -> Option<Self> {
        full_name
            .split_whitespace()
            .next()
            .and_then(|word| Self::parse(word).ok())
    }

    /// "Dag Sofie," for a mail to the visitor; a plain "Dag," when the name does not pass.
    pub fn greeting(full_name: &str) -> String {
        match Self::from_full_name(full_name) {
            Some(name) => format!("Dag {},", name.0),
            None => "Dag,".to_string(),
        }
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
        for name in [
            "Jean-Luc",
            "D'Hondt",
            "Marie Louise",
            "Zoë",
            "Ça’va",
            "Łukasz",
        ] {
            assert!(FirstName::parse(name).is_ok(), "{name}");
        }
    }

    #[test]
    fn empty_or_blank_names_are_rejected() {
        assert!(FirstName::parse("").is_err());
        assert!(FirstName::parse("   ").is_err());
        assert!(FirstName::parse("- '").is_err(), "at least one letter");
    }

    #[test]
    fn a_name_of_40_characters_is_accepted_but_41_is_not() {
        assert!(FirstName::parse(&"é".repeat(40)).is_ok());
        assert_eq!(
            FirstName::parse(&"a".repeat(41)),
            Err("Je voornaam mag hoogstens 40 tekens lang zijn.")
        );
    }

    #[test]
    fn control_characters_digits_and_links_are_rejected() {
        for name in [
            "Jan\u{0}",
            "Jan\nPiet",
            "Jan\u{202e}",
            "Jan2",
            "Win € 1000",
            "https://evil.example",
            "Jan <b>",
            "Jan.Piet",
        ] {
            assert!(FirstName::parse(name).is_err(), "{name:?}");
        }
    }

    #[test]
    fn the_greeting_uses_the_first_word_only_when_it_passes() {
        assert_eq!(FirstName::greeting("Sofie Peeters"), "Dag Sofie,");
        assert_eq!(FirstName::greeting("  Anaïs  "), "Dag Anaïs,");
        assert_eq!(FirstName::greeting("www.winnen.example klik hier"), "Dag,");
        assert_eq!(FirstName::greeting("Win €1000 nu"), "Dag Win,");
        assert_eq!(FirstName::greeting(""), "Dag,");
    }
}
