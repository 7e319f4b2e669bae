use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::helpers::{Engine, TestApp, json_ld, spawn_app, spawn_second_server};

both_engines!(
    reviews_are_empty_with_a_total_of_zero_on_a_fresh_database,
    the_twelve_newest_reviews_are_returned_newest_first_with_the_total,
    a_review_added_in_the_admin_shows_at_once_and_within_a_second_on_another_server,
    the_review_list_is_sent_compressed_with_an_etag_and_304_when_unchanged,
    the_home_page_carries_the_approved_reviews_their_average_and_count_in_its_raw_html,
);

/// The review total of `/api/reviews` and the review count in the home page's raw HTML.
async fn counts(app: &TestApp) -> (i64, i64) {
    let list: Value = app.get("/api/reviews").await.json().await.unwrap();
    let html = app.get("/").await.text().await.unwrap();
    let business = &json_ld(&html)[0];
    (
        list["total"].as_i64().unwrap(),
        business["aggregateRating"]["reviewCount"].as_i64().unwrap(),
    )
}

async fn a_review_added_in_the_admin_shows_at_once_and_within_a_second_on_another_server(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    app.insert_review("Eerste", 5, "2025-01-01T10:00:00.000000Z")
        .await;
    let other = match engine {
        Engine::Postgres => Some(spawn_second_server(&app).await),
        Engine::Sqlite => None,
    };
    // Both servers have the answers in memory before the change.
    assert_eq!(counts(&app).await, (1, 1));
    if let Some(other) = &other {
        assert_eq!(counts(other).await, (1, 1));
    }

    let token = app.admin_token().await;
    let (status, _) = app
        .admin_send(
            &token,
            reqwest::Method::POST,
            "/api/admin/reviews",
            Some(json!({"name": "Nieuw", "avatar_url": "", "rating": 5, "text": "Heel warm."})),
        )
        .await;
    assert_eq!(status, 201);
    let written = Instant::now();
    assert_eq!(counts(&app).await, (2, 2), "the writing server at once");
    let list: Value = app.get("/api/reviews").await.json().await.unwrap();
    assert_eq!(list["reviews"][0]["name"], "Nieuw");

    if let Some(other) = other {
        loop {
            if counts(&other).await == (2, 2) {
                break;
            }
            assert!(
                written.elapsed() < Duration::from_secs(1),
                "the other server still shows the old counts after a second"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

async fn the_review_list_is_sent_compressed_with_an_etag_and_304_when_unchanged(engine: Engine) {
    let app = spawn_app(engine).await;
    for i in 1..=9 {
        app.insert_review(
            &format!("Klant {i}"),
            5,
            &format!("2025-03-0{i}T10:00:00.000000Z"),
        )
        .await;
    }
    let get = |etag: Option<String>| {
        let mut req = app
            .client
            .get(app.url("/api/reviews"))
            .header("accept-encoding", "gzip");
        if let Some(etag) = etag {
            req = req.header("if-none-match", etag);
        }
        req.send()
    };
    let res = get(None).await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-encoding"], "gzip");
    assert_eq!(res.headers()["vary"], "Accept-Encoding");
    let etag = res.headers()["etag"].to_str().unwrap().to_string();
    let res = get(Some(etag.clone())).await.unwrap();
    assert_eq!(res.status(), 304);

    app.insert_review("Later", 4, "2025-04-01T10:00:00.000000Z")
        .await;
    app.see_outside_write().await;
    let res = get(Some(etag.clone())).await.unwrap();
    assert_eq!(res.status(), 200);
    assert_ne!(res.headers()["etag"].to_str().unwrap(), etag);
}

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

/// The reviews' element of the home page's raw HTML (`data-live-reviews`), the JSON-LD rating
/// and the list the page gives the web app to start from.
async fn home(app: &TestApp) -> (String, Value, Value) {
    let html = app.get("/").await.text().await.unwrap();
    let start = html
        .find("<div data-live-reviews=")
        .expect("the reviews' element");
    let end = start + html[start..].find("</div></section>").unwrap();
    let block = html
        .split("<script type=\"application/json\" id=\"live-reviews\">")
        .nth(1)
        .map(|rest| serde_json::from_str(&rest[..rest.find("</script>").unwrap()]).unwrap())
        .unwrap_or(Value::Null);
    let rating = json_ld(&html)[0]["aggregateRating"].clone();
    (html[start..end].to_string(), rating, block)
}

async fn the_home_page_carries_the_approved_reviews_their_average_and_count_in_its_raw_html(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    // None yet: the spec's rating, and the page as built (the web app shows its samples).
    let (cards, rating, block) = home(&app).await;
    assert_eq!(rating["ratingValue"], 4.9);
    assert_eq!(rating["reviewCount"], 25);
    assert!(cards.contains("Laden..."), "{cards}");
    assert_eq!(block, Value::Null);

    for (i, stars) in [5, 5, 4, 4, 4].into_iter().enumerate() {
        app.insert_review(
            &format!("Klant {i}"),
            stars,
            &format!("2025-05-0{}T10:00:00.000000Z", i + 1),
        )
        .await;
    }
    // Pending and declined reviews count nowhere.
    sqlx::query(
        "INSERT INTO reviews (name, rating, text, created_at, status) VALUES \
         ('Wacht', 1, 'Nog niet gezien.', '2025-06-01T10:00:00.000000Z', 'pending'), \
         ('Nee', 1, 'Afgewezen.', '2025-06-02T10:00:00.000000Z', 'declined')",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    app.see_outside_write().await;
    let (cards, rating, block) = home(&app).await;
    assert_eq!(rating["ratingValue"], 4.4, "22 stars over 5 reviews");
    assert_eq!(rating["reviewCount"], 5);
    assert_eq!(rating["bestRating"], 5);
    assert!(!cards.contains("Laden..."));
    // Newest first, each with its stars, text and name, as the web app renders them.
    let names: Vec<&str> = cards
        .split("<p class=\"font-semibold text-ink\">")
        .skip(1)
        .map(|rest| &rest[..rest.find("</p>").unwrap()])
        .collect();
    assert_eq!(
        names,
        ["Klant 4", "Klant 3", "Klant 2", "Klant 1", "Klant 0"]
    );
    assert!(
        cards.contains("<p>Heel fijne begeleiding, Klant 4.</p>"),
        "{cards}"
    );
    assert_eq!(cards.matches("aria-label=\"4 van 5 sterren\"").count(), 3);
    assert_eq!(cards.matches("aria-label=\"5 van 5 sterren\"").count(), 2);
    assert!(!cards.contains("Wacht") && !cards.contains("Nee"));
    let list: Value = app.get("/api/reviews").await.json().await.unwrap();
    assert_eq!(block, list, "the web app starts from what it would fetch");

    // The coach's changes show at once: an edit, a hidden review.
    let token = app.admin_token().await;
    let newest = list["reviews"][0]["id"].as_i64().unwrap();
    let (status, body) = app
        .admin_send(
            &token,
            reqwest::Method::PUT,
            &format!("/api/admin/reviews/{newest}"),
            Some(json!({"name": "Klant 4", "avatar_url": "", "rating": 2, "text": "Tom & Jerry <b>lachten</b>."})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (cards, rating, _) = home(&app).await;
    assert!(
        cards.contains("<p>Tom &amp; Jerry &lt;b&gt;lachten&lt;/b&gt;.</p>"),
        "escaped: {cards}"
    );
    assert_eq!(rating["ratingValue"], 4.0, "20 stars over 5 reviews");
    let (status, _) = app
        .admin_send(
            &token,
            reqwest::Method::PUT,
            &format!("/api/admin/reviews/{newest}/status"),
            Some(json!({"status": "declined"})),
        )
        .await;
    assert_eq!(status, 200);
    let (cards, rating, block) = home(&app).await;
    assert!(!cards.contains("Jerry"), "{cards}");
    assert_eq!(rating["ratingValue"], 4.5, "18 stars over 4 reviews");
    assert_eq!(rating["reviewCount"], 4);
    assert_eq!(block["total"], 4);
}
