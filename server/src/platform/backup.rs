//! Database snapshots: `inlumine backup` takes one while the server runs, the server keeps one a
//! day, `inlumine restore` puts one back. SQLite copies itself online with `VACUUM INTO` (one read
//! transaction, so every commit before it is in and none after); PostgreSQL goes through
//! pg_dump / pg_restore.
use std::fs::{self, File, TryLockError};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use anyhow::{Context, bail};
use jiff::Timestamp;
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
use sqlx::{Connection, Row};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::{kit::brussels, kit::db, platform::periodic};

const DAILY_PREFIX: &str = "daily-";
/// How often the server checks whether today's snapshot is there yet.
const DAILY_CHECK: Duration = Duration::from_secs(3600);

/// A SQLite database file, or a pg_dump archive in its custom format.
fn extension(url: &str) -> &'static str {
    if db::is_sqlite(url) { "db" } else { "dump" }
}

/// Where `inlumine backup` writes when no file is named: the backup folder, stamped in UTC.
pub fn default_file(dir: &Path, url: &str) -> PathBuf {
    let stamp = Timestamp::now().strftime("%Y%m%dT%H%M%SZ");
    dir.join(format!("manual-{stamp}.{}", extension(url)))
}

/// Writes a consistent snapshot of the database at `url` to `file`. It is written next to it
/// first and renamed into place, so `file` is never half a snapshot.
pub async fn snapshot(url: &str, file: &Path) -> anyhow::Result<()> {
    if let Some(parent) = file.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent)
            .with_context(|| format!("cannot create the folder {}", parent.display()))?;
    }
    let partial = with_suffix(file, ".partial");
    remove_if_present(&partial)?;
    let written = match db::sqlite_path(url) {
        Some(database) => snapshot_sqlite(&database, &partial).await,
        None => pg_dump(url, &partial).await,
    };
    if let Err(e) = written {
        let _ = fs::remove_file(&partial);
        return Err(e);
    }
    File::open(&partial)?.sync_all()?;
    fs::rename(&partial, file)
        .with_context(|| format!("cannot move the snapshot to {}", file.display()))?;
    sync_parent(file)
}

async fn snapshot_sqlite(database: &Path, out: &Path) -> anyhow::Result<()> {
    if !database.is_file() {
        bail!("there is no database at {}", database.display());
    }
    let options = SqliteConnectOptions::new()
        .filename(database)
        .busy_timeout(Duration::from_secs(5));
    let mut conn = SqliteConnection::connect_with(&options)
        .await
        .with_context(|| format!("cannot open {}", database.display()))?;
    let target = out.to_str().context("the backup path is not valid UTF-8")?;
    sqlx::query("VACUUM INTO ?")
        .bind(target)
        .execute(&mut conn)
        .await
        .context("the SQLite snapshot (VACUUM INTO) failed")?;
    conn.close().await?;
    Ok(())
}

async fn pg_dump(url: &str, out: &Path) -> anyhow::Result<()> {
    let mut command = Command::new("pg_dump");
    command
        .arg("--format=custom")
        .arg("--file")
        .arg(out)
        .arg("--dbname")
        .arg(url);
    run_tool(
        command,
        "pg_dump --format=custom --file=inlumine.dump \"$DATABASE_URL\"",
    )
    .await
}

/// Runs a PostgreSQL client tool; when it is not installed, the error gives the line to run
/// on a machine that has it.
async fn run_tool(mut command: Command, line: &'static str) -> anyhow::Result<()> {
    let name = command.get_program().to_string_lossy().into_owned();
    let output = tokio::task::spawn_blocking(move || command.output()).await?;
    match output {
        Ok(output) if output.status.success() => Ok(()),
        Ok(output) => bail!(
            "{name} failed ({}): {}",
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        ),
        Err(e) if e.kind() == ErrorKind::NotFound => bail!(
            "{name} is not installed here. Install the PostgreSQL client (same major version as \
             the server or newer), or run this where it is:\n  {line}"
        ),
        Err(e) => Err(e).with_context(|| format!("cannot run {name}")),
    }
}

