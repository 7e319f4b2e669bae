//! Random tokens handed out in links and sessions; only their SHA-256 is stored.
use base64::Engine;
use sha2::{Digest, Sha256};

/// 256 random bits, URL-safe.
pub fn new_token() -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(rand::random::<[u8; 32]>())
}

/// What the database keeps: a stolen table gives nothing to present.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}
