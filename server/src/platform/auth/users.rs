//! Admin accounts, created from the command line (`inlumine create-admin`).
use sqlx::{AnyPool, Row};

use super::password;
use crate::kit::db;
use crate::kit::domain::EmailAddress;

#[derive(Debug, PartialEq, Eq)]
pub enum AdminOutcome {
    Created,
    PasswordReset,
    /// `keep_existing` was asked and the account exists: nothing changed.
    Unchanged,
}

/// Creates the admin, or gives an existing account the admin role and this password and signs
/// out its sessions (the way to recover a forgotten password).
pub async fn create_or_reset_admin(
    pool: &AnyPool,
    email: &str,
    new_password: &str,
    keep_existing: bool,
) -> anyhow::Result<AdminOutcome> {
    let email = EmailAddress::parse(email)
        .map_err(|_| anyhow::anyhow!("invalid e-mail address {email:?}"))?;
    password::validate_new(new_password).map_err(|p| anyhow::anyhow!(p.english()))?;
    let hash = password::hash(new_password)?;
    let now = db::now();
    let mut tx = db::begin_write(pool).await?;
    let existing: Option<i64> = sqlx::query("SELECT id FROM users WHERE email_normalized = $1")
        .bind(email.normalized())
        .fetch_optional(&mut *tx)
        .await?
        .map(|row| row.try_get("id"))
        .transpose()?;
    let outcome = match existing {
        Some(_) if keep_existing => AdminOutcome::Unchanged,
        Some(id) => {
            // Like the mailed reset link: a required passkey waits for a new one.
            sqlx::query(
                "UPDATE users SET password_hash = $1, role = 'admin', updated_at = $2, \
                 passkey_policy = CASE WHEN passkey_policy = 'required' THEN 'after_reset' \
                 ELSE passkey_policy END WHERE id = $3",
            )
            .bind(&hash)
            .bind(&now)
            .bind(id)
            .execute(&mut *tx)
            .await?;
            super::revoke_all_sessions(&mut tx, id).await?;
            AdminOutcome::PasswordReset
        }
        None => {
            sqlx::query(
                "INSERT INTO users (email, email_normalized, password_hash, role, created_at, updated_at) \
                 VALUES ($1, $2, $3, 'admin', $4, $4)",
            )
            .bind(email.as_ref())
            .bind(email.normalized())
            .bind(&hash)
            .bind(&now)
            .execute(&mut *tx)
            .await?;
            AdminOutcome::Created
        }
    };
    tx.commit().await?;
    Ok(outcome)
}
