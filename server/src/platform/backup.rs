//! Backups that restore the whole site: `inlumine backup` writes one archive (ZIP) with a
//! consistent snapshot of the database and, with the folder store, every photo; the server writes
//! one a day; `inlumine restore` puts both back, also into an empty data folder. SQLite copies
//! itself online with `VACUUM INTO` (one read transaction, so every commit before it is in and none
//! after); PostgreSQL goes through pg_dump / pg_restore, whose password goes through the
//! environment (`PGPASSWORD`), never the command line that `ps` shows.
//!
//! What an archive leaves out, on purpose: the access-token signing key (a stolen backup must not
//! let anyone sign in as the coach; a restored site makes a new key and the coach's sessions
//! simply refresh or sign in again), the `.eml` files of the file mail transport, and photos kept
//! in an S3 bucket (the bucket is their backup: version it, README "Backups").
use std::fs::{self, File, TryLockError};
use std::io::{self, ErrorKind, Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use anyhow::{Context, bail};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
use sqlx::{Connection, Row};
use tokio::sync::watch;
use tokio::task::JoinHandle;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

use crate::kit::configuration::{MediaStoreKind, Settings};
use crate::platform::media_store::{self, FolderStore, MediaStore};
use crate::{kit::brussels, kit::db, platform::periodic};

const DAILY_PREFIX: &str = "daily-";
/// How often the server checks whether today's snapshot is there yet.
const DAILY_CHECK: Duration = Duration::from_secs(3600);
/// The archive's table of contents.
const MANIFEST: &str = "inlumine-backup.json";
/// Photos sit in the archive under this folder, by their key.
const PHOTOS: &str = "media/";

/// A SQLite database file, or a pg_dump archive in its custom format.
fn extension(url: &str) -> &'static str {
    if db::is_sqlite(url) { "db" } else { "dump" }
}

/// What an archive holds, as its manifest says.
#[derive(Debug, Serialize, Deserialize)]
pub struct Manifest {
    /// 1: this layout.
    pub format: u32,
    /// The database entry: `database.db` (SQLite) or `database.dump` (pg_dump, custom format).
    pub database: String,
    /// The newest migration applied to the database when it was copied.
    pub schema_version: i64,
    /// Photos in the archive (folder store); with an S3 bucket, none: the bucket keeps them.
    pub photos: usize,
    /// "archive" or "bucket".
    pub photos_kept_in: String,
    /// UTC, RFC 3339.
    pub created_at: String,
}

/// What goes into a backup: the database, and the photo folder unless photos live in a bucket.
pub struct BackupSource {
    pub database_url: String,
    pub photo_folder: Option<PathBuf>,
}

impl BackupSource {
    pub fn from_settings(settings: &Settings) -> Self {
        Self {
            database_url: settings.database_url(),
            photo_folder: (settings.media.store == MediaStoreKind::Folder)
                .then(|| media_store::folder(&settings.data_dir)),
        }
    }
}

/// Where `inlumine backup` writes when no file is named: the backup folder, stamped in UTC.
pub fn default_file(dir: &Path) -> PathBuf {
    let stamp = Timestamp::now().strftime("%Y%m%dT%H%M%SZ");
    dir.join(format!("manual-{stamp}.zip"))
}

/// Writes one archive with a consistent snapshot of the database and the photos to `file`
/// (written aside and renamed, so `file` is never half a backup); returns its manifest.
///
/// The database is copied first, then the photos: a photo's files are written before its row
/// and deleted after it, so every photo the snapshot names is still there when the folder is read
/// (unless the coach deletes that photo in the seconds between; later uploads come along unused).
pub async fn write_archive(source: &BackupSource, file: &Path) -> anyhow::Result<Manifest> {
    create_parent(file)?;
    let url = &source.database_url;
    let database = with_suffix(file, &format!(".partial.{}", extension(url)));
    snapshot(url, &database).await?;
    let schema_version = match schema_version_of(url).await {
        Ok(version) => version,
        Err(e) => {
            let _ = fs::remove_file(&database);
            return Err(e);
        }
    };
    let partial = with_suffix(file, ".partial");
    let (database_copy, partial_copy) = (database.clone(), partial.clone());
    let photo_folder = source.photo_folder.clone();
    let database_name = format!("database.{}", extension(url));
    let written = tokio::task::spawn_blocking(move || {
        zip_archive(
            &database_copy,
            &database_name,
            schema_version,
            photo_folder.as_deref(),
            &partial_copy,
        )
    })
    .await?;
    let _ = fs::remove_file(&database);
    let manifest = match written {
        Ok(manifest) => manifest,
        Err(e) => {
            let _ = fs::remove_file(&partial);
            return Err(e);
        }
    };
    fs::rename(&partial, file)
        .with_context(|| format!("cannot move the backup to {}", file.display()))?;
    sync_parent(file)?;
    Ok(manifest)
}

