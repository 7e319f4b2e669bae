//! Checkout, seat holds, payments (simulated provider) and fulfilment, on both engines.
use std::collections::HashSet;

use futures_util::future::join_all;
use serde_json::{Value, json};
use sqlx::Row;

use crate::helpers::{Engine, TestApp, eventually, generous_limits, spawn_app, spawn_app_with};

both_engines!(
    fifty_concurrent_checkouts_sell_exactly_ten_seats,
    a_coupon_with_three_uses_is_redeemed_exactly_three_times,
    paying_twice_or_five_times_fulfils_once,
    tickets_mail_has_every_code_qr_and_calendar,
    the_same_idempotency_key_makes_one_order,
    a_cancelled_or_failed_payment_frees_the_seats,
    an_expired_hold_frees_its_seats,
    a_late_payment_is_honoured_while_seats_are_free,
    a_late_payment_without_seats_is_flagged_for_refund,
    bad_checkout_input_is_refused_and_stores_nothing,
    the_quote_shows_discount_and_vat,
    a_course_purchase_gives_access,
    the_coach_refunds_and_resends,
    products_list_live_prices_and_dates,
    a_forged_webhook_changes_nothing,
);

/// A published vertelavond in two weeks with `capacity` seats, none taken.
pub async fn evening(app: &TestApp, capacity: i64) -> i64 {
    let starts = jiff::Timestamp::now() + jiff::SignedDuration::from_hours(24 * 14);
    let ends = starts + jiff::SignedDuration::from_hours(3);
    let id = app
        .insert_event(
            "vertelavond",
            "published",
            &inlumine::kit::db::format_ts(starts),
            &inlumine::kit::db::format_ts(ends),
        )
        .await;
    sqlx::query("UPDATE events SET capacity = $1, seats_taken = 0 WHERE id = $2")
        .bind(capacity)
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    id
}

pub async fn coupon(
    app: &TestApp,
    code: &str,
    kind: &str,
    value: i64,
    max: Option<i64>,
    valid_until: Option<&str>,
) {
    sqlx::query(
        "INSERT INTO coupons (code, code_normalized, discount_kind, discount_value, max_redemptions, valid_until, \
         active, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $7)",
    )
    .bind(code)
    .bind(code.to_uppercase())
    .bind(kind)
    .bind(value)
    .bind(max)
    .bind(valid_until)
    .bind(inlumine::kit::db::now())
    .execute(&app.pool)
    .await
    .unwrap();
}

fn key() -> String {
    format!("test-{}", hex::encode(rand::random::<[u8; 12]>()))
}

pub fn order_body(product: &str, event_id: Option<i64>, quantity: i64) -> Value {
    json!({
        "idempotency_key": key(),
        "product": product,
        "event_id": event_id,
        "quantity": quantity,
        "first_name": "Sofie",
        "last_name": "Peeters",
        "email": "sofie@example.be",
        "accept_terms": true,
        "accept_consent": true,
    })
}

async fn checkout(app: &TestApp, body: &Value) -> reqwest::Response {
    app.post_json("/api/checkout", body).await
}

/// Starts a checkout that must succeed; returns (order public id, simulated reference).
pub async fn started(app: &TestApp, body: &Value) -> (String, String) {
    let res = checkout(app, body).await;
    let status = res.status().as_u16();
    let json: Value = res.json().await.unwrap();
    assert_eq!(status, 201, "{json}");
    let url = json["checkout_url"].as_str().unwrap();
    let reference = url.split("sessie=").nth(1).unwrap().to_string();
    (json["order_id"].as_str().unwrap().to_string(), reference)
}

