//! Beheer > Pagina's: named page blocks with history. A saved text is sanitized, in the HTML the
//! server sends and in the page's JSON block, restorable from its versions, and seen by a second
//! server within a second.
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Engine, TestApp, spawn_app, spawn_second_server};

both_engines!(
    only_an_admin_lists_the_pages_blocks_with_their_defaults,
    a_saved_block_is_sanitized_and_in_the_html_the_server_sends,
    a_block_in_a_link_keeps_bold_and_italic_and_never_holds_a_link,
    every_save_is_a_version_and_an_earlier_one_can_be_restored,
    bad_input_gets_a_dutch_message_and_nothing_is_saved,
    a_change_through_one_server_shows_through_another_within_a_second,
    the_404_pages_texts_are_listed_last_without_seo_texts_and_served_with_the_404,
);

const TITLE: &str = "/api/admin/page-texts/home.hero.title";

async fn save(app: &TestApp, token: &str, path: &str, markdown: &str) -> (u16, Value) {
    app.admin_send(
        token,
        Method::PUT,
        path,
        Some(json!({ "markdown": markdown })),
    )
    .await
}

async fn home(app: &TestApp) -> String {
    app.get("/").await.text().await.unwrap()
}

async fn only_an_admin_lists_the_pages_blocks_with_their_defaults(engine: Engine) {
    let app = spawn_app(engine).await;
    let (status, _) = app
        .admin_send("no-token", Method::GET, "/api/admin/page-texts", None)
        .await;
    assert_eq!(status, 401);
    let (status, _) = app
        .admin_send(
            "no-token",
            Method::PUT,
            TITLE,
            Some(json!({"markdown": "x"})),
        )
        .await;
    assert_eq!(status, 401);
    let token = app.admin_token().await;
    let (status, pages) = app
        .admin_send(&token, Method::GET, "/api/admin/page-texts", None)
        .await;
    assert_eq!(status, 200);
    let home = pages
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["route"] == "/")
        .expect("home listed");
    assert_eq!(home["title"], "Home | In Lumine");
    let keys: Vec<&str> = home["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["key"].as_str().unwrap())
        .collect();
    assert_eq!(
        keys,
        [
            "seo.home.title",
            "seo.home.description",
            "home.hero.title",
            "home.intro",
            "home.hero.button",
            "layout.footer.cta.title"
        ]
    );
    // The footer's block is on every page, listed once: with home.
    let about = pages
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["route"] == "/over-mij")
        .expect("over-mij listed");
    assert!(
        about["blocks"]
            .as_array()
            .unwrap()
            .iter()
            .all(|b| !b["key"].as_str().unwrap().starts_with("layout."))
    );
    let intro = &home["blocks"][3];
    assert_eq!(intro["kind"], "rich");
    assert_eq!(intro["default_markdown"], "Meer **zelfinzicht**.");
    assert_eq!(
        intro["default_html"],
        "<p>Meer <strong>zelfinzicht</strong>.</p>"
    );
    assert_eq!(intro["customised"], false);
    assert_eq!(home["blocks"][2]["kind"], "inline");
    assert_eq!(
        home["blocks"][1]["default_markdown"],
        "Coaching in Mechelen"
    );
    // Admin pages and aliases are not listed.
    assert!(
        pages
            .as_array()
            .unwrap()
            .iter()
            .all(|p| !p["route"].as_str().unwrap().starts_with("/admin"))
    );
    let (status, _) = save(&app, &token, "/api/admin/page-texts/bestaat.niet", "x").await;
    assert_eq!(status, 404);
}

