//! Signed access tokens (JWT, HS256) and the key that signs them.
use anyhow::{Context, bail};
use jiff::Timestamp;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use std::fs::{self, OpenOptions};
use std::io::{ErrorKind, Write};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::Path;

use crate::kit::closed_set::closed_set;
use crate::kit::configuration::AuthSettings;
use crate::kit::secret_token::new_token;

closed_set! {
    pub enum Role {
        /// May use /api/admin.
        Admin = "admin",
        User = "user",
    }
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    /// The user's id.
    pub sub: String,
    pub role: Role,
    /// The session it belongs to (one per refresh token, stored hashed); the guard checks that
    /// its refresh token's family is still live.
    pub sid: String,
    pub iat: i64,
    pub exp: i64,
}

/// Everything the sign-in, refresh and guard code needs; built once at start.
pub struct AuthConfig {
    encoding: EncodingKey,
    decoding: DecodingKey,
    pub access_ttl_secs: i64,
    pub refresh_ttl_days: i64,
    pub trust_forwarded_for: bool,
}

/// The key file inside the data folder, made on first start when `JWT_SECRET` is empty.
pub const KEY_FILE: &str = "token-signing.key";

impl AuthConfig {
    /// Uses the configured secret, else the key file in `data_dir` (made on first start). The
    /// key never enters the database, so a copy of the database or a backup alone cannot sign
    /// an access token. Several servers share one key through `JWT_SECRET` (or one file).
    pub fn load(settings: &AuthSettings, data_dir: &Path) -> anyhow::Result<Self> {
        let secret = if settings.jwt_secret.is_empty() {
            key_from_file(&data_dir.join(KEY_FILE))?
        } else {
            settings.jwt_secret.expose().to_string()
        };
        Ok(Self {
            encoding: EncodingKey::from_secret(secret.as_bytes()),
            decoding: DecodingKey::from_secret(secret.as_bytes()),
            access_ttl_secs: i64::try_from(settings.access_token_ttl_secs)?,
            refresh_ttl_days: i64::try_from(settings.refresh_token_ttl_days)?,
            trust_forwarded_for: settings.trust_forwarded_for,
        })
    }

    /// A new access token and the moment it expires.
    pub fn issue_access(
        &self,
        user_id: i64,
        role: Role,
        session: &str,
    ) -> anyhow::Result<(String, Timestamp)> {
        let now = Timestamp::now().as_second();
        let exp = now + self.access_ttl_secs;
        let claims = Claims {
            sub: user_id.to_string(),
            role,
            sid: session.to_string(),
            iat: now,
            exp,
        };
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?;
        Ok((token, Timestamp::from_second(exp)?))
    }

    /// The claims of a valid, unexpired token signed with our key (no leeway).
    pub fn verify_access(&self, token: &str) -> Option<Claims> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation)
            .ok()
            .map(|data| data.claims)
    }
}

/// The key in `file`, made (0600, only the server's user reads it) when there is none yet. A
/// file others can read is narrowed to 0600 with a warning.
fn key_from_file(file: &Path) -> anyhow::Result<String> {
    if let Some(dir) = file.parent() {
        fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    match OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(file)
    {
        Ok(mut new) => {
            new.write_all(new_token().as_bytes())?;
            new.sync_all()?;
            tracing::info!("made a new token signing key in {}", file.display());
        }
        Err(e) if e.kind() == ErrorKind::AlreadyExists => {}
        Err(e) => {
            return Err(e)
                .with_context(|| format!("cannot create the key file {}", file.display()));
        }
    }
    let mode = fs::metadata(file)?.permissions().mode();
    if mode & 0o077 != 0 {
        tracing::warn!(
            "{} was readable by others; now only by this user",
            file.display()
        );
        fs::set_permissions(file, fs::Permissions::from_mode(0o600))?;
    }
    let key = fs::read_to_string(file)
        .with_context(|| format!("cannot read the key file {}", file.display()))?
        .trim()
        .to_string();
    if key.len() < 32 {
        bail!(
            "the key file {} holds fewer than 32 characters; remove it to have a new one made",
            file.display()
        );
    }
    Ok(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_file_is_made_once_private_and_kept() {
        let dir = std::env::temp_dir().join(format!("inlumine-key-{}", new_token()));
        let file = dir.join(KEY_FILE);
        let first = key_from_file(&file).unwrap();
        assert!(first.len() >= 32);
        assert_eq!(
            fs::metadata(&file).unwrap().permissions().mode() & 0o777,
            0o600
        );
        assert_eq!(key_from_file(&file).unwrap(), first, "kept across starts");
        fs::set_permissions(&file, fs::Permissions::from_mode(0o644)).unwrap();
        assert_eq!(key_from_file(&file).unwrap(), first);
        assert_eq!(
            fs::metadata(&file).unwrap().permissions().mode() & 0o777,
            0o600
        );
        fs::write(&file, "kort").unwrap();
        assert!(key_from_file(&file).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }
}
