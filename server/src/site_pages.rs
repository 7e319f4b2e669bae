//! Serves the prerendered web app from `web_dir`: pages from memory (with per-page CSP and
//! injected JSON-LD), other files through `ServeDir` with their precompressed siblings.
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::header::{
    ALLOW, CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, LOCATION, VARY,
};
use axum::http::{HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use base64::Engine;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use tower::ServiceExt;
use tower_http::services::ServeDir;

use crate::events::{self, Event, EventKind, EventStatus};
use crate::reviews;
use crate::site::Site;
use crate::startup::AppState;

/// An HTML document held in memory with the CSP that allows exactly its inline scripts.
pub struct Page {
    html: String,
    csp: HeaderValue,
    /// The page's own `<link rel="canonical">`: aliases point at another URL.
    canonical: Option<String>,
}

impl Page {
    fn new(html: String) -> anyhow::Result<Self> {
        let hashes: String = inline_script_hashes(&html)
            .iter()
            .map(|h| format!(" 'sha256-{h}'"))
            .collect();
        let csp = format!(
            "default-src 'self'; script-src 'self'{hashes}; style-src 'self' 'unsafe-inline'; \
             img-src 'self' data: https:; font-src 'self'; connect-src 'self'; \
             frame-src https://www.youtube-nocookie.com https://player.vimeo.com; object-src 'none'; \
             base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
        );
        Ok(Self {
            canonical: canonical_href(&html),
            csp: HeaderValue::from_str(&csp)?,
            html,
        })
    }
}

pub struct SitePages {
    serve_dir: ServeDir,
    pages: HashMap<String, Page>,
    not_found: Page,
    spa_fallback: Page,
}

impl SitePages {
    /// Loads every `index.html` under `web_dir`, keyed by its route (`/`, `/wees-eerlijk`, ...).
    pub fn load(web_dir: &Path) -> anyhow::Result<Self> {
        if !web_dir.join("index.html").is_file() {
            bail!(
                "web directory {} has no index.html: build the web app first: make web (or set web_dir / WEB_DIR)",
                web_dir.display()
            );
        }
        let mut files = Vec::new();
        find_index_files(web_dir, &mut files)?;
        let mut pages = HashMap::new();
        for file in files {
            let relative = file
                .parent()
                .and_then(|p| p.strip_prefix(web_dir).ok())
                .unwrap_or(Path::new(""));
            let route = format!(
                "/{}",
                relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy())
                    .collect::<Vec<_>>()
                    .join("/")
            );
            let html = std::fs::read_to_string(&file)
                .with_context(|| format!("cannot read {}", file.display()))?;
            pages.insert(route, Page::new(html)?);
        }
        let not_found = match pages.remove("/404") {
            Some(page) => page,
            None => Page::new(
                "<!doctype html><html lang=\"nl-BE\"><head><title>Oops! Page not found</title></head>\
                 <body><h1>Oops! Page not found</h1><a href=\"/\">Terug naar home</a></body></html>"
                    .into(),
            )?,
        };
        let spa_fallback = match std::fs::read_to_string(web_dir.join("__spa-fallback.html")) {
            Ok(html) => Page::new(html)?,
            Err(_) => Page::new(std::fs::read_to_string(web_dir.join("index.html"))?)?,
        };
        pages.retain(|route, _| !is_admin(route));
        let serve_dir = ServeDir::new(web_dir)
            .precompressed_br()
            .precompressed_gzip()
            .append_index_html_on_directories(false);
        Ok(Self {
            serve_dir,
            pages,
            not_found,
            spa_fallback,
        })
    }

    /// Routes whose page names itself as canonical (or names none): aliases stay out of the sitemap.
    fn canonical_routes<'a>(&'a self, site: &'a Site) -> impl Iterator<Item = &'a str> {
        self.pages
            .iter()
            .filter(|(route, page)| {
                page.canonical
                    .as_deref()
                    .is_none_or(|href| href == site.url(route))
            })
            .map(|(route, _)| route.as_str())
    }
}

