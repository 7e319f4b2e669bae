//! For the host: Prometheus `/metrics` is off by default; on the site's port it answers only the
//! configured bearer token, on a separate address it answers there alone. It counts requests per
//! route (never per id or token), times them, and reads the outbox and the database pool.
//! `LOG_FORMAT=json` writes one JSON object per log line.
use std::process::Stdio;

use inlumine::kit::configuration::Secret;
use inlumine::kit::db;
use jiff::{SignedDuration, Timestamp};

use crate::helpers::{Engine, TestDatabase, inlumine, spawn_app, spawn_app_with};

both_engines!(metrics_on_the_sites_port_answer_the_token_only_and_count_per_route);

const TOKEN: &str = "a-metrics-token-of-at-least-32-characters";

/// The value of the sample line that starts with `prefix` (name and labels).
fn sample(text: &str, prefix: &str) -> Option<f64> {
    text.lines()
        .find(|line| line.starts_with(prefix) && line[prefix.len()..].starts_with(' '))
        .map(|line| line[prefix.len()..].trim().parse().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_are_off_unless_configured() {
    let app = spawn_app(Engine::Sqlite).await;
    let res = app
        .client
        .get(app.url("/metrics"))
        .bearer_auth(TOKEN)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 404);
    assert!(!res.text().await.unwrap().contains("inlumine_http"));
}

async fn metrics_on_the_sites_port_answer_the_token_only_and_count_per_route(engine: Engine) {
    let app = spawn_app_with(engine, |s| s.metrics.token = Secret::new(TOKEN)).await;
    for (token, status) in [(None, 401), (Some("wrong-token"), 401)] {
        let mut req = app.client.get(app.url("/metrics"));
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        assert_eq!(req.send().await.unwrap().status(), status);
    }
    // A mail that has waited ten minutes and is not due yet (its retry is later).
    let ten_minutes_ago = db::format_ts(Timestamp::now() - SignedDuration::from_mins(10));
    sqlx::query(
        "INSERT INTO outbox (kind, payload, status, attempts, next_attempt_at, created_at) \
         VALUES ('email', '{}', 'pending', 3, $1, $2)",
    )
    .bind(db::format_ts(
        Timestamp::now() + SignedDuration::from_hours(1),
    ))
    .bind(&ten_minutes_ago)
    .execute(&app.pool)
    .await
    .unwrap();
    for _ in 0..3 {
        assert_eq!(app.get("/api/reviews").await.status(), 200);
    }
    assert_eq!(app.get("/").await.status(), 200);
    let order = "q3J9xK2mZp8vN4tR7wYb1cD5eF6gH0jL";
    app.get(&format!("/api/orders/{order}")).await;
    assert_eq!(app.get("/api/bestaat-niet").await.status(), 404);

    let res = app
        .client
        .get(app.url("/metrics"))
        .bearer_auth(TOKEN)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain; version=0.0.4")
    );
    let text = res.text().await.unwrap();
    let reviews = r#"inlumine_http_requests_total{method="GET",route="/api/reviews",status="2xx"}"#;
    assert_eq!(sample(&text, reviews), Some(3.0), "{text}");
    let histogram =
        r#"inlumine_http_request_duration_seconds_count{method="GET",route="/api/reviews"}"#;
    assert_eq!(sample(&text, histogram), Some(3.0), "{text}");
    let inf = r#"inlumine_http_request_duration_seconds_bucket{method="GET",route="/api/reviews",le="+Inf"}"#;
    assert_eq!(sample(&text, inf), Some(3.0), "{text}");
    let site = r#"inlumine_http_requests_total{method="GET",route="(site)",status="2xx"}"#;
    assert!(sample(&text, site).is_some_and(|n| n >= 1.0), "{text}");
    let unmatched =
        r#"inlumine_http_requests_total{method="GET",route="(unmatched)",status="4xx"}"#;
    assert_eq!(sample(&text, unmatched), Some(1.0), "{text}");
    assert!(text.contains(r#"route="/api/orders/{"#), "{text}");
    assert!(!text.contains(order), "an order id became a label:\n{text}");
    assert_eq!(
        sample(&text, "inlumine_outbox_pending"),
        Some(1.0),
        "{text}"
    );
    let age = sample(&text, "inlumine_outbox_oldest_pending_age_seconds").unwrap();
    assert!((600.0..900.0).contains(&age), "{text}");
    assert_eq!(
        sample(&text, "inlumine_newsletters_sending"),
        Some(0.0),
        "{text}"
    );
    assert!(
        sample(&text, r#"inlumine_db_pool_connections{state="idle"}"#).is_some(),
        "{text}"
    );
    assert!(sample(&text, "inlumine_db_pool_max_connections").is_some_and(|n| n >= 1.0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_on_a_separate_address_answer_there_only() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let address = format!("127.0.0.1:{port}");
    let configured = address.clone();
    let app = spawn_app_with(Engine::Sqlite, move |s| s.metrics.address = configured).await;
    assert_eq!(app.get("/api/reviews").await.status(), 200);
    let res = reqwest::get(format!("http://{address}/metrics"))
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let text = res.text().await.unwrap();
    let reviews = r#"inlumine_http_requests_total{method="GET",route="/api/reviews",status="2xx"}"#;
    assert_eq!(sample(&text, reviews), Some(1.0), "{text}");
    // Not on the site's port (no token is set), and nothing else on the metrics address.
    assert_eq!(app.get("/metrics").await.status(), 404);
    let other = reqwest::get(format!("http://{address}/api/reviews"))
        .await
        .unwrap();
    assert_eq!(other.status(), 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_logs_are_one_object_per_line() {
    let database = TestDatabase::create(Engine::Sqlite).await;
    let output = tokio::task::spawn_blocking(move || {
        let mut command = inlumine(&database, &["migrate"]);
        command
            .env("LOG_FORMAT", "json")
            .env("RUST_LOG", "info")
            .stdout(Stdio::null());
        command.output().unwrap()
    })
    .await
    .unwrap();
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let lines: Vec<serde_json::Value> = stderr
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    let applied = lines
        .iter()
        .find(|l| l["message"] == "migrations applied")
        .unwrap_or_else(|| panic!("{stderr}"));
    assert_eq!(applied["level"], "INFO");
    assert!(applied["timestamp"].is_string());
}
