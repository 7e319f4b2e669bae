//! Serves the prerendered web app: pages from memory (with their CSP and injected JSON-LD),
//! robots.txt and the sitemap, other files through `ServeDir`.
use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::header::{
    ALLOW, CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, LOCATION, RANGE, VARY,
};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use bytes::Bytes;
use jiff::Timestamp;
use serde_json::{Value, json};
use tower::ServiceExt;

use std::sync::Arc;

use super::middleware::loggable_path;
use crate::agenda::events::{self, Event, EventKind, EventStatus};
use crate::audience::campaigns;
use crate::content::page_texts;
use crate::content::reviews;
use crate::kit::brussels;
use crate::kit::encoded::Encoded;
use crate::kit::html::escape;
use crate::kit::money;
use crate::platform::live::{Built, Entry, LiveCache, LiveCaches, Topic, next_change};
use crate::platform::prerendered::{self, Page, is_admin};
use crate::platform::site::{self, Site};
use crate::platform::state::AppState;

mod photos;
mod review_cards;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/robots.txt", get(robots))
        .route("/sitemap.xml", get(sitemap))
        .fallback(serve)
}

async fn robots(State(state): State<AppState>) -> Response {
    let body = format!(
        "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api\n\nSitemap: {}\n",
        state.site().url("/sitemap.xml")
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
        || route.starts_with("/testmail/")
        || route.starts_with("/payment-")
        || route.starts_with("/betalen/")
        || route == "/afspraak"
        || route == "/ervaring-delen"
        || route == "/checkout")
}

