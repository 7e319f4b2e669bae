//! `inlumine backup` under write load, `inlumine restore` refused while a server runs, and the
//! server's daily snapshots with their rotation. The CLI and the server run as real processes.
use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use inlumine::kit::db;
use sqlx::Row;

use crate::helpers::{
    ADMIN_EMAIL, ADMIN_PASSWORD, Engine, Server, TestDatabase, eventually, inlumine, spawn_app_with,
};

both_engines!(
    a_snapshot_under_write_load_restores_every_committed_row,
    the_server_keeps_the_newest_daily_snapshots,
    a_backup_brings_every_photo_and_row_back_into_an_empty_data_folder,
);

async fn run(mut command: Command) -> Output {
    tokio::task::spawn_blocking(move || command.output().expect("inlumine runs"))
        .await
        .unwrap()
}

async fn review_names(url: &str) -> BTreeSet<String> {
    let pool = db::connect(url).await.unwrap();
    let names = sqlx::query("SELECT name FROM reviews")
        .fetch_all(&pool)
        .await
        .unwrap()
        .iter()
        .map(|row| row.try_get::<String, _>(0).unwrap())
        .collect();
    pool.close().await;
    names
}

async fn integrity_check(sqlite_url: &str) -> String {
    let pool = db::connect(sqlite_url).await.unwrap();
    let check = sqlx::query("PRAGMA integrity_check")
        .fetch_one(&pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    pool.close().await;
    check
}

async fn a_snapshot_under_write_load_restores_every_committed_row(engine: Engine) {
    let database = TestDatabase::create(engine).await;
    let migrate = run(inlumine(&database, &["migrate"])).await;
    assert!(migrate.status.success(), "{migrate:?}");
    create_admin(&database);

    let server = Server::start(&database).await;
    let client = reqwest::Client::new();
    let token = login(&client, &server.address).await;

    // Writers add reviews through the API and note when each one was answered (= committed).
    let acked: Arc<Mutex<Vec<(String, Instant)>>> = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let writers: Vec<_> = (0..4)
        .map(|writer| {
            let (client, token, acked, stop) =
                (client.clone(), token.clone(), acked.clone(), stop.clone());
            let url = format!("{}/api/admin/reviews", server.address);
            tokio::spawn(async move {
                let mut i = 0;
                while !stop.load(Ordering::Relaxed) {
                    let name = format!("Schrijver {writer}-{i}");
                    let res = client
                        .post(&url)
                        .bearer_auth(&token)
                        .json(&serde_json::json!({"name": name, "avatar_url": null, "rating": 5, "text": "Mooi."}))
                        .send()
                        .await
                        .unwrap();
                    assert!(res.status().is_success(), "{}", res.status());
                    acked.lock().unwrap().push((name, Instant::now()));
                    i += 1;
                }
            })
        })
        .collect();
    let acked_count = || acked.lock().unwrap().len();
    eventually(
        "writes are under way",
        || async move { acked_count() >= 40 },
    )
    .await;

    let snapshot = database.data_dir.join("snapshot");
    let started = Instant::now();
    let backup = run(inlumine(&database, &["backup", snapshot.to_str().unwrap()])).await;
    assert!(backup.status.success(), "{backup:?}");
    let after_backup = acked_count();
    eventually("writes go on after the snapshot", || async move {
        acked_count() >= after_backup + 20
    })
    .await;
    stop.store(true, Ordering::Relaxed);
    for writer in writers {
        writer.await.unwrap();
    }
    let acked = acked.lock().unwrap().clone();
    let before: BTreeSet<String> = acked
        .iter()
        .filter(|(_, at)| *at < started)
        .map(|(name, _)| name.clone())
        .collect();
    let all: BTreeSet<String> = acked.into_iter().map(|(name, _)| name).collect();
    assert!(before.len() >= 40);

    // While the server runs, restore is refused, and the database is left as it was.
    let refused = run(inlumine(
        &database,
        &["restore", snapshot.to_str().unwrap()],
    ))
    .await;
    assert!(!refused.status.success());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("stop it first"), "{stderr}");
    assert!(review_names(&database.url).await.is_superset(&all));

    // --force replaces it under the running server.
    let forced = run(inlumine(
        &database,
        &["restore", "--force", snapshot.to_str().unwrap()],
    ))
    .await;
    assert!(forced.status.success(), "{forced:?}");
    drop(server);

    // Stopped: restore works without --force (PostgreSQL may list the killed server's
    // connections for a moment).
    let mut restored = None;
    for _ in 0..50 {
        let output = run(inlumine(
            &database,
            &["restore", snapshot.to_str().unwrap()],
        ))
        .await;
        let busy = String::from_utf8_lossy(&output.stderr).contains("other connection");
        restored = Some(output);
        if !busy {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let restored = restored.unwrap();
    assert!(restored.status.success(), "{restored:?}");
    let names = review_names(&database.url).await;
    let missing: Vec<_> = before.difference(&names).collect();
    assert!(
        missing.is_empty(),
        "committed before the snapshot but lost: {missing:?}"
    );
    assert!(
        names.len() < all.len(),
        "the reviews written after the snapshot are gone again"
    );
    if let Engine::Sqlite = engine {
        assert_eq!(integrity_check(&database.url).await, "ok");
        // A server starts on the restored database.
        let server = Server::start(&database).await;
        let res = reqwest::get(format!("{}/api/reviews", server.address))
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
    }

    // A file that is not a snapshot is refused before anything is replaced.
    let junk = database.data_dir.join("junk");
    std::fs::write(&junk, b"not a database").unwrap();
    let refused = run(inlumine(&database, &["restore", junk.to_str().unwrap()])).await;
    assert!(!refused.status.success());
    assert_eq!(review_names(&database.url).await, names);
}

async fn the_server_keeps_the_newest_daily_snapshots(engine: Engine) {
    let dir: PathBuf = std::env::temp_dir().join(format!(
        "inlumine-backups-{}",
        hex::encode(rand::random::<[u8; 8]>())
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let extension = match engine {
        Engine::Sqlite => "db",
        Engine::Postgres => "dump",
    };
    for day in ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"] {
        std::fs::write(dir.join(format!("daily-{day}.{extension}")), b"old").unwrap();
    }
    std::fs::write(dir.join("manual-20260101T000000Z.db"), b"kept").unwrap();
    let backup_dir = dir.clone();
    let app = spawn_app_with(engine, move |s| {
        s.backup.dir = backup_dir;
        s.backup.keep = 3;
    })
    .await;
    let today = inlumine::kit::brussels::at(jiff::Timestamp::now()).date();
    // Today's is an archive; those of earlier versions (bare snapshots) age out with them.
    let todays = dir.join(format!("daily-{today}.zip"));
    let listing = || {
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    eventually(
        "today's snapshot is written and the oldest removed",
        || async { todays.exists() && listing().len() == 4 },
    )
    .await;
    assert_eq!(
        listing(),
        [
            "daily-2026-01-03.".to_string() + extension,
            "daily-2026-01-04.".to_string() + extension,
            format!("daily-{today}.zip"),
            "manual-20260101T000000Z.db".to_string(),
        ]
    );
    // The go-live checklist names what the daily backup holds and the newest one's size.
    let token = app.admin_token().await;
    let (status, checklist) = app
        .admin_send(&token, reqwest::Method::GET, "/api/admin/go-live", None)
        .await;
    assert_eq!(status, 200);
    let backups = checklist["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "backups")
        .unwrap();
    assert_eq!(backups["done"], true);
    let size = inlumine::kit::dutch::size(std::fs::metadata(&todays).unwrap().len());
    let detail = backups["detail"].as_str().unwrap();
    assert!(
        detail.contains("de database en al je foto's") && detail.contains(&format!("is {size}")),
        "{detail}"
    );
    let (manifest, names) = archive_contents(&todays);
    assert_eq!(manifest["database"], format!("database.{extension}"));
    assert_eq!(manifest["photos_kept_in"], "archive");
    assert!(
        names.contains(&format!("database.{extension}")),
        "{names:?}"
    );
    if let Engine::Sqlite = engine {
        let database = dir.join("unpacked.db");
        unpack(&todays, "database.db", &database);
        let url = format!("sqlite://{}", database.display());
        assert_eq!(integrity_check(&url).await, "ok");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The manifest and the entry names of a backup archive.
fn archive_contents(file: &std::path::Path) -> (serde_json::Value, Vec<String>) {
    let mut zip = zip::ZipArchive::new(std::fs::File::open(file).unwrap()).unwrap();
    let names: Vec<String> = zip.file_names().map(|n| n.unwrap().into_owned()).collect();
    let mut text = String::new();
    std::io::Read::read_to_string(&mut zip.by_name("inlumine-backup.json").unwrap(), &mut text)
        .unwrap();
    (serde_json::from_str(&text).unwrap(), names)
}

fn unpack(file: &std::path::Path, entry: &str, to: &std::path::Path) {
    let mut zip = zip::ZipArchive::new(std::fs::File::open(file).unwrap()).unwrap();
    let mut out = std::fs::File::create(to).unwrap();
    std::io::copy(&mut zip.by_name(entry).unwrap(), &mut out).unwrap();
}

/// `inlumine create-admin` for the test admin, the password on stdin.
pub(crate) fn create_admin(database: &TestDatabase) {
    let mut create_admin = inlumine(database, &["create-admin", "--email", ADMIN_EMAIL]);
    create_admin.stdin(Stdio::piped()).stdout(Stdio::null());
    let mut child = create_admin.spawn().unwrap();
    writeln!(child.stdin.take().unwrap(), "{ADMIN_PASSWORD}").unwrap();
    assert!(child.wait().unwrap().success());
}

/// The test admin's access token from the server at `address`.
pub(crate) async fn login(client: &reqwest::Client, address: &str) -> String {
    let session: serde_json::Value = client
        .post(format!("{address}/api/auth/login"))
        .json(&serde_json::json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    session["access_token"].as_str().unwrap().to_string()
}

/// Every row of the tables a site's visitors and coach fill, as text, to compare whole.
async fn rows(url: &str) -> Vec<String> {
    let pool = db::connect(url).await.unwrap();
    let mut out = Vec::new();
    for query in [
        "SELECT 'review ' || name || ' ' || text FROM reviews ORDER BY id",
        "SELECT 'media ' || hash || ' ' || alt || ' ' || widths FROM media ORDER BY id",
        "SELECT 'user ' || email FROM users ORDER BY id",
        "SELECT 'product ' || slug FROM products ORDER BY id",
    ] {
        for row in sqlx::query(query).fetch_all(&pool).await.unwrap() {
            out.push(row.try_get::<String, _>(0).unwrap());
        }
    }
    pool.close().await;
    out
}

async fn a_backup_brings_every_photo_and_row_back_into_an_empty_data_folder(engine: Engine) {
    let database = TestDatabase::create(engine).await;
    let seeded = run(inlumine(&database, &["seed-demo"])).await;
    assert!(seeded.status.success(), "{seeded:?}");
    create_admin(&database);

    let server = Server::start(&database).await;
    let client = reqwest::Client::new();
    let token = login(&client, &server.address).await;
    let mut photo_urls = Vec::new();
    for (alt, width) in [
        ("Zonlicht door de bomen", 700),
        ("De praktijk in Mechelen", 400),
    ] {
        let res = client
            .post(format!("{}/api/admin/media", server.address))
            .bearer_auth(&token)
            .header(
                "content-type",
                format!("multipart/form-data; boundary={}", crate::media::BOUNDARY),
            )
            .body(crate::media::form(
                Some(alt),
                "foto.jpg",
                &crate::media::jpeg(width, 300),
            ))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 201);
        let photo: serde_json::Value = res.json().await.unwrap();
        for set in ["srcset", "webp_srcset"] {
            photo_urls.extend(
                photo[set]
                    .as_str()
                    .unwrap()
                    .split(", ")
                    .map(|e| e.split(' ').next().unwrap().to_string()),
            );
        }
    }
    let res = client
        .post(format!("{}/api/admin/reviews", server.address))
        .bearer_auth(&token)
        .json(&serde_json::json!({"name": "Griet", "avatar_url": null, "rating": 5, "text": "Een warme avond."}))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());
    let mut photos = Vec::new();
    for url in &photo_urls {
        let res = client
            .get(format!("{}{url}", server.address))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "{url}");
        photos.push(res.bytes().await.unwrap());
    }
    let before = rows(&database.url).await;
    assert!(before.iter().any(|r| r.starts_with("review Griet")));
    assert_eq!(before.iter().filter(|r| r.starts_with("media ")).count(), 2);

    // A mail file lies in the data folder too; a backup leaves it out.
    std::fs::create_dir_all(database.data_dir.join("mail")).unwrap();
    std::fs::write(database.data_dir.join("mail/x.eml"), b"To: someone").unwrap();
    let archive = std::env::temp_dir().join(format!(
        "inlumine-archive-{}.zip",
        hex::encode(rand::random::<[u8; 8]>())
    ));
    let backup = run(inlumine(&database, &["backup", archive.to_str().unwrap()])).await;
    assert!(backup.status.success(), "{backup:?}");
    let said = String::from_utf8_lossy(&backup.stdout);
    assert!(
        said.contains(&format!("and {} photo files", photo_urls.len())),
        "{said}"
    );
    let (manifest, names) = archive_contents(&archive);
    assert_eq!(manifest["photos"], photo_urls.len());
    assert!(
        names.iter().all(|n| n == "inlumine-backup.json"
            || n.starts_with("database.")
            || n.starts_with("media/")),
        "{names:?}"
    );
    drop(server);

    // The data folder is gone (and the PostgreSQL database emptied): a new machine.
    std::fs::remove_dir_all(&database.data_dir).unwrap();
    if let Engine::Postgres = engine {
        let pool = db::connect(&database.url).await.unwrap();
        sqlx::raw_sql("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
        assert!(
            sqlx::query("SELECT 1 FROM reviews")
                .fetch_one(&db::connect(&database.url).await.unwrap())
                .await
                .is_err()
        );
    }
    let restore = run(inlumine(&database, &["restore", archive.to_str().unwrap()])).await;
    assert!(restore.status.success(), "{restore:?}");
    assert!(
        String::from_utf8_lossy(&restore.stdout).contains(&format!(
            "the database and {} photo files",
            photo_urls.len()
        )),
        "{restore:?}"
    );
    assert_eq!(rows(&database.url).await, before);
    assert!(!database.data_dir.join("mail/x.eml").exists());

    let server = Server::start(&database).await;
    for (url, bytes) in photo_urls.iter().zip(&photos) {
        let res = client
            .get(format!("{}{url}", server.address))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "{url}");
        assert_eq!(&res.bytes().await.unwrap(), bytes, "{url}");
    }
    // The coach signs in on the restored site.
    login(&client, &server.address).await;
    let _ = std::fs::remove_file(&archive);
}

/// pg_dump and pg_restore as the server runs them, recording their arguments and environment.
fn recording_pg_tools(dir: &std::path::Path) {
    std::fs::create_dir_all(dir).unwrap();
    for tool in ["pg_dump", "pg_restore"] {
        let real = ["/usr/bin", "/usr/local/bin"]
            .iter()
            .map(|d| std::path::Path::new(d).join(tool))
            .find(|p| p.exists())
            .unwrap_or_else(|| panic!("{tool} is not installed (postgresql-client)"));
        let script = format!(
            "#!/bin/sh\nprintf '%s argv: %s | PGPASSWORD=%s\\n' {tool} \"$*\" \"$PGPASSWORD\" >> {}\nexec {} \"$@\"\n",
            dir.join("calls.log").display(),
            real.display()
        );
        let path = dir.join(tool);
        std::fs::write(&path, script).unwrap();
        let mut permissions = std::fs::metadata(&path).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
        std::fs::set_permissions(&path, permissions).unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pg_tools_get_the_password_through_the_environment_never_the_command_line() {
    let database = TestDatabase::create(Engine::Postgres).await;
    // The test server trusts local connections, so any password works; it must reach pg_dump
    // the way a real one would, and never show in `ps`.
    let password = "s3cret-pw%2Fwith-slash";
    let with_password = database.url.replacen(
        "postgres://postgres@",
        &format!("postgres://postgres:{password}@"),
        1,
    );
    assert_ne!(with_password, database.url);
    let tools = database.data_dir.join("tools");
    recording_pg_tools(&tools);
    let path = format!("{}:{}", tools.display(), std::env::var("PATH").unwrap());
    let migrate = run(inlumine(&database, &["migrate"])).await;
    assert!(migrate.status.success(), "{migrate:?}");
    let archive = database.data_dir.join("backup.zip");
    let mut backup = inlumine(&database, &["backup", archive.to_str().unwrap()]);
    backup
        .env("DATABASE_URL", &with_password)
        .env("PATH", &path);
    let backup = run(backup).await;
    assert!(backup.status.success(), "{backup:?}");
    let mut restore = inlumine(
        &database,
        &["restore", "--force", archive.to_str().unwrap()],
    );
    restore
        .env("DATABASE_URL", &with_password)
        .env("PATH", &path);
    let restore = run(restore).await;
    assert!(restore.status.success(), "{restore:?}");

    let calls = std::fs::read_to_string(tools.join("calls.log")).unwrap();
    assert!(calls.contains("pg_dump argv:"), "{calls}");
    assert!(calls.contains("pg_restore argv:"), "{calls}");
    for line in calls.lines() {
        let (argv, env) = line.split_once(" | ").unwrap();
        assert!(
            !argv.contains("s3cret"),
            "the password is on the command line: {line}"
        );
        if argv.contains("--dbname") {
            // Percent-decoded, as libpq wants it.
            assert_eq!(env, "PGPASSWORD=s3cret-pw/with-slash", "{line}");
        }
    }
}
