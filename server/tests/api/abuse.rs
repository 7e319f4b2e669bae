//! The attacker's view: limits on every public write, answers that reveal nothing, no free text
//! mailed to unproven addresses, no personal data cached. Limits run with their real defaults.
use futures_util::future::join_all;
use reqwest::Method;
use serde_json::{Value, json};

use crate::commerce::{coupon, evening, order_body, started};
use crate::helpers::{
    Engine, TestApp, spawn_app, spawn_app_with, spawn_second_server_with, token_after,
};
use crate::intro_calls::{availability, booking, every_day, flat_slots, set_availability};
use inlumine::kit::configuration::Settings;

both_engines!(
    every_public_write_answers_429_with_retry_after_past_its_limit,
    one_buyer_cannot_hold_more_than_three_unpaid_orders,
    unknown_inactive_expired_and_foreign_coupons_get_one_answer,
    the_newsletter_answer_is_the_same_for_new_pending_and_confirmed_addresses,
    a_repeated_signup_mails_at_most_once_per_ten_minutes_and_the_first_link_still_works,
    a_booking_mail_to_an_unproven_address_carries_no_question_and_no_hostile_name,
    control_characters_in_a_single_line_field_get_a_dutch_422,
    personal_data_is_not_cached_and_nothing_is_embeddable_cross_origin,
);

/// Fires `requests` in parallel, taking turns between `servers`; asserts every 429 is a proper
/// one and returns the statuses of the others.
async fn statuses_besides_429(servers: &[&TestApp], requests: Vec<(String, Value)>) -> Vec<u16> {
    let answers = join_all(requests.into_iter().enumerate().map(|(i, (path, body))| {
        let app = servers[i % servers.len()];
        let client = app.client.clone();
        let url = app.url(&path);
        async move {
            let res = client.post(url).json(&body).send().await.unwrap();
            let status = res.status().as_u16();
            let retry = res
                .headers()
                .get("retry-after")
                .map(|v| v.to_str().unwrap().parse::<u64>().unwrap());
            (status, retry, res.json::<Value>().await.unwrap())
        }
    }))
    .await;
    let mut others = Vec::new();
    for (status, retry, body) in answers {
        if status == 429 {
            let secs = retry.expect("a 429 says when to come back");
            assert!((1..=3600).contains(&secs), "Retry-After {secs}");
            assert_eq!(body["error"]["code"], "rate_limited", "{body}");
            assert!(
                body["error"]["message"]
                    .as_str()
                    .unwrap()
                    .contains("Wacht een momentje"),
                "{body}"
            );
        } else {
            others.push(status);
        }
    }
    others
}

/// Like `statuses_besides_429`, where every request that is not refused must succeed.
async fn passes_before_429(servers: &[&TestApp], requests: Vec<(String, Value)>) -> usize {
    let others = statuses_besides_429(servers, requests).await;
    assert!(others.iter().all(|s| *s < 300), "{others:?}");
    others.len()
}

/// A free, published webinar in two days.
async fn free_webinar(app: &TestApp, capacity: i64) -> i64 {
    let starts_at = jiff::Timestamp::now() + jiff::SignedDuration::from_hours(48);
    app.insert_webinar(starts_at, capacity, 0, "published")
        .await
}

/// The hourly limits at their defaults; the cap on upcoming intro calls (public_limits.rs) out
/// of the way of the hourly ones counted here.
fn no_upcoming_cap(settings: &mut Settings) {
    settings.limits.intro_calls_upcoming_per_email = 1000;
    settings.limits.intro_calls_upcoming_per_ip = 1000;
}

