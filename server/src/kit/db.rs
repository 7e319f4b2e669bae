//! Database access shared by SQLite and PostgreSQL through sqlx's `Any` driver.
use std::borrow::Cow;
use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;

use anyhow::Context;
use jiff::Timestamp;
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::{Any, AnyPool, Row, SqlSafeStr, Transaction};
use tokio::sync::{mpsc, oneshot};

pub type Tx = Transaction<'static, Any>;

pub fn is_sqlite(url: &str) -> bool {
    url.starts_with("sqlite:")
}

/// The file of a `sqlite:` URL (None for PostgreSQL).
pub fn sqlite_path(url: &str) -> Option<PathBuf> {
    let path = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))?;
    Some(PathBuf::from(path.split('?').next().unwrap_or_default()))
}

/// Opens the pool; SQLite gets its file, WAL and durable settings on every connection.
pub async fn connect(url: &str) -> anyhow::Result<AnyPool> {
    install_default_drivers();
    let sqlite = is_sqlite(url);
    if let Some(path) = sqlite_path(url)
        && let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty())
    {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("cannot create database directory {}", parent.display()))?;
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

/// Every migration, oldest first, by file name: `server/migrations/{sqlite,postgres}/<name>.sql`
/// both exist for each (a test compares this list with the two folders).
macro_rules! migrations {
    ($($name:literal),* $(,)?) => {
        /// Every migration's file name (without `.sql`), oldest first.
        pub const MIGRATIONS: &[&str] = &[$($name),*];
        const SQLITE_MIGRATIONS: &[&str] =
            &[$(include_str!(concat!("../../migrations/sqlite/", $name, ".sql"))),*];
        const POSTGRES_MIGRATIONS: &[&str] =
            &[$(include_str!(concat!("../../migrations/postgres/", $name, ".sql"))),*];
    };
}

migrations![
    "0001_init",
    "0002_admin",
    "0003_commerce",
    "0004_booking_contact",
    "0005_cancelled",
    "0006_account_security",
    "0007_abuse",
    "0008_data_versions",
    "0009_invoices",
    "0010_coach_notifications",
    "0011_erasures",
    "0012_campaigns",
    "0013_settings",
    "0014_media",
    "0015_mail_templates",
    "0016_waitlist",
    "0017_review_invitations",
    "0018_page_blocks",
    "0019_test_mail_confirmation",
    "0020_partial_refunds",
    "0021_send_leases",
    "0022_shared_limits",
    "0023_erasure",
    "0024_link_attempts",
    "0025_session_ids_hashed",
    "0026_signing_key_out_of_the_database",
    "0027_media_alt_version",
    "0028_course_revocations",
    "0029_subscriber_import",
    "0030_intro_call_client",
    "0031_link_account_attempts",
    "0032_company_registration_number",
    "0033_passkeys",
    "0034_logo_slot",
    "0035_admin_search",
    "0036_selftest",
    "0037_visits",
    "0038_selftest_counts",
];

/// The migrations of one engine, oldest first.
pub fn migrator(sqlite: bool) -> Migrator {
    let sqls = if sqlite {
        SQLITE_MIGRATIONS
    } else {
        POSTGRES_MIGRATIONS
    };
    let files = MIGRATIONS.iter().zip(sqls).map(|(file, sql)| {
        let (version, name) = file.split_once('_').expect("migration names are NNNN_name");
        (
            version
                .parse::<i64>()
                .expect("migration names start with a number"),
            name,
            *sql,
        )
    });
    Migrator::with_migrations(
        files
            .map(|(version, name, sql)| {
                Migration::new(
                    version,
                    Cow::Borrowed(name),
                    MigrationType::Simple,
                    sql.into_sql_str(),
                    // sqlx's marker for a migration that manages its own transaction.
                    sql.starts_with("-- no-transaction"),
                )
            })
            .collect(),
    )
}

/// The newest migration this binary knows.
pub fn latest_version() -> i64 {
    migrator(true)
        .migrations
        .iter()
        .map(|m| m.version)
        .max()
        .unwrap_or(0)
}

