//! What mail providers look at, through a real SMTP server on loopback (aiosmtpd): a
//! `Message-ID` on the site's domain and a `Date` on every mail, visitor mails that reply to her
//! address in Instellingen, coach notices that reply to the person they are about, and newsletter leases that two servers share without sending anyone
//! a mail twice, and that a restarted server takes over within seconds.
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use sqlx::{AnyPool, Row};

use crate::campaigns::{
    BODY, aiosmtpd_python, create_campaign, header, insert_subscriber, send_now, wait_until_sent,
};
use crate::commerce::{evening, order_body, press, started};
use crate::helpers::{
    ADMIN_EMAIL, ADMIN_PASSWORD, Engine, Server, TestApp, TestDatabase, inlumine, qp_decode,
    spawn_app_with,
};

both_engines!(
    every_mail_reaches_the_smtp_server_with_a_message_id_a_date_and_replies_going_to_her,
    coach_notices_reply_to_the_buyer_and_are_signed_by_the_website_not_by_her,
);

/// aiosmtpd that takes `delay` seconds to accept each message (a busy provider) and keeps what
/// it accepted in a Maildir; killed on drop.
pub struct SmtpServer {
    child: Child,
    pub port: u16,
    maildir: PathBuf,
}

impl SmtpServer {
    fn start(delay_secs: f64) -> Self {
        let python = aiosmtpd_python();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let maildir = std::env::temp_dir().join(format!(
            "inlumine-smtp-{}",
            hex::encode(rand::random::<[u8; 8]>())
        ));
        let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/python/slow_smtp.py");
        let child = Command::new(python)
            .arg(script)
            .arg(port.to_string())
            .arg(&maildir)
            .arg(delay_secs.to_string())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("aiosmtpd starts");
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "aiosmtpd did not listen"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Self {
            child,
            port,
            maildir,
        }
    }

    fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Every message accepted so far, with CRLF line ends and quoted-printable undone.
    pub fn messages(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(self.maildir.join("new")) else {
            return Vec::new();
        };
        entries
            .filter_map(|e| e.ok())
            .filter_map(|e| std::fs::read_to_string(e.path()).ok())
            .map(|m| qp_decode(&m.replace("\r\n", "\n").replace('\n', "\r\n")))
            .collect()
    }

    /// How many messages each envelope recipient got.
    fn per_recipient(&self) -> BTreeMap<String, usize> {
        let mut counts = BTreeMap::new();
        for message in self.messages() {
            let to = header(&message, "X-RcptTo").expect("aiosmtpd adds X-RcptTo");
            *counts.entry(to).or_default() += 1;
        }
        counts
    }

    async fn wait_for(&self, n: usize) -> Vec<String> {
        for _ in 0..600 {
            let messages = self.messages();
            if messages.len() >= n {
                return messages;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("expected {n} messages at the SMTP server");
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.maildir);
    }
}

/// A real SMTP server on loopback that takes `delay_secs` per message.
pub async fn start_smtp(delay_secs: f64) -> SmtpServer {
    tokio::task::spawn_blocking(move || SmtpServer::start(delay_secs))
        .await
        .unwrap()
}

/// The host of `siteUrl` in config/site.json: the tests' public URL.
fn site_domain() -> String {
    let site: Value = serde_json::from_str(
        &std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../config/site.json"),
        )
        .unwrap(),
    )
    .unwrap();
    url::Url::parse(site["siteUrl"].as_str().unwrap())
        .unwrap()
        .host_str()
        .unwrap()
        .to_string()
}

