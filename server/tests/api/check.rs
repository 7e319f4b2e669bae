//! `inlumine check` reads the configuration as `serve` does and finds each thing that would stop
//! or weaken a live site: simulated payments (also on https), the file mail transport, sample
//! details, an address without https, a data folder it cannot write, backups off, a photo bucket
//! it cannot reach and a clock that differs from the database's. A ready configuration finds
//! nothing, so each finding goes away when its cause does. The command exits non-zero only when
//! something blocks.
use std::path::{Path, PathBuf};
use std::process::Output;

use inlumine::app::check::{self, Level, Report};
use inlumine::kit::configuration::{MailTransport, PaymentProviderKind, Secret, Settings};
use inlumine::kit::db;
use jiff::{SignedDuration, Timestamp};

use crate::helpers::{Engine, TestDatabase, inlumine};
use crate::mail_delivery::start_smtp;

both_engines!(
    a_default_configuration_names_what_stops_a_live_site,
    a_ready_configuration_blocks_nothing
);

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The settings `serve` would have for the test database, as the tests' servers get them.
fn settings(database: &TestDatabase, engine: Engine) -> Settings {
    let mut settings = Settings {
        data_dir: database.data_dir.clone(),
        site_config: manifest_dir().join("../config/site.json"),
        web_dir: manifest_dir().join("tests/fixtures/site"),
        public_url: "http://127.0.0.1:8080".into(),
        ..Settings::default()
    };
    settings.backup.keep = 0;
    if let Engine::Postgres = engine {
        settings.database_url = Secret::new(database.url.clone());
    }
    settings
}

async fn migrated(database: &TestDatabase) {
    let pool = db::connect(&database.url).await.unwrap();
    db::migrate(&pool).await.unwrap();
    pool.close().await;
}

fn level(report: &Report, id: &str) -> Option<Level> {
    let found = report.about(id);
    assert!(found.len() <= 1, "{id} found twice:\n{report}");
    found.first().map(|f| f.level)
}

fn text(report: &Report, id: &str) -> String {
    report
        .about(id)
        .first()
        .unwrap_or_else(|| panic!("no finding {id}:\n{report}"))
        .text
        .clone()
}

/// site.json with every sample marker filled in, as a coach's real details would be.
fn real_site_json(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(manifest_dir().join("../config/site.json")).unwrap();
    let mut site: serde_json::Value = serde_json::from_str(&text).unwrap();
    site["coach"].as_object_mut().unwrap().remove("_sample");
    site["contact"].as_object_mut().unwrap().remove("_sample");
    site["contact"]["vatNote"] = serde_json::Value::Null;
    site["coach"]["name"] = "Lies Peeters".into();
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join("site.json");
    std::fs::write(&path, serde_json::to_string_pretty(&site).unwrap()).unwrap();
    path
}

async fn a_default_configuration_names_what_stops_a_live_site(engine: Engine) {
    let database = TestDatabase::create(engine).await;
    migrated(&database).await;
    let report = check::inspect(&settings(&database, engine)).await;

    assert_eq!(level(&report, "https"), Some(Level::Blocks), "{report}");
    assert!(text(&report, "https").contains("not https"));
    assert_eq!(level(&report, "payments"), Some(Level::Blocks), "{report}");
    assert!(text(&report, "payments").contains("nobody is charged"));
    assert_eq!(level(&report, "mail"), Some(Level::Blocks), "{report}");
    assert!(text(&report, "mail").contains("MAIL_TRANSPORT=smtp"));
    assert_eq!(level(&report, "samples"), Some(Level::Blocks), "{report}");
    assert!(text(&report, "samples").contains("coach_name"));
    assert_eq!(level(&report, "backups"), Some(Level::Weakens), "{report}");
    assert!(text(&report, "backups").contains("BACKUP_KEEP=0"));
    assert_eq!(level(&report, "data-dir"), Some(Level::Fine), "{report}");
    assert_eq!(level(&report, "database"), Some(Level::Fine), "{report}");
    assert!(report.blocks());
    assert_eq!(report.blocking(), 4, "{report}");
}