/// How a database's schema stands against this binary's migrations.
#[derive(Debug)]
pub struct SchemaState {
    /// The newest migration applied; None for a database without any (a new one).
    pub applied: Option<i64>,
    /// Migrations of this binary the database has not had yet.
    pub pending: usize,
    /// Migrations the database has had that this binary does not know: a newer version ran it.
    pub unknown: Vec<i64>,
}

pub async fn schema_state(pool: &AnyPool) -> anyhow::Result<SchemaState> {
    let exists = if pool_is_sqlite(pool) {
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'"
    } else {
        "SELECT count(*) FROM information_schema.tables \
         WHERE table_name = '_sqlx_migrations' AND table_schema = current_schema()"
    };
    let exists: i64 = sqlx::query(exists)
        .fetch_one(pool)
        .await
        .context("cannot read the database's migrations")?
        .try_get(0)?;
    let applied: Vec<i64> = if exists > 0 {
        sqlx::query("SELECT version FROM _sqlx_migrations WHERE success = TRUE")
            .fetch_all(pool)
            .await
            .context("cannot read the database's migrations")?
            .iter()
            .map(|row| row.try_get(0))
            .collect::<Result<_, _>>()?
    } else {
        Vec::new()
    };
    let known: Vec<i64> = migrator(true)
        .migrations
        .iter()
        .map(|m| m.version)
        .collect();
    Ok(SchemaState {
        applied: applied.iter().copied().max(),
        pending: known.iter().filter(|v| !applied.contains(v)).count(),
        unknown: applied.into_iter().filter(|v| !known.contains(v)).collect(),
    })
}

/// Applies the migrations this database has not had yet. Refuses a database that a newer version
/// has migrated: this binary would misread what that version wrote.
pub async fn migrate(pool: &AnyPool) -> anyhow::Result<()> {
    let state = schema_state(pool).await?;
    if let Some(newest) = state.unknown.iter().max() {
        anyhow::bail!(
            "the database was migrated by a newer version of In Lumine (database version {newest}; \
             this version knows up to {}). Start the newer version, or, to go back to this one, \
             restore the backup taken before the upgrade (README, \"Upgrading and rolling back\")",
            latest_version()
        );
    }
    let sqlite = pool_is_sqlite(pool);
    migrator(sqlite)
        .run(pool)
        .await
        .context("database migration failed")
}

pub fn pool_is_sqlite(pool: &AnyPool) -> bool {
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

/// One unit of work in a group commit: runs inside its savepoint, says whether it succeeded, and
/// hands back what answers its caller once the commit's outcome is known.
type Job = Box<dyn for<'t> FnOnce(&'t mut Tx) -> BoxFuture<'t, (bool, Answer)> + Send>;
type Answer = Box<dyn FnOnce(Result<(), &sqlx::Error>) + Send>;
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Most jobs one transaction takes; more wait for the next.
const GROUP_MAX: usize = 128;

/// Group commit: small independent writes queued by concurrent requests are run by one writer
/// in one transaction, each in its own savepoint, and committed together: one fsync (SQLite with
/// `synchronous=FULL`) or one round of commit for many callers, and no writers queueing on the
/// database lock. Each caller gets its own result after the commit; a job that fails is rolled
/// back to its savepoint without failing the others. Batches form by themselves: what arrives
/// while a commit is under way goes into the next one.
#[derive(Clone)]
pub struct GroupCommit {
    queue: mpsc::UnboundedSender<Job>,
}

impl GroupCommit {
    /// Starts the writer; it stops when the last `GroupCommit` is dropped.
    pub fn start(pool: AnyPool) -> Self {
        let (queue, mut jobs) = mpsc::unbounded_channel::<Job>();
        tokio::spawn(async move {
            let mut batch = Vec::with_capacity(GROUP_MAX);
            while jobs.recv_many(&mut batch, GROUP_MAX).await > 0 {
                run_group(&pool, batch.drain(..)).await;
            }
        });
        Self { queue }
    }