pub async fn press(app: &TestApp, reference: &str, outcome: &str) -> Value {
    let res = app
        .post_json(
            &format!("/api/payments/simulated/{reference}"),
            &json!({"outcome": outcome}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 200);
    res.json().await.unwrap()
}

pub async fn order(app: &TestApp, id: &str) -> Value {
    app.get(&format!("/api/orders/{id}"))
        .await
        .json()
        .await
        .unwrap()
}

pub async fn seats_taken(app: &TestApp, event_id: i64) -> i64 {
    sqlx::query("SELECT seats_taken FROM events WHERE id = $1")
        .bind(event_id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap()
}

async fn fifty_concurrent_checkouts_sell_exactly_ten_seats(engine: Engine) {
    let app = spawn_app_with(engine, generous_limits).await;
    let event = evening(&app, 10).await;
    let app = &app;
    let requests = (0..50)
        .map(|_| async move { checkout(app, &order_body("vertelavond", Some(event), 1)).await });
    let responses = join_all(requests).await;
    let mut created = 0;
    let mut sold_out = 0;
    for res in responses {
        match res.status().as_u16() {
            201 => created += 1,
            409 => {
                let body: Value = res.json().await.unwrap();
                assert!(
                    body["error"]["message"]
                        .as_str()
                        .unwrap()
                        .contains("uitverkocht"),
                    "{body}"
                );
                sold_out += 1;
            }
            other => panic!("unexpected status {other}: {}", res.text().await.unwrap()),
        }
    }
    assert_eq!((created, sold_out), (10, 40));
    assert_eq!(seats_taken(app, event).await, 10);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM orders WHERE status = 'pending'")
            .await,
        10
    );
}

async fn a_coupon_with_three_uses_is_redeemed_exactly_three_times(engine: Engine) {
    let app = spawn_app_with(engine, generous_limits).await;
    coupon(&app, "DRIE", "percent", 20, Some(3), None).await;
    let buy = || async {
        let mut body = order_body("spiegelgevecht", None, 1);
        body["coupon"] = json!("drie");
        let res = checkout(&app, &body).await;
        if res.status().as_u16() != 201 {
            let error: Value = res.json().await.unwrap();
            assert_eq!(
                error["error"]["fields"]["coupon"],
                "Deze kortingscode is al volledig gebruikt."
            );
            return false;
        }
        let json: Value = res.json().await.unwrap();
        let reference = json["checkout_url"]
            .as_str()
            .unwrap()
            .split("sessie=")
            .nth(1)
            .unwrap()
            .to_string();
        press(&app, &reference, "paid").await;
        true
    };
    let results = join_all((0..20).map(|_| buy())).await;
    assert_eq!(results.iter().filter(|ok| **ok).count(), 3);
    assert_eq!(app.count("SELECT redemptions FROM coupons").await, 3);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM orders WHERE status = 'paid' AND coupon_id IS NOT NULL AND discount_cents = 380")
            .await,
        3
    );
}

async fn paying_twice_or_five_times_fulfils_once(engine: Engine) {
    let app = spawn_app(engine).await;
    let event = evening(&app, 10).await;
    let (id, reference) = started(&app, &order_body("vertelavond", Some(event), 2)).await;
    join_all((0..5).map(|_| press(&app, &reference, "paid"))).await;
    assert_eq!(order(&app, &id).await["status"], "paid");
    assert_eq!(app.count("SELECT COUNT(*) FROM tickets").await, 2);
    // One confirmation for the buyer and one notice for the coach.
    assert_eq!(
        app.count("SELECT COUNT(*) FROM outbox WHERE kind = 'email'")
            .await,
        2
    );
    assert_eq!(seats_taken(&app, event).await, 2);
    // A cancel arriving after the payment (out of order) changes nothing.
    press(&app, &reference, "cancelled").await;
    assert_eq!(order(&app, &id).await["status"], "paid");
    assert_eq!(seats_taken(&app, event).await, 2);
}

async fn tickets_mail_has_every_code_qr_and_calendar(engine: Engine) {
    let app = spawn_app(engine).await;
    let event = evening(&app, 10).await;
    let (id, reference) = started(&app, &order_body("vertelavond", Some(event), 2)).await;
    let redirect = press(&app, &reference, "paid").await;
    assert!(
        redirect["redirect_url"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/payment-success?order={id}"))
    );
    let summary = order(&app, &id).await;
    assert_eq!(summary["ticket_count"], 2);
    let mails = app.wait_for_mails_to("sofie@example.be", 1).await;
    let mail = &mails[0];
    let codes: Vec<String> = sqlx::query("SELECT code FROM tickets ORDER BY id")
        .fetch_all(&app.pool)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get::<String, _>(0))
        .collect();
    assert_eq!(codes.iter().collect::<HashSet<_>>().len(), 2);
    for code in &codes {
        let shown = inlumine::agenda::tickets::display_code(code);
        assert!(mail.contains(&shown), "{shown} missing in mail");
        assert!(mail.contains(&format!("ticket-{shown}.png")));
    }
    assert!(mail.contains("text/calendar"));
    assert!(mail.contains("Je tickets voor Test vertelavond"));
}

