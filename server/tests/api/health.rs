use crate::helpers::{Engine, spawn_app};

both_engines!(
    healthz_answers_ok_when_the_database_works,
    an_unknown_api_path_answers_a_json_404,
    a_wrong_method_on_an_api_path_answers_a_json_405
);

async fn healthz_answers_ok_when_the_database_works(engine: Engine) {
    let app = spawn_app(engine).await;
    let res = app.get("/healthz").await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.text().await.unwrap(), "ok");
}

async fn an_unknown_api_path_answers_a_json_404(engine: Engine) {
    let app = spawn_app(engine).await;
    let res = app.get("/api/does-not-exist").await;
    assert_eq!(res.status(), 404);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["error"]["code"], "not_found");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("bestaat niet")
    );
}

async fn a_wrong_method_on_an_api_path_answers_a_json_405(engine: Engine) {
    let app = spawn_app(engine).await;
    let res = app
        .client
        .delete(format!("{}/api/reviews", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 405);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["error"]["code"], "method_not_allowed");
    assert!(!body["error"]["message"].as_str().unwrap().is_empty());
}
