use crate::helpers::{Engine, spawn_app};

#[test]
fn the_committed_openapi_document_matches_the_code() {
    let committed = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.json"))
        .unwrap_or_default();
    assert!(
        committed.trim_end() == inlumine::app::openapi::document().trim_end(),
        "server/openapi.json is out of date: run `cargo run -p inlumine -- openapi > server/openapi.json`"
    );
}

#[test]
fn every_schema_reference_in_the_openapi_document_resolves() {
    let document: serde_json::Value =
        serde_json::from_str(&inlumine::app::openapi::document()).unwrap();
    let schemas = document["components"]["schemas"].as_object().unwrap();
    let text = document.to_string();
    for reference in text.split("\"#/components/schemas/").skip(1) {
        let name = &reference[..reference.find('"').unwrap()];
        assert!(schemas.contains_key(name), "dangling $ref to {name}");
    }
}

#[test]
fn closed_sets_are_documented_with_their_wire_values() {
    let document: serde_json::Value =
        serde_json::from_str(&inlumine::app::openapi::document()).unwrap();
    let order_status = &document["components"]["schemas"]["OrderStatus"]["enum"];
    assert_eq!(
        *order_status,
        serde_json::json!([
            "pending",
            "paid",
            "cancelled",
            "expired",
            "failed",
            "refunded"
        ])
    );
    // Every closed set's values are lower-case words, never Rust variant names.
    for (name, schema) in document["components"]["schemas"].as_object().unwrap() {
        for value in schema["enum"].as_array().into_iter().flatten() {
            let value = value.as_str().unwrap();
            assert_eq!(value, value.to_lowercase(), "{name}");
        }
    }
}

#[test]
fn every_admin_operation_documents_the_token_and_its_refusals() {
    let document: serde_json::Value =
        serde_json::from_str(&inlumine::app::openapi::document()).unwrap();
    let mut admin_operations = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let guarded = operation["security"] == serde_json::json!([{"bearer": []}]);
            assert_eq!(guarded, path.starts_with("/api/admin"), "{method} {path}");
            if guarded {
                admin_operations += 1;
                for status in ["401", "403"] {
                    let schema =
                        &operation["responses"][status]["content"]["application/json"]["schema"];
                    assert_eq!(
                        schema["$ref"], "#/components/schemas/ErrorBody",
                        "{status} of {method} {path}"
                    );
                }
            }
        }
    }
    assert!(admin_operations > 30, "{admin_operations}");
}

#[test]
fn every_operation_documents_what_the_extractors_and_limits_answer() {
    let document: serde_json::Value =
        serde_json::from_str(&inlumine::app::openapi::document()).unwrap();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let responses = &operation["responses"];
            let mut expected = vec!["500"];
            if operation["requestBody"]["content"]["application/json"].is_object() {
                expected.extend(["400", "413", "415", "422"]);
            }
            let parameters = operation["parameters"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            if parameters.iter().any(|p| p["in"] == "query") {
                expected.push("422");
            }
            if parameters.iter().any(|p| p["in"] == "path") {
                expected.push("404");
            }
            if !path.starts_with("/api/admin/") && method != "get" && !path.contains("/webhook/") {
                expected.push("429");
            }
            for status in expected {
                assert!(
                    responses[status]["content"]["application/json"]["schema"]["$ref"]
                        == "#/components/schemas/ErrorBody",
                    "{method} {path} does not document {status}"
                );
            }
        }
    }
}

both_engines!(the_openapi_document_is_served_as_json);

async fn the_openapi_document_is_served_as_json(engine: Engine) {
    let app = spawn_app(engine).await;
    let res = app.get("/api/openapi.json").await;
    assert_eq!(res.status(), 200);
    let body: serde_json::Value = res.json().await.unwrap();
    assert!(body["paths"]["/api/newsletter"]["post"].is_object());
}
