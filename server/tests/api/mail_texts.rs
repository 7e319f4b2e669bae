//! Beheer > Mails: the coach edits a visitor mail's text (validated, restorable), the next mail
//! of that type uses it with its placeholders filled and escaped, and she can preview it and send
//! herself a test.
use reqwest::Method;
use serde_json::{Value, json};

use crate::commerce::{evening, order_body, press, started};
use crate::helpers::{ADMIN_EMAIL, Engine, spawn_app};

both_engines!(
    the_coach_edits_validates_and_restores_a_mail_text,
    an_edited_order_confirmation_is_in_the_next_orders_mail_with_escaped_values,
    the_preview_and_the_test_mail_use_sample_values,
);

async fn the_coach_edits_validates_and_restores_a_mail_text(engine: Engine) {
    let app = spawn_app(engine).await;
    let (status, _) = app
        .admin_send("no-token", Method::GET, "/api/admin/mails", None)
        .await;
    assert_eq!(status, 401);
    let token = app.admin_token().await;

    let (status, list) = app
        .admin_send(&token, Method::GET, "/api/admin/mails", None)
        .await;
    assert_eq!(status, 200);
    let kinds: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["kind"].as_str().unwrap())
        .collect();
    for kind in [
        "order_tickets",
        "order_course",
        "newsletter_opt_in",
        "contact_auto_reply",
        "intro_call_booked",
        "intro_call_reminder",
        "webinar_confirmation",
        "webinar_reminder",
        "credit_note",
    ] {
        assert!(kinds.contains(&kind), "{kind} missing in {kinds:?}");
    }
    assert!(
        list.as_array()
            .unwrap()
            .iter()
            .all(|m| m["customised"] == false)
    );

    let (status, _) = app
        .admin_send(&token, Method::GET, "/api/admin/mails/bestaat_niet", None)
        .await;
    assert_eq!(status, 404);
    let (status, mail) = app
        .admin_send(
            &token,
            Method::GET,
            "/api/admin/mails/newsletter_opt_in",
            None,
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(mail["body"], mail["default_body"]);
    assert!(
        mail["placeholders"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["name"] == "bevestigen" && p["required"] == true)
    );

    // Refused with a Dutch message per field, and nothing stored.
    let path = "/api/admin/mails/newsletter_opt_in";
    for (input, field, message) in [
        (
            json!({"subject": "Hallo {naam}", "body": "[Ja]({bevestigen})"}),
            "subject",
            "{naam} kennen we niet",
        ),
        (
            json!({"subject": "Bevestig", "body": "Dag {voornaam}, klik hier niet."}),
            "body",
            "Laat {bevestigen} in de tekst staan",
        ),
        (
            json!({"subject": "Bevestig", "body": "[Klik](javascript:alert(1)) {bevestigen}"}),
            "body",
            "moet beginnen met https://",
        ),
        (
            json!({"subject": "", "body": "{bevestigen}"}),
            "subject",
            "Geef de mail een onderwerp.",
        ),
    ] {
        let (status, body) = app.admin_send(&token, Method::PUT, path, Some(input)).await;
        assert_eq!(status, 422, "{body}");
        let text = body.to_string();
        assert!(text.contains(field) && text.contains(message), "{body}");
    }
    let (status, _) = app
        .admin_send(
            &token,
            Method::PUT,
            path,
            Some(json!({"subject": "x", "body": "{bevestigen}", "extra": 1})),
        )
        .await;
    assert_eq!(status, 422);
    assert_eq!(app.count("SELECT COUNT(*) FROM mail_templates").await, 0);

    let saved_body = "Hoi {voornaam}!\n\n[Ja, ik wil de nieuwsbrief]({bevestigen})";
    let (status, saved) = app
        .admin_send(
            &token,
            Method::PUT,
            path,
            Some(json!({"subject": "Welkom bij {merk}", "body": saved_body})),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["customised"], true);
    assert_eq!(saved["body"], saved_body);

    // The next opt-in mail has it, with the confirmation link filled in.
    let res = app
        .post_json(
            "/api/newsletter",
            &json!({"firstName": "Sofie", "email": "lezer@example.be"}),
        )
        .await;
    assert!(res.status().is_success(), "{}", res.text().await.unwrap());
    let mail = &app.wait_for_mails_to("lezer@example.be", 1).await[0];
    assert!(mail.contains("Subject: Welkom bij In Lumine"), "{mail}");
    assert!(mail.contains("Hoi Sofie!"), "{mail}");
    assert!(mail.contains(
        "Ja, ik wil de nieuwsbrief: https://www.inlumine.be/nieuwsbrief/bevestigen?token="
    ));
    assert!(!mail.contains("Fijn dat je je wilt inschrijven"));

    let (status, list) = app
        .admin_send(&token, Method::GET, "/api/admin/mails", None)
        .await;
    assert_eq!(status, 200);
    let opt_in = list
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["kind"] == "newsletter_opt_in")
        .unwrap();
    assert_eq!(opt_in["customised"], true);

    let (status, restored) = app.admin_send(&token, Method::DELETE, path, None).await;
    assert_eq!(status, 200);
    assert_eq!(restored["customised"], false);
    assert_eq!(restored["body"], restored["default_body"]);
    assert_eq!(app.count("SELECT COUNT(*) FROM mail_templates").await, 0);
}

