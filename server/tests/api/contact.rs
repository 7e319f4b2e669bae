use reqwest::Method;
use serde_json::{Value, json};
use sqlx::Row;

use crate::helpers::{Engine, TestApp, spawn_app};

both_engines!(
    a_message_is_stored_unread_and_mails_the_coach_and_an_auto_reply,
    a_filled_honeypot_looks_like_success_but_stores_and_mails_nothing,
    a_burst_from_one_ip_is_cut_off_after_five_messages_without_storing_the_rest,
    bad_messages_get_a_dutch_4xx_and_store_nothing,
    the_coach_reads_archives_and_deletes_messages_in_her_inbox,
);

fn message(email: &str) -> Value {
    json!({
        "name": "Sofie Peeters",
        "email": email,
        "phone": "0470 12 34 56",
        "subject": "coaching",
        "message": "Dag Lien, ik wil graag weten hoe een traject eruitziet.",
        "privacy_consent": true,
        "website": "",
    })
}

async fn send(app: &TestApp, body: &Value) -> (u16, Value) {
    let res = app.post_json("/api/contact", body).await;
    let status = res.status().as_u16();
    (status, res.json().await.unwrap())
}

async fn a_message_is_stored_unread_and_mails_the_coach_and_an_auto_reply(engine: Engine) {
    let app = spawn_app(engine).await;
    let (status, body) = send(&app, &message("sofie@example.be")).await;
    assert_eq!(status, 200, "{body}");
    assert!(body["message"].as_str().unwrap().starts_with("Bedankt"));
    let row = sqlx::query("SELECT status, subject, phone FROM contact_messages")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(row.try_get::<String, _>("status").unwrap(), "unread");
    assert_eq!(row.try_get::<String, _>("subject").unwrap(), "coaching");
    let coach = app
        .wait_for_mails_to("hallo@inlumine.be", 1)
        .await
        .remove(0);
    assert!(
        coach.contains("Subject: Nieuw bericht van Sofie Peeters: Vraag over coaching"),
        "{coach}"
    );
    assert!(coach.contains("hoe een traject eruitziet"));
    let reply = app.wait_for_mails_to("sofie@example.be", 1).await.remove(0);
    assert!(reply.contains("Bedankt voor je bericht"), "{reply}");
    assert!(
        !reply.contains("hoe een traject eruitziet"),
        "the auto-reply does not echo the text"
    );
}

async fn a_filled_honeypot_looks_like_success_but_stores_and_mails_nothing(engine: Engine) {
    let app = spawn_app(engine).await;
    let mut bot = message("bot@example.be");
    bot["website"] = json!("https://spam.example");
    let (status, body) = send(&app, &bot).await;
    assert_eq!(status, 200);
    let (_, real) = send(&app, &message("sofie@example.be")).await;
    assert_eq!(body, real, "the bot cannot tell the difference");
    assert_eq!(
        app.count("SELECT COUNT(*) FROM contact_messages WHERE email = 'bot@example.be'")
            .await,
        0
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM contact_messages").await, 1);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM outbox").await,
        2,
        "only the real message's mails"
    );
}

async fn a_burst_from_one_ip_is_cut_off_after_five_messages_without_storing_the_rest(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let requests: Vec<_> = (0..12)
        .map(|i| {
            let client = app.client.clone();
            let url = app.url("/api/contact");
            let body = message(&format!("burst{i}@example.be"));
            tokio::spawn(async move {
                let res = client.post(url).json(&body).send().await.unwrap();
                let retry = res.headers().get("retry-after").cloned();
                (
                    res.status().as_u16(),
                    retry,
                    res.json::<Value>().await.unwrap(),
                )
            })
        })
        .collect();
    let mut results = Vec::new();
    for r in requests {
        results.push(r.await.unwrap());
    }
    assert_eq!(
        results.iter().filter(|(s, _, _)| *s == 200).count(),
        5,
        "{results:?}"
    );
    for (status, retry, body) in results.iter().filter(|(s, _, _)| *s != 200) {
        assert_eq!(*status, 429, "{body}");
        let secs: u64 = retry.as_ref().unwrap().to_str().unwrap().parse().unwrap();
        assert!((1..=600).contains(&secs));
        assert!(
            body["error"]["message"]
                .as_str()
                .unwrap()
                .contains("Wacht een momentje")
        );
    }
    assert_eq!(app.count("SELECT COUNT(*) FROM contact_messages").await, 5);
    assert_eq!(app.count("SELECT COUNT(*) FROM outbox").await, 10);
    // Still refused afterwards, within the window.
    assert_eq!(send(&app, &message("later@example.be")).await.0, 429);
}