/// The newest migration in the database at `url`.
async fn schema_version_of(url: &str) -> anyhow::Result<i64> {
    let pool = db::connect(url).await?;
    let state = db::schema_state(&pool).await;
    pool.close().await;
    Ok(state?.applied.unwrap_or(0))
}

fn zip_archive(
    database: &Path,
    database_name: &str,
    schema_version: i64,
    photo_folder: Option<&Path>,
    out: &Path,
) -> anyhow::Result<Manifest> {
    let keys = match photo_folder {
        Some(dir) => FolderStore::new(dir.to_path_buf())
            .keys()
            .with_context(|| format!("cannot read the photo folder {}", dir.display()))?,
        None => Vec::new(),
    };
    let manifest = Manifest {
        format: 1,
        database: database_name.to_string(),
        schema_version,
        photos: keys.len(),
        photos_kept_in: if photo_folder.is_some() {
            "archive"
        } else {
            "bucket"
        }
        .into(),
        created_at: db::now(),
    };
    let file = File::create(out).with_context(|| format!("cannot create {}", out.display()))?;
    let mut zip = ZipWriter::new(io::BufWriter::new(file));
    let deflated = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .large_file(true);
    // Photos are compressed already (WebP, JPEG).
    let stored = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Stored)
        .large_file(true);
    zip.start_file(MANIFEST, deflated)?;
    zip.write_all(&serde_json::to_vec_pretty(&manifest)?)?;
    let dump = database_name.ends_with(".dump");
    zip.start_file(database_name, if dump { stored } else { deflated })?;
    io::copy(&mut File::open(database)?, &mut zip)?;
    if let Some(dir) = photo_folder {
        for key in &keys {
            zip.start_file(format!("{PHOTOS}{key}"), stored)?;
            match File::open(dir.join(key)) {
                Ok(mut photo) => {
                    io::copy(&mut photo, &mut zip)?;
                }
                // Deleted since the folder was read: an empty entry, skipped on restore.
                Err(e) if e.kind() == ErrorKind::NotFound => {}
                Err(e) => return Err(e).with_context(|| format!("cannot read the photo {key}")),
            }
        }
    }
    zip.finish()?
        .into_inner()
        .map_err(|e| e.into_error())?
        .sync_all()?;
    Ok(manifest)
}

/// Writes a consistent snapshot of the database at `url` to `file` (a SQLite file or a pg_dump
/// archive). It is written next to it first and renamed into place, so `file` is never half a
/// snapshot.
pub async fn snapshot(url: &str, file: &Path) -> anyhow::Result<()> {
    create_parent(file)?;
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
    let mut command = pg_tool("pg_dump", url)?;
    command.arg("--format=custom").arg("--file").arg(out);
    run_tool(
        command,
        "pg_dump --format=custom --file=inlumine.dump \"$DATABASE_URL\"",
    )
    .await
}

