//! Importing her subscribers from the CSV of her previous newsletter tool: Belgian Excel files,
//! every bad row reported with its line and a Dutch reason, all valid rows in one go, nobody twice,
//! and imported people part of Personen (search, export, erasure).
use std::time::Instant;

use reqwest::Method;
use serde_json::{Value, json};
use sqlx::Row;

use crate::campaigns::insert_subscriber;
use crate::helpers::{Engine, TestApp, spawn_app};

both_engines!(
    five_thousand_subscribers_with_twenty_bad_rows_import_at_once_and_a_second_import_adds_nobody,
    an_import_needs_a_confirmed_basis_an_email_column_and_an_admin,
    imported_people_are_found_exported_and_erased_in_personen,
);

const IMPORT: &str = "/api/admin/subscribers/import";

async fn import(app: &TestApp, token: &str, csv: &str, basis: &str) -> (u16, Value) {
    app.admin_send(
        token,
        Method::POST,
        IMPORT,
        Some(json!({"csv": csv, "basis": basis, "confirmed": true})),
    )
    .await
}

/// 5,000 rows as Belgian Excel saves them (BOM, `;`, CRLF, Belgian dates), of which 20 are bad;
/// with the line number (header = 1) and the start of the reason of each bad row.
fn big_file() -> (String, Vec<(i64, &'static str)>) {
    let mut csv = String::from("\u{feff}Naam;E-mail;Datum toestemming;Bron\r\n");
    let mut bad = Vec::new();
    for i in 0..5000_i64 {
        let line = i + 2;
        let row = match i % 250 {
            // 20 bad rows, spread over the file: 4 of each kind.
            7 if i < 1000 => {
                bad.push((line, "‘lezer"));
                format!("Lezer {i};lezer{i}(at)example.be;01/02/2023;Mailchimp")
            }
            7 if i < 2000 => {
                bad.push((line, "Het e-mailadres ontbreekt"));
                format!("Lezer {i};;01/02/2023;Mailchimp")
            }
            7 if i < 3000 => {
                bad.push((line, "De datum van toestemming ‘"));
                format!("Lezer {i};lezer{i}@example.be;31/02/2023;Mailchimp")
            }
            7 if i < 4000 => {
                bad.push((line, "De datum van toestemming ligt in de toekomst"));
                format!("Lezer {i};lezer{i}@example.be;01/02/2999;Mailchimp")
            }
            7 => {
                // The same address as the row before it, in other capitals.
                bad.push((line, "Dit adres staat al op regel"));
                format!("Lezer {i};LEZER{}@Example.be;1/2/2023;Mailchimp", i - 1)
            }
            _ => format!(
                "\"Lezer {i}; de {}e\";lezer{i}@example.be;{:02}/0{}/2023;\"Workshop \"\"Gent\"\"\"",
                i % 7,
                1 + i % 28,
                1 + i % 9
            ),
        };
        csv.push_str(&row);
        csv.push_str("\r\n");
    }
    (csv, bad)
}

async fn five_thousand_subscribers_with_twenty_bad_rows_import_at_once_and_a_second_import_adds_nobody(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let (csv, bad) = big_file();
    assert_eq!(bad.len(), 20);

    let started = Instant::now();
    let (status, report) = import(&app, &token, &csv, "consent").await;
    let took = started.elapsed();
    eprintln!("[{engine:?}] import of 5,000 rows (20 bad): {took:?}");
    assert_eq!(status, 200, "{report}");
    assert!(took.as_secs_f64() < 10.0, "took {took:?}");
    assert_eq!(report["added"], 4980, "{report}");
    assert_eq!(report["rows"], 5000);
    let skipped = report["skipped"].as_array().unwrap();
    assert_eq!(skipped.len(), 20, "{report}");
    for (row, (line, reason)) in skipped.iter().zip(&bad) {
        assert_eq!(row["line"], *line, "{row}");
        let text = row["reason"].as_str().unwrap();
        assert!(text.starts_with(reason), "line {line}: {text}");
    }
    assert_eq!(
        app.count(
            "SELECT COUNT(*) FROM newsletter_subscribers WHERE status = 'confirmed' \
                   AND imported_at IS NOT NULL AND import_basis = 'consent'"
        )
        .await,
        4980
    );
    // A quoted cell keeps its separator and quotes; the first name is the first word.
    let row = sqlx::query(
        "SELECT first_name, email, consent_at, import_source, confirmed_at FROM newsletter_subscribers \
         WHERE email_normalized = 'lezer8@example.be'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(row.try_get::<String, _>("first_name").unwrap(), "Lezer");
    assert_eq!(
        row.try_get::<String, _>("import_source").unwrap(),
        "Workshop \"Gent\""
    );
    // 09/09/2023 at midnight in Brussels (summer time).
    assert_eq!(
        row.try_get::<String, _>("consent_at").unwrap(),
        "2023-09-08T22:00:00.000000Z"
    );
    // Nobody gets an opt-in mail: they confirmed in her previous tool.
    assert_eq!(app.count("SELECT COUNT(*) FROM outbox").await, 0);

    let started = Instant::now();
    let (status, again) = import(&app, &token, &csv, "consent").await;
    eprintln!("[{engine:?}] the same file again: {:?}", started.elapsed());
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["added"], 0);
    let skipped = again["skipped"].as_array().unwrap();
    assert_eq!(skipped.len(), 5000);
    assert_eq!(
        skipped
            .iter()
            .filter(|s| s["reason"] == "Staat al op je lijst.")
            .count(),
        4980
    );
    assert_eq!(
        app.count("SELECT COUNT(*) FROM newsletter_subscribers")
            .await,
        4980
    );
}

async fn an_import_needs_a_confirmed_basis_an_email_column_and_an_admin(engine: Engine) {
    let app = spawn_app(engine).await;
    let csv = "naam,email,datum,bron\nAnna,anna@example.be,2024-05-01,beurs\n";
    let res = app
        .client
        .post(app.url(IMPORT))
        .json(&json!({"csv": csv, "basis": "consent", "confirmed": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 401);
    let token = app.admin_token().await;

    let (status, body) = app
        .admin_send(
            &token,
            Method::POST,
            IMPORT,
            Some(json!({"csv": csv, "basis": "vriendschap", "confirmed": false})),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    let fields = &body["error"]["fields"];
    assert!(
        fields["basis"].as_str().unwrap().contains("toestemming"),
        "{body}"
    );
    assert!(
        fields["confirmed"]
            .as_str()
            .unwrap()
            .starts_with("Bevestig"),
        "{body}"
    );

    let (status, body) = import(&app, &token, "naam;telefoon\nAnna;0470\n", "consent").await;
    assert_eq!(status, 422, "{body}");
    assert!(
        body["error"]["fields"]["csv"]
            .as_str()
            .unwrap()
            .contains("kolom met het e-mailadres"),
        "{body}"
    );
    let (status, body) = import(&app, &token, "", "consent").await;
    assert_eq!(status, 422, "{body}");

    // Too big a file is refused before it is read.
    let huge = format!("email\n{}", "x@example.be\n".repeat(800_000));
    let (status, _) = import(&app, &token, &huge, "consent").await;
    assert_eq!(status, 413);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM newsletter_subscribers")
            .await,
        0
    );

    // Someone who unsubscribed on the site stays unsubscribed; a pending signup stays pending.
    insert_subscriber(&app.pool, "weg@example.be", "unsubscribed").await;
    insert_subscriber(&app.pool, "wacht@example.be", "pending").await;
    let csv = "naam,email,datum,bron\nAnna,anna@example.be,2024-05-01,beurs\n\
               Wim,Weg@example.be,,\nWanda,wacht@example.be,,\n";
    let (status, report) = import(&app, &token, csv, "customer").await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["added"], 1);
    assert_eq!(report["skipped"][0]["line"], 3);
    assert!(
        report["skipped"][0]["reason"]
            .as_str()
            .unwrap()
            .starts_with("Schreef zich eerder uit"),
        "{report}"
    );
    assert_eq!(report["skipped"][1]["line"], 4);
    let statuses: Vec<(String, String)> = sqlx::query(
        "SELECT email_normalized, status FROM newsletter_subscribers ORDER BY email_normalized",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap()
    .iter()
    .map(|r| (r.try_get(0).unwrap(), r.try_get(1).unwrap()))
    .collect();
    assert_eq!(
        statuses,
        [
            ("anna@example.be".into(), "confirmed".into()),
            ("wacht@example.be".into(), "pending".into()),
            ("weg@example.be".into(), "unsubscribed".into()),
        ]
    );
    let (status, list) = app
        .admin_send(&token, Method::GET, "/api/admin/subscribers?q=anna", None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(list["items"][0]["import_basis"], "customer", "{list}");
    assert!(list["items"][0]["imported_at"].is_string());
}

async fn imported_people_are_found_exported_and_erased_in_personen(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let csv = "\u{feff}Naam;E-mail;Datum toestemming;Bron\r\nGeertrui Goossens;geertrui@example.be;3/4/2022;Vorige nieuwsbrief\r\n";
    let (status, report) = import(&app, &token, csv, "consent").await;
    assert_eq!(status, 200, "{report}");
    let (status, page) = app
        .admin_send(&token, Method::GET, "/api/admin/people?q=geertrui", None)
        .await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["total"], 1, "{page}");
    let res = app
        .authed(
            Method::GET,
            "/api/admin/people/export?email=geertrui@example.be",
            &token,
        )
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let exported: Value = res.json().await.unwrap();
    let rows = exported["records"]["subscriber"].as_array().unwrap();
    assert_eq!(rows[0]["import_source"], "Vorige nieuwsbrief", "{exported}");
    assert_eq!(rows[0]["import_basis"], "consent");
    assert!(
        rows[0]["consent_at"]
            .as_str()
            .unwrap()
            .starts_with("2022-04-0")
    );
    let (status, erased) = app
        .admin_send(
            &token,
            Method::POST,
            "/api/admin/people/erase",
            Some(json!({"email": "geertrui@example.be", "confirmation": "geertrui@example.be"})),
        )
        .await;
    assert_eq!(status, 200, "{erased}");
    assert_eq!(erased["counts"]["subscribers"], 1);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM newsletter_subscribers")
            .await,
        0
    );
}
