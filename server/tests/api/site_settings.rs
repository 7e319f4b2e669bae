//! Beheer > Instellingen: the business details, validated, and live on pages, in JSON-LD, mails
//! and `.ics` files without a restart, also through a second server.
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Engine, TestApp, attachment, json_ld, spawn_app, spawn_second_server};

both_engines!(
    the_defaults_come_from_site_json_and_only_an_admin_reads_or_saves_them,
    bad_details_get_a_dutch_message_per_field_and_nothing_is_saved,
    saved_details_show_in_the_raw_html_its_json_ld_and_the_data_block,
    brand_coach_name_and_city_follow_in_header_footer_sentences_title_and_json_ld,
    saved_details_show_in_mails_and_ics_files,
    a_change_through_one_server_shows_through_another_within_a_second,
    the_go_live_checklist_names_what_is_left_and_where_to_fix_it,
    a_cleared_social_link_is_saved_empty_and_shows_nowhere,
);

async fn current(app: &TestApp, token: &str) -> Value {
    let res = app
        .authed(Method::GET, "/api/admin/settings", token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    res.json().await.unwrap()
}

/// Saves the current details with `changes` over them.
async fn save(app: &TestApp, token: &str, changes: Value) -> reqwest::Response {
    let mut details = current(app, token).await;
    for (k, v) in changes.as_object().unwrap() {
        details[k] = v.clone();
    }
    app.authed(Method::PUT, "/api/admin/settings", token)
        .json(&details)
        .send()
        .await
        .unwrap()
}

async fn the_defaults_come_from_site_json_and_only_an_admin_reads_or_saves_them(engine: Engine) {
    let app = spawn_app(engine).await;
    assert_eq!(app.get("/api/admin/settings").await.status(), 401);
    let res = app
        .client
        .put(app.url("/api/admin/settings"))
        .json(&json!({"phone": "0491 23 45 67"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 401);
    let token = app.admin_token().await;
    let details = current(&app, &token).await;
    assert_eq!(details["brand"], "In Lumine");
    assert_eq!(details["phone"], "+32 470 12 34 56");
    assert_eq!(details["street"], "Voorbeeldstraat 1");
    assert_eq!(details["vat_exempt"], false);
    // Unchanged pages are the build's own bytes, without a data block.
    let html = app.get("/contact").await.text().await.unwrap();
    assert!(!html.contains("id=\"live-site\""));
}

async fn bad_details_get_a_dutch_message_per_field_and_nothing_is_saved(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let res = save(
        &app,
        &token,
        json!({
            "brand": "",
            "email": "geen-adres",
            "phone": "bel me",
            "postal_code": "28000",
            "vat_number": "BE0123.456.700",
            "facebook": "http://www.facebook.com/x",
            "quiz_url": "javascript:alert(1)",
            "intro_video_url": "https://example.com/video",
            "tagline": "Eerste regel\nTweede regel",
        }),
    )
    .await;
    assert_eq!(res.status(), 422);
    let body: Value = res.json().await.unwrap();
    let fields = &body["error"]["fields"];
    for field in [
        "brand",
        "email",
        "phone",
        "postal_code",
        "vat_number",
        "facebook",
        "quiz_url",
        "intro_video_url",
        "tagline",
    ] {
        assert!(fields[field].is_string(), "{field}: {body}");
    }
    assert!(
        fields["vat_number"]
            .as_str()
            .unwrap()
            .contains("controlecijfers")
    );
    assert!(fields["facebook"].as_str().unwrap().contains("https"));
    // Unknown fields are refused too.
    let res = app
        .authed(Method::PUT, "/api/admin/settings", &token)
        .json(&json!({"brand": "X", "admin": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 422);
    assert_eq!(app.count("SELECT COUNT(*) FROM settings").await, 0);
    assert_eq!(current(&app, &token).await["brand"], "In Lumine");
}

async fn saved_details_show_in_the_raw_html_its_json_ld_and_the_data_block(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let res = save(
        &app,
        &token,
        json!({
            "phone": "0491 23 45 67",
            "email": "lien@praktijk-lumen.be",
            "tagline": "Coaching <met> hart & ziel",
            "vat_number": "be 0123 456 749",
            "instagram": "https://www.instagram.com/lumen",
            "city": "Lier",
            "street": "Kerkstraat 7 & 9",
        }),
    )
    .await;
    assert_eq!(res.status(), 200);
    let saved: Value = res.json().await.unwrap();
    assert_eq!(saved["vat_number"], "BE0123.456.749");

    // At once on the server that saved them, in the HTML as sent.
    let html = app.get("/contact").await.text().await.unwrap();
    assert!(
        html.contains("<a href=\"tel:0491234567\" class=\"text-link\" data-live-href=\"phone\"><span data-live=\"phone\">0491 23 45 67</span></a>"),
        "{html}"
    );
    assert!(html.contains(
        "<a data-live-href=\"email\" href=\"mailto:lien@praktijk-lumen.be\" data-live=\"email\">lien@praktijk-lumen.be</a>"
    ));
    assert!(html.contains("data-live=\"tagline\">Coaching &lt;met&gt; hart &amp; ziel</p>"));
    assert!(html.contains("<span data-live=\"vatNumber\">BE0123.456.749</span>"));
    assert!(html.contains("href=\"https://www.instagram.com/lumen\""));
    // The map link as the web app makes it (encodeURIComponent), with the saved city.
    assert!(html.contains(
        "href=\"https://www.openstreetmap.org/search?query=Kerkstraat%207%20%26%209%2C%202800%20Lier\" data-live-href=\"mapsUrl\""
    ), "{html}");
    assert!(!html.contains("+32 470 12 34 56"));
    assert!(html.contains("content=\"Mail lien@praktijk-lumen.be of bel 0491 23 45 67.\""));
    let data = json_ld(&html);
    assert_eq!(data[0]["telephone"], "0491 23 45 67");
    assert_eq!(data[0]["email"], "lien@praktijk-lumen.be");
    assert_eq!(data[0]["address"]["addressLocality"], "Lier");
    // The same values for the web app to render with, unable to close the script.
    let block = html
        .split("<script type=\"application/json\" id=\"live-site\">")
        .nth(1)
        .unwrap();
    let block: Value = serde_json::from_str(&block[..block.find("</script>").unwrap()]).unwrap();
    assert_eq!(block["phone"], "0491 23 45 67");
    assert_eq!(block["tagline"], "Coaching <met> hart & ziel");
    assert!(html.find("id=\"live-site\"").unwrap() < html.find("</head>").unwrap());

    // The home page's LocalBusiness data, made by the server.
    let home = app.get("/").await.text().await.unwrap();
    let business = &json_ld(&home)[0];
    assert_eq!(business["telephone"], "0491 23 45 67");
    assert_eq!(business["address"]["addressLocality"], "Lier");
    // The 404 page carries them too.
    let missing = app.get("/bestaat-niet").await;
    assert_eq!(missing.status(), 404);
    assert!(missing.text().await.unwrap().contains("id=\"live-site\""));
    // Compressed variants are the same page.
    let br = app
        .client
        .get(app.url("/contact"))
        .header("accept-encoding", "br")
        .send()
        .await
        .unwrap();
    assert_eq!(br.headers()["content-encoding"], "br");
}

async fn brand_coach_name_and_city_follow_in_header_footer_sentences_title_and_json_ld(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let res = save(
        &app,
        &token,
        json!({"brand": "Praktijk & Lumen", "coach_name": "An Peeters", "city": "Lier"}),
    )
    .await;
    assert_eq!(res.status(), 200);

    let home = app.get("/").await.text().await.unwrap();
    for part in [
        "<title>Home | Praktijk &amp; Lumen</title>",
        "content=\"Home | Praktijk &amp; Lumen\"",
        // Header and footer.
        "<span class=\"font-serif\"><span data-live=\"brand\">Praktijk &amp; Lumen</span></span>",
        "<span data-live=\"postalCode\">2800</span> <span data-live=\"city\">Lier</span>",
        "© 2026 <span data-live=\"brand\">Praktijk &amp; Lumen</span>. Alle rechten voorbehouden.",
        // A page sentence.
        "Maak kennis met <span data-live=\"coachFirstName\">An</span>: in mijn praktijk in <span data-live=\"city\">Lier</span>",
    ] {
        assert!(home.contains(part), "{part} in {home}");
    }
    let business = &json_ld(&home)[0];
    assert_eq!(business["name"], "Praktijk & Lumen");
    assert_eq!(business["address"]["addressLocality"], "Lier");

    let about = app.get("/over-mij").await.text().await.unwrap();
    for part in [
        "<title>Over mij | Praktijk &amp; Lumen</title>",
        "content=\"Maak kennis met An Peeters, transformationele coach in Lier, en ontdek hoe ze werkt.\"",
        "<meta property=\"og:site_name\" content=\"Praktijk &amp; Lumen\"/>",
        "alt=\"Portret van An Peeters\" data-live-attrs=\"\"",
        "Hallo, ik ben <span data-live=\"coachName\">An Peeters</span>",
        "Met <span data-live=\"brand\">Praktijk &amp; Lumen</span> wil ik",
        "praktijk in <span data-live=\"city\">Lier</span>, en online.",
    ] {
        assert!(about.contains(part), "{part} in {about}");
    }
    let organization = &json_ld(&about)[0];
    assert_eq!(organization["name"], "Praktijk & Lumen");
    assert_eq!(organization["founder"]["name"], "An Peeters");
    assert_eq!(organization["address"]["addressLocality"], "Lier");
    assert_eq!(
        organization["description"],
        "Praktijk & Lumen begeleidt je naar meer zelfinzicht. Coaching in Lier."
    );
    // None of the old values is left where the page marks or names them.
    for page in [&home, &about] {
        let body = &page[page.find("<body>").unwrap()..];
        for old in ["In Lumine", "Lien", "Mechelen"] {
            assert!(!body.contains(&format!(">{old}<")), "{old} in {body}");
        }
        let head = &page[..page.find("</head>").unwrap()];
        let head = &head[..head.find("<script type=\"application/json\"").unwrap()];
        for old in ["In Lumine", "Lien Vermeulen", "Mechelen"] {
            assert!(!head.contains(old), "{old} in {head}");
        }
    }
    // The values for the web app to render with.
    let block = about
        .split("<script type=\"application/json\" id=\"live-site\">")
        .nth(1)
        .unwrap();
    let block: Value = serde_json::from_str(&block[..block.find("</script>").unwrap()]).unwrap();
    assert_eq!(block["brand"], "Praktijk & Lumen");
    assert_eq!(block["coachName"], "An Peeters");
    assert_eq!(block["coachFirstName"], "An");
    assert_eq!(block["city"], "Lier");
}

async fn saved_details_show_in_mails_and_ics_files(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let res = save(
        &app,
        &token,
        json!({"brand": "Praktijk Lumen", "street": "Kerkstraat 7", "postal_code": "2500", "city": "Lier"}),
    )
    .await;
    assert_eq!(res.status(), 200);
    let (_, mail) = crate::intro_calls::book_first(&app).await;
    let ics = attachment(&mail, "kennismakingsgesprek.ics");
    assert!(
        ics.contains("Kennismakingsgesprek met Praktijk Lumen"),
        "{ics}"
    );
    let res = app
        .post_json(
            "/api/contact",
            &json!({
                "name": "Sofie Peeters",
                "email": "sofie@example.be",
                "phone": "",
                "subject": "coaching",
                "message": "Dag Lien, hoe ziet een traject eruit?",
                "privacy_consent": true,
                "website": "",
            }),
        )
        .await;
    assert_eq!(res.status(), 200);
    let reply = app.wait_for_mails_to("sofie@example.be", 1).await.remove(0);
    assert!(reply.contains("Praktijk Lumen"), "{reply}");
}

async fn a_change_through_one_server_shows_through_another_within_a_second(engine: Engine) {
    if !matches!(engine, Engine::Postgres) {
        return;
    }
    let app = spawn_app(engine).await;
    let other = spawn_second_server(&app).await;
    // The other server has made the page before the change.
    assert!(
        other
            .get("/contact")
            .await
            .text()
            .await
            .unwrap()
            .contains("+32 470 12 34 56")
    );
    let token = app.admin_token().await;
    let res = save(&app, &token, json!({"phone": "0491 23 45 67"})).await;
    assert_eq!(res.status(), 200);
    let saved = Instant::now();
    loop {
        let html = other.get("/contact").await.text().await.unwrap();
        if html.contains(">0491 23 45 67</span>") {
            break;
        }
        assert!(
            saved.elapsed() < Duration::from_secs(1),
            "not seen within a second"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn checklist(app: &TestApp, token: &str) -> Value {
    let res = app
        .authed(Method::GET, "/api/admin/go-live", token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    res.json().await.unwrap()
}

fn done(list: &Value, id: &str) -> bool {
    list["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("no check {id}: {list}"))["done"]
        .as_bool()
        .unwrap()
}

async fn the_go_live_checklist_names_what_is_left_and_where_to_fix_it(engine: Engine) {
    let app = spawn_app(engine).await;
    assert_eq!(app.get("/api/admin/go-live").await.status(), 401);
    let token = app.admin_token().await;
    let list = checklist(&app, &token).await;
    assert_eq!(
        list["samples_left"],
        json!([
            "coach_name",
            "email",
            "phone",
            "street",
            "vat_number",
            "legal_name"
        ])
    );
    assert!(!done(&list, "samples"));
    assert!(
        !done(&list, "payments"),
        "the tests pay through the simulator"
    );
    assert!(!done(&list, "mail"), "the tests write mails to files");
    assert!(!done(&list, "legal"));
    assert!(!done(&list, "backups"), "the tests make no daily snapshots");
    assert!(done(&list, "https"));
    assert_eq!(list["all_done"], false);
    let samples = list["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "samples")
        .unwrap();
    assert_eq!(samples["fix"], "/admin/instellingen");

    // Real details clear the sample line (the phone alone leaves the rest).
    save(&app, &token, json!({"phone": "0491 23 45 67"})).await;
    assert_eq!(
        checklist(&app, &token).await["samples_left"],
        json!(["coach_name", "email", "street", "vat_number", "legal_name"])
    );
    let res = save(
        &app,
        &token,
        json!({
            "coach_name": "Lien Peeters",
            "email": "lien@praktijk-lumen.be",
            "street": "Kerkstraat 7",
            "vat_number": "BE0123.456.749",
        }),
    )
    .await;
    assert_eq!(res.status(), 200);
    // The sample name on invoices keeps the banner: the next invoice would carry it.
    let list = checklist(&app, &token).await;
    assert_eq!(list["samples_left"], json!(["legal_name"]));
    assert!(!done(&list, "samples"));
    let res = save(&app, &token, json!({"legal_name": "Lien Peeters"})).await;
    assert_eq!(res.status(), 200);
    let list = checklist(&app, &token).await;
    assert_eq!(list["samples_left"], json!([]));
    assert!(done(&list, "samples"));

    // The coach ticks the legal pages, and can untick them.
    let tick = |reviewed: bool| {
        app.authed(Method::PUT, "/api/admin/go-live/legal-pages", &token)
            .json(&json!({ "reviewed": reviewed }))
            .send()
    };
    let list: Value = tick(true).await.unwrap().json().await.unwrap();
    assert!(done(&list, "legal"));
    let list: Value = tick(false).await.unwrap().json().await.unwrap();
    assert!(!done(&list, "legal"));

    // The test mail goes to the signed-in admin; mail stays open while it only goes to files.
    let res = app
        .authed(Method::POST, "/api/admin/go-live/test-mail", &token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let list: Value = res.json().await.unwrap();
    assert!(list["test_mail_sent_at"].is_string());
    assert!(!done(&list, "mail"));
    let mail = app
        .wait_for_mails_to(crate::helpers::ADMIN_EMAIL, 1)
        .await
        .remove(0);
    assert!(mail.contains("Testmail van In Lumine"), "{mail}");
    // The saved details are intact after these writes to the same row.
    assert_eq!(current(&app, &token).await["coach_name"], "Lien Peeters");
}

async fn a_cleared_social_link_is_saved_empty_and_shows_nowhere(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    // A link that is not https is still refused; an empty one clears it.
    let res = save(&app, &token, json!({"instagram": "www.instagram.com/lien"})).await;
    assert_eq!(res.status(), 422);
    let res = save(&app, &token, json!({"instagram": "  "})).await;
    assert_eq!(res.status(), 200);
    assert_eq!(current(&app, &token).await["instagram"], "");
    assert_eq!(
        current(&app, &token).await["facebook"],
        "https://www.facebook.com/inlumine.coaching",
        "the others stay"
    );
    let html = app.get("/contact").await.text().await.unwrap();
    // The footer's icon is hidden (as the web app renders it), not a link to nowhere.
    assert!(
        html.contains("<a href=\"\" data-live-href=\"instagram\" hidden=\"\">Instagram</a>"),
        "{html}"
    );
    assert!(!html.contains("instagram.com"), "{html}");
    // No empty entry in the JSON-LD's profiles.
    assert_eq!(
        json_ld(&html)[0]["sameAs"],
        json!(["https://www.facebook.com/inlumine.coaching"])
    );
}
