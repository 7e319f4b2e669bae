use std::time::Duration;

use jiff::{SignedDuration, Timestamp};
use serde_json::{Value, json};

use crate::commerce::{order_body, press, started};
use crate::helpers::{
    Engine, TestApp, eventually, json_ld, spawn_app_with, spawn_second_server, token_after,
};

both_engines!(
    invitations_go_once_per_person_per_event_after_the_delay_and_never_to_cancelled_unpaid_or_opted_out,
    an_invitation_link_leaves_one_review_and_only_for_its_holder,
    an_approved_participant_review_shows_marked_and_counts_in_the_local_business_data,
    the_coach_approves_hides_or_deletes_a_participants_review_but_never_rewrites_it,
    the_review_links_are_rate_limited_per_client,
    a_course_dates_participant_is_invited_and_marked_with_the_course,
);

async fn spawn(engine: Engine) -> TestApp {
    spawn_app_with(engine, |s| {
        s.reminders.interval_secs = 1;
        s.reminders.review_invitation_delay_days = 3;
        s.limits.checkout_per_ip_per_hour = 1000;
        s.limits.unpaid_holds_per_email = 1000;
        s.limits.review_links_per_ip_per_hour = 1000;
    })
    .await
}

/// A storytelling evening two weeks ahead (tickets can be bought); its id.
async fn evening(app: &TestApp) -> i64 {
    let starts = Timestamp::now() + SignedDuration::from_hours(24 * 14);
    let ts = |t: Timestamp| inlumine::kit::db::format_ts(t);
    app.insert_event(
        "vertelavond",
        "published",
        &ts(starts),
        &ts(starts + SignedDuration::from_hours(3)),
    )
    .await
}

/// A Zelfbeeld-Ommekeer course date two weeks ahead; its id.
async fn course_date(app: &TestApp) -> i64 {
    let starts = Timestamp::now() + SignedDuration::from_hours(24 * 14);
    let ts = |t: Timestamp| inlumine::kit::db::format_ts(t);
    app.insert_event(
        "zelfbeeld",
        "published",
        &ts(starts),
        &ts(starts + SignedDuration::from_hours(8)),
    )
    .await
}

/// Buys `quantity` tickets for `first_name` at `email`; `pay` false leaves the order unpaid.
async fn buy(
    app: &TestApp,
    event_id: i64,
    first_name: &str,
    email: &str,
    quantity: i64,
    pay: bool,
) {
    let mut body = order_body("vertelavond", Some(event_id), quantity);
    body["first_name"] = json!(first_name);
    body["email"] = json!(email);
    let (_, reference) = started(app, &body).await;
    if pay {
        press(app, &reference, "paid").await;
    }
}

/// Lets the clock run until the event ended `days` ago; returns its start.
async fn ended_days_ago(app: &TestApp, event_id: i64, days: i64) -> Timestamp {
    let ends = Timestamp::now() - SignedDuration::from_hours(24 * days);
    let starts = ends - SignedDuration::from_hours(3);
    sqlx::query("UPDATE events SET starts_at = $1, ends_at = $2 WHERE id = $3")
        .bind(inlumine::kit::db::format_ts(starts))
        .bind(inlumine::kit::db::format_ts(ends))
        .bind(event_id)
        .execute(&app.pool)
        .await
        .unwrap();
    starts
}

/// Invitations enqueued for `to` (counted in the shared outbox, whichever server sends them).
async fn invitations_to(app: &TestApp, to: &str) -> i64 {
    sqlx::query(
        "SELECT COUNT(*) FROM outbox WHERE payload LIKE '%\"subject\":\"Hoe was %' AND payload LIKE $1",
    )
    .bind(format!("%\"to\":\"{to}\"%"))
    .fetch_one(&app.pool)
    .await
    .map(|row| sqlx::Row::try_get::<i64, _>(&row, 0).unwrap())
    .unwrap()
}

/// The invitation mail to `to` for the event of `occasion` ("Hoe was de vertelavond van …").
async fn invitation_mail(app: &TestApp, to: &str) -> String {
    let mut found = None;
    eventually(&format!("an invitation reached {to}"), || {
        found = app
            .mails_to(to)
            .into_iter()
            .find(|m| m.contains("Subject: Hoe was de vertelavond van"));
        std::future::ready(found.is_some())
    })
    .await;
    found.unwrap()
}

