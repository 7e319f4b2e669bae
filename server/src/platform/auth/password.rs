//! Password hashing with Argon2id (the crate's defaults: 19 MiB, 2 passes, 1 lane); how many
//! run at once is bounded by `kit::hash_gate`.
use std::sync::OnceLock;

use anyhow::anyhow;
use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

pub const MIN_LENGTH: usize = 10;
pub const MAX_LENGTH: usize = 200;

/// Why a new password is refused; the same rules for `create-admin` and the web forms.
#[derive(Debug, PartialEq, Eq)]
pub enum PasswordProblem {
    TooShort,
    TooLong,
}

impl PasswordProblem {
    /// For the command line.
    pub fn english(&self) -> String {
        match self {
            Self::TooShort => format!("the password needs at least {MIN_LENGTH} characters"),
            Self::TooLong => format!("the password may have at most {MAX_LENGTH} characters"),
        }
    }

    /// For the admin's web forms.
    pub fn dutch(&self) -> String {
        match self {
            Self::TooShort => format!("Kies een wachtwoord van minstens {MIN_LENGTH} tekens."),
            Self::TooLong => format!("Kies een wachtwoord van hoogstens {MAX_LENGTH} tekens."),
        }
    }
}

/// Checks a new password before it is hashed.
pub fn validate_new(password: &str) -> Result<(), PasswordProblem> {
    let length = password.chars().count();
    if length < MIN_LENGTH {
        return Err(PasswordProblem::TooShort);
    }
    if length > MAX_LENGTH {
        return Err(PasswordProblem::TooLong);
    }
    Ok(())
}

pub fn hash(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::encode_b64(&rand::random::<[u8; 16]>()).map_err(|e| anyhow!("{e}"))?;
    Ok(Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map_err(|e| anyhow!("cannot hash the password: {e}"))?
        .to_string())
}

/// Constant-time comparison inside argon2; a malformed stored hash never matches.
pub fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// A hash to verify against when the e-mail is unknown, so that answer takes as long as a
/// wrong password and timing does not reveal which addresses have an account.
pub fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| hash(&crate::kit::secret_token::new_token()).expect("argon2 hashes"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_only_its_own_password() {
        let stored = hash("een lang wachtwoord").unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(verify("een lang wachtwoord", &stored));
        assert!(!verify("een ander wachtwoord", &stored));
        assert!(!verify("een lang wachtwoord", "not a hash"));
    }

    #[test]
    fn short_passwords_are_refused() {
        assert!(validate_new("kort").is_err());
        assert!(validate_new("lang genoeg!").is_ok());
    }
}
