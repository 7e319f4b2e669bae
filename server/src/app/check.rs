//! `inlumine check`: reads the configuration as `serve` does and says, in plain words, what would
//! stop a live site (it blocks: the command exits non-zero) or weaken it, and what is fine. It
//! changes nothing but a probe file it writes and deletes (data folder, backup folder) and a probe
//! object in an S3 bucket. Run it as the service's user: what that user may write is what counts.
use std::fmt;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use jiff::{SignedDuration, Timestamp};
use sqlx::{AnyPool, Row};

use crate::kit::configuration::{MailTransport, MediaStoreKind, PaymentProviderKind, Settings};
use crate::kit::db;
use crate::platform::live::DataVersions;
use crate::platform::prerendered::WebSource;
use crate::platform::site::{LiveSite, Site};
use crate::platform::{backup, media_store, outbox};

/// Clock differences up to this are fine; leases, holds and tokens have margins of minutes.
const CLOCK_FINE: SignedDuration = SignedDuration::from_secs(2);
/// Beyond this, access tokens and campaign leases of several servers disagree.
const CLOCK_BLOCKS: SignedDuration = SignedDuration::from_secs(60);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// A live site cannot run like this (or takes no money, sends no mail).
    Blocks,
    /// It runs, with a risk or a loss.
    Weakens,
    Fine,
}

#[derive(Debug)]
pub struct Finding {
    /// Stable name: `https`, `payments`, `mail`, `samples`, `data-dir`, `backups`, `media`,
    /// `clock`, `database`, `site`, `web`, `proxy`, `metrics`, `jwt-key`.
    pub id: &'static str,
    pub level: Level,
    pub text: String,
}

#[derive(Debug, Default)]
pub struct Report {
    pub findings: Vec<Finding>,
}

impl Report {
    fn add(&mut self, id: &'static str, level: Level, text: impl Into<String>) {
        self.findings.push(Finding {
            id,
            level,
            text: text.into(),
        });
    }

    pub fn blocks(&self) -> bool {
        self.blocking() > 0
    }

    pub fn blocking(&self) -> usize {
        self.count(Level::Blocks)
    }

    fn count(&self, level: Level) -> usize {
        self.findings.iter().filter(|f| f.level == level).count()
    }

    /// The findings about `id`.
    pub fn about(&self, id: &str) -> Vec<&Finding> {
        self.findings.iter().filter(|f| f.id == id).collect()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for level in [Level::Blocks, Level::Weakens, Level::Fine] {
            for finding in self.findings.iter().filter(|x| x.level == level) {
                let tag = match level {
                    Level::Blocks => "BLOCKS ",
                    Level::Weakens => "WEAKENS",
                    Level::Fine => "ok     ",
                };
                writeln!(f, "{tag}  {:<9} {}", finding.id, finding.text)?;
            }
        }
        let (blocks, weakens) = (self.count(Level::Blocks), self.count(Level::Weakens));
        writeln!(
            f,
            "\n{}",
            match (blocks, weakens) {
                (0, 0) => "Nothing stands in the way of a live site.".to_string(),
                (0, w) => format!("Nothing blocks a live site; {w} thing(s) weaken it."),
                (b, w) => format!("{b} thing(s) stop a live site; {w} weaken it."),
            }
        )
    }
}

/// Checks the configuration against this machine's clock.
pub async fn inspect(settings: &Settings) -> Report {
    inspect_at(settings, Timestamp::now).await
}

