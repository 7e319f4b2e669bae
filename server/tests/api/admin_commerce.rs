//! The coach's commerce admin: coupons, tickets at the door, orders and the dashboard figures.
//! Data that only the checkout creates (orders, tickets) is inserted with SQL.
use std::future::{Future, poll_fn};
use std::pin::Pin;
use std::task::Poll;

use jiff::{Timestamp, ToSpan};
use reqwest::Method;
use serde_json::{Value, json};
use sqlx::Row;

use crate::helpers::{Engine, TestApp, spawn_app};

both_engines!(
    coupons_are_created_listed_edited_and_deleted,
    invalid_coupons_are_refused_per_field_and_nothing_is_written,
    coupon_codes_are_unique_regardless_of_case_also_under_a_race,
    used_coupons_show_their_use_and_cannot_be_deleted,
    tickets_are_listed_searched_and_exported_per_event,
    tickets_are_checked_in_by_code_however_it_is_typed_and_only_once,
    ten_scanners_checking_in_one_ticket_at_once_let_exactly_one_through,
    cancelling_a_ticket_frees_its_seat_exactly_once,
    orders_are_listed_filtered_searched_and_shown_in_detail,
    the_dashboard_shows_revenue_tickets_and_orders_that_need_attention,
    an_event_with_only_cancelled_tickets_cannot_be_deleted,
);

async fn send(
    app: &TestApp,
    token: &str,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let mut req = app.authed(method, path, token);
    if let Some(body) = body {
        req = req.json(&body);
    }
    let res = req.send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

fn ts(t: Timestamp) -> String {
    inlumine::kit::db::format_ts(t)
}

fn days_ago(days: i64) -> String {
    ts(Timestamp::now() - (days * 24).hours())
}

/// The product with this slug, created when the seed has not (yet) made it.
pub(crate) async fn product(app: &TestApp, slug: &str) -> i64 {
    let (kind, event_kind, name) = match slug {
        "vertelavond" => ("event", Some("vertelavond"), "Vertelavond"),
        "zelfbeeld-ommekeer" => ("event", Some("zelfbeeld"), "De Zelfbeeld-Ommekeer"),
        _ => ("course", None, "Spiegelgevecht"),
    };
    sqlx::query(
        "INSERT INTO products (slug, name, description, kind, event_kind, price_cents, access_url, page_path, \
         max_per_order, active, created_at, updated_at) \
         VALUES ($1, $2, 'Test', $3, $4, 3500, NULL, '/test', 10, 1, $5, $5) ON CONFLICT (slug) DO NOTHING",
    )
    .bind(slug)
    .bind(name)
    .bind(kind)
    .bind(event_kind)
    .bind(inlumine::kit::db::now())
    .execute(&app.pool)
    .await
    .unwrap();
    sqlx::query("SELECT id FROM products WHERE slug = $1")
        .bind(slug)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get("id")
        .unwrap()
}

async fn product_name(app: &TestApp, slug: &str) -> String {
    product(app, slug).await;
    sqlx::query("SELECT name FROM products WHERE slug = $1")
        .bind(slug)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get("name")
        .unwrap()
}

async fn event(
    app: &TestApp,
    title: &str,
    status: &str,
    starts_at: &str,
    capacity: i64,
    seats_taken: i64,
) -> i64 {
    let starts: Timestamp = starts_at.parse().unwrap();
    sqlx::query(
        "INSERT INTO events (kind, title, description, starts_at, ends_at, venue_name, street, postal_code, city, \
         online_url, capacity, seats_taken, price_cents, status, created_at, updated_at) \
         VALUES ('vertelavond', $1, 'Verhalen.', $2, $3, 'Zaal', NULL, NULL, 'Mechelen', NULL, $4, $5, 3500, $6, $7, $7) \
         RETURNING id",
    )
    .bind(title)
    .bind(ts(starts))
    .bind(ts(starts + 3.hours()))
    .bind(capacity)
    .bind(seats_taken)
    .bind(status)
    .bind(inlumine::kit::db::now())
    .fetch_one(&app.pool)
    .await
    .unwrap()
    .try_get("id")
    .unwrap()
}

pub(crate) struct NewOrder<'a> {
    pub(crate) product: i64,
    pub(crate) event: Option<i64>,
    pub(crate) quantity: i64,
    pub(crate) first_name: &'a str,
    pub(crate) last_name: &'a str,
    pub(crate) email: &'a str,
    pub(crate) subtotal_cents: i64,
    pub(crate) discount_cents: i64,
    pub(crate) coupon: Option<(i64, &'a str)>,
    pub(crate) status: &'a str,
    pub(crate) attention: Option<&'a str>,
    pub(crate) seats_held: i64,
    pub(crate) created_at: String,
    pub(crate) paid_at: Option<String>,
}

impl Default for NewOrder<'_> {
    fn default() -> Self {
        Self {
            product: 0,
            event: None,
            quantity: 1,
            first_name: "Lotte",
            last_name: "Peeters",
            email: "lotte@example.be",
            subtotal_cents: 3500,
            discount_cents: 0,
            coupon: None,
            status: "paid",
            attention: None,
            seats_held: 0,
            created_at: inlumine::kit::db::now(),
            paid_at: None,
        }
    }
}

/// Inserts an order as the checkout would have left it; returns (id, public_id).
pub(crate) async fn order(app: &TestApp, o: NewOrder<'_>) -> (i64, String) {
    let public_id = format!("ord_{}", hex::encode(rand::random::<[u8; 8]>()));
    let paid_at = o
        .paid_at
        .clone()
        .or_else(|| matches!(o.status, "paid" | "refunded").then(|| o.created_at.clone()));
    let id: i64 = sqlx::query(
        "INSERT INTO orders (public_id, idempotency_key, product_id, event_id, quantity, first_name, last_name, email, \
         phone, company, vat_number, unit_price_cents, subtotal_cents, discount_cents, total_cents, coupon_id, \
         coupon_code, coupon_held, seats_held, terms_accepted_at, consent_text, status, attention, provider, \
         provider_ref, checkout_url, expires_at, paid_at, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, '+32 470 12 34 56', 'Lichtwerk BV', 'BE0123456789', $9, $10, $11, $12, \
         $13, $14, $15, $16, $17, 'Ik begrijp dat er geen herroepingsrecht geldt.', $18, $19, 'simulated', $20, NULL, \
         $21, $22, $17, $17) RETURNING id",
    )
    .bind(&public_id)
    .bind(format!("key-{public_id}"))
    .bind(o.product)
    .bind(o.event)
    .bind(o.quantity)
    .bind(o.first_name)
    .bind(o.last_name)
    .bind(o.email)
    .bind(o.subtotal_cents / o.quantity)
    .bind(o.subtotal_cents)
    .bind(o.discount_cents)
    .bind(o.subtotal_cents - o.discount_cents)
    .bind(o.coupon.map(|c| c.0))
    .bind(o.coupon.map(|c| c.1))
    .bind(i64::from(o.coupon.is_some() && matches!(o.status, "pending" | "paid")))
    .bind(o.seats_held)
    .bind(&o.created_at)
    .bind(o.status)
    .bind(o.attention)
    .bind(format!("sim_{public_id}"))
    .bind(ts(Timestamp::now() + 30.minutes()))
    .bind(paid_at)
    .fetch_one(&app.pool)
    .await
    .unwrap()
    .try_get("id")
    .unwrap();
    (id, public_id)
}

