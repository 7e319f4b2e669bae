use std::sync::{Arc, Mutex};

use axum::http::HeaderMap;
use serde_json::json;
use sqlx::Row;

use crate::helpers::{Engine, TestApp, eventually, spawn_app, spawn_app_with, token_after};

const CONFIRM: &str = "/nieuwsbrief/bevestigen?token=";
const UNSUBSCRIBE: &str = "/nieuwsbrief/uitschrijven?token=";

both_engines!(
    a_valid_signup_stores_a_pending_subscriber_and_mails_confirm_and_unsubscribe_links,
    invalid_signups_get_a_dutch_4xx_json_error_and_store_nothing,
    signing_up_twice_with_a_different_case_keeps_one_row_and_succeeds,
    the_token_from_the_mail_confirms_the_subscription_and_confirming_again_is_fine,
    a_bad_confirmation_token_answers_404,
    the_unsubscribe_link_unsubscribes_and_a_new_signup_starts_over,
    a_webhook_is_retried_while_the_target_is_down_and_delivered_signed_once_it_is_up,
    twenty_concurrent_signups_of_one_address_make_exactly_one_row,
);

async fn subscriber_status(app: &TestApp, email: &str) -> String {
    sqlx::query("SELECT status FROM newsletter_subscribers WHERE email_normalized = $1")
        .bind(email)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get("status")
        .unwrap()
}

async fn a_valid_signup_stores_a_pending_subscriber_and_mails_confirm_and_unsubscribe_links(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let res = app
        .post_json(
            "/api/newsletter",
            &json!({"firstName": " Lien ", "email": "lien@example.be"}),
        )
        .await;
    assert_eq!(res.status(), 200);
    let body: serde_json::Value = res.json().await.unwrap();
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("Bijna klaar!")
    );
    assert_eq!(subscriber_status(&app, "lien@example.be").await, "pending");

    let mail = &app.wait_for_mails(1).await[0];
    assert!(mail.contains("To: lien@example.be"), "{mail}");
    assert!(mail.contains("Dag Lien"), "{mail}");
    let confirm = token_after(mail, &format!("https://www.inlumine.be{CONFIRM}"));
    let unsubscribe = token_after(mail, &format!("https://www.inlumine.be{UNSUBSCRIBE}"));
    assert_eq!(confirm.len(), 43);
    assert_eq!(unsubscribe.len(), 43);
    // Only hashes are stored.
    let stored = app
        .count("SELECT COUNT(*) FROM newsletter_subscribers WHERE confirm_token_hash IS NOT NULL")
        .await;
    assert_eq!(stored, 1);
    let row = sqlx::query("SELECT confirm_token_hash FROM newsletter_subscribers")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_ne!(row.try_get::<String, _>(0).unwrap(), confirm);
}

async fn invalid_signups_get_a_dutch_4xx_json_error_and_store_nothing(engine: Engine) {
    let app = spawn_app(engine).await;
    let cases = [
        (
            json!({"firstName": "Lien"}),
            422,
            Some(("email", "Vul een geldig e-mailadres in.")),
        ),
        (
            json!({"email": "lien@example.be"}),
            422,
            Some(("firstName", "Vul je voornaam in.")),
        ),
        (
            json!({"firstName": "Lien", "email": "geen-adres"}),
            422,
            Some(("email", "Vul een geldig e-mailadres in.")),
        ),
        (
            json!({"firstName": "Lien", "email": "lien@localhost"}),
            422,
            Some(("email", "Vul een geldig e-mailadres in.")),
        ),
        (
            json!({"firstName": "a".repeat(41), "email": "lien@example.be"}),
            422,
            Some((
                "firstName",
                "Je voornaam mag hoogstens 40 tekens lang zijn.",
            )),
        ),
        (
            json!({"firstName": 42, "email": "lien@example.be"}),
            422,
            None,
        ),
    ];
    for (body, status, field) in cases {
        let res = app.post_json("/api/newsletter", &body).await;
        assert_eq!(res.status(), status, "{body}");
        let error: serde_json::Value = res.json().await.unwrap();
        assert_eq!(error["error"]["code"], "validation", "{body}");
        if let Some((name, message)) = field {
            assert_eq!(error["error"]["fields"][name], message, "{body}");
            // The summary alone (what a toast shows) must say what to fix.
            assert_eq!(error["error"]["message"], message, "{body}");
        } else {
            assert_eq!(
                error["error"]["message"],
                "Een of meer velden hebben een ongeldige waarde."
            );
        }
    }

    let raw = |body: String, content_type: &'static str| {
        app.client
            .post(app.url("/api/newsletter"))
            .header("content-type", content_type)
            .body(body)
            .send()
    };
    let res = raw("{\"firstName\": \"Lien\",".into(), "application/json")
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    let error: serde_json::Value = res.json().await.unwrap();
    assert_eq!(
        error["error"]["message"],
        "We konden je gegevens niet lezen. Probeer het opnieuw."
    );

    let huge =
        json!({"firstName": "Lien", "email": "lien@example.be", "pad": "x".repeat(70 * 1024)})
            .to_string();
    let res = raw(huge, "application/json").await.unwrap();
    assert_eq!(res.status(), 413);
    let error: serde_json::Value = res.json().await.unwrap();
    assert_eq!(error["error"]["code"], "payload_too_large");

    let res = raw(
        "firstName=Lien&email=lien@example.be".into(),
        "application/x-www-form-urlencoded",
    )
    .await
    .unwrap();
    assert_eq!(res.status(), 415);
    let error: serde_json::Value = res.json().await.unwrap();
    assert_eq!(error["error"]["code"], "unsupported_media_type");
    assert!(!error["error"]["message"].as_str().unwrap().is_empty());

    assert_eq!(
        app.count("SELECT COUNT(*) FROM newsletter_subscribers")
            .await,
        0
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM outbox").await, 0);
}