async fn sitemap(State(state): State<AppState>) -> Response {
    let site = state.site();
    let mut routes: Vec<String> = state
        .pages
        .canonical_routes(&site)
        .filter(|r| in_sitemap(r))
        .map(str::to_string)
        .collect();
    // The published newsletters, made on the server (see `campaigns::archive`).
    match campaigns::archive::sitemap_paths(&state.pool).await {
        Ok(paths) => routes.extend(paths),
        Err(e) => tracing::error!(error = %e, "newsletter archive left out of the sitemap"),
    }
    routes.sort_unstable();
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for route in routes {
        let url = escape(&site.url(&route));
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

/// A page's response: its CSP with it, and no caching without asking (its data is live).
fn page_response(
    status: StatusCode,
    page: &Page,
    encoded: &Encoded,
    request: &HeaderMap,
) -> Response {
    let mut res = encoded.respond(status, request);
    res.headers_mut()
        .insert(CONTENT_SECURITY_POLICY, page.csp.clone());
    res
}

pub async fn serve(State(state): State<AppState>, req: Request) -> Response {
    if !matches!(*req.method(), Method::GET | Method::HEAD) {
        return (StatusCode::METHOD_NOT_ALLOWED, [(ALLOW, "GET, HEAD")]).into_response();
    }
    let path = req.uri().path().to_string();
    let headers = req.headers();
    let pages = &state.pages;
    // One URL per page: `/x/` and `/x/index.html` redirect to `/x`, where the page gets its CSP and
    // live data; other `.html` files (the SPA shell) are not addressable.
    let redirect_to = if let Some(dir) = path.strip_suffix("/index.html") {
        Some(if dir.is_empty() { "/" } else { dir })
    } else if path.ends_with(".html") {
        return not_found(&state, &path, headers).await;
    } else {
        path.strip_suffix('/').filter(|t| !t.is_empty())
    };
    if let Some(trimmed) = redirect_to.filter(|t| is_local_path(t)) {
        let location = match req.uri().query() {
            Some(q) => format!("{trimmed}?{q}"),
            None => trimmed.to_string(),
        };
        return match HeaderValue::from_str(&location) {
            Ok(location) => {
                (StatusCode::PERMANENT_REDIRECT, [(LOCATION, location)]).into_response()
            }
            Err(_) => not_found(&state, &path, headers).await,
        };
    }
    if let Some(page) = pages.pages.get(&path) {
        return live_page(&state, &path, page, StatusCode::OK, headers).await;
    }
    if is_admin(&path) {
        let shell = &pages.spa_fallback;
        let mut res = page_response(StatusCode::OK, shell, shell.encoded(), headers);
        res.headers_mut().insert(
            "x-robots-tag",
            HeaderValue::from_static("noindex, nofollow"),
        );
        return res;
    }
    if path == "/404" {
        return not_found(&state, &path, headers).await;
    }
    if !headers.contains_key(RANGE)
        && let Some(file) = pages.files.get(&path)
    {
        return file.respond(StatusCode::OK, headers);
    }
    // The embedded build is held whole in `files`; only a build folder has more (large files).
    let Some(serve_dir) = pages.serve_dir.clone() else {
        return match pages.files.get(&path) {
            Some(file) => file.respond(StatusCode::OK, headers),
            None => not_found(&state, &path, headers).await,
        };
    };
    let res = match serve_dir.oneshot(req).await {
        Ok(res) => res,
        Err(never) => match never {},
    };
    if res.status() == StatusCode::NOT_FOUND {
        return not_found(&state, &path, &HeaderMap::new()).await;
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

/// Whether a redirect to `path` stays on this site: browsers read `//host` and `/\\host` as
/// another site.
fn is_local_path(path: &str) -> bool {
    path.starts_with('/') && !matches!(path.as_bytes().get(1), Some(b'/' | b'\\'))
}

async fn not_found(state: &AppState, path: &str, request: &HeaderMap) -> Response {
    tracing::info!(path = loggable_path(path, None), "page not found");
    let page = &state.pages.not_found;
    live_page(state, "/404", page, StatusCode::NOT_FOUND, request).await
}

/// What a page shows from the database; the page is made again when that data changes
/// (see `live`), not per request.
#[derive(Clone, Copy)]
enum LiveField {
    /// The home page's newest reviews and its LocalBusiness data with their count and rating.
    Reviews,
    /// The storytelling evening pages' Event data (date, seats left).
    FeaturedEvent(EventKind),
}

impl LiveField {
    fn of(path: &str) -> Option<Self> {
        match path {
            "/" => Some(Self::Reviews),
            "/vertelavond" | "/begrijp-jezelf/vertelavond" => {
                Some(Self::FeaturedEvent(EventKind::Vertelavond))
            }
            _ => None,
        }
    }

    fn cache(self, live: &LiveCaches) -> &LiveCache {
        match self {
            Self::Reviews => &live.review_pages,
            Self::FeaturedEvent(_) => &live.event_pages,
        }
    }

    /// The page with its structured data, and when that changes by itself (an event ends).
    async fn apply(
        self,
        state: &AppState,
        html: String,
    ) -> anyhow::Result<(String, Option<Timestamp>)> {
        match self {
            Self::Reviews => {
                let rating = reviews::rating(&state.pool).await?;
                Ok((
                    inject_json_ld(&html, &local_business(&state.site(), rating)),
                    None,
                ))
            }
            Self::FeaturedEvent(kind) => match events::featured(&state.pool, kind).await? {
                Some(event) => Ok((
                    inject_json_ld(&html, &event_json_ld(&state.site(), &event)?),
                    next_change([event.ends_at.as_str()]),
                )),
                None => Ok((html, None)),
            },
        }
    }
}

/// A page as the server sends it: as built while nothing it shows from the database is live;
/// otherwise made once per change of that data (see `live`) with the saved business details
/// in its marked elements (`business_details`), its structured data, the saved page texts
/// (`page_texts::apply`), the coach's photos (`photos`) and the newest reviews (`review_cards`).
async fn live_page(
    state: &AppState,
    path: &str,
    page: &Page,
    status: StatusCode,
    headers: &HeaderMap,
) -> Response {
    match live_entry(state, path, page).await {
        Some(entry) => page_response(status, page, &entry.encoded, headers),
        None => page_response(status, page, page.encoded(), headers),
    }
}

/// The newsletter archive's frame (`campaigns::archive::Frame`): its built page as it is sent
/// now, so the archive shows her saved details and texts, not the build's, with the words of its
/// blocks; the 404 page on a build without it.
pub async fn archive_frame(
    State(state): State<AppState>,
    mut req: Request,
    next: Next,
) -> Response {
    let index = campaigns::archive::INDEX_PATH;
    let (path, page) = match state.pages.pages.get(index) {
        Some(page) => (index, page),
        None => ("/404", &state.pages.not_found),
    };
    let html: Arc<str> = match live_entry(&state, path, page).await {
        Some(entry) => String::from_utf8_lossy(entry.encoded.identity()).into(),
        None => page.html.as_str().into(),
    };
    let words = Arc::new(page_texts::words(&html));
    req.extensions_mut().insert(campaigns::archive::Frame {
        html,
        words,
        own_page: path == index,
    });
    next.run(req).await
}

/// The live version of a page, or None when the page as built is what to send (nothing saved,
/// or the live one failed).
async fn live_entry(state: &AppState, path: &str, page: &Page) -> Option<Arc<Entry>> {
    let field = LiveField::of(path);
    let cache = match field {
        Some(field) => field.cache(&state.live),
        // Media never written: no photo chosen either.
        None if state.business.is_saved()
            || page_texts::any_saved(&state.versions)
            || state.versions.known(Topic::Media) > 0 =>
        {
            &state.live.pages
        }
        None => return None,
    };
    let built = cache
        .get(&state.versions, path, || async {
            let mut html = if state.business.is_saved() {
                business_details(&page.html, state.business.defaults(), &state.site())
            } else {
                page.html.clone()
            };
            let mut expires_at = None;
            if let Some(field) = field {
                (html, expires_at) = field.apply(state, html).await?;
            }
            html = page_texts::apply(&html, &page_texts::saved(&state.pool).await?);
            html = photos::apply(&html, &photos::chosen(&state.pool).await?, &state.site());
            // Last: nothing may look for its markers in what visitors wrote.
            if let Some(LiveField::Reviews) = field {
                html = review_cards::apply(&html, &reviews::newest(&state.pool).await?);
            }
            Ok(Some(Built {
                body: Bytes::from(html),
                expires_at,
            }))
        })
        .await;
    match built {
        Ok(entry) => entry,
        Err(e) => {
            // The page as built is still useful.
            tracing::error!(error = %e, path, "live page failed");
            None
        }
    }
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

/// The business with its rating: the approved reviews' own once there are any (a rating that is
/// not theirs would mislead), the spec's values before.
fn local_business(site: &Site, rating: reviews::Rating) -> Value {
    let fallback = &site.aggregate_rating;
    let c = &site.contact;
    json!({
        "@context": "https://schema.org",
        "@type": "LocalBusiness",
        "name": site.brand,
        "description": site.description,
        "url": site.url("/"),
        "image": site.url(&site.share_image),
        "logo": site.url(site.logo_path()),
        "telephone": c.phone,
        "email": c.email,
        "address": postal_address(Some(&c.street), Some(&c.postal_code), Some(&c.city), &c.country),
        "aggregateRating": {
            "@type": "AggregateRating",
            "ratingValue": rating.average.unwrap_or(fallback.rating_value),
            "bestRating": fallback.best_rating,
            "worstRating": fallback.worst_rating,
            "reviewCount": if rating.count > 0 { rating.count } else { fallback.fallback_review_count },
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
    let mut data = json!({
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
    });
    // The photo chosen for it, as its page shows it (the widest JPEG).
    if let Some(image) = &event.image {
        data["image"] = json!(site.url(&image.src));
    }
    Ok(data)
}

/// The id of the JSON block with the page values, read by the web app (`config/site.ts`).
const LIVE_BLOCK_ID: &str = "live-site";

/// The page with `site`'s business details instead of the build's (`defaults`), as the web app
/// renders them with the same values, so hydration finds what it renders (DESIGN §7):
/// - an element marked `data-live="key"` holds exactly that value as its text;
/// - an element marked `data-live-href="key"` links to it (`site::page_href`), and is hidden
///   when the value is empty (a cleared social link);
/// - an element marked `data-live-attrs` has every changed value replaced in its `alt`, `title`
///   and `aria-label` (the web app: `liveText`);
/// - in the head, every changed value is replaced in the title, the meta tags and the JSON-LD
///   strings (the web app: `liveText`, `liveJsonLd` in `lib/seo.ts`);
/// - the values themselves go in a JSON block for the web app to render with.
fn business_details(html: &str, defaults: &Site, site: &Site) -> String {
    let values = site.page_values();
    let value_of = |key: &str| values.iter().find(|(k, _)| *k == key).map(|(_, v)| v);
    let changed: Vec<(String, String)> = defaults
        .page_values()
        .into_iter()
        .zip(&values)
        .filter(|((_, old), (_, new))| !old.is_empty() && old != new)
        .map(|((_, old), (_, new))| (old, new.clone()))
        .collect();
    let changed_html: Vec<(String, String)> = changed
        .iter()
        .map(|(old, new)| (escape(old), escape(new)))
        .collect();
    // (start, end, replacement) in the page, in order.
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    let mut from = 0;
    while let Some(offset) = html[from..].find(" data-live") {
        let at = from + offset;
        let tag_start = html[..at].rfind('<').unwrap_or(0);
        let Some(tag_end) = html[at..].find('>').map(|i| at + i) else {
            break;
        };
        from = tag_end;
        let attrs = &html[tag_start..tag_end];
        if let Some(key) = prerendered::attr_value(attrs, "data-live-href")
            && let Some(value) = value_of(&key)
            && let Some((start, end)) = attr_span(html, tag_start, tag_end, "href")
        {
            let href = site::page_href(&key, value);
            if href.starts_with('/') && !href.starts_with("//") {
                // A path on this site (her own self-test as `quizUrl`) opens in the same tab:
                // the new-tab marks the web app gives an outside link go (`ExternalLink`).
                edits.extend(same_tab(html, tag_start, tag_end));
            }
            edits.push((start, end, escape(&href)));
            if value.is_empty() {
                // A link she cleared (a social network she does not use) is not shown.
                edits.push((tag_end, tag_end, " hidden=\"\"".into()));
            }
        }
        if prerendered::attr_value(attrs, "data-live-attrs").is_some() {
            for name in ["alt", "title", "aria-label"] {
                if let Some((start, end)) = attr_span(html, tag_start, tag_end, name) {
                    edits.push((start, end, replace_each(&html[start..end], &changed_html)));
                }
            }
        }
        if let Some(key) = prerendered::attr_value(attrs, "data-live")
            && let Some(value) = value_of(&key)
            && let Some(text_end) = html[tag_end..].find('<').map(|i| tag_end + i)
        {
            edits.push((tag_end + 1, text_end, escape(value)));
            from = text_end;
        }
    }
    edits.sort_by_key(|edit| edit.0);
    let mut out = String::with_capacity(html.len() + 1024);
    let mut copied = 0;
    for (start, end, replacement) in edits {
        out.push_str(&html[copied..start]);
        out.push_str(&replacement);
        copied = end;
    }
    out.push_str(&html[copied..]);
    let out = rewrite_head(&out, &changed_html, &changed);
    let block = serde_json::Value::Object(
        values
            .into_iter()
            .map(|(k, v)| (k.to_string(), Value::String(v)))
            .collect(),
    );
    let tag = format!(
        "<script type=\"application/json\" id=\"{LIVE_BLOCK_ID}\">{}</script>",
        block.to_string().replace('<', "\\u003c")
    );
    match out.find("</head>") {
        Some(i) => format!("{}{tag}{}", &out[..i], &out[i..]),
        None => out,
    }
}

/// The screen-reader hint the web app puts at the end of a link that opens in a new tab.
const NEW_TAB_HINT: &str = "<span class=\"sr-only\"> (opent in een nieuw tabblad)</span>";

/// The removals that make the link `html[tag_start..tag_end]` open in the same tab, as the web
/// app renders a link to a path: no `target`, no `rel`, no new-tab hint before its `</a>`.
fn same_tab(html: &str, tag_start: usize, tag_end: usize) -> Vec<(usize, usize, String)> {
    let mut edits = Vec::new();
    for attr in [" target=\"_blank\"", " rel=\"noopener noreferrer\""] {
        if let Some(at) = html[tag_start..tag_end].find(attr) {
            edits.push((tag_start + at, tag_start + at + attr.len(), String::new()));
        }
    }
    if let Some(close) = html[tag_end..].find("</a>").map(|i| tag_end + i)
        && html[..close].ends_with(NEW_TAB_HINT)
    {
        edits.push((close - NEW_TAB_HINT.len(), close, String::new()));
    }
    edits
}

/// Where the value of the attribute `name` sits in the tag `html[tag_start..tag_end]`.
fn attr_span(html: &str, tag_start: usize, tag_end: usize, name: &str) -> Option<(usize, usize)> {
    let open = format!(" {name}=\"");
    let start = tag_start + html[tag_start..tag_end].find(&open)? + open.len();
    let end = start + html[start..tag_end].find('"')?;
    Some((start, end))
}

/// `text` with every `old` of `pairs` replaced by its `new`, in one pass from the left, the
/// longest at a place first, so a new value is never replaced again (the web app: `liveText`).
fn replace_each(text: &str, pairs: &[(String, String)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    loop {
        let next = pairs
            .iter()
            .filter_map(|(old, new)| rest.find(old.as_str()).map(|at| (at, old, new)))
            .min_by_key(|(at, old, _)| (*at, std::cmp::Reverse(old.len())));
        let Some((at, old, new)) = next else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..at]);
        out.push_str(new);
        rest = &rest[at + old.len()..];
    }
}

/// The head with the `changed` values replaced in its title and meta tags (`html`: escaped as
/// HTML) and in every string of its JSON-LD (`raw`).
fn rewrite_head(html: &str, changed_html: &[(String, String)], raw: &[(String, String)]) -> String {
    let Some(head_end) = html.find("</head>") else {
        return html.to_string();
    };
    let (head, rest) = html.split_at(head_end);
    let mut out = String::with_capacity(html.len());
    let mut from = 0;
    while let Some(offset) = head[from..].find('<') {
        let start = from + offset;
        out.push_str(&head[from..start]);
        let tag = &head[start..];
        let end = if tag.starts_with("<title") {
            tag.find("</title>").map(|i| start + i)
        } else if tag.starts_with("<meta") {
            tag.find('>').map(|i| start + i)
        } else if tag.starts_with("<script type=\"application/ld+json\">") {
            let open = start + "<script type=\"application/ld+json\">".len();
            match head[open..].find("</script>").map(|i| open + i) {
                Some(close) => {
                    out.push_str(&head[start..open]);
                    match serde_json::from_str::<Value>(&head[open..close]) {
                        Ok(mut data) => {
                            replace_strings(&mut data, raw);
                            out.push_str(&data.to_string().replace('<', "\\u003c"));
                        }
                        Err(_) => out.push_str(&head[open..close]),
                    }
                    from = close;
                    continue;
                }
                None => None,
            }
        } else {
            None
        };
        match end {
            Some(end) => {
                out.push_str(&replace_each(&head[start..end], changed_html));
                from = end;
            }
            None => {
                out.push('<');
                from = start + 1;
            }
        }
    }
    out.push_str(&head[from..]);
    out.push_str(rest);
    out
}

fn replace_strings(value: &mut Value, pairs: &[(String, String)]) {
    match value {
        Value::String(s) => *s = replace_each(s, pairs),
        Value::Array(items) => {
            items.iter_mut().for_each(|v| replace_strings(v, pairs));
            // A cleared link leaves no empty entry (`sameAs`), as `liveJsonLd` in the web app.
            items.retain(|v| v.as_str() != Some(""));
        }
        Value::Object(map) => map.values_mut().for_each(|v| replace_strings(v, pairs)),
        _ => {}
    }
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

    fn test_site() -> Site {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../config/site.json");
        Site::load(&path).unwrap()
    }

    #[test]
    fn marked_elements_get_the_saved_values_and_unknown_markers_stay() {
        let defaults = test_site();
        let mut details = defaults.details();
        details.phone = "0491 23 45 67".into();
        details.email = "a&b@lumen.be".into();
        let site = defaults.with_details(details);
        let html = "<html><head><title>T</title></head><body>\
            <a href=\"tel:+32470123456\" data-live-href=\"phone\"><span data-live=\"phone\">+32 470 12 34 56</span></a>\
            <a data-live=\"email\" href=\"mailto:hallo@inlumine.be\" data-live-href=\"email\">hallo@inlumine.be</a>\
            <span data-live=\"unknown\">blijft</span><p data-livestream=\"x\">ook</p></body></html>";
        let out = business_details(html, &defaults, &site);
        assert!(out.contains(
            "<a href=\"tel:0491234567\" data-live-href=\"phone\"><span data-live=\"phone\">0491 23 45 67</span></a>"
        ), "{out}");
        assert!(out.contains(
            "<a data-live=\"email\" href=\"mailto:a&amp;b@lumen.be\" data-live-href=\"email\">a&amp;b@lumen.be</a>"
        ), "{out}");
        assert!(
            out.contains(
                "<span data-live=\"unknown\">blijft</span><p data-livestream=\"x\">ook</p>"
            )
        );
        assert!(out.contains("<script type=\"application/json\" id=\"live-site\">"));
    }

    #[test]
    fn a_live_link_to_a_path_on_the_site_opens_in_the_same_tab() {
        let defaults = test_site();
        let mut details = defaults.details();
        details.quiz_url = "/wees-eerlijk/zelftest".into();
        let site = defaults.with_details(details);
        let outside = defaults.quiz_url.clone();
        let html = format!(
            "<html><head><title>T</title></head><body>\
            <a data-live-href=\"quizUrl\" href=\"{outside}\" target=\"_blank\" rel=\"noopener noreferrer\" class=\"b\">\
            <span data-block=\"layout.header.test\">Doe de test</span>{NEW_TAB_HINT}</a>\
            <a data-live-href=\"platformUrl\" href=\"https://x.be\" target=\"_blank\" rel=\"noopener noreferrer\">P{NEW_TAB_HINT}</a></body></html>"
        );
        let out = business_details(&html, &defaults, &site);
        assert!(
            out.contains(
                "<a data-live-href=\"quizUrl\" href=\"/wees-eerlijk/zelftest\" class=\"b\">\
                <span data-block=\"layout.header.test\">Doe de test</span></a>"
            ),
            "{out}"
        );
        // An outside link keeps opening in a new tab.
        assert!(
            out.contains(&format!(
                "target=\"_blank\" rel=\"noopener noreferrer\">P{NEW_TAB_HINT}</a>"
            )),
            "{out}"
        );
    }

    #[test]
    fn brand_coach_and_city_follow_in_marked_text_attributes_and_the_head() {
        let defaults = test_site();
        let mut details = defaults.details();
        details.brand = "Praktijk Lumen".into();
        details.coach_name = "An Peeters".into();
        details.city = "Lier".into();
        let site = defaults.with_details(details);
        let html = "<html><head><title>Over mij | In Lumine</title>\
            <meta name=\"description\" content=\"Maak kennis met Lien Vermeulen in Mechelen.\"/>\
            <meta property=\"og:site_name\" content=\"In Lumine\"/>\
            <script type=\"application/ld+json\">{\"name\":\"In Lumine\",\"founder\":{\"name\":\"Lien Vermeulen\"},\"description\":\"In Lumine in Mechelen\"}</script>\
            </head><body><span data-live=\"brand\">In Lumine</span>\
            <p>Hallo, ik ben <span data-live=\"coachName\">Lien Vermeulen</span> uit <span data-live=\"city\">Mechelen</span>.</p>\
            <a href=\"/over-mij\">Maak kennis met <span data-live=\"coachFirstName\">Lien</span></a>\
            <img src=\"/c.svg\" alt=\"Portret van Lien Vermeulen\" data-live-attrs=\"\" class=\"Lien\"/>\
            <img src=\"/d.svg\" alt=\"Lien Vermeulen blijft\"/></body></html>";
        let out = business_details(html, &defaults, &site);
        for part in [
            "<title>Over mij | Praktijk Lumen</title>",
            "content=\"Maak kennis met An Peeters in Lier.\"",
            "content=\"Praktijk Lumen\"",
            "<span data-live=\"brand\">Praktijk Lumen</span>",
            "<span data-live=\"coachName\">An Peeters</span> uit <span data-live=\"city\">Lier</span>",
            "Maak kennis met <span data-live=\"coachFirstName\">An</span>",
            "alt=\"Portret van An Peeters\" data-live-attrs=\"\" class=\"Lien\"",
            // Unmarked attributes stay as built, as the web app renders them.
            "alt=\"Lien Vermeulen blijft\"",
        ] {
            assert!(out.contains(part), "{part} in {out}");
        }
        let ld = &out[out.find("application/ld+json\">").unwrap() + 21..];
        let data: Value = serde_json::from_str(&ld[..ld.find("</script>").unwrap()]).unwrap();
        assert_eq!(
            data,
            json!({"name": "Praktijk Lumen", "founder": {"name": "An Peeters"}, "description": "Praktijk Lumen in Lier"})
        );
    }

    #[test]
    fn each_changed_value_is_replaced_once_the_longest_first() {
        let pairs = [
            ("Lien".to_string(), "An".to_string()),
            ("Lien Vermeulen".to_string(), "Lien Peeters".to_string()),
            ("In Lumine".to_string(), "In Lumine Mechelen".to_string()),
            ("Mechelen".to_string(), "Lier".to_string()),
        ];
        assert_eq!(
            replace_each("Lien Vermeulen, Lien, In Lumine in Mechelen", &pairs),
            "Lien Peeters, An, In Lumine Mechelen in Lier"
        );
    }

    #[test]
    fn private_and_transactional_pages_stay_out_of_the_sitemap() {
        for route in [
            "/404",
            "/admin",
            "/admin/reviews",
            "/nieuwsbrief/bevestigen",
            "/testmail/ontvangen",
            "/payment-success",
            "/checkout",
            "/afspraak",
            "/ervaring-delen",
        ] {
            assert!(!in_sitemap(route), "{route}");
        }
        assert!(in_sitemap("/"));
        assert!(in_sitemap("/begrijp-jezelf/vertelavond"));
    }
}