/// Puts the snapshot `file` back as the database at `url`. Refused while a server uses the
/// database, unless `force`.
pub async fn restore(url: &str, file: &Path, force: bool) -> anyhow::Result<()> {
    if !file.is_file() {
        bail!("there is no snapshot at {}", file.display());
    }
    match db::sqlite_path(url) {
        Some(database) => restore_sqlite(&database, file, force).await,
        None => restore_postgres(url, file, force).await,
    }
}

async fn restore_sqlite(database: &Path, file: &Path, force: bool) -> anyhow::Result<()> {
    let lock = open_lock(database)?;
    match lock.try_lock() {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) if force => {
            tracing::warn!("a server is using the database; replacing it anyway (--force)");
        }
        Err(TryLockError::WouldBlock) => bail!(
            "a server is using {}: stop it first, or add --force to replace the database under it",
            database.display()
        ),
        Err(TryLockError::Error(e)) => return Err(e).context("cannot lock the database"),
    }
    // Copied next to the database first, so the rename below is atomic; the copy is what gets
    // checked, so what is checked is what goes in.
    let incoming = with_suffix(database, ".restoring");
    remove_sqlite_files(&incoming)?;
    fs::copy(file, &incoming)
        .with_context(|| format!("cannot copy {} next to the database", file.display()))?;
    if let Err(e) = check_sqlite_snapshot(&incoming).await {
        remove_sqlite_files(&incoming)?;
        return Err(e.context(format!("{} cannot be restored", file.display())));
    }
    // The check's connection is closed; it may leave its own -wal/-shm behind.
    remove_if_present(&with_suffix(&incoming, "-wal"))?;
    remove_if_present(&with_suffix(&incoming, "-shm"))?;
    File::open(&incoming)?.sync_all()?;
    // A -wal left from the old database would be replayed into the new one.
    remove_if_present(&with_suffix(database, "-wal"))?;
    remove_if_present(&with_suffix(database, "-shm"))?;
    fs::rename(&incoming, database)
        .with_context(|| format!("cannot move the snapshot to {}", database.display()))?;
    sync_parent(database)?;
    drop(lock);
    Ok(())
}

/// The copy must pass SQLite's own integrity check and be an In Lumine database.
async fn check_sqlite_snapshot(path: &Path) -> anyhow::Result<()> {
    let options = SqliteConnectOptions::new().filename(path);
    let mut conn = SqliteConnection::connect_with(&options).await?;
    let rows = sqlx::query("PRAGMA integrity_check")
        .fetch_all(&mut conn)
        .await
        .context("it is not a SQLite database")?;
    let lines: Vec<String> = rows
        .iter()
        .map(|row| row.try_get(0))
        .collect::<Result<_, sqlx::Error>>()?;
    if lines != ["ok"] {
        bail!("PRAGMA integrity_check found: {}", lines.join("; "));
    }
    sqlx::query("SELECT count(*) FROM _sqlx_migrations")
        .fetch_one(&mut conn)
        .await
        .context("it is not an In Lumine database (no migrations table)")?;
    conn.close().await?;
    Ok(())
}

async fn restore_postgres(url: &str, file: &Path, force: bool) -> anyhow::Result<()> {
    if !force {
        let pool = db::connect(url).await?;
        let others: i64 = sqlx::query(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
        )
        .fetch_one(&pool)
        .await?
        .try_get(0)?;
        pool.close().await;
        if others > 0 {
            bail!(
                "{others} other connection(s) use this database (a running server?): stop it first, \
                 or add --force"
            );
        }
    }
    let mut list = Command::new("pg_restore");
    list.arg("--list").arg(file);
    run_tool(list, "pg_restore --list inlumine.dump")
        .await
        .with_context(|| format!("{} is not a pg_dump archive", file.display()))?;
    let mut command = Command::new("pg_restore");
    command
        .args([
            "--clean",
            "--if-exists",
            "--no-owner",
            "--single-transaction",
            "--exit-on-error",
        ])
        .arg("--dbname")
        .arg(url)
        .arg(file);
    run_tool(
        command,
        "pg_restore --clean --if-exists --no-owner --single-transaction --exit-on-error --dbname \"$DATABASE_URL\" inlumine.dump",
    )
    .await
}