async fn the_same_idempotency_key_makes_one_order(engine: Engine) {
    let app = spawn_app(engine).await;
    let event = evening(&app, 10).await;
    let body = order_body("vertelavond", Some(event), 2);
    let responses = join_all((0..5).map(|_| checkout(&app, &body))).await;
    let mut ids = HashSet::new();
    for res in responses {
        assert!([200, 201].contains(&res.status().as_u16()));
        let json: Value = res.json().await.unwrap();
        ids.insert(json["order_id"].as_str().unwrap().to_string());
    }
    assert_eq!(ids.len(), 1);
    assert_eq!(app.count("SELECT COUNT(*) FROM orders").await, 1);
    assert_eq!(seats_taken(&app, event).await, 2);
}

async fn a_cancelled_or_failed_payment_frees_the_seats(engine: Engine) {
    let app = spawn_app(engine).await;
    let event = evening(&app, 10).await;
    coupon(&app, "ZOMER", "fixed", 500, Some(1), None).await;
    let mut body = order_body("vertelavond", Some(event), 3);
    body["coupon"] = json!("zomer");
    let (id, reference) = started(&app, &body).await;
    assert_eq!(seats_taken(&app, event).await, 3);
    assert_eq!(app.count("SELECT redemptions FROM coupons").await, 1);
    let redirect = press(&app, &reference, "cancelled").await;
    assert!(
        redirect["redirect_url"]
            .as_str()
            .unwrap()
            .contains(&format!("/payment-canceled?order={id}&reden=geannuleerd"))
    );
    assert_eq!(order(&app, &id).await["status"], "cancelled");
    assert_eq!(seats_taken(&app, event).await, 0);
    assert_eq!(app.count("SELECT redemptions FROM coupons").await, 0);

    let (id, reference) = started(&app, &order_body("vertelavond", Some(event), 1)).await;
    press(&app, &reference, "failed").await;
    assert_eq!(order(&app, &id).await["status"], "failed");
    assert_eq!(seats_taken(&app, event).await, 0);
    assert_eq!(app.count("SELECT COUNT(*) FROM tickets").await, 0);
}

async fn an_expired_hold_frees_its_seats(engine: Engine) {
    let app = spawn_app_with(engine, |s| s.payments.sweep_interval_secs = 1).await;
    let event = evening(&app, 10).await;
    let (id, _) = started(&app, &order_body("vertelavond", Some(event), 4)).await;
    assert_eq!(seats_taken(&app, event).await, 4);
    // The hold is 30 minutes; move its end into the past instead of waiting.
    sqlx::query("UPDATE orders SET expires_at = '2020-01-01T00:00:00.000000Z'")
        .execute(&app.pool)
        .await
        .unwrap();
    eventually("the sweeper expires the order", || async {
        order(&app, &id).await["status"] == "expired"
    })
    .await;
    assert_eq!(seats_taken(&app, event).await, 0);
}

async fn expire_now(app: &TestApp, id: &str) {
    sqlx::query(
        "UPDATE orders SET expires_at = '2020-01-01T00:00:00.000000Z' WHERE public_id = $1",
    )
    .bind(id)
    .execute(&app.pool)
    .await
    .unwrap();
    // The next checkout for the event sweeps holds that ran out, in its own transaction.
}

async fn a_late_payment_is_honoured_while_seats_are_free(engine: Engine) {
    let app = spawn_app_with(engine, |s| s.payments.sweep_interval_secs = 1).await;
    let event = evening(&app, 10).await;
    let (id, reference) = started(&app, &order_body("vertelavond", Some(event), 2)).await;
    expire_now(&app, &id).await;
    eventually("the order expires", || async {
        order(&app, &id).await["status"] == "expired"
    })
    .await;
    assert_eq!(seats_taken(&app, event).await, 0);
    press(&app, &reference, "paid").await;
    let summary = order(&app, &id).await;
    assert_eq!(summary["status"], "paid");
    assert_eq!(summary["ticket_count"], 2);
    assert_eq!(seats_taken(&app, event).await, 2);
}

async fn a_late_payment_without_seats_is_flagged_for_refund(engine: Engine) {
    let app = spawn_app(engine).await;
    let event = evening(&app, 2).await;
    let (late, reference) = started(&app, &order_body("vertelavond", Some(event), 2)).await;
    expire_now(&app, &late).await;
    // Someone else buys the two seats that the expired hold gave back.
    let (_, other) = started(&app, &order_body("vertelavond", Some(event), 2)).await;
    press(&app, &other, "paid").await;
    assert_eq!(order(&app, &late).await["status"], "expired");
    press(&app, &reference, "paid").await;
    let summary = order(&app, &late).await;
    assert_eq!(summary["status"], "expired");
    assert_eq!(summary["ticket_count"], 0);
    assert_eq!(seats_taken(&app, event).await, 2);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM orders WHERE attention = 'refund_needed'")
            .await,
        1
    );
    // The coach hears of the paid order and of the refund to make.
    let mails = app.wait_for_mails_to("hallo@inlumine.be", 2).await;
    assert!(
        mails
            .iter()
            .any(|m| m.contains("Actie nodig: betaling terugstorten"))
    );
}