async fn history(app: &TestApp, order_id: i64, status: &str, note: &str, created_at: &str) {
    sqlx::query(
        "INSERT INTO order_history (order_id, status, note, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(order_id)
    .bind(status)
    .bind(note)
    .bind(created_at)
    .execute(&app.pool)
    .await
    .unwrap();
}

/// A ticket with this stored code; returns its id.
async fn ticket(
    app: &TestApp,
    code: &str,
    event_id: i64,
    order_id: Option<i64>,
    holder_name: &str,
    status: &str,
) -> i64 {
    let now = inlumine::kit::db::now();
    let checked_in_at = (status == "checked_in").then(|| now.clone());
    sqlx::query(
        "INSERT INTO tickets (code, event_id, order_id, holder_name, email, status, checked_in_at, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id",
    )
    .bind(code)
    .bind(event_id)
    .bind(order_id)
    .bind(holder_name)
    .bind(format!(
        "{}@example.be",
        holder_name
            .to_lowercase()
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
    ))
    .bind(status)
    .bind(checked_in_at)
    .bind(now)
    .fetch_one(&app.pool)
    .await
    .unwrap()
    .try_get("id")
    .unwrap()
}

async fn value(app: &TestApp, sql: &str, id: i64) -> i64 {
    sqlx::query(sqlx::AssertSqlSafe(sql.to_string()))
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap()
}

/// (events.seats_taken, orders.seats_held)
async fn seats(app: &TestApp, event_id: i64, order_id: i64) -> (i64, i64) {
    (
        value(
            app,
            "SELECT seats_taken FROM events WHERE id = $1",
            event_id,
        )
        .await,
        value(app, "SELECT seats_held FROM orders WHERE id = $1", order_id).await,
    )
}

fn coupon(code: &str) -> Value {
    json!({
        "code": code,
        "discount_kind": "percent",
        "discount_value": 10,
        "product_slug": null,
        "valid_from_local": null,
        "valid_until_local": null,
        "max_redemptions": null,
        "active": true
    })
}

// --- Coupons -----------------------------------------------------------------------------

async fn coupons_are_created_listed_edited_and_deleted(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let name = product_name(&app, "vertelavond").await;
    let body = json!({
        "code": "  Zomer-10 ",
        "discount_kind": "percent",
        "discount_value": 10,
        "product_slug": "vertelavond",
        "valid_from_local": "2026-06-01T00:00",
        "valid_until_local": "2026-12-31T23:59",
        "max_redemptions": 50,
        "active": true
    });
    let (status, created) =
        send(&app, &token, Method::POST, "/api/admin/coupons", Some(body)).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["code"], "Zomer-10", "stored as typed, trimmed");
    assert_eq!(created["product_slug"], "vertelavond");
    assert_eq!(created["product_name"], name.as_str());
    assert_eq!(created["valid_from_local"], "2026-06-01T00:00");
    assert_eq!(
        created["valid_from"], "2026-05-31T22:00:00.000000Z",
        "summer time"
    );
    assert_eq!(
        created["valid_until"], "2026-12-31T22:59:00.000000Z",
        "winter time"
    );
    assert_eq!(created["valid_until_local"], "2026-12-31T23:59");
    assert_eq!(created["max_redemptions"], 50);
    assert_eq!(created["redemptions"], 0);
    assert_eq!(created["paid_orders"], 0);
    assert_eq!(created["discount_given_cents"], 0);
    assert_eq!(created["active"], true);
    let stored: String = sqlx::query("SELECT code_normalized FROM coupons")
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    assert_eq!(stored, "ZOMER-10");

    send(
        &app,
        &token,
        Method::POST,
        "/api/admin/coupons",
        Some(coupon("WINTER5")),
    )
    .await;
    let (status, page) = send(&app, &token, Method::GET, "/api/admin/coupons", None).await;
    assert_eq!(status, 200);
    assert_eq!(page["total"], 2);
    assert_eq!(page["items"][0]["code"], "WINTER5", "newest first");
    let (_, found) = send(
        &app,
        &token,
        Method::GET,
        "/api/admin/coupons?q=zomer",
        None,
    )
    .await;
    assert_eq!(found["total"], 1);
    assert_eq!(found["items"][0]["code"], "Zomer-10");
    let (_, paged) = send(
        &app,
        &token,
        Method::GET,
        "/api/admin/coupons?page=2&per_page=1",
        None,
    )
    .await;
    assert_eq!(
        (paged["total"].as_i64(), paged["items"][0]["code"].as_str()),
        (Some(2), Some("Zomer-10"))
    );

    let id = created["id"].as_i64().unwrap();
    let edit = json!({
        "code": "ZOMER-10",
        "discount_kind": "fixed",
        "discount_value": 500,
        "product_slug": "",
        "valid_from_local": "",
        "valid_until_local": null,
        "max_redemptions": null,
        "active": false
    });
    let (status, edited) = send(
        &app,
        &token,
        Method::PUT,
        &format!("/api/admin/coupons/{id}"),
        Some(edit.clone()),
    )
    .await;
    assert_eq!(
        status, 200,
        "changing only the case of its own code is fine: {edited}"
    );
    assert_eq!(edited["code"], "ZOMER-10");
    assert_eq!(edited["discount_kind"], "fixed");
    assert_eq!(edited["discount_value"], 500);
    assert_eq!(edited["product_slug"], Value::Null);
    assert_eq!(edited["valid_from"], Value::Null);
    assert_eq!(edited["valid_from_local"], Value::Null);
    assert_eq!(edited["max_redemptions"], Value::Null);
    assert_eq!(edited["active"], false);

    let (status, _) = send(
        &app,
        &token,
        Method::PUT,
        "/api/admin/coupons/9999",
        Some(edit.clone()),
    )
    .await;
    assert_eq!(status, 404);
    let (status, _) = send(
        &app,
        &token,
        Method::PUT,
        "/api/admin/coupons/abc",
        Some(edit),
    )
    .await;
    assert_eq!(status, 404);
    let (status, _) = send(
        &app,
        &token,
        Method::DELETE,
        &format!("/api/admin/coupons/{id}"),
        None,
    )
    .await;
    assert_eq!(status, 204);
    let (status, body) = send(
        &app,
        &token,
        Method::DELETE,
        &format!("/api/admin/coupons/{id}"),
        None,
    )
    .await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (404, Some("not_found"))
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM coupons").await, 1);
}