/// Held by a running server (shared) and by a restore (exclusive) on `{database}.lock`, so a
/// restore knows a server uses the database. The OS releases it when the process ends.
pub struct DatabaseLock {
    _file: File,
}

impl DatabaseLock {
    pub fn for_server(database: &Path) -> anyhow::Result<Self> {
        let file = open_lock(database)?;
        match file.try_lock_shared() {
            Ok(()) => Ok(Self { _file: file }),
            Err(TryLockError::WouldBlock) => bail!(
                "{} is being restored; start the server when that is done",
                database.display()
            ),
            Err(TryLockError::Error(e)) => Err(e).context("cannot lock the database"),
        }
    }
}

fn open_lock(database: &Path) -> anyhow::Result<File> {
    if let Some(parent) = database.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent)
            .with_context(|| format!("cannot create the folder {}", parent.display()))?;
    }
    let path = with_suffix(database, ".lock");
    File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .with_context(|| format!("cannot open {}", path.display()))
}

/// Takes today's snapshot (Brussels date) unless it is there, then keeps the newest `keep`.
/// Returns the snapshot's path.
pub async fn take_daily(url: &str, dir: &Path, keep: usize) -> anyhow::Result<PathBuf> {
    let today = brussels::at(Timestamp::now()).date();
    let file = dir.join(format!("{DAILY_PREFIX}{today}.{}", extension(url)));
    if !file.exists() {
        snapshot(url, &file).await?;
        tracing::info!(file = %file.display(), "daily database snapshot written");
    }
    rotate(dir, keep)?;
    Ok(file)
}

/// Removes the oldest daily snapshots beyond `keep` (their names sort by date); manual
/// snapshots are left alone.
pub fn rotate(dir: &Path, keep: usize) -> anyhow::Result<()> {
    let mut daily: Vec<PathBuf> = fs::read_dir(dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            name.starts_with(DAILY_PREFIX) && (name.ends_with(".db") || name.ends_with(".dump"))
        })
        .collect();
    daily.sort();
    let excess = daily.len().saturating_sub(keep);
    for old in &daily[..excess] {
        fs::remove_file(old).with_context(|| format!("cannot remove {}", old.display()))?;
    }
    Ok(())
}

/// The server's daily snapshots: one now if today's is missing, then a look every hour.
pub fn spawn(
    url: String,
    dir: PathBuf,
    keep: usize,
    stop: watch::Receiver<bool>,
) -> JoinHandle<()> {
    periodic::every("daily database snapshot", DAILY_CHECK, stop, move || {
        let (url, dir) = (url.clone(), dir.clone());
        async move { take_daily(&url, &dir, keep).await }
    })
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

fn remove_if_present(path: &Path) -> anyhow::Result<()> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != ErrorKind::NotFound => {
            Err(e).with_context(|| format!("cannot remove {}", path.display()))
        }
        _ => Ok(()),
    }
}

fn remove_sqlite_files(database: &Path) -> anyhow::Result<()> {
    for suffix in ["", "-wal", "-shm"] {
        remove_if_present(&with_suffix(database, suffix))?;
    }
    Ok(())
}

/// Makes a rename durable.
fn sync_parent(path: &Path) -> anyhow::Result<()> {
    let parent = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    File::open(parent)?.sync_all()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_keeps_the_newest_daily_snapshots_and_every_manual_one() {
        let dir = std::env::temp_dir().join(format!("inlumine-rotate-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        for name in [
            "daily-2026-11-20.db",
            "daily-2026-11-21.db",
            "daily-2026-11-22.db",
            "daily-2026-11-23.db",
            "manual-20260101T000000Z.db",
        ] {
            fs::write(dir.join(name), b"x").unwrap();
        }
        rotate(&dir, 2).unwrap();
        let mut left: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            left,
            [
                "daily-2026-11-22.db",
                "daily-2026-11-23.db",
                "manual-20260101T000000Z.db"
            ]
        );
    }
}
