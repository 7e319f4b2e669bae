use crate::helpers::{Engine, spawn_app};

both_engines!(
    upcoming_events_list_only_published_future_events_soonest_first,
    an_event_leaves_the_upcoming_list_when_it_ends_without_any_write,
    an_unknown_event_kind_is_rejected_with_422
);

async fn upcoming_events_list_only_published_future_events_soonest_first(engine: Engine) {
    let app = spawn_app(engine).await;
    let later = app
        .insert_event(
            "vertelavond",
            "published",
            "2099-03-05T18:30:00.000000Z",
            "2099-03-05T21:00:00.000000Z",
        )
        .await;
    let sooner = app
        .insert_event(
            "zelfbeeld",
            "published",
            "2099-01-10T08:30:00.000000Z",
            "2099-01-12T16:00:00.000000Z",
        )
        .await;
    app.insert_event(
        "vertelavond",
        "draft",
        "2099-02-01T18:30:00.000000Z",
        "2099-02-01T21:00:00.000000Z",
    )
    .await;
    app.insert_event(
        "vertelavond",
        "published",
        "2020-02-01T18:30:00.000000Z",
        "2020-02-01T21:00:00.000000Z",
    )
    .await;

    let body: serde_json::Value = app.get("/api/events/upcoming").await.json().await.unwrap();
    let ids: Vec<i64> = body["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, vec![sooner, later]);
    let evening = &body["events"][1];
    assert_eq!(evening["seats_left"], 18);
    assert_eq!(evening["price_cents"], 3500);
    assert_eq!(evening["city"], "Mechelen");

    let body: serde_json::Value = app
        .get("/api/events/upcoming?kind=vertelavond")
        .await
        .json()
        .await
        .unwrap();
    let ids: Vec<i64> = body["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, vec![later]);
}

async fn an_unknown_event_kind_is_rejected_with_422(engine: Engine) {
    let app = spawn_app(engine).await;
    let res = app.get("/api/events/upcoming?kind=yoga").await;
    assert_eq!(res.status(), 422);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["error"]["code"], "validation");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("vertelavond")
    );
}

async fn an_event_leaves_the_upcoming_list_when_it_ends_without_any_write(engine: Engine) {
    let app = spawn_app(engine).await;
    let now = jiff::Timestamp::now();
    let ends = now + jiff::SignedDuration::from_millis(1500);
    let id = app
        .insert_event(
            "vertelavond",
            "published",
            &inlumine::kit::db::format_ts(now - jiff::SignedDuration::from_hours(1)),
            &inlumine::kit::db::format_ts(ends),
        )
        .await;
    let ids = || async {
        let body: serde_json::Value = app.get("/api/events/upcoming").await.json().await.unwrap();
        body["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["id"].as_i64().unwrap())
            .collect::<Vec<_>>()
    };
    assert_eq!(ids().await, [id]);
    assert_eq!(ids().await, [id], "from memory now");
    while jiff::Timestamp::now() <= ends {
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(
        ids().await.is_empty(),
        "an ended event is no longer upcoming"
    );
}
