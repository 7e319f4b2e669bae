//! People (GDPR): search, timeline, export and erasure of one visitor across every table.
use reqwest::Method;
use serde_json::{Value, json};
use sqlx::{AssertSqlSafe, Row};

use crate::campaigns::{create_campaign, insert_subscriber, send_now, wait_until_sent};
use crate::commerce::{evening, order_body, press, seats_taken, started};
use crate::helpers::{ADMIN_EMAIL, Engine, TestApp, spawn_app, spawn_app_with};
use crate::intro_calls::{availability, every_day, flat_slots, set_availability};

both_engines!(
    erasing_a_person_leaves_nothing_but_what_the_registry_allows_and_sends_go_on_without_her,
    a_person_only_on_a_waiting_list_is_found_exported_and_erased,
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
const STREET: &str = "Lichtlaan 7";
/// Another buyer for the same evening, who stays.
const OTHER: &str = "jan.claes@example.be";
const COACH: &str = "hallo@inlumine.be";

/// Leaves this person's data everywhere a visitor can: a (confirmed) subscription, a paid and a
/// given-up order with invoice and billing address, an intro call, a message, a webinar
/// registration and a place on a waiting list, each told to the coach in her daily summary
/// (so kept as notices). Returns (evening id, webinar id).
async fn leave_traces(app: &TestApp, token: &str) -> (i64, i64) {
    let name = format!("{FIRST} {LAST}");
    let (status, saved) = app
        .admin_send(
            token,
            Method::PUT,
            "/api/admin/notifications",
            Some(
                json!({"orders": "daily", "bookings": "daily", "webinars": "daily",
                        "intro_calls": "daily", "summary_time": "00:00", "meeting_url": ""}),
            ),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
    let res = app
        .post_json(
            "/api/newsletter",
            &json!({"firstName": FIRST, "email": EMAIL}),
        )
        .await;
    assert_eq!(res.status(), 200);
    // As if she clicked the link in the confirmation mail.
    sqlx::query(
        "UPDATE newsletter_subscribers SET status = 'confirmed', confirmed_at = updated_at",
    )
    .execute(&app.pool)
    .await
    .unwrap();

    let evening_id = evening(app, 10).await;
    let mut body = order_body("vertelavond", Some(evening_id), 1);
    body["first_name"] = json!(FIRST);
    body["last_name"] = json!(LAST);
    body["email"] = json!(EMAIL);
    body["phone"] = json!(PHONE);
    body["company"] = json!(COMPANY);
    body["vat_number"] = json!(VAT);
    // A company's invoice needs its address.
    body["street"] = json!(STREET);
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

    join_waiting_list(app, &name, EMAIL).await;
    (evening_id, webinar_id)
}

/// `name` at `email` waits for a sold-out evening (its one seat sold to someone else).
async fn join_waiting_list(app: &TestApp, name: &str, email: &str) -> i64 {
    let full = evening(app, 1).await;
    let (_, reference) = started(app, &order_body("vertelavond", Some(full), 1)).await;
    press(app, &reference, "paid").await;
    let res = app
        .post_json(
            &format!("/api/events/{full}/waitlist"),
            &json!({"name": name, "email": email}),
        )
        .await;
    let status = res.status();
    let body: Value = res.json().await.unwrap();
    assert_eq!(status, 200, "{body}");
    full
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

/// Where (table, column, needle) any of `needles` (lower-case) still occurs.
async fn traces(
    app: &TestApp,
    engine: Engine,
    needles: &[String],
) -> Vec<(String, String, String)> {
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
                found.push((table.clone(), column.clone(), needle.clone()));
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

async fn admin_post(app: &TestApp, token: &str, path: &str, body: Value) -> (u16, Value) {
    app.admin_send(token, Method::POST, path, Some(body)).await
}

async fn erase(app: &TestApp, token: &str, email: &str) -> Value {
    let (status, erased) = admin_post(
        app,
        token,
        "/api/admin/people/erase",
        json!({"email": email, "confirmation": email.to_lowercase()}),
    )
    .await;
    assert_eq!(status, 200, "{erased}");
    erased
}

/// Her row of a campaign's recipients (by the address, before the erasure; by id after).
async fn recipient_status(app: &TestApp, id: i64) -> String {
    sqlx::query("SELECT status FROM campaign_recipients WHERE id = $1")
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap()
}

async fn erasing_a_person_leaves_nothing_but_what_the_registry_allows_and_sends_go_on_without_her(
    engine: Engine,
) {
    let app = spawn_app_with(engine, |s| s.notifications.summary_check_secs = 1).await;
    let token = app.admin_token().await;
    let (evening_id, webinar_id) = leave_traces(&app, &token).await;
    // Someone else has a seat on her evening, and is told about it too.
    let mut other = order_body("vertelavond", Some(evening_id), 1);
    other["first_name"] = json!("Jan");
    other["last_name"] = json!("Claes");
    other["email"] = json!(OTHER);
    let (_, reference) = started(&app, &other).await;
    press(&app, &reference, "paid").await;
    // She got a newsletter.
    let news = create_campaign(&app, &token, json!({})).await["id"]
        .as_i64()
        .unwrap();
    send_now(&app, &token, news).await;
    wait_until_sent(&app, &token, news).await;
    // The mails went out (sent rows in the outbox): traces too.
    app.wait_for_mails_to(EMAIL, 6).await;
    let notices_before = app.count("SELECT COUNT(*) FROM coach_notices").await;
    assert!(notices_before >= 5, "the coach's summary keeps the notices");

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
        "waitlist_entry",
        "coach_notice",
        "newsletter",
        "invoice",
    ] {
        assert!(
            !records[kind].as_array().unwrap().is_empty(),
            "the export holds {kind}: {exported}"
        );
    }
    assert_eq!(records["order"].as_array().unwrap().len(), 2);
    assert_eq!(records["contact_message"][0]["message"], MESSAGE);
    assert_eq!(records["intro_call"][0]["question"], QUESTION);
    let paid_order = records["order"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["status"] == "paid")
        .unwrap();
    assert_eq!(paid_order["vat_number"], VAT);
    assert_eq!(paid_order["billing_street"], STREET);
    assert_eq!(records["invoice"][0]["buyer"]["street"], STREET);
    assert_eq!(records["invoice"][0]["buyer_company"], COMPANY);
    assert_eq!(records["newsletter"][0]["subject"], "Nieuws van november");
    assert_eq!(records["newsletter"][0]["status"], "sent");
    assert_eq!(
        records["coach_notice"].as_array().unwrap().len() as i64,
        notices_before - 2
    );
    assert!(
        records["coach_notice"]
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n["details"].as_str().unwrap().contains(QUESTION)),
        "{exported}"
    );
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
    assert!(html.contains("Wachtlijsten") && html.contains("Meldingen aan de coach"));

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
        STREET,
        MESSAGE,
        QUESTION,
    ]
    .iter()
    .map(|n| n.to_lowercase())
    .collect();
    let before = traces(&app, engine, &needles).await;
    for (table, column) in [
        ("invoices", "document"),
        ("orders", "billing_street"),
        ("coach_notices", "details"),
        ("waitlist_entries", "name"),
        ("campaign_recipients", "email"),
    ] {
        assert!(
            before.iter().any(|(t, c, _)| t == table && c == column),
            "the scan finds {table}.{column} before: {before:?}"
        );
    }
    let evening_seats = seats_taken(&app, evening_id).await;
    assert_eq!(evening_seats, 2);
    assert_eq!(seats_taken(&app, webinar_id).await, 1);

    // A newsletter is on its way when she asks to be forgotten (paused, so her turn waits).
    insert_subscriber(&app.pool, "lezer@example.be", "confirmed").await;
    let pending = create_campaign(&app, &token, json!({"subject": "Nog meer nieuws"})).await["id"]
        .as_i64()
        .unwrap();
    send_now(&app, &token, pending).await;
    let (status, paused) = admin_post(
        &app,
        &token,
        &format!("/api/admin/campaigns/{pending}/pause"),
        json!({}),
    )
    .await;
    assert_eq!(status, 200, "{paused}");
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let her_row: i64 = sqlx::query(
        "SELECT id FROM campaign_recipients WHERE campaign_id = $1 AND email_normalized = $2",
    )
    .bind(pending)
    .bind(EMAIL.to_lowercase())
    .fetch_one(&app.pool)
    .await
    .unwrap()
    .try_get(0)
    .unwrap();
    let her_turn = recipient_status(&app, her_row).await;

    // The wrong confirmation erases nothing.
    let (status, body) = admin_post(
        &app,
        &token,
        "/api/admin/people/erase",
        json!({"email": EMAIL, "confirmation": "iemand@example.be"}),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("bevestiging")
    );

    let erased = erase(&app, &token, EMAIL).await;
    let counts = &erased["counts"];
    assert_eq!(counts["subscribers"], 1);
    assert_eq!(counts["orders_anonymised"], 1);
    assert_eq!(counts["orders_deleted"], 1);
    assert_eq!(counts["tickets_anonymised"], 1);
    assert_eq!(counts["webinar_registrations"], 1);
    assert_eq!(counts["intro_calls"], 1);
    assert_eq!(counts["contact_messages"], 1);
    assert_eq!(counts["waitlist_entries"], 1);
    assert_eq!(counts["invoices"], 1);
    assert_eq!(counts["newsletters"], 2);
    assert_eq!(
        counts["coach_notices"].as_i64().unwrap(),
        notices_before - 2
    );
    assert!(counts["emails"].as_u64().unwrap() >= 5);
    assert_eq!(erased["erased_by"], ADMIN_EMAIL);

    // Nothing of her is left in any table but what the law keeps on her issued invoice (ten
    // years, Belgian VAT code; GDPR art. 17(3)(b)): name, address, company and VAT number.
    let allowed = [FIRST, LAST, COMPANY, VAT, STREET].map(str::to_lowercase);
    let after = traces(&app, engine, &needles).await;
    // The admin search's index keeps the words of that name too, for the invoice only (below).
    let (kept, left): (Vec<_>, Vec<_>) = after.into_iter().partition(|(table, column, needle)| {
        (table == "invoices"
            && [
                "buyer_name",
                "buyer_company",
                "buyer_vat_number",
                "document",
            ]
            .contains(&column.as_str())
            || table == "search_terms" && column == "term")
            && allowed.contains(needle)
    });
    assert!(left.is_empty(), "traces left after erasing: {left:#?}");
    let indexed: Vec<String> = sqlx::query(
        "SELECT DISTINCT source FROM search_terms WHERE term LIKE '%marieke%' OR term LIKE '%vandenbroucke%'",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap()
    .iter()
    .map(|r| r.try_get("source").unwrap())
    .collect();
    assert_eq!(indexed, ["invoice"], "only her invoice stays findable");
    for needle in &allowed {
        assert!(
            kept.iter().any(|(_, _, n)| n == needle),
            "the invoice keeps {needle}: {kept:?}"
        );
    }
    // The invoice's document lost exactly the e-mail address and phone; nothing else changes.
    let invoice = sqlx::query(
        "SELECT id, document FROM invoices WHERE order_id = (SELECT id FROM orders WHERE email = '')",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let invoice_id: i64 = invoice.try_get("id").unwrap();
    let document: Value =
        serde_json::from_str(&invoice.try_get::<String, _>("document").unwrap()).unwrap();
    assert!(document["buyer"]["email"].is_null() && document["buyer"]["phone"].is_null());
    assert_eq!(document["buyer"]["street"], STREET);
    assert_eq!(document["buyer"]["company"], COMPANY);
    for sql in [
        "UPDATE invoices SET buyer_name = 'Iemand anders' WHERE id = $1",
        "DELETE FROM invoices WHERE id = $1",
    ] {
        assert!(
            sqlx::query(sql)
                .bind(invoice_id)
                .execute(&app.pool)
                .await
                .is_err(),
            "an issued invoice never changes otherwise: {sql}"
        );
    }
    let res = app
        .authed(
            Method::GET,
            &format!("/api/admin/invoices/{invoice_id}/pdf"),
            &token,
        )
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "the trimmed invoice still renders");

    // The paid order stays for the accounts, its ticket keeps its seat; the webinar seat is free.
    let row = sqlx::query(
        "SELECT status, total_cents, paid_at, first_name, email, billing_street FROM orders \
         WHERE email = ''",
    )
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
    assert!(
        row.try_get::<Option<String>, _>("billing_street")
            .unwrap()
            .is_none()
    );
    assert_eq!(seats_taken(&app, evening_id).await, evening_seats);
    assert_eq!(seats_taken(&app, webinar_id).await, 0);

    // The newsletter in progress goes on without her: her turn, if still to come, is skipped.
    let expected = if her_turn == "pending" {
        "skipped"
    } else {
        her_turn.as_str()
    };
    assert_eq!(recipient_status(&app, her_row).await, expected);
    let (status, resumed) = admin_post(
        &app,
        &token,
        &format!("/api/admin/campaigns/{pending}/resume"),
        json!({}),
    )
    .await;
    assert_eq!(status, 200, "{resumed}");
    let done = wait_until_sent(&app, &token, pending).await;
    assert_eq!(done["figures"]["failed"], 0, "{done}");

    // A service message to her evening goes to the other holder only, and completes.
    let service = create_campaign(
        &app,
        &token,
        json!({"subject": "Praktisch voor de vertelavond", "audience": "event",
               "audience_id": evening_id, "service_message": true}),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    assert_eq!(send_now(&app, &token, service).await["figures"]["total"], 1);
    let done = wait_until_sent(&app, &token, service).await;
    assert_eq!(done["figures"]["sent"], 1, "{done}");
    assert_eq!(done["figures"]["failed"], 0, "{done}");
    app.wait_for_mails_to(OTHER, 1).await;
    let (status, message) = admin_post(
        &app,
        &token,
        &format!("/api/admin/events/{evening_id}/messages"),
        json!({"subject": "Tot donderdag", "text": "We beginnen om half acht."}),
    )
    .await;
    assert_eq!(status, 201, "{message}");
    assert_eq!(message["recipients"], 1);

    // The coach's next daily summary tells of the others only.
    let coach_mails = app.mails_to(COACH).len();
    sqlx::query("UPDATE coach_notices SET created_at = $1")
        .bind(inlumine::kit::db::format_ts(
            jiff::Timestamp::now() - jiff::SignedDuration::from_hours(25),
        ))
        .execute(&app.pool)
        .await
        .unwrap();
    let summary = app
        .wait_for_mails_to(COACH, coach_mails + 1)
        .await
        .into_iter()
        .find(|m| m.contains("dagelijkse samenvatting"))
        .expect("the daily summary")
        .to_lowercase();
    assert!(summary.contains("(2 in totaal)"), "{summary}");
    for needle in &needles {
        assert!(
            !summary.contains(needle.as_str()),
            "{needle} in the summary"
        );
    }

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
    let (status, _) = admin_post(
        &app,
        &token,
        "/api/admin/people/erase",
        json!({"email": EMAIL, "confirmation": EMAIL}),
    )
    .await;
    assert_eq!(status, 404, "nothing left to erase");
}

async fn a_person_only_on_a_waiting_list_is_found_exported_and_erased(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let email = "wachtende@example.be";
    join_waiting_list(&app, "Wanda Wachter", email).await;
    // Only the waiting-list mail, if any, besides the list itself.
    let (status, page) = app
        .admin_send(&token, Method::GET, "/api/admin/people?q=wachter", None)
        .await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["total"], 1, "{page}");
    assert_eq!(page["items"][0]["email"], email);
    assert_eq!(page["items"][0]["name"], "Wanda Wachter");
    let res = app
        .authed(
            Method::GET,
            &format!("/api/admin/people/export?email={email}"),
            &token,
        )
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let exported: Value = res.json().await.unwrap();
    let entries = exported["records"]["waitlist_entry"].as_array().unwrap();
    assert_eq!(entries.len(), 1, "{exported}");
    assert_eq!(entries[0]["name"], "Wanda Wachter");
    assert_eq!(entries[0]["status"], "waiting");
    let erased = erase(&app, &token, email).await;
    assert_eq!(erased["counts"]["waitlist_entries"], 1, "{erased}");
    assert_eq!(app.count("SELECT COUNT(*) FROM waitlist_entries").await, 0);
    let (_, page) = app
        .admin_send(&token, Method::GET, "/api/admin/people?q=wachter", None)
        .await;
    assert_eq!(page["total"], 0, "{page}");
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
    // She, Jan, and the buyer of the evening she waits for.
    assert_eq!(page["total"], 3);
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