/// A PostgreSQL client tool for the database at `url`: the URL without its password goes on the
/// command line (`--dbname`), the password into the child's environment (`PGPASSWORD`), where no
/// other user can read it. The password may sit in the user part or, as libpq also reads it, in a
/// `password=` parameter (which wins). Without one in the URL, libpq's own ways apply
/// (PGPASSWORD, ~/.pgpass).
fn pg_tool(program: &str, url: &str) -> anyhow::Result<Command> {
    let mut parsed = url::Url::parse(url).context("the database URL is not a valid URL")?;
    let mut command = Command::new(program);
    let mut password = match parsed.password() {
        Some(encoded) => Some(
            percent_encoding::percent_decode_str(encoded)
                .decode_utf8()
                .context("the database password is not valid UTF-8")?
                .into_owned(),
        ),
        None => None,
    };
    if password.is_some() {
        parsed
            .set_password(None)
            .map_err(|()| anyhow::anyhow!("cannot take the password out of the database URL"))?;
    }
    if parsed.query_pairs().any(|(key, _)| key == "password") {
        let (secret, kept): (Vec<_>, Vec<_>) = parsed
            .query_pairs()
            .map(|(key, value)| (key.into_owned(), value.into_owned()))
            .partition(|(key, _)| key == "password");
        password = secret.into_iter().last().map(|(_, value)| value);
        if kept.is_empty() {
            parsed.set_query(None);
        } else {
            parsed.query_pairs_mut().clear().extend_pairs(kept);
        }
    }
    if let Some(password) = password {
        command.env("PGPASSWORD", password);
    }
    command.arg("--dbname").arg(parsed.as_str());
    Ok(command)
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

/// What a restore brought back.
pub struct Restored {
    /// Photos put into the store (0 for a bare database snapshot).
    pub photos: usize,
}

/// Puts a backup back: the database at `url` from `file` (an archive of `write_archive`, or a bare
/// snapshot of `snapshot`), then the archive's photos into `photos`. Refused while a server uses
/// the database, unless `force`. Nothing is changed when the database part cannot be restored.
pub async fn restore(
    url: &str,
    photos: &dyn MediaStore,
    file: &Path,
    force: bool,
) -> anyhow::Result<Restored> {
    if !file.is_file() {
        bail!("there is no backup at {}", file.display());
    }
    if !is_archive(file)? {
        restore_database(url, file, force).await?;
        return Ok(Restored { photos: 0 });
    }
    let archive = file.to_path_buf();
    let (manifest, mut zip) = tokio::task::spawn_blocking(move || open_archive(&archive))
        .await?
        .with_context(|| format!("{} is not an In Lumine backup", file.display()))?;
    if manifest.database != format!("database.{}", extension(url)) {
        bail!(
            "{} holds a {} database, and this server uses {}: restore it with the same kind of database",
            file.display(),
            if manifest.database.ends_with(".db") {
                "SQLite"
            } else {
                "PostgreSQL"
            },
            if db::is_sqlite(url) {
                "SQLite"
            } else {
                "PostgreSQL"
            },
        );
    }
    let known = db::latest_version();
    if manifest.schema_version > known {
        bail!(
            "{} was made by a newer In Lumine (database version {}, this one knows up to {known}): \
             restore it with that version",
            file.display(),
            manifest.schema_version
        );
    }
    // The database comes out next to where it goes, so the final step is a rename.
    let database = match db::sqlite_path(url) {
        Some(path) => with_suffix(&path, ".from-archive"),
        None => std::env::temp_dir().join(format!(
            "inlumine-restore-{}.dump",
            hex::encode(rand::random::<[u8; 8]>())
        )),
    };
    create_parent(&database)?;
    let extracted = extract(&mut zip, &manifest.database, &database);
    let restored = match extracted {
        Ok(()) => restore_database(url, &database, force).await,
        Err(e) => Err(e),
    };
    let _ = fs::remove_file(&database);
    restored?;
    let mut count = 0;
    for index in 0..zip.len() {
        let (key, bytes) = {
            let mut entry = zip.by_index(index)?;
            let name = entry.name()?.into_owned();
            let Some(key) = name.strip_prefix(PHOTOS).map(str::to_string) else {
                continue;
            };
            let mut bytes = Vec::with_capacity(usize::try_from(entry.size()).unwrap_or(0));
            entry.read_to_end(&mut bytes)?;
            (key, bytes)
        };
        if bytes.is_empty() {
            continue;
        }
        photos
            .put(&key, bytes.into())
            .await
            .with_context(|| format!("cannot put the photo {key} back"))?;
        count += 1;
    }
    Ok(Restored { photos: count })
}

/// A ZIP starts with its first local header.
fn is_archive(file: &Path) -> anyhow::Result<bool> {
    let mut magic = [0u8; 4];
    let mut f = File::open(file).with_context(|| format!("cannot open {}", file.display()))?;
    Ok(f.read_exact(&mut magic).is_ok() && magic == *b"PK\x03\x04")
}

fn open_archive(file: &Path) -> anyhow::Result<(Manifest, ZipArchive<File>)> {
    let mut zip = ZipArchive::new(File::open(file)?)?;
    let manifest: Manifest = {
        let mut text = String::new();
        zip.by_name(MANIFEST)
            .context("it has no inlumine-backup.json")?
            .read_to_string(&mut text)?;
        serde_json::from_str(&text).context("its inlumine-backup.json cannot be read")?
    };
    if manifest.format != 1 {
        bail!(
            "its format {} is not known to this version",
            manifest.format
        );
    }
    Ok((manifest, zip))
}

fn extract<R: Read + Seek>(zip: &mut ZipArchive<R>, name: &str, to: &Path) -> anyhow::Result<()> {
    let mut entry = zip
        .by_name(name)
        .with_context(|| format!("the backup has no {name}"))?;
    let mut out = File::create(to).with_context(|| format!("cannot create {}", to.display()))?;
    io::copy(&mut entry, &mut out).with_context(|| format!("cannot unpack {name}"))?;
    out.sync_all()?;
    Ok(())
}

/// Puts the database snapshot `file` back as the database at `url`. Refused while a server uses
/// the database, unless `force`.
async fn restore_database(url: &str, file: &Path, force: bool) -> anyhow::Result<()> {
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
    let mut command = pg_tool("pg_restore", url)?;
    command
        .args([
            "--clean",
            "--if-exists",
            "--no-owner",
            "--single-transaction",
            "--exit-on-error",
        ])
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
    create_parent(database)?;
    let path = with_suffix(database, ".lock");
    File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .with_context(|| format!("cannot open {}", path.display()))
}

/// How many daily backups to keep, unless they are turned off (BACKUP_KEEP=0) or impossible
/// (PostgreSQL without pg_dump on this machine).
pub fn daily_keep(settings: &Settings) -> Option<usize> {
    let keep = usize::try_from(settings.backup.keep)
        .ok()
        .filter(|k| *k > 0)?;
    (db::is_sqlite(&settings.database_url()) || pg_dump_installed()).then_some(keep)
}

pub fn pg_dump_installed() -> bool {
    Command::new("pg_dump").arg("--version").output().is_ok()
}

/// Writes today's backup (Brussels date) unless it is there, then keeps the newest `keep`.
/// Returns its path.
pub async fn take_daily(source: &BackupSource, dir: &Path, keep: usize) -> anyhow::Result<PathBuf> {
    let today = brussels::at(Timestamp::now()).date();
    let file = dir.join(format!("{DAILY_PREFIX}{today}.zip"));
    if !file.exists() {
        let manifest = write_archive(source, &file).await?;
        tracing::info!(file = %file.display(), photos = manifest.photos, "daily backup written");
    }
    rotate(dir, keep)?;
    Ok(file)
}

/// The daily backups in `dir`, oldest first (their names sort by date); snapshots of earlier
/// versions (`.db`, `.dump`) count too.
fn daily_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut daily: Vec<PathBuf> = fs::read_dir(dir)?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            name.starts_with(DAILY_PREFIX)
                && [".zip", ".db", ".dump"]
                    .iter()
                    .any(|ext| name.ends_with(ext))
        })
        .collect();
    daily.sort();
    Ok(daily)
}