/// Checks the configuration; `clock` is this server's time (compared with the database's).
pub async fn inspect_at(settings: &Settings, clock: impl Fn() -> Timestamp) -> Report {
    let mut report = Report::default();
    let site = match Site::load_configured(&settings.site_config) {
        Ok(site) => {
            report.add(
                "site",
                Level::Fine,
                format!("business details from {}", site_source(settings)),
            );
            Some(site)
        }
        Err(e) => {
            report.add("site", Level::Blocks, format!("{e:#}"));
            None
        }
    };
    let public_url = if settings.public_url.is_empty() {
        site.as_ref()
            .map(|s| s.site_url.clone())
            .unwrap_or_default()
    } else {
        settings.public_url.trim_end_matches('/').to_string()
    };
    let https = public_url.starts_with("https://");
    if https {
        report.add(
            "https",
            Level::Fine,
            format!("the site's address is {public_url}"),
        );
    } else {
        report.add(
            "https",
            Level::Blocks,
            format!(
                "the site's address {public_url:?} is not https: browsers mark it unsafe, \
                 payment providers refuse it and links in mails go there. Set PUBLIC_URL to the \
                 https address (Caddy in front gets the certificate)"
            ),
        );
    }
    payments(settings, https, &public_url, &mut report);
    mail(settings, site.as_ref(), &public_url, &mut report).await;
    match WebSource::choose(&settings.web_dir) {
        Ok(web) => report.add(
            "web",
            Level::Fine,
            format!("the web app comes from {}", web.describe()),
        ),
        Err(e) => report.add("web", Level::Blocks, format!("{e:#}")),
    }
    match writable(&settings.data_dir) {
        Ok(()) => report.add(
            "data-dir",
            Level::Fine,
            format!(
                "the data folder {} is writable",
                settings.data_dir.display()
            ),
        ),
        Err(e) => report.add(
            "data-dir",
            Level::Blocks,
            format!(
                "the data folder {} is not writable for this user: {e}. The server keeps its \
                 database, mail and backups there; give it to the service's user",
                settings.data_dir.display()
            ),
        ),
    }
    let pool = database(settings, &mut report).await;
    if let (Some(pool), Some(site)) = (&pool, &site) {
        samples(pool, site.clone(), &mut report).await;
        clock_skew(pool, clock, &mut report).await;
    } else if let Some(site) = &site {
        let fields = site.samples_left(site);
        if !fields.is_empty() {
            report.add("samples", Level::Blocks, samples_text(&fields));
        }
    }
    if let Some(pool) = pool {
        pool.close().await;
    }
    backups(settings, &mut report);
    media(settings, &mut report).await;
    proxy(settings, https, &mut report);
    metrics(settings, &mut report);
    signing_key(settings, &mut report);
    report
}

fn site_source(settings: &Settings) -> String {
    let path = &settings.site_config;
    if path.exists() {
        path.display().to_string()
    } else {
        "the copy built into this binary".into()
    }
}

fn payments(settings: &Settings, https: bool, public_url: &str, report: &mut Report) {
    let p = &settings.payments;
    if p.provider != PaymentProviderKind::Simulated {
        report.add(
            "payments",
            Level::Fine,
            format!("payments go through {}", p.provider),
        );
        return;
    }
    let text = if https && !p.allow_simulated_on_https {
        format!(
            "payments are simulated while the address is {public_url}: the server refuses to \
             start like this. Set PAYMENT_PROVIDER to stripe or mollie with its keys"
        )
    } else if https {
        "payments are simulated on an https address (ALLOW_SIMULATED_PAYMENTS=true, for a \
         staging site): nobody is charged for what they order. Set PAYMENT_PROVIDER to stripe or \
         mollie with its keys"
            .to_string()
    } else {
        "payments are simulated: nobody is charged for what they order. Set PAYMENT_PROVIDER to \
         stripe or mollie with its keys"
            .to_string()
    };
    report.add("payments", Level::Blocks, text);
}

async fn mail(settings: &Settings, site: Option<&Site>, public_url: &str, report: &mut Report) {
    if settings.mail.transport == MailTransport::File {
        report.add(
            "mail",
            Level::Blocks,
            format!(
                "mails are written as files into {} and reach nobody (no tickets, no \
                 confirmations). Set MAIL_TRANSPORT=smtp and SMTP_URL",
                settings.mail_dir().display()
            ),
        );
        return;
    }
    let Some(site) = site else { return };
    let tried = match outbox::Deliverer::new(settings, &outbox::sender(settings, site), public_url)
    {
        Ok(deliverer) => deliverer.test_connection().await,
        Err(e) => Err(e),
    };
    match tried {
        Ok(()) => report.add(
            "mail",
            Level::Fine,
            "mail goes out through the SMTP server, which answers",
        ),
        Err(e) => report.add(
            "mail",
            Level::Blocks,
            format!("the SMTP server of SMTP_URL cannot be reached: {e:#}"),
        ),
    }
}

