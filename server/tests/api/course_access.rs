//! The course platform checks a buyer's access code (`POST /api/course-access/check`): valid only
//! for a paid course order of that e-mail address, and no longer once the coach refunds it.
use reqwest::Method;
use serde_json::{Value, json};
use sqlx::Row;

use crate::commerce::{order_body, press, started};
use crate::helpers::{Engine, TestApp, generous_limits, spawn_app_with};

both_engines!(
    a_course_code_is_valid_for_its_buyer_until_the_coach_refunds_the_order,
    a_malformed_code_check_is_refused_with_a_dutch_message,
    code_checks_answer_429_past_the_limit_per_address,
);

const CHECK: &str = "/api/course-access/check";

/// A code of the right shape that no order has (the odds of a clash are 2^-59).
const MADE_UP: &str = "2345-6789-ABCD";

/// A paid course order of `email`: its row id and its code as mailed (`XXXX-XXXX-XXXX`).
async fn bought(app: &TestApp, token: &str, email: &str) -> (i64, String) {
    let mut body = order_body("spiegelgevecht", None, 1);
    body["email"] = json!(email);
    let (public_id, reference) = started(app, &body).await;
    press(app, &reference, "paid").await;
    let id: i64 = sqlx::query("SELECT id FROM orders WHERE public_id = $1")
        .bind(&public_id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .get(0);
    let (status, enrolment) = app
        .admin_send(
            token,
            Method::GET,
            &format!("/api/admin/orders/{id}/enrolment"),
            None,
        )
        .await;
    assert_eq!(status, 200, "{enrolment}");
    assert_eq!(enrolment["method"], "access_code");
    (id, enrolment["access_code"].as_str().unwrap().to_string())
}

/// The platform's question: status and answer.
async fn check(app: &TestApp, code: &str, email: &str) -> (u16, Value) {
    check_body(app, &json!({"code": code, "email": email})).await
}

async fn check_body(app: &TestApp, body: &Value) -> (u16, Value) {
    let res = app.post_json(CHECK, body).await;
    let status = res.status().as_u16();
    (status, res.json().await.unwrap())
}

fn refused(reason: &str) -> Value {
    json!({"valid": false, "reason": reason})
}

async fn a_course_code_is_valid_for_its_buyer_until_the_coach_refunds_the_order(engine: Engine) {
    let app = spawn_app_with(engine, generous_limits).await;
    let token = app.admin_token().await;
    let (sofie_order, sofie) = bought(&app, &token, "sofie@example.be").await;
    let (_, jan) = bought(&app, &token, "Jan.Claes@example.be").await;
    assert_ne!(sofie, jan);
    let name: String = sqlx::query("SELECT name FROM products WHERE slug = 'spiegelgevecht'")
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .get(0);
    let valid = json!({"valid": true, "course": {"slug": "spiegelgevecht", "name": name}});

    // Her code with her address: as mailed, without dashes, in any case, with spaces around.
    let bare = sofie.replace('-', "");
    for (code, email) in [
        (sofie.clone(), "sofie@example.be"),
        (bare.to_lowercase(), "SOFIE@Example.BE"),
        (format!(" {} ", sofie.to_lowercase()), " Sofie@example.be "),
        (bare.clone(), "sofie@EXAMPLE.be"),
    ] {
        assert_eq!(
            check(&app, &code, email).await,
            (200, valid.clone()),
            "{code} for {email}"
        );
    }
    // Jan's order stored his address as he typed it; any case matches.
    assert_eq!(
        check(&app, &jan, "jan.claes@example.be").await,
        (200, valid.clone())
    );

    // Another address, another buyer's code, or a made-up code: all one answer, so nobody learns
    // that a code exists.
    let unknown = (200, refused("unknown"));
    assert_eq!(check(&app, &sofie, "ander@example.be").await, unknown);
    assert_eq!(check(&app, &sofie, "jan.claes@example.be").await, unknown);
    assert_eq!(check(&app, &jan, "sofie@example.be").await, unknown);
    assert_eq!(check(&app, MADE_UP, "sofie@example.be").await, unknown);

    // The coach refunds Sofie's order: her code stops working; Jan's keeps working.
    let (status, refund) = app
        .admin_send(
            &token,
            Method::POST,
            &format!("/api/admin/orders/{sofie_order}/refund"),
            None,
        )
        .await;
    assert_eq!(status, 200, "{refund}");
    let revoked = (200, refused("revoked"));
    assert_eq!(check(&app, &sofie, "sofie@example.be").await, revoked);
    assert_eq!(
        check(&app, &bare.to_lowercase(), "SOFIE@example.be").await,
        revoked
    );
    assert_eq!(
        check(&app, &sofie, "ander@example.be").await,
        unknown,
        "a refunded code for another address tells nothing either"
    );
    assert_eq!(
        check(&app, &jan, "jan.claes@example.be").await,
        (200, valid.clone())
    );

    // The enrolment's revocation decides, whatever the order's status says.
    sqlx::query("UPDATE orders SET status = 'paid' WHERE id = $1")
        .bind(sofie_order)
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(check(&app, &sofie, "sofie@example.be").await, revoked);
    // And it is what withdrew the access: without it the code would still open the course.
    sqlx::query("UPDATE course_enrolments SET revoked_at = NULL WHERE order_id = $1")
        .bind(sofie_order)
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(check(&app, &sofie, "sofie@example.be").await, (200, valid));
}

async fn a_malformed_code_check_is_refused_with_a_dutch_message(engine: Engine) {
    let app = spawn_app_with(engine, generous_limits).await;
    let token = app.admin_token().await;
    let (_, code) = bought(&app, &token, "sofie@example.be").await;
    let cases = [
        (
            json!({"code": "", "email": "sofie@example.be"}),
            "code",
            "Vul een toegangscode in.",
        ),
        (
            json!({"email": "sofie@example.be"}),
            "code",
            "Vul een toegangscode in.",
        ),
        (
            json!({"code": "K7QF-M2XD", "email": "sofie@example.be"}),
            "code",
            "Een toegangscode heeft 12 letters en cijfers, zoals K7QF-M2XD-9TPA.",
        ),
        (
            // 0 and O are never in a code.
            json!({"code": "K7QF-M2XD-9TP0", "email": "sofie@example.be"}),
            "code",
            "Een toegangscode heeft 12 letters en cijfers, zoals K7QF-M2XD-9TPA.",
        ),
        (
            json!({"code": format!("{code}-{code}"), "email": "sofie@example.be"}),
            "code",
            "Een toegangscode heeft 12 letters en cijfers, zoals K7QF-M2XD-9TPA.",
        ),
        (
            json!({"code": code, "email": "sofie"}),
            "email",
            "Vul een geldig e-mailadres in.",
        ),
        (
            json!({"code": code}),
            "email",
            "Vul een geldig e-mailadres in.",
        ),
    ];
    for (body, field, message) in cases {
        let (status, answer) = check_body(&app, &body).await;
        assert_eq!(status, 422, "{body}: {answer}");
        assert_eq!(answer["error"]["code"], "validation", "{answer}");
        assert_eq!(
            answer["error"]["fields"][field], message,
            "{body}: {answer}"
        );
    }
    // Both wrong: both fields say so.
    let (status, answer) = check_body(&app, &json!({})).await;
    assert_eq!(status, 422);
    assert!(answer["error"]["fields"]["code"].is_string(), "{answer}");
    assert!(answer["error"]["fields"]["email"].is_string(), "{answer}");
    // A body that is not JSON, or of the wrong types, is refused in Dutch as well.
    let res = app
        .client
        .post(app.url(CHECK))
        .header("content-type", "application/json")
        .body("{\"code")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    let answer: Value = res.json().await.unwrap();
    assert!(!answer["error"]["message"].as_str().unwrap().is_empty());
    let (status, _) = check_body(&app, &json!({"code": 42, "email": []})).await;
    assert_eq!(status, 422);
}

async fn code_checks_answer_429_past_the_limit_per_address(engine: Engine) {
    let app = spawn_app_with(engine, |s| {
        generous_limits(s);
        s.limits.course_access_checks_per_ip_per_hour = 3;
        s.auth.trust_forwarded_for = true;
    })
    .await;
    let token = app.admin_token().await;
    let (_, code) = bought(&app, &token, "sofie@example.be").await;
    let send = async |ip: &str, body: Value| {
        let res = app
            .client
            .post(app.url(CHECK))
            .header("x-forwarded-for", ip)
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = res.status().as_u16();
        let retry = res
            .headers()
            .get("retry-after")
            .map(|v| v.to_str().unwrap().parse::<u64>().unwrap());
        (status, retry, res.json::<Value>().await.unwrap())
    };
    // Every try counts, right, wrong or malformed.
    let ip = "198.51.100.7";
    let tries = [
        json!({"code": MADE_UP, "email": "sofie@example.be"}),
        json!({"code": "fout", "email": "sofie@example.be"}),
        json!({"code": code, "email": "sofie@example.be"}),
    ];
    let expected = [200, 422, 200];
    for (body, status) in tries.into_iter().zip(expected) {
        assert_eq!(send(ip, body).await.0, status);
    }
    // Past the limit even her own valid code waits.
    let (status, retry, answer) =
        send(ip, json!({"code": code, "email": "sofie@example.be"})).await;
    assert_eq!(status, 429, "{answer}");
    let secs = retry.expect("Retry-After");
    assert!((1..=3600).contains(&secs), "Retry-After {secs}");
    assert_eq!(answer["error"]["code"], "rate_limited");
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("Wacht een momentje"),
        "{answer}"
    );
    // Another address is not held back.
    let (status, _, answer) = send(
        "198.51.100.8",
        json!({"code": code, "email": "sofie@example.be"}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(answer["valid"], true);
}