/// The newest daily backup and its size in bytes, for the go-live checklist.
pub fn newest_daily(dir: &Path) -> Option<(PathBuf, u64)> {
    let newest = daily_files(dir).ok()?.pop()?;
    let size = fs::metadata(&newest).ok()?.len();
    Some((newest, size))
}

/// Removes the oldest daily backups beyond `keep`; manual ones are left alone.
pub fn rotate(dir: &Path, keep: usize) -> anyhow::Result<()> {
    let daily = daily_files(dir).with_context(|| format!("cannot read {}", dir.display()))?;
    let excess = daily.len().saturating_sub(keep);
    for old in &daily[..excess] {
        fs::remove_file(old).with_context(|| format!("cannot remove {}", old.display()))?;
    }
    Ok(())
}

/// The server's daily backups: one now if today's is missing, then a look every hour.
pub fn spawn(
    source: BackupSource,
    dir: PathBuf,
    keep: usize,
    stop: watch::Receiver<bool>,
) -> JoinHandle<()> {
    let source = std::sync::Arc::new(source);
    periodic::every("daily backup", DAILY_CHECK, stop, move || {
        let (source, dir) = (source.clone(), dir.clone());
        async move { take_daily(&source, &dir, keep).await }
    })
}

/// Before migrations that a SQLite database has not had yet, a copy of it as it is
/// (`pre-migrate-v{version}-{time}.db` in the backup folder): the way back to the version before
/// (README, "Upgrading and rolling back"). A fresh database, or one already up to date, needs
/// none. Returns the copy's path.
pub async fn before_migrations(url: &str, dir: &Path) -> anyhow::Result<Option<PathBuf>> {
    if !db::is_sqlite(url) || db::sqlite_path(url).is_none_or(|file| !file.is_file()) {
        return Ok(None);
    }
    let pool = db::connect(url).await?;
    let state = db::schema_state(&pool).await;
    pool.close().await;
    let state = state?;
    let Some(applied) = state.applied.filter(|_| state.pending > 0) else {
        return Ok(None);
    };
    let stamp = Timestamp::now().strftime("%Y%m%dT%H%M%SZ");
    let file = dir.join(format!("pre-migrate-v{applied}-{stamp}.db"));
    snapshot(url, &file).await?;
    tracing::info!(file = %file.display(), "database copied before the migrations");
    Ok(Some(file))
}

