use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use inlumine::app::startup::Application;
use inlumine::kit::clock::Clock;
use inlumine::kit::configuration::{Secret, Settings};
use inlumine::kit::db;
use sqlx::{AnyPool, AssertSqlSafe, Row};

#[derive(Clone, Copy, Debug)]
pub enum Engine {
    Sqlite,
    Postgres,
}

/// Generates `<scenario>::sqlite` and `<scenario>::postgres` tests for each scenario fn.
macro_rules! both_engines {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$name(crate::helpers::Engine::Sqlite).await
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                super::$name(crate::helpers::Engine::Postgres).await
            }
        }
    )*};
}

pub const ADMIN_EMAIL: &str = "coach@example.be";
pub const ADMIN_PASSWORD: &str = "een-lang-wachtwoord";

pub struct TestApp {
    pub address: String,
    pub pool: AnyPool,
    pub data_dir: PathBuf,
    pub client: reqwest::Client,
    pub database_url: String,
    /// The server's clock: `clock.advance(…)` moves the server's time (the visitor counts' day).
    pub clock: Clock,
    /// The database this app created (and drops); `None` for a second server on another's.
    _database: Option<TestDatabase>,
}

/// A fresh, empty database of one engine (SQLite in `data_dir`), removed again on drop.
pub struct TestDatabase {
    pub url: String,
    pub data_dir: PathBuf,
    postgres_db: Option<(String, String)>,
}

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn random_suffix() -> String {
    hex::encode(rand::random::<[u8; 8]>())
}