async fn every_public_write_answers_429_with_retry_after_past_its_limit(engine: Engine) {
    let app = spawn_app_with(engine, no_upcoming_cap).await;
    // On PostgreSQL the requests take turns between two servers on one database, as behind a
    // load balancer: together they allow what one allows.
    let second = match engine {
        Engine::Postgres => Some(spawn_second_server_with(&app, no_upcoming_cap).await),
        Engine::Sqlite => None,
    };
    let servers: Vec<&TestApp> = std::iter::once(&app).chain(second.as_ref()).collect();
    let servers = servers.as_slice();

    let newsletter = (0..40)
        .map(|i| {
            let body = json!({"firstName": "Lotte", "email": format!("lezer{i}@example.be")});
            ("/api/newsletter".to_string(), body)
        })
        .collect();
    assert_eq!(
        passes_before_429(servers, newsletter).await,
        30,
        "newsletter"
    );

    let event = evening(&app, 100).await;
    let quotes = (0..35)
        .map(|i| {
            let body = json!({"product": "vertelavond", "event_id": event, "quantity": 1, "coupon": format!("GOK{i}")});
            ("/api/checkout/quote".to_string(), body)
        })
        .collect();
    // Every guess is wrong (422) until the coupon limit answers 429.
    assert_eq!(
        statuses_besides_429(servers, quotes).await,
        vec![422; 30],
        "coupon checks"
    );
    let quote_without_code = json!({"product": "vertelavond", "event_id": event, "quantity": 1});
    let res = app
        .post_json("/api/checkout/quote", &quote_without_code)
        .await;
    assert_eq!(
        res.status(),
        200,
        "a quote without a code is not a coupon check"
    );

    let checkouts = (0..25)
        .map(|i| {
            let mut body = order_body("vertelavond", Some(event), 1);
            body["email"] = json!(format!("koper{i}@example.be"));
            ("/api/checkout".to_string(), body)
        })
        .collect();
    assert_eq!(passes_before_429(servers, checkouts).await, 20, "checkout");

    let webinar = free_webinar(&app, 100).await;
    let path = format!("/api/webinars/{webinar}/registrations");
    let same_address = (0..8)
        .map(|_| {
            (
                path.clone(),
                json!({"name": "An", "email": "an@example.be"}),
            )
        })
        .collect();
    assert_eq!(
        passes_before_429(servers, same_address).await,
        5,
        "webinar per e-mail"
    );
    let many = (0..20)
        .map(|i| {
            (
                path.clone(),
                json!({"name": "An", "email": format!("an{i}@example.be")}),
            )
        })
        .collect();
    assert_eq!(
        passes_before_429(servers, many).await,
        15,
        "webinar per address: 20 an hour, 8 used"
    );

    let token = app.admin_token().await;
    set_availability(
        &app,
        &token,
        availability(every_day("08:00", "20:00"), 0, 0, 2),
    )
    .await;
    let slots = flat_slots(&app).await;
    let same_email = (0..5)
        .map(|i| {
            (
                "/api/intro-calls".to_string(),
                booking(&slots[i].2, "lien@example.be"),
            )
        })
        .collect();
    assert_eq!(
        passes_before_429(servers, same_email).await,
        3,
        "intro calls per e-mail"
    );
    let others = (5..10)
        .map(|i| {
            let body = booking(&slots[i].2, &format!("lien{i}@example.be"));
            ("/api/intro-calls".to_string(), body)
        })
        .collect();
    assert_eq!(
        passes_before_429(servers, others).await,
        2,
        "intro calls per address: 5 an hour, 3 used"
    );
}

async fn one_buyer_cannot_hold_more_than_three_unpaid_orders(engine: Engine) {
    let app = spawn_app(engine).await;
    let event = evening(&app, 20).await;
    for _ in 0..3 {
        started(&app, &order_body("vertelavond", Some(event), 1)).await;
    }
    let mut fourth = order_body("vertelavond", Some(event), 1);
    fourth["email"] = json!("SOFIE@example.be");
    let res = app.post_json("/api/checkout", &fourth).await;
    assert_eq!(res.status(), 429);
    let retry: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        (1..=30 * 60).contains(&retry),
        "until the first hold ends: {retry}"
    );
    let body: Value = res.json().await.unwrap();
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("op betaling wachten"),
        "{body}"
    );
    assert_eq!(
        app.count("SELECT COUNT(*) FROM orders").await,
        3,
        "nothing held"
    );
    let mut other = order_body("vertelavond", Some(event), 1);
    other["email"] = json!("jan@example.be");
    started(&app, &other).await;
}

