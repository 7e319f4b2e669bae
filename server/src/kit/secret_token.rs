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

/// Signs links that must keep working without a stored token (the unsubscribe link in every
/// newsletter): `{id}-{HMAC-SHA256(key, purpose:id)}`. The key is made once and kept in the
/// database, so restarts and several servers on one database accept each other's links; a link
/// names one id and cannot be turned into another's.
pub struct LinkSigner {
    key: Vec<u8>,
}

impl LinkSigner {
    pub async fn load(pool: &sqlx::AnyPool) -> anyhow::Result<Self> {
        use anyhow::Context;
        use sqlx::Row;
        sqlx::query("INSERT INTO app_meta (key, value) VALUES ('link_signing_key', $1) ON CONFLICT (key) DO NOTHING")
            .bind(new_token())
            .execute(pool)
            .await
            .context("cannot store the link signing key")?;
        let key: String = sqlx::query("SELECT value FROM app_meta WHERE key = 'link_signing_key'")
            .fetch_one(pool)
            .await?
            .try_get("value")?;
        Ok(Self {
            key: key.into_bytes(),
        })
    }

    fn mac(&self, purpose: &str, id: i64) -> hmac::Hmac<Sha256> {
        use hmac::{KeyInit, Mac};
        let mut mac = hmac::Hmac::<Sha256>::new_from_slice(&self.key).expect("any key length");
        mac.update(format!("{purpose}:{id}").as_bytes());
        mac
    }

    pub fn sign(&self, purpose: &str, id: i64) -> String {
        use hmac::Mac;
        let tag = self.mac(purpose, id).finalize().into_bytes();
        format!(
            "{id}-{}",
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(tag)
        )
    }

    /// The id a genuine link for `purpose` names.
    pub fn verify(&self, purpose: &str, token: &str) -> Option<i64> {
        use hmac::Mac;
        let (id, tag) = token.split_once('-')?;
        if id.is_empty() || id.len() > 18 || !id.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let id: i64 = id.parse().ok()?;
        let tag = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(tag)
            .ok()?;
        self.mac(purpose, id).verify_slice(&tag).ok()?;
        Some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signed_link_names_one_id_and_cannot_be_changed_into_another() {
        let signer = LinkSigner {
            key: b"test key".to_vec(),
        };
        let token = signer.sign("unsubscribe", 42);
        assert_eq!(signer.verify("unsubscribe", &token), Some(42));
        assert_eq!(signer.verify("confirm", &token), None);
        let (_, tag) = token.split_once('-').unwrap();
        assert_eq!(signer.verify("unsubscribe", &format!("43-{tag}")), None);
        assert_eq!(signer.verify("unsubscribe", "42-"), None);
        assert_eq!(signer.verify("unsubscribe", "abc"), None);
        let other = LinkSigner {
            key: b"other key".to_vec(),
        };
        assert_eq!(other.verify("unsubscribe", &token), None);
    }
}