async fn bad_checkout_input_is_refused_and_stores_nothing(engine: Engine) {
    let app = spawn_app(engine).await;
    let event = evening(&app, 3).await;
    coupon(
        &app,
        "OUD",
        "percent",
        10,
        None,
        Some("2020-01-01T00:00:00.000000Z"),
    )
    .await;
    let base = order_body("vertelavond", Some(event), 1);
    let with = |field: &str, value: Value| {
        let mut body = base.clone();
        body[field] = value;
        body
    };
    let cases: Vec<(Value, u16, &str)> = vec![
        (with("product", json!("bestaat-niet")), 404, "bestaat niet"),
        (with("quantity", json!(0)), 422, "Kies een aantal"),
        (with("quantity", json!(11)), 422, "Kies een aantal"),
        (with("quantity", json!(4)), 409, "uitverkocht"),
        (
            with("coupon", json!("oud")),
            422,
            "kunnen we niet gebruiken",
        ),
        (
            with("coupon", json!("NIETS")),
            422,
            "kunnen we niet gebruiken",
        ),
        (with("email", json!("sofie@")), 422, "e-mailadres"),
        (with("first_name", json!("  ")), 422, "voornaam"),
        (
            with("accept_terms", json!(false)),
            422,
            "algemene voorwaarden",
        ),
        (with("accept_consent", json!(false)), 422, "verklaring"),
        (with("total_cents", json!(1)), 422, "ongeldige waarde"),
        (with("unit_price_cents", json!(1)), 422, "ongeldige waarde"),
        (with("event_id", json!(999_999)), 404, "bestaat niet"),
        (with("event_id", Value::Null), 422, "Kies een datum"),
        (with("vat_number", json!("12")), 422, "btw-nummer"),
        (with("idempotency_key", json!("kort")), 422, "Herlaad"),
    ];
    for (body, status, message) in cases {
        let res = checkout(&app, &body).await;
        assert_eq!(res.status().as_u16(), status, "{body}");
        let error: Value = res.json().await.unwrap();
        assert!(
            error["error"]["message"]
                .as_str()
                .unwrap()
                .contains(message),
            "{body} → {error}"
        );
    }
    let past = app
        .insert_event(
            "vertelavond",
            "published",
            "2020-01-01T18:00:00.000000Z",
            "2020-01-01T21:00:00.000000Z",
        )
        .await;
    let res = checkout(&app, &with("event_id", json!(past))).await;
    assert_eq!(res.status().as_u16(), 409);
    assert!(res.text().await.unwrap().contains("voorbij"));
    assert_eq!(app.count("SELECT COUNT(*) FROM orders").await, 0);
    assert_eq!(seats_taken(&app, event).await, 0);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM coupons WHERE redemptions > 0")
            .await,
        0
    );
}

