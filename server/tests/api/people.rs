//! People (GDPR): search, timeline, export and erasure of one visitor across every table.
use reqwest::Method;
use serde_json::{Value, json};
use sqlx::{AssertSqlSafe, Row};

use crate::commerce::{evening, order_body, press, seats_taken, started};
use crate::helpers::{ADMIN_EMAIL, Engine, TestApp, spawn_app};
use crate::intro_calls::{availability, every_day, flat_slots, set_availability};

both_engines!(
    erasing_a_person_leaves_no_trace_but_the_anonymised_paid_order_and_a_record,
    people_are_found_by_any_name_or_address_and_bad_input_is_refused,
    only_admins_reach_the_people_pages,
    a_subscriber_can_be_deleted_from_the_list,
);

const EMAIL: &str = "Marieke.V@Example.be";
const FIRST: &str = "Marieke";
const LAST: &str = "Vandenbroucke";
const PHONE: &str = "0478 11 22 33";
const COMPANY: &str = "Atelier Zonnebloem";
const VAT: &str = "BE0811222381";
const MESSAGE: &str = "Ik zoek rust in mijn hoofd na een zware winter vol twijfel.";
const QUESTION: &str = "Kan het gesprek ook op een zaterdagvoormiddag?";

/// Leaves this person's data in all six places; returns (evening id, webinar id).
async fn leave_traces(app: &TestApp, token: &str) -> (i64, i64) {
    let name = format!("{FIRST} {LAST}");
    let res = app
        .post_json(
            "/api/newsletter",
            &json!({"firstName": FIRST, "email": EMAIL}),
        )
        .await;
    assert_eq!(res.status(), 200);

    let evening_id = evening(app, 10).await;
    let mut body = order_body("vertelavond", Some(evening_id), 1);
    body["first_name"] = json!(FIRST);
    body["last_name"] = json!(LAST);
    body["email"] = json!(EMAIL);
    body["phone"] = json!(PHONE);
    body["company"] = json!(COMPANY);
    body["vat_number"] = json!(VAT);
    // A company's invoice needs its address.
    body["street"] = json!("Lichtlaan 7");
    body["postal_code"] = json!("2000");
    body["city"] = json!("Antwerpen");
    body["country"] = json!("BE");
    let (_, reference) = started(app, &body).await;
    press(app, &reference, "paid").await;
    // A second attempt she gave up on: never paid, so it may go.
    let mut gave_up = body.clone();
    gave_up["idempotency_key"] = json!("test-gave-up-0000000001");
    let (_, reference) = started(app, &gave_up).await;
    press(app, &reference, "cancelled").await;

    set_availability(
        app,
        token,
        availability(every_day("09:00", "17:00"), 24, 0, 2),
    )
    .await;
    let (_, _, slot) = flat_slots(app).await.remove(0);
    let res = app
        .post_json(
            "/api/intro-calls",
            &json!({"starts_at": slot, "mode": "phone", "name": name, "email": EMAIL,
                    "phone": PHONE, "question": QUESTION}),
        )
        .await;
    assert_eq!(res.status(), 201);

    let res = app
        .post_json(
            "/api/contact",
            &json!({"name": name, "email": EMAIL, "phone": PHONE, "subject": "coaching",
                    "message": MESSAGE, "privacy_consent": true}),
        )
        .await;
    assert_eq!(res.status(), 200);

    let webinar_id = app
        .insert_webinar(
            jiff::Timestamp::now() + jiff::SignedDuration::from_hours(24 * 7),
            20,
            0,
            "published",
        )
        .await;
    let res = app
        .post_json(
            &format!("/api/webinars/{webinar_id}/registrations"),
            &json!({"name": name, "email": EMAIL}),
        )
        .await;
    assert_eq!(res.status(), 200);
    (evening_id, webinar_id)
}

