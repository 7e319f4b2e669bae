//! Tickets: one seat at an event, with a code that is unique and cannot be guessed.
use rand::RngExt;

/// Unambiguous characters: no 0/O, 1/I/L.
const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const LENGTH: usize = 12;

/// A new code in its stored form: 12 characters from 31 (about 59 bits), no dashes.
pub fn new_ticket_code() -> String {
    let mut rng = rand::rng();
    (0..LENGTH)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// What a scanner or a person typed → the stored form: uppercase, no spaces or dashes.
pub fn normalize_code(input: &str) -> String {
    input
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_uppercase)
        .collect()
}

/// `K7QFM2XD9TPA` → `K7QF-M2XD-9TPA`, easier to read aloud and type.
pub fn display_code(stored: &str) -> String {
    stored
        .as_bytes()
        .chunks(4)
        .map(|c| std::str::from_utf8(c).unwrap_or_default())
        .collect::<Vec<_>>()
        .join("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_random_and_read_back_in_any_notation() {
        let code = new_ticket_code();
        assert_eq!(code.len(), LENGTH);
        assert_ne!(code, new_ticket_code());
        let shown = display_code(&code);
        assert_eq!(shown.len(), 14);
        assert_eq!(
            normalize_code(&shown.to_lowercase().replace('-', " - ")),
            code
        );
    }
}
