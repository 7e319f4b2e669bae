use jiff::{SignedDuration, Timestamp};
use serde_json::{Value, json};

use crate::commerce::{order_body, press, started};
use crate::helpers::{Engine, TestApp, spawn_app_with};

both_engines!(
    a_reminder_goes_out_once_a_day_before_an_intro_call,
    a_reminder_goes_out_once_a_day_before_a_webinar,
    a_buyers_reminder_carries_the_paid_webinars_link,
);

async fn spawn(engine: Engine) -> TestApp {
    spawn_app_with(engine, |s| s.reminders.interval_secs = 1).await
}

fn ts(t: Timestamp) -> String {
    inlumine::kit::db::format_ts(t)
}

/// Lets the clock run: the row now starts in two hours and was chosen two days ago.
async fn two_hours_before(app: &TestApp, sql: &'static str) {
    let now = Timestamp::now();
    sqlx::query(sql)
        .bind(ts(now + SignedDuration::from_hours(2)))
        .bind(ts(now + SignedDuration::from_mins(150)))
        .bind(ts(now - SignedDuration::from_hours(48)))
        .execute(&app.pool)
        .await
        .unwrap();
}

async fn reminders_to(app: &TestApp, to: &str) -> usize {
    app.mails_to(to)
        .iter()
        .filter(|m| m.contains("Subject: Herinnering"))
        .count()
}

async fn a_reminder_goes_out_once_a_day_before_an_intro_call(engine: Engine) {
    let app = spawn(engine).await;
    let token = app.admin_token().await;
    let rules: Vec<Value> = (1..=7)
        .map(|d| json!({"weekday": d, "start": "00:00", "end": "24:00"}))
        .collect();
    let (status, _) = app
        .admin_send(
            &token,
            reqwest::Method::PUT,
            "/api/admin/availability",
            Some(
                json!({"slot_minutes": 30, "buffer_minutes": 0, "min_notice_hours": 30,
                        "weeks_ahead": 2, "rules": rules, "blocked": []}),
            ),
        )
        .await;
    assert_eq!(status, 200);
    let slots: Value = app
        .get("/api/intro-calls/slots")
        .await
        .json()
        .await
        .unwrap();
    let slot = slots["days"][0]["slots"][0]["starts_at"].as_str().unwrap();
    let res = app
        .post_json(
            "/api/intro-calls",
            &json!({"starts_at": slot, "mode": "video", "name": "Tom", "email": "tom@example.be"}),
        )
        .await;
    assert_eq!(res.status(), 201);
    app.wait_for_mails_to("tom@example.be", 1).await;
    // Booked more than a day ahead: nothing yet.
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    assert_eq!(reminders_to(&app, "tom@example.be").await, 0);

    two_hours_before(
        &app,
        "UPDATE intro_calls SET starts_at = $1, ends_at = $2, booked_at = $3",
    )
    .await;
    let mails = app.wait_for_mails_to("tom@example.be", 2).await;
    let reminder = mails
        .iter()
        .find(|m| m.contains("Subject: Herinnering"))
        .unwrap();
    assert!(reminder.contains("kennismakingsgesprek"), "{reminder}");
    tokio::time::sleep(std::time::Duration::from_millis(3000)).await;
    assert_eq!(
        reminders_to(&app, "tom@example.be").await,
        1,
        "exactly once"
    );
    assert_eq!(
        app.count("SELECT COUNT(*) FROM intro_calls WHERE reminder_sent_at IS NOT NULL")
            .await,
        1
    );
}

/// Lets the clock run to two hours before the webinar, the seat taken two days ago; the
/// reminder then sent to `to` (the second mail after the confirmation).
async fn webinar_reminder_two_hours_before(app: &TestApp, to: &str) -> String {
    two_hours_before(
        app,
        "UPDATE events SET starts_at = $1, ends_at = $2, created_at = $3",
    )
    .await;
    sqlx::query("UPDATE tickets SET created_at = $1")
        .bind(ts(Timestamp::now() - SignedDuration::from_hours(48)))
        .execute(&app.pool)
        .await
        .unwrap();
    let mails = app.wait_for_mails_to(to, 2).await;
    mails
        .into_iter()
        .find(|m| m.contains("Subject: Herinnering"))
        .unwrap()
}

async fn a_reminder_goes_out_once_a_day_before_a_webinar(engine: Engine) {
    let app = spawn(engine).await;
    let id = app
        .insert_webinar(
            Timestamp::now() + SignedDuration::from_hours(72),
            30,
            0,
            "published",
        )
        .await;
    let res = app
        .post_json(
            &format!("/api/webinars/{id}/registrations"),
            &json!({"name": "Els", "email": "els@example.be"}),
        )
        .await;
    assert_eq!(res.status(), 200);
    app.wait_for_mails_to("els@example.be", 1).await;
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    assert_eq!(reminders_to(&app, "els@example.be").await, 0);

    let reminder = webinar_reminder_two_hours_before(&app, "els@example.be").await;
    assert!(reminder.contains("https://example.org/live"), "{reminder}");
    tokio::time::sleep(std::time::Duration::from_millis(3000)).await;
    assert_eq!(
        reminders_to(&app, "els@example.be").await,
        1,
        "exactly once"
    );
}

async fn a_buyers_reminder_carries_the_paid_webinars_link(engine: Engine) {
    let app = spawn(engine).await;
    let id = app
        .insert_webinar(
            Timestamp::now() + SignedDuration::from_hours(72),
            30,
            2500,
            "published",
        )
        .await;
    let (_, reference) = started(&app, &order_body("webinar", Some(id), 1)).await;
    press(&app, &reference, "paid").await;
    app.wait_for_mails_to("sofie@example.be", 1).await;
    let reminder = webinar_reminder_two_hours_before(&app, "sofie@example.be").await;
    assert!(reminder.contains("https://example.org/live"), "{reminder}");
}
