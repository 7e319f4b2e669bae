//! Serves the prerendered web app: pages from memory (with their CSP and injected JSON-LD),
//! robots.txt and the sitemap, other files through `ServeDir`.
use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::header::{
    ALLOW, CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, LOCATION, VARY,
};
use axum::http::{HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::brussels;
use crate::events::{self, Event, EventKind, EventStatus};
use crate::money;
use crate::prerendered::{Page, is_admin};
use crate::reviews;
use crate::site::Site;
use crate::state::AppState;

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
        "startDate": brussels::iso(&event.starts_at)?,
        "endDate": brussels::iso(&event.ends_at)?,
        "eventStatus": format!("https://schema.org/{status}"),
        "eventAttendanceMode": "https://schema.org/OfflineEventAttendanceMode",
        "location": {
            "@type": "Place",
            "name": event.venue_name,
            "address": postal_address(event.street.as_deref(), event.postal_code.as_deref(), event.city.as_deref(), "BE"),
        },
        "offers": {
            "@type": "Offer",
            "price": money::decimal(event.price_cents),
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