async fn signing_up_twice_with_a_different_case_keeps_one_row_and_succeeds(engine: Engine) {
    let app = spawn_app(engine).await;
    let first = app
        .post_json(
            "/api/newsletter",
            &json!({"firstName": "Lien", "email": "Lien@Example.be"}),
        )
        .await;
    assert_eq!(first.status(), 200);
    let second = app
        .post_json(
            "/api/newsletter",
            &json!({"firstName": "Lieneke", "email": " lien@example.BE "}),
        )
        .await;
    assert_eq!(second.status(), 200);
    let body: serde_json::Value = second.json().await.unwrap();
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("Bijna klaar!")
    );
    assert_eq!(
        app.count("SELECT COUNT(*) FROM newsletter_subscribers")
            .await,
        1
    );
    let name: String = sqlx::query("SELECT first_name FROM newsletter_subscribers")
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    assert_eq!(name, "Lien", "a repeated signup changes nothing");
    // Within 10 minutes the pending address gets no second opt-in mail (see abuse.rs).
    app.wait_for_mails(1).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(app.count("SELECT COUNT(*) FROM outbox").await, 1);
}

async fn the_token_from_the_mail_confirms_the_subscription_and_confirming_again_is_fine(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    app.post_json(
        "/api/newsletter",
        &json!({"firstName": "Lien", "email": "lien@example.be"}),
    )
    .await;
    let mail = &app.wait_for_mails(1).await[0];
    let token = token_after(mail, CONFIRM);
    for _ in 0..2 {
        let res = app
            .post_json("/api/newsletter/confirm", &json!({ "token": token }))
            .await;
        assert_eq!(res.status(), 200);
        let body: serde_json::Value = res.json().await.unwrap();
        assert_eq!(body, json!({"status": "confirmed"}));
    }
    assert_eq!(
        subscriber_status(&app, "lien@example.be").await,
        "confirmed"
    );
    assert_eq!(
        app.count("SELECT COUNT(*) FROM newsletter_subscribers WHERE confirmed_at IS NOT NULL")
            .await,
        1
    );
    // No webhook configured: nothing but the opt-in mail was queued.
    assert_eq!(app.count("SELECT COUNT(*) FROM outbox").await, 1);

    // A confirmed subscriber signing up again changes nothing and gets no mail.
    let res = app
        .post_json(
            "/api/newsletter",
            &json!({"firstName": "Lien", "email": "LIEN@example.be"}),
        )
        .await;
    let body: serde_json::Value = res.json().await.unwrap();
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("Bijna klaar!")
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM outbox").await, 1);
}

async fn a_bad_confirmation_token_answers_404(engine: Engine) {
    let app = spawn_app(engine).await;
    let res = app
        .post_json("/api/newsletter/confirm", &json!({"token": "bestaat-niet"}))
        .await;
    assert_eq!(res.status(), 404);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(
        body["error"]["message"],
        "Deze bevestigingslink is ongeldig of al gebruikt."
    );
}

