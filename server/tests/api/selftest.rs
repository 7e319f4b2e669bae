//! Her own self-test: the coach builds and publishes versions, visitors get a result scored with
//! the version they took, the result by mail is double opt-in (with a single-use coupon and the
//! newsletter on the same click), and a result with an e-mail address is a person's record.
use jiff::{SignedDuration, Timestamp};
use reqwest::Method;
use serde_json::{Value, json};
use sqlx::Row;

use crate::commerce::{order_body, press, started};
use crate::helpers::{Engine, TestApp, spawn_app, token_after};

both_engines!(
    a_published_test_gives_a_visitor_the_expected_profile_and_the_preview_stores_nothing,
    an_edited_test_becomes_version_2_and_a_version_1_result_keeps_its_profile,
    the_result_by_mail_is_double_opt_in_with_a_single_use_coupon_and_the_newsletter,
    a_mailed_result_is_on_the_persons_timeline_and_export_and_erasure_removes_it,
    bad_input_gets_a_dutch_422_and_writes_nothing,
    only_an_admin_reaches_the_admin_routes,
    her_own_test_takes_over_the_quiz_link_once_published,
    an_unconfirmed_mail_request_loses_its_address_after_30_days,
    an_anonymous_result_is_only_a_count_after_30_days,
    the_demo_has_a_published_test_with_three_themes_that_a_visitor_can_take,
);

const VISITOR: &str = "an@example.be";
const CONFIRM: &str = "https://www.inlumine.be/wees-eerlijk/zelftest/bevestigen?token=";

/// A 5-point scale giving 0..4 points to `theme`.
fn statement(id: &str, text: &str, theme: &str) -> Value {
    let labels = [
        "Helemaal niet",
        "Eerder niet",
        "Neutraal",
        "Eerder wel",
        "Helemaal wel",
    ];
    let choices: Vec<Value> = labels
        .iter()
        .enumerate()
        .map(|(points, label)| json!({"label": label, "scores": {theme: points}}))
        .collect();
    json!({"id": id, "text": text, "choices": choices})
}

async fn product_id(app: &TestApp, slug: &str) -> i64 {
    sqlx::query("SELECT id FROM products WHERE slug = $1")
        .bind(slug)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get("id")
        .unwrap()
}

/// 6 statements, 2 themes, 3 profiles; a high "zelfbeeld" recommends the Spiegelgevecht course
/// with a 10 % coupon valid 14 days.
pub(crate) async fn test_definition(app: &TestApp) -> Value {
    let course = product_id(app, "spiegelgevecht").await;
    json!({
        "title": "Hoe eerlijk kijk jij naar jezelf?",
        "intro": "Zes uitspraken. **Kies** wat het eerst opkomt.",
        "themes": [{"key": "zelfbeeld", "name": "Zelfbeeld"}, {"key": "grenzen", "name": "Grenzen"}],
        "questions": [
            statement("q1", "Ik ben streng voor mezelf.", "zelfbeeld"),
            statement("q2", "Complimenten wuif ik weg.", "zelfbeeld"),
            statement("q3", "Ik vergelijk mezelf met anderen.", "zelfbeeld"),
            statement("q4", "Ik zeg ja als ik nee bedoel.", "grenzen"),
            statement("q5", "Ik voel me verantwoordelijk voor anderen.", "grenzen"),
            statement("q6", "Iets vragen voor mezelf is moeilijk.", "grenzen"),
        ],
        "profiles": [
            {"id": "zelfbeeld-laag", "theme": "zelfbeeld", "min": 0, "max": 49,
             "title": "Je kijkt mild naar jezelf", "text": "Fijn.",
             "step": {"kind": "intro_call", "label": "Plan een gesprek"}},
            {"id": "zelfbeeld-hoog", "theme": "zelfbeeld", "min": 50, "max": 100,
             "title": "Je bent streng voor jezelf", "text": "Je legt de lat **hoog**.\n\nDat mag zachter.",
             "step": {"kind": "product", "product_id": course, "label": "Begin met Het Spiegelgevecht"},
             "coupon": {"percent": 10, "valid_days": 14}},
            {"id": "grenzen", "theme": "grenzen", "min": 0, "max": 100,
             "title": "Over je grenzen", "text": "Je grenzen vragen aandacht.",
             "step": {"kind": "page", "path": "/vertelavond", "label": "Kom naar een vertelavond"}},
        ],
    })
}

