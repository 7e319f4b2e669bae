//! Every JSON endpoint answers bad bodies with a 4xx JSON error in Dutch and stores nothing.
//! The endpoints come from the OpenAPI document, so a new one cannot escape this test.
use serde_json::Value;

use crate::helpers::{Engine, spawn_app};

both_engines!(every_json_endpoint_refuses_bad_bodies_with_a_dutch_4xx_and_stores_nothing);

async fn every_json_endpoint_refuses_bad_bodies_with_a_dutch_4xx_and_stores_nothing(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let document: Value = serde_json::from_str(&inlumine::openapi::document()).unwrap();
    let endpoints: Vec<&String> = document["paths"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, operations)| operations.get("post").is_some())
        .map(|(path, _)| path)
        .collect();
    assert!(
        endpoints.len() >= 3,
        "expected the POST endpoints, found {endpoints:?}"
    );

    let oversized = format!("{{\"pad\": \"{}\"}}", "x".repeat(70 * 1024));
    let bad_bodies: [(&str, &str, String, u16); 5] = [
        (
            "malformed JSON",
            "application/json",
            "{\"email\": ".into(),
            400,
        ),
        (
            "a list instead of an object",
            "application/json",
            "[1, 2, 3]".into(),
            422,
        ),
        (
            "wrong field types",
            "application/json",
            r#"{"firstName": 42, "email": [], "token": {}}"#.into(),
            422,
        ),
        ("an oversized body", "application/json", oversized, 413),
        ("not JSON", "text/plain", "hallo".into(), 415),
    ];
    for path in endpoints {
        for (what, content_type, body, status) in &bad_bodies {
            let res = app
                .client
                .post(app.url(path))
                .header("content-type", *content_type)
                .body(body.clone())
                .send()
                .await
                .unwrap();
            assert_eq!(res.status().as_u16(), *status, "{what} to {path}");
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
    ] {
        assert_eq!(app.count(count).await, 0, "bad input stored rows: {count}");
    }
}