async fn the_quote_shows_discount_and_vat(engine: Engine) {
    let app = spawn_app(engine).await;
    let event = evening(&app, 10).await;
    coupon(&app, "WELKOM10", "percent", 10, None, None).await;
    let res = app
        .post_json(
            "/api/checkout/quote",
            &json!({"product": "vertelavond", "event_id": event, "quantity": 2, "coupon": " welkom10 "}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 200);
    let quote: Value = res.json().await.unwrap();
    assert_eq!(quote["subtotal_cents"], 7000);
    assert_eq!(quote["discount_cents"], 700);
    assert_eq!(quote["total_cents"], 6300);
    assert_eq!(quote["vat_cents"], 1093); // 6300 - round(6300 / 1.21)
    assert_eq!(quote["coupon"]["label"], "10% korting");
    assert_eq!(quote["max_quantity"], 10);
    assert_eq!(app.count("SELECT COUNT(*) FROM orders").await, 0);
    let consent: Value = app
        .get("/api/checkout/consent?product=spiegelgevecht")
        .await
        .json()
        .await
        .unwrap();
    assert!(
        consent["text"]
            .as_str()
            .unwrap()
            .contains("herroepingsrecht verlies")
    );
}

async fn a_course_purchase_gives_access(engine: Engine) {
    let app = spawn_app(engine).await;
    let (id, reference) = started(&app, &order_body("zelfinzicht-7-stappen", None, 1)).await;
    let pending = order(&app, &id).await;
    assert_eq!(pending["status"], "pending");
    assert!(pending["access_url"].is_null());
    press(&app, &reference, "paid").await;
    let paid = order(&app, &id).await;
    assert_eq!(paid["status"], "paid");
    assert_eq!(paid["total_cents"], 9700);
    assert_eq!(paid["access_url"], "https://platform.inlumine.be");
    let mails = app.wait_for_mails_to("sofie@example.be", 1).await;
    assert!(mails[0].contains("Welkom bij Zelfinzicht in 7 Stappen"));
    assert!(mails[0].contains("https://platform.inlumine.be"));
    let consent: String = sqlx::query("SELECT consent_text FROM orders")
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .get(0);
    assert!(consent.contains("herroepingsrecht verlies"));
}

async fn the_coach_refunds_and_resends(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let event = evening(&app, 10).await;
    let (public_id, reference) = started(&app, &order_body("vertelavond", Some(event), 2)).await;
    let id: i64 = sqlx::query("SELECT id FROM orders WHERE public_id = $1")
        .bind(&public_id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .get(0);
    let refund = |token: &str| {
        app.authed(
            reqwest::Method::POST,
            &format!("/api/admin/orders/{id}/refund"),
            token,
        )
        .send()
    };
    assert_eq!(
        refund(&token).await.unwrap().status().as_u16(),
        409,
        "nothing paid yet"
    );
    press(&app, &reference, "paid").await;
    let resend = app
        .authed(
            reqwest::Method::POST,
            &format!("/api/admin/orders/{id}/resend"),
            &token,
        )
        .send()
        .await
        .unwrap();
    assert_eq!(resend.status().as_u16(), 204);
    app.wait_for_mails_to("sofie@example.be", 2).await;
    let refunded = refund(&token).await.unwrap();
    assert_eq!(refunded.status().as_u16(), 200);
    let detail: Value = refunded.json().await.unwrap();
    assert_eq!(detail["status"], "refunded");
    assert_eq!(
        detail["history"].as_array().unwrap().last().unwrap()["status"],
        "refunded"
    );
    assert_eq!(order(&app, &public_id).await["status"], "refunded");
    assert_eq!(seats_taken(&app, event).await, 0);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM tickets WHERE status = 'cancelled'")
            .await,
        2
    );
    assert_eq!(
        refund(&token).await.unwrap().status().as_u16(),
        409,
        "only once"
    );
}

async fn products_list_live_prices_and_dates(engine: Engine) {
    let app = spawn_app(engine).await;
    let event = evening(&app, 10).await;
    let products: Value = app.get("/api/products").await.json().await.unwrap();
    let prices: Vec<(String, i64)> = products
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["slug"].as_str().unwrap().to_string(),
                p["price_cents"].as_i64().unwrap(),
            )
        })
        .collect();
    for expected in [
        ("spiegelgevecht", 1900),
        ("zelfinzicht-7-stappen", 9700),
        ("zelfbeeld-ommekeer", 150_000),
        ("vertelavond", 3500),
    ] {
        assert!(
            prices.contains(&(expected.0.to_string(), expected.1)),
            "{expected:?}"
        );
    }
    let detail: Value = app
        .get("/api/products/vertelavond")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(detail["events"][0]["id"], event);
    assert_eq!(detail["events"][0]["seats_left"], 10);
    assert_eq!(
        app.get("/api/products/onbekend").await.status().as_u16(),
        404
    );
}

async fn a_forged_webhook_changes_nothing(engine: Engine) {
    let app = spawn_app(engine).await;
    let event = evening(&app, 10).await;
    let (id, reference) = started(&app, &order_body("vertelavond", Some(event), 1)).await;
    let body = json!({"event_id": "evt_forged", "provider_ref": reference, "outcome": "paid"});
    for signature in [None, Some("00".repeat(32)), Some("not-hex".to_string())] {
        let mut req = app
            .client
            .post(app.url("/api/payments/webhook/simulated"))
            .json(&body);
        if let Some(signature) = signature {
            req = req.header("x-simulated-signature", signature);
        }
        assert_eq!(req.send().await.unwrap().status().as_u16(), 400);
    }
    // Another provider's path is not open while the simulated one is configured.
    let res = app.post_json("/api/payments/webhook/stripe", &body).await;
    assert_eq!(res.status().as_u16(), 404);
    assert_eq!(order(&app, &id).await["status"], "pending");
    assert_eq!(app.count("SELECT COUNT(*) FROM payment_events").await, 0);
    assert_eq!(app.count("SELECT COUNT(*) FROM tickets").await, 0);
}