/// Every text column of every table, read from the database's own catalogue.
async fn text_columns(app: &TestApp, engine: Engine) -> Vec<(String, String)> {
    match engine {
        Engine::Sqlite => {
            let tables = sqlx::query(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
            )
            .fetch_all(&app.pool)
            .await
            .unwrap();
            let mut columns = Vec::new();
            for table in tables {
                let table: String = table.try_get("name").unwrap();
                let rows = sqlx::query("SELECT name, type FROM pragma_table_info($1)")
                    .bind(&table)
                    .fetch_all(&app.pool)
                    .await
                    .unwrap();
                for row in rows {
                    let kind: String = row.try_get("type").unwrap();
                    if kind.eq_ignore_ascii_case("TEXT") {
                        columns.push((table.clone(), row.try_get("name").unwrap()));
                    }
                }
            }
            columns
        }
        Engine::Postgres => sqlx::query(
            "SELECT table_name::TEXT AS t, column_name::TEXT AS c FROM information_schema.columns \
             WHERE table_schema = 'public' AND data_type IN ('text', 'character varying')",
        )
        .fetch_all(&app.pool)
        .await
        .unwrap()
        .iter()
        .map(|r| (r.try_get("t").unwrap(), r.try_get("c").unwrap()))
        .collect(),
    }
}

/// Where (table.column) any of `needles` (lower-case) still occurs.
async fn traces(app: &TestApp, engine: Engine, needles: &[String]) -> Vec<String> {
    let columns = text_columns(app, engine).await;
    assert!(columns.len() > 40, "the catalogue lists the text columns");
    let mut found = Vec::new();
    for (table, column) in columns {
        for needle in needles {
            let n: i64 = sqlx::query(AssertSqlSafe(format!(
                "SELECT COUNT(*) FROM \"{table}\" WHERE LOWER(\"{column}\") LIKE $1"
            )))
            .bind(format!("%{needle}%"))
            .fetch_one(&app.pool)
            .await
            .unwrap()
            .try_get(0)
            .unwrap();
            if n > 0 {
                found.push(format!("{table}.{column} holds {needle:?}"));
            }
        }
    }
    found
}

async fn export(app: &TestApp, token: &str, format: &str) -> reqwest::Response {
    app.authed(
        Method::GET,
        &format!("/api/admin/people/export?email={EMAIL}&format={format}"),
        token,
    )
    .send()
    .await
    .unwrap()
}

