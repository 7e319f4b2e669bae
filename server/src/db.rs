//! Database access shared by SQLite and PostgreSQL through sqlx's `Any` driver.
use std::borrow::Cow;

use anyhow::Context;
use jiff::Timestamp;
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::{Any, AnyPool, SqlSafeStr, Transaction};

pub type Tx = Transaction<'static, Any>;

pub fn is_sqlite(url: &str) -> bool {
    url.starts_with("sqlite:")
}

/// Opens the pool; SQLite gets its file, WAL and durable settings on every connection.
pub async fn connect(url: &str) -> anyhow::Result<AnyPool> {
    install_default_drivers();
    let sqlite = is_sqlite(url);
    if sqlite {
        let path = url
            .trim_start_matches("sqlite://")
            .trim_start_matches("sqlite:");
        let path = path.split('?').next().unwrap_or_default();
        if let Some(parent) = std::path::Path::new(path)
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
        {
            std::fs::create_dir_all(parent).with_context(|| {
                format!("cannot create database directory {}", parent.display())
            })?;
        }
    }
    AnyPoolOptions::new()
        .max_connections(if sqlite { 8 } else { 10 })
        .after_connect(move |conn, _| {
            Box::pin(async move {
                if sqlite {
                    for pragma in [
                        "PRAGMA journal_mode = WAL",
                        "PRAGMA synchronous = FULL",
                        "PRAGMA foreign_keys = ON",
                        "PRAGMA busy_timeout = 5000",
                    ] {
                        sqlx::query(pragma).execute(&mut *conn).await?;
                    }
                }
                Ok(())
            })
        })
        .connect(url)
        .await
        .context("cannot connect to the database")
}

/// The migrations of one engine, oldest first.
pub fn migrator(sqlite: bool) -> Migrator {
    let files: &[(i64, &str, &'static str)] = if sqlite {
        &[
            (
                1,
                "init",
                include_str!("../migrations/sqlite/0001_init.sql"),
            ),
            (
                2,
                "admin",
                include_str!("../migrations/sqlite/0002_admin.sql"),
            ),
            (
                3,
                "commerce",
                include_str!("../migrations/sqlite/0003_commerce.sql"),
            ),
            (
                4,
                "booking_contact",
                include_str!("../migrations/sqlite/0004_booking_contact.sql"),
            ),
            (
                5,
                "cancelled",
                include_str!("../migrations/sqlite/0005_cancelled.sql"),
            ),
        ]
    } else {
        &[
            (
                1,
                "init",
                include_str!("../migrations/postgres/0001_init.sql"),
            ),
            (
                2,
                "admin",
                include_str!("../migrations/postgres/0002_admin.sql"),
            ),
            (
                3,
                "commerce",
                include_str!("../migrations/postgres/0003_commerce.sql"),
            ),
            (
                4,
                "booking_contact",
                include_str!("../migrations/postgres/0004_booking_contact.sql"),
            ),
            (
                5,
                "cancelled",
                include_str!("../migrations/postgres/0005_cancelled.sql"),
            ),
        ]
    };
    Migrator::with_migrations(
        files
            .iter()
            .map(|(version, name, sql)| {
                Migration::new(
                    *version,
                    Cow::Borrowed(*name),
                    MigrationType::Simple,
                    sql.into_sql_str(),
                    // sqlx's marker for a migration that manages its own transaction.
                    sql.starts_with("-- no-transaction"),
                )
            })
            .collect(),
    )
}

pub async fn migrate(pool: &AnyPool) -> anyhow::Result<()> {
    let sqlite = pool_is_sqlite(pool);
    migrator(sqlite)
        .run(pool)
        .await
        .context("database migration failed")
}

fn pool_is_sqlite(pool: &AnyPool) -> bool {
    pool.connect_options().database_url.scheme() == "sqlite"
}

/// Starts a write transaction. SQLite needs `BEGIN IMMEDIATE`: a deferred transaction that reads
/// then writes fails with SQLITE_BUSY at once instead of waiting for the busy timeout.
pub async fn begin_write(pool: &AnyPool) -> Result<Tx, sqlx::Error> {
    if pool_is_sqlite(pool) {
        pool.begin_with("BEGIN IMMEDIATE").await
    } else {
        pool.begin().await
    }
}

/// True when `e` is a unique-constraint violation (the same check on both engines).
pub fn is_unique_violation(e: &sqlx::Error) -> bool {
    e.as_database_error()
        .is_some_and(|d| d.is_unique_violation())
}

/// Formats a timestamp the one way the database stores it: UTC, 6 fractional digits, `Z`.
pub fn format_ts(ts: Timestamp) -> String {
    ts.strftime("%Y-%m-%dT%H:%M:%S%.6fZ").to_string()
}

pub fn parse_ts(text: &str) -> anyhow::Result<Timestamp> {
    text.parse()
        .with_context(|| format!("invalid stored timestamp {text:?}"))
}

pub fn now() -> String {
    format_ts(Timestamp::now())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_have_a_fixed_width_and_round_trip() {
        let ts: Timestamp = "2025-11-27T18:30:00Z".parse().unwrap();
        assert_eq!(format_ts(ts), "2025-11-27T18:30:00.000000Z");
        assert_eq!(parse_ts(&format_ts(ts)).unwrap(), ts);
        assert_eq!(now().len(), "2025-11-27T18:30:00.000000Z".len());
    }
}
