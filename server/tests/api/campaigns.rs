//! Newsletters the coach writes and sends: audiences, the mail (parts, footer, one-click
//! unsubscribe headers), pause and resume, the public archive, a real SMTP server, and sending
//! to 5,000 subscribers while the server is killed three times.
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{Value, json};
use sqlx::{AnyPool, Row};

use crate::helpers::{
    ADMIN_EMAIL, ADMIN_PASSWORD, Engine, Server, TestApp, TestDatabase, eventually, inlumine,
    python_venv, spawn_app, spawn_app_with, token_after,
};

both_engines!(
    a_newsletter_goes_to_confirmed_subscribers_only_with_text_part_footer_and_one_click_headers,
    one_click_unsubscribes_exactly_the_owner_of_the_link,
    segments_take_consenting_ticket_holders_and_a_service_message_takes_them_all,
    bad_campaign_input_gets_dutch_field_messages_and_nothing_is_saved,
    a_paused_campaign_stops_and_resumes_where_it_was,
    a_scheduled_campaign_starts_at_its_time,
    a_published_newsletter_is_on_the_public_archive_and_in_the_sitemap,
    the_empty_archive_signs_up_without_scripts_opens_its_menu_and_shows_her_saved_details,
    the_archives_words_are_her_blocks_and_its_title_her_seo_title,
    an_erasure_that_commits_after_the_claim_still_stops_her_mail,
);

const ONE_CLICK: &str = "https://www.inlumine.be/api/newsletter/one-click?token=";
const PAGE: &str = "https://www.inlumine.be/nieuwsbrief/uitschrijven?token=";

pub async fn insert_subscriber(pool: &AnyPool, email: &str, status: &str) -> i64 {
    let now = inlumine::kit::db::now();
    sqlx::query(
        "INSERT INTO newsletter_subscribers (first_name, email, email_normalized, status, unsubscribe_token_hash, \
         created_at, confirmed_at, updated_at) VALUES ('Lezer', $1, $2, $3, $4, $5, $5, $5) RETURNING id",
    )
    .bind(email)
    .bind(email.to_lowercase())
    .bind(status)
    .bind(format!("hash-{email}"))
    .bind(&now)
    .fetch_one(pool)
    .await
    .unwrap()
    .try_get("id")
    .unwrap()
}

pub const BODY: &str = "# Nieuws uit het licht\n\nDag lezer, lees over de [vertelavond](https://www.inlumine.be/vertelavond).\n\n- een verhaal\n- een stilte\n";

pub async fn create_campaign(app: &TestApp, token: &str, extra: Value) -> Value {
    let mut body = json!({
        "subject": "Nieuws van november",
        "preheader": "Een avond vol verhalen",
        "body": BODY,
        "audience": "all",
    });
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    let (status, campaign) = app
        .admin_send(token, Method::POST, "/api/admin/campaigns", Some(body))
        .await;
    assert_eq!(status, 201, "{campaign}");
    campaign
}

pub async fn send_now(app: &TestApp, token: &str, id: i64) -> Value {
    let (status, campaign) = app
        .admin_send(
            token,
            Method::POST,
            &format!("/api/admin/campaigns/{id}/send"),
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 200, "{campaign}");
    campaign
}

async fn campaign(app: &TestApp, token: &str, id: i64) -> Value {
    let (status, campaign) = app
        .admin_send(
            token,
            Method::GET,
            &format!("/api/admin/campaigns/{id}"),
            None,
        )
        .await;
    assert_eq!(status, 200, "{campaign}");
    campaign
}