pub fn postgres_admin_url() -> String {
    std::env::var("TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

impl TestDatabase {
    pub async fn create(engine: Engine) -> Self {
        Self::create_from(engine, None).await
    }

    /// Like `create`, with the schema already migrated on PostgreSQL: a copy of a template made
    /// once per migration set. PostgreSQL takes ~2 s for the migrations and ~0.2 s for a copy,
    /// which is most of the time of a test. SQLite migrates in milliseconds; its servers do it.
    pub async fn migrated(engine: Engine) -> Self {
        match engine {
            Engine::Sqlite => Self::create(engine).await,
            Engine::Postgres => Self::create_from(engine, Some(postgres_template().await)).await,
        }
    }

    async fn create_from(engine: Engine, template: Option<&str>) -> Self {
        let data_dir = std::env::temp_dir().join(format!("inlumine-test-{}", random_suffix()));
        let Engine::Postgres = engine else {
            let url = format!(
                "sqlite://{}?mode=rwc",
                data_dir.join("inlumine.db").display()
            );
            return Self {
                url,
                data_dir,
                postgres_db: None,
            };
        };
        let admin_url = postgres_admin_url();
        let name = format!("inlumine_test_{}", random_suffix());
        let admin = db::connect(&admin_url).await.unwrap_or_else(|e| {
            panic!("PostgreSQL is unreachable at {admin_url} ({e:#}); start it or set TEST_POSTGRES_URL")
        });
        let from = template.map_or(String::new(), |t| format!(" TEMPLATE \"{t}\""));
        sqlx::raw_sql(AssertSqlSafe(format!("CREATE DATABASE \"{name}\"{from}")))
            .execute(&admin)
            .await
            .expect("cannot create the test database");
        admin.close().await;
        Self {
            url: postgres_database_url(&admin_url, &name),
            data_dir,
            postgres_db: Some((admin_url, name)),
        }
    }
}

fn postgres_database_url(admin_url: &str, name: &str) -> String {
    let (base, _) = admin_url
        .rsplit_once('/')
        .expect("TEST_POSTGRES_URL has a database path");
    format!("{base}/{name}")
}

/// The name of a PostgreSQL database holding this build's migrated schema, made on first use.
/// The name carries a digest of the migrations, so a changed migration makes a new template and
/// a later run reuses an unchanged one. It is built under a temporary name and renamed when
/// complete: a run stopped halfway leaves no template that looks finished.
async fn postgres_template() -> &'static str {
    static TEMPLATE: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    TEMPLATE
        .get_or_init(|| async {
            use sha2::{Digest, Sha256};
            let mut digest = Sha256::new();
            for migration in db::migrator(false).iter() {
                digest.update(migration.version.to_be_bytes());
                digest.update(&*migration.checksum);
            }
            let name = format!("inlumine_template_{}", &hex::encode(digest.finalize())[..16]);
            let admin_url = postgres_admin_url();
            let admin = db::connect(&admin_url).await.unwrap_or_else(|e| {
                panic!("PostgreSQL is unreachable at {admin_url} ({e:#}); start it or set TEST_POSTGRES_URL")
            });
            let exists = sqlx::query("SELECT 1 FROM pg_database WHERE datname = $1")
                .bind(&name)
                .fetch_optional(&admin)
                .await
                .expect("cannot list the databases")
                .is_some();
            if !exists {
                let building = format!("{name}_{}", random_suffix());
                let sql = format!("CREATE DATABASE \"{building}\"");
                sqlx::raw_sql(AssertSqlSafe(sql)).execute(&admin).await.expect("cannot create the template");
                let pool = db::connect(&postgres_database_url(&admin_url, &building)).await.expect("cannot reach the template");
                db::migrate(&pool).await.expect("the migrations run");
                pool.close().await;
                let sql = format!("ALTER DATABASE \"{building}\" RENAME TO \"{name}\"");
                if sqlx::raw_sql(AssertSqlSafe(sql)).execute(&admin).await.is_err() {
                    // Another test run finished the same template first.
                    let sql = format!("DROP DATABASE \"{building}\"");
                    let _ = sqlx::raw_sql(AssertSqlSafe(sql)).execute(&admin).await;
                }
            }
            admin.close().await;
            name
        })
        .await
}

/// For the concurrency tests that fire dozens of writes from one address and buyer: their
/// subject is locking, not the abuse limits (tested with the real values in `abuse.rs`).
pub fn generous_limits(settings: &mut Settings) {
    let l = &mut settings.limits;
    l.checkout_per_ip_per_hour = 1000;
    l.unpaid_holds_per_email = 1000;
    l.coupon_checks_per_ip_per_hour = 1000;
    l.intro_calls_per_ip_per_hour = 1000;
    l.intro_calls_per_email_per_hour = 1000;
    l.webinar_per_ip_per_hour = 1000;
    l.webinar_per_email_per_hour = 1000;
    l.waitlist_per_ip_per_hour = 1000;
    l.intro_calls_upcoming_per_email = 1000;
    l.intro_calls_upcoming_per_ip = 1000;
    l.intro_call_links_per_ip_per_hour = 1000;
    l.offer_quotes_per_ip_per_hour = 1000;
    l.simulated_payments_per_ip_per_hour = 1000;
}

pub async fn spawn_app(engine: Engine) -> TestApp {
    spawn_app_with(engine, |_| {}).await
}

pub async fn spawn_app_with(engine: Engine, configure: impl FnOnce(&mut Settings)) -> TestApp {
    spawn_app_until(engine, configure, std::future::pending()).await
}

/// Like `spawn_app_with`, stopping (and draining) when `stop` completes.
pub async fn spawn_app_until(
    engine: Engine,
    configure: impl FnOnce(&mut Settings),
    stop: impl Future<Output = ()> + Send + 'static,
) -> TestApp {
    let database = TestDatabase::migrated(engine).await;
    let data_dir = database.data_dir.clone();
    let url = database.url.clone();
    start_server(Some(database), data_dir, url, engine, configure, stop).await
}

/// A second server on `first`'s PostgreSQL database, as when several run behind a load balancer.
pub async fn spawn_second_server(first: &TestApp) -> TestApp {
    spawn_second_server_with(first, |_| {}).await
}

/// Like `spawn_second_server`, with settings of its own (the same as the first's, say).
pub async fn spawn_second_server_with(
    first: &TestApp,
    configure: impl FnOnce(&mut Settings),
) -> TestApp {
    let data_dir = std::env::temp_dir().join(format!("inlumine-test-{}", random_suffix()));
    start_server(
        None,
        data_dir,
        first.database_url.clone(),
        Engine::Postgres,
        configure,
        std::future::pending(),
    )
    .await
}

async fn start_server(
    database: Option<TestDatabase>,
    data_dir: PathBuf,
    postgres_url: String,
    engine: Engine,
    configure: impl FnOnce(&mut Settings),
    stop: impl Future<Output = ()> + Send + 'static,
) -> TestApp {
    let mut settings = Settings {
        port: 0,
        data_dir: data_dir.clone(),
        site_config: manifest_dir().join("../config/site.json"),
        web_dir: manifest_dir().join("tests/fixtures/site"),
        ..Settings::default()
    };
    settings.outbox.poll_interval_ms = 50;
    settings.outbox.base_backoff_ms = 50;
    settings.outbox.max_backoff_ms = 200;
    // The tests keep site.json's https address in links while paying through the simulator.
    settings.payments.allow_simulated_on_https = true;
    // Webhook targets are local stubs on plain http (tests/api/provider_stubs.rs).
    settings.outbox.allow_http_webhooks_on_loopback = true;
    // No daily snapshot per test; tests/api/backup.rs turns it on where it is the subject.
    settings.backup.keep = 0;
    // Every test client comes from 127.0.0.1, and the concurrency tests open dozens of
    // connections at once: the caps per address are tested with their real values in
    // connections.rs (`real_address_caps`).
    settings.max_connections_per_address = settings.max_connections;
    settings.new_connections_per_second_per_address = 100_000;
    settings.new_connections_burst_per_address = 100_000;
    if let Engine::Postgres = engine {
        settings.database_url = Secret::new(postgres_url);
    }
    configure(&mut settings);
    let database_url = settings.database_url();
    let clock = Clock::system();
    let app = Application::build_with_clock(settings, clock.clone())
        .await
        .expect("the application builds");
    let address = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until(stop));
    let pool = db::connect(&database_url)
        .await
        .expect("test pool connects");
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    TestApp {
        address,
        pool,
        data_dir,
        client,
        database_url,
        clock,
        _database: database,
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.data_dir);
        if let Some((admin_url, name)) = self.postgres_db.take() {
            // Best effort, on its own runtime because Drop cannot await.
            let _ = std::thread::spawn(move || {
                let rt = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .unwrap();
                rt.block_on(async move {
                    if let Ok(admin) = db::connect(&admin_url).await {
                        let sql = format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)");
                        let _ = sqlx::raw_sql(AssertSqlSafe(sql)).execute(&admin).await;
                        admin.close().await;
                    }
                });
            })
            .join();
        }
    }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("request succeeds")
    }

    pub async fn post_json(&self, path: &str, body: &serde_json::Value) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .expect("request succeeds")
    }

    pub async fn count(&self, sql: &'static str) -> i64 {
        sqlx::query(sql)
            .fetch_one(&self.pool)
            .await
            .unwrap()
            .try_get(0)
            .unwrap()
    }

    pub fn mail_files(&self) -> Vec<PathBuf> {
        let Ok(entries) = std::fs::read_dir(self.data_dir.join("mail")) else {
            return Vec::new();
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "eml"))
            // The file transport creates the file, then writes the mail into it: an empty file
            // is a mail still being written (read then, it failed a test on a loaded machine).
            .filter(|p| std::fs::metadata(p).is_ok_and(|m| m.len() > 0))
            .collect();
        files.sort();
        files
    }

    /// Waits until `n` e-mails were written and returns them, decoded from quoted-printable.
    pub async fn wait_for_mails(&self, n: usize) -> Vec<String> {
        for _ in 0..200 {
            let files = self.mail_files();
            if files.len() >= n {
                return files
                    .iter()
                    .map(|f| qp_decode(&std::fs::read_to_string(f).unwrap()))
                    .collect();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!(
            "expected {n} e-mails in {}",
            self.data_dir.join("mail").display()
        );
    }

    /// Creates an admin the way `inlumine create-admin` does.
    pub async fn create_admin(&self, email: &str, password: &str) {
        inlumine::platform::auth::users::create_or_reset_admin(&self.pool, email, password, false)
            .await
            .expect("the admin is created");
    }

    /// Signs in and returns the session JSON (panics unless 200).
    pub async fn login(&self, email: &str, password: &str) -> serde_json::Value {
        let res = self
            .post_json(
                "/api/auth/login",
                &serde_json::json!({"email": email, "password": password}),
            )
            .await;
        assert_eq!(res.status().as_u16(), 200, "sign-in as {email}");
        res.json().await.unwrap()
    }

    /// A fresh admin's access token.
    pub async fn admin_token(&self) -> String {
        self.create_admin(ADMIN_EMAIL, ADMIN_PASSWORD).await;
        self.login(ADMIN_EMAIL, ADMIN_PASSWORD).await["access_token"]
            .as_str()
            .unwrap()
            .to_string()
    }

    /// A request to `path` with `Authorization: Bearer token`.
    pub fn authed(
        &self,
        method: reqwest::Method,
        path: &str,
        token: &str,
    ) -> reqwest::RequestBuilder {
        self.client
            .request(method, self.url(path))
            .bearer_auth(token)
    }

    /// Waits until the server has seen a write made outside it (by the test's own connection):
    /// it reads the data versions every `live::POLL` (its own writes it sees at once).
    pub async fn see_outside_write(&self) {
        tokio::time::sleep(inlumine::platform::live::POLL * 2).await;
    }

    pub async fn insert_review(&self, name: &str, rating: i64, created_at: &str) {
        sqlx::query("INSERT INTO reviews (name, avatar_url, rating, text, created_at) VALUES ($1, NULL, $2, $3, $4)")
            .bind(name)
            .bind(rating)
            .bind(format!("Heel fijne begeleiding, {name}."))
            .bind(created_at)
            .execute(&self.pool)
            .await
            .unwrap();
    }

    pub async fn insert_event(
        &self,
        kind: &str,
        status: &str,
        starts_at: &str,
        ends_at: &str,
    ) -> i64 {
        sqlx::query(
            "INSERT INTO events (kind, title, description, starts_at, ends_at, venue_name, street, postal_code, city, \
             online_url, capacity, seats_taken, price_cents, status, created_at, updated_at) \
             VALUES ($1, $2, 'Een avond vol verhalen.', $3, $4, 'Zaal De Lichtbron', 'Befferstraat 21', '2800', \
             'Mechelen', NULL, 30, 12, 3500, $5, $6, $6) RETURNING id",
        )
        .bind(kind)
        .bind(format!("Test {kind}"))
        .bind(starts_at)
        .bind(ends_at)
        .bind(status)
        .bind(db::now())
        .fetch_one(&self.pool)
        .await
        .unwrap()
        .try_get("id")
        .unwrap()
    }
}

impl TestApp {
    /// A JSON request as the admin; the status and the JSON body (Null when there is none).
    pub async fn admin_send(
        &self,
        token: &str,
        method: reqwest::Method,
        path: &str,
        body: Option<serde_json::Value>,
    ) -> (u16, serde_json::Value) {
        let mut request = self.authed(method, path, token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let res = request.send().await.expect("request succeeds");
        let status = res.status().as_u16();
        let text = res.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or_default())
    }

    /// A webinar with an online join link; returns its id.
    pub async fn insert_webinar(
        &self,
        starts_at: jiff::Timestamp,
        capacity: i64,
        price_cents: i64,
        status: &str,
    ) -> i64 {
        sqlx::query(
            "INSERT INTO events (kind, title, description, starts_at, ends_at, online_url, capacity, seats_taken, \
             price_cents, status, created_at, updated_at) VALUES ('webinar', 'Webinar: Wie ben jij?', 'Online.', $1, $2, \
             'https://example.org/live', $3, 0, $4, $5, $6, $6) RETURNING id",
        )
        .bind(db::format_ts(starts_at))
        .bind(db::format_ts(starts_at + jiff::SignedDuration::from_hours(1)))
        .bind(capacity)
        .bind(price_cents)
        .bind(status)
        .bind(db::now())
        .fetch_one(&self.pool)
        .await
        .unwrap()
        .try_get("id")
        .unwrap()
    }

    /// The decoded e-mails sent to `to` so far.
    pub fn mails_to(&self, to: &str) -> Vec<String> {
        self.mail_files()
            .iter()
            .map(|f| qp_decode(&std::fs::read_to_string(f).unwrap()))
            // The `To:` header itself, not `Reply-To:` (the coach's contact mail names the visitor there).
            .filter(|m| m.starts_with(&format!("To: {to}")) || m.contains(&format!("\nTo: {to}")))
            .collect()
    }

    /// Waits until `n` e-mails went to `to` and returns them.
    pub async fn wait_for_mails_to(&self, to: &str, n: usize) -> Vec<String> {
        for _ in 0..200 {
            let mails = self.mails_to(to);
            if mails.len() >= n {
                return mails;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("expected {n} e-mails to {to}");
    }
}

/// Waits until `n` e-mails went to `to` from any of `servers` and returns how many did: servers on
/// one database share its outbox, and the worker that claims a mail writes it to its own folder.
pub async fn wait_for_mails_on(servers: &[TestApp], to: &str, n: usize) -> usize {
    let count = || servers.iter().map(|s| s.mails_to(to).len()).sum::<usize>();
    for _ in 0..200 {
        if count() >= n {
            return count();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("expected {n} e-mails to {to}");
}

/// The text of the attachment `filename` in a raw e-mail (base64 or plain).
pub fn attachment(mail: &str, filename: &str) -> String {
    let start = mail
        // Long names come as `filename*0="…"` (RFC 2231).
        .find(&format!("=\"{filename}\""))
        .unwrap_or_else(|| panic!("no attachment {filename} in:\n{mail}"));
    let part = &mail[start..];
    let body_start = part.find("\r\n\r\n").map(|i| i + 4).unwrap();
    let body = &part[body_start
        ..part[body_start..]
            .find("\r\n--")
            .map_or(part.len(), |i| body_start + i)];
    let headers = &mail[mail[..start].rfind("\r\n--").unwrap_or(0)..start + body_start];
    if headers
        .to_ascii_lowercase()
        .contains("content-transfer-encoding: base64")
    {
        use base64::Engine;
        // qp_decode may have eaten a padding `=` at a line end; decode without padding.
        let clean: String = body
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '=')
            .collect();
        String::from_utf8(
            base64::engine::general_purpose::STANDARD_NO_PAD
                .decode(clean)
                .unwrap(),
        )
        .unwrap()
    } else {
        body.to_string()
    }
}

/// Undoes quoted-printable soft line breaks and the `=` escape (enough for our links).
pub fn qp_decode(text: &str) -> String {
    text.replace("=\r\n", "")
        .replace("=\n", "")
        .replace("=3D", "=")
}

/// The token after `marker` in a decoded e-mail.
pub fn token_after(mail: &str, marker: &str) -> String {
    let start = mail
        .find(marker)
        .unwrap_or_else(|| panic!("{marker} not in mail:\n{mail}"))
        + marker.len();
    mail[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

/// Polls `check` until it returns true (10 s at most).
pub async fn eventually<F, Fut>(what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    for _ in 0..200 {
        if check().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("timed out waiting until {what}");
}

/// The JSON-LD blocks in an HTML page.
pub fn json_ld(html: &str) -> Vec<serde_json::Value> {
    let marker = "<script type=\"application/ld+json\">";
    html.match_indices(marker)
        .map(|(i, _)| {
            let rest = &html[i + marker.len()..];
            serde_json::from_str(&rest[..rest.find("</script>").unwrap()]).unwrap()
        })
        .collect()
}

/// `inlumine` with the test database and nothing from config/server.toml.
pub fn inlumine(database: &TestDatabase, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_inlumine"));
    command
        .args(args)
        .env("INLUMINE_CONFIG", "/dev/null")
        .env("DATA_DIR", &database.data_dir)
        .env("DATABASE_URL", &database.url)
        .env("SITE_CONFIG", manifest_dir().join("../config/site.json"))
        .env("WEB_DIR", manifest_dir().join("tests/fixtures/site"))
        .env("HOST", "127.0.0.1")
        .env("PORT", "0")
        // A local site: the simulated payment provider may run (it refuses an https address).
        .env("PUBLIC_URL", "http://127.0.0.1")
        .env("BACKUP_KEEP", "0")
        .env("RUST_LOG", "warn");
    command
}

/// A server process, killed on drop.
pub struct Server {
    pub child: Child,
    pub address: String,
}

impl Server {
    pub async fn start(database: &TestDatabase) -> Self {
        Self::spawn(inlumine(database, &["serve"])).await
    }

    /// Starts `command` (an `inlumine serve`) and waits for its address.
    pub async fn spawn(mut command: Command) -> Self {
        command.stdout(Stdio::piped());
        tokio::task::spawn_blocking(move || {
            let mut child = command.spawn().expect("the server starts");
            let stdout = child.stdout.take().unwrap();
            let mut lines = BufReader::new(stdout).lines();
            let address = loop {
                let line = lines
                    .next()
                    .expect("the server prints its address")
                    .unwrap();
                if let Some(address) = line.strip_prefix("Listening on ") {
                    break address.to_string();
                }
            };
            Server { child, address }
        })
        .await
        .unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Made once per test binary at a time: two tests must not build the same venv together.
static VENVS: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The python of a venv under the target directory with exactly `requirements` (pinned
/// `name==version`, installed with `--no-deps` where the entry ends in ` --no-deps`), made on
/// first use from PyPI. Fails with a clear message when python3 or the package index is
/// missing: the tests that need a real peer never skip themselves.
pub fn python_venv(name: &str, requirements: &[&str]) -> PathBuf {
    let _made_one_at_a_time = VENVS.lock().unwrap_or_else(|e| e.into_inner());
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let wanted = requirements.join("\n");
    let marker = venv.join(".requirements");
    let python = venv.join("bin/python");
    if std::fs::read_to_string(&marker).is_ok_and(|had| had == wanted) {
        return python;
    }
    let _ = std::fs::remove_dir_all(&venv);
    let made = Command::new("python3")
        .args(["-m", "venv"])
        .arg(&venv)
        .status()
        .unwrap_or_else(|e| panic!("this test needs python3 (with venv): {e}"));
    assert!(made.success(), "python3 -m venv {} failed", venv.display());
    for requirement in requirements {
        let (package, no_deps) = match requirement.strip_suffix(" --no-deps") {
            Some(package) => (package, true),
            None => (*requirement, false),
        };
        let mut pip = Command::new(venv.join("bin/pip"));
        pip.args(["install", "--quiet", "--disable-pip-version-check"]);
        if no_deps {
            pip.arg("--no-deps");
        }
        let installed = pip.arg(package).status().expect("pip runs");
        assert!(
            installed.success(),
            "pip could not install {package} into {}",
            venv.display()
        );
    }
    std::fs::write(&marker, wanted).unwrap();
    python
}