    /// Runs `job` in the next group's transaction and returns its result once that committed.
    pub async fn run<T, E, F>(&self, job: F) -> Result<T, E>
    where
        F: for<'t> FnOnce(&'t mut Tx) -> BoxFuture<'t, Result<T, E>> + Send + 'static,
        T: Send + 'static,
        E: From<sqlx::Error> + Send + 'static,
    {
        let (answer, answered) = oneshot::channel::<Result<T, E>>();
        let job: Job = Box::new(move |tx| {
            Box::pin(async move {
                let result = job(tx).await;
                let ok = result.is_ok();
                let reply: Answer = Box::new(move |commit| {
                    let result = match (result, commit) {
                        (Ok(_), Err(e)) => Err(E::from(sqlx::Error::Protocol(format!(
                            "group commit failed: {e}"
                        )))),
                        (result, _) => result,
                    };
                    let _ = answer.send(result);
                });
                (ok, reply)
            })
        });
        let closed = || E::from(sqlx::Error::PoolClosed);
        self.queue.send(job).map_err(|_| closed())?;
        answered.await.map_err(|_| closed())?
    }
}

async fn run_group(pool: &AnyPool, jobs: impl Iterator<Item = Job>) {
    let mut answers: Vec<Answer> = Vec::new();
    let outcome: Result<(), sqlx::Error> = async {
        let mut tx = begin_write(pool).await?;
        for job in jobs {
            sqlx::query("SAVEPOINT group_job").execute(&mut *tx).await?;
            let (ok, answer) = job(&mut tx).await;
            answers.push(answer);
            if !ok {
                sqlx::query("ROLLBACK TO SAVEPOINT group_job")
                    .execute(&mut *tx)
                    .await?;
            }
            sqlx::query("RELEASE SAVEPOINT group_job")
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await
    }
    .await;
    // Jobs that never ran (the transaction failed before them) are answered by dropping them:
    // their callers see the writer's error as a closed channel.
    if let Err(e) = &outcome {
        tracing::error!(error = %e, jobs = answers.len(), "group commit failed");
    }
    for answer in answers {
        answer(outcome.as_ref().map(|_| ()));
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

    /// From here on a migration must leave an older server working (README, "Upgrading and
    /// rolling back"): `inlumine migrate` runs while the previous version still serves.
    const FIRST_CHECKED_FOR_ROLLING_UPGRADES: i64 = 20;

    #[test]
    fn migrations_only_add_unless_they_say_why_an_older_server_still_works() {
        let destructive = [
            "DROP TABLE",
            "DROP COLUMN",
            "RENAME",
            "ALTER COLUMN",
            "DROP VIEW",
            "TRUNCATE",
        ];
        for (sqlite, engine) in [(true, "sqlite"), (false, "postgres")] {
            for migration in migrator(sqlite).migrations.iter() {
                if migration.version < FIRST_CHECKED_FOR_ROLLING_UPGRADES {
                    continue;
                }
                let sql = migration.sql.as_str().to_uppercase();
                let explained = sql.contains("-- COMPATIBLE:");
                for word in destructive {
                    assert!(
                        !sql.contains(word) || explained,
                        "{engine} migration {} uses {word}: an older server still serving during \
                         `inlumine migrate` may break. Only add (tables, columns with a default or \
                         NULL), or add a line `-- compatible: <why the previous version still works>`",
                        migration.version
                    );
                }
            }
        }
    }

    #[test]
    fn the_migration_list_names_every_file_of_both_engines_once() {
        let migrations = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
        for engine in ["sqlite", "postgres"] {
            let mut files: Vec<String> = std::fs::read_dir(migrations.join(engine))
                .unwrap()
                .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            files.sort();
            let listed: Vec<String> = MIGRATIONS
                .iter()
                .map(|name| format!("{name}.sql"))
                .collect();
            assert_eq!(
                files, listed,
                "server/migrations/{engine} and MIGRATIONS differ"
            );
        }
        let versions: Vec<i64> = migrator(true)
            .migrations
            .iter()
            .map(|m| m.version)
            .collect();
        assert_eq!(versions, (1..=MIGRATIONS.len() as i64).collect::<Vec<_>>());
    }
}