pub async fn wait_until_sent(app: &TestApp, token: &str, id: i64) -> Value {
    for _ in 0..400 {
        let c = campaign(app, token, id).await;
        if c["status"] == "sent" {
            return c;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("campaign {id} was not sent in time");
}

/// A header's value in a raw mail (folded lines joined).
pub fn header(mail: &str, name: &str) -> Option<String> {
    let head = &mail[..mail.find("\r\n\r\n").unwrap_or(mail.len())];
    let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
    unfolded.lines().find_map(|l| {
        l.strip_prefix(&format!("{name}:"))
            .map(|v| v.trim().to_string())
    })
}

async fn a_newsletter_goes_to_confirmed_subscribers_only_with_text_part_footer_and_one_click_headers(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    insert_subscriber(&app.pool, "anna@example.be", "confirmed").await;
    insert_subscriber(&app.pool, "Bart@Example.be", "confirmed").await;
    insert_subscriber(&app.pool, "wacht@example.be", "pending").await;
    insert_subscriber(&app.pool, "weg@example.be", "unsubscribed").await;

    let c = create_campaign(&app, &token, json!({})).await;
    assert_eq!(c["status"], "draft");
    assert!(
        c["body_html"]
            .as_str()
            .unwrap()
            .contains("<h1>Nieuws uit het licht</h1>")
    );
    let id = c["id"].as_i64().unwrap();
    let started = send_now(&app, &token, id).await;
    assert_eq!(started["figures"]["total"], 2, "{started}");
    let done = wait_until_sent(&app, &token, id).await;
    assert_eq!(done["figures"]["sent"], 2, "{done}");
    assert_eq!(done["figures"]["failed"], 0);

    let mails = app.wait_for_mails(2).await;
    assert_eq!(app.mails_to("wacht@example.be").len(), 0);
    assert_eq!(app.mails_to("weg@example.be").len(), 0);
    let mail = &app.mails_to("anna@example.be")[0];
    assert_eq!(mails.len(), 2);
    assert_eq!(
        header(mail, "Subject").as_deref(),
        Some("Nieuws van november")
    );
    let list = header(mail, "List-Unsubscribe").expect("List-Unsubscribe");
    assert!(list.starts_with(&format!("<{ONE_CLICK}")), "{list}");
    assert!(list.contains("<mailto:"), "{list}");
    assert_eq!(
        header(mail, "List-Unsubscribe-Post").as_deref(),
        Some("List-Unsubscribe=One-Click")
    );
    assert!(mail.contains("multipart/alternative"), "{mail}");
    assert!(mail.contains("Content-Type: text/plain"), "{mail}");
    assert!(mail.contains("Content-Type: text/html"), "{mail}");
    // The text part: the link written out, the list, the business details and the way out.
    assert!(
        mail.contains("vertelavond (https://www.inlumine.be/vertelavond)"),
        "{mail}"
    );
    assert!(mail.contains("- een verhaal"), "{mail}");
    let site: Value = serde_json::from_str(include_str!("../../../config/site.json")).unwrap();
    for detail in ["street", "postalCode", "city", "email", "vatNumber"] {
        let value = site["contact"][detail].as_str().unwrap();
        assert!(mail.contains(value), "{detail} {value} missing in {mail}");
    }
    let page_token = token_after(mail, PAGE);
    let one_click_token = token_after(mail, ONE_CLICK);
    assert_eq!(page_token, one_click_token);
    // The preheader comes first in the HTML, hidden.
    assert!(mail.contains("Een avond vol verhalen"), "{mail}");
}

/// A batch is claimed whole, then sent one mail a second: the erasure of its last recipient
/// (and the unsubscribe of another) commits while the batch is under way, after the claim.
async fn an_erasure_that_commits_after_the_claim_still_stops_her_mail(engine: Engine) {
    let app = spawn_app_with(engine, |s| {
        s.campaigns.poll_interval_ms = 50;
        s.campaigns.messages_per_second = 1;
        s.campaigns.batch_size = 20;
    })
    .await;
    let token = app.admin_token().await;
    insert_subscriber(&app.pool, "anna@example.be", "confirmed").await;
    insert_subscriber(&app.pool, "bart@example.be", "confirmed").await;
    insert_subscriber(&app.pool, "daan@example.be", "confirmed").await;
    let erased = insert_subscriber(&app.pool, "cleo@example.be", "confirmed").await;
    let id = create_campaign(&app, &token, json!({})).await["id"]
        .as_i64()
        .unwrap();
    send_now(&app, &token, id).await;
    // The sender holds the whole batch, hers included, before the first mail leaves.
    let held = |email: &'static str| {
        let pool = app.pool.clone();
        async move {
            sqlx::query(
                "SELECT COUNT(*) FROM campaign_recipients WHERE email = $1 AND status = 'pending' \
                 AND lease_owner IS NOT NULL",
            )
            .bind(email)
            .fetch_one(&pool)
            .await
            .unwrap()
            .get::<i64, _>(0)
                == 1
        }
    };
    eventually("the batch is claimed", || async {
        held("cleo@example.be").await && held("daan@example.be").await
    })
    .await;
    let (status, body) = app
        .admin_send(
            &token,
            Method::POST,
            "/api/admin/people/erase",
            Some(json!({"email": "cleo@example.be", "confirmation": "cleo@example.be"})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    sqlx::query("UPDATE newsletter_subscribers SET status = 'unsubscribed' WHERE email = $1")
        .bind("daan@example.be")
        .execute(&app.pool)
        .await
        .unwrap();
    // Both were still claimed by the sender when they left.
    assert!(
        app.count("SELECT COUNT(*) FROM campaign_recipients WHERE status = 'sent'")
            .await
            < 3,
        "the batch was already sent: the test proves nothing"
    );
    let done = wait_until_sent(&app, &token, id).await;
    assert_eq!(done["figures"]["sent"], 2, "{done}");
    app.wait_for_mails(2).await;
    // A moment more: nothing else leaves.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(app.mails_to("anna@example.be").len(), 1);
    assert_eq!(app.mails_to("bart@example.be").len(), 1);
    assert_eq!(app.mails_to("daan@example.be").len(), 0, "unsubscribed");
    assert_eq!(app.mails_to("cleo@example.be").len(), 0, "erased");
    let newsletters = app
        .mail_files()
        .iter()
        .filter(|f| {
            std::fs::read_to_string(f)
                .unwrap()
                .contains("Nieuws van november")
        })
        .count();
    assert_eq!(newsletters, 2);
    let left: i64 = sqlx::query("SELECT COUNT(*) FROM newsletter_subscribers WHERE id = $1")
        .bind(erased)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .get(0);
    assert_eq!(left, 0, "she was erased");
}

/// What a mail program does with `List-Unsubscribe-Post` (RFC 8058): a form POST to the URL,
/// no page, no JavaScript.
async fn one_click(app: &TestApp, token: &str) -> reqwest::Response {
    app.client
        .post(app.url(&format!("/api/newsletter/one-click?token={token}")))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap()
}

async fn one_click_unsubscribes_exactly_the_owner_of_the_link(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let anna = insert_subscriber(&app.pool, "anna@example.be", "confirmed").await;
    let bart = insert_subscriber(&app.pool, "bart@example.be", "confirmed").await;
    let id = create_campaign(&app, &token, json!({})).await["id"]
        .as_i64()
        .unwrap();
    send_now(&app, &token, id).await;
    wait_until_sent(&app, &token, id).await;
    let anna_token = token_after(
        &app.wait_for_mails_to("anna@example.be", 1).await[0],
        ONE_CLICK,
    );
    let bart_token = token_after(
        &app.wait_for_mails_to("bart@example.be", 1).await[0],
        ONE_CLICK,
    );
    assert_ne!(anna_token, bart_token);

    // Anna's link with Bart's id in it is not a link at all.
    let (_, tag) = anna_token.split_once('-').unwrap();
    let forged = format!("{bart}-{tag}");
    for bad in [forged.as_str(), "", "12345", "1-abc"] {
        assert_eq!(one_click(&app, bad).await.status(), 404, "{bad}");
    }
    let status = |id: i64| {
        let pool = app.pool.clone();
        async move {
            sqlx::query("SELECT status FROM newsletter_subscribers WHERE id = $1")
                .bind(id)
                .fetch_one(&pool)
                .await
                .unwrap()
                .try_get::<String, _>("status")
                .unwrap()
        }
    };
    assert_eq!(status(bart).await, "confirmed");

    let res = one_click(&app, &anna_token).await;
    assert_eq!(res.status(), 200);
    assert!(res.text().await.unwrap().contains("uitgeschreven"));
    assert_eq!(status(anna).await, "unsubscribed");
    assert_eq!(status(bart).await, "confirmed");
    // Again is fine; a GET (a link checker, a prefetch) unsubscribes nobody.
    assert_eq!(one_click(&app, &anna_token).await.status(), 200);
    let get = app
        .get(&format!("/api/newsletter/one-click?token={bart_token}"))
        .await;
    assert_eq!(get.status(), 405);
    assert_eq!(status(bart).await, "confirmed");
    // The page link (the same token) works through the unsubscribe page's API too.
    let res = app
        .post_json(
            "/api/newsletter/unsubscribe",
            &json!({ "token": bart_token }),
        )
        .await;
    assert_eq!(res.status(), 200);
    assert_eq!(status(bart).await, "unsubscribed");

    let c = campaign(&app, &token, id).await;
    assert_eq!(c["figures"]["unsubscribed_after"], 2, "{c}");
}

async fn insert_ticket(app: &TestApp, event_id: i64, name: &str, email: &str) {
    sqlx::query(
        "INSERT INTO tickets (code, event_id, order_id, holder_name, email, status, created_at, updated_at) \
         VALUES ($1, $2, NULL, $3, $4, 'valid', $5, $5)",
    )
    .bind(format!("T-{email}-{event_id}"))
    .bind(event_id)
    .bind(name)
    .bind(email)
    .bind(inlumine::kit::db::now())
    .execute(&app.pool)
    .await
    .unwrap();
}

async fn segments_take_consenting_ticket_holders_and_a_service_message_takes_them_all(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let evening = app
        .insert_event(
            "vertelavond",
            "published",
            "2030-11-27T18:30:00.000000Z",
            "2030-11-27T21:00:00.000000Z",
        )
        .await;
    let other = app
        .insert_event(
            "vertelavond",
            "published",
            "2030-12-27T18:30:00.000000Z",
            "2030-12-27T21:00:00.000000Z",
        )
        .await;
    insert_subscriber(&app.pool, "anna@example.be", "confirmed").await;
    insert_subscriber(&app.pool, "bart@example.be", "unsubscribed").await;
    insert_subscriber(&app.pool, "cleo@example.be", "confirmed").await;
    insert_ticket(&app, evening, "Anna Peeters", "Anna@example.be").await;
    insert_ticket(&app, evening, "Bart Claes", "bart@example.be").await;
    insert_ticket(&app, evening, "Dirk Maes", "dirk@example.be").await;
    insert_ticket(&app, other, "Cleo Janssens", "cleo@example.be").await;

    // A newsletter to the evening's ticket holders: only those who subscribed.
    let news = create_campaign(
        &app,
        &token,
        json!({"audience": "event", "audience_id": evening}),
    )
    .await;
    let id = news["id"].as_i64().unwrap();
    // The send dialog names the audience and its size, from the server.
    let (status, audience) = app
        .admin_send(
            &token,
            Method::GET,
            &format!("/api/admin/campaigns/{id}/audience"),
            None,
        )
        .await;
    assert_eq!(status, 200, "{audience}");
    assert_eq!(audience["count"], 1);
    assert_eq!(
        audience["label"],
        "Tickethouders van Test vertelavond — 27/11/2030 19:30 die op de nieuwsbrief staan"
    );
    assert_eq!(send_now(&app, &token, id).await["figures"]["total"], 1);
    wait_until_sent(&app, &token, id).await;
    assert_eq!(app.wait_for_mails_to("anna@example.be", 1).await.len(), 1);

    // A service message about the evening: every ticket holder, without unsubscribe headers.
    let service = create_campaign(
        &app,
        &token,
        json!({"subject": "Praktisch voor donderdag", "audience": "event", "audience_id": evening, "service_message": true}),
    )
    .await;
    let id = service["id"].as_i64().unwrap();
    let (_, audience) = app
        .admin_send(
            &token,
            Method::GET,
            &format!("/api/admin/campaigns/{id}/audience"),
            None,
        )
        .await;
    assert_eq!(audience["count"], 3, "{audience}");
    assert!(
        audience["label"]
            .as_str()
            .unwrap()
            .ends_with("(dienstbericht: ook wie niet op de nieuwsbrief staat)")
    );
    assert_eq!(send_now(&app, &token, id).await["figures"]["total"], 3);
    wait_until_sent(&app, &token, id).await;
    let dirk = &app.wait_for_mails_to("dirk@example.be", 1).await[0];
    assert!(header(dirk, "List-Unsubscribe").is_none(), "{dirk}");
    assert!(dirk.contains("over je boeking"), "{dirk}");
    assert_eq!(app.wait_for_mails_to("bart@example.be", 1).await.len(), 1);
    assert_eq!(app.mails_to("cleo@example.be").len(), 0);

    // A segment with nobody who consented cannot be sent.
    let empty = create_campaign(
        &app,
        &token,
        json!({"audience": "event", "audience_id": other, "subject": "Niemand"}),
    )
    .await;
    sqlx::query("UPDATE newsletter_subscribers SET status = 'unsubscribed' WHERE email_normalized = 'cleo@example.be'")
        .execute(&app.pool)
        .await
        .unwrap();
    let (status, body) = app
        .admin_send(
            &token,
            Method::POST,
            &format!("/api/admin/campaigns/{}/send", empty["id"]),
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 422, "{body}");
}

async fn bad_campaign_input_gets_dutch_field_messages_and_nothing_is_saved(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let (status, body) = app
        .admin_send(
            &token,
            Method::POST,
            "/api/admin/campaigns",
            Some(json!({"subject": " ", "body": "", "audience": "iedereen"})),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    let fields = &body["error"]["fields"];
    for field in ["subject", "body", "audience"] {
        assert!(fields[field].is_string(), "{field}: {body}");
    }
    let (status, body) = app
        .admin_send(
            &token,
            Method::POST,
            "/api/admin/campaigns",
            Some(json!({"subject": "x", "body": "y", "audience": "product", "audience_id": 99999})),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert!(body["error"]["fields"]["audience_id"].is_string(), "{body}");
    let (status, body) = app
        .admin_send(
            &token,
            Method::POST,
            "/api/admin/campaigns",
            Some(json!({"subject": "x", "body": "y", "audience": "all", "service_message": true})),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(app.count("SELECT COUNT(*) FROM campaigns").await, 0);
    // Without a token nothing of it is reachable.
    let res = app.get("/api/admin/campaigns").await;
    assert_eq!(res.status(), 401);
    // Scheduling in the past is refused.
    let id = create_campaign(&app, &token, json!({})).await["id"]
        .as_i64()
        .unwrap();
    let (status, body) = app
        .admin_send(
            &token,
            Method::POST,
            &format!("/api/admin/campaigns/{id}/send"),
            Some(json!({"send_at": "2020-01-01T10:00"})),
        )
        .await;
    assert_eq!(status, 422, "{body}");
}

async fn sent_count(pool: &AnyPool, id: i64) -> i64 {
    sqlx::query(
        "SELECT COUNT(*) AS n FROM campaign_recipients WHERE campaign_id = $1 AND status = 'sent'",
    )
    .bind(id)
    .fetch_one(pool)
    .await
    .unwrap()
    .try_get("n")
    .unwrap()
}

async fn a_paused_campaign_stops_and_resumes_where_it_was(engine: Engine) {
    let app = spawn_app_with(engine, |s| {
        s.campaigns.messages_per_second = 10;
        s.campaigns.batch_size = 2;
        s.campaigns.poll_interval_ms = 50;
    })
    .await;
    let token = app.admin_token().await;
    for i in 0..20 {
        insert_subscriber(&app.pool, &format!("lezer{i}@example.be"), "confirmed").await;
    }
    let id = create_campaign(&app, &token, json!({})).await["id"]
        .as_i64()
        .unwrap();
    send_now(&app, &token, id).await;
    let pool = app.pool.clone();
    eventually("a few mails went out", || {
        let pool = pool.clone();
        async move { sent_count(&pool, id).await >= 3 }
    })
    .await;
    let (status, paused) = app
        .admin_send(
            &token,
            Method::POST,
            &format!("/api/admin/campaigns/{id}/pause"),
            None,
        )
        .await;
    assert_eq!(status, 200, "{paused}");
    assert_eq!(paused["status"], "paused");
    // The batch in hand finishes; then nothing more.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let at_pause = sent_count(&app.pool, id).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(sent_count(&app.pool, id).await, at_pause);
    assert!(at_pause < 20);
    let (status, resumed) = app
        .admin_send(
            &token,
            Method::POST,
            &format!("/api/admin/campaigns/{id}/resume"),
            None,
        )
        .await;
    assert_eq!(status, 200, "{resumed}");
    let done = wait_until_sent(&app, &token, id).await;
    assert_eq!(done["figures"]["sent"], 20, "{done}");
    assert_eq!(app.mail_files().len(), 20);
    // Sent is final: no pause, no resume, no edits.
    let (status, _) = app
        .admin_send(
            &token,
            Method::POST,
            &format!("/api/admin/campaigns/{id}/pause"),
            None,
        )
        .await;
    assert_eq!(status, 409);
}

async fn a_scheduled_campaign_starts_at_its_time(engine: Engine) {
    let app = spawn_app_with(engine, |s| s.campaigns.poll_interval_ms = 50).await;
    let token = app.admin_token().await;
    insert_subscriber(&app.pool, "anna@example.be", "confirmed").await;
    let id = create_campaign(&app, &token, json!({})).await["id"]
        .as_i64()
        .unwrap();
    let at =
        inlumine::kit::brussels::at(jiff::Timestamp::now() + jiff::SignedDuration::from_hours(1))
            .strftime("%Y-%m-%dT%H:%M")
            .to_string();
    let (status, scheduled) = app
        .admin_send(
            &token,
            Method::POST,
            &format!("/api/admin/campaigns/{id}/send"),
            Some(json!({ "send_at": at })),
        )
        .await;
    assert_eq!(status, 200, "{scheduled}");
    assert_eq!(scheduled["status"], "scheduled");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(app.mail_files().len(), 0);
    // Its time comes (moved here into the past instead of waiting an hour).
    sqlx::query("UPDATE campaigns SET scheduled_at = $1 WHERE id = $2")
        .bind(inlumine::kit::db::format_ts(
            jiff::Timestamp::now() - jiff::SignedDuration::from_secs(1),
        ))
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    let done = wait_until_sent(&app, &token, id).await;
    assert_eq!(done["figures"]["sent"], 1, "{done}");
    app.wait_for_mails_to("anna@example.be", 1).await;
}

async fn a_published_newsletter_is_on_the_public_archive_and_in_the_sitemap(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    insert_subscriber(&app.pool, "anna@example.be", "confirmed").await;
    let id = create_campaign(&app, &token, json!({})).await["id"]
        .as_i64()
        .unwrap();
    let (status, _) = app
        .admin_send(
            &token,
            Method::POST,
            &format!("/api/admin/campaigns/{id}/publish"),
            None,
        )
        .await;
    assert_eq!(status, 409, "a draft is not published");
    send_now(&app, &token, id).await;
    wait_until_sent(&app, &token, id).await;
    let (status, published) = app
        .admin_send(
            &token,
            Method::POST,
            &format!("/api/admin/campaigns/{id}/publish"),
            None,
        )
        .await;
    assert_eq!(status, 200, "{published}");
    let slug = published["slug"].as_str().unwrap().to_string();
    assert_eq!(slug, "nieuws-van-november");

    let index = app.get("/nieuwsbrief/archief").await;
    assert_eq!(index.status(), 200);
    let html = index.text().await.unwrap();
    assert!(
        html.contains(&format!("href=\"/nieuwsbrief/archief/{slug}\"")),
        "{html}"
    );
    let res = app.get(&format!("/nieuwsbrief/archief/{slug}")).await;
    assert_eq!(res.status(), 200);
    let csp = res.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(csp.contains("script-src 'none'"), "{csp}");
    let html = res.text().await.unwrap();
    assert!(
        html.contains("<title>Nieuws van november | In Lumine</title>"),
        "{html}"
    );
    assert!(
        html.contains(&format!(
            "<link rel=\"canonical\" href=\"https://www.inlumine.be/nieuwsbrief/archief/{slug}\">"
        )),
        "{html}"
    );
    assert!(
        html.contains("<meta name=\"description\" content=\"Een avond vol verhalen\">"),
        "{html}"
    );
    // The subject is the page's one h1; the body's `#` heading sits below it.
    assert!(html.contains("<h2>Nieuws uit het licht</h2>"), "{html}");
    let main = &html[html.find("<main").unwrap()..html.find("</main>").unwrap()];
    assert_eq!(main.matches("<h1").count(), 1, "{main}");
    assert!(!html.contains("<script"), "{html}");
    assert!(!html.contains("noindex"), "{html}");
    assert!(
        !html.contains("uitschrijven?token"),
        "no personal link: {html}"
    );

    let sitemap = app.get("/sitemap.xml").await.text().await.unwrap();
    assert!(
        sitemap.contains(&format!(
            "<loc>https://www.inlumine.be/nieuwsbrief/archief/{slug}</loc>"
        )),
        "{sitemap}"
    );
    assert!(
        sitemap.contains("<loc>https://www.inlumine.be/nieuwsbrief/archief</loc>"),
        "{sitemap}"
    );

    app.admin_send(
        &token,
        Method::POST,
        &format!("/api/admin/campaigns/{id}/unpublish"),
        None,
    )
    .await;
    assert_eq!(
        app.get(&format!("/nieuwsbrief/archief/{slug}"))
            .await
            .status(),
        404
    );
    let sitemap = app.get("/sitemap.xml").await.text().await.unwrap();
    assert!(!sitemap.contains(&slug), "{sitemap}");
}

// ---------------------------------------------------------------------------------------------
// A real SMTP server on loopback: aiosmtpd (PyPI) in a venv under the target directory.

const AIOSMTPD_VERSION: &str = "1.4.6";

/// The venv's python with aiosmtpd, made on first use.
pub fn aiosmtpd_python() -> PathBuf {
    python_venv("aiosmtpd-venv", &[&format!("aiosmtpd=={AIOSMTPD_VERSION}")])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newsletter_reaches_a_real_smtp_server_with_both_parts_and_the_unsubscribe_headers() {
    let smtp = crate::mail_delivery::start_smtp(0.0).await;
    let port = smtp.port;
    let app = spawn_app_with(Engine::Sqlite, move |s| {
        s.mail.transport = inlumine::kit::configuration::MailTransport::Smtp;
        s.mail.smtp_url =
            inlumine::kit::configuration::Secret::new(format!("smtp://127.0.0.1:{port}"));
        s.campaigns.poll_interval_ms = 50;
    })
    .await;
    let token = app.admin_token().await;
    insert_subscriber(&app.pool, "anna@example.be", "confirmed").await;
    let id = create_campaign(&app, &token, json!({})).await["id"]
        .as_i64()
        .unwrap();
    send_now(&app, &token, id).await;
    let done = wait_until_sent(&app, &token, id).await;
    assert_eq!(done["figures"]["sent"], 1, "{done}");
    let mut messages = Vec::new();
    for _ in 0..100 {
        messages = smtp.messages();
        if !messages.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(messages.len(), 1, "what aiosmtpd received");
    // The Maildir keeps the message as received, with the envelope added by aiosmtpd.
    let mail = messages[0].clone();
    assert_eq!(header(&mail, "To").as_deref(), Some("anna@example.be"));
    assert_eq!(
        header(&mail, "X-RcptTo").as_deref(),
        Some("anna@example.be"),
        "{mail}"
    );
    assert_eq!(
        header(&mail, "Subject").as_deref(),
        Some("Nieuws van november")
    );
    let list = header(&mail, "List-Unsubscribe").expect("List-Unsubscribe");
    assert!(list.starts_with(&format!("<{ONE_CLICK}")), "{list}");
    assert_eq!(
        header(&mail, "List-Unsubscribe-Post").as_deref(),
        Some("List-Unsubscribe=One-Click")
    );
    let text_at = mail.find("Content-Type: text/plain").expect("a text part");
    let html_at = mail.find("Content-Type: text/html").expect("an HTML part");
    let (text, html) = if text_at < html_at {
        (&mail[text_at..html_at], &mail[html_at..])
    } else {
        (&mail[text_at..], &mail[html_at..text_at])
    };
    assert!(text.contains("- een verhaal"), "{text}");
    assert!(text.contains(&format!("Uitschrijven: {PAGE}")), "{text}");
    assert!(html.contains("<h1>Nieuws uit het licht</h1>"), "{html}");
    assert!(html.contains(&format!("href=\"{PAGE}")), "{html}");
    // The link in the mail unsubscribes its reader.
    let unsubscribe = token_after(text, PAGE);
    assert_eq!(one_click(&app, &unsubscribe).await.status(), 200);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM newsletter_subscribers WHERE status = 'unsubscribed'")
            .await,
        1
    );
}

// ---------------------------------------------------------------------------------------------
// 5,000 subscribers, the real binary killed (SIGKILL) three times while sending.

const SUBSCRIBERS: usize = 5000;
const BATCH: usize = 20;

fn sending_server(database: &TestDatabase) -> Command {
    let mut command = inlumine(database, &["serve"]);
    command
        .env("MAIL_TRANSPORT", "file")
        .env("CAMPAIGN_MESSAGES_PER_SECOND", "1000")
        .env("CAMPAIGN_BATCH_SIZE", BATCH.to_string())
        .env("CAMPAIGN_LEASE_SECS", "2")
        .env("CAMPAIGN_POLL_INTERVAL_MS", "100");
    command
}

async fn progress(pool: &AnyPool) -> (i64, i64, String) {
    let row = sqlx::query(
        "SELECT (SELECT COUNT(*) FROM campaign_recipients WHERE status = 'sent') AS sent, \
         (SELECT COUNT(*) FROM campaign_recipients) AS total, \
         (SELECT status FROM campaigns) AS status",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    (
        row.try_get("sent").unwrap(),
        row.try_get("total").unwrap(),
        row.try_get("status").unwrap(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_thousand_subscribers_get_one_mail_each_through_three_kills() {
    let database = TestDatabase::create(Engine::Sqlite).await;
    let mut server = Server::spawn(sending_server(&database)).await;
    let pool = inlumine::kit::db::connect(&database.url).await.unwrap();
    let now = inlumine::kit::db::now();
    for chunk in (0..SUBSCRIBERS).collect::<Vec<_>>().chunks(250) {
        let mut sql = String::from(
            "INSERT INTO newsletter_subscribers (first_name, email, email_normalized, status, \
             unsubscribe_token_hash, created_at, confirmed_at, updated_at) VALUES ",
        );
        let rows: Vec<String> = chunk
            .iter()
            .map(|i| {
                format!(
                    "('Lezer', 'lezer{i:04}@example.org', 'lezer{i:04}@example.org', 'confirmed', 'h{i}', '{now}', '{now}', '{now}')"
                )
            })
            .collect();
        sql.push_str(&rows.join(", "));
        sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
            .execute(&pool)
            .await
            .unwrap();
    }
    inlumine::platform::auth::users::create_or_reset_admin(
        &pool,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        false,
    )
    .await
    .unwrap();
    let client = reqwest::Client::new();
    let login: Value = client
        .post(format!("{}/api/auth/login", server.address))
        .json(&json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = login["access_token"].as_str().unwrap().to_string();
    let created: Value = client
        .post(format!("{}/api/admin/campaigns", server.address))
        .bearer_auth(&token)
        .json(&json!({"subject": "Voor iedereen", "body": BODY, "audience": "all"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_i64().unwrap();
    let started = Instant::now();
    let res = client
        .post(format!("{}/api/admin/campaigns/{id}/send", server.address))
        .bearer_auth(&token)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(progress(&pool).await.1, SUBSCRIBERS as i64);

    for threshold in [1000, 2200, 3400] {
        loop {
            let (sent, _, _) = progress(&pool).await;
            if sent >= threshold {
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(300),
                "stuck at {sent} sent"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        server.child.kill().unwrap(); // SIGKILL
        server.child.wait().unwrap();
        let (sent, _, _) = progress(&pool).await;
        println!("killed the server at {sent} sent");
        server = Server::spawn(sending_server(&database)).await;
    }
    loop {
        let (sent, total, status) = progress(&pool).await;
        if status == "sent" {
            assert_eq!(sent, total, "progress reaches 100 %");
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "stuck at {sent}/{total}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let elapsed = started.elapsed();
    drop(server);

    let mut per_address: BTreeMap<String, usize> = BTreeMap::new();
    let mut torn = 0;
    let dir = database.data_dir.join("mail");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "eml") {
            continue;
        }
        let mail = std::fs::read_to_string(&path).unwrap();
        // A file the kill cut short was never a whole mail (an SMTP server would not have
        // accepted it either): counted apart, at most one per kill.
        match header(&mail, "To") {
            Some(to) if mail.trim_end().ends_with("--") => *per_address.entry(to).or_default() += 1,
            _ => torn += 1,
        }
    }
    assert!(torn <= 3, "{torn} cut-off mail files");
    let missing: Vec<String> = (0..SUBSCRIBERS)
        .map(|i| format!("lezer{i:04}@example.org"))
        .filter(|a| !per_address.contains_key(a))
        .collect();
    let duplicates: Vec<(&String, &usize)> = per_address.iter().filter(|(_, n)| **n > 1).collect();
    let extra: usize = duplicates.iter().map(|(_, n)| **n - 1).sum();
    let files: usize = per_address.values().sum();
    println!(
        "{files} mails to {} addresses in {:.1} s (three kills and restarts included): {:.0} mails/s; \
         {extra} duplicates: {duplicates:?}; {torn} mail files cut short by a kill",
        per_address.len(),
        elapsed.as_secs_f64(),
        files as f64 / elapsed.as_secs_f64()
    );
    assert!(missing.is_empty(), "skipped: {missing:?}");
    assert_eq!(per_address.len(), SUBSCRIBERS);
    assert!(
        extra <= 3 * BATCH,
        "{extra} duplicates, more than the three batches in flight"
    );
    pool.close().await;
}

async fn the_empty_archive_signs_up_without_scripts_opens_its_menu_and_shows_her_saved_details(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let html = app.get("/nieuwsbrief/archief").await.text().await.unwrap();
    assert!(
        html.contains("<form class=\"nb-form\" method=\"post\" action=\"/nieuwsbrief/archief\""),
        "{html}"
    );
    assert!(!html.contains("onderaan de pagina"), "{html}");
    // The phone menu opens without the app's scripts (which the page does not load).
    assert!(html.contains("<details class=\"nb-menu\">"), "{html}");
    assert!(!html.contains("aria-controls=\"mobiel-menu\""), "{html}");
    assert!(!html.contains("<script"), "{html}");
    assert!(html.contains("Voorbeeldstraat 1"), "{html}");

    // The form posts without scripts: the same checks as the API, answered in the page.
    let post = |form: &'static [(&'static str, &'static str)]| {
        app.client
            .post(app.url("/nieuwsbrief/archief"))
            .form(form)
            .send()
    };
    let res = post(&[("firstName", ""), ("email", "geen-adres")])
        .await
        .unwrap();
    assert_eq!(res.status(), 422);
    let html = res.text().await.unwrap();
    assert!(html.contains("Vul je voornaam in."), "{html}");
    assert!(html.contains("Vul een geldig e-mailadres in."), "{html}");
    assert!(
        html.contains("value=\"geen-adres\" aria-invalid=\"true\""),
        "{html}"
    );
    assert_eq!(
        app.count("SELECT COUNT(*) FROM newsletter_subscribers")
            .await,
        0
    );
    let res = post(&[("firstName", "Lotte"), ("email", "lotte@example.be")])
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let html = res.text().await.unwrap();
    assert!(html.contains("Bijna klaar!"), "{html}");
    assert!(!html.contains("<form class=\"nb-form\""), "{html}");
    assert_eq!(
        app.count("SELECT COUNT(*) FROM newsletter_subscribers WHERE status = 'pending'")
            .await,
        1
    );
    assert_eq!(app.wait_for_mails_to("lotte@example.be", 1).await.len(), 1);

    // A street saved in Instellingen is on the archive at once.
    let token = app.admin_token().await;
    let (_, mut details) = app
        .admin_send(&token, Method::GET, "/api/admin/settings", None)
        .await;
    details["street"] = json!("Kerkstraat 7");
    let (status, body) = app
        .admin_send(&token, Method::PUT, "/api/admin/settings", Some(details))
        .await;
    assert_eq!(status, 200, "{body}");
    let html = app.get("/nieuwsbrief/archief").await.text().await.unwrap();
    assert!(html.contains("Kerkstraat 7"), "{html}");
    assert!(!html.contains("Voorbeeldstraat 1"), "{html}");
}

async fn the_archives_words_are_her_blocks_and_its_title_her_seo_title(engine: Engine) {
    let app = spawn_app(engine).await;
    let html = app.get("/nieuwsbrief/archief").await.text().await.unwrap();
    // The built page's words, each marked as its block, and its own title and description.
    for marked in [
        "<h1 data-block=\"nieuwsbrief.archief.title\">Nieuwsbrief-archief</h1>",
        "<span data-live=\"brand\">In Lumine</span> die je hier kunt nalezen.",
        "<p data-block=\"nieuwsbrief.archief.empty\">Er staan nog geen nieuwsbrieven in het archief.</p>",
        "<span data-block=\"shared.newsletter.button\">Abonneer</span>",
        "<title>Nieuwsbrief-archief | In Lumine</title>",
        "<meta name=\"description\" content=\"Lees de nieuwsbrieven van In Lumine na.\">",
    ] {
        assert!(html.contains(marked), "{marked} in {html}");
    }
    assert!(!html.contains("data-later-blocks"), "{html}");

    // What she saves in Pagina's is on the archive at once: a heading, a button, the SEO title.
    let token = app.admin_token().await;
    for (key, markdown) in [
        ("nieuwsbrief.archief.title", "Alle brieven"),
        ("shared.newsletter.button", "Schrijf me *in*"),
        ("seo.nieuwsbrief.archief.title", "Brieven uit het licht"),
    ] {
        let (status, body) = app
            .admin_send(
                &token,
                Method::PUT,
                &format!("/api/admin/page-texts/{key}"),
                Some(json!({ "markdown": markdown })),
            )
            .await;
        assert_eq!(status, 200, "{key}: {body}");
    }
    let html = app.get("/nieuwsbrief/archief").await.text().await.unwrap();
    for marked in [
        "<h1 data-block=\"nieuwsbrief.archief.title\">Alle brieven</h1>",
        "<span data-block=\"shared.newsletter.button\">Schrijf me <em>in</em></span>",
        "<title>Brieven uit het licht</title>",
    ] {
        assert!(html.contains(marked), "{marked} in {html}");
    }
    assert!(!html.contains("<script"), "{html}");
}
