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
    the_server_keeps_the_newest_daily_snapshots
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
    let mut create_admin = inlumine(&database, &["create-admin", "--email", ADMIN_EMAIL]);
    create_admin.stdin(Stdio::piped()).stdout(Stdio::null());
    let mut child = create_admin.spawn().unwrap();
    writeln!(child.stdin.take().unwrap(), "{ADMIN_PASSWORD}").unwrap();
    assert!(child.wait().unwrap().success());

    let server = Server::start(&database).await;
    let client = reqwest::Client::new();
    let session: serde_json::Value = client
        .post(format!("{}/api/auth/login", server.address))
        .json(&serde_json::json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = session["access_token"].as_str().unwrap().to_string();

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
    let _app = spawn_app_with(engine, move |s| {
        s.backup.dir = backup_dir;
        s.backup.keep = 3;
    })
    .await;
    let today = inlumine::kit::brussels::at(jiff::Timestamp::now()).date();
    let todays = dir.join(format!("daily-{today}.{extension}"));
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
            format!("daily-{today}.{extension}"),
            "manual-20260101T000000Z.db".to_string(),
        ]
    );
    if let Engine::Sqlite = engine {
        let url = format!("sqlite://{}", todays.display());
        assert_eq!(integrity_check(&url).await, "ok");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