async fn a_ready_configuration_blocks_nothing(engine: Engine) {
    let smtp = start_smtp(0.0).await;
    let database = TestDatabase::create(engine).await;
    migrated(&database).await;
    let mut s = settings(&database, engine);
    s.site_config = real_site_json(&database.data_dir.join("config"));
    s.public_url = "https://www.example.be".into();
    s.auth.trust_forwarded_for = true;
    s.payments.provider = PaymentProviderKind::Stripe;
    s.payments.stripe_secret_key = Secret::new("sk_test_ready");
    s.payments.stripe_webhook_secret = Secret::new("whsec_ready");
    s.mail.transport = MailTransport::Smtp;
    s.mail.smtp_url = Secret::new(format!("smtp://127.0.0.1:{}", smtp.port));
    s.backup.keep = 14;
    if let Engine::Postgres = engine {
        s.auth.jwt_secret = Secret::new("een-gedeelde-sleutel-van-minstens-32-tekens");
    }
    s.validate().unwrap();
    let report = check::inspect(&s).await;
    assert!(!report.blocks(), "{report}");
    for id in [
        "https", "payments", "mail", "samples", "data-dir", "backups", "media", "web",
    ] {
        assert_eq!(level(&report, id), Some(Level::Fine), "{id}:\n{report}");
    }
    assert!(
        report.findings.iter().all(|f| f.level == Level::Fine),
        "{report}"
    );
}

