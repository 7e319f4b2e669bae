use jiff::{SignedDuration, Timestamp};
use serde_json::{Value, json};
use sqlx::Row;

use crate::helpers::{Engine, TestApp, attachment, generous_limits, spawn_app, spawn_app_with};

both_engines!(
    a_free_registration_is_a_ticket_that_takes_a_seat_and_mails_the_join_link,
    registering_twice_with_one_address_takes_one_seat,
    capacity_holds_under_twenty_concurrent_registrations,
    paid_past_cancelled_and_unknown_webinars_refuse_free_registration,
);

fn in_days(days: i64) -> Timestamp {
    Timestamp::now() + SignedDuration::from_hours(24 * days)
}

async fn register(app: &TestApp, id: i64, name: &str, email: &str) -> (u16, Value) {
    let res = app
        .post_json(
            &format!("/api/webinars/{id}/registrations"),
            &json!({"name": name, "email": email}),
        )
        .await;
    let status = res.status().as_u16();
    (status, res.json().await.unwrap())
}

async fn seats_taken(app: &TestApp, id: i64) -> i64 {
    sqlx::query("SELECT seats_taken FROM events WHERE id = $1")
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap()
}

async fn a_free_registration_is_a_ticket_that_takes_a_seat_and_mails_the_join_link(engine: Engine) {
    let app = spawn_app(engine).await;
    let id = app.insert_webinar(in_days(5), 40, 0, "published").await;
    let (status, body) = register(&app, id, "An De Smet", "an@example.be").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], "registered");
    assert_eq!(seats_taken(&app, id).await, 1);
    let row =
        sqlx::query("SELECT code, order_id, holder_name, status FROM tickets WHERE event_id = $1")
            .bind(id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    // The same random, scannable code as a paid ticket, so the door's check-in finds it.
    let code = row.try_get::<String, _>("code").unwrap();
    assert_eq!(code.len(), 12, "random ticket code");
    assert_eq!(inlumine::agenda::tickets::normalize_code(&code), code);
    assert_eq!(row.try_get::<Option<i64>, _>("order_id").unwrap(), None);
    assert_eq!(
        row.try_get::<String, _>("holder_name").unwrap(),
        "An De Smet"
    );
    assert_eq!(row.try_get::<String, _>("status").unwrap(), "valid");
    let mail = app.wait_for_mails_to("an@example.be", 1).await.remove(0);
    assert!(
        mail.contains("Deelnemen aan het webinar: https://example.org/live"),
        "{mail}"
    );
    let ics = attachment(&mail, "webinar.ics");
    assert!(ics.contains("URL:https://example.org/live"), "{ics}");
    assert!(ics.contains("LOCATION:Online"));
    // The public list shows the seat as taken.
    let list: Value = app
        .get("/api/events/upcoming?kind=webinar")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(list["events"][0]["seats_left"], 39);
}

async fn registering_twice_with_one_address_takes_one_seat(engine: Engine) {
    let app = spawn_app_with(engine, generous_limits).await;
    let id = app.insert_webinar(in_days(5), 40, 0, "published").await;
    assert_eq!(register(&app, id, "An", "an@example.be").await.0, 200);
    let (status, again) = register(&app, id, "An", " AN@Example.be ").await;
    assert_eq!(status, 200);
    // The same answer as the first time: a stranger learns nothing about the address.
    assert_eq!(again["status"], "registered");
    assert!(
        again["message"]
            .as_str()
            .unwrap()
            .contains("Je bent ingeschreven")
    );
    // Ten at once with the same address: still one seat.
    let other = app.insert_webinar(in_days(6), 40, 0, "published").await;
    let tasks: Vec<_> = (0..10)
        .map(|_| {
            let client = app.client.clone();
            let url = app.url(&format!("/api/webinars/{other}/registrations"));
            tokio::spawn(async move {
                let body = json!({"name": "Bram", "email": "bram@example.be"});
                client
                    .post(url)
                    .json(&body)
                    .send()
                    .await
                    .unwrap()
                    .status()
                    .as_u16()
            })
        })
        .collect();
    for t in tasks {
        assert_eq!(t.await.unwrap(), 200);
    }
    assert_eq!(seats_taken(&app, id).await, 1);
    assert_eq!(seats_taken(&app, other).await, 1);
    assert_eq!(app.count("SELECT COUNT(*) FROM tickets").await, 2);
}

