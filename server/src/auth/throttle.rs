//! Failed sign-ins are counted per account and per client IP in a sliding window; past the
//! limit the answer is 429 with Retry-After, whether or not the account exists.
use jiff::{SignedDuration, Timestamp};
use sqlx::{AnyPool, Row};

use crate::db::{self, Tx};
use crate::error::AppError;

const WINDOW: SignedDuration = SignedDuration::from_mins(15);
pub const ACCOUNT_LIMIT: i64 = 5;
pub const IP_LIMIT: i64 = 20;

/// Refuses the attempt when either key already has its limit of failures in the window.
pub async fn check(pool: &AnyPool, account: &str, ip: &str) -> Result<(), AppError> {
    let now = Timestamp::now();
    let since = db::format_ts(now - WINDOW);
    for (scope, key, limit) in [("account", account, ACCOUNT_LIMIT), ("ip", ip, IP_LIMIT)] {
        let failures: i64 = sqlx::query(
            "SELECT COUNT(*) AS n FROM login_failures WHERE scope = $1 AND key = $2 AND failed_at > $3",
        )
        .bind(scope)
        .bind(key)
        .bind(&since)
        .fetch_one(pool)
        .await?
        .try_get("n")?;
        if failures < limit {
            continue;
        }
        // The attempt is allowed again once enough failures have left the window.
        let freeing: String = sqlx::query(
            "SELECT failed_at FROM login_failures WHERE scope = $1 AND key = $2 AND failed_at > $3 \
             ORDER BY failed_at LIMIT 1 OFFSET $4",
        )
        .bind(scope)
        .bind(key)
        .bind(&since)
        .bind(failures - limit)
        .fetch_one(pool)
        .await?
        .try_get("failed_at")?;
        let free_at = db::parse_ts(&freeing)? + WINDOW;
        let wait = free_at.duration_since(now).as_secs().max(1);
        tracing::warn!(scope, "sign-in throttled");
        return Err(AppError::RateLimited {
            retry_after_secs: wait.unsigned_abs(),
        });
    }
    Ok(())
}

pub async fn record_failure(tx: &mut Tx, account: &str, ip: &str) -> Result<(), sqlx::Error> {
    let now = Timestamp::now();
    // Housekeeping: failures that left the window no longer count.
    sqlx::query("DELETE FROM login_failures WHERE failed_at <= $1")
        .bind(db::format_ts(now - WINDOW))
        .execute(&mut **tx)
        .await?;
    for (scope, key) in [("account", account), ("ip", ip)] {
        sqlx::query("INSERT INTO login_failures (scope, key, failed_at) VALUES ($1, $2, $3)")
            .bind(scope)
            .bind(key)
            .bind(db::format_ts(now))
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// A successful sign-in forgives the account's earlier typos (the IP count stays).
pub async fn clear_account(tx: &mut Tx, account: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM login_failures WHERE scope = 'account' AND key = $1")
        .bind(account)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