async fn every_mail_reaches_the_smtp_server_with_a_message_id_a_date_and_replies_going_to_her(
    engine: Engine,
) {
    let smtp = start_smtp(0.0).await;
    let url = smtp.url();
    let app = spawn_app_with(engine, move |s| {
        s.mail.transport = inlumine::kit::configuration::MailTransport::Smtp;
        s.mail.smtp_url = inlumine::kit::configuration::Secret::new(url);
        s.campaigns.poll_interval_ms = 50;
    })
    .await;
    let token = app.admin_token().await;
    // Her own address in Instellingen: where replies go, while the sender stays the verified one.
    let mut details: Value = app
        .authed(reqwest::Method::GET, "/api/admin/settings", &token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let sending = details["email"].as_str().unwrap().to_string();
    details["email"] = json!("lien@praktijk-lumen.be");
    let res = app
        .authed(reqwest::Method::PUT, "/api/admin/settings", &token)
        .json(&details)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    // A paid order: the buyer's confirmation and the coach's notice.
    let event = evening(&app, 10).await;
    let (_, reference) = started(&app, &order_body("vertelavond", Some(event), 1)).await;
    press(&app, &reference, "paid").await;
    // A contact message: the coach's copy and the auto-reply.
    let res = app
        .post_json(
            "/api/contact",
            &json!({
                "name": "Jan Smet",
                "email": "jan@example.be",
                "subject": "coaching",
                "message": "Hoe verloopt een traject?",
                "privacy_consent": true,
                "website": "",
            }),
        )
        .await;
    assert_eq!(res.status(), 200);
    // A newsletter signup's confirmation, and a newsletter to two subscribers.
    let res = app
        .post_json(
            "/api/newsletter",
            &json!({"firstName": "Eva", "email": "eva@example.be"}),
        )
        .await;
    assert_eq!(res.status(), 200);
    insert_subscriber(&app.pool, "anna@example.be", "confirmed").await;
    insert_subscriber(&app.pool, "bart@example.be", "confirmed").await;
    let id = create_campaign(&app, &token, json!({})).await["id"]
        .as_i64()
        .unwrap();
    send_now(&app, &token, id).await;
    wait_until_sent(&app, &token, id).await;

    let messages = smtp.wait_for(7).await;
    let domain = site_domain();
    let mut ids = std::collections::HashSet::new();
    for message in &messages {
        let to = header(message, "X-RcptTo").unwrap();
        let message_id = header(message, "Message-ID")
            .unwrap_or_else(|| panic!("no Message-ID in the mail to {to}:\n{message}"));
        let local = message_id
            .strip_prefix('<')
            .and_then(|m| m.strip_suffix(&format!("@{domain}>")))
            .unwrap_or_else(|| panic!("{message_id} is not <…@{domain}>"));
        assert!(
            local.len() == 32 && local.bytes().all(|b| b.is_ascii_hexdigit()),
            "{message_id}"
        );
        assert!(ids.insert(message_id.clone()), "{message_id} twice");
        let date = header(message, "Date").unwrap_or_else(|| panic!("no Date in:\n{message}"));
        let sent = jiff::fmt::rfc2822::parse(&date)
            .unwrap_or_else(|e| panic!("Date {date:?} is not RFC 5322: {e}"))
            .timestamp();
        let age = jiff::Timestamp::now().duration_since(sent).abs();
        assert!(age < jiff::SignedDuration::from_mins(5), "{date}");
        let from = header(message, "From").unwrap();
        assert!(from.ends_with(&format!("<{sending}>")), "{from}");
        let reply_to = header(message, "Reply-To");
        if to == "lien@praktijk-lumen.be" {
            // Her notices reply to the buyer or visitor they are about.
            assert!(
                matches!(reply_to.as_deref(), Some(r) if r.ends_with("@example.be")),
                "{message}"
            );
        } else {
            assert_eq!(
                reply_to.as_deref(),
                Some("lien@praktijk-lumen.be"),
                "the mail to {to}"
            );
        }
    }
}

async fn coach_notices_reply_to_the_buyer_and_are_signed_by_the_website_not_by_her(engine: Engine) {
    let app = spawn_app_with(engine, |_| {}).await;
    let coach = app_site(&app)["contact"]["email"]
        .as_str()
        .unwrap()
        .to_string();
    let coach_name = app_site(&app)["coach"]["name"]
        .as_str()
        .unwrap()
        .to_string();
    let event = evening(&app, 10).await;
    let mut body = order_body("vertelavond", Some(event), 1);
    body["email"] = json!("koper@example.be");
    let (_, reference) = started(&app, &body).await;
    press(&app, &reference, "paid").await;
    let notice = app
        .wait_for_mails_to(&coach, 1)
        .await
        .into_iter()
        .find(|m| m.contains("Nieuwe bestelling"))
        .expect("the coach's notice of the order");
    assert_eq!(
        header(&notice, "Reply-To").as_deref(),
        Some("koper@example.be"),
        "{notice}"
    );
    assert!(
        notice.contains("Dit bericht stuurde je website automatisch."),
        "{notice}"
    );
    assert!(
        !notice.contains(&format!("Warme groet,\r\n{coach_name}"))
            && !notice.contains(&format!("Warme groet,<br>{coach_name}")),
        "signed with her own name: {notice}"
    );
    // The buyer's own mail is still signed by her.
    let confirmation = app.wait_for_mails_to("koper@example.be", 1).await.remove(0);
    assert!(
        confirmation.contains(&format!("Warme groet,\r\n{coach_name}")),
        "{confirmation}"
    );
}

fn app_site(_app: &TestApp) -> Value {
    serde_json::from_str(
        &std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../config/site.json"),
        )
        .unwrap(),
    )
    .unwrap()
}

// ---------------------------------------------------------------------------------------------
// Several servers and crashes: the real binary, started and killed as processes.

fn smtp_server(database: &TestDatabase, smtp: &SmtpServer, extra: &[(&str, &str)]) -> Command {
    let mut command = inlumine(database, &["serve"]);
    command
        .env("MAIL_TRANSPORT", "smtp")
        .env("SMTP_URL", smtp.url())
        .env("CAMPAIGN_MESSAGES_PER_SECOND", "100")
        .env("CAMPAIGN_POLL_INTERVAL_MS", "100");
    for (name, value) in extra {
        command.env(name, value);
    }
    command
}

