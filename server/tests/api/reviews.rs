use crate::helpers::{Engine, spawn_app};

both_engines!(
    reviews_are_empty_with_a_total_of_zero_on_a_fresh_database,
    the_twelve_newest_reviews_are_returned_newest_first_with_the_total
);

async fn reviews_are_empty_with_a_total_of_zero_on_a_fresh_database(engine: Engine) {
    let app = spawn_app(engine).await;
    let res = app.get("/api/reviews").await;
    assert_eq!(res.status(), 200);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body, serde_json::json!({"reviews": [], "total": 0}));
}

async fn the_twelve_newest_reviews_are_returned_newest_first_with_the_total(engine: Engine) {
    let app = spawn_app(engine).await;
    for day in 1..=15 {
        app.insert_review(
            &format!("Klant {day}"),
            5,
            &format!("2025-01-{day:02}T10:00:00.000000Z"),
        )
        .await;
    }
    let body: serde_json::Value = app.get("/api/reviews").await.json().await.unwrap();
    assert_eq!(body["total"], 15);
    let names: Vec<&str> = body["reviews"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    let expected: Vec<String> = (4..=15).rev().map(|d| format!("Klant {d}")).collect();
    assert_eq!(names, expected);
    let first = &body["reviews"][0];
    assert_eq!(first["rating"], 5);
    assert!(first["avatar_url"].is_null());
    assert_eq!(first["created_at"], "2025-01-15T10:00:00.000000Z");
}