async fn save_draft(app: &TestApp, token: &str, draft: &Value) -> (u16, Value) {
    app.admin_send(
        token,
        Method::PUT,
        "/api/admin/selftest",
        Some(draft.clone()),
    )
    .await
}

async fn publish(app: &TestApp, token: &str) -> (u16, Value) {
    app.admin_send(token, Method::POST, "/api/admin/selftest/publish", None)
        .await
}

/// Saves and publishes `draft`; returns the version.
pub(crate) async fn published(app: &TestApp, token: &str, draft: &Value) -> i64 {
    let (status, body) = save_draft(app, token, draft).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = publish(app, token).await;
    assert_eq!(status, 200, "{body}");
    body["version"].as_i64().unwrap()
}

/// Submits `answers` for `version`; returns (token, result).
pub(crate) async fn submit(app: &TestApp, version: i64, answers: &[i64]) -> (String, Value) {
    let res = app
        .post_json(
            "/api/selftest/results",
            &json!({"version": version, "answers": answers}),
        )
        .await;
    assert_eq!(res.status(), 201);
    let body: Value = res.json().await.unwrap();
    (
        body["token"].as_str().unwrap().to_string(),
        body["result"].clone(),
    )
}

async fn result(app: &TestApp, token: &str) -> Value {
    let res = app.get(&format!("/api/selftest/results/{token}")).await;
    assert_eq!(res.status(), 200);
    res.json().await.unwrap()
}

/// The live details a prerendered page carries (`<script id="live-site">`).
fn live(html: &str) -> Value {
    let marker = "<script type=\"application/json\" id=\"live-site\">";
    let start = html.find(marker).unwrap_or_else(|| panic!("{html}")) + marker.len();
    serde_json::from_str(&html[start..start + html[start..].find("</script>").unwrap()]).unwrap()
}

fn profile_ids(result: &Value) -> Vec<&str> {
    result["profiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect()
}

async fn a_published_test_gives_a_visitor_the_expected_profile_and_the_preview_stores_nothing(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let res = app.get("/api/selftest").await;
    assert_eq!(res.status(), 404);
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body["error"]["message"],
        "Er is nog geen zelftest gepubliceerd."
    );

    let token = app.admin_token().await;
    let draft = test_definition(&app).await;
    let (status, admin) = save_draft(&app, &token, &draft).await;
    assert_eq!(status, 200, "{admin}");
    assert_eq!(admin["draft_is_published"], false);
    assert_eq!(admin["draft"]["questions"].as_array().unwrap().len(), 6);

    // The preview scores the saved draft and keeps nothing.
    let (status, preview) = app
        .admin_send(
            &token,
            Method::POST,
            "/api/admin/selftest/preview",
            Some(json!({"answers": [0, 0, 0, 4, 4, 4]})),
        )
        .await;
    assert_eq!(status, 200, "{preview}");
    assert_eq!(preview["version"], 0);
    assert_eq!(profile_ids(&preview), vec!["grenzen", "zelfbeeld-laag"]);
    assert_eq!(preview["step"]["href"], "/vertelavond");
    assert_eq!(app.count("SELECT COUNT(*) FROM selftest_results").await, 0);

    let (status, body) = publish(&app, &token).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["version"], 1);
    let (_, admin) = app
        .admin_send(&token, Method::GET, "/api/admin/selftest", None)
        .await;
    assert_eq!(admin["draft_is_published"], true);
    assert_eq!(admin["published"][0]["version"], 1);
    assert_eq!(admin["published"][0]["results"], 0);

    // The visitor gets the questions without the points.
    let test: Value = app.get("/api/selftest").await.json().await.unwrap();
    assert_eq!(test["version"], 1);
    assert_eq!(test["title"], "Hoe eerlijk kijk jij naar jezelf?");
    assert!(
        test["intro_html"]
            .as_str()
            .unwrap()
            .contains("<strong>Kies</strong>")
    );
    assert_eq!(test["questions"].as_array().unwrap().len(), 6);
    assert_eq!(test["questions"][0]["choices"][4]["label"], "Helemaal wel");
    assert!(!test.to_string().contains("scores"), "{test}");
    assert!(!test.to_string().contains("profiles"), "{test}");

    let (result_token, scored) = submit(&app, 1, &[4, 4, 3, 0, 1, 0]).await;
    assert_eq!(scored["version"], 1);
    assert_eq!(scored["mail"], "none");
    // Zelfbeeld 11 of 12 = 92; grenzen 1 of 12 = 8.
    assert_eq!(
        scored["themes"][0],
        json!({"key": "zelfbeeld", "name": "Zelfbeeld", "score": 92})
    );
    assert_eq!(scored["themes"][1]["score"], 8);
    assert_eq!(profile_ids(&scored), vec!["zelfbeeld-hoog", "grenzen"]);
    assert_eq!(
        scored["profiles"][0]["text_html"],
        "<p>Je legt de lat <strong>hoog</strong>.</p>\n<p>Dat mag zachter.</p>"
    );
    assert_eq!(
        scored["step"],
        json!({"kind": "product", "label": "Begin met Het Spiegelgevecht", "href": "/begrijp-jezelf/spiegelgevecht"})
    );
    assert_eq!(result(&app, &result_token).await, scored);

    // Only the token's hash is kept, and the result holds no personal data.
    let row = sqlx::query(
        "SELECT token_hash, primary_profile_id, email, mail_status FROM selftest_results",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_ne!(
        row.try_get::<String, _>("token_hash").unwrap(),
        result_token
    );
    assert_eq!(
        row.try_get::<String, _>("primary_profile_id").unwrap(),
        "zelfbeeld-hoog"
    );
    assert!(row.try_get::<Option<String>, _>("email").unwrap().is_none());
    assert_eq!(row.try_get::<String, _>("mail_status").unwrap(), "none");
}

