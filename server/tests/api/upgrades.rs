//! Upgrading and rolling back: `serve` and `migrate` refuse a database that a newer version has
//! migrated, with a message that says what to do; `migrate` copies a SQLite database before it
//! applies migrations it has not had (the way back), and only then.
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use inlumine::kit::db;
use sqlx::Row;
use sqlx::migrate::Migrator;

use crate::helpers::{Engine, TestDatabase, inlumine};

both_engines!(serve_and_migrate_refuse_a_database_newer_than_themselves);

/// Runs `command` to its end, or kills it after 60 s (a server that started) and says so.
async fn run_to_end(mut command: Command) -> (Output, bool) {
    tokio::task::spawn_blocking(move || {
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("inlumine runs");
        let started = Instant::now();
        let mut ended = true;
        while child.try_wait().unwrap().is_none() {
            if started.elapsed() > Duration::from_secs(60) {
                let _ = child.kill();
                ended = false;
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        (child.wait_with_output().unwrap(), ended)
    })
    .await
    .unwrap()
}

async fn serve_and_migrate_refuse_a_database_newer_than_themselves(engine: Engine) {
    let database = TestDatabase::create(engine).await;
    let (migrated, _) = run_to_end(inlumine(&database, &["migrate"])).await;
    assert!(migrated.status.success(), "{migrated:?}");
    // What a newer version leaves behind: a migration this one does not know.
    let newer = db::latest_version() + 1;
    let checksum = match engine {
        Engine::Sqlite => "X'00'",
        Engine::Postgres => "'\\x00'::bytea",
    };
    let pool = db::connect(&database.url).await.unwrap();
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES ({newer}, 'from a newer version', TRUE, {checksum}, 1)"
    )))
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;

    for command in ["serve", "migrate"] {
        let (output, ended) = run_to_end(inlumine(&database, &[command])).await;
        assert!(ended, "`inlumine {command}` started on a newer database");
        assert!(!output.status.success());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(&format!(
                "migrated by a newer version of In Lumine (database version {newer}"
            )),
            "{command}: {stderr}"
        );
        assert!(
            stderr.contains("restore the backup taken before the upgrade"),
            "{stderr}"
        );
    }
}

fn backups_in(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    files
}

async fn newest_version(url: &str) -> i64 {
    let pool = db::connect(url).await.unwrap();
    let version = sqlx::query("SELECT max(version) FROM _sqlx_migrations")
        .fetch_one(&pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    pool.close().await;
    version
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_copies_a_sqlite_database_before_changing_it_and_only_then() {
    let database = TestDatabase::create(Engine::Sqlite).await;
    let backups = database.data_dir.join("backups");

    // A fresh database has nothing to lose: no copy.
    let (output, _) = run_to_end(inlumine(&database, &["migrate"])).await;
    assert!(output.status.success(), "{output:?}");
    assert!(backups_in(&backups).is_empty());
    std::fs::remove_dir_all(&database.data_dir).unwrap();

    // The database of the version before the last migration, with a row in it.
    let all = db::migrator(true);
    let previous = Migrator::with_migrations(all.migrations[..all.migrations.len() - 1].to_vec());
    let pool = db::connect(&database.url).await.unwrap();
    previous.run(&pool).await.unwrap();
    sqlx::query("INSERT INTO reviews (name, avatar_url, rating, text, created_at) VALUES ('Anna', NULL, 5, 'Mooi.', $1)")
        .bind(db::now())
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let before = db::latest_version() - 1;
    assert_eq!(newest_version(&database.url).await, before);

    let (output, _) = run_to_end(inlumine(&database, &["migrate"])).await;
    assert!(output.status.success(), "{output:?}");
    let copies = backups_in(&backups);
    assert_eq!(copies.len(), 1, "{copies:?}");
    let copy = &copies[0];
    let name = copy.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with(&format!("pre-migrate-v{before}-")),
        "{name}"
    );
    assert!(
        String::from_utf8_lossy(&output.stdout).contains(&name),
        "{output:?}"
    );
    // The copy is the database as it was; the database itself moved on.
    let copy_url = format!("sqlite://{}", copy.display());
    assert_eq!(newest_version(&copy_url).await, before);
    assert_eq!(newest_version(&database.url).await, db::latest_version());
    let pool = db::connect(&copy_url).await.unwrap();
    let anna: i64 = sqlx::query("SELECT count(*) FROM reviews WHERE name = 'Anna'")
        .fetch_one(&pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    pool.close().await;
    assert_eq!(anna, 1);

    // Up to date: no copy.
    let (output, _) = run_to_end(inlumine(&database, &["migrate"])).await;
    assert!(output.status.success(), "{output:?}");
    assert_eq!(backups_in(&backups).len(), 1);

    // Rolling back: the copy restores as the database of the version before.
    let (restored, _) = run_to_end(inlumine(&database, &["restore", copy.to_str().unwrap()])).await;
    assert!(restored.status.success(), "{restored:?}");
    assert_eq!(newest_version(&database.url).await, before);
}
