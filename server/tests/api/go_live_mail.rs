//! The go-live test mail: the letterhead's PNG logo, the sender's name from the live brand, and
//! the link that confirms the mail arrived (once, before it expires, for the latest mail only).
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{ADMIN_EMAIL, Engine, TestApp, spawn_app, spawn_app_with, token_after};

both_engines!(
    the_test_mail_link_confirms_it_once_and_a_wrong_old_or_expired_one_does_not,
    mails_show_a_png_logo_and_the_saved_brand_as_sender_name_from_the_configured_address,
    the_confirmation_link_is_rate_limited,
    open_server_lines_say_in_plain_dutch_what_to_do_and_what_to_ask_the_host,
);

const LINK: &str = "/testmail/ontvangen?token=";
const RECEIVED: &str = "/api/go-live/test-mail/received";

async fn send_test_mail(app: &TestApp, token: &str) -> Value {
    let res = app
        .authed(Method::POST, "/api/admin/go-live/test-mail", token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    res.json().await.unwrap()
}

/// The checklist line of the test mail.
async fn test_mail_line(app: &TestApp, token: &str) -> Value {
    let list: Value = app
        .authed(Method::GET, "/api/admin/go-live", token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    list["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "test_mail")
        .unwrap_or_else(|| panic!("no test_mail line: {list}"))
        .clone()
}

async fn confirm(app: &TestApp, link_token: &str) -> u16 {
    app.post_json(RECEIVED, &json!({ "token": link_token }))
        .await
        .status()
        .as_u16()
}

async fn the_test_mail_link_confirms_it_once_and_a_wrong_old_or_expired_one_does_not(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let line = test_mail_line(&app, &token).await;
    assert_eq!(line["done"], false);
    assert_eq!(
        line["detail"],
        "Stuur jezelf een testmail en klik op de link erin."
    );

    send_test_mail(&app, &token).await;
    let line = test_mail_line(&app, &token).await;
    assert_eq!(line["done"], false);
    assert!(
        line["detail"]
            .as_str()
            .unwrap()
            .contains("verstuurd, nog niet bevestigd"),
        "{line}"
    );
    let mail = app.wait_for_mails_to(ADMIN_EMAIL, 1).await.remove(0);
    assert!(
        // PUBLIC_URL is unset in the tests: siteUrl of config/site.json.
        mail.contains(&format!(
            "Ik heb deze mail ontvangen: https://www.inlumine.be{LINK}"
        )),
        "the plain text carries the link: {mail}"
    );
    let link = token_after(&mail, LINK);
    assert_eq!(link.len(), 43, "256 random bits: {link}");

    // Only the hash is stored.
    let stored: i64 = app
        .count("SELECT COUNT(*) FROM settings WHERE test_mail_token_hash IS NOT NULL")
        .await;
    assert_eq!(stored, 1);
    let mut not_the_link = link.clone();
    not_the_link.replace_range(..1, if link.starts_with('A') { "B" } else { "A" });
    assert_eq!(confirm(&app, &not_the_link).await, 404);
    assert_eq!(confirm(&app, "").await, 404);
    assert_eq!(test_mail_line(&app, &token).await["done"], false);

    assert_eq!(confirm(&app, &link).await, 204);
    let line = test_mail_line(&app, &token).await;
    assert_eq!(line["done"], true);
    assert_eq!(line["detail"], "Je bevestigde dat je testmail aankwam.");
    // Once.
    let res = app.post_json(RECEIVED, &json!({ "token": link })).await;
    assert_eq!(res.status(), 404);
    let body: Value = res.json().await.unwrap();
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("al gebruikt"),
        "{body}"
    );

    // A new test mail waits for its own confirmation; the older link no longer counts.
    let list = send_test_mail(&app, &token).await;
    assert!(list["test_mail_received_at"].is_null(), "{list}");
    assert_eq!(test_mail_line(&app, &token).await["done"], false);
    let mails = app.wait_for_mails_to(ADMIN_EMAIL, 2).await;
    let newer = mails
        .iter()
        .map(|m| token_after(m, LINK))
        .find(|t| *t != link)
        .expect("the second mail has its own link");
    assert_eq!(confirm(&app, &link).await, 404);

    // Past its 7 days the link does nothing.
    sqlx::query(
        "UPDATE settings SET test_mail_token_expires_at = '2000-01-01T00:00:00.000000Z' WHERE id = 1",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    assert_eq!(confirm(&app, &newer).await, 404);
    assert_eq!(test_mail_line(&app, &token).await["done"], false);
}

/// The `From:` header line of a raw mail.
fn from_header(mail: &str) -> &str {
    mail.lines()
        .find(|l| l.starts_with("From: "))
        .unwrap_or_else(|| panic!("no From header in:\n{mail}"))
}

async fn mails_show_a_png_logo_and_the_saved_brand_as_sender_name_from_the_configured_address(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    send_test_mail(&app, &token).await;
    let mail = app.wait_for_mails_to(ADMIN_EMAIL, 1).await.remove(0);
    assert!(
        mail.contains(
            "<img src=\"https://www.inlumine.be/images/logo.png\" alt=\"In Lumine\" width=\"48\" height=\"48\""
        ),
        "{mail}"
    );
    assert!(!mail.contains("logo.svg"), "{mail}");
    let from = from_header(&mail);
    assert!(
        from.contains("In Lumine") && from.contains("<hallo@inlumine.be>"),
        "{from}"
    );

    // The coach renames her business and changes her contact address.
    let mut details: Value = app
        .authed(Method::GET, "/api/admin/settings", &token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    details["brand"] = json!("Praktijk Lumen");
    details["email"] = json!("lien@praktijk-lumen.be");
    let res = app
        .authed(Method::PUT, "/api/admin/settings", &token)
        .json(&details)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    send_test_mail(&app, &token).await;
    let mails = app.wait_for_mails_to(ADMIN_EMAIL, 2).await;
    let renamed = mails
        .iter()
        .find(|m| m.contains("Testmail van Praktijk Lumen"))
        .expect("the second test mail");
    let from = from_header(renamed);
    assert!(from.contains("Praktijk Lumen"), "the name follows: {from}");
    assert!(!from.contains("In Lumine"), "{from}");
    assert!(
        from.contains("<hallo@inlumine.be>"),
        "the verified address stays: {from}"
    );
    assert!(
        renamed.contains("alt=\"Praktijk Lumen\""),
        "the logo's alt is the brand: {renamed}"
    );
}

async fn the_confirmation_link_is_rate_limited(engine: Engine) {
    let app = spawn_app_with(engine, |s| s.limits.test_mail_links_per_ip_per_hour = 2).await;
    assert_eq!(confirm(&app, "geraden-1").await, 404);
    assert_eq!(confirm(&app, "geraden-2").await, 404);
    let res = app
        .post_json(RECEIVED, &json!({ "token": "geraden-3" }))
        .await;
    assert_eq!(res.status(), 429);
    assert!(res.headers().contains_key("retry-after"));
}

/// Payments, SMTP, backups and https (server configuration) explain themselves while open: what
/// it means, what to do, a question for her host to copy, links where they exist; no "see README"
/// and no setting names outside that question.
async fn open_server_lines_say_in_plain_dutch_what_to_do_and_what_to_ask_the_host(engine: Engine) {
    let app = spawn_app_with(engine, |s| {
        s.public_url = "http://www.example.be".into();
    })
    .await;
    let token = app.admin_token().await;
    let list: Value = app
        .authed(Method::GET, "/api/admin/go-live", &token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let line = |id: &str| {
        list["checks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == id)
            .unwrap_or_else(|| panic!("no {id} line: {list}"))
            .clone()
    };
    // What she reads on screen names no setting (BACKUP_KEEP, PUBLIC_URL) or program (pg_dump):
    // those are for her host, in the question she copies.
    let names_a_setting = |text: &str| {
        text.contains("pg_dump")
            || text
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .any(|word| {
                    word.contains('_') && word.chars().all(|c| c.is_ascii_uppercase() || c == '_')
                })
    };
    for id in ["payments", "mail", "backups", "https"] {
        let l = line(id);
        assert_eq!(l["done"], false, "{l}");
        assert_eq!(l["fix"], "host", "{l}");
        let detail = l["detail"].as_str().unwrap();
        let help = l["help"].as_str().unwrap();
        assert!(!detail.contains("README"), "{detail}");
        assert!(!names_a_setting(detail), "{detail}");
        assert!(help.len() > 100, "{l}");
        assert!(!help.contains("README"), "{l}");
        assert!(!names_a_setting(help), "{help}");
        assert!(
            l["ask_host"].as_str().unwrap().starts_with("Wil je "),
            "{l}"
        );
    }
    // The tests make no daily backups: the line says what that means, and to keep a copy elsewhere.
    let backups = line("backups");
    let detail = backups["detail"].as_str().unwrap();
    assert!(
        detail.contains("geen dagelijkse back-up") && detail.contains("foto's"),
        "{detail}"
    );
    assert!(
        backups["help"]
            .as_str()
            .unwrap()
            .contains("naar een andere plek"),
        "{backups}"
    );
    let ask = backups["ask_host"].as_str().unwrap();
    assert!(
        ask.contains("andere plek") && ask.contains("BACKUP_KEEP"),
        "{ask}"
    );
    assert_eq!(
        line("payments")["links"][0]["url"],
        "https://www.mollie.com/be"
    );
    assert!(
        line("https")["ask_host"]
            .as_str()
            .unwrap()
            .contains("PUBLIC_URL=https://www.example.be?")
    );
    // A line she fixes in the admin herself has no question for the host.
    let test_mail = line("test_mail");
    assert!(test_mail["ask_host"].is_null() && test_mail["links"] == json!([]));
}