fn link_token(mail: &str) -> String {
    token_after(mail, "/ervaring-delen#uitnodiging=")
}

async fn post(app: &TestApp, path: &str, body: Value) -> (u16, Value) {
    let res = app.post_json(path, &body).await;
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or_default())
}

async fn invitations_go_once_per_person_per_event_after_the_delay_and_never_to_cancelled_unpaid_or_opted_out(
    engine: Engine,
) {
    let app = spawn(engine).await;
    let first = evening(&app).await;
    // Two tickets, one person: one invitation.
    buy(&app, first, "Sofie", "sofie@example.be", 2, true).await;
    buy(&app, first, "Jan", "jan@example.be", 1, true).await;
    buy(&app, first, "Piet", "piet@example.be", 1, false).await;
    buy(&app, first, "Ann", "ann@example.be", 1, true).await;
    sqlx::query("UPDATE tickets SET status = 'cancelled' WHERE email = 'jan@example.be'")
        .execute(&app.pool)
        .await
        .unwrap();

    // Ended two days ago: not yet.
    ended_days_ago(&app, first, 2).await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(
        app.count("SELECT COUNT(*) FROM review_invitations").await,
        0
    );

    ended_days_ago(&app, first, 4).await;
    let mail = invitation_mail(&app, "sofie@example.be").await;
    assert!(mail.contains("Dag Sofie,"), "{mail}");
    assert!(mail.contains("/ervaring-delen#afmelden="), "{mail}");
    let ann = invitation_mail(&app, "ann@example.be").await;
    // A second server on the same database runs the same pass: the unique key keeps it at one.
    let _other = match engine {
        Engine::Postgres => Some(spawn_second_server(&app).await),
        Engine::Sqlite => None,
    };
    tokio::time::sleep(Duration::from_millis(3000)).await;
    assert_eq!(
        invitations_to(&app, "sofie@example.be").await,
        1,
        "exactly once"
    );
    assert_eq!(invitations_to(&app, "ann@example.be").await, 1);
    assert_eq!(invitations_to(&app, "jan@example.be").await, 0, "cancelled");
    assert_eq!(invitations_to(&app, "piet@example.be").await, 0, "unpaid");
    // Only the hash of the token is kept.
    let token = link_token(&ann);
    assert_eq!(
        sqlx::query("SELECT COUNT(*) FROM review_invitations WHERE token_hash = $1")
            .bind(&token)
            .fetch_one(&app.pool)
            .await
            .map(|r| sqlx::Row::try_get::<i64, _>(&r, 0).unwrap())
            .unwrap(),
        0
    );

    // Ann opts out with the link in her mail; a later evening invites Sofie again, not Ann.
    let (status, body) = post(
        &app,
        "/api/review-invitations/opt-out",
        json!({"token": token_after(&ann, "/ervaring-delen#afmelden=")}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let second = evening(&app).await;
    buy(&app, second, "Sofie", "sofie@example.be", 1, true).await;
    buy(&app, second, "Ann", "ann@example.be", 1, true).await;
    ended_days_ago(&app, second, 3).await;
    eventually("Sofie's second invitation is enqueued", || async {
        invitations_to(&app, "sofie@example.be").await == 2
    })
    .await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(invitations_to(&app, "ann@example.be").await, 1, "opted out");
    assert_eq!(invitations_to(&app, "sofie@example.be").await, 2);
}

async fn an_invitation_link_leaves_one_review_and_only_for_its_holder(engine: Engine) {
    let app = spawn(engine).await;
    let id = evening(&app).await;
    buy(&app, id, "Sofie", "sofie@example.be", 1, true).await;
    buy(&app, id, "Jan", "jan@example.be", 1, true).await;
    buy(&app, id, "Ann", "ann@example.be", 1, true).await;
    ended_days_ago(&app, id, 4).await;
    let sofie = link_token(&invitation_mail(&app, "sofie@example.be").await);
    let jan = link_token(&invitation_mail(&app, "jan@example.be").await);
    let ann = link_token(&invitation_mail(&app, "ann@example.be").await);
    assert_ne!(sofie, jan);

    // Each link names its own holder.
    let (status, body) = post(
        &app,
        "/api/review-invitations/open",
        json!({"token": sofie}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["first_name"], "Sofie");
    assert!(
        body["occasion"]
            .as_str()
            .unwrap()
            .starts_with("de vertelavond van "),
        "{body}"
    );
    let (_, body) = post(&app, "/api/review-invitations/open", json!({"token": jan})).await;
    assert_eq!(body["first_name"], "Jan");

    // A link we never sent, or another kind of token, opens nothing.
    for token in ["", "verzonnen-token", &"a".repeat(43)] {
        let (status, body) = post(
            &app,
            "/api/review-invitations/open",
            json!({"token": token}),
        )
        .await;
        assert_eq!(status, 404, "{body}");
        assert!(
            body["error"]["message"]
                .as_str()
                .unwrap()
                .contains("kennen we niet"),
            "{body}"
        );
    }

    // Invalid fields: a Dutch message per field, and the link still works.
    let (status, body) = post(
        &app,
        "/api/review-invitations/review",
        json!({"token": sofie, "rating": 0, "text": "  ", "publish_first_name": true}),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert!(body["error"]["fields"]["rating"].is_string(), "{body}");
    assert!(body["error"]["fields"]["text"].is_string(), "{body}");
    assert_eq!(app.count("SELECT COUNT(*) FROM reviews").await, 0);

    let review = json!({"token": sofie, "rating": 5, "text": "Een warme avond.\nIk kom terug.", "publish_first_name": true});
    let (status, body) = post(&app, "/api/review-invitations/review", review.clone()).await;
    assert_eq!(status, 201, "{body}");
    // Once.
    let (status, body) = post(&app, "/api/review-invitations/review", review).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("al gedeeld"),
        "{body}"
    );
    let (status, _) = post(
        &app,
        "/api/review-invitations/open",
        json!({"token": sofie}),
    )
    .await;
    assert_eq!(status, 409);

    // Without consent the first name stays off.
    let (status, _) = post(
        &app,
        "/api/review-invitations/review",
        json!({"token": jan, "rating": 4, "text": "Mooi.", "publish_first_name": false}),
    )
    .await;
    assert_eq!(status, 201);

    // An expired link says so.
    sqlx::query(
        "UPDATE review_invitations SET expires_at = $1 WHERE email_normalized = 'ann@example.be'",
    )
    .bind(inlumine::kit::db::format_ts(
        Timestamp::now() - SignedDuration::from_hours(1),
    ))
    .execute(&app.pool)
    .await
    .unwrap();
    let (status, body) = post(
        &app,
        "/api/review-invitations/review",
        json!({"token": ann, "rating": 5, "text": "Fijn.", "publish_first_name": true}),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("verlopen"),
        "{body}"
    );

    // Two pending reviews, for the coach; nothing public yet.
    let names: Vec<String> = {
        let rows = sqlx::query(
            "SELECT name FROM reviews WHERE status = 'pending' AND event_id = $1 ORDER BY id",
        )
        .bind(id)
        .fetch_all(&app.pool)
        .await
        .unwrap();
        rows.iter()
            .map(|r| sqlx::Row::try_get(r, "name").unwrap())
            .collect()
    };
    assert_eq!(names, ["Sofie", "Een deelnemer"]);
    let list: Value = app.get("/api/reviews").await.json().await.unwrap();
    assert_eq!(list["total"], 0, "{list}");

    // A month after it expired, the invitation (with the address) is purged; the others stay.
    let purged = inlumine::platform::retention::purge(
        &app.pool,
        Timestamp::now() + SignedDuration::from_hours(24 * 31),
    )
    .await
    .unwrap();
    assert_eq!(purged.review_invitations, 1);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM review_invitations").await,
        2
    );
}

async fn an_approved_participant_review_shows_marked_and_counts_in_the_local_business_data(
    engine: Engine,
) {
    let app = spawn(engine).await;
    app.insert_review("Door de coach", 5, "2025-01-01T10:00:00.000000Z")
        .await;
    let id = evening(&app).await;
    buy(&app, id, "Sofie", "sofie@example.be", 1, true).await;
    let starts = ended_days_ago(&app, id, 4).await;
    let token = link_token(&invitation_mail(&app, "sofie@example.be").await);
    let (status, _) = post(
        &app,
        "/api/review-invitations/review",
        json!({"token": token, "rating": 5, "text": "Ik voelde me gezien.", "publish_first_name": true}),
    )
    .await;
    assert_eq!(status, 201);
    assert_eq!(
        counts(&app).await,
        (1, 1),
        "pending: not shown, not counted"
    );

    let admin = app.admin_token().await;
    let (status, page) = app
        .admin_send(&admin, reqwest::Method::GET, "/api/admin/reviews", None)
        .await;
    assert_eq!(status, 200);
    let pending = &page["items"][0];
    assert_eq!(pending["status"], "pending", "{page}");
    let marking = format!(
        "deelnemer van de vertelavond van {}",
        inlumine::kit::dutch::day_month_year(inlumine::kit::brussels::at(starts).date())
    );
    assert_eq!(pending["participant_of"], marking.as_str());
    assert_eq!(page["items"][1]["participant_of"], Value::Null);
    let path = format!("/api/admin/reviews/{}/status", pending["id"]);

    // Only the coach decides.
    let res = app
        .client
        .put(app.url(&path))
        .json(&json!({"status": "approved"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 401);
    let (status, body) = app
        .admin_send(
            &admin,
            reqwest::Method::PUT,
            &path,
            Some(json!({"status": "later"})),
        )
        .await;
    assert_eq!(status, 422, "{body}");

    let (status, body) = app
        .admin_send(
            &admin,
            reqwest::Method::PUT,
            &path,
            Some(json!({"status": "approved"})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(counts(&app).await, (2, 2));
    let list: Value = app.get("/api/reviews").await.json().await.unwrap();
    let shown = &list["reviews"][0];
    assert_eq!(shown["name"], "Sofie", "{list}");
    assert_eq!(shown["participant_of"], marking.as_str());

    let (status, _) = app
        .admin_send(
            &admin,
            reqwest::Method::PUT,
            &path,
            Some(json!({"status": "declined"})),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(counts(&app).await, (1, 1), "declined: off the site again");
}

/// A participant consented to her own words under her name: the coach can approve, hide or
/// delete them, and edit only the reviews she typed herself.
async fn the_coach_approves_hides_or_deletes_a_participants_review_but_never_rewrites_it(
    engine: Engine,
) {
    let app = spawn(engine).await;
    let id = evening(&app).await;
    buy(&app, id, "Sofie", "sofie@example.be", 1, true).await;
    ended_days_ago(&app, id, 4).await;
    let token = link_token(&invitation_mail(&app, "sofie@example.be").await);
    let words = "Ik voelde me gezien, en dat was lang geleden.";
    let (status, _) = post(
        &app,
        "/api/review-invitations/review",
        json!({"token": token, "rating": 4, "text": words, "publish_first_name": true}),
    )
    .await;
    assert_eq!(status, 201);
    let admin = app.admin_token().await;
    let (_, page) = app
        .admin_send(&admin, reqwest::Method::GET, "/api/admin/reviews", None)
        .await;
    let review = page["items"][0].clone();
    assert!(review["participant_of"].is_string(), "{page}");
    let path = format!("/api/admin/reviews/{}", review["id"]);
    let edit = json!({"name": "Sofie", "avatar_url": "", "rating": 5, "text": "Fantastisch, een aanrader!"});
    let status_of = |status: &'static str| Some(json!({ "status": status }));

    for moment in ["pending", "approved"] {
        if moment == "approved" {
            let (status, _) = app
                .admin_send(
                    &admin,
                    reqwest::Method::PUT,
                    &format!("{path}/status"),
                    status_of("approved"),
                )
                .await;
            assert_eq!(status, 200);
        }
        let (status, body) = app
            .admin_send(&admin, reqwest::Method::PUT, &path, Some(edit.clone()))
            .await;
        assert_eq!(status, 409, "{moment}: {body}");
        assert!(
            body["error"]["message"]
                .as_str()
                .unwrap()
                .contains("niet bewerken"),
            "{body}"
        );
    }
    let (_, page) = app
        .admin_send(&admin, reqwest::Method::GET, "/api/admin/reviews", None)
        .await;
    let stored = &page["items"][0];
    assert_eq!(stored["text"], words, "unchanged");
    assert_eq!(stored["rating"], 4);
    assert_eq!(stored["participant_of"], review["participant_of"]);
    // On the site, marked, with her own words and stars.
    let html = app.get("/").await.text().await.unwrap();
    assert!(html.contains(&format!("<p>{words}</p>")), "{html}");
    assert!(html.contains(review["participant_of"].as_str().unwrap()));
    assert_eq!(json_ld(&html)[0]["aggregateRating"]["ratingValue"], 4.0);

    // Hidden: off the site, still in the coach's list; then deleted.
    let (status, hidden) = app
        .admin_send(
            &admin,
            reqwest::Method::PUT,
            &format!("{path}/status"),
            status_of("declined"),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(hidden["status"], "declined");
    let html = app.get("/").await.text().await.unwrap();
    assert!(!html.contains(words));
    assert_eq!(json_ld(&html)[0]["aggregateRating"]["reviewCount"], 25);
    let (status, _) = app
        .admin_send(&admin, reqwest::Method::DELETE, &path, None)
        .await;
    assert_eq!(status, 204);

    // Her own reviews the coach still edits.
    app.insert_review("Door de coach", 5, "2025-01-01T10:00:00.000000Z")
        .await;
    let (_, page) = app
        .admin_send(&admin, reqwest::Method::GET, "/api/admin/reviews", None)
        .await;
    let own = format!("/api/admin/reviews/{}", page["items"][0]["id"]);
    let (status, body) = app
        .admin_send(&admin, reqwest::Method::PUT, &own, Some(edit))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["text"], "Fantastisch, een aanrader!");
}

/// The review total of `/api/reviews` and the review count in the home page's JSON-LD.
async fn counts(app: &TestApp) -> (i64, i64) {
    let list: Value = app.get("/api/reviews").await.json().await.unwrap();
    let html = app.get("/").await.text().await.unwrap();
    let business = &json_ld(&html)[0];
    (
        list["total"].as_i64().unwrap(),
        business["aggregateRating"]["reviewCount"].as_i64().unwrap(),
    )
}

async fn the_review_links_are_rate_limited_per_client(engine: Engine) {
    let app = spawn_app_with(engine, |s| s.limits.review_links_per_ip_per_hour = 2).await;
    for _ in 0..2 {
        let (status, _) = post(
            &app,
            "/api/review-invitations/open",
            json!({"token": "geen"}),
        )
        .await;
        assert_eq!(status, 404);
    }
    let res = app
        .post_json(
            "/api/review-invitations/review",
            &json!({"token": "geen", "rating": 5, "text": "x"}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 429);
    assert!(res.headers().contains_key("retry-after"));
}

async fn a_course_dates_participant_is_invited_and_marked_with_the_course(engine: Engine) {
    let app = spawn(engine).await;
    let id = course_date(&app).await;
    let mut body = order_body("zelfbeeld-ommekeer", Some(id), 1);
    body["first_name"] = json!("Mira");
    body["email"] = json!("mira@example.be");
    let (_, reference) = started(&app, &body).await;
    press(&app, &reference, "paid").await;
    let starts = ended_days_ago(&app, id, 3).await;
    let day = inlumine::kit::dutch::day_month_year(inlumine::kit::brussels::at(starts).date());
    let mut mail = None;
    eventually("the course invitation reached Mira", || {
        mail = app
            .mails_to("mira@example.be")
            .into_iter()
            .find(|m| m.contains("Subject: Hoe was de Zelfbeeld-Ommekeer van"));
        std::future::ready(mail.is_some())
    })
    .await;
    let token = link_token(&mail.unwrap());
    let (status, _) = post(
        &app,
        "/api/review-invitations/review",
        json!({"token": token, "rating": 5, "text": "Drie dagen die alles veranderden.", "publish_first_name": true}),
    )
    .await;
    assert_eq!(status, 201);
    let path: String = sqlx::query("SELECT id FROM reviews")
        .fetch_one(&app.pool)
        .await
        .map(|r| sqlx::Row::try_get::<i64, _>(&r, 0).unwrap())
        .map(|id| format!("/api/admin/reviews/{id}/status"))
        .unwrap();
    let admin = app.admin_token().await;
    let (status, review) = app
        .admin_send(
            &admin,
            reqwest::Method::PUT,
            &path,
            Some(json!({"status": "approved"})),
        )
        .await;
    assert_eq!(status, 200, "{review}");
    assert_eq!(
        review["participant_of"],
        format!("deelnemer van de Zelfbeeld-Ommekeer van {day}").as_str()
    );
}