async fn an_edited_test_becomes_version_2_and_a_version_1_result_keeps_its_profile(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let mut draft = test_definition(&app).await;
    assert_eq!(published(&app, &token, &draft).await, 1);
    let (old_token, old) = submit(&app, 1, &[4, 4, 4, 0, 0, 0]).await;
    assert_eq!(old["profiles"][0]["title"], "Je bent streng voor jezelf");

    // She rewrites the profile and moves the boundary: version 2.
    draft["profiles"][1]["title"] = json!("Je lat ligt hoog");
    draft["profiles"][0]["max"] = json!(100);
    draft["profiles"][1]["min"] = json!(101);
    let (status, body) = save_draft(&app, &token, &draft).await;
    assert_eq!(status, 422, "a range above 100: {body}");
    draft["profiles"][0]["max"] = json!(90);
    draft["profiles"][1]["min"] = json!(91);
    assert_eq!(published(&app, &token, &draft).await, 2);
    // Publishing the same draft again makes no version 3.
    assert_eq!(publish(&app, &token).await.1["version"], 2);

    // The version 1 result still reads as it did.
    let again = result(&app, &old_token).await;
    assert_eq!(again["version"], 1);
    assert_eq!(profile_ids(&again), vec!["zelfbeeld-hoog", "grenzen"]);
    assert_eq!(again["profiles"][0]["title"], "Je bent streng voor jezelf");
    // The same answers on version 2 fit its profiles.
    let test: Value = app.get("/api/selftest").await.json().await.unwrap();
    assert_eq!(test["version"], 2);
    let (_, new) = submit(&app, 2, &[4, 4, 4, 0, 0, 0]).await;
    assert_eq!(profile_ids(&new), vec!["zelfbeeld-hoog", "grenzen"]);
    assert_eq!(new["profiles"][0]["title"], "Je lat ligt hoog");
    // 10 of 12 = 83: low on version 2, high on version 1.
    let (_, lower) = submit(&app, 2, &[4, 3, 3, 0, 0, 0]).await;
    assert_eq!(profile_ids(&lower)[0], "zelfbeeld-laag");
    // A visitor who began on version 1 can still finish it.
    let (_, late) = submit(&app, 1, &[4, 3, 3, 0, 0, 0]).await;
    assert_eq!(profile_ids(&late)[0], "zelfbeeld-hoog");

    let (_, admin) = app
        .admin_send(&token, Method::GET, "/api/admin/selftest", None)
        .await;
    let published: Vec<(i64, i64)> = admin["published"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["version"].as_i64().unwrap(),
                v["results"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(published, vec![(2, 2), (1, 2)]);
    let (status, v1) = app
        .admin_send(&token, Method::GET, "/api/admin/selftest/versions/1", None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(v1["profiles"][1]["title"], "Je bent streng voor jezelf");
    let (status, missing) = app
        .admin_send(&token, Method::GET, "/api/admin/selftest/versions/9", None)
        .await;
    assert_eq!(status, 404);
    assert_eq!(missing["error"]["message"], "Versie 9 bestaat niet.");
}

/// Asks for the result of `token` by mail to `VISITOR`; returns the confirmation token from
/// the mail, after checking that the mail holds nothing of the result.
async fn ask_by_mail(app: &TestApp, token: &str, newsletter: bool) -> String {
    let res = app
        .post_json(
            &format!("/api/selftest/results/{token}/mail"),
            &json!({"email": " an@example.be ", "newsletter": newsletter}),
        )
        .await;
    assert_eq!(res.status(), 202);
    let body: Value = res.json().await.unwrap();
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("Bijna klaar!")
    );
    let mail = app.wait_for_mails_to(VISITOR, 1).await.remove(0);
    for secret in [
        "streng",
        "Zelfbeeld",
        "Spiegelgevecht",
        "ZELFTEST-",
        "resultaat?token=",
        token,
    ] {
        assert!(
            !mail.contains(secret),
            "the opt-in mail shows {secret:?}:\n{mail}"
        );
    }
    assert!(mail.contains("Subject: Bevestig je e-mailadres"), "{mail}");
    token_after(&mail, CONFIRM)
}

async fn confirm(app: &TestApp, confirm_token: &str) -> (u16, Value) {
    let res = app
        .post_json("/api/selftest/confirm", &json!({"token": confirm_token}))
        .await;
    (res.status().as_u16(), res.json().await.unwrap())
}

async fn the_result_by_mail_is_double_opt_in_with_a_single_use_coupon_and_the_newsletter(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let draft = test_definition(&app).await;
    published(&app, &token, &draft).await;
    let (result_token, _) = submit(&app, 1, &[4, 4, 4, 0, 0, 0]).await;

    let confirm_token = ask_by_mail(&app, &result_token, true).await;
    assert_eq!(result(&app, &result_token).await["mail"], "pending");
    // Nothing happens before the click: no coupon, no subscriber.
    assert_eq!(app.count("SELECT COUNT(*) FROM coupons").await, 0);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM newsletter_subscribers")
            .await,
        0
    );

    let (status, body) = confirm(&app, &confirm_token).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result_token"], result_token.as_str());
    assert_eq!(result(&app, &result_token).await["mail"], "confirmed");
    let mails = app.wait_for_mails_to(VISITOR, 2).await;
    let mail = mails
        .iter()
        .find(|m| m.contains("Subject: Je resultaat"))
        .unwrap_or_else(|| panic!("{mails:?}"));
    assert!(
        mail.contains("Subject: Je resultaat van de zelftest: Je bent streng voor jezelf"),
        "{mail}"
    );
    assert!(mail.contains("Zelfbeeld: 100 op 100"), "{mail}");
    assert!(mail.contains("Dat mag zachter."), "{mail}");
    assert!(
        mail.contains(&format!(
            "https://www.inlumine.be/wees-eerlijk/zelftest/resultaat?token={result_token}"
        )),
        "{mail}"
    );
    assert!(
        mail.contains("https://www.inlumine.be/begrijp-jezelf/spiegelgevecht"),
        "{mail}"
    );
    assert!(mail.contains("10% korting op Het Spiegelgevecht"), "{mail}");
    assert!(mail.contains("ingeschreven op de nieuwsbrief"), "{mail}");
    let code = format!("ZELFTEST-{}", token_after(mail, "ZELFTEST-"));
    assert_eq!(code.len(), "ZELFTEST-ABCD-EFGH".len(), "{code}");

    // An ordinary single-use coupon for that product.
    let coupon = sqlx::query(
        "SELECT c.discount_kind, c.discount_value, c.max_redemptions, c.valid_until, p.slug \
         FROM coupons c JOIN products p ON p.id = c.product_id",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(
        coupon.try_get::<String, _>("discount_kind").unwrap(),
        "percent"
    );
    assert_eq!(coupon.try_get::<i64, _>("discount_value").unwrap(), 10);
    assert_eq!(coupon.try_get::<i64, _>("max_redemptions").unwrap(), 1);
    assert_eq!(
        coupon.try_get::<String, _>("slug").unwrap(),
        "spiegelgevecht"
    );
    let until: Timestamp = coupon
        .try_get::<String, _>("valid_until")
        .unwrap()
        .parse()
        .unwrap();
    let days = until.duration_since(Timestamp::now()).as_hours() / 24;
    assert!((13..=15).contains(&days), "{days} days");
    // Subscribed as confirmed by the same click.
    let subscriber = sqlx::query(
        "SELECT status, confirmed_at FROM newsletter_subscribers WHERE email_normalized = $1",
    )
    .bind(VISITOR)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(
        subscriber.try_get::<String, _>("status").unwrap(),
        "confirmed"
    );
    assert!(
        subscriber
            .try_get::<Option<String>, _>("confirmed_at")
            .unwrap()
            .is_some()
    );

    // A second click changes nothing and mails nothing.
    let (status, body) = confirm(&app, &confirm_token).await;
    assert_eq!(status, 200);
    assert_eq!(body["result_token"], result_token.as_str());
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(app.mails_to(VISITOR).len(), 2);
    assert_eq!(app.count("SELECT COUNT(*) FROM coupons").await, 1);
    // Asking again for a mailed result is refused.
    let res = app
        .post_json(
            &format!("/api/selftest/results/{result_token}/mail"),
            &json!({"email": VISITOR, "newsletter": false}),
        )
        .await;
    assert_eq!(res.status(), 409);

    // The code works once at checkout for that product, and is refused the second time.
    let mut order = order_body("spiegelgevecht", None, 1);
    order["coupon"] = json!(code.to_lowercase());
    let (order_id, reference) = started(&app, &order).await;
    press(&app, &reference, "paid").await;
    let paid: Value = app
        .get(&format!("/api/orders/{order_id}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(paid["status"], "paid");
    assert_eq!(paid["total_cents"], 1710);
    let mut again = order_body("spiegelgevecht", None, 1);
    again["coupon"] = json!(code);
    let res = app.post_json("/api/checkout", &again).await;
    assert_eq!(res.status(), 422);
    let error: Value = res.json().await.unwrap();
    assert_eq!(
        error["error"]["fields"]["coupon"],
        "Deze kortingscode is al volledig gebruikt."
    );
}

async fn a_mailed_result_is_on_the_persons_timeline_and_export_and_erasure_removes_it(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let draft = test_definition(&app).await;
    published(&app, &token, &draft).await;
    let (anonymous, _) = submit(&app, 1, &[0, 0, 0, 0, 0, 0]).await;
    let (result_token, _) = submit(&app, 1, &[0, 0, 0, 4, 4, 4]).await;
    let confirm_token = ask_by_mail(&app, &result_token, false).await;
    assert_eq!(confirm(&app, &confirm_token).await.0, 200);
    app.wait_for_mails_to(VISITOR, 2).await;
    // Without the newsletter tick she is not subscribed.
    assert_eq!(
        app.count("SELECT COUNT(*) FROM newsletter_subscribers")
            .await,
        0
    );

    let (status, timeline) = app
        .admin_send(
            &token,
            Method::GET,
            &format!("/api/admin/people/timeline?email={VISITOR}"),
            None,
        )
        .await;
    assert_eq!(status, 200, "{timeline}");
    let entry = timeline["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "selftest_result")
        .unwrap_or_else(|| panic!("{timeline}"));
    assert_eq!(entry["title"], "Zelftest (versie 1): Over je grenzen");
    assert_eq!(entry["detail"], "Zelfbeeld 0, Grenzen 100");
    assert_eq!(entry["status"], "Resultaat gemaild");

    let exported: Value = app
        .authed(
            Method::GET,
            &format!("/api/admin/people/export?email={VISITOR}&format=json"),
            &token,
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let records = exported["records"]["selftest_result"].as_array().unwrap();
    assert_eq!(records.len(), 1, "{exported}");
    assert_eq!(records[0]["email"], VISITOR);
    assert_eq!(records[0]["profile"], "Over je grenzen");
    assert_eq!(records[0]["answers"], json!([0, 0, 0, 4, 4, 4]));
    assert!(!exported.to_string().contains(&result_token));

    let (status, erased) = app
        .admin_send(
            &token,
            Method::POST,
            "/api/admin/people/erase",
            Some(json!({"email": VISITOR, "confirmation": VISITOR})),
        )
        .await;
    assert_eq!(status, 200, "{erased}");
    assert_eq!(erased["counts"]["selftest_results"], 1);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM selftest_results WHERE email IS NOT NULL")
            .await,
        0
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM selftest_results").await, 1);
    assert_eq!(
        app.get(&format!("/api/selftest/results/{result_token}"))
            .await
            .status(),
        404
    );
    // The anonymous result was not hers and stays.
    assert_eq!(result(&app, &anonymous).await["mail"], "none");
    let (status, _) = app
        .admin_send(
            &token,
            Method::GET,
            &format!("/api/admin/people/export?email={VISITOR}&format=json"),
            None,
        )
        .await;
    assert_eq!(status, 404);
}

async fn bad_input_gets_a_dutch_422_and_writes_nothing(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;

    // Publishing an empty or incomplete test lists what to fix.
    let (status, body) = publish(&app, &token).await;
    assert_eq!(status, 422);
    let message = body["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("De test kan nog niet gepubliceerd worden:"),
        "{message}"
    );
    assert!(
        message.contains("• Voeg minstens één thema toe."),
        "{message}"
    );

    let mut draft = test_definition(&app).await;
    draft["profiles"][1]["min"] = json!(60);
    draft["profiles"][2]["step"] = json!({"kind": "page", "path": "vertelavond", "label": "Kom"});
    draft["profiles"][0]["coupon"] = json!({"percent": 10, "valid_days": 14});
    assert_eq!(save_draft(&app, &token, &draft).await.0, 200);
    let (status, body) = publish(&app, &token).await;
    assert_eq!(status, 422);
    let message = body["error"]["message"].as_str().unwrap();
    for problem in [
        "Thema ‘Zelfbeeld’: geen profiel voor scores 50 tot 59.",
        "Profiel 3: de pagina is een pad op je site dat begint met /",
        "Profiel 1: een kortingscode kan enkel bij een product als volgende stap.",
    ] {
        assert!(message.contains(problem), "{problem}: {message}");
    }
    assert_eq!(app.count("SELECT COUNT(*) FROM selftest_versions").await, 0);

    // A draft of the wrong shape is not saved.
    let mut bad = test_definition(&app).await;
    bad["themes"][0]["key"] = json!("Zelf Beeld");
    bad["questions"][0]["choices"][1]["scores"] = json!({"zelfbeeld": 11});
    let (status, body) = save_draft(&app, &token, &bad).await;
    assert_eq!(status, 422);
    let message = body["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("Zo kunnen we de test niet bewaren:"),
        "{message}"
    );
    assert!(message.contains("Thema 1: de sleutel"), "{message}");
    assert!(
        message.contains("Vraag 1, antwoord 2: de punten"),
        "{message}"
    );
    let (_, admin) = app
        .admin_send(&token, Method::GET, "/api/admin/selftest", None)
        .await;
    assert_eq!(admin["draft"]["themes"][0]["key"], "zelfbeeld");
    let (status, _) = app
        .admin_send(
            &token,
            Method::PUT,
            "/api/admin/selftest",
            Some(json!({"themes": "geen lijst"})),
        )
        .await;
    assert_eq!(status, 422);

    // The visitor's side.
    let draft = test_definition(&app).await;
    published(&app, &token, &draft).await;
    for (body, field, message) in [
        (
            json!({"version": 7, "answers": [0, 0, 0, 0, 0, 0]}),
            "version",
            "Deze versie van de zelftest bestaat niet (meer). Herlaad de pagina en begin opnieuw.",
        ),
        (
            json!({"version": 1, "answers": [0, 0, 0]}),
            "answers",
            "Beantwoord alle 6 vragen van de test.",
        ),
        (
            json!({"version": 1, "answers": [0, 0, 5, 0, 0, 0]}),
            "answers",
            "Vraag 3: kies een van de antwoorden.",
        ),
        (
            json!({"version": 1, "answers": [0, -1, 0, 0, 0, 0]}),
            "answers",
            "Vraag 2: kies een van de antwoorden.",
        ),
    ] {
        let res = app.post_json("/api/selftest/results", &body).await;
        assert_eq!(res.status(), 422, "{body}");
        let error: Value = res.json().await.unwrap();
        assert_eq!(error["error"]["fields"][field], message, "{body}");
    }
    let res = app
        .post_json(
            "/api/selftest/results",
            &json!({"version": 1, "answers": "alles"}),
        )
        .await;
    assert_eq!(res.status(), 422);
    assert_eq!(app.count("SELECT COUNT(*) FROM selftest_results").await, 0);

    let (result_token, _) = submit(&app, 1, &[0, 0, 0, 0, 0, 0]).await;
    let res = app
        .post_json(
            &format!("/api/selftest/results/{result_token}/mail"),
            &json!({"email": "geen-adres", "newsletter": true}),
        )
        .await;
    assert_eq!(res.status(), 422);
    let error: Value = res.json().await.unwrap();
    assert_eq!(
        error["error"]["fields"]["email"],
        "Vul een geldig e-mailadres in."
    );
    let res = app
        .post_json(
            "/api/selftest/results/onbekend/mail",
            &json!({"email": VISITOR}),
        )
        .await;
    assert_eq!(res.status(), 404);
    assert_eq!(
        app.get("/api/selftest/results/onbekend").await.status(),
        404
    );
    let (status, body) = confirm(&app, "onbekend").await;
    assert_eq!(status, 404);
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("Deze bevestigingslink")
    );
    assert_eq!(
        app.count("SELECT COUNT(*) FROM selftest_results WHERE email IS NOT NULL")
            .await,
        0
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM outbox").await, 0);
}

async fn only_an_admin_reaches_the_admin_routes(engine: Engine) {
    let app = spawn_app(engine).await;
    let draft = test_definition(&app).await;
    for (method, path, body) in [
        (Method::GET, "/api/admin/selftest", None),
        (Method::PUT, "/api/admin/selftest", Some(draft)),
        (
            Method::POST,
            "/api/admin/selftest/preview",
            Some(json!({"answers": []})),
        ),
        (Method::POST, "/api/admin/selftest/publish", None),
        (Method::GET, "/api/admin/selftest/versions/1", None),
    ] {
        let mut request = app.client.request(method.clone(), app.url(path));
        if let Some(body) = body {
            request = request.json(&body);
        }
        let res = request.send().await.unwrap();
        assert_eq!(res.status(), 401, "{method} {path}");
    }
    assert_eq!(app.count("SELECT COUNT(*) FROM selftest_draft").await, 0);
    assert_eq!(app.count("SELECT COUNT(*) FROM selftest_versions").await, 0);
}

async fn her_own_test_takes_over_the_quiz_link_once_published(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let (_, mut settings) = app
        .admin_send(&token, Method::GET, "/api/admin/settings", None)
        .await;
    assert_eq!(settings["selftest_own"], false);
    settings["selftest_own"] = json!(true);
    let (status, saved) = app
        .admin_send(&token, Method::PUT, "/api/admin/settings", Some(settings))
        .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["selftest_own"], true);
    let (_, admin) = app
        .admin_send(&token, Method::GET, "/api/admin/selftest", None)
        .await;
    assert_eq!(admin["own_test"], true);

    // Chosen but nothing published yet: still the external quiz.
    let html = app.get("/contact").await.text().await.unwrap();
    assert_eq!(live(&html)["quizUrl"], "https://quiz.inlumine.be/zelftest");

    let draft = test_definition(&app).await;
    published(&app, &token, &draft).await;
    let html = app.get("/contact").await.text().await.unwrap();
    assert_eq!(live(&html)["quizUrl"], "/wees-eerlijk/zelftest");
}

async fn an_unconfirmed_mail_request_loses_its_address_after_30_days(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let draft = test_definition(&app).await;
    published(&app, &token, &draft).await;
    let (old, _) = submit(&app, 1, &[0, 0, 0, 0, 0, 0]).await;
    let (recent, _) = submit(&app, 1, &[4, 4, 4, 4, 4, 4]).await;
    ask_by_mail(&app, &old, true).await;
    let res = app
        .post_json(
            &format!("/api/selftest/results/{recent}/mail"),
            &json!({"email": "piet@example.be", "newsletter": false}),
        )
        .await;
    assert_eq!(res.status(), 202);
    sqlx::query("UPDATE selftest_results SET mail_requested_at = $1 WHERE email_normalized = $2")
        .bind(inlumine::kit::db::format_ts(
            Timestamp::now() - SignedDuration::from_hours(24 * 31),
        ))
        .bind(VISITOR)
        .execute(&app.pool)
        .await
        .unwrap();
    let purged = inlumine::platform::retention::purge(&app.pool, Timestamp::now())
        .await
        .unwrap();
    assert_eq!(purged.unconfirmed_selftest_mails, 1);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM selftest_results WHERE email IS NOT NULL")
            .await,
        1
    );
    // The old result stays, anonymous; its link to confirm no longer works.
    let kept = result(&app, &old).await;
    assert_eq!(kept["mail"], "none");
    assert_eq!(result(&app, &recent).await["mail"], "pending");
}

/// The results of version 1 as Beheer > Zelftest counts them, and the self-tests completed in
/// the funnel of the last 90 days.
async fn counted(app: &TestApp, token: &str) -> (i64, i64) {
    let (_, admin) = app
        .admin_send(token, Method::GET, "/api/admin/selftest", None)
        .await;
    let results = admin["published"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["version"] == 1)
        .unwrap()["results"]
        .as_i64()
        .unwrap();
    let (status, visitors) = app
        .admin_send(token, Method::GET, "/api/admin/visitors?days=90", None)
        .await;
    assert_eq!(status, 200, "{visitors}");
    let completed = visitors["funnel"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["selftest_completed"].as_i64().unwrap())
        .sum();
    (results, completed)
}

async fn an_anonymous_result_is_only_a_count_after_30_days(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let draft = test_definition(&app).await;
    published(&app, &token, &draft).await;
    let mut primaries = std::collections::BTreeMap::<String, i64>::new();
    let mut first = String::new();
    for answers in [[4, 4, 4, 0, 0, 0], [4, 4, 3, 0, 0, 0], [0, 0, 0, 0, 0, 0]] {
        let (token, result) = submit(&app, 1, &answers).await;
        *primaries
            .entry(profile_ids(&result)[0].to_string())
            .or_default() += 1;
        if first.is_empty() {
            first = token;
        }
    }
    assert_eq!(primaries["zelfbeeld-hoog"], 2, "{primaries:?}");
    // One asks for hers by mail today: she keeps her row.
    let (asked, _) = submit(&app, 1, &[4, 4, 4, 4, 4, 4]).await;
    ask_by_mail(&app, &asked, false).await;
    // All four were made 31 days ago (in the middle of a Brussels day).
    let made = Timestamp::now() - SignedDuration::from_hours(24 * 31);
    sqlx::query("UPDATE selftest_results SET created_at = $1")
        .bind(inlumine::kit::db::format_ts(made))
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(counted(&app, &token).await, (4, 4));

    let purged = inlumine::platform::retention::purge(&app.pool, Timestamp::now())
        .await
        .unwrap();
    assert_eq!(purged.anonymous_selftest_results, 3);
    // Only her row is left: no answers, scores or link of the others, just their counts.
    assert_eq!(app.count("SELECT COUNT(*) FROM selftest_results").await, 1);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM selftest_results WHERE email IS NOT NULL")
            .await,
        1
    );
    let counts: Vec<(String, String, i64)> = sqlx::query(
        "SELECT day, profile_id, CAST(count AS BIGINT) AS n FROM selftest_result_counts \
         ORDER BY profile_id",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap()
    .iter()
    .map(|row| {
        (
            row.try_get("day").unwrap(),
            row.try_get("profile_id").unwrap(),
            row.try_get("n").unwrap(),
        )
    })
    .collect();
    let day = inlumine::kit::brussels::at(made).date().to_string();
    let expected: Vec<(String, String, i64)> = primaries
        .into_iter()
        .map(|(profile, n)| (day.clone(), profile, n))
        .collect();
    assert_eq!(counts, expected);
    // The coach's figures are the same as before.
    assert_eq!(counted(&app, &token).await, (4, 4));
    // The old link says so in Dutch; hers still opens.
    let res = app.get(&format!("/api/selftest/results/{first}")).await;
    assert_eq!(res.status(), 404);
    let body: Value = res.json().await.unwrap();
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("bewaren we 30 dagen"),
        "{body}"
    );
    result(&app, &asked).await;
    // A second pass changes nothing.
    let again = inlumine::platform::retention::purge(&app.pool, Timestamp::now())
        .await
        .unwrap();
    assert_eq!(again.anonymous_selftest_results, 0);
    assert_eq!(counted(&app, &token).await, (4, 4));
}

async fn the_demo_has_a_published_test_with_three_themes_that_a_visitor_can_take(engine: Engine) {
    let app = spawn_app(engine).await;
    assert!(inlumine::app::seed::seed_demo(&app.pool).await.unwrap());
    let res = app.get("/api/selftest").await;
    assert_eq!(res.status(), 200);
    let test: Value = res.json().await.unwrap();
    assert_eq!(test["themes"].as_array().unwrap().len(), 3, "{test}");
    let questions = test["questions"].as_array().unwrap();
    assert!(questions.len() >= 6, "{test}");
    // Every theme has its profiles: the lowest and the highest answers each give one.
    for pick in [0, usize::MAX] {
        let answers: Vec<i64> = questions
            .iter()
            .map(|q| {
                let choices = q["choices"].as_array().unwrap().len();
                pick.min(choices - 1) as i64
            })
            .collect();
        let (_, result) = submit(&app, test["version"].as_i64().unwrap(), &answers).await;
        assert_eq!(
            result["themes"].as_array().map(Vec::len),
            Some(3),
            "{result}"
        );
        assert!(!profile_ids(&result).is_empty(), "{result}");
    }
    // "Doe de test" leads to it: Instellingen has her own test chosen (read by a server at its
    // start, as `make run` seeds before it serves).
    assert_eq!(
        app.count("SELECT COUNT(*) FROM settings WHERE selftest_own = 1")
            .await,
        1
    );
}
