//! The admin search (issue 27): people, orders, tickets, invoices, coupons and events by the
//! start of a name or number, each opening its page; admins only; from an index, never a scan.
use std::time::Instant;

use reqwest::Method;
use serde_json::{Value, json};
use sqlx::{AssertSqlSafe, Row};

use crate::commerce::{coupon, evening, order_body, press, started};
use crate::helpers::{Engine, TestApp, spawn_app};

both_engines!(
    every_kind_is_found_by_the_start_of_a_name_or_number_and_opens_its_page,
    only_admins_search_and_the_text_is_2_to_100_characters,
    the_search_reads_an_index_not_the_tables_with_100_000_orders_and_people,
);

async fn search(app: &TestApp, token: &str, q: &str) -> Value {
    let path = format!(
        "/api/admin/search?q={}",
        url::form_urlencoded::byte_serialize(q.as_bytes()).collect::<String>()
    );
    let (status, body) = app.admin_send(token, Method::GET, &path, None).await;
    assert_eq!(status, 200, "{q}: {body}");
    body
}

/// The hits of one kind: (label, detail, url).
fn hits(results: &Value, kind: &str) -> Vec<(String, String, String)> {
    results["groups"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["kind"] == kind)
        .flat_map(|g| g["hits"].as_array().unwrap().clone())
        .map(|h| {
            (
                h["label"].as_str().unwrap().to_string(),
                h["detail"].as_str().unwrap().to_string(),
                h["url"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn urls(results: &Value, kind: &str) -> Vec<String> {
    hits(results, kind).into_iter().map(|h| h.2).collect()
}

async fn every_kind_is_found_by_the_start_of_a_name_or_number_and_opens_its_page(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let evening_id = evening(&app, 10).await;
    sqlx::query("UPDATE events SET title = 'Vertelavond over moed' WHERE id = $1")
        .bind(evening_id)
        .execute(&app.pool)
        .await
        .unwrap();
    let mut body = order_body("vertelavond", Some(evening_id), 1);
    body["first_name"] = json!("Sofie");
    body["last_name"] = json!("Van den Berghe");
    body["email"] = json!("Sofie.VdB@Example.be");
    let (public_id, reference) = started(&app, &body).await;
    press(&app, &reference, "paid").await;
    // Someone else, who must not turn up for her name.
    let mut other = order_body("vertelavond", Some(evening_id), 1);
    other["first_name"] = json!("Jan");
    other["last_name"] = json!("Claes");
    other["email"] = json!("jan@example.be");
    started(&app, &other).await;
    coupon(&app, "ZOMER25", "percent", 25, None, None).await;

    let order = sqlx::query("SELECT id FROM orders WHERE public_id = $1")
        .bind(&public_id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let order_id: i64 = order.try_get("id").unwrap();
    let ticket = sqlx::query("SELECT code FROM tickets WHERE order_id = $1")
        .bind(order_id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let code: String = ticket.try_get("code").unwrap();
    let invoice = sqlx::query("SELECT number, issue_date FROM invoices WHERE order_id = $1")
        .bind(order_id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let number: String = invoice.try_get("number").unwrap();
    let issued: String = invoice.try_get("issue_date").unwrap();

    let her = "/admin/personen?email=sofie.vdb%40example.be".to_string();
    let her_order = format!("/admin/orders?bestelling={order_id}");
    // Part of her name: the start of her first name, of a later word of her name, her address.
    for q in ["Sof", "berghe", "van den", "sofie.v"] {
        let found = search(&app, &token, q).await;
        let people = hits(&found, "person");
        assert_eq!(people.len(), 1, "{q}: {found}");
        assert_eq!(people[0].0, "Sofie Van den Berghe");
        assert_eq!(people[0].2, her);
        assert_eq!(
            urls(&found, "order"),
            std::slice::from_ref(&her_order),
            "{q}: {found}"
        );
    }
    let found = search(&app, &token, "sof").await;
    assert_eq!(found["groups"][0]["label"], "Personen");
    assert!(urls(&found, "ticket")[0].contains(&format!("activiteit={evening_id}")));

    // An order by its number (the 10 characters in her mails), in any case.
    let found = search(&app, &token, &public_id[..10].to_lowercase()).await;
    assert_eq!(
        urls(&found, "order"),
        std::slice::from_ref(&her_order),
        "{found}"
    );
    // The number is the order's, not a person's: she is found by her name or address only.
    assert!(hits(&found, "person").is_empty(), "{found}");
    // A ticket by its code, also as people see it (in groups of four with dashes).
    let shown = inlumine::agenda::tickets::display_code(&code);
    assert!(shown.contains('-'));
    let found = search(&app, &token, &shown[..7]).await;
    assert_eq!(hits(&found, "ticket")[0].0, format!("Ticket {shown}"));
    let found = search(&app, &token, &code).await;
    assert_eq!(
        urls(&found, "ticket"),
        [format!(
            "/admin/tickets?activiteit={evening_id}&ticket={code}"
        )],
        "{found}"
    );
    assert!(hits(&found, "person").is_empty(), "{found}");
    // An invoice by its number.
    let found = search(&app, &token, &number).await;
    assert_eq!(
        urls(&found, "invoice"),
        [format!("/admin/facturen?factuur={number}&datum={issued}")],
        "{found}"
    );
    assert!(hits(&found, "invoice")[0].0.starts_with("Factuur "));
    // A coupon by its code, an event by its title.
    let found = search(&app, &token, "zomer").await;
    assert_eq!(urls(&found, "coupon"), ["/admin/coupons?coupon=ZOMER25"]);
    assert_eq!(hits(&found, "coupon")[0].1, "25 % korting");
    let found = search(&app, &token, "over mo").await;
    assert_eq!(
        urls(&found, "event"),
        [format!("/admin/tickets?activiteit={evening_id}")]
    );
    // The page it opens reads the event by its id.
    let (status, event) = app
        .admin_send(
            &token,
            Method::GET,
            &format!("/api/admin/events/{evening_id}"),
            None,
        )
        .await;
    assert_eq!(status, 200, "{event}");
    assert_eq!(event["title"], "Vertelavond over moed");
    let (status, _) = app
        .admin_send(&token, Method::GET, "/api/admin/events/999999", None)
        .await;
    assert_eq!(status, 404);
    // Nothing: no groups at all.
    let found = search(&app, &token, "xyzzy").await;
    assert_eq!(found["groups"], json!([]));

    // Erased, she is no longer found as a person (the triggers follow the anonymised rows); her
    // invoice stays, as the law wants.
    let (status, erased) = app
        .admin_send(
            &token,
            Method::POST,
            "/api/admin/people/erase",
            Some(json!({"email": "sofie.vdb@example.be", "confirmation": "sofie.vdb@example.be"})),
        )
        .await;
    assert_eq!(status, 200, "{erased}");
    let found = search(&app, &token, "sofie").await;
    assert!(hits(&found, "person").is_empty(), "{found}");
    assert!(urls(&found, "order").is_empty(), "{found}");
    assert_eq!(urls(&found, "invoice").len(), 1, "{found}");
}

async fn only_admins_search_and_the_text_is_2_to_100_characters(engine: Engine) {
    let app = spawn_app(engine).await;
    let res = app.get("/api/admin/search?q=sofie").await;
    assert_eq!(res.status().as_u16(), 401);
    let token = app.admin_token().await;
    for q in ["", "a", "%20%20b%20%20", &"a".repeat(101)] {
        let (status, body) = app
            .admin_send(
                &token,
                Method::GET,
                &format!("/api/admin/search?q={q}"),
                None,
            )
            .await;
        assert_eq!(status, 422, "{q}: {body}");
        assert_eq!(
            body["error"]["message"], "Typ minstens 2 en hoogstens 100 tekens om te zoeken.",
            "{body}"
        );
    }
    let (status, _) = app
        .admin_send(
            &token,
            Method::GET,
            &format!("/api/admin/search?q={}", "a".repeat(100)),
            None,
        )
        .await;
    assert_eq!(status, 200);
    sqlx::query("UPDATE users SET role = 'user'")
        .execute(&app.pool)
        .await
        .unwrap();
    let (status, _) = app
        .admin_send(&token, Method::GET, "/api/admin/search?q=sofie", None)
        .await;
    assert_eq!(status, 403);
}

const ROWS: i64 = 100_000;

/// 100,000 orders and 100,000 newsletter subscribers (each a person), with first names from a
/// short list, so a name prefix matches thousands of rows.
async fn insert_many(app: &TestApp) {
    let orders = format!(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {ROWS}) \
         INSERT INTO orders (public_id, idempotency_key, product_id, quantity, first_name, last_name, email, \
         unit_price_cents, subtotal_cents, discount_cents, total_cents, terms_accepted_at, consent_text, status, \
         provider, expires_at, created_at, updated_at) \
         SELECT 'Bench' || i, 'bench-' || i, 1, 1, \
         CASE i % 4 WHEN 0 THEN 'Sofie' WHEN 1 THEN 'Sander' WHEN 2 THEN 'Lotte' ELSE 'Pieter' END, \
         'Klant' || i, 'klant' || i || '@example.be', 1900, 1900, 0, 1900, \
         '2026-01-01T00:00:00.000000Z', 'Ja', 'paid', 'simulated', '2026-01-01T00:00:00.000000Z', \
         '2026-01-01T00:00:00.000000Z', '2026-01-01T00:00:00.000000Z' FROM n"
    );
    let subscribers = format!(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {ROWS}) \
         INSERT INTO newsletter_subscribers (first_name, email, email_normalized, status, unsubscribe_token_hash, \
         created_at, updated_at) \
         SELECT CASE i % 3 WHEN 0 THEN 'Sofie' WHEN 1 THEN 'Mira' ELSE 'Wout' END, \
         'lezer' || i || '@example.be', 'lezer' || i || '@example.be', 'confirmed', 'hash' || i, \
         '2026-01-01T00:00:00.000000Z', '2026-01-01T00:00:00.000000Z' FROM n"
    );
    for sql in [orders, subscribers] {
        sqlx::query(AssertSqlSafe(sql))
            .execute(&app.pool)
            .await
            .unwrap();
    }
}

/// The plan of the query the search runs per source, as text.
async fn plan(app: &TestApp, engine: Engine) -> String {
    let explain = match engine {
        Engine::Sqlite => "EXPLAIN QUERY PLAN",
        Engine::Postgres => "EXPLAIN",
    };
    let rows = sqlx::query(AssertSqlSafe(format!(
        "{explain} {}",
        inlumine::overview::search::MATCHES
    )))
    .bind("order")
    .bind("sof")
    .bind(format!("sof{}", char::MAX))
    .bind(40_i64)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    let column = match engine {
        Engine::Sqlite => "detail",
        Engine::Postgres => "QUERY PLAN",
    };
    rows.iter()
        .map(|r| r.try_get::<String, _>(column).unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

async fn the_search_reads_an_index_not_the_tables_with_100_000_orders_and_people(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let started_at = Instant::now();
    insert_many(&app).await;
    let terms: i64 = sqlx::query("SELECT COUNT(*) AS n FROM search_terms")
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get("n")
        .unwrap();
    assert!(terms > 4 * ROWS, "{terms} terms");
    println!(
        "{engine:?}: {} orders and subscribers inserted with their {terms} terms in {:?}",
        2 * ROWS,
        started_at.elapsed()
    );
    if matches!(engine, Engine::Postgres) {
        // As autovacuum does after a big insert.
        sqlx::query("ANALYZE search_terms")
            .execute(&app.pool)
            .await
            .unwrap();
    }

    let plan = plan(&app, engine).await;
    println!("{engine:?} plan:\n{plan}");
    match engine {
        Engine::Sqlite => {
            assert!(
                plan.contains("SEARCH search_terms USING COVERING INDEX search_terms_term_idx"),
                "{plan}"
            );
            assert!(!plan.contains("SCAN"), "{plan}");
        }
        Engine::Postgres => {
            assert!(
                plan.contains("Index Only Scan using search_terms_term_idx")
                    || plan.contains("Index Scan using search_terms_term_idx")
                    || plan.contains("Bitmap Index Scan on search_terms_term_idx"),
                "{plan}"
            );
            assert!(!plan.contains("Seq Scan"), "{plan}");
        }
    }

    // Timed over HTTP, as the admin's browser asks: a common first name (50,000 matches), part of
    // a last name, an address, an order number.
    let queries = [
        "sof",
        "klant123",
        "lezer4567@",
        "bench9876",
        "sander",
        "mira",
    ];
    let mut times = Vec::new();
    for round in 0..10 {
        for q in queries {
            let t0 = Instant::now();
            let found = search(&app, &token, q).await;
            times.push(t0.elapsed());
            if round == 0 {
                assert!(
                    !found["groups"].as_array().unwrap().is_empty(),
                    "{q}: {found}"
                );
            }
        }
    }
    times.sort();
    let p50 = times[times.len() / 2];
    let p99 = times[times.len() * 99 / 100];
    println!(
        "{engine:?}: {} searches over {} orders and {} subscribers: p50 {p50:?}, p99 {p99:?}",
        times.len(),
        ROWS,
        ROWS
    );
    // The 50 ms goal is `make bench`'s figure: on a machine busy with other tests a time proves
    // nothing, the plan above does.
}