async fn erasing_a_person_leaves_no_trace_but_the_anonymised_paid_order_and_a_record(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let (evening_id, webinar_id) = leave_traces(&app, &token).await;
    // The mails went out (sent rows in the outbox), and one still waits: both are traces.
    app.wait_for_mails_to(EMAIL, 5).await;

    // The export before: every kind of record, every field.
    let res = export(&app, &token, "json").await;
    assert_eq!(res.status(), 200);
    assert!(
        res.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .contains("attachment")
    );
    let exported: Value = res.json().await.unwrap();
    let records = &exported["records"];
    for kind in [
        "subscriber",
        "order",
        "ticket",
        "webinar_registration",
        "intro_call",
        "contact_message",
        "email",
    ] {
        assert!(
            !records[kind].as_array().unwrap().is_empty(),
            "the export holds {kind}: {exported}"
        );
    }
    assert_eq!(records["order"].as_array().unwrap().len(), 2);
    assert_eq!(records["contact_message"][0]["message"], MESSAGE);
    assert_eq!(records["intro_call"][0]["question"], QUESTION);
    assert_eq!(records["order"][0]["vat_number"], VAT);
    assert!(
        records["subscriber"][0]
            .get("unsubscribe_token_hash")
            .is_none()
    );
    let html = export(&app, &token, "html").await;
    assert_eq!(html.status(), 200);
    assert!(
        html.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    let html = html.text().await.unwrap();
    assert!(html.contains("lang=\"nl-BE\""));
    assert!(html.contains("Kennismakingsgesprekken") && html.contains(MESSAGE));

    // The timeline: the same records, newest first, with links to their admin pages.
    let (status, timeline) = app
        .admin_send(
            &token,
            Method::GET,
            &format!("/api/admin/people/timeline?email={}", EMAIL.to_uppercase()),
            None,
        )
        .await;
    assert_eq!(status, 200, "{timeline}");
    assert_eq!(timeline["email"], EMAIL.to_lowercase());
    let entries = timeline["entries"].as_array().unwrap();
    let times: Vec<&str> = entries.iter().map(|e| e["at"].as_str().unwrap()).collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "newest first");
    assert!(entries.iter().any(|e| {
        e["kind"] == "order"
            && e["link"]
                .as_str()
                .unwrap()
                .starts_with("/admin/orders?bestelling=")
    }));

    let stored_phone: String = sqlx::query("SELECT phone FROM contact_messages")
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    let needles: Vec<String> = [
        EMAIL,
        FIRST,
        LAST,
        PHONE,
        &stored_phone,
        "478112233",
        COMPANY,
        VAT,
        MESSAGE,
        QUESTION,
    ]
    .iter()
    .map(|n| n.to_lowercase())
    .collect();
    assert!(
        !traces(&app, engine, &needles).await.is_empty(),
        "the scan finds the traces before"
    );
    let evening_seats = seats_taken(&app, evening_id).await;
    assert_eq!(evening_seats, 1);
    assert_eq!(seats_taken(&app, webinar_id).await, 1);

    // The wrong confirmation erases nothing.
    let (status, body) = app
        .admin_send(
            &token,
            Method::POST,
            "/api/admin/people/erase",
            Some(json!({"email": EMAIL, "confirmation": "iemand@example.be"})),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("bevestiging")
    );

    let (status, erased) = app
        .admin_send(
            &token,
            Method::POST,
            "/api/admin/people/erase",
            Some(json!({"email": EMAIL, "confirmation": EMAIL.to_lowercase()})),
        )
        .await;
    assert_eq!(status, 200, "{erased}");
    let counts = &erased["counts"];
    assert_eq!(counts["subscribers"], 1);
    assert_eq!(counts["orders_anonymised"], 1);
    assert_eq!(counts["orders_deleted"], 1);
    assert_eq!(counts["tickets_anonymised"], 1);
    assert_eq!(counts["webinar_registrations"], 1);
    assert_eq!(counts["intro_calls"], 1);
    assert_eq!(counts["contact_messages"], 1);
    assert!(counts["emails"].as_u64().unwrap() >= 5);
    assert_eq!(erased["erased_by"], ADMIN_EMAIL);

    // Nothing of her is left in any table but her issued invoice: the law keeps it unchanged
    // for ten years (Belgian VAT code), which GDPR art. 17(3)(b) exempts from erasure.
    let (kept, left): (Vec<String>, Vec<String>) = traces(&app, engine, &needles)
        .await
        .into_iter()
        .partition(|trace| trace.starts_with("invoices."));
    assert!(left.is_empty(), "traces left after erasing: {left:#?}");
    assert!(
        kept.iter().any(|t| t.starts_with("invoices.buyer_company")),
        "the issued invoice stays as it was: {kept:#?}"
    );

    // The paid order stays for the accounts, its ticket keeps its seat; the webinar seat is free.
    let row =
        sqlx::query("SELECT status, total_cents, quantity, paid_at, first_name, email FROM orders")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(row.try_get::<String, _>("status").unwrap(), "paid");
    assert_eq!(row.try_get::<i64, _>("total_cents").unwrap(), 3500);
    assert!(
        row.try_get::<Option<String>, _>("paid_at")
            .unwrap()
            .is_some()
    );
    assert_eq!(row.try_get::<String, _>("email").unwrap(), "");
    assert_eq!(
        app.count("SELECT COUNT(*) FROM tickets WHERE status = 'valid' AND order_id IS NOT NULL")
            .await,
        1
    );
    assert_eq!(seats_taken(&app, evening_id).await, evening_seats);
    assert_eq!(seats_taken(&app, webinar_id).await, 0);

    // The record says when and by whom, and counts; the person is gone from the pages.
    let (status, list) = app
        .admin_send(&token, Method::GET, "/api/admin/people/erasures", None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(list["total"], 1);
    assert_eq!(list["items"][0]["counts"]["intro_calls"], 1);
    assert_eq!(export(&app, &token, "json").await.status(), 404);
    let (_, timeline) = app
        .admin_send(
            &token,
            Method::GET,
            &format!("/api/admin/people/timeline?email={EMAIL}"),
            None,
        )
        .await;
    assert!(timeline["entries"].as_array().unwrap().is_empty());
    let (status, _) = app
        .admin_send(
            &token,
            Method::POST,
            "/api/admin/people/erase",
            Some(json!({"email": EMAIL, "confirmation": EMAIL})),
        )
        .await;
    assert_eq!(status, 404, "nothing left to erase");
}

async fn people_are_found_by_any_name_or_address_and_bad_input_is_refused(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    leave_traces(&app, &token).await;
    app.post_json(
        "/api/newsletter",
        &json!({"firstName": "Jan", "email": "jan@example.be"}),
    )
    .await;

    for q in ["vandenbroucke", "MARIEKE.V@", "example.be"] {
        let (status, page) = app
            .admin_send(
                &token,
                Method::GET,
                &format!("/api/admin/people?q={q}"),
                None,
            )
            .await;
        assert_eq!(status, 200, "{page}");
        let emails: Vec<&str> = page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["email"].as_str().unwrap())
            .collect();
        assert!(
            emails.iter().any(|e| e.eq_ignore_ascii_case(EMAIL)),
            "{q} finds her: {page}"
        );
        if q != "example.be" {
            assert_eq!(page["total"], 1, "{q}: one person, however many records");
        }
    }
    let (_, page) = app
        .admin_send(
            &token,
            Method::GET,
            "/api/admin/people?per_page=1&page=2",
            None,
        )
        .await;
    assert_eq!(page["total"], 2);
    assert_eq!(page["items"].as_array().unwrap().len(), 1);

    for path in [
        "/api/admin/people/timeline?email=geen-adres",
        "/api/admin/people/timeline",
        "/api/admin/people/export?email=marieke@example.be&format=pdf",
    ] {
        let (status, body) = app.admin_send(&token, Method::GET, path, None).await;
        assert_eq!(status, 422, "{path}: {body}");
        assert!(!body["error"]["message"].as_str().unwrap().is_empty());
    }
    let (status, body) = app
        .admin_send(
            &token,
            Method::GET,
            "/api/admin/people/export?email=niemand@example.be",
            None,
        )
        .await;
    assert_eq!(status, 404);
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("geen gegevens")
    );
    for body in [
        json!({"email": "", "confirmation": ""}),
        json!({"email": "geen-adres", "confirmation": "geen-adres"}),
    ] {
        let (status, answer) = app
            .admin_send(&token, Method::POST, "/api/admin/people/erase", Some(body))
            .await;
        assert_eq!(status, 422, "{answer}");
    }
    let res = app
        .authed(Method::POST, "/api/admin/people/erase", &token)
        .header("content-type", "application/json")
        .body("{niet json")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    // The coach's own account is not erased this way.
    let (status, body) = app
        .admin_send(
            &token,
            Method::POST,
            "/api/admin/people/erase",
            Some(json!({"email": ADMIN_EMAIL, "confirmation": ADMIN_EMAIL})),
        )
        .await;
    assert_eq!(status, 409, "{body}");
}