async fn a_saved_block_is_sanitized_and_in_the_html_the_server_sends(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    // Served as built until something is saved.
    assert!(!home(&app).await.contains("live-blocks"));

    let attack = "Kom *binnen* <script>alert(1)</script><img src=x onerror=alert(2)> \
                  [klik](javascript:alert(3)) <a href=\"https://inlumine.be\" onclick=\"alert(4)\">hier</a>";
    let (status, block) = save(&app, &token, TITLE, attack).await;
    assert_eq!(status, 200, "{block}");
    let html = block["html"].as_str().unwrap();
    for bad in [
        "script",
        "alert",
        "onerror",
        "onclick",
        "javascript",
        "<img",
    ] {
        assert!(!html.contains(bad), "{bad} in {html}");
    }
    assert!(html.starts_with("Kom <em>binnen</em>"), "{html}");
    assert!(
        html.contains("<a href=\"https://inlumine.be\">hier</a>"),
        "{html}"
    );
    assert_eq!(block["customised"], true);

    let page = home(&app).await;
    assert!(
        page.contains(&format!(
            "<h1 id=\"hero-titel\" data-block=\"home.hero.title\">{html}</h1>"
        )),
        "{page}"
    );
    assert!(!page.contains("alert"), "{page}");
    // The JSON block holds the same fragment, for the hydration.
    let start = page
        .find("<script type=\"application/json\" id=\"live-blocks\">")
        .unwrap();
    let json = &page[start..];
    let json = &json[json.find('>').unwrap() + 1..json.find("</script>").unwrap()];
    let blocks: Value = serde_json::from_str(json).unwrap();
    assert_eq!(blocks["home.hero.title"], html);

    // A rich block keeps paragraphs and lists; the SEO title and description go into the head.
    let (status, _) = save(
        &app,
        &token,
        "/api/admin/page-texts/home.intro",
        "## Welkom\n\nEen **stap**.\n\n- een\n- twee",
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = save(
        &app,
        &token,
        "/api/admin/page-texts/seo.home.title",
        "Licht & rust <b>",
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = save(
        &app,
        &token,
        "/api/admin/page-texts/seo.home.description",
        "Nieuwe \"beschrijving\"",
    )
    .await;
    assert_eq!(status, 200);
    let page = home(&app).await;
    assert!(page.contains(
        "<div data-block=\"home.intro\" data-block-rich=\"\"><h2>Welkom</h2>\n<p>Een <strong>stap</strong>.</p>\n<ul>\n<li>een</li>\n<li>twee</li>\n</ul></div>"
    ), "{page}");
    assert!(
        page.contains("<title>Licht &amp; rust &lt;b&gt;</title>"),
        "{page}"
    );
    assert!(
        page.contains("<meta property=\"og:title\" content=\"Licht &amp; rust &lt;b&gt;\"/>"),
        "{page}"
    );
    assert!(
        page.contains("<meta name=\"description\" content=\"Nieuwe &quot;beschrijving&quot;\"/>"),
        "{page}"
    );

    // The preview renders as a save would, without saving.
    let (status, preview) = app
        .admin_send(
            &token,
            Method::POST,
            "/api/admin/page-texts/home.hero.title/preview",
            Some(json!({"markdown": "**Vet** <svg onload=alert(1)>"})),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(preview["html"], "<strong>Vet</strong>");

    // Back to the default: the page shows what it was built with.
    let (status, reset) = app.admin_send(&token, Method::DELETE, TITLE, None).await;
    assert_eq!(status, 200);
    assert_eq!(reset["customised"], false);
    assert_eq!(reset["html"], "Home");
    assert!(
        home(&app)
            .await
            .contains("<h1 id=\"hero-titel\" data-block=\"home.hero.title\">Home</h1>")
    );
}

async fn every_save_is_a_version_and_an_earlier_one_can_be_restored(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    for title in ["Eerste titel", "Tweede titel"] {
        assert_eq!(save(&app, &token, TITLE, title).await.0, 200);
    }
    let (status, history) = app
        .admin_send(&token, Method::GET, &format!("{TITLE}/history"), None)
        .await;
    assert_eq!(status, 200);
    let versions = history.as_array().unwrap();
    assert_eq!(versions.len(), 2);
    assert_eq!(versions[0]["markdown"], "Tweede titel");
    assert_eq!(versions[1]["markdown"], "Eerste titel");
    assert!(home(&app).await.contains(">Tweede titel</h1>"));

    let first = versions[1]["id"].as_i64().unwrap();
    let (status, restored) = app
        .admin_send(
            &token,
            Method::POST,
            &format!("{TITLE}/history/{first}/restore"),
            None,
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(restored["markdown"], "Eerste titel");
    assert!(home(&app).await.contains(">Eerste titel</h1>"));
    let (_, history) = app
        .admin_send(&token, Method::GET, &format!("{TITLE}/history"), None)
        .await;
    assert_eq!(history.as_array().unwrap().len(), 3);

    // A version of another block is not this block's.
    assert_eq!(
        save(&app, &token, "/api/admin/page-texts/home.intro", "Intro")
            .await
            .0,
        200
    );
    let (_, other) = app
        .admin_send(
            &token,
            Method::GET,
            "/api/admin/page-texts/home.intro/history",
            None,
        )
        .await;
    let other_id = other[0]["id"].as_i64().unwrap();
    let (status, _) = app
        .admin_send(
            &token,
            Method::POST,
            &format!("{TITLE}/history/{other_id}/restore"),
            None,
        )
        .await;
    assert_eq!(status, 404);
    assert!(home(&app).await.contains(">Eerste titel</h1>"));
}

async fn bad_input_gets_a_dutch_message_and_nothing_is_saved(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let long = "x".repeat(1_001);
    for (markdown, message) in [
        ("   ", "Schrijf een tekst, of zet de standaardtekst terug."),
        (
            "<script>alert(1)</script>",
            "Na het opschonen blijft er geen tekst over.",
        ),
        (
            long.as_str(),
            "De tekst mag hoogstens 1000 tekens lang zijn.",
        ),
    ] {
        let (status, body) = save(&app, &token, TITLE, markdown).await;
        assert_eq!(status, 422, "{body}");
        let got = body["error"]["fields"]["markdown"]
            .as_str()
            .unwrap_or_default();
        assert!(got.starts_with(message), "{got}");
    }
    let (status, body) = save(
        &app,
        &token,
        "/api/admin/page-texts/seo.home.title",
        "Twee\nregels",
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(app.count("SELECT COUNT(*) FROM page_blocks").await, 0);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM page_block_history").await,
        0
    );
    assert!(home(&app).await.contains(">Home</h1>"));
}

async fn a_change_through_one_server_shows_through_another_within_a_second(engine: Engine) {
    if !matches!(engine, Engine::Postgres) {
        return;
    }
    let app = spawn_app(engine).await;
    let other = spawn_second_server(&app).await;
    assert!(home(&other).await.contains(">Home</h1>"));
    let token = app.admin_token().await;
    assert_eq!(save(&app, &token, TITLE, "Van de andere kant").await.0, 200);
    let saved = Instant::now();
    loop {
        if home(&other).await.contains(">Van de andere kant</h1>") {
            break;
        }
        assert!(
            saved.elapsed() < Duration::from_secs(1),
            "not seen within a second"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn the_404_pages_texts_are_listed_last_without_seo_texts_and_served_with_the_404(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let (status, pages) = app
        .admin_send(&token, Method::GET, "/api/admin/page-texts", None)
        .await;
    assert_eq!(status, 200);
    let last = pages.as_array().unwrap().last().unwrap();
    assert_eq!(last["route"], "/404");
    // Search engines do not list the 404 (noindex): no SEO title or description to edit.
    let keys: Vec<&str> = last["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["key"].as_str().unwrap())
        .collect();
    assert_eq!(keys, ["404.title"]);
    assert_eq!(
        last["blocks"][0]["default_markdown"],
        "Oops! Page not found"
    );

    let (status, _) = save(
        &app,
        &token,
        "/api/admin/page-texts/404.title",
        "Deze pagina is *zoek*",
    )
    .await;
    assert_eq!(status, 200);
    let res = app.get("/bestaat-niet").await;
    assert_eq!(res.status(), 404);
    let page = res.text().await.unwrap();
    assert!(
        page.contains("<h1 data-block=\"404.title\">Deze pagina is <em>zoek</em></h1>"),
        "{page}"
    );
    assert!(page.contains("id=\"live-blocks\""), "{page}");
    let (status, _) = save(&app, &token, "/api/admin/page-texts/seo.404.title", "x").await;
    assert_eq!(status, 404);
}

/// A block inside a link or button (its label) holds bold and italic only: a link inside the
/// link, a heading or a list would break the page (hydration mismatch, a link in a link).
async fn a_block_in_a_link_keeps_bold_and_italic_and_never_holds_a_link(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let (status, pages) = app
        .admin_send(&token, Method::GET, "/api/admin/page-texts", None)
        .await;
    assert_eq!(status, 200);
    let button = pages[0]["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["key"] == "home.hero.button")
        .expect("the button's block is listed")
        .clone();
    assert_eq!(button["kind"], "label");
    assert_eq!(button["default_markdown"], "Doe de zelftest");

    const BUTTON: &str = "/api/admin/page-texts/home.hero.button";
    for (markdown, html) in [
        (
            "Doe **nu** de *test*",
            "Doe <strong>nu</strong> de <em>test</em>",
        ),
        ("Doe [de test](https://x.be)", "Doe de test"),
        ("<a href=\"/contact\">Doe</a> de test", "Doe de test"),
        ("## Doe de test", "Doe de test"),
        ("- Doe\n- de test", "Doe\nde test"),
    ] {
        let (status, saved) = save(&app, &token, BUTTON, markdown).await;
        assert_eq!(status, 200, "{markdown}: {saved}");
        assert_eq!(saved["html"], html, "{markdown}");
        let page = home(&app).await;
        let body = &page[page.find("<body").unwrap()..];
        assert!(
            body.contains(&format!(
                "<a class=\"btn\" href=\"/wees-eerlijk\"><span data-block=\"home.hero.button\">{html}</span></a>"
            )),
            "{markdown}: {body}"
        );
        // One link only: the button's own.
        assert_eq!(body.matches("<a ").count(), 2, "{body}");
        let (status, preview) = app
            .admin_send(
                &token,
                Method::POST,
                "/api/admin/page-texts/home.hero.button/preview",
                Some(json!({ "markdown": markdown })),
            )
            .await;
        assert_eq!(status, 200);
        assert_eq!(preview["html"], html);
    }
    // Nothing left after cleaning: refused in Dutch, nothing saved.
    let (status, body) = save(&app, &token, BUTTON, "<img src=x>").await;
    assert_eq!(status, 422, "{body}");
    assert!(body.to_string().contains("geen tekst"), "{body}");
}
