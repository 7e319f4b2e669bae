//! The coach's content management through the admin API, seen from the public API too.
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Engine, TestApp, spawn_app};

both_engines!(
    reviews_are_created_edited_and_deleted_and_show_publicly_at_once,
    invalid_reviews_are_refused_per_field_and_nothing_is_written,
    admin_lists_page_and_search_on_the_server,
    threshold_videos_are_ordered_published_and_deleted,
    zelfbeeld_dates_are_entered_in_brussels_time_and_listed_publicly,
    invalid_or_booked_events_are_refused_without_changes,
    subscribers_are_listed_and_exported_as_belgian_csv,
    the_dashboard_sums_up_subscribers_reviews_and_events,
);

async fn send(
    app: &TestApp,
    token: &str,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let mut req = app.authed(method, path, token);
    if let Some(body) = body {
        req = req.json(&body);
    }
    let res = req.send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

fn review(name: &str) -> Value {
    json!({"name": name, "avatar_url": "https://images.example.be/an.jpg", "rating": 5, "text": "Warm en eerlijk."})
}

async fn public_review_names(app: &TestApp) -> Vec<String> {
    let body: Value = app.get("/api/reviews").await.json().await.unwrap();
    body["reviews"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_string())
        .collect()
}

async fn reviews_are_created_edited_and_deleted_and_show_publicly_at_once(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let (status, created) = send(
        &app,
        &token,
        Method::POST,
        "/api/admin/reviews",
        Some(review("  An  ")),
    )
    .await;
    assert_eq!(status, 201);
    assert_eq!(created["name"], "An", "names are trimmed");
    assert_eq!(public_review_names(&app).await, ["An"]);

    let id = created["id"].as_i64().unwrap();
    let edit = json!({"name": "An V.", "avatar_url": "", "rating": 4, "text": "Aangepast."});
    let (status, edited) = send(
        &app,
        &token,
        Method::PUT,
        &format!("/api/admin/reviews/{id}"),
        Some(edit),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        edited["avatar_url"],
        Value::Null,
        "an empty avatar URL means none"
    );
    assert_eq!(edited["rating"], 4);
    assert_eq!(public_review_names(&app).await, ["An V."]);

    let (status, _) = send(
        &app,
        &token,
        Method::DELETE,
        &format!("/api/admin/reviews/{id}"),
        None,
    )
    .await;
    assert_eq!(status, 204);
    assert!(public_review_names(&app).await.is_empty());
    let (status, body) = send(
        &app,
        &token,
        Method::DELETE,
        &format!("/api/admin/reviews/{id}"),
        None,
    )
    .await;
    assert_eq!(status, 404);
    assert_eq!(body["error"]["code"], "not_found");
    let (status, _) = send(
        &app,
        &token,
        Method::PUT,
        "/api/admin/reviews/abc",
        Some(review("X")),
    )
    .await;
    assert_eq!(status, 404);
}

async fn invalid_reviews_are_refused_per_field_and_nothing_is_written(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let bad = json!({"name": " ", "avatar_url": "http://images.example.be/an.jpg", "rating": 6, "text": "x".repeat(2001)});
    let (status, body) = send(
        &app,
        &token,
        Method::POST,
        "/api/admin/reviews",
        Some(bad.clone()),
    )
    .await;
    assert_eq!(status, 422);
    let fields = &body["error"]["fields"];
    for field in ["name", "avatar_url", "rating", "text"] {
        assert!(fields[field].is_string(), "{field}: {body}");
    }
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("1 tot 5")
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM reviews").await, 0);

    let (_, created) = send(
        &app,
        &token,
        Method::POST,
        "/api/admin/reviews",
        Some(review("Bram")),
    )
    .await;
    let id = created["id"].as_i64().unwrap();
    let (status, _) = send(
        &app,
        &token,
        Method::PUT,
        &format!("/api/admin/reviews/{id}"),
        Some(bad),
    )
    .await;
    assert_eq!(status, 422);
    let body: Value = app.get("/api/reviews").await.json().await.unwrap();
    assert_eq!(
        body["reviews"][0]["name"], "Bram",
        "a refused edit changes nothing"
    );
    assert_eq!(body["reviews"][0]["rating"], 5);
}

async fn admin_lists_page_and_search_on_the_server(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    for i in 0..45 {
        app.insert_review(
            &format!("Klant {i:02}"),
            5,
            &format!("2026-01-01T00:00:{i:02}.000000Z"),
        )
        .await;
    }
    app.insert_review("Sofie 100%", 4, "2026-02-01T00:00:00.000000Z")
        .await;
    let (status, page) = send(
        &app,
        &token,
        Method::GET,
        "/api/admin/reviews?page=2&per_page=20",
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(page["total"], 46);
    assert_eq!(
        (page["page"].as_i64(), page["per_page"].as_i64()),
        (Some(2), Some(20))
    );
    assert_eq!(page["items"].as_array().unwrap().len(), 20);
    assert_eq!(page["items"][0]["name"], "Klant 25", "newest first");
    let (_, last) = send(
        &app,
        &token,
        Method::GET,
        "/api/admin/reviews?page=3&per_page=20",
        None,
    )
    .await;
    assert_eq!(last["items"].as_array().unwrap().len(), 6);

    let (_, found) = send(
        &app,
        &token,
        Method::GET,
        "/api/admin/reviews?q=SOFIE",
        None,
    )
    .await;
    assert_eq!(found["total"], 1);
    let (_, percent) = send(
        &app,
        &token,
        Method::GET,
        "/api/admin/reviews?q=100%25",
        None,
    )
    .await;
    assert_eq!(percent["total"], 1, "% is searched literally");
    let (status, body) = send(
        &app,
        &token,
        Method::GET,
        "/api/admin/reviews?page=abc",
        None,
    )
    .await;
    assert_eq!(status, 422);
    assert!(body["error"]["message"].is_string());
}

fn video(title: &str, published: bool) -> Value {
    json!({"title": title, "description": "Even stilstaan.", "video_url": "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "published": published})
}

async fn public_video_titles(app: &TestApp) -> Vec<String> {
    let body: Value = app.get("/api/drempel-videos").await.json().await.unwrap();
    body["videos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["title"].as_str().unwrap().to_string())
        .collect()
}

async fn threshold_videos_are_ordered_published_and_deleted(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let mut ids = Vec::new();
    for (title, published) in [("Adem", true), ("Blik", true), ("Concept", false)] {
        let (status, v) = send(
            &app,
            &token,
            Method::POST,
            "/api/admin/drempel-videos",
            Some(video(title, published)),
        )
        .await;
        assert_eq!(status, 201);
        ids.push(v["id"].as_i64().unwrap());
    }
    assert_eq!(
        public_video_titles(&app).await,
        ["Adem", "Blik"],
        "drafts stay hidden"
    );

    let (status, moved) = send(
        &app,
        &token,
        Method::POST,
        &format!("/api/admin/drempel-videos/{}/move", ids[1]),
        Some(json!({"direction": "up"})),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(moved["position"], 1);
    assert_eq!(public_video_titles(&app).await, ["Blik", "Adem"]);
    // Moving the first one up changes nothing.
    let (status, same) = send(
        &app,
        &token,
        Method::POST,
        &format!("/api/admin/drempel-videos/{}/move", ids[1]),
        Some(json!({"direction": "up"})),
    )
    .await;
    assert_eq!((status, same["position"].as_i64()), (200, Some(1)));
    let (status, _) = send(
        &app,
        &token,
        Method::POST,
        &format!("/api/admin/drempel-videos/{}/move", ids[1]),
        Some(json!({"direction": "sideways"})),
    )
    .await;
    assert_eq!(status, 422);

    let (status, published) = send(
        &app,
        &token,
        Method::PUT,
        &format!("/api/admin/drempel-videos/{}", ids[2]),
        Some(video("Concept", true)),
    )
    .await;
    assert_eq!(
        (status, published["published"].as_bool()),
        (200, Some(true))
    );
    assert_eq!(public_video_titles(&app).await, ["Blik", "Adem", "Concept"]);

    let (status, _) = send(
        &app,
        &token,
        Method::DELETE,
        &format!("/api/admin/drempel-videos/{}", ids[1]),
        None,
    )
    .await;
    assert_eq!(status, 204);
    let (_, page) = send(&app, &token, Method::GET, "/api/admin/drempel-videos", None).await;
    let positions: Vec<i64> = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["position"].as_i64().unwrap())
        .collect();
    assert_eq!(positions, [1, 2], "positions close up after a delete");

    let mut bad = video("", true);
    bad["video_url"] = json!("https://example.com/film.mp4");
    let (status, body) = send(
        &app,
        &token,
        Method::POST,
        "/api/admin/drempel-videos",
        Some(bad),
    )
    .await;
    assert_eq!(status, 422);
    assert!(
        body["error"]["fields"]["video_url"]
            .as_str()
            .unwrap()
            .contains("YouTube")
    );
    assert!(body["error"]["fields"]["title"].is_string());
    assert_eq!(app.count("SELECT COUNT(*) FROM drempel_videos").await, 2);
}

fn zelfbeeld(title: &str, starts: &str, ends: &str) -> Value {
    json!({
        "kind": "zelfbeeld", "title": title, "description": "Drie dagen.", "starts_at": starts, "ends_at": ends,
        "venue_name": "Huis In Lumine", "street": "Befferstraat 21", "postal_code": "2800", "city": "Mechelen",
        "online_url": null, "capacity": 12, "price_cents": 150000, "status": "published"
    })
}

async fn zelfbeeld_dates_are_entered_in_brussels_time_and_listed_publicly(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let (status, event) = send(
        &app,
        &token,
        Method::POST,
        "/api/admin/events",
        Some(zelfbeeld(
            "Voorjaar",
            "2099-03-05T09:30",
            "2099-03-07T17:00",
        )),
    )
    .await;
    assert_eq!(status, 201, "{event}");
    assert_eq!(
        event["starts_at"], "2099-03-05T08:30:00.000000Z",
        "Brussels winter time is UTC+1"
    );
    assert_eq!(event["starts_at_local"], "2099-03-05T09:30");
    assert_eq!(event["seats_left"], 12);
    let id = event["id"].as_i64().unwrap();

    let upcoming: Value = app
        .get("/api/events/upcoming?kind=zelfbeeld")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(upcoming["events"][0]["title"], "Voorjaar");

    let mut draft = zelfbeeld("Voorjaar", "2099-06-04T09:30", "2099-06-06T17:00");
    draft["status"] = json!("draft");
    let (status, edited) = send(
        &app,
        &token,
        Method::PUT,
        &format!("/api/admin/events/{id}"),
        Some(draft),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        edited["starts_at"], "2099-06-04T07:30:00.000000Z",
        "summer time is UTC+2"
    );
    let upcoming: Value = app
        .get("/api/events/upcoming?kind=zelfbeeld")
        .await
        .json()
        .await
        .unwrap();
    assert!(
        upcoming["events"].as_array().unwrap().is_empty(),
        "a draft is not public"
    );

    let past_id = app
        .insert_event(
            "zelfbeeld",
            "published",
            "2020-01-01T08:00:00.000000Z",
            "2020-01-03T16:00:00.000000Z",
        )
        .await;
    let (_, list) = send(
        &app,
        &token,
        Method::GET,
        "/api/admin/events?kind=zelfbeeld",
        None,
    )
    .await;
    assert_eq!(list["total"], 1);
    assert_eq!(list["items"][0]["id"], id);
    let (_, past) = send(
        &app,
        &token,
        Method::GET,
        "/api/admin/events?kind=zelfbeeld&when=past",
        None,
    )
    .await;
    assert_eq!(past["items"][0]["id"], past_id);
    let (status, _) = send(
        &app,
        &token,
        Method::GET,
        "/api/admin/events?when=later",
        None,
    )
    .await;
    assert_eq!(status, 422);

    let (status, _) = send(
        &app,
        &token,
        Method::DELETE,
        &format!("/api/admin/events/{id}"),
        None,
    )
    .await;
    assert_eq!(status, 204);
}

async fn invalid_or_booked_events_are_refused_without_changes(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let mut bad = zelfbeeld("", "2099-03-05T09:30", "2099-03-05T09:00");
    bad["capacity"] = json!(0);
    bad["price_cents"] = json!(-1);
    bad["status"] = json!("maybe");
    bad["kind"] = json!("party");
    let (status, body) = send(&app, &token, Method::POST, "/api/admin/events", Some(bad)).await;
    assert_eq!(status, 422);
    for field in [
        "kind",
        "title",
        "ends_at",
        "capacity",
        "price_cents",
        "status",
    ] {
        assert!(
            body["error"]["fields"][field].is_string(),
            "{field}: {body}"
        );
    }
    let (status, body) = send(
        &app,
        &token,
        Method::POST,
        "/api/admin/events",
        Some(zelfbeeld("X", "morgen", "2099-03-05T09:00")),
    )
    .await;
    assert_eq!(status, 422);
    assert!(body["error"]["fields"]["starts_at"].is_string());
    assert_eq!(app.count("SELECT COUNT(*) FROM events").await, 0);

    // A date with 12 seats taken: fewer places or deleting is refused, cancelling is fine.
    let id = app
        .insert_event(
            "zelfbeeld",
            "published",
            "2099-01-01T08:00:00.000000Z",
            "2099-01-03T16:00:00.000000Z",
        )
        .await;
    let mut smaller = zelfbeeld("Kleiner", "2099-01-01T09:00", "2099-01-03T17:00");
    smaller["capacity"] = json!(10);
    let (status, body) = send(
        &app,
        &token,
        Method::PUT,
        &format!("/api/admin/events/{id}"),
        Some(smaller),
    )
    .await;
    assert_eq!(status, 422);
    assert!(
        body["error"]["fields"]["capacity"]
            .as_str()
            .unwrap()
            .contains("12")
    );
    let mut other_kind = zelfbeeld("Ander", "2099-01-01T09:00", "2099-01-03T17:00");
    other_kind["kind"] = json!("webinar");
    let (status, _) = send(
        &app,
        &token,
        Method::PUT,
        &format!("/api/admin/events/{id}"),
        Some(other_kind),
    )
    .await;
    assert_eq!(status, 422);
    let (status, body) = send(
        &app,
        &token,
        Method::DELETE,
        &format!("/api/admin/events/{id}"),
        None,
    )
    .await;
    assert_eq!(status, 409);
    assert_eq!(body["error"]["code"], "conflict");
    assert_eq!(
        app.count("SELECT COUNT(*) FROM events WHERE title = 'Test zelfbeeld' AND capacity = 30")
            .await,
        1
    );
    let mut cancelled = zelfbeeld("Test zelfbeeld", "2099-01-01T09:00", "2099-01-03T17:00");
    cancelled["capacity"] = json!(30);
    cancelled["status"] = json!("cancelled");
    let (status, body) = send(
        &app,
        &token,
        Method::PUT,
        &format!("/api/admin/events/{id}"),
        Some(cancelled),
    )
    .await;
    assert_eq!((status, body["status"].as_str()), (200, Some("cancelled")));
}

async fn subscribe(app: &TestApp, first_name: &str, email: &str) {
    let res = app
        .post_json(
            "/api/newsletter",
            &json!({"firstName": first_name, "email": email}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 200);
}

async fn subscribers_are_listed_and_exported_as_belgian_csv(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    subscribe(&app, "Élise", "elise@example.be").await;
    subscribe(&app, "Bram", "bram@example.be").await;
    // A name from before the first-name rules (or typed by hand) is still exported safely.
    sqlx::query(
        "UPDATE newsletter_subscribers SET first_name = '=Bram;' WHERE email = 'bram@example.be'",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let (status, page) = send(
        &app,
        &token,
        Method::GET,
        "/api/admin/subscribers?q=ELISE",
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(page["total"], 1);
    assert_eq!(page["items"][0]["status"], "pending");
    let (_, pending) = send(
        &app,
        &token,
        Method::GET,
        "/api/admin/subscribers?status=pending",
        None,
    )
    .await;
    assert_eq!(pending["total"], 2);
    let (_, confirmed) = send(
        &app,
        &token,
        Method::GET,
        "/api/admin/subscribers?status=confirmed",
        None,
    )
    .await;
    assert_eq!(confirmed["total"], 0);
    let (status, _) = send(
        &app,
        &token,
        Method::GET,
        "/api/admin/subscribers?status=weird",
        None,
    )
    .await;
    assert_eq!(status, 422);

    let res = app
        .authed(Method::GET, "/api/admin/subscribers/export", &token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(res.headers()["content-type"], "text/csv; charset=utf-8");
    assert!(
        res.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .contains("nieuwsbrief-abonnees.csv")
    );
    let bytes = res.bytes().await.unwrap();
    assert_eq!(&bytes[..3], b"\xEF\xBB\xBF", "a BOM so Excel reads UTF-8");
    let text = std::str::from_utf8(&bytes[3..]).unwrap();
    let lines: Vec<&str> = text.split("\r\n").collect();
    assert_eq!(
        lines[0],
        "Voornaam;E-mailadres;Status;Ingeschreven op;Bevestigd op;Uitgeschreven op;Geïmporteerd op;Grond bij import"
    );
    assert!(
        lines[1].starts_with("Élise;elise@example.be;In afwachting;"),
        "{}",
        lines[1]
    );
    let date = lines[1].split(';').nth(3).unwrap();
    assert_eq!(date.len(), "21/11/2026 10:00".len(), "{date}");
    assert!(
        lines[2].starts_with("\"'=Bram;\";bram@example.be;"),
        "{}",
        lines[2]
    );
}

async fn the_dashboard_sums_up_subscribers_reviews_and_events(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    subscribe(&app, "Lotte", "lotte@example.be").await;
    app.insert_review("A", 5, "2026-01-01T00:00:00.000000Z")
        .await;
    app.insert_review("B", 4, "2026-01-02T00:00:00.000000Z")
        .await;
    let this_week = jiff::Timestamp::now()
        .strftime("%Y-%m-%dT%H:%M:%S.%6fZ")
        .to_string();
    app.insert_review("C", 3, &this_week).await;
    app.insert_event(
        "vertelavond",
        "published",
        "2099-01-01T18:00:00.000000Z",
        "2099-01-01T21:00:00.000000Z",
    )
    .await;
    app.insert_event(
        "zelfbeeld",
        "cancelled",
        "2099-02-01T08:00:00.000000Z",
        "2099-02-03T16:00:00.000000Z",
    )
    .await;
    let (status, d) = send(&app, &token, Method::GET, "/api/admin/dashboard", None).await;
    assert_eq!(status, 200);
    assert_eq!(
        d["subscribers"],
        json!({"confirmed": 0, "pending": 1, "unsubscribed": 0})
    );
    let weeks = d["signups_per_week"].as_array().unwrap();
    assert_eq!(weeks.len(), 12);
    assert_eq!(weeks[11]["count"], 1, "this week's signup");
    assert_eq!(d["reviews"]["count"], 3);
    assert_eq!(d["reviews"]["average_rating"], 4.0);
    let review_weeks = d["reviews"]["per_week"].as_array().unwrap();
    assert_eq!(review_weeks.len(), 12);
    assert_eq!(
        review_weeks
            .iter()
            .map(|w| w["count"].as_i64().unwrap())
            .sum::<i64>(),
        1,
        "January's reviews are older than 12 weeks"
    );
    assert_eq!(review_weeks[11]["count"], 1, "this week's review");
    let events = d["next_events"].as_array().unwrap();
    assert_eq!(events.len(), 1, "cancelled dates are left out");
    assert_eq!(events[0]["seats_taken"], 12);
    assert_eq!(events[0]["capacity"], 30);
}