fn find_index_files(dir: &Path, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    for entry in std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            // Hashed bundles never hold pages.
            if path.file_name().is_some_and(|n| n != "assets") {
                find_index_files(&path, out)?;
            }
        } else if path.file_name().is_some_and(|n| n == "index.html") {
            out.push(path);
        }
    }
    Ok(())
}

fn is_admin(path: &str) -> bool {
    path == "/admin" || path.starts_with("/admin/")
}

/// base64 SHA-256 of each inline executable `<script>` (not `src=`, not JSON/JSON-LD data blocks).
fn inline_script_hashes(html: &str) -> Vec<String> {
    let lower = html.to_ascii_lowercase();
    let mut hashes = Vec::new();
    let mut from = 0;
    while let Some(offset) = lower[from..].find("<script") {
        let start = from + offset;
        let Some(open_end) = lower[start..].find('>').map(|i| start + i) else {
            break;
        };
        let attrs = &lower[start + "<script".len()..open_end];
        from = open_end + 1;
        if !attrs.is_empty() && !attrs.starts_with(|c: char| c.is_ascii_whitespace()) {
            continue;
        }
        let Some(close) = lower[from..].find("</script").map(|i| from + i) else {
            break;
        };
        let executable = matches!(
            attr_value(attrs, "type").as_deref(),
            None | Some("" | "module" | "text/javascript" | "application/javascript")
        );
        if executable && attr_value(attrs, "src").is_none() {
            hashes.push(
                base64::engine::general_purpose::STANDARD
                    .encode(Sha256::digest(&html.as_bytes()[from..close])),
            );
        }
        from = close;
    }
    hashes
}

/// The `href` of the first `<link rel="canonical">` in the document.
fn canonical_href(html: &str) -> Option<String> {
    let lower = html.to_ascii_lowercase();
    let mut from = 0;
    while let Some(offset) = lower[from..].find("<link") {
        let start = from + offset + "<link".len();
        let end = lower[start..].find('>').map(|i| start + i)?;
        from = end;
        if attr_value(&lower[start..end], "rel").as_deref() == Some("canonical") {
            return attr_value(&html[start..end], "href");
        }
    }
    None
}

fn attr_value(attrs: &str, name: &str) -> Option<String> {
    let mut rest = attrs;
    while let Some(i) = rest.find(name) {
        let before_ok = i == 0 || rest.as_bytes()[i - 1].is_ascii_whitespace();
        let after = rest[i + name.len()..].trim_start();
        if before_ok && let Some(value) = after.strip_prefix('=') {
            let value = value.trim_start();
            let quote = value.chars().next().filter(|c| *c == '"' || *c == '\'');
            let value = match quote {
                Some(q) => value[1..].split(q).next().unwrap_or_default(),
                None => value
                    .split(|c: char| c.is_ascii_whitespace())
                    .next()
                    .unwrap_or_default(),
            };
            return Some(value.trim().to_string());
        } else if before_ok
            && (after.is_empty()
                || after.starts_with(|c: char| c.is_ascii_whitespace() || c == '/'))
        {
            return Some(String::new());
        }
        rest = &rest[i + name.len()..];
    }
    None
}

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/robots.txt", get(robots))
        .route("/sitemap.xml", get(sitemap))
        .fallback(serve)
}