/// Connects and reads the schema's state; None when the database cannot be reached.
async fn database(settings: &Settings, report: &mut Report) -> Option<AnyPool> {
    let url = settings.database_url();
    let engine = if db::is_sqlite(&url) {
        "SQLite"
    } else {
        "PostgreSQL"
    };
    // Opening a SQLite file that is not there would make it (and its folder, as this user).
    if let Some(file) = db::sqlite_path(&url).filter(|file| !file.exists()) {
        report.add(
            "database",
            Level::Fine,
            format!(
                "SQLite: no database at {} yet; `inlumine migrate` or the first start makes it",
                file.display()
            ),
        );
        return None;
    }
    let pool = match tokio::time::timeout(Duration::from_secs(15), db::connect(&url)).await {
        Ok(Ok(pool)) => pool,
        Ok(Err(e)) => {
            report.add(
                "database",
                Level::Blocks,
                format!("the {engine} database cannot be opened: {e:#}"),
            );
            return None;
        }
        Err(_) => {
            report.add(
                "database",
                Level::Blocks,
                format!("the {engine} database does not answer within 15 seconds"),
            );
            return None;
        }
    };
    match db::schema_state(&pool).await {
        Ok(state) if !state.unknown.is_empty() => report.add(
            "database",
            Level::Blocks,
            format!(
                "the {engine} database was migrated by a newer version of In Lumine (version {}; \
                 this one knows up to {}): serve refuses to start on it",
                state.unknown.iter().max().copied().unwrap_or_default(),
                db::latest_version()
            ),
        ),
        Ok(state) if state.pending > 0 => report.add(
            "database",
            Level::Fine,
            format!(
                "{engine}: {} migration(s) of this version are not applied yet; `inlumine migrate` \
                 (or the start of serve) applies them{}",
                state.pending,
                if db::is_sqlite(&url) && state.applied.is_some() {
                    ", after a copy of the database in the backup folder"
                } else {
                    ""
                }
            ),
        ),
        Ok(_) => report.add("database", Level::Fine, format!("{engine}: up to date")),
        Err(e) => report.add("database", Level::Blocks, format!("{e:#}")),
    }
    Some(pool)
}

fn samples_text(fields: &[&str]) -> String {
    format!(
        "sample details are still shown to visitors and printed on invoices: {}. The coach fills \
         them in in Beheer > Instellingen (or replace them in site.json)",
        fields.join(", ")
    )
}

/// The details in force are the file's with what the coach saved in Beheer over them.
async fn samples(pool: &AnyPool, site: Site, report: &mut Report) {
    let business = Arc::new(LiveSite::new(site));
    // A database without migrations has nothing saved: the file's details are in force.
    let _ = DataVersions::new(pool.clone(), business.clone())
        .refresh()
        .await;
    let fields = business.get().samples_left(business.defaults());
    if fields.is_empty() {
        report.add(
            "samples",
            Level::Fine,
            "the business details are real ones, not samples",
        );
    } else {
        report.add("samples", Level::Blocks, samples_text(&fields));
    }
}

/// PostgreSQL may run on another machine: its clock and ours must agree, since the servers write
/// times that other servers compare (holds, leases, token expiry). SQLite shares our clock.
async fn clock_skew(pool: &AnyPool, clock: impl Fn() -> Timestamp, report: &mut Report) {
    if pool.connect_options().database_url.scheme() == "sqlite" {
        return;
    }
    let before = clock();
    let theirs = sqlx::query("SELECT CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)")
        .fetch_one(pool)
        .await
        .and_then(|row| row.try_get::<i64, _>(0));
    let after = clock();
    let theirs = match theirs
        .ok()
        .and_then(|ms| Timestamp::from_millisecond(ms).ok())
    {
        Some(theirs) => theirs,
        None => {
            report.add(
                "clock",
                Level::Weakens,
                "the database's clock cannot be read",
            );
            return;
        }
    };
    let ours = before + before.duration_until(after) / 2;
    let skew = ours.duration_since(theirs);
    let seconds = skew.abs().as_secs_f64();
    let text = format!(
        "this server's clock is {seconds:.1} s {} the database's",
        if skew.is_negative() {
            "behind"
        } else {
            "ahead of"
        }
    );
    if skew.abs() > CLOCK_BLOCKS {
        report.add(
            "clock",
            Level::Blocks,
            format!("{text}: holds, leases and sign-ins go wrong. Turn on time sync (systemd-timesyncd or chrony) on both machines"),
        );
    } else if skew.abs() > CLOCK_FINE {
        report.add(
            "clock",
            Level::Weakens,
            format!("{text}. Turn on time sync (systemd-timesyncd or chrony) on both machines"),
        );
    } else {
        report.add("clock", Level::Fine, text);
    }
}

fn backups(settings: &Settings, report: &mut Report) {
    let dir = settings.backup_dir();
    match backup::daily_keep(settings) {
        None if settings.backup.keep == 0 => report.add(
            "backups",
            Level::Weakens,
            "daily backups are off (BACKUP_KEEP=0): a lost disk or a mistake takes the orders, \
             invoices and photos along",
        ),
        None => report.add(
            "backups",
            Level::Weakens,
            "pg_dump is not installed: no daily backups of the PostgreSQL database. Install the \
             PostgreSQL client (same major version as the server or newer)",
        ),
        Some(keep) => match writable(&dir) {
            Ok(()) => report.add(
                "backups",
                Level::Fine,
                format!(
                    "a backup a day, the newest {keep} kept in {}: copy them off this machine too",
                    dir.display()
                ),
            ),
            Err(e) => report.add(
                "backups",
                Level::Weakens,
                format!(
                    "the backup folder {} is not writable for this user: {e}",
                    dir.display()
                ),
            ),
        },
    }
}