/// Several servers on one PostgreSQL database accept each other's sign-ins only with one shared
/// JWT_SECRET; without it each signs with its own key file. SQLite has one server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgresql_without_jwt_secret_weakens_several_servers() {
    let database = TestDatabase::create(Engine::Postgres).await;
    migrated(&database).await;
    let mut s = settings(&database, Engine::Postgres);
    let report = check::inspect(&s).await;
    assert_eq!(level(&report, "jwt-key"), Some(Level::Weakens), "{report}");
    assert!(text(&report, "jwt-key").contains("Set the same JWT_SECRET"));

    s.auth.jwt_secret = Secret::new("een-gedeelde-sleutel-van-minstens-32-tekens");
    let report = check::inspect(&s).await;
    assert_eq!(level(&report, "jwt-key"), Some(Level::Fine), "{report}");

    let database = TestDatabase::create(Engine::Sqlite).await;
    let report = check::inspect(&settings(&database, Engine::Sqlite)).await;
    assert_eq!(level(&report, "jwt-key"), None, "{report}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simulated_payments_on_https_block_also_on_a_staging_site() {
    let database = TestDatabase::create(Engine::Sqlite).await;
    let mut s = settings(&database, Engine::Sqlite);
    s.public_url = "https://www.example.be".into();
    let report = check::inspect(&s).await;
    assert_eq!(level(&report, "payments"), Some(Level::Blocks), "{report}");
    assert!(
        text(&report, "payments").contains("refuses to start"),
        "{report}"
    );
    assert_eq!(level(&report, "https"), Some(Level::Fine), "{report}");

    s.payments.allow_simulated_on_https = true;
    let report = check::inspect(&s).await;
    assert_eq!(level(&report, "payments"), Some(Level::Blocks), "{report}");
    assert!(text(&report, "payments").contains("staging"), "{report}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_data_folder_that_cannot_be_written_blocks() {
    let database = TestDatabase::create(Engine::Sqlite).await;
    std::fs::create_dir_all(&database.data_dir).unwrap();
    // A file where the folder should be: no user can create the data folder there (the tests
    // run as root, whom permission bits do not stop).
    let blocked = database.data_dir.join("a-file");
    std::fs::write(&blocked, b"not a folder").unwrap();
    let mut s = settings(&database, Engine::Sqlite);
    s.data_dir = blocked.join("data");
    s.database_url = Secret::new(database.url.clone());
    let report = check::inspect(&s).await;
    assert_eq!(level(&report, "data-dir"), Some(Level::Blocks), "{report}");
    assert!(
        text(&report, "data-dir").contains("not writable"),
        "{report}"
    );
    assert!(report.blocks());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_that_differs_from_the_databases_is_found() {
    let database = TestDatabase::create(Engine::Postgres).await;
    migrated(&database).await;
    let s = settings(&database, Engine::Postgres);
    let at = |offset: i64| move || Timestamp::now() + SignedDuration::from_secs(offset);

    let report = check::inspect_at(&s, at(0)).await;
    assert_eq!(level(&report, "clock"), Some(Level::Fine), "{report}");
    let report = check::inspect_at(&s, at(20)).await;
    assert_eq!(level(&report, "clock"), Some(Level::Weakens), "{report}");
    assert!(
        text(&report, "clock").contains("ahead of the database"),
        "{report}"
    );
    let report = check::inspect_at(&s, at(-300)).await;
    assert_eq!(level(&report, "clock"), Some(Level::Blocks), "{report}");
    assert!(
        text(&report, "clock").contains("behind the database"),
        "{report}"
    );

    // SQLite lives on this machine's own clock.
    let sqlite = TestDatabase::create(Engine::Sqlite).await;
    let report = check::inspect_at(&settings(&sqlite, Engine::Sqlite), at(-300)).await;
    assert_eq!(level(&report, "clock"), None, "{report}");
}

async fn run(mut command: std::process::Command) -> Output {
    tokio::task::spawn_blocking(move || command.output().expect("inlumine runs"))
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_command_exits_non_zero_only_when_something_blocks() {
    let database = TestDatabase::create(Engine::Sqlite).await;
    let blocked = run(inlumine(&database, &["check"])).await;
    let stdout = String::from_utf8_lossy(&blocked.stdout);
    assert!(!blocked.status.success(), "{stdout}");
    assert!(stdout.contains("BLOCKS   payments"), "{stdout}");
    assert!(stdout.contains("BLOCKS   mail"), "{stdout}");
    let stderr = String::from_utf8_lossy(&blocked.stderr);
    assert!(stderr.contains("stop a live site"), "{stderr}");

    let smtp = start_smtp(0.0).await;
    let mut ready = inlumine(&database, &["check"]);
    ready
        .env("PUBLIC_URL", "https://www.example.be")
        .env("TRUST_FORWARDED_FOR", "true")
        .env(
            "SITE_CONFIG",
            real_site_json(&database.data_dir.join("config")),
        )
        .env("PAYMENT_PROVIDER", "mollie")
        .env("MOLLIE_API_KEY", "test_ready")
        .env("MAIL_TRANSPORT", "smtp")
        .env("SMTP_URL", format!("smtp://127.0.0.1:{}", smtp.port));
    let ready = run(ready).await;
    let stdout = String::from_utf8_lossy(&ready.stdout);
    assert!(
        ready.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&ready.stderr)
    );
    // Backups are off in the tests' environment: that weakens, it does not block.
    assert!(stdout.contains("WEAKENS  backups"), "{stdout}");
    assert!(!stdout.contains("BLOCKS"), "{stdout}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_photo_bucket_that_cannot_be_reached_blocks() {
    let database = TestDatabase::create(Engine::Sqlite).await;
    // A port nothing listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut command = inlumine(&database, &["check"]);
    command
        .env("MEDIA_STORE", "s3")
        .env("MEDIA_S3_BUCKET", "fotos")
        .env("MEDIA_S3_ENDPOINT", format!("http://127.0.0.1:{port}"))
        .env("MEDIA_S3_ALLOW_HTTP", "true")
        .env("AWS_ACCESS_KEY_ID", "test")
        .env("AWS_SECRET_ACCESS_KEY", "test")
        .env("AWS_REGION", "eu-west-1");
    let output = run(command).await;
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(!output.status.success());
    assert!(stdout.contains("BLOCKS   media"), "{stdout}");
    assert!(stdout.contains("fotos"), "{stdout}");
}