async fn an_edited_order_confirmation_is_in_the_next_orders_mail_with_escaped_values(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let (status, saved) = app
        .admin_send(
            &token,
            Method::PUT,
            "/api/admin/mails/order_tickets",
            Some(json!({
                "subject": "Tot op {evenement}, {voornaam}",
                "body": "Hallo {voornaam}!\n\nJouw plek bij **{evenement}** is zeker.\nWanneer: {datum}\n\nVragen? [Mail ons](mailto:hallo@inlumine.be)",
            })),
        )
        .await;
    assert_eq!(status, 200, "{saved}");

    let event = evening(&app, 10).await;
    sqlx::query("UPDATE events SET title = 'Avond <b>&</b> stilte' WHERE id = $1")
        .bind(event)
        .execute(&app.pool)
        .await
        .unwrap();
    let (_, reference) = started(&app, &order_body("vertelavond", Some(event), 1)).await;
    press(&app, &reference, "paid").await;
    let mail = &app.wait_for_mails_to("sofie@example.be", 1).await[0];

    // The coach's text, in both parts.
    assert!(
        mail.contains("Subject: Tot op Avond <b>&</b> stilte, Sofie"),
        "{mail}"
    );
    assert!(mail.contains("Hallo Sofie!"));
    assert!(mail.contains("Jouw plek bij Avond <b>&</b> stilte is zeker."));
    assert!(mail.contains(
        "Jouw plek bij <strong>Avond &lt;b&gt;&amp;&lt;/b&gt; stilte</strong> is zeker."
    ));
    assert!(mail.contains("Mail ons: hallo@inlumine.be"));
    assert!(mail.contains("<a href=\"mailto:hallo@inlumine.be\""));
    assert!(!mail.contains("Je betaling is goed ontvangen"));
    // The value never becomes markup.
    assert!(!mail.contains("<strong>Avond <b>"));
    // What is not prose is still generated: the code, the order lines, the attachments.
    assert!(mail.contains("Ticket 1: "));
    assert!(mail.contains("Totaal betaald: "));
    assert!(mail.contains("text/calendar"));
    // The letterhead and the signature from the business details.
    assert!(
        mail.contains("<img src=\"https://www.inlumine.be/images/logo.png\" alt=\"In Lumine\"")
    );
    assert!(
        mail.contains("Warme groet,\r\nLien Vermeulen\r\nIn Lumine")
            || mail.contains("Warme groet,\nLien Vermeulen\nIn Lumine"),
        "{mail}"
    );
}

async fn the_preview_and_the_test_mail_use_sample_values(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let input = json!({
        "subject": "Je tickets voor {evenement}",
        "body": "Dag {voornaam},\n\nTot op **{evenement}** in {plaats}.",
    });
    let (status, preview) = app
        .admin_send(
            &token,
            Method::POST,
            "/api/admin/mails/order_tickets/preview",
            Some(input.clone()),
        )
        .await;
    assert_eq!(status, 200, "{preview}");
    assert_eq!(preview["subject"], "Je tickets voor Vertelavond");
    let html = preview["html"].as_str().unwrap();
    assert!(html.contains("<p>Dag Anna,</p>"), "{html}");
    assert!(html.contains("Tot op <strong>Vertelavond</strong> in De Zolder"));
    assert!(
        preview["text"]
            .as_str()
            .unwrap()
            .contains("Tot op Vertelavond in De Zolder")
    );
    let (status, body) = app
        .admin_send(
            &token,
            Method::POST,
            "/api/admin/mails/order_tickets/preview",
            Some(json!({"subject": "x", "body": "Dag {klant}"})),
        )
        .await;
    assert_eq!(status, 422);
    assert!(body.to_string().contains("{klant} kennen we niet"));

    let (status, sent): (u16, Value) = app
        .admin_send(
            &token,
            Method::POST,
            "/api/admin/mails/order_tickets/test",
            Some(input),
        )
        .await;
    assert_eq!(status, 202, "{sent}");
    assert_eq!(sent["to"], ADMIN_EMAIL);
    let mail = &app.wait_for_mails_to(ADMIN_EMAIL, 1).await[0];
    assert!(
        mail.contains("Subject: [Test] Je tickets voor Vertelavond"),
        "{mail}"
    );
    assert!(mail.contains("Tot op Vertelavond in De Zolder"));
    // Testing saves nothing.
    assert_eq!(app.count("SELECT COUNT(*) FROM mail_templates").await, 0);
}