async fn subscribers(pool: &AnyPool, n: usize) -> Vec<String> {
    let mut addresses = Vec::new();
    for i in 0..n {
        let address = format!("lezer{i:02}@example.org");
        insert_subscriber(pool, &address, "confirmed").await;
        addresses.push(address);
    }
    addresses
}

/// Signs in at `address` and sends a newsletter to every subscriber; its id.
async fn send_newsletter(pool: &AnyPool, address: &str) -> i64 {
    inlumine::platform::auth::users::create_or_reset_admin(
        pool,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        false,
    )
    .await
    .unwrap();
    let client = reqwest::Client::new();
    let login: Value = client
        .post(format!("{address}/api/auth/login"))
        .json(&json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = login["access_token"].as_str().unwrap().to_string();
    let created: Value = client
        .post(format!("{address}/api/admin/campaigns"))
        .bearer_auth(&token)
        .json(&json!({"subject": "Voor iedereen", "body": BODY, "audience": "all"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_i64().unwrap();
    let res = client
        .post(format!("{address}/api/admin/campaigns/{id}/send"))
        .bearer_auth(&token)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    id
}

async fn campaign_status(pool: &AnyPool, id: i64) -> (String, i64) {
    let row = sqlx::query(
        "SELECT status, (SELECT COUNT(*) FROM campaign_recipients WHERE campaign_id = $1 AND status = 'sent') AS sent \
         FROM campaigns WHERE id = $1",
    )
    .bind(id)
    .fetch_one(pool)
    .await
    .unwrap();
    (row.get("status"), row.get("sent"))
}

async fn wait_until_done(pool: &AnyPool, id: i64, limit: Duration) -> Duration {
    let started = Instant::now();
    loop {
        let (status, sent) = campaign_status(pool, id).await;
        if status == "sent" {
            return started.elapsed();
        }
        assert!(
            started.elapsed() < limit,
            "still {status} with {sent} sent after {limit:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Two servers on one PostgreSQL database and an SMTP server that takes 5 s per mail: a batch
/// of 4 takes 20 s, far longer than the 3 s lease, yet each server keeps its batch (renewed by
/// its heartbeat) and nobody gets the newsletter twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_and_a_slow_smtp_server_send_each_recipient_the_newsletter_once() {
    let database = TestDatabase::create(Engine::Postgres).await;
    let smtp = start_smtp(5.0).await;
    let settings = [("CAMPAIGN_BATCH_SIZE", "4"), ("CAMPAIGN_LEASE_SECS", "3")];
    let first = Server::spawn(smtp_server(&database, &smtp, &settings)).await;
    let _second = Server::spawn(smtp_server(&database, &smtp, &settings)).await;
    let pool = inlumine::kit::db::connect(&database.url).await.unwrap();
    let addresses = subscribers(&pool, 12).await;
    let id = send_newsletter(&pool, &first.address).await;
    let took = wait_until_done(&pool, id, Duration::from_secs(180)).await;
    // Every mail the SMTP server accepted is in its Maildir once it answered.
    let counts = smtp.per_recipient();
    println!("12 newsletters through two servers at 5 s per mail in {took:?}: {counts:?}");
    for address in &addresses {
        assert_eq!(counts.get(address), Some(&1), "{address}: {counts:?}");
    }
    assert_eq!(counts.values().sum::<usize>(), 12, "{counts:?}");
    pool.close().await;
}

/// A server killed (SIGKILL) in the middle of a newsletter leaves its claimed batch leased to a
/// process that no longer renews it: the restarted server takes it over within one lease (the
/// default, 15 s) and finishes well within 30 s. Only the mail in flight may go twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_while_sending_has_its_newsletter_finished_within_30_s_of_a_restart() {
    let database = TestDatabase::create(Engine::Sqlite).await;
    let smtp = start_smtp(0.2).await;
    let mut server = Server::spawn(smtp_server(&database, &smtp, &[])).await;
    let pool = inlumine::kit::db::connect(&database.url).await.unwrap();
    let addresses = subscribers(&pool, 30).await;
    let id = send_newsletter(&pool, &server.address).await;
    // Kill it once a few mails went out, with most of its first batch (20) still claimed.
    let started = Instant::now();
    while smtp.messages().len() < 3 {
        assert!(started.elapsed() < Duration::from_secs(60), "nothing sent");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.child.kill().unwrap(); // SIGKILL
    server.child.wait().unwrap();
    let (_, sent_before) = campaign_status(&pool, id).await;
    assert!(sent_before < 20, "killed mid-batch ({sent_before} sent)");
    let _restarted = Server::spawn(smtp_server(&database, &smtp, &[])).await;
    let took = wait_until_done(&pool, id, Duration::from_secs(30)).await;
    println!("killed at {sent_before} sent; the restarted server finished {took:?} later");
    let counts = smtp.per_recipient();
    for address in &addresses {
        assert!(
            counts.contains_key(address),
            "{address} skipped: {counts:?}"
        );
    }
    let twice: usize = counts.values().map(|n| n - 1).sum();
    assert!(
        twice <= 1,
        "only the mail in flight may go twice: {counts:?}"
    );
    pool.close().await;
}