async fn invalid_coupons_are_refused_per_field_and_nothing_is_written(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    product(&app, "vertelavond").await;
    let with = |changes: Value| {
        let mut body = coupon("GELDIG");
        for (k, v) in changes.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    let cases = [
        (json!({"code": "  "}), "code", "Vul een code in."),
        (json!({"code": "AB"}), "code", "3 tot 40 tekens"),
        (json!({"code": "X".repeat(41)}), "code", "3 tot 40 tekens"),
        (json!({"code": "ZOMER 10"}), "code", "geen spaties"),
        (json!({"code": "50%KORTING"}), "code", "letters, cijfers"),
        (json!({"code": "ÉTÉ-10"}), "code", "letters, cijfers"),
        (
            json!({"discount_kind": "gratis"}),
            "discount_kind",
            "soort korting",
        ),
        (
            json!({"discount_value": 0}),
            "discount_value",
            "percentage van 1 tot 100",
        ),
        (
            json!({"discount_value": 101}),
            "discount_value",
            "percentage van 1 tot 100",
        ),
        (
            json!({"discount_kind": "fixed", "discount_value": 0}),
            "discount_value",
            "€ 0,01 tot € 10.000,00",
        ),
        (
            json!({"discount_kind": "fixed", "discount_value": 1_000_001}),
            "discount_value",
            "€ 0,01",
        ),
        (
            json!({"product_slug": "bestaat-niet"}),
            "product_slug",
            "bestaand product",
        ),
        (
            json!({"valid_from_local": "31/12/2026"}),
            "valid_from_local",
            "geldige datum",
        ),
        (
            json!({"valid_until_local": "2026-13-01T10:00"}),
            "valid_until_local",
            "geldige datum",
        ),
        (
            json!({"valid_from_local": "2026-12-01T10:00", "valid_until_local": "2026-12-01T10:00"}),
            "valid_until_local",
            "na het begin",
        ),
        (
            json!({"max_redemptions": 0}),
            "max_redemptions",
            "1 tot 100000",
        ),
        (
            json!({"max_redemptions": 100_001}),
            "max_redemptions",
            "1 tot 100000",
        ),
    ];
    for (changes, field, message) in &cases {
        let (status, body) = send(
            &app,
            &token,
            Method::POST,
            "/api/admin/coupons",
            Some(with(changes.clone())),
        )
        .await;
        assert_eq!(status, 422, "{changes}: {body}");
        assert_eq!(body["error"]["code"], "validation");
        let got = body["error"]["fields"][*field].as_str().unwrap_or_default();
        assert!(
            got.contains(message),
            "{changes}: {field} = {got:?} ({body})"
        );
        assert_eq!(
            body["error"]["fields"].as_object().unwrap().len(),
            1,
            "{changes}: {body}"
        );
    }
    // Several mistakes at once: one message per field.
    let (status, body) = send(
        &app,
        &token,
        Method::POST,
        "/api/admin/coupons",
        Some(json!({"code": "a", "discount_kind": "percent", "discount_value": 500, "product_slug": null,
            "valid_from_local": "gisteren", "valid_until_local": null, "max_redemptions": -1, "active": true})),
    )
    .await;
    assert_eq!(status, 422);
    let fields = body["error"]["fields"].as_object().unwrap();
    let mut names: Vec<&str> = fields.keys().map(String::as_str).collect();
    names.sort();
    assert_eq!(
        names,
        [
            "code",
            "discount_value",
            "max_redemptions",
            "valid_from_local"
        ]
    );
    assert_eq!(
        app.count("SELECT COUNT(*) FROM coupons").await,
        0,
        "nothing written"
    );

    // On edit, too, and the limit cannot drop below the use so far.
    let (_, created) = send(
        &app,
        &token,
        Method::POST,
        "/api/admin/coupons",
        Some(coupon("GELDIG")),
    )
    .await;
    let id = created["id"].as_i64().unwrap();
    sqlx::query("UPDATE coupons SET redemptions = 5 WHERE id = $1")
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    let path = format!("/api/admin/coupons/{id}");
    for (changes, field, message) in &cases {
        let (status, body) = send(
            &app,
            &token,
            Method::PUT,
            &path,
            Some(with(changes.clone())),
        )
        .await;
        assert_eq!(status, 422, "edit {changes}: {body}");
        let got = body["error"]["fields"][*field].as_str().unwrap_or_default();
        assert!(got.contains(message), "edit {changes}: {got:?}");
    }
    let (status, body) = send(
        &app,
        &token,
        Method::PUT,
        &path,
        Some(with(json!({"max_redemptions": 4}))),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(
        body["error"]["fields"]["max_redemptions"],
        "Deze code is al 5 keer gebruikt; het maximum kan niet lager zijn."
    );
    let (status, _) = send(
        &app,
        &token,
        Method::PUT,
        &path,
        Some(with(json!({"code": "NIEUW", "max_redemptions": 5}))),
    )
    .await;
    assert_eq!(status, 200, "a limit equal to the use is fine");
    let row = sqlx::query("SELECT code, discount_value, max_redemptions FROM coupons")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(row.try_get::<String, _>("code").unwrap(), "NIEUW");
    assert_eq!(
        row.try_get::<i64, _>("discount_value").unwrap(),
        10,
        "refused edits changed nothing"
    );
    assert_eq!(row.try_get::<i64, _>("max_redemptions").unwrap(), 5);
}

async fn coupon_codes_are_unique_regardless_of_case_also_under_a_race(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let (status, _) = send(
        &app,
        &token,
        Method::POST,
        "/api/admin/coupons",
        Some(coupon("Zomer10")),
    )
    .await;
    assert_eq!(status, 201);
    let (status, body) = send(
        &app,
        &token,
        Method::POST,
        "/api/admin/coupons",
        Some(coupon("zOMER10")),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(body["error"]["fields"]["code"], "Deze code bestaat al.");

    // Renaming another coupon to an existing code (the unique index refuses it).
    let (_, other) = send(
        &app,
        &token,
        Method::POST,
        "/api/admin/coupons",
        Some(coupon("ANDER")),
    )
    .await;
    let (status, body) = send(
        &app,
        &token,
        Method::PUT,
        &format!("/api/admin/coupons/{}", other["id"]),
        Some(coupon("ZOMER10")),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["error"]["fields"]["code"], "Deze code bestaat al.");
    let code: String = sqlx::query("SELECT code FROM coupons WHERE id = $1")
        .bind(other["id"].as_i64().unwrap())
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    assert_eq!(code, "ANDER");

    // Eight tabs saving the same new code at once: one coupon, the others hear it exists.
    let attempts = (0..8).map(|i| {
        let code = if i % 2 == 0 { "RACE-1" } else { "race-1" };
        send(
            &app,
            &token,
            Method::POST,
            "/api/admin/coupons",
            Some(coupon(code)),
        )
    });
    let results = join_all(attempts).await;
    let created = results.iter().filter(|(s, _)| *s == 201).count();
    assert_eq!(created, 1, "{results:?}");
    for (status, body) in results.iter().filter(|(s, _)| *s != 201) {
        assert_eq!(*status, 422, "{body}");
        assert_eq!(body["error"]["fields"]["code"], "Deze code bestaat al.");
    }
    assert_eq!(
        app.count("SELECT COUNT(*) FROM coupons WHERE code_normalized = 'RACE-1'")
            .await,
        1
    );
}

/// Runs the futures at the same time (the requests are in flight together) and returns their
/// results in order.
async fn join_all<F: Future>(futures: impl IntoIterator<Item = F>) -> Vec<F::Output> {
    let mut pinned: Vec<Pin<Box<F>>> = futures.into_iter().map(Box::pin).collect();
    let mut done: Vec<Option<F::Output>> = pinned.iter().map(|_| None).collect();
    poll_fn(|cx| {
        let mut pending = false;
        for (future, output) in pinned.iter_mut().zip(done.iter_mut()) {
            if output.is_none() {
                match future.as_mut().poll(cx) {
                    Poll::Ready(value) => *output = Some(value),
                    Poll::Pending => pending = true,
                }
            }
        }
        if pending {
            Poll::Pending
        } else {
            Poll::Ready(())
        }
    })
    .await;
    done.into_iter().map(Option::unwrap).collect()
}

async fn used_coupons_show_their_use_and_cannot_be_deleted(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let course = product(&app, "spiegelgevecht").await;
    let (_, c) = send(
        &app,
        &token,
        Method::POST,
        "/api/admin/coupons",
        Some(coupon("TIEN")),
    )
    .await;
    let id = c["id"].as_i64().unwrap();
    for (status, discount) in [
        ("paid", 190),
        ("paid", 350),
        ("pending", 100),
        ("refunded", 1000),
        ("expired", 5),
    ] {
        order(
            &app,
            NewOrder {
                product: course,
                status,
                discount_cents: discount,
                coupon: Some((id, "TIEN")),
                ..Default::default()
            },
        )
        .await;
    }
    sqlx::query("UPDATE coupons SET redemptions = 3 WHERE id = $1")
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    let (_, page) = send(&app, &token, Method::GET, "/api/admin/coupons", None).await;
    let listed = &page["items"][0];
    assert_eq!(listed["redemptions"], 3);
    assert_eq!(listed["paid_orders"], 2, "only paid orders count");
    assert_eq!(listed["discount_given_cents"], 540);

    let (status, body) = send(
        &app,
        &token,
        Method::DELETE,
        &format!("/api/admin/coupons/{id}"),
        None,
    )
    .await;
    assert_eq!(status, 409);
    assert_eq!(body["error"]["code"], "conflict");
    assert_eq!(
        body["error"]["message"],
        "Deze kortingscode is al gebruikt; zet hem op inactief in plaats van hem te verwijderen."
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM coupons").await, 1);

    // Only an expired order used it: still refused, the order keeps pointing at it.
    let (_, other) = send(
        &app,
        &token,
        Method::POST,
        "/api/admin/coupons",
        Some(coupon("OUD")),
    )
    .await;
    let other = other["id"].as_i64().unwrap();
    order(
        &app,
        NewOrder {
            product: course,
            status: "expired",
            coupon: Some((other, "OUD")),
            ..Default::default()
        },
    )
    .await;
    let (status, _) = send(
        &app,
        &token,
        Method::DELETE,
        &format!("/api/admin/coupons/{other}"),
        None,
    )
    .await;
    assert_eq!(status, 409);
}

// --- Tickets -----------------------------------------------------------------------------

async fn tickets_are_listed_searched_and_exported_per_event(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let evening = product(&app, "vertelavond").await;
    let event_id = event(
        &app,
        "Vertelavond november",
        "published",
        "2099-11-27T18:30:00Z",
        30,
        3,
    )
    .await;
    let other_event = event(
        &app,
        "Vertelavond december",
        "published",
        "2099-12-18T18:30:00Z",
        30,
        1,
    )
    .await;
    let (order_id, public_id) = order(
        &app,
        NewOrder {
            product: evening,
            event: Some(event_id),
            quantity: 2,
            seats_held: 2,
            subtotal_cents: 7000,
            ..Default::default()
        },
    )
    .await;
    ticket(
        &app,
        "K7QFM2XD9TPA",
        event_id,
        Some(order_id),
        "Lotte Peeters",
        "valid",
    )
    .await;
    ticket(
        &app,
        "ABCDEFGHJKMN",
        event_id,
        Some(order_id),
        "=Aaron;Smet",
        "checked_in",
    )
    .await;
    ticket(
        &app,
        "PQRSTUVWXYZ2",
        event_id,
        None,
        "Ann Claes",
        "cancelled",
    )
    .await;
    ticket(
        &app,
        "ZZZZYYYYXXXX",
        other_event,
        None,
        "Lotte Andere",
        "valid",
    )
    .await;

    let path = format!("/api/admin/events/{event_id}/tickets");
    let (status, page) = send(&app, &token, Method::GET, &path, None).await;
    assert_eq!(status, 200);
    assert_eq!(
        page["total"], 3,
        "only this event's tickets, cancelled ones too"
    );
    let names: Vec<&str> = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["holder_name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["=Aaron;Smet", "Ann Claes", "Lotte Peeters"],
        "by name"
    );
    let lotte = &page["items"][2];
    assert_eq!(lotte["code"], "K7QF-M2XD-9TPA", "shown in groups of four");
    assert_eq!(lotte["event_id"], event_id);
    assert_eq!(lotte["order_id"], order_id);
    assert_eq!(lotte["order_public_id"], public_id.as_str());
    assert_eq!(lotte["email"], "lottepeeters@example.be");
    assert_eq!(lotte["status"], "valid");
    assert_eq!(lotte["checked_in_at"], Value::Null);
    assert_eq!(page["items"][1]["order_id"], Value::Null);

    for (q, expected) in [
        ("lotte", vec!["Lotte Peeters"]),
        ("CLAES@", vec!["Ann Claes"]),
        ("k7qf-m2", vec!["Lotte Peeters"]),
        ("FGHJ", vec!["=Aaron;Smet"]),
        ("-", vec![]),
        ("niemand", vec![]),
    ] {
        let (status, found) = send(
            &app,
            &token,
            Method::GET,
            &format!("{path}?q={}", urlencode(q)),
            None,
        )
        .await;
        assert_eq!(status, 200);
        let names: Vec<&str> = found["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["holder_name"].as_str().unwrap())
            .collect();
        assert_eq!(names, expected, "q={q}");
        assert_eq!(found["total"], expected.len(), "q={q}");
    }
    let (_, paged) = send(
        &app,
        &token,
        Method::GET,
        &format!("{path}?page=2&per_page=2"),
        None,
    )
    .await;
    assert_eq!(paged["items"].as_array().unwrap().len(), 1);
    assert_eq!(paged["items"][0]["holder_name"], "Lotte Peeters");
    let (status, body) = send(
        &app,
        &token,
        Method::GET,
        "/api/admin/events/9999/tickets",
        None,
    )
    .await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (404, Some("not_found"))
    );

    sqlx::query("UPDATE tickets SET checked_in_at = '2099-11-27T18:05:00.000000Z' WHERE code = 'ABCDEFGHJKMN'")
        .execute(&app.pool)
        .await
        .unwrap();
    let res = app
        .authed(Method::GET, &format!("{path}.csv"), &token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(res.headers()["content-type"], "text/csv; charset=utf-8");
    assert_eq!(
        res.headers()["content-disposition"],
        "attachment; filename=\"tickets-vertelavond-2099-11-27.csv\""
    );
    let bytes = res.bytes().await.unwrap();
    assert_eq!(&bytes[..3], b"\xEF\xBB\xBF", "a BOM so Excel reads UTF-8");
    let text = std::str::from_utf8(&bytes[3..]).unwrap();
    let lines: Vec<&str> = text.split("\r\n").collect();
    assert_eq!(
        lines.len(),
        5,
        "header, 3 tickets, and the final CRLF: {text:?}"
    );
    assert_eq!(lines[0], "Code;Naam;E-mail;Status;Ingecheckt om;Bestelling");
    assert_eq!(
        lines[1],
        "ABCD-EFGH-JKMN;\"'=Aaron;Smet\";aaronsmet@example.be;Ingecheckt;27/11/2099 19:05;"
            .to_string()
            + &public_id
    );
    assert_eq!(
        lines[2],
        "PQRS-TUVW-XYZ2;Ann Claes;annclaes@example.be;Geannuleerd;;"
    );
    assert_eq!(
        lines[3],
        format!("K7QF-M2XD-9TPA;Lotte Peeters;lottepeeters@example.be;Geldig;;{public_id}")
    );
    assert_eq!(lines[4], "");
    let res = app
        .authed(Method::GET, "/api/admin/events/9999/tickets.csv", &token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 404);
}

fn urlencode(q: &str) -> String {
    q.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

async fn tickets_are_checked_in_by_code_however_it_is_typed_and_only_once(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let event_id = event(
        &app,
        "Vertelavond november",
        "published",
        "2099-11-27T18:30:00Z",
        30,
        4,
    )
    .await;
    let first = ticket(
        &app,
        "K7QFM2XD9TPA",
        event_id,
        None,
        "Lotte Peeters",
        "valid",
    )
    .await;
    ticket(&app, "ABCDEFGHJKMN", event_id, None, "Bram Smet", "valid").await;
    ticket(&app, "PQRSTUVWXYZ2", event_id, None, "Ann Claes", "valid").await;
    ticket(
        &app,
        "QQQQRRRRSSSS",
        event_id,
        None,
        "Geannuleerd",
        "cancelled",
    )
    .await;
    let check_in = |code: &str| {
        send(
            &app,
            &token,
            Method::POST,
            "/api/admin/tickets/check-in",
            Some(json!({ "code": code })),
        )
    };

    for (typed, holder) in [
        ("k7qf-m2xd-9tpa", "Lotte Peeters"),
        ("  ABCD EFGH  JKMN ", "Bram Smet"),
        ("pqrs-tuvw xyz2", "Ann Claes"),
    ] {
        let (status, body) = check_in(typed).await;
        assert_eq!(status, 200, "{typed}: {body}");
        assert_eq!(body["ticket"]["holder_name"], holder);
        assert_eq!(body["ticket"]["status"], "checked_in");
        assert!(body["ticket"]["checked_in_at"].is_string());
        assert_eq!(body["event_title"], "Vertelavond november");
    }

    let (status, body) = check_in("K7QFM2XD9TPA").await;
    assert_eq!(status, 409);
    assert_eq!(body["error"]["code"], "conflict");
    let at: String = sqlx::query("SELECT checked_in_at FROM tickets WHERE id = $1")
        .bind(first)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    let local = at
        .parse::<Timestamp>()
        .unwrap()
        .in_tz("Europe/Brussels")
        .unwrap()
        .strftime("%H:%M")
        .to_string();
    assert_eq!(
        body["error"]["message"],
        format!("Dit ticket is al ingecheckt om {local}.")
    );

    let (status, body) = check_in("QQQQ-RRRR-SSSS").await;
    assert_eq!(
        (status, body["error"]["message"].as_str()),
        (409, Some("Dit ticket is geannuleerd."))
    );
    let (status, body) = check_in("ZZZZ-ZZZZ-ZZZZ").await;
    assert_eq!(
        (status, body["error"]["message"].as_str()),
        (404, Some("Dit ticket bestaat niet."))
    );
    let (status, body) = check_in(" - ").await;
    assert_eq!(status, 422);
    assert_eq!(body["error"]["fields"]["code"], "Vul een ticketcode in.");
    let (status, _) = check_in(&"A".repeat(5000)).await;
    assert_eq!(status, 404);

    // By id, from the list.
    let id = ticket(&app, "WWWWXXXXYYYY", event_id, None, "Els", "valid").await;
    let (status, body) = send(
        &app,
        &token,
        Method::POST,
        &format!("/api/admin/tickets/{id}/check-in"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(body["code"], "WWWW-XXXX-YYYY");
    assert_eq!(body["status"], "checked_in");
    let (status, body) = send(
        &app,
        &token,
        Method::POST,
        &format!("/api/admin/tickets/{id}/check-in"),
        None,
    )
    .await;
    assert_eq!(status, 409);
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("Dit ticket is al ingecheckt om ")
    );
    let (status, _) = send(
        &app,
        &token,
        Method::POST,
        "/api/admin/tickets/9999/check-in",
        None,
    )
    .await;
    assert_eq!(status, 404);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM tickets WHERE status = 'checked_in'")
            .await,
        4
    );
}

async fn ten_scanners_checking_in_one_ticket_at_once_let_exactly_one_through(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let event_id = event(
        &app,
        "Vertelavond",
        "published",
        "2099-11-27T18:30:00Z",
        30,
        1,
    )
    .await;
    let id = ticket(&app, "K7QFM2XD9TPA", event_id, None, "Lotte", "valid").await;
    let results = join_all((0..10).map(|i| {
        let app = &app;
        let token = &token;
        async move {
            if i % 2 == 0 {
                send(
                    app,
                    token,
                    Method::POST,
                    "/api/admin/tickets/check-in",
                    Some(json!({"code": "k7qf-m2xd-9tpa"})),
                )
                .await
            } else {
                send(
                    app,
                    token,
                    Method::POST,
                    &format!("/api/admin/tickets/{id}/check-in"),
                    None,
                )
                .await
            }
        }
    }))
    .await;
    let statuses: Vec<u16> = results.iter().map(|(s, _)| *s).collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 200).count(),
        1,
        "{results:?}"
    );
    assert_eq!(
        statuses.iter().filter(|s| **s == 409).count(),
        9,
        "{results:?}"
    );
    assert_eq!(
        app.count("SELECT COUNT(*) FROM tickets WHERE status = 'checked_in'")
            .await,
        1
    );
}

async fn cancelling_a_ticket_frees_its_seat_exactly_once(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let evening = product(&app, "vertelavond").await;
    let event_id = event(
        &app,
        "Vertelavond",
        "published",
        "2099-11-27T18:30:00Z",
        30,
        4,
    )
    .await;
    let (order_id, _) = order(
        &app,
        NewOrder {
            product: evening,
            event: Some(event_id),
            quantity: 2,
            seats_held: 2,
            subtotal_cents: 7000,
            ..Default::default()
        },
    )
    .await;
    let first = ticket(
        &app,
        "AAAABBBBCCCC",
        event_id,
        Some(order_id),
        "Lotte",
        "checked_in",
    )
    .await;
    let second = ticket(
        &app,
        "DDDDEEEEFFFF",
        event_id,
        Some(order_id),
        "Bram",
        "valid",
    )
    .await;
    let free = ticket(
        &app,
        "GGGGHHHHJJJJ",
        event_id,
        None,
        "Webinar Gast",
        "valid",
    )
    .await;

    let (status, body) = send(
        &app,
        &token,
        Method::POST,
        &format!("/api/admin/tickets/{first}/cancel"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], "cancelled");
    assert_eq!(body["code"], "AAAA-BBBB-CCCC");
    assert_eq!(
        seats(&app, event_id, order_id).await,
        (3, 1),
        "the event and the order each give back a seat"
    );
    let (status, body) = send(
        &app,
        &token,
        Method::POST,
        &format!("/api/admin/tickets/{first}/cancel"),
        None,
    )
    .await;
    assert_eq!(
        (status, body["error"]["message"].as_str()),
        (409, Some("Dit ticket is al geannuleerd."))
    );
    assert_eq!(seats(&app, event_id, order_id).await, (3, 1));
    let (status, _) = send(
        &app,
        &token,
        Method::POST,
        &format!("/api/admin/tickets/{first}/check-in"),
        None,
    )
    .await;
    assert_eq!(status, 409, "a cancelled ticket cannot be checked in");

    // Two cancels of one ticket at once free one seat.
    let path = format!("/api/admin/tickets/{second}/cancel");
    let results = join_all((0..2).map(|_| send(&app, &token, Method::POST, &path, None))).await;
    let mut statuses: Vec<u16> = results.iter().map(|(s, _)| *s).collect();
    statuses.sort();
    assert_eq!(statuses, [200, 409], "{results:?}");
    assert_eq!(seats(&app, event_id, order_id).await, (2, 0));
    let (_, detail) = send(
        &app,
        &token,
        Method::GET,
        &format!("/api/admin/orders/{order_id}"),
        None,
    )
    .await;
    let notes: Vec<&str> = detail["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["note"].as_str().unwrap())
        .collect();
    assert_eq!(
        notes,
        [
            "Ticket AAAA-BBBB-CCCC geannuleerd door de coach.",
            "Ticket DDDD-EEEE-FFFF geannuleerd door de coach."
        ]
    );

    // A free registration counts in the event only.
    let (status, _) = send(
        &app,
        &token,
        Method::POST,
        &format!("/api/admin/tickets/{free}/cancel"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(seats(&app, event_id, order_id).await, (1, 0));

    // An order that already gave its seats back (e.g. refunded) does not free them twice.
    let (released, _) = order(
        &app,
        NewOrder {
            product: evening,
            event: Some(event_id),
            status: "refunded",
            seats_held: 0,
            ..Default::default()
        },
    )
    .await;
    let stale = ticket(
        &app,
        "KKKKMMMMNNNN",
        event_id,
        Some(released),
        "Els",
        "valid",
    )
    .await;
    let (status, _) = send(
        &app,
        &token,
        Method::POST,
        &format!("/api/admin/tickets/{stale}/cancel"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        value(
            &app,
            "SELECT seats_taken FROM events WHERE id = $1",
            event_id
        )
        .await,
        1
    );
    let (status, _) = send(
        &app,
        &token,
        Method::POST,
        "/api/admin/tickets/9999/cancel",
        None,
    )
    .await;
    assert_eq!(status, 404);

    // Every holder hears it once, with the ticket's code; the refused second cancel mails no one.
    crate::helpers::eventually("the outbox is empty", || async {
        app.count("SELECT COUNT(*) FROM outbox WHERE status <> 'sent'")
            .await
            == 0
    })
    .await;
    for (email, code) in [
        ("lotte@example.be", "AAAA-BBBB-CCCC"),
        ("bram@example.be", "DDDD-EEEE-FFFF"),
        ("webinargast@example.be", "GGGG-HHHH-JJJJ"),
        ("els@example.be", "KKKK-MMMM-NNNN"),
    ] {
        let mails = app.mails_to(email);
        assert_eq!(mails.len(), 1, "{email}: {mails:?}");
        assert!(
            mails[0].contains("Subject: Je ticket voor Vertelavond is geannuleerd"),
            "{}",
            mails[0]
        );
        assert!(mails[0].contains(code), "{}", mails[0]);
        assert!(mails[0].contains("geannuleerd"), "{}", mails[0]);
    }
    assert_eq!(app.mail_files().len(), 4);
}

// --- Orders ------------------------------------------------------------------------------

async fn orders_are_listed_filtered_searched_and_shown_in_detail(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let course = product(&app, "spiegelgevecht").await;
    let evening = product(&app, "vertelavond").await;
    let course_name = product_name(&app, "spiegelgevecht").await;
    let event_id = event(
        &app,
        "Vertelavond november",
        "published",
        "2099-11-27T18:30:00Z",
        30,
        2,
    )
    .await;
    let (_, c) = send(
        &app,
        &token,
        Method::POST,
        "/api/admin/coupons",
        Some(coupon("HERFST")),
    )
    .await;
    let coupon_id = c["id"].as_i64().unwrap();
    let (paid, paid_public) = order(
        &app,
        NewOrder {
            product: evening,
            event: Some(event_id),
            quantity: 2,
            seats_held: 2,
            subtotal_cents: 7000,
            discount_cents: 700,
            coupon: Some((coupon_id, "HERFST")),
            first_name: "Lotte",
            last_name: "Peeters",
            email: "lotte@example.be",
            created_at: days_ago(3),
            ..Default::default()
        },
    )
    .await;
    let (pending, _) = order(
        &app,
        NewOrder {
            product: course,
            status: "pending",
            first_name: "Bram",
            last_name: "Smet",
            email: "bram@example.be",
            created_at: days_ago(2),
            ..Default::default()
        },
    )
    .await;
    let (flagged, _) = order(
        &app,
        NewOrder {
            product: course,
            status: "paid",
            attention: Some("refund_needed"),
            first_name: "Ann",
            last_name: "Claes",
            email: "ann@example.be",
            created_at: days_ago(1),
            ..Default::default()
        },
    )
    .await;
    history(
        &app,
        paid,
        "pending",
        "Bestelling aangemaakt.",
        &days_ago(3),
    )
    .await;
    history(&app, paid, "paid", "Betaling ontvangen.", &days_ago(2)).await;
    ticket(
        &app,
        "BBBBCCCCDDDD",
        event_id,
        Some(paid),
        "Lotte Peeters",
        "valid",
    )
    .await;
    ticket(
        &app,
        "AAAACCCCDDDD",
        event_id,
        Some(paid),
        "Jan Peeters",
        "valid",
    )
    .await;

    let ids = |page: &Value| -> Vec<i64> {
        page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["id"].as_i64().unwrap())
            .collect()
    };
    let (status, page) = send(&app, &token, Method::GET, "/api/admin/orders", None).await;
    assert_eq!(status, 200);
    assert_eq!(page["total"], 3);
    assert_eq!(ids(&page), [flagged, pending, paid], "newest first");
    let listed = &page["items"][2];
    assert_eq!(listed["public_id"], paid_public.as_str());
    assert_eq!(listed["status"], "paid");
    assert_eq!(listed["attention"], Value::Null);
    assert_eq!(listed["event_title"], "Vertelavond november");
    assert_eq!(listed["quantity"], 2);
    assert_eq!(listed["total_cents"], 6300);
    assert_eq!(listed["discount_cents"], 700);
    assert_eq!(listed["coupon_code"], "HERFST");
    assert_eq!(listed["provider"], "simulated");
    assert!(listed["paid_at"].is_string());
    assert_eq!(page["items"][1]["product_name"], course_name.as_str());
    assert_eq!(page["items"][1]["event_title"], Value::Null);
    assert_eq!(page["items"][1]["paid_at"], Value::Null);

    for (query, expected) in [
        ("status=paid", vec![flagged, paid]),
        ("status=pending", vec![pending]),
        ("status=refunded", vec![]),
        ("status=attention", vec![flagged]),
        ("q=peeters", vec![paid]),
        ("q=lotte%20peeters", vec![paid]),
        ("q=BRAM%40", vec![pending]),
        ("q=herfst", vec![paid]),
        (&format!("q={}", &paid_public[4..12]), vec![paid]),
        ("status=paid&q=ann", vec![flagged]),
        ("per_page=1&page=2", vec![pending]),
    ] {
        let (status, page) = send(
            &app,
            &token,
            Method::GET,
            &format!("/api/admin/orders?{query}"),
            None,
        )
        .await;
        assert_eq!(status, 200, "{query}");
        assert_eq!(ids(&page), expected, "{query}");
    }
    let (status, body) = send(
        &app,
        &token,
        Method::GET,
        "/api/admin/orders?status=betaald",
        None,
    )
    .await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (422, Some("validation"))
    );

    let (status, detail) = send(
        &app,
        &token,
        Method::GET,
        &format!("/api/admin/orders/{paid}"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(detail["public_id"], paid_public.as_str());
    assert_eq!(detail["coupon_code"], "HERFST");
    assert_eq!(detail["phone"], "+32 470 12 34 56");
    assert_eq!(detail["company"], "Lichtwerk BV");
    assert_eq!(detail["vat_number"], "BE0123456789");
    assert_eq!(detail["unit_price_cents"], 3500);
    assert_eq!(detail["subtotal_cents"], 7000);
    assert_eq!(
        detail["consent_text"],
        "Ik begrijp dat er geen herroepingsrecht geldt."
    );
    assert!(detail["terms_accepted_at"].is_string());
    assert!(detail["expires_at"].is_string());
    let history: Vec<(&str, &str)> = detail["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["status"].as_str().unwrap(), h["note"].as_str().unwrap()))
        .collect();
    assert_eq!(
        history,
        [
            ("pending", "Bestelling aangemaakt."),
            ("paid", "Betaling ontvangen.")
        ],
        "oldest first"
    );
    let codes: Vec<&str> = detail["tickets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        ["BBBB-CCCC-DDDD", "AAAA-CCCC-DDDD"],
        "in issue order"
    );
    assert_eq!(
        detail["tickets"][0]["order_public_id"],
        paid_public.as_str()
    );
    let (_, course_detail) = send(
        &app,
        &token,
        Method::GET,
        &format!("/api/admin/orders/{pending}"),
        None,
    )
    .await;
    assert_eq!(course_detail["tickets"], json!([]));
    assert_eq!(course_detail["history"], json!([]));
    let (status, body) = send(&app, &token, Method::GET, "/api/admin/orders/9999", None).await;
    assert_eq!(
        (status, body["error"]["message"].as_str()),
        (404, Some("Deze bestelling bestaat niet."))
    );
}

// --- Dashboard ---------------------------------------------------------------------------

async fn the_dashboard_shows_revenue_tickets_and_orders_that_need_attention(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let course = product(&app, "spiegelgevecht").await;
    let tz = "Europe/Brussels";
    let this_month = Timestamp::now().in_tz(tz).unwrap().date().first_of_month();
    // Mid-month noon in Brussels, `back` months ago.
    let in_month = |back: i64| {
        ts((this_month - back.months())
            .at(12, 0, 0, 0)
            .in_tz(tz)
            .unwrap()
            .timestamp())
    };
    let now = inlumine::kit::db::now();
    for (status, subtotal, paid_at) in [
        ("paid", 3150, now.clone()),
        ("paid", 1900, in_month(2)),
        ("paid", 9700, in_month(2)),
        ("refunded", 5000, now.clone()),
        ("paid", 7777, in_month(12)),
    ] {
        order(
            &app,
            NewOrder {
                product: course,
                status,
                subtotal_cents: subtotal,
                created_at: paid_at.clone(),
                paid_at: Some(paid_at),
                ..Default::default()
            },
        )
        .await;
    }
    order(
        &app,
        NewOrder {
            product: course,
            status: "pending",
            ..Default::default()
        },
    )
    .await;
    let (flagged, _) = order(
        &app,
        NewOrder {
            product: course,
            status: "paid",
            attention: Some("refund_needed"),
            created_at: in_month(5),
            paid_at: Some(in_month(5)),
            subtotal_cents: 100,
            ..Default::default()
        },
    )
    .await;
    let (failed, _) = order(
        &app,
        NewOrder {
            product: course,
            status: "failed",
            created_at: days_ago(1),
            ..Default::default()
        },
    )
    .await;
    order(
        &app,
        NewOrder {
            product: course,
            status: "failed",
            created_at: days_ago(40),
            ..Default::default()
        },
    )
    .await;

    let upcoming = event(
        &app,
        "Vertelavond november",
        "published",
        "2099-11-27T18:30:00Z",
        30,
        5,
    )
    .await;
    let draft = event(
        &app,
        "Vertelavond concept",
        "draft",
        "2099-12-27T18:30:00Z",
        20,
        0,
    )
    .await;
    let cancelled = event(&app, "Afgelast", "cancelled", "2099-10-27T18:30:00Z", 20, 1).await;
    let past = event(&app, "Voorbij", "published", "2020-10-27T18:30:00Z", 20, 1).await;
    for (code, status) in [
        ("AAAAAAAAAAAA", "valid"),
        ("BBBBBBBBBBBB", "checked_in"),
        ("CCCCCCCCCCCC", "checked_in"),
        ("DDDDDDDDDDDD", "cancelled"),
    ] {
        // One free registration per address and event (as the webinar form enforces).
        ticket(&app, code, upcoming, None, &format!("Gast {code}"), status).await;
    }
    ticket(&app, "EEEEEEEEEEEE", cancelled, None, "Gast", "valid").await;
    ticket(&app, "FFFFFFFFFFFF", past, None, "Gast", "checked_in").await;

    let (status, d) = send(&app, &token, Method::GET, "/api/admin/dashboard", None).await;
    assert_eq!(status, 200);
    let months = d["revenue_by_month"].as_array().unwrap();
    assert_eq!(months.len(), 12);
    assert_eq!(
        months[11]["month"],
        this_month.strftime("%Y-%m").to_string()
    );
    assert_eq!(
        months[0]["month"],
        (this_month - 11.months()).strftime("%Y-%m").to_string()
    );
    assert_eq!(
        months[11],
        json!({"month": months[11]["month"], "total_cents": 3150, "orders": 1}),
        "refunds left out"
    );
    assert_eq!(
        months[9],
        json!({"month": months[9]["month"], "total_cents": 11600, "orders": 2})
    );
    assert_eq!(
        months[6],
        json!({"month": months[6]["month"], "total_cents": 100, "orders": 1}),
        "flagged but paid"
    );
    let elsewhere: i64 = months
        .iter()
        .enumerate()
        .filter(|(i, _)| ![6, 9, 11].contains(i))
        .map(|(_, m)| m["orders"].as_i64().unwrap() + m["total_cents"].as_i64().unwrap())
        .sum();
    assert_eq!(
        elsewhere, 0,
        "empty months are there with 0; 12 months ago is out"
    );

    // The same per week: 12 weeks, this one last, with today's paid order (refund left out).
    let weeks = d["sales_per_week"].as_array().unwrap();
    assert_eq!(weeks.len(), 12);
    let today = Timestamp::now().in_tz(tz).unwrap().date();
    let monday = today - i64::from(today.weekday().to_monday_zero_offset()).days();
    assert_eq!(
        weeks[11],
        json!({"week_start": monday.to_string(), "total_cents": 3150, "orders": 1})
    );
    assert_eq!(weeks[0]["week_start"], (monday - 77.days()).to_string());

    let events = d["tickets_by_event"].as_array().unwrap();
    let event_ids: Vec<i64> = events
        .iter()
        .map(|e| e["event_id"].as_i64().unwrap())
        .collect();
    assert_eq!(
        event_ids,
        [upcoming, draft],
        "upcoming and not cancelled, soonest first"
    );
    assert_eq!(
        events[0],
        json!({"event_id": upcoming, "title": "Vertelavond november", "starts_at": "2099-11-27T18:30:00.000000Z",
               "kind": "vertelavond", "capacity": 30, "seats_taken": 5, "tickets_sold": 3, "checked_in": 2})
    );
    assert_eq!(
        (
            events[1]["tickets_sold"].as_i64(),
            events[1]["checked_in"].as_i64()
        ),
        (Some(0), Some(0))
    );

    // Orders that need attention are on the today list.
    let (_, today) = send(&app, &token, Method::GET, "/api/admin/today", None).await;
    let attention: Vec<(i64, bool)> = today["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["kind"] == "order")
        .map(|o| {
            (
                o["id"].as_i64().unwrap(),
                o["refund_needed"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        attention,
        [(flagged, true), (failed, false)],
        "oldest first; old failures drop off"
    );
    assert_eq!(today["waiting"]["attention_orders"], 2);
    // The existing figures are still there.
    assert!(d["subscribers"].is_object() && d["next_events"].is_array());
}

async fn an_event_with_only_cancelled_tickets_cannot_be_deleted(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let event_id = event(
        &app,
        "Vertelavond",
        "published",
        "2099-11-27T18:30:00Z",
        30,
        1,
    )
    .await;
    let id = ticket(&app, "AAAABBBBCCCC", event_id, None, "Lotte", "valid").await;
    let (status, _) = send(
        &app,
        &token,
        Method::POST,
        &format!("/api/admin/tickets/{id}/cancel"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        value(
            &app,
            "SELECT seats_taken FROM events WHERE id = $1",
            event_id
        )
        .await,
        0
    );
    let (status, body) = send(
        &app,
        &token,
        Method::DELETE,
        &format!("/api/admin/events/{event_id}"),
        None,
    )
    .await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(app.count("SELECT COUNT(*) FROM events").await, 1);
}
