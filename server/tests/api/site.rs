use base64::Engine as _;
use sha2::{Digest, Sha256};

use crate::helpers::{Engine, json_ld, spawn_app};

both_engines!(
    a_known_page_is_served_with_local_business_data_counting_25_reviews_when_there_are_none,
    the_local_business_review_count_is_the_number_of_reviews,
    the_vertelavond_pages_describe_the_event_with_the_brussels_offset,
    an_unknown_page_answers_404_with_the_404_page,
    a_trailing_slash_or_index_html_redirects_permanently_to_the_clean_url,
    admin_pages_get_the_spa_shell_and_are_not_indexed,
    hashed_assets_are_immutable_and_served_precompressed,
    every_response_has_security_headers_and_pages_allow_their_inline_script,
    robots_and_sitemap_are_generated,
);

async fn a_known_page_is_served_with_local_business_data_counting_25_reviews_when_there_are_none(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let res = app.get("/").await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["cache-control"], "no-cache");
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    let html = res.text().await.unwrap();
    assert!(html.contains("<title>Home | In Lumine</title>"));
    let data = json_ld(&html);
    assert_eq!(data.len(), 1);
    let business = &data[0];
    assert_eq!(business["@type"], "LocalBusiness");
    assert_eq!(business["name"], "In Lumine");
    assert_eq!(business["address"]["addressLocality"], "Mechelen");
    assert_eq!(business["address"]["addressCountry"], "BE");
    assert_eq!(business["aggregateRating"]["ratingValue"], 4.9);
    assert_eq!(business["aggregateRating"]["reviewCount"], 25);
    assert!(html.find("application/ld+json").unwrap() < html.find("</head>").unwrap());

    let other = app.get("/wees-eerlijk").await.text().await.unwrap();
    assert!(other.contains("Wees eerlijk"));
    assert!(json_ld(&other).is_empty());
}

async fn the_local_business_review_count_is_the_number_of_reviews(engine: Engine) {
    let app = spawn_app(engine).await;
    for i in 1..=3 {
        app.insert_review(
            &format!("Klant {i}"),
            5,
            &format!("2025-02-0{i}T10:00:00.000000Z"),
        )
        .await;
    }
    let html = app.get("/").await.text().await.unwrap();
    assert_eq!(json_ld(&html)[0]["aggregateRating"]["reviewCount"], 3);
}

async fn the_vertelavond_pages_describe_the_event_with_the_brussels_offset(engine: Engine) {
    let app = spawn_app(engine).await;
    assert!(json_ld(&app.get("/vertelavond").await.text().await.unwrap()).is_empty());
    app.insert_event(
        "vertelavond",
        "published",
        "2025-11-27T18:30:00.000000Z",
        "2025-11-27T21:00:00.000000Z",
    )
    .await;
    app.see_outside_write().await;
    for path in ["/vertelavond", "/begrijp-jezelf/vertelavond"] {
        let html = app.get(path).await.text().await.unwrap();
        let data = json_ld(&html);
        assert_eq!(data.len(), 1, "{path}");
        let event = &data[0];
        assert_eq!(event["@type"], "Event");
        assert_eq!(event["startDate"], "2025-11-27T19:30:00+01:00");
        assert_eq!(event["endDate"], "2025-11-27T22:00:00+01:00");
        assert_eq!(event["eventStatus"], "https://schema.org/EventScheduled");
        assert_eq!(event["location"]["address"]["postalCode"], "2800");
        assert_eq!(event["offers"]["price"], "35.00");
        assert_eq!(event["offers"]["priceCurrency"], "EUR");
        assert_eq!(
            event["offers"]["availability"],
            "https://schema.org/LimitedAvailability"
        );
        assert_eq!(event["organizer"]["name"], "In Lumine");
    }
}

async fn an_unknown_page_answers_404_with_the_404_page(engine: Engine) {
    let app = spawn_app(engine).await;
    for path in ["/bestaat-niet", "/404", "/begrijp-jezelf/nope"] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 404, "{path}");
        assert!(
            res.text().await.unwrap().contains("Oops! Page not found"),
            "{path}"
        );
    }
}