fn create_parent(file: &Path) -> anyhow::Result<()> {
    if let Some(parent) = file.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent)
            .with_context(|| format!("cannot create the folder {}", parent.display()))?;
    }
    Ok(())
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

    fn args(command: &Command) -> Vec<String> {
        command
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect()
    }

    fn pgpassword(command: &Command) -> Option<String> {
        command
            .get_envs()
            .find(|(key, _)| *key == "PGPASSWORD")
            .and_then(|(_, value)| value.map(|v| v.to_string_lossy().into_owned()))
    }

    #[test]
    fn pg_tools_get_the_password_through_the_environment_never_the_command_line() {
        let command = pg_tool(
            "pg_dump",
            "postgres://inlumine:ge%40heim%2Fwoord@db.example:5432/inlumine?sslmode=require",
        )
        .unwrap();
        assert_eq!(
            args(&command),
            [
                "--dbname",
                "postgres://inlumine@db.example:5432/inlumine?sslmode=require"
            ]
        );
        assert_eq!(pgpassword(&command).as_deref(), Some("ge@heim/woord"));

        // libpq also reads a password parameter.
        let command = pg_tool(
            "pg_restore",
            "postgresql://inlumine@db.example/inlumine?password=ge%26heim&sslmode=require",
        )
        .unwrap();
        let line = args(&command).join(" ");
        assert!(!line.contains("heim"), "{line}");
        assert_eq!(
            args(&command),
            [
                "--dbname",
                "postgresql://inlumine@db.example/inlumine?sslmode=require"
            ]
        );
        assert_eq!(pgpassword(&command).as_deref(), Some("ge&heim"));
        let command = pg_tool("pg_dump", "postgres://u@h/d?password=x").unwrap();
        assert_eq!(args(&command), ["--dbname", "postgres://u@h/d"]);

        // Without one, nothing is set: libpq's own PGPASSWORD or ~/.pgpass apply.
        let command = pg_tool("pg_dump", "postgres://inlumine@127.0.0.1/inlumine").unwrap();
        assert_eq!(pgpassword(&command), None);
        assert_eq!(
            args(&command),
            ["--dbname", "postgres://inlumine@127.0.0.1/inlumine"]
        );
    }

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