async fn robots(State(state): State<AppState>) -> Response {
    let body = format!(
        "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api\n\nSitemap: {}\n",
        state.site.url("/sitemap.xml")
    );
    (
        [
            (CONTENT_TYPE, "text/plain; charset=utf-8"),
            (CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
        .into_response()
}

fn in_sitemap(route: &str) -> bool {
    !(route == "/404"
        || is_admin(route)
        || route.starts_with("/nieuwsbrief/")
        || route.starts_with("/payment-")
        || route.starts_with("/betalen/")
        || route == "/afspraak"
        || route == "/checkout")
}

async fn sitemap(State(state): State<AppState>) -> Response {
    let mut routes: Vec<&str> = state
        .pages
        .canonical_routes(&state.site)
        .filter(|r| in_sitemap(r))
        .collect();
    routes.sort_unstable();
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for route in routes {
        let url = state
            .site
            .url(route)
            .replace('&', "&amp;")
            .replace('<', "&lt;");
        xml.push_str(&format!("  <url><loc>{url}</loc></url>\n"));
    }
    xml.push_str("</urlset>\n");
    (
        [
            (CONTENT_TYPE, "application/xml; charset=utf-8"),
            (CACHE_CONTROL, "public, max-age=3600"),
        ],
        xml,
    )
        .into_response()
}

fn html_response(status: StatusCode, page: &Page, body: String) -> Response {
    let headers = [
        (
            CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        ),
        (CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        (VARY, HeaderValue::from_static("Accept-Encoding")),
        (CONTENT_SECURITY_POLICY, page.csp.clone()),
    ];
    (status, headers, body).into_response()
}

async fn serve(State(state): State<AppState>, req: Request) -> Response {
    if !matches!(*req.method(), Method::GET | Method::HEAD) {
        return (StatusCode::METHOD_NOT_ALLOWED, [(ALLOW, "GET, HEAD")]).into_response();
    }
    let path = req.uri().path().to_string();
    let pages = &state.pages;
    // One URL per page: `/x/` and `/x/index.html` redirect to `/x`, where the page gets its CSP and
    // live data; other `.html` files (the SPA shell) are not addressable.
    let redirect_to = if let Some(dir) = path.strip_suffix("/index.html") {
        Some(if dir.is_empty() { "/" } else { dir })
    } else if path.ends_with(".html") {
        return not_found(&state, &path);
    } else {
        path.strip_suffix('/').filter(|t| !t.is_empty())
    };
    // `//host` would send the visitor to another site.
    if let Some(trimmed) = redirect_to.filter(|t| !t.starts_with("//")) {
        let location = match req.uri().query() {
            Some(q) => format!("{trimmed}?{q}"),
            None => trimmed.to_string(),
        };
        return match HeaderValue::from_str(&location) {
            Ok(location) => {
                (StatusCode::PERMANENT_REDIRECT, [(LOCATION, location)]).into_response()
            }
            Err(_) => not_found(&state, &path),
        };
    }
    if let Some(page) = pages.pages.get(&path) {
        let html = match structured_data(&state, &path).await {
            Ok(Some(data)) => inject_json_ld(&page.html, &data),
            Ok(None) => page.html.clone(),
            Err(e) => {
                // The page is still useful without structured data.
                tracing::error!(error = format!("{e:#}"), path, "structured data failed");
                page.html.clone()
            }
        };
        return html_response(StatusCode::OK, page, html);
    }
    if is_admin(&path) {
        let mut res = html_response(
            StatusCode::OK,
            &pages.spa_fallback,
            pages.spa_fallback.html.clone(),
        );
        res.headers_mut().insert(
            "x-robots-tag",
            HeaderValue::from_static("noindex, nofollow"),
        );
        return res;
    }
    if path == "/404" {
        return not_found(&state, &path);
    }
    let res = match pages.serve_dir.clone().oneshot(req).await {
        Ok(res) => res,
        Err(never) => match never {},
    };
    if res.status() == StatusCode::NOT_FOUND {
        return not_found(&state, &path);
    }
    let mut res = res.map(Body::new);
    let cache = if path.starts_with("/assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "public, max-age=3600"
    };
    res.headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static(cache));
    res.headers_mut()
        .insert(VARY, HeaderValue::from_static("Accept-Encoding"));
    res
}

fn not_found(state: &AppState, path: &str) -> Response {
    tracing::info!(path, "page not found");
    let page = &state.pages.not_found;
    html_response(StatusCode::NOT_FOUND, page, page.html.clone())
}

/// Inserts a JSON-LD block before `</head>`; `<` is escaped so the data cannot close the script.
fn inject_json_ld(html: &str, data: &Value) -> String {
    let json = data.to_string().replace('<', "\\u003c");
    let tag = format!("<script type=\"application/ld+json\">{json}</script>");
    match html.find("</head>") {
        Some(i) => format!("{}{tag}{}", &html[..i], &html[i..]),
        None => html.to_string(),
    }
}

async fn structured_data(state: &AppState, path: &str) -> anyhow::Result<Option<Value>> {
    match path {
        "/" => {
            let count = reviews::count(&state.pool).await?;
            Ok(Some(local_business(&state.site, count)))
        }
        "/vertelavond" | "/begrijp-jezelf/vertelavond" => {
            match events::featured(&state.pool, EventKind::Vertelavond).await? {
                Some(event) => Ok(Some(event_json_ld(&state.site, &event)?)),
                None => Ok(None),
            }
        }
        _ => Ok(None),
    }
}

fn postal_address(
    street: Option<&str>,
    postal_code: Option<&str>,
    city: Option<&str>,
    country: &str,
) -> Value {
    json!({
        "@type": "PostalAddress",
        "streetAddress": street,
        "postalCode": postal_code,
        "addressLocality": city,
        "addressCountry": country,
    })
}

fn local_business(site: &Site, review_count: i64) -> Value {
    let rating = &site.aggregate_rating;
    let c = &site.contact;
    json!({
        "@context": "https://schema.org",
        "@type": "LocalBusiness",
        "name": site.brand,
        "description": site.description,
        "url": site.url("/"),
        "image": site.url(&site.share_image),
        "logo": site.url(&site.logo),
        "telephone": c.phone,
        "email": c.email,
        "address": postal_address(Some(&c.street), Some(&c.postal_code), Some(&c.city), &c.country),
        "aggregateRating": {
            "@type": "AggregateRating",
            "ratingValue": rating.rating_value,
            "bestRating": rating.best_rating,
            "worstRating": rating.worst_rating,
            "reviewCount": if review_count > 0 { review_count } else { rating.fallback_review_count },
        },
    })
}

fn event_json_ld(site: &Site, event: &Event) -> anyhow::Result<Value> {
    let status = if event.status == EventStatus::Cancelled {
        "EventCancelled"
    } else {
        "EventScheduled"
    };
    let availability = if event.seats_left > 0 {
        "LimitedAvailability"
    } else {
        "SoldOut"
    };
    Ok(json!({
        "@context": "https://schema.org",
        "@type": "Event",
        "name": event.title,
        "description": event.description,
        "startDate": events::brussels_iso(&event.starts_at)?,
        "endDate": events::brussels_iso(&event.ends_at)?,
        "eventStatus": format!("https://schema.org/{status}"),
        "eventAttendanceMode": "https://schema.org/OfflineEventAttendanceMode",
        "location": {
            "@type": "Place",
            "name": event.venue_name,
            "address": postal_address(event.street.as_deref(), event.postal_code.as_deref(), event.city.as_deref(), "BE"),
        },
        "offers": {
            "@type": "Offer",
            "price": format!("{}.{:02}", event.price_cents / 100, event.price_cents % 100),
            "priceCurrency": "EUR",
            "availability": format!("https://schema.org/{availability}"),
            "url": site.url("/vertelavond"),
        },
        "organizer": { "@type": "Organization", "name": site.brand, "url": site.url("/") },
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_inline_executable_scripts_are_hashed() {
        let html = r#"<head><script>a()</script><script src="/x.js"></script>
            <script type="application/ld+json">{}</script><script type="module">b()</script></head>"#;
        let expected: Vec<String> = ["a()", "b()"]
            .iter()
            .map(|s| base64::engine::general_purpose::STANDARD.encode(Sha256::digest(s.as_bytes())))
            .collect();
        assert_eq!(inline_script_hashes(html), expected);
    }

    #[test]
    fn json_ld_goes_before_the_head_end_and_cannot_close_the_script() {
        let html = inject_json_ld(
            "<head><title>t</title></head><body></body>",
            &json!({"x": "</script>"}),
        );
        assert_eq!(
            html,
            "<head><title>t</title><script type=\"application/ld+json\">{\"x\":\"\\u003c/script>\"}</script></head><body></body>"
        );
    }

    #[test]
    fn private_and_transactional_pages_stay_out_of_the_sitemap() {
        for route in [
            "/404",
            "/admin",
            "/admin/reviews",
            "/nieuwsbrief/bevestigen",
            "/payment-success",
            "/checkout",
            "/afspraak",
        ] {
            assert!(!in_sitemap(route), "{route}");
        }
        assert!(in_sitemap("/"));
        assert!(in_sitemap("/begrijp-jezelf/vertelavond"));
    }
}
