//! A paid event's join link reaches its buyers only, never a public answer or page.
use reqwest::Method;
use serde_json::{Value, json};

use crate::commerce::{order, order_body, press, started};
use crate::helpers::{Engine, TestApp, spawn_app};

both_engines!(a_paid_join_link_is_in_no_public_answer_only_with_the_paid_order);

const WEBINAR_LINK: &str = "https://meet.example.org/webinar-geheim";
const EVENING_LINK: &str = "https://meet.example.org/avond-geheim";

async fn paid_online_event(app: &TestApp, token: &str, kind: &str, link: &str) -> i64 {
    let (status, event) = app
        .admin_send(
            token,
            Method::POST,
            "/api/admin/events",
            Some(json!({
                "kind": kind, "title": format!("Betalend {kind}"), "description": "Online.",
                "starts_at": "2099-03-05T19:30", "ends_at": "2099-03-05T21:00",
                "venue_name": null, "street": null, "postal_code": null, "city": null,
                "online_url": link, "capacity": 20, "price_cents": 2500, "status": "published"
            })),
        )
        .await;
    assert_eq!(status, 201, "{event}");
    assert_eq!(event["online_url"], link, "the coach still sees the link");
    event["id"].as_i64().unwrap()
}

/// Every public page and GET endpoint, as text.
async fn public_answers(app: &TestApp, reference: &str) -> Vec<(String, String)> {
    let mut answers = Vec::new();
    for path in [
        "/",
        "/vertelavond",
        "/begrijp-jezelf/vertelavond",
        "/wees-eerlijk",
        "/webinar-reeks",
        "/sitemap.xml",
        "/api/events/upcoming",
        "/api/events/upcoming?kind=webinar",
        "/api/events/upcoming?kind=vertelavond",
        "/api/products",
        "/api/products/webinar",
        "/api/products/vertelavond",
        "/api/reviews",
        "/api/drempel-videos",
        "/api/intro-calls/slots",
        &format!("/api/payments/simulated/{reference}"),
    ] {
        let text = app.get(path).await.text().await.unwrap();
        answers.push((path.to_string(), text));
    }
    answers
}

async fn a_paid_join_link_is_in_no_public_answer_only_with_the_paid_order(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let webinar = paid_online_event(&app, &token, "webinar", WEBINAR_LINK).await;
    paid_online_event(&app, &token, "vertelavond", EVENING_LINK).await;

    let upcoming: Value = app.get("/api/events/upcoming").await.json().await.unwrap();
    assert_eq!(
        upcoming["events"].as_array().unwrap().len(),
        2,
        "{upcoming}"
    );
    let body = order_body("webinar", Some(webinar), 1);
    let quote = app
        .post_json(
            "/api/checkout/quote",
            &json!({"product": "webinar", "event_id": webinar, "quantity": 1}),
        )
        .await;
    let status = quote.status().as_u16();
    let quote = quote.text().await.unwrap();
    assert_eq!(status, 200, "{quote}");
    let (id, reference) = started(&app, &body).await;
    let mut answers = public_answers(&app, &reference).await;
    answers.push(("/api/checkout/quote".into(), quote));
    answers.push((
        "/api/orders/{id} before paying".into(),
        order(&app, &id).await.to_string(),
    ));
    for (path, text) in &answers {
        for link in [WEBINAR_LINK, EVENING_LINK] {
            assert!(!text.contains(link), "{link} in {path}: {text}");
        }
    }
    let page = app.get("/vertelavond").await.text().await.unwrap();
    assert!(
        page.contains("application/ld+json"),
        "the event's JSON-LD is served"
    );

    press(&app, &reference, "paid").await;
    let paid = order(&app, &id).await;
    assert_eq!(paid["event"]["online_url"], WEBINAR_LINK, "{paid}");
    let mails = app.wait_for_mails_to("sofie@example.be", 1).await;
    assert!(mails[0].contains(WEBINAR_LINK), "{}", mails[0]);
    for (path, text) in public_answers(&app, &reference).await {
        for link in [WEBINAR_LINK, EVENING_LINK] {
            assert!(!text.contains(link), "{link} in {path} after paying");
        }
    }
}
