//! The retention job forgets exactly what the privacy page says, and keeps paid orders whole.
use jiff::{SignedDuration, Timestamp};
use serde_json::{Value, json};
use sqlx::Row;

use crate::commerce::{evening, order_body, press, started};
use crate::helpers::{Engine, TestApp, spawn_app};

both_engines!(the_retention_pass_purges_exactly_what_is_past_its_period_and_keeps_paid_orders);

fn days_ago(days: i64) -> String {
    inlumine::kit::db::format_ts(Timestamp::now() - SignedDuration::from_hours(24 * days))
}

async fn outbox_row(app: &TestApp, status: &str, sent_days_ago: i64) -> i64 {
    let payload = json!({
        "to": "sofie@example.be",
        "subject": "Je tickets",
        "text": "Dag Sofie, hier zijn je tickets.",
        "html": "<p>Dag Sofie</p>",
        "attachments": [{"filename": "tickets.ics", "content_type": "text/calendar", "base64": "QkVHSU4="}],
    });
    let when = days_ago(sent_days_ago);
    sqlx::query(
        "INSERT INTO outbox (kind, payload, status, attempts, next_attempt_at, created_at, sent_at) \
         VALUES ('email', $1, $2, 1, $3, $3, $4) RETURNING id",
    )
    .bind(payload.to_string())
    .bind(status)
    .bind(&when)
    .bind((status == "sent").then_some(&when))
    .fetch_one(&app.pool)
    .await
    .unwrap()
    .try_get("id")
    .unwrap()
}

async fn payload(app: &TestApp, id: i64) -> Value {
    let text: String = sqlx::query("SELECT payload FROM outbox WHERE id = $1")
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    serde_json::from_str(&text).unwrap()
}

async fn subscriber(app: &TestApp, email: &str, status: &str, days: i64) {
    sqlx::query(
        "INSERT INTO newsletter_subscribers (first_name, email, email_normalized, status, unsubscribe_token_hash, \
         created_at, updated_at) VALUES ('Lotte', $1, $1, $2, $3, $4, $4)",
    )
    .bind(email)
    .bind(status)
    .bind(format!("hash-{email}"))
    .bind(days_ago(days))
    .execute(&app.pool)
    .await
    .unwrap();
}

async fn order_as(app: &TestApp, event: i64, email: &str, status: &str, days: i64) -> String {
    let mut body = order_body("vertelavond", Some(event), 1);
    body["email"] = json!(email);
    let (id, reference) = started(app, &body).await;
    if status == "paid" {
        press(app, &reference, "paid").await;
    } else {
        sqlx::query("UPDATE orders SET status = $1, seats_held = 0 WHERE public_id = $2")
            .bind(status)
            .bind(&id)
            .execute(&app.pool)
            .await
            .unwrap();
    }
    sqlx::query("UPDATE orders SET updated_at = $1 WHERE public_id = $2")
        .bind(days_ago(days))
        .bind(&id)
        .execute(&app.pool)
        .await
        .unwrap();
    id
}

async fn buyer(app: &TestApp, public_id: &str) -> (String, String, i64) {
    let row = sqlx::query("SELECT first_name, email, total_cents FROM orders WHERE public_id = $1")
        .bind(public_id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    (
        row.try_get("first_name").unwrap(),
        row.try_get("email").unwrap(),
        row.try_get("total_cents").unwrap(),
    )
}

async fn the_retention_pass_purges_exactly_what_is_past_its_period_and_keeps_paid_orders(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let old_sent = outbox_row(&app, "sent", 31).await;
    let recent_sent = outbox_row(&app, "sent", 29).await;
    let old_pending = outbox_row(&app, "pending", 31).await;

    subscriber(&app, "oud@example.be", "pending", 31).await;
    subscriber(&app, "nieuw@example.be", "pending", 29).await;
    subscriber(&app, "trouw@example.be", "confirmed", 400).await;

    let event = evening(&app, 10).await;
    let expired_old = order_as(&app, event, "a@example.be", "expired", 31).await;
    let failed_old = order_as(&app, event, "b@example.be", "failed", 31).await;
    let expired_recent = order_as(&app, event, "c@example.be", "expired", 29).await;
    let paid_old = order_as(&app, event, "d@example.be", "paid", 400).await;

    for (key, last_at) in [
        ("127.0.0.1", days_ago(2)),
        ("127.0.0.2", inlumine::kit::db::now()),
    ] {
        sqlx::query(
            "INSERT INTO auth_throttle (scope, key, attempts, window_start, last_at) \
             VALUES ('ip', $1, 1, $2, $2)",
        )
        .bind(key)
        .bind(last_at)
        .execute(&app.pool)
        .await
        .unwrap();
    }
    // Waiting lists of an evening that ended 31 days ago go; those of a coming one stay.
    let past = app
        .insert_event("vertelavond", "published", &days_ago(32), &days_ago(31))
        .await;
    for (event_id, email) in [(past, "oud@example.be"), (event, "nieuw@example.be")] {
        sqlx::query(
            "INSERT INTO waitlist_entries (event_id, name, email, email_normalized, status, joined_at, updated_at) \
             VALUES ($1, 'Wachtende', $2, $2, 'waiting', $3, $3)",
        )
        .bind(event_id)
        .bind(email)
        .bind(days_ago(40))
        .execute(&app.pool)
        .await
        .unwrap();
    }
    // The paid order's mails are in the outbox now; wait until they went out so they are counted
    // as recent sent mails, which keep their body.
    app.wait_for_mails_to("d@example.be", 1).await;

    let purged = inlumine::platform::retention::purge(&app.pool, Timestamp::now())
        .await
        .unwrap();
    assert_eq!(
        purged,
        inlumine::platform::retention::Purged {
            mail_bodies: 1,
            unconfirmed_signups: 1,
            unpaid_orders: 2,
            waitlist_entries: 1,
            throttle_counters: 1,
            review_invitations: 0,
            unconfirmed_selftest_mails: 0,
            anonymous_selftest_results: 0,
        }
    );

    let old = payload(&app, old_sent).await;
    assert_eq!(old["to"], "sofie@example.be");
    assert_eq!(old["subject"], "Je tickets");
    assert_eq!(old["text"], "");
    assert_eq!(old["html"], "");
    assert_eq!(old["attachments"], json!([]));
    assert_eq!(
        payload(&app, recent_sent).await["text"],
        "Dag Sofie, hier zijn je tickets."
    );
    assert_eq!(
        payload(&app, old_pending).await["attachments"]
            .as_array()
            .unwrap()
            .len(),
        1
    );

    let emails: Vec<String> =
        sqlx::query("SELECT email FROM newsletter_subscribers ORDER BY email")
            .fetch_all(&app.pool)
            .await
            .unwrap()
            .iter()
            .map(|r| r.try_get(0).unwrap())
            .collect();
    assert_eq!(emails, ["nieuw@example.be", "trouw@example.be"]);

    for id in [&expired_old, &failed_old] {
        assert_eq!(
            buyer(&app, id).await,
            (String::new(), String::new(), 3500),
            "amounts stay"
        );
    }
    assert_eq!(buyer(&app, &expired_recent).await.1, "c@example.be");
    assert_eq!(
        buyer(&app, &paid_old).await,
        ("Sofie".to_string(), "d@example.be".to_string(), 3500),
        "paid orders stay whole"
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM auth_throttle").await, 1);

    let again = inlumine::platform::retention::purge(&app.pool, Timestamp::now())
        .await
        .unwrap();
    assert_eq!(
        again,
        inlumine::platform::retention::Purged::default(),
        "nothing twice"
    );
}