async fn bad_messages_get_a_dutch_4xx_and_store_nothing(engine: Engine) {
    let app = spawn_app(engine).await;
    let with = |changes: Value| {
        let mut body = message("sofie@example.be");
        for (k, v) in changes.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    let cases = [
        (
            json!({"email": "sofie@voorbeeld"}),
            "email",
            "Vul een geldig e-mailadres in.",
        ),
        (json!({"name": ""}), "name", "Vul je naam in."),
        (
            json!({"subject": "reclame"}),
            "subject",
            "Kies een onderwerp.",
        ),
        (json!({"message": "  "}), "message", "Schrijf je bericht."),
        (
            json!({"message": "x".repeat(5001)}),
            "message",
            "Je bericht mag hoogstens 5000 tekens lang zijn.",
        ),
        (
            json!({"phone": "geen"}),
            "phone",
            "Vul een geldig telefoonnummer in",
        ),
        (
            json!({"privacy_consent": false}),
            "privacy_consent",
            "Geef aan dat",
        ),
    ];
    for (change, field, text) in cases {
        let (status, error) = send(&app, &with(change.clone())).await;
        assert_eq!(status, 422, "{change}");
        assert!(
            error["error"]["fields"][field]
                .as_str()
                .unwrap_or_default()
                .starts_with(text),
            "{change}: {error}"
        );
    }
    // A message of exactly 5000 characters is fine; without a phone too.
    let (status, _) = send(
        &app,
        &with(json!({"message": "é".repeat(5000), "phone": null})),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(app.count("SELECT COUNT(*) FROM contact_messages").await, 1);
    assert_eq!(app.count("SELECT COUNT(*) FROM outbox").await, 2);
}

async fn the_coach_reads_archives_and_deletes_messages_in_her_inbox(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    send(&app, &message("een@example.be")).await;
    send(&app, &message("twee@example.be")).await;
    let (status, inbox) = app
        .admin_send(&token, Method::GET, "/api/admin/messages", None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(inbox["total"], 2);
    assert_eq!(inbox["unread"], 2);
    assert_eq!(
        inbox["items"][0]["email"], "twee@example.be",
        "newest first"
    );
    assert_eq!(inbox["items"][0]["subject_label"], "Vraag over coaching");
    let (_, today) = app
        .admin_send(&token, Method::GET, "/api/admin/today", None)
        .await;
    assert_eq!(today["waiting"]["unread_messages"], 2);

    let id = inbox["items"][0]["id"].as_i64().unwrap();
    let status_path = format!("/api/admin/messages/{id}/status");
    let (status, read) = app
        .admin_send(
            &token,
            Method::PUT,
            &status_path,
            Some(json!({"status": "read"})),
        )
        .await;
    assert_eq!((status, read["status"].as_str()), (200, Some("read")));
    let (status, _) = app
        .admin_send(
            &token,
            Method::PUT,
            &status_path,
            Some(json!({"status": "weg"})),
        )
        .await;
    assert_eq!(status, 422);
    app.admin_send(
        &token,
        Method::PUT,
        &status_path,
        Some(json!({"status": "archived"})),
    )
    .await;
    let (_, inbox) = app
        .admin_send(
            &token,
            Method::GET,
            "/api/admin/messages?folder=inbox",
            None,
        )
        .await;
    assert_eq!(
        (inbox["total"].as_i64(), inbox["unread"].as_i64()),
        (Some(1), Some(1))
    );
    let (_, archive) = app
        .admin_send(
            &token,
            Method::GET,
            "/api/admin/messages?folder=archived&q=TWEE",
            None,
        )
        .await;
    assert_eq!(archive["items"][0]["id"], id);

    let path = format!("/api/admin/messages/{id}");
    let (status, _) = app.admin_send(&token, Method::DELETE, &path, None).await;
    assert_eq!(status, 204);
    let (status, _) = app.admin_send(&token, Method::DELETE, &path, None).await;
    assert_eq!(status, 404);
    assert_eq!(app.count("SELECT COUNT(*) FROM contact_messages").await, 1);
}
