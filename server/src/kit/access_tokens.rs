//! Signed access tokens (JWT, HS256) and the key that signs them.
use anyhow::Context;
use jiff::Timestamp;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use sqlx::{AnyPool, Row};

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
    /// The session (refresh-token family) it belongs to; the guard checks it is still live.
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

impl AuthConfig {
    /// Uses the configured secret, else the one kept in the database (created on first start,
    /// so restarts and several servers on one database accept each other's tokens).
    pub async fn load(settings: &AuthSettings, pool: &AnyPool) -> anyhow::Result<Self> {
        let secret = if settings.jwt_secret.is_empty() {
            sqlx::query("INSERT INTO app_meta (key, value) VALUES ('jwt_secret', $1) ON CONFLICT (key) DO NOTHING")
                .bind(new_token())
                .execute(pool)
                .await
                .context("cannot store the token signing key")?;
            sqlx::query("SELECT value FROM app_meta WHERE key = 'jwt_secret'")
                .fetch_one(pool)
                .await?
                .try_get::<String, _>("value")?
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
