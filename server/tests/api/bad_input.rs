//! Every JSON endpoint answers bad bodies with a 4xx JSON error in Dutch and stores nothing.
//! The endpoints come from the OpenAPI document, so a new one cannot escape this test.
use serde_json::{Value, json};

use crate::commerce::{evening, order_body};
use crate::helpers::{Engine, spawn_app};

both_engines!(
    every_json_endpoint_refuses_bad_bodies_with_a_dutch_4xx_and_stores_nothing,
    the_checkout_and_the_contact_form_refuse_a_twenty_digit_phone_number_alike,
);

async fn every_json_endpoint_refuses_bad_bodies_with_a_dutch_4xx_and_stores_nothing(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    // Admin endpoints are checked signed in, so the guard lets the body through.
    let token = app.admin_token().await;
    let document: Value = serde_json::from_str(&inlumine::app::openapi::document()).unwrap();
    let endpoints: Vec<(reqwest::Method, String)> = document["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, operations)| {
            // Any id will do: bodies are read before the handler looks the item up. A parameter
            // with a closed set of values (a mail type, a photo slot) gets one of its values.
            let path = path
                .split('/')
                .map(
                    |part| match part.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
                        Some(name) => first_allowed_value(&document, operations, name)
                            .unwrap_or_else(|| "1".into()),
                        None => part.to_string(),
                    },
                )
                .collect::<Vec<_>>()
                .join("/");
            [
                ("post", reqwest::Method::POST),
                ("put", reqwest::Method::PUT),
            ]
            .into_iter()
            .filter(move |(name, _)| {
                // Provider webhooks take the provider's own format, not JSON.
                operations.get(*name).is_some_and(|op| {
                    op.pointer("/requestBody/content/application~1json")
                        .is_some()
                })
            })
            .map(move |(_, method)| (method, path.clone()))
        })
        .collect();
    assert!(
        endpoints.len() >= 10,
        "expected the POST and PUT endpoints, found {endpoints:?}"
    );

    let oversized = format!("{{\"pad\": \"{}\"}}", "x".repeat(70 * 1024));
    let bad_bodies: [(&str, &str, String, &[u16]); 5] = [
        (
            "malformed JSON",
            "application/json",
            // Cut inside the first key, so even a struct refusing unknown fields sees a syntax error.
            "{\"ema".into(),
            &[400],
        ),
        (
            "a list instead of an object",
            "application/json",
            "[1, 2, 3]".into(),
            // serde reads a list as a struct's fields in order; a short struct then sees
            // trailing elements, which serde_json calls a syntax error.
            &[400, 422],
        ),
        (
            "wrong field types",
            "application/json",
            r#"{"firstName": 42, "email": [], "token": {}}"#.into(),
            &[422],
        ),
        ("an oversized body", "application/json", oversized, &[413]),
        ("not JSON", "text/plain", "hallo".into(), &[415]),
    ];
    // The subscriber import takes a whole CSV (8 MiB): its oversized body is past that.
    let oversized_import = format!("{{\"pad\": \"{}\"}}", "x".repeat(8 * 1024 * 1024 + 1024));
    for (method, path) in &endpoints {
        for (what, content_type, body, status) in &bad_bodies {
            // The visitor beacon reads text/plain as JSON too (`navigator.sendBeacon` sends a
            // string as text/plain): not JSON is then a syntax error.
            let status: &[u16] = if *what == "not JSON" && path == "/api/visits" {
                &[400]
            } else {
                status
            };
            let body = if *what == "an oversized body" && path == "/api/admin/subscribers/import" {
                &oversized_import
            } else {
                body
            };
            let res = app
                .client
                .request(method.clone(), app.url(path))
                .bearer_auth(&token)
                .header("content-type", *content_type)
                .body(body.clone())
                .send()
                .await
                .unwrap();
            assert!(
                status.contains(&res.status().as_u16()),
                "{what} to {method} {path}: {}",
                res.status()
            );
            let error: Value = res
                .json()
                .await
                .unwrap_or_else(|e| panic!("{what} to {path}: the answer is not JSON ({e})"));
            let message = error["error"]["message"].as_str().unwrap_or_default();
            assert!(!message.is_empty(), "{what} to {path}: no message");
            // Our messages are Dutch; axum's and serde's own texts are English.
            for english in ["Failed", "expected", "invalid type", "Expected"] {
                assert!(!message.contains(english), "{what} to {path}: {message}");
            }
        }
    }

    for count in [
        "SELECT COUNT(*) FROM newsletter_subscribers",
        "SELECT COUNT(*) FROM reviews",
        "SELECT COUNT(*) FROM events",
        "SELECT COUNT(*) FROM outbox",
        "SELECT COUNT(*) FROM drempel_videos",
        "SELECT COUNT(*) FROM auth_throttle",
        "SELECT COUNT(*) FROM account_links",
        "SELECT COUNT(*) FROM orders",
        "SELECT COUNT(*) FROM tickets",
        "SELECT COUNT(*) FROM coupons",
        "SELECT COUNT(*) FROM payment_events",
        "SELECT COUNT(*) FROM intro_calls",
        "SELECT COUNT(*) FROM contact_messages",
        "SELECT COUNT(*) FROM selftest_draft",
        "SELECT COUNT(*) FROM selftest_results",
    ] {
        assert_eq!(app.count(count).await, 0, "bad input stored rows: {count}");
    }
}

/// One phone rule for every form: 20 digits is more than any phone number (E.164 allows 15).
async fn the_checkout_and_the_contact_form_refuse_a_twenty_digit_phone_number_alike(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let phone = "0470 1234 5678 9012 3456";
    let mut order = order_body("vertelavond", Some(evening(&app, 3).await), 1);
    order["phone"] = json!(phone);
    let message = json!({
        "name": "Sofie Peeters",
        "email": "sofie@example.be",
        "phone": phone,
        "subject": "coaching",
        "message": "Dag Lien, mag ik je eens bellen?",
        "privacy_consent": true,
    });
    let mut answers = Vec::new();
    for (path, body) in [("/api/checkout", &order), ("/api/contact", &message)] {
        let res = app.post_json(path, body).await;
        let status = res.status().as_u16();
        let error: Value = res.json().await.unwrap();
        assert_eq!(status, 422, "{path}: {error}");
        answers.push(error["error"]["fields"]["phone"].clone());
    }
    assert!(
        answers[0]
            .as_str()
            .is_some_and(|m| m.contains("telefoonnummer")),
        "{answers:?}"
    );
    assert_eq!(answers[0], answers[1]);
    assert_eq!(app.count("SELECT COUNT(*) FROM orders").await, 0);
    assert_eq!(app.count("SELECT COUNT(*) FROM contact_messages").await, 0);
}

/// The first value of path parameter `name`'s enum schema (followed through `$ref`), if it has one.
fn first_allowed_value(document: &Value, operations: &Value, name: &str) -> Option<String> {
    let parameter = operations
        .as_object()?
        .values()
        .filter_map(|op| op["parameters"].as_array())
        .flatten()
        .find(|p| p["name"] == name && p["in"] == "path")?;
    let mut schema = &parameter["schema"];
    if let Some(reference) = schema["$ref"].as_str() {
        schema = document.pointer(reference.strip_prefix('#')?)?;
    }
    Some(schema["enum"].as_array()?.first()?.as_str()?.to_string())
}