async fn the_unsubscribe_link_unsubscribes_and_a_new_signup_starts_over(engine: Engine) {
    let app = spawn_app(engine).await;
    app.post_json(
        "/api/newsletter",
        &json!({"firstName": "Lien", "email": "lien@example.be"}),
    )
    .await;
    let mail = &app.wait_for_mails(1).await[0];
    let (confirm, unsubscribe) = (token_after(mail, CONFIRM), token_after(mail, UNSUBSCRIBE));
    app.post_json("/api/newsletter/confirm", &json!({ "token": confirm }))
        .await;
    for _ in 0..2 {
        let res = app
            .post_json(
                "/api/newsletter/unsubscribe",
                &json!({ "token": unsubscribe }),
            )
            .await;
        assert_eq!(res.status(), 200);
        assert_eq!(
            res.json::<serde_json::Value>().await.unwrap(),
            json!({"status": "unsubscribed"})
        );
    }
    assert_eq!(
        subscriber_status(&app, "lien@example.be").await,
        "unsubscribed"
    );
    let res = app
        .post_json("/api/newsletter/unsubscribe", &json!({"token": "onbekend"}))
        .await;
    assert_eq!(res.status(), 404);

    let res = app
        .post_json(
            "/api/newsletter",
            &json!({"firstName": "Lien", "email": "lien@example.be"}),
        )
        .await;
    assert_eq!(res.status(), 200);
    assert_eq!(subscriber_status(&app, "lien@example.be").await, "pending");
    app.wait_for_mails(2).await;
}

type Received = Arc<Mutex<Vec<(HeaderMap, Vec<u8>)>>>;

async fn a_webhook_is_retried_while_the_target_is_down_and_delivered_signed_once_it_is_up(
    engine: Engine,
) {
    // Reserve a loopback port, then close it so the first deliveries fail.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let app = spawn_app_with(engine, |s| {
        s.newsletter.webhook_url = format!("http://127.0.0.1:{port}/hook");
        s.newsletter.webhook_secret = inlumine::kit::configuration::Secret::new("geheim");
        s.outbox.max_attempts = 1000;
    })
    .await;
    app.post_json(
        "/api/newsletter",
        &json!({"firstName": "Lien", "email": "lien@example.be"}),
    )
    .await;
    let mail = &app.wait_for_mails(1).await[0];
    app.post_json(
        "/api/newsletter/confirm",
        &json!({ "token": token_after(mail, CONFIRM) }),
    )
    .await;

    let webhook_row = || async {
        let row =
            sqlx::query("SELECT status, attempts, last_error FROM outbox WHERE kind = 'webhook'")
                .fetch_optional(&app.pool)
                .await
                .unwrap();
        row.map(|r| {
            (
                r.try_get::<String, _>(0).unwrap(),
                r.try_get::<i64, _>(1).unwrap(),
            )
        })
    };
    eventually("the webhook failed at least once", || async {
        matches!(webhook_row().await, Some((status, attempts)) if status == "pending" && attempts > 0)
    })
    .await;

    let received: Received = Arc::default();
    let sink = received.clone();
    let stub = axum::Router::new().route(
        "/hook",
        axum::routing::post(
            move |headers: HeaderMap, body: axum::body::Bytes| async move {
                sink.lock().unwrap().push((headers, body.to_vec()));
                "ok"
            },
        ),
    );
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
        .await
        .unwrap();
    tokio::spawn(async move { axum::serve(listener, stub).await.unwrap() });

    eventually("the webhook row is sent", || async {
        matches!(webhook_row().await, Some((s, _)) if s == "sent")
    })
    .await;
    let received = received.lock().unwrap();
    assert_eq!(received.len(), 1);
    let (headers, body) = &received[0];
    let payload: serde_json::Value = serde_json::from_slice(body).unwrap();
    assert_eq!(payload["event"], "subscribed");
    assert_eq!(payload["firstName"], "Lien");
    assert_eq!(payload["email"], "lien@example.be");
    assert!(payload["confirmedAt"].as_str().unwrap().ends_with('Z'));
    let signature = headers["x-inlumine-signature"].to_str().unwrap();
    assert!(
        crate::provider_stubs::signed_by("geheim", signature, body),
        "{signature}"
    );
    // Signed over the time and the body: the same body another time does not pass.
    let forged = signature.replacen("t=", "t=1", 1);
    assert!(!crate::provider_stubs::signed_by("geheim", &forged, body));
}

async fn twenty_concurrent_signups_of_one_address_make_exactly_one_row(engine: Engine) {
    let app = Arc::new(spawn_app(engine).await);
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..20 {
        let app = app.clone();
        tasks.spawn(async move {
            let email = if i % 2 == 0 {
                "samen@example.be"
            } else {
                "SAMEN@example.be"
            };
            app.post_json(
                "/api/newsletter",
                &json!({"firstName": format!("Sam {}", char::from(b'a' + i as u8)), "email": email}),
            )
            .await
            .status()
        });
    }
    while let Some(status) = tasks.join_next().await {
        assert_eq!(status.unwrap(), 200);
    }
    assert_eq!(
        app.count("SELECT COUNT(*) FROM newsletter_subscribers")
            .await,
        1
    );
}