async fn media(settings: &Settings, report: &mut Report) {
    if settings.media.store == MediaStoreKind::Folder {
        let several = if db::is_sqlite(&settings.database_url()) {
            ""
        } else {
            " (one server; several servers on this PostgreSQL need MEDIA_STORE=s3)"
        };
        report.add(
            "media",
            Level::Fine,
            format!(
                "photos are kept in {}{several}",
                media_store::folder(&settings.data_dir).display()
            ),
        );
        return;
    }
    let bucket = &settings.media.s3_bucket;
    let probed = match media_store::from_settings(&settings.media, &settings.data_dir) {
        Ok(store) => {
            match tokio::time::timeout(Duration::from_secs(30), media_store::probe(store.as_ref()))
                .await
            {
                Ok(result) => result.map_err(|e| e.to_string()),
                Err(_) => Err("no answer within 30 seconds".into()),
            }
        }
        Err(e) => Err(format!("{e:#}")),
    };
    match probed {
        Ok(()) => report.add(
            "media",
            Level::Fine,
            format!(
                "photos are kept in the bucket {bucket}, which writes and reads: turn on its \
                 versioning, it is the photos' backup"
            ),
        ),
        Err(e) => report.add(
            "media",
            Level::Blocks,
            format!(
                "the photo bucket {bucket} cannot be written and read back with these settings \
                 (MEDIA_S3_*, AWS_*): {e}"
            ),
        ),
    }
}

fn is_loopback(host: &str) -> bool {
    host == "localhost"
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

fn proxy(settings: &Settings, https: bool, report: &mut Report) {
    let host = &settings.host;
    if settings.auth.trust_forwarded_for && !is_loopback(host) {
        report.add(
            "proxy",
            Level::Weakens,
            format!(
                "TRUST_FORWARDED_FOR=true while the server listens on {host}: whoever reaches it \
                 directly picks their own address for the limits. Listen on 127.0.0.1 behind the proxy"
            ),
        );
    } else if https && !settings.auth.trust_forwarded_for {
        report.add(
            "proxy",
            Level::Weakens,
            "a proxy serves https, but X-Forwarded-For is not trusted: every visitor counts as \
             the proxy's address in the limits. Set TRUST_FORWARDED_FOR=true (and HOST=127.0.0.1)",
        );
    }
}

/// Without `JWT_SECRET` each server signs sessions with the key file in its own data folder: on
/// PostgreSQL, where several servers may share the database, they then refuse each other's.
fn signing_key(settings: &Settings, report: &mut Report) {
    if db::is_sqlite(&settings.database_url()) {
        return;
    }
    if settings.auth.jwt_secret.is_empty() {
        report.add(
            "jwt-key",
            Level::Weakens,
            format!(
                "JWT_SECRET is not set: this server signs sign-ins with its own key file in {}. \
                 Fine for one server; several servers on this PostgreSQL database each have their \
                 own key and refuse each other's sign-ins (the coach is signed out whenever the \
                 proxy switches server). Set the same JWT_SECRET (at least 32 characters) on each",
                settings.data_dir.display()
            ),
        );
    } else {
        report.add(
            "jwt-key",
            Level::Fine,
            "sign-ins are signed with JWT_SECRET: every server with the same one accepts them",
        );
    }
}

fn metrics(settings: &Settings, report: &mut Report) {
    let address = &settings.metrics.address;
    let open = address
        .parse::<std::net::SocketAddr>()
        .is_ok_and(|a| !a.ip().is_loopback());
    if open {
        report.add(
            "metrics",
            Level::Weakens,
            format!("/metrics listens on {address}, open to whoever reaches it: keep it behind a firewall or on 127.0.0.1"),
        );
    }
}

/// The nearest folder at or above `dir` that exists takes a new file (the server creates what is
/// missing below it).
fn writable(dir: &Path) -> Result<(), String> {
    let mut existing = dir;
    while !existing.as_os_str().is_empty() && !existing.exists() {
        existing = existing.parent().unwrap_or(Path::new(""));
    }
    let existing = if existing.as_os_str().is_empty() {
        Path::new(".")
    } else {
        existing
    };
    if !existing.is_dir() {
        return Err(format!("{} is not a folder", existing.display()));
    }
    let probe = existing.join(format!(".inlumine-check-{}", std::process::id()));
    std::fs::File::create(&probe).map_err(|e| format!("{}: {e}", existing.display()))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}
