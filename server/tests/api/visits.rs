//! The visitor beacon and Beheer > Bezoekers: counts without cookies, without keeping an address
//! or an id past the day (platform::visits, overview::visitors).
use futures_util::future::join_all;
use jiff::SignedDuration;
use reqwest::Method;
use serde_json::{Value, json};
use sqlx::{AssertSqlSafe, Row};

use crate::helpers::{Engine, TestApp, spawn_app_with, spawn_second_server_with};

/// Five public pages of the test build (tests/fixtures/site).
const PAGES: [&str; 5] = [
    "/",
    "/contact",
    "/over-mij",
    "/vertelavond",
    "/wees-eerlijk",
];

fn visitor_address(i: usize) -> String {
    format!("10.77.0.{i}")
}

fn visitor_agent(i: usize) -> String {
    format!(
        "Mozilla/5.0 (Testbezoeker{i}; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"
    )
}

/// Sends one beacon as `navigator.sendBeacon` does (a text/plain body) and returns the status.
async fn beacon(app: &TestApp, address: &str, agent: Option<&str>, body: &str) -> u16 {
    let mut request = app
        .client
        .post(app.url("/api/visits"))
        .header("content-type", "text/plain;charset=UTF-8")
        .header("x-forwarded-for", address)
        .body(body.to_string());
    if let Some(agent) = agent {
        request = request.header("user-agent", agent);
    }
    request.send().await.unwrap().status().as_u16()
}

fn view(path: &str) -> String {
    json!({"url": path, "referrer": "", "width": 1280}).to_string()
}

async fn report(app: &TestApp, token: &str, days: i64) -> Value {
    let res = app
        .authed(
            Method::GET,
            &format!("/api/admin/visitors?days={days}"),
            token,
        )
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    res.json().await.unwrap()
}

async fn spawn(engine: Engine) -> TestApp {
    spawn_app_with(engine, |s| {
        // Each simulated visitor comes from its own address.
        s.auth.trust_forwarded_for = true;
    })
    .await
}

/// 1,000 page views by 50 visitors across 5 pages, sent 50 at a time.
async fn thousand_views(app: &TestApp, servers: &[&TestApp]) {
    for round in 0..20 {
        let sends = (0..50).map(|k| {
            let n = round * 50 + k;
            let visitor = n % 50;
            let page = PAGES[(n / 50 + visitor) % 5];
            let server = servers[n % servers.len()];
            let body = json!({
                "url": format!("{page}?utm_source=Nieuwsbrief&utm_campaign=herfst&email=lezer{visitor}@example.be"),
                "referrer": if n % 2 == 0 { "https://www.google.com/search?q=coach" } else { "" },
                "width": if visitor % 2 == 0 { 390 } else { 1280 },
            })
            .to_string();
            async move {
                beacon(
                    server,
                    &visitor_address(visitor),
                    Some(&visitor_agent(visitor)),
                    &body,
                )
                .await
            }
        });
        for status in join_all(sends).await {
            assert_eq!(status, 204);
        }
    }
    let _ = app;
}

/// Every table and column of the database, each column read as text.
async fn every_column(app: &TestApp, engine: Engine) -> Vec<(String, String)> {
    let mut columns = Vec::new();
    match engine {
        Engine::Sqlite => {
            let tables = sqlx::query(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
            )
            .fetch_all(&app.pool)
            .await
            .unwrap();
            for table in tables {
                let table: String = table.try_get("name").unwrap();
                for row in sqlx::query("SELECT name FROM pragma_table_info($1)")
                    .bind(&table)
                    .fetch_all(&app.pool)
                    .await
                    .unwrap()
                {
                    columns.push((table.clone(), row.try_get("name").unwrap()));
                }
            }
        }
        Engine::Postgres => {
            for row in sqlx::query(
                "SELECT CAST(table_name AS TEXT) AS t, CAST(column_name AS TEXT) AS c \
                 FROM information_schema.columns WHERE table_schema = current_schema()",
            )
            .fetch_all(&app.pool)
            .await
            .unwrap()
            {
                columns.push((row.try_get("t").unwrap(), row.try_get("c").unwrap()));
            }
        }
    }
    assert!(columns.len() > 100, "every table's columns are read");
    columns
}

/// (table, column) of every value that contains `needle`.
async fn where_found(app: &TestApp, engine: Engine, needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (table, column) in every_column(app, engine).await {
        let sql =
            format!("SELECT COUNT(*) FROM \"{table}\" WHERE CAST(\"{column}\" AS TEXT) LIKE $1");
        let n: i64 = sqlx::query(AssertSqlSafe(sql))
            .bind(format!("%{needle}%"))
            .fetch_one(&app.pool)
            .await
            .unwrap()
            .try_get(0)
            .unwrap();
        if n > 0 {
            found.push(format!("{table}.{column}"));
        }
    }
    found
}