async fn unknown_inactive_expired_and_foreign_coupons_get_one_answer(engine: Engine) {
    let app = spawn_app(engine).await;
    let event = evening(&app, 10).await;
    coupon(
        &app,
        "OUD",
        "percent",
        10,
        None,
        Some("2020-01-01T00:00:00.000000Z"),
    )
    .await;
    coupon(&app, "SLAAP", "percent", 10, None, None).await;
    sqlx::query("UPDATE coupons SET active = 0 WHERE code = 'SLAAP'")
        .execute(&app.pool)
        .await
        .unwrap();
    coupon(&app, "CURSUS", "percent", 10, None, None).await;
    sqlx::query(
        "UPDATE coupons SET product_id = (SELECT id FROM products WHERE slug = 'spiegelgevecht') \
         WHERE code = 'CURSUS'",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let mut answers = Vec::new();
    for code in ["BESTAATNIET", "OUD", "SLAAP", "CURSUS"] {
        let body =
            json!({"product": "vertelavond", "event_id": event, "quantity": 1, "coupon": code});
        let res = app.post_json("/api/checkout/quote", &body).await;
        answers.push((res.status().as_u16(), res.json::<Value>().await.unwrap()));
    }
    assert_eq!(answers[0].0, 422);
    for answer in &answers[1..] {
        assert_eq!(answer, &answers[0], "a guesser learns nothing");
    }
    assert_eq!(
        answers[0].1["error"]["fields"]["coupon"],
        "Deze kortingscode kunnen we niet gebruiken. Kijk na of je hem juist overtypte."
    );
}

async fn subscribe(app: &TestApp, email: &str) -> (u16, Value) {
    let res = app
        .post_json(
            "/api/newsletter",
            &json!({"firstName": "Lotte", "email": email}),
        )
        .await;
    (res.status().as_u16(), res.json().await.unwrap())
}

async fn the_newsletter_answer_is_the_same_for_new_pending_and_confirmed_addresses(engine: Engine) {
    let app = spawn_app(engine).await;
    let new = subscribe(&app, "lotte@example.be").await;
    let pending = subscribe(&app, "lotte@example.be").await;
    sqlx::query("UPDATE newsletter_subscribers SET status = 'confirmed', opt_in_seed = NULL")
        .execute(&app.pool)
        .await
        .unwrap();
    let confirmed = subscribe(&app, "LOTTE@example.be").await;
    assert_eq!(new.0, 200);
    assert_eq!(new, pending);
    assert_eq!(new, confirmed);
    assert_eq!(app.wait_for_mails_to("lotte@example.be", 1).await.len(), 1);
}

async fn a_repeated_signup_mails_at_most_once_per_ten_minutes_and_the_first_link_still_works(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    for _ in 0..5 {
        assert_eq!(subscribe(&app, "bram@example.be").await.0, 200);
    }
    let mail = app.wait_for_mails_to("bram@example.be", 1).await.remove(0);
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(app.mails_to("bram@example.be").len(), 1, "one opt-in mail");
    assert_eq!(app.count("SELECT COUNT(*) FROM outbox").await, 1);
    let token = token_after(&mail, "/nieuwsbrief/bevestigen?token=");
    let res = app
        .post_json("/api/newsletter/confirm", &json!({"token": token}))
        .await;
    assert_eq!(res.status(), 200, "the first mail's link stays valid");
    assert_eq!(
        app.count("SELECT COUNT(*) FROM newsletter_subscribers WHERE status = 'confirmed' AND opt_in_seed IS NULL")
            .await,
        1
    );
}

async fn a_booking_mail_to_an_unproven_address_carries_no_question_and_no_hostile_name(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    set_availability(
        &app,
        &token,
        availability(every_day("09:00", "17:00"), 24, 0, 2),
    )
    .await;
    let (_, _, slot) = flat_slots(&app).await.remove(0);
    let mut body = booking(&slot, "slachtoffer@example.be");
    body["name"] = json!("Winnaar! Claim je prijs op https://evil.example");
    body["question"] = json!("Je account is geblokkeerd, bel 0900 12 34 56");
    let res = app.post_json("/api/intro-calls", &body).await;
    assert_eq!(res.status(), 201);
    let mail = app
        .wait_for_mails_to("slachtoffer@example.be", 1)
        .await
        .remove(0);
    assert!(mail.contains("Dag,"), "{mail}");
    // The whole number: "0900" alone also matches a 09:00 UTC start in the `.ics`.
    for hostile in ["evil.example", "Winnaar", "geblokkeerd", "0900 12 34 56"] {
        assert!(!mail.contains(hostile), "{hostile} in {mail}");
    }
    let coach = app
        .wait_for_mails_to("hallo@inlumine.be", 1)
        .await
        .remove(0);
    assert!(
        coach.contains("geblokkeerd"),
        "the coach still reads the question"
    );

    // A plain first name is used in the greeting.
    let webinar = free_webinar(&app, 10).await;
    let res = app
        .post_json(
            &format!("/api/webinars/{webinar}/registrations"),
            &json!({"name": "Anaïs De Smet", "email": "anais@example.be"}),
        )
        .await;
    assert_eq!(res.status(), 200);
    let mail = app.wait_for_mails_to("anais@example.be", 1).await.remove(0);
    assert!(mail.contains("Dag Ana"), "{mail}");
    assert!(!mail.contains("De Smet"), "{mail}");
}

async fn control_characters_in_a_single_line_field_get_a_dutch_422(engine: Engine) {
    let app = spawn_app(engine).await;
    let webinar = free_webinar(&app, 10).await;
    for name in ["An\r\nBcc: iedereen@example.be", "An\u{7}", "An\u{202e}tiS"] {
        let res = app
            .post_json(
                &format!("/api/webinars/{webinar}/registrations"),
                &json!({"name": name, "email": "an@example.be"}),
            )
            .await;
        assert_eq!(res.status(), 422, "{name:?}");
        let body: Value = res.json().await.unwrap();
        assert_eq!(
            body["error"]["fields"]["name"],
            "Je naam bevat een onzichtbaar stuurteken dat we niet kunnen bewaren. Typ de tekst gerust opnieuw."
        );
    }
    let mut order = order_body("spiegelgevecht", None, 1);
    order["last_name"] = json!("Peeters\u{0}");
    let res = app.post_json("/api/checkout", &order).await;
    assert_eq!(res.status(), 422);
    assert_eq!(app.count("SELECT COUNT(*) FROM tickets").await, 0);
    assert_eq!(app.count("SELECT COUNT(*) FROM orders").await, 0);
}

async fn personal_data_is_not_cached_and_nothing_is_embeddable_cross_origin(engine: Engine) {
    let app = spawn_app(engine).await;
    let event = evening(&app, 5).await;
    let (order_id, _) = started(&app, &order_body("vertelavond", Some(event), 1)).await;
    let token = app.admin_token().await;
    let order = app.get(&format!("/api/orders/{order_id}")).await;
    let admin = app
        .client
        .request(Method::GET, app.url("/api/admin/orders"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    let login = app
        .post_json(
            "/api/auth/login",
            &json!({"email": "coach@example.be", "password": "een-lang-wachtwoord"}),
        )
        .await;
    let manage = app
        .post_json("/api/intro-calls/manage", &json!({"token": "onbekend"}))
        .await;
    for res in [&order, &admin, &login, &manage] {
        assert_eq!(res.headers()["cache-control"], "no-store", "{}", res.url());
        assert_eq!(res.headers()["cross-origin-resource-policy"], "same-origin");
    }
    let page = app.get("/").await;
    assert_eq!(
        page.headers()["cross-origin-resource-policy"],
        "same-origin"
    );
}