async fn a_trailing_slash_or_index_html_redirects_permanently_to_the_clean_url(engine: Engine) {
    let app = spawn_app(engine).await;
    let res = app.get("/wees-eerlijk/?bron=mail").await;
    assert_eq!(res.status(), 308);
    assert_eq!(res.headers()["location"], "/wees-eerlijk?bron=mail");

    // Page files answer only under their clean URL, where they get their CSP and live data.
    for (path, location) in [
        ("/wees-eerlijk/index.html", "/wees-eerlijk"),
        ("/index.html", "/"),
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 308, "{path}");
        assert_eq!(res.headers()["location"], location, "{path}");
    }
    assert_eq!(app.get("/__spa-fallback.html").await.status(), 404);
    // Never a redirect to another host: browsers read `//host` and `/\\host` as one. Sent as
    // raw bytes, since an HTTP client would turn the backslash into a slash.
    for path in [
        "//andere-site.example/",
        "/\\evil.com/",
        "/\\/evil.com/",
        "//\\evil.com/",
        "/%2F%2Fevil.com/",
        "/%5C%5Cevil.com/",
    ] {
        let (status, location) = raw_get(&app, path).await;
        if let Some(location) = location {
            assert_eq!(status, 308, "{path}");
            assert!(
                location.starts_with('/')
                    && !location.starts_with("//")
                    && !location.starts_with("/\\"),
                "{path} -> {location}"
            );
        } else {
            assert_eq!(status, 404, "{path}");
        }
    }
}

/// The status and `Location` of a GET of `path` written as is on the wire.
async fn raw_get(app: &crate::helpers::TestApp, path: &str) -> (u16, Option<String>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(app.address.trim_start_matches("http://"))
        .await
        .unwrap();
    stream
        .write_all(
            format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
        .await
        .unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let response = String::from_utf8_lossy(&response);
    let head = response.split("\r\n\r\n").next().unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let location = head.lines().find_map(|l| {
        l.to_ascii_lowercase()
            .starts_with("location:")
            .then(|| l[9..].trim().to_string())
    });
    (status, location)
}

async fn admin_pages_get_the_spa_shell_and_are_not_indexed(engine: Engine) {
    let app = spawn_app(engine).await;
    for path in ["/admin", "/admin/reviews"] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["x-robots-tag"], "noindex, nofollow");
        assert!(
            res.text()
                .await
                .unwrap()
                .contains("<title>Admin | In Lumine</title>")
        );
    }
}

async fn hashed_assets_are_immutable_and_served_precompressed(engine: Engine) {
    let app = spawn_app(engine).await;
    let res = app
        .client
        .get(app.url("/assets/app-abc123.js"))
        .header("accept-encoding", "br")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-encoding"], "br");
    assert_eq!(
        res.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(
        res.headers()["vary"]
            .to_str()
            .unwrap()
            .contains("Accept-Encoding")
    );
    let expected = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/site/assets/app-abc123.js.br"
    ))
    .unwrap();
    assert_eq!(res.bytes().await.unwrap().to_vec(), expected);

    let res = app.get("/favicon.svg").await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["cache-control"], "public, max-age=3600");
}

async fn every_response_has_security_headers_and_pages_allow_their_inline_script(engine: Engine) {
    let app = spawn_app(engine).await;
    let res = app.get("/").await;
    let h = res.headers();
    let hash = base64::engine::general_purpose::STANDARD
        .encode(Sha256::digest(b"window.__fixture=\"Home\";"));
    let csp = h["content-security-policy"].to_str().unwrap();
    assert!(
        csp.starts_with("default-src 'self'; script-src 'self' 'sha256-"),
        "{csp}"
    );
    assert!(csp.contains(&format!("'sha256-{hash}'")), "{csp}");
    assert!(csp.contains("frame-ancestors 'none'"));
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert_eq!(h["referrer-policy"], "strict-origin-when-cross-origin");
    assert_eq!(h["x-frame-options"], "DENY");
    assert_eq!(
        h["permissions-policy"],
        "camera=(), microphone=(), geolocation=()"
    );
    assert_eq!(h["cross-origin-opener-policy"], "same-origin");
    assert!(
        h["strict-transport-security"]
            .to_str()
            .unwrap()
            .starts_with("max-age=")
    );

    // API answers carry the id that ties their log lines together; pages and files are logged
    // as one line each and need none.
    let res = app.get("/api/reviews").await;
    assert!(res.headers().contains_key("x-request-id"));
    assert_eq!(
        res.headers()["content-security-policy"],
        "default-src 'none'; frame-ancestors 'none'"
    );
    assert_eq!(res.headers()["x-frame-options"], "DENY");
}

async fn robots_and_sitemap_are_generated(engine: Engine) {
    let app = spawn_app(engine).await;
    let robots = app.get("/robots.txt").await.text().await.unwrap();
    assert!(robots.contains("Disallow: /admin"));
    assert!(robots.contains("Disallow: /api"));
    assert!(robots.contains("Sitemap: https://www.inlumine.be/sitemap.xml"));
    let sitemap = app.get("/sitemap.xml").await.text().await.unwrap();
    assert!(sitemap.contains("<loc>https://www.inlumine.be/</loc>"));
    assert!(sitemap.contains("<loc>https://www.inlumine.be/begrijp-jezelf/vertelavond</loc>"));
    // An alias names another canonical URL, so only that one is listed.
    assert!(!sitemap.contains("<loc>https://www.inlumine.be/vertelavond</loc>"));
    assert!(!sitemap.contains("/404"));
}