async fn capacity_holds_under_twenty_concurrent_registrations(engine: Engine) {
    let app = spawn_app(engine).await;
    let id = app.insert_webinar(in_days(5), 5, 0, "published").await;
    let tasks: Vec<_> = (0..20)
        .map(|i| {
            let client = app.client.clone();
            let url = app.url(&format!("/api/webinars/{id}/registrations"));
            tokio::spawn(async move {
                let body =
                    json!({"name": format!("Deelnemer {i}"), "email": format!("d{i}@example.be")});
                let res = client.post(url).json(&body).send().await.unwrap();
                (res.status().as_u16(), res.json::<Value>().await.unwrap())
            })
        })
        .collect();
    let mut results = Vec::new();
    for t in tasks {
        results.push(t.await.unwrap());
    }
    assert_eq!(
        results.iter().filter(|(s, _)| *s == 200).count(),
        5,
        "{results:?}"
    );
    for (status, body) in results.iter().filter(|(s, _)| *s != 200) {
        assert_eq!(*status, 409);
        assert!(
            body["error"]["message"]
                .as_str()
                .unwrap()
                .contains("volzet")
        );
    }
    assert_eq!(seats_taken(&app, id).await, 5);
    assert_eq!(app.count("SELECT COUNT(*) FROM tickets").await, 5);
}

async fn paid_past_cancelled_and_unknown_webinars_refuse_free_registration(engine: Engine) {
    let app = spawn_app_with(engine, generous_limits).await;
    let paid = app.insert_webinar(in_days(5), 40, 1500, "published").await;
    let past = app.insert_webinar(in_days(-2), 40, 0, "published").await;
    let cancelled = app.insert_webinar(in_days(5), 40, 0, "cancelled").await;
    let draft = app.insert_webinar(in_days(5), 40, 0, "draft").await;
    let evening = app
        .insert_event(
            "vertelavond",
            "published",
            "2099-01-01T18:00:00.000000Z",
            "2099-01-01T21:00:00.000000Z",
        )
        .await;
    let open = app.insert_webinar(in_days(5), 40, 0, "published").await;
    for (id, status, text) in [
        (paid, 409, "betaal"),
        (past, 409, "voorbij"),
        (cancelled, 409, "geannuleerd"),
        (draft, 404, "bestaat niet"),
        (evening, 404, "bestaat niet"),
        (999_999, 404, "bestaat niet"),
    ] {
        let (got, body) = register(&app, id, "An", "an@example.be").await;
        assert_eq!(got, status, "{id}: {body}");
        assert!(
            body["error"]["message"].as_str().unwrap().contains(text),
            "{body}"
        );
    }
    let (status, body) = register(&app, open, "An", "an@").await;
    assert_eq!(status, 422);
    assert_eq!(
        body["error"]["fields"]["email"],
        "Vul een geldig e-mailadres in."
    );
    let (status, body) = register(&app, open, "", "an@example.be").await;
    assert_eq!(status, 422);
    assert_eq!(body["error"]["fields"]["name"], "Vul je naam in.");
    assert_eq!(app.count("SELECT COUNT(*) FROM tickets").await, 0);
    assert_eq!(app.count("SELECT COUNT(*) FROM outbox").await, 0);
    assert_eq!(
        app.count("SELECT CAST(COALESCE(SUM(seats_taken), 0) AS BIGINT) FROM events WHERE kind = 'webinar'").await,
        0
    );
}