async fn only_admins_reach_the_people_pages(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    leave_traces(&app, &token).await;
    sqlx::query("UPDATE users SET role = 'user'")
        .execute(&app.pool)
        .await
        .unwrap();
    let paths = [
        (Method::GET, "/api/admin/people"),
        (
            Method::GET,
            "/api/admin/people/timeline?email=marieke.v@example.be",
        ),
        (
            Method::GET,
            "/api/admin/people/export?email=marieke.v@example.be",
        ),
        (Method::GET, "/api/admin/people/erasures"),
        (Method::POST, "/api/admin/people/erase"),
        (Method::DELETE, "/api/admin/subscribers/1"),
    ];
    for (method, path) in paths {
        let anonymous = app
            .client
            .request(method.clone(), app.url(path))
            .json(&json!({"email": EMAIL, "confirmation": EMAIL}))
            .send()
            .await
            .unwrap();
        assert_eq!(anonymous.status(), 401, "{path} without a token");
        let (status, _) = app
            .admin_send(
                &token,
                method,
                path,
                Some(json!({"email": EMAIL, "confirmation": EMAIL})),
            )
            .await;
        assert_eq!(status, 403, "{path} as a non-admin");
    }
    assert_eq!(
        app.count("SELECT COUNT(*) FROM contact_messages").await,
        1,
        "nothing was erased"
    );
    assert_eq!(
        app.count("SELECT COUNT(*) FROM newsletter_subscribers")
            .await,
        1
    );
}

async fn a_subscriber_can_be_deleted_from_the_list(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    app.post_json(
        "/api/newsletter",
        &json!({"firstName": FIRST, "email": EMAIL}),
    )
    .await;
    let id: i64 = sqlx::query("SELECT id FROM newsletter_subscribers")
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    let path = format!("/api/admin/subscribers/{id}");
    let (status, _) = app.admin_send(&token, Method::DELETE, &path, None).await;
    assert_eq!(status, 204);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM newsletter_subscribers")
            .await,
        0
    );
    let (status, body) = app.admin_send(&token, Method::DELETE, &path, None).await;
    assert_eq!(status, 404);
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("bestaat niet")
    );
    let (status, _) = app
        .admin_send(&token, Method::DELETE, "/api/admin/subscribers/abc", None)
        .await;
    assert_eq!(status, 404);
}