async fn count(app: &TestApp, table: &str) -> i64 {
    sqlx::query(AssertSqlSafe(format!("SELECT COUNT(*) FROM {table}")))
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap()
}

async fn thousand_views_of_fifty_visitors_count_fifty_and_nothing_personal_outlives_the_day(
    engine: Engine,
) {
    let app = spawn(engine).await;
    let token = app.admin_token().await;
    thousand_views(&app, &[&app]).await;

    let today = report(&app, &token, 1).await;
    let day = &today["days"][0];
    assert_eq!(day["views"], 1000, "{today}");
    assert_eq!(day["visitors"], 50, "{today}");
    assert_eq!(today["views"], 1000);
    assert_eq!(today["visitors"], 50);
    let pages = today["top_pages"].as_array().unwrap();
    assert_eq!(pages.len(), 5);
    assert!(pages.iter().all(|p| p["count"] == 200), "{pages:?}");
    assert_eq!(today["sources"][0]["name"], "nieuwsbrief");
    assert_eq!(today["sources"][0]["count"], 1000);
    assert_eq!(today["campaigns"][0]["name"], "herfst");
    let devices = today["devices"].as_array().unwrap();
    assert_eq!(devices.len(), 2);
    assert!(devices.iter().all(|d| d["count"] == 500), "{devices:?}");
    // No query string but the campaign is kept: the e-mail address in the URL is gone.
    assert!(where_found(&app, engine, "lezer7@").await.is_empty());

    // During the day: hashes and the salt, never an address or a browser.
    let hashes: Vec<String> = sqlx::query("SELECT hash FROM visitor_hashes")
        .fetch_all(&app.pool)
        .await
        .unwrap()
        .iter()
        .map(|r| r.try_get(0).unwrap())
        .collect();
    assert_eq!(hashes.len(), 50);
    let salt: String = sqlx::query("SELECT salt FROM visit_salts")
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    for needle in ["10.77.0.", "Testbezoeker"] {
        assert_eq!(
            where_found(&app, engine, needle).await,
            Vec::<String>::new()
        );
    }

    // Past midnight (Brussels): the next flush closes the day.
    app.clock.advance(SignedDuration::from_hours(24));
    let two_days = report(&app, &token, 2).await;
    let yesterday = &two_days["days"][0];
    assert_eq!(yesterday["views"], 1000, "{two_days}");
    assert_eq!(yesterday["visitors"], 50, "{two_days}");
    assert_eq!(two_days["days"][1]["views"], 0);
    assert_eq!(count(&app, "visitor_hashes").await, 0);
    assert_eq!(count(&app, "visit_salts").await, 0);
    for needle in hashes.iter().chain([&salt]) {
        assert_eq!(
            where_found(&app, engine, needle).await,
            Vec::<String>::new(),
            "a visitor hash or the salt outlived its day"
        );
    }
    for needle in ["10.77.0.", "Testbezoeker"] {
        assert_eq!(
            where_found(&app, engine, needle).await,
            Vec::<String>::new()
        );
    }

    // The new day has a new salt: the same visitor is counted again, under another hash.
    assert_eq!(
        beacon(
            &app,
            &visitor_address(1),
            Some(&visitor_agent(1)),
            &view("/")
        )
        .await,
        204
    );
    let new_day = report(&app, &token, 1).await;
    assert_eq!(new_day["days"][0]["visitors"], 1);
    let hash: String = sqlx::query("SELECT hash FROM visitor_hashes")
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    assert!(!hashes.contains(&hash));
}

async fn bots_and_headless_browsers_are_answered_and_not_counted(engine: Engine) {
    let app = spawn(engine).await;
    let token = app.admin_token().await;
    for agent in [
        None,
        Some(""),
        Some("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"),
        Some(
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36",
        ),
        Some("curl/8.5.0"),
    ] {
        assert_eq!(
            beacon(&app, "10.1.1.1", agent, &view("/")).await,
            204,
            "{agent:?}"
        );
    }
    let figures = report(&app, &token, 1).await;
    assert_eq!(figures["views"], 0, "{figures}");
    assert_eq!(figures["visitors"], 0);
    assert_eq!(count(&app, "visitor_hashes").await, 0);
}

