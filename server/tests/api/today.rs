//! The coach's today list: what needs her, in time order, and the counts the admin menu shows.
use jiff::{SignedDuration, Timestamp};
use reqwest::Method;
use serde_json::{Value, json};

use crate::admin_commerce::{NewOrder, order, product};
use crate::helpers::{Engine, TestApp, spawn_app};

both_engines!(
    the_today_list_is_for_the_admin_only,
    demo_data_alone_puts_nothing_on_the_today_list,
    the_today_list_has_each_kind_in_time_order_and_counts_what_waits,
);

fn at(from_now: SignedDuration) -> String {
    inlumine::kit::db::format_ts(Timestamp::now() + from_now)
}

fn hours(n: i64) -> SignedDuration {
    SignedDuration::from_hours(n)
}

async fn today(app: &TestApp, token: &str) -> Value {
    let (status, body) = app
        .admin_send(token, Method::GET, "/api/admin/today", None)
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

async fn the_today_list_is_for_the_admin_only(engine: Engine) {
    let app = spawn_app(engine).await;
    let res = app.get("/api/admin/today").await;
    assert_eq!(res.status().as_u16(), 401);
}

async fn demo_data_alone_puts_nothing_on_the_today_list(engine: Engine) {
    let app = spawn_app(engine).await;
    assert!(inlumine::app::seed::seed_demo(&app.pool).await.unwrap());
    let token = app.admin_token().await;
    assert_eq!(
        today(&app, &token).await,
        json!({"items": [], "waiting": {"unread_messages": 0, "attention_orders": 0, "undelivered_mails": 0}}),
        "with the demo's events weeks away, an unread message, a call today and an order are all there is"
    );
}

async fn intro_call(app: &TestApp, starts_at: &str, name: &str, status: &str) -> i64 {
    sqlx::query(
        "INSERT INTO intro_calls (starts_at, ends_at, mode, name, email, status, booked_at, created_at, updated_at) \
         VALUES ($1, $1, 'video', $2, 'an@example.be', $3, $1, $1, $1) RETURNING id",
    )
    .bind(starts_at)
    .bind(name)
    .bind(status)
    .fetch_one(&app.pool)
    .await
    .map(|row| sqlx::Row::get(&row, "id"))
    .unwrap()
}

async fn outbox(app: &TestApp, kind: &str, status: &str, created_at: &str) -> i64 {
    let payload =
        json!({"to": "verkeerd@example.be", "subject": "Je ticket", "text": "", "html": ""});
    sqlx::query(
        "INSERT INTO outbox (kind, payload, status, attempts, next_attempt_at, created_at) \
         VALUES ($1, $2, $3, 8, $4, $4) RETURNING id",
    )
    .bind(kind)
    .bind(payload.to_string())
    .bind(status)
    .bind(created_at)
    .fetch_one(&app.pool)
    .await
    .map(|row| sqlx::Row::get(&row, "id"))
    .unwrap()
}

async fn offer(app: &TestApp, event: i64, email: &str, status: &str, until: &str) -> i64 {
    sqlx::query(
        "INSERT INTO waitlist_entries (event_id, name, email, email_normalized, status, offered_at, offered_until, \
         joined_at, updated_at) VALUES ($1, 'Wachtende Wim', $2, $2, $3, $4, $5, $4, $4) RETURNING id",
    )
    .bind(event)
    .bind(email)
    .bind(status)
    .bind(at(hours(-1)))
    .bind(until)
    .fetch_one(&app.pool)
    .await
    .map(|row| sqlx::Row::get(&row, "id"))
    .unwrap()
}

async fn the_today_list_has_each_kind_in_time_order_and_counts_what_waits(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;

    // Nothing waits yet.
    assert_eq!(
        today(&app, &token).await,
        json!({"items": [], "waiting": {"unread_messages": 0, "attention_orders": 0, "undelivered_mails": 0}})
    );

    // Each kind once, and beside it what must stay off the list.
    let course = product(&app, "spiegelgevecht").await;
    let (flagged, _) = order(
        &app,
        NewOrder {
            product: course,
            status: "paid",
            attention: Some("refund_needed"),
            first_name: "Fien",
            last_name: "Laat",
            created_at: at(hours(-48)),
            ..Default::default()
        },
    )
    .await;
    order(
        &app,
        NewOrder {
            product: course,
            status: "paid",
            created_at: at(hours(-47)),
            ..Default::default()
        },
    )
    .await;
    let mail = outbox(&app, "email", "dead", &at(hours(-1))).await;
    outbox(&app, "email", "dead", &at(hours(-24 * 20))).await; // too old
    outbox(&app, "webhook", "dead", &at(hours(-1))).await; // not a mail

    let res = app
        .post_json(
            "/api/contact",
            &json!({"name": "Sofie Peeters", "email": "sofie@example.be", "phone": "", "subject": "coaching",
                    "message": "Dag Lien, hoe ziet een traject eruit?", "privacy_consent": true, "website": ""}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 200);

    let call = intro_call(&app, &at(hours(2)), "Nina Vermeulen", "booked").await;
    intro_call(
        &app,
        &at(hours(2) + SignedDuration::from_mins(30)),
        "Geannuleerd",
        "cancelled",
    )
    .await;
    intro_call(&app, &at(hours(24 * 3)), "Later", "booked").await;

    let event = app
        .insert_event("vertelavond", "published", &at(hours(3)), &at(hours(5)))
        .await;
    app.insert_event("vertelavond", "draft", &at(hours(4)), &at(hours(6)))
        .await;
    app.insert_event(
        "vertelavond",
        "published",
        &at(hours(24 * 3)),
        &at(hours(24 * 3 + 2)),
    )
    .await;
    let waiting = offer(&app, event, "wim@example.be", "offered", &at(hours(6))).await;
    offer(&app, event, "oud@example.be", "offered", &at(hours(-1))).await; // expired
    offer(&app, event, "wacht@example.be", "waiting", &at(hours(7))).await; // not offered

    let body = today(&app, &token).await;
    let items = body["items"].as_array().unwrap();
    let lines: Vec<(&str, i64)> = items
        .iter()
        .map(|i| (i["kind"].as_str().unwrap(), i["id"].as_i64().unwrap()))
        .collect();
    let message = items
        .iter()
        .find(|i| i["kind"] == "message")
        .map(|i| i["id"].as_i64().unwrap())
        .expect("the unread message is listed");
    assert_eq!(
        lines,
        [
            ("order", flagged),
            ("mail", mail),
            ("message", message),
            ("intro_call", call),
            ("event", event),
            ("waitlist_offer", waiting),
        ],
        "oldest first, what stays off the list left out"
    );
    assert_eq!(items[0]["title"], "Fien Laat");
    assert_eq!(items[0]["refund_needed"], true);
    assert_eq!(items[1]["email"], "verkeerd@example.be");
    assert_eq!(items[1]["detail"], "Je ticket");
    assert_eq!(items[2]["title"], "Sofie Peeters");
    assert_eq!(items[2]["detail"], "Vraag over coaching");
    assert_eq!(items[3]["title"], "Nina Vermeulen");
    assert_eq!(items[3]["call_mode"], "video");
    assert_eq!(items[4]["seats_left"], 18, "capacity 30, 12 taken");
    assert_eq!(items[4]["event_kind"], "vertelavond");
    assert_eq!(items[5]["detail"], "Test vertelavond");
    assert_eq!(
        body["waiting"],
        json!({"unread_messages": 1, "attention_orders": 1, "undelivered_mails": 1})
    );

    // Read, refunded, cancelled: off the list, and the counts follow.
    let (status, _) = app
        .admin_send(
            &token,
            Method::PUT,
            &format!("/api/admin/messages/{message}/status"),
            Some(json!({"status": "read"})),
        )
        .await;
    assert_eq!(status, 200);
    let (status, body) = app
        .admin_send(
            &token,
            Method::POST,
            &format!("/api/admin/orders/{flagged}/refund"),
            None,
        )
        .await;
    assert!(status < 300, "{status} {body}");
    let body = today(&app, &token).await;
    let kinds: Vec<&str> = body["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["mail", "intro_call", "event", "waitlist_offer"]);
    assert_eq!(
        body["waiting"],
        json!({"unread_messages": 0, "attention_orders": 0, "undelivered_mails": 1})
    );
}