async fn bad_beacons_get_a_4xx_and_nothing_is_written(engine: Engine) {
    let app = spawn(engine).await;
    let token = app.admin_token().await;
    let agent = Some(visitor_agent(1));
    let too_long = json!({"url": "/", "referrer": "x".repeat(1100)}).to_string();
    let cases: [(&str, u16); 11] = [
        (&too_long, 413),
        ("niet eens json", 400),
        ("{}", 422),
        (r#"{"url": "/bestaat-niet"}"#, 422),
        (r#"{"url": "/admin/dashboard"}"#, 422),
        (r#"{"url": "/admin"}"#, 422),
        (r#"{"url": "https://elders.example/"}"#, 422),
        (r#"{"url": "/", "width": 0}"#, 422),
        (r#"{"url": "/", "event": "iets_anders"}"#, 422),
        (r#"{"url": "/", "ip": "10.0.0.1"}"#, 422),
        (r#"{"url": 5}"#, 422),
    ];
    for (body, status) in cases {
        assert_eq!(
            beacon(&app, "10.2.2.2", agent.as_deref(), body).await,
            status,
            "{body}"
        );
    }
    let figures = report(&app, &token, 1).await;
    assert_eq!(figures["views"], 0, "{figures}");
    for table in [
        "visit_pages",
        "visit_counts",
        "visitor_hashes",
        "visit_days",
    ] {
        assert_eq!(count(&app, table).await, 0, "{table}");
    }
}

async fn the_beacon_has_a_limit_per_address(engine: Engine) {
    let app = spawn_app_with(engine, |s| {
        s.auth.trust_forwarded_for = true;
        s.limits.beacon_per_ip_per_hour = 3;
    })
    .await;
    let agent = visitor_agent(1);
    for _ in 0..3 {
        assert_eq!(
            beacon(&app, "10.3.3.3", Some(&agent), &view("/")).await,
            204
        );
    }
    assert_eq!(
        beacon(&app, "10.3.3.3", Some(&agent), &view("/")).await,
        429
    );
    assert_eq!(
        beacon(&app, "10.3.3.4", Some(&agent), &view("/")).await,
        204
    );
}

/// Inserts what the funnel reads from the practice's own tables, `at` an RFC 3339 UTC time.
async fn insert_path_steps(
    app: &TestApp,
    tag: &str,
    at: &str,
    results: i64,
    confirmed: i64,
    calls: i64,
    paid: i64,
) {
    // A version of the test per call (numbered by the tag), and its finished results.
    let version = tag.len() as i64;
    sqlx::query(
        "INSERT INTO selftest_versions (version, definition, published_at) VALUES ($1, '{}', $2)",
    )
    .bind(version)
    .bind(at)
    .execute(&app.pool)
    .await
    .unwrap();
    let version_id: i64 = sqlx::query_scalar("SELECT id FROM selftest_versions WHERE version = $1")
        .bind(version)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    for i in 0..results {
        sqlx::query(
            "INSERT INTO selftest_results (token_hash, version_id, answers, scores, \
             primary_profile_id, created_at) VALUES ($1, $2, '[]', '{}', 'p', $3)",
        )
        .bind(format!("{tag}-{i}"))
        .bind(version_id)
        .bind(at)
        .execute(&app.pool)
        .await
        .unwrap();
    }
    for i in 0..confirmed + 2 {
        // Two more stay pending: not confirmed, not counted.
        let status = if i < confirmed {
            "confirmed"
        } else {
            "pending"
        };
        sqlx::query(
            "INSERT INTO newsletter_subscribers (first_name, email, email_normalized, status, \
             unsubscribe_token_hash, created_at, confirmed_at, updated_at) \
             VALUES ('Lezer', $1, $1, $2, $3, $4, $5, $4)",
        )
        .bind(format!("lezer{i}-{tag}@example.be"))
        .bind(status)
        .bind(format!("hash-{i}-{tag}"))
        .bind(at)
        .bind((status == "confirmed").then_some(at))
        .execute(&app.pool)
        .await
        .unwrap();
    }
    for i in 0..calls {
        // A booked moment is unique: each tag its own month.
        let starts = format!("2099-{:02}-0{}T09:00:00.000000Z", tag.len(), i + 1);
        sqlx::query(
            "INSERT INTO intro_calls (starts_at, ends_at, mode, name, email, status, booked_at, \
             created_at, updated_at) VALUES ($1, $1, 'video', 'Bezoeker', 'b@example.be', 'booked', $2, $2, $2)",
        )
        .bind(&starts)
        .bind(at)
        .execute(&app.pool)
        .await
        .unwrap();
    }
    for i in 0..paid + 1 {
        // One more never paid: not counted.
        let paid_at = (i < paid).then_some(at);
        sqlx::query(
            "INSERT INTO orders (public_id, idempotency_key, product_id, quantity, first_name, \
             last_name, email, unit_price_cents, subtotal_cents, discount_cents, total_cents, \
             terms_accepted_at, consent_text, status, provider, expires_at, paid_at, created_at, \
             updated_at) VALUES ($1, $1, 1, 1, 'Koper', 'Test', 'k@example.be', 1900, 1900, 0, \
             1900, $2, 'Ja', $3, 'simulated', $2, $4, $2, $2)",
        )
        .bind(format!("funnel-{i}-{tag}"))
        .bind(at)
        .bind(if paid_at.is_some() { "paid" } else { "expired" })
        .bind(paid_at)
        .execute(&app.pool)
        .await
        .unwrap();
    }
}

async fn the_path_per_week_counts_what_was_done(engine: Engine) {
    let app = spawn(engine).await;
    let token = app.admin_token().await;
    // 12 visitors view a page; 4 of them start the self-test (one of them twice).
    for i in 0..12 {
        let status = beacon(
            &app,
            &visitor_address(i),
            Some(&visitor_agent(i)),
            &view("/wees-eerlijk"),
        )
        .await;
        assert_eq!(status, 204);
    }
    let started = json!({"url": "/wees-eerlijk", "event": "selftest_started"}).to_string();
    for i in [0, 1, 2, 3, 3] {
        assert_eq!(
            beacon(&app, &visitor_address(i), Some(&visitor_agent(i)), &started).await,
            204
        );
    }
    let now = inlumine::kit::db::format_ts(app.clock.now());
    insert_path_steps(&app, "nu", &now, 3, 2, 1, 2).await;
    // A week earlier than the period: not in it.
    insert_path_steps(&app, "vroeger", "2020-01-01T10:00:00.000000Z", 1, 1, 1, 1).await;

    let figures = report(&app, &token, 7).await;
    let weeks = figures["funnel"].as_array().unwrap();
    assert!(!weeks.is_empty() && weeks.len() <= 2, "{weeks:?}");
    let this_week = weeks.last().unwrap();
    assert_eq!(this_week["visitors"], 12, "{this_week}");
    assert_eq!(this_week["selftest_started"], 5);
    assert_eq!(this_week["selftest_completed"], 3);
    assert_eq!(this_week["newsletter_confirmed"], 2);
    assert_eq!(this_week["intro_calls_booked"], 1);
    assert_eq!(this_week["orders_paid"], 2);
    let total_paid: i64 = weeks
        .iter()
        .map(|w| w["orders_paid"].as_i64().unwrap())
        .sum();
    assert_eq!(total_paid, 2);
    // An event is no page view.
    assert_eq!(figures["views"], 12);
}

async fn the_admin_report_needs_a_session_and_a_sane_period(engine: Engine) {
    let app = spawn(engine).await;
    assert_eq!(app.get("/api/admin/visitors").await.status().as_u16(), 401);
    let token = app.admin_token().await;
    for days in [0, 367, -1] {
        let res = app
            .authed(
                Method::GET,
                &format!("/api/admin/visitors?days={days}"),
                &token,
            )
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 422, "{days}");
    }
    let figures = report(&app, &token, 30).await;
    assert_eq!(figures["days"].as_array().unwrap().len(), 30);
}

both_engines!(
    thousand_views_of_fifty_visitors_count_fifty_and_nothing_personal_outlives_the_day,
    bots_and_headless_browsers_are_answered_and_not_counted,
    bad_beacons_get_a_4xx_and_nothing_is_written,
    the_beacon_has_a_limit_per_address,
    the_path_per_week_counts_what_was_done,
    the_admin_report_needs_a_session_and_a_sane_period,
);

/// Two servers on one PostgreSQL database share the day's salt: a visitor whose views reach both
/// is counted once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_count_a_visitor_once() {
    let first = spawn(Engine::Postgres).await;
    let second = spawn_second_server_with(&first, |s| s.auth.trust_forwarded_for = true).await;
    let token = first.admin_token().await;
    thousand_views(&first, &[&first, &second]).await;
    // The second server writes within its flush interval.
    tokio::time::sleep(inlumine::platform::visit_counts::FLUSH_EVERY * 2).await;
    let figures = report(&first, &token, 1).await;
    assert_eq!(figures["views"], 1000, "{figures}");
    assert_eq!(figures["visitors"], 50, "{figures}");
}
