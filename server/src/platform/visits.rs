//! Visitors counted without watching them (DESIGN §12), like Plausible: the public pages send a
//! beacon after load (`POST /api/visits`); the server counts page views per path, sources
//! (referrer domains, `utm_source`), `utm_campaign`s, device classes and events per Brussels
//! day, in memory, and writes them every few seconds in one transaction. No cookie, no stored
//! address, no id that lives past the day:
//!
//! - a visitor of a day is SHA-256(the day's salt, address, user agent), truncated; the salt is
//!   random, made by the first server that needs it and shared through `visit_salts`, so every
//!   server counts a visitor once;
//! - when the Brussels day ends, the first flush after midnight keeps the day's number of
//!   visitors (`visit_days`) and deletes the day's hashes and its salt in one transaction: from
//!   then on nobody, us included, can tell whether an address visited.
//!
//! Bots (no user agent, not a browser's, known crawlers and headless browsers) and prefetches
//! are answered like anyone else and not counted.
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::{HeaderMap, StatusCode, header};
use bytes::Bytes;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kit::error::{AppError, ErrorBody};
use crate::platform::client_ip::ClientIp;
use crate::platform::state::AppState;
use crate::platform::visit_counts::{DeviceClass, Visit, VisitEvent};

/// A beacon's body at most; it is about 100 bytes.
pub const MAX_BODY: usize = 1024;
/// Longest path, source or campaign name kept.
const MAX_NAME: usize = 120;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(record))
}

/// The beacon's body: JSON, sent as `text/plain` by `navigator.sendBeacon` (any content type
/// is read).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Hit {
    /// The page: `location.pathname + location.search`. Only `utm_source` and `utm_campaign`
    /// are read from the query; the rest of it is dropped.
    pub url: String,
    /// `document.referrer` on the first page of a visit (empty after); only its domain is kept.
    #[serde(default)]
    pub referrer: String,
    /// The window's width in CSS pixels: only its class (phone, tablet, desktop) is kept.
    #[serde(default)]
    pub width: Option<u32>,
    /// An event on the page instead of a page view.
    #[serde(default)]
    pub event: Option<VisitEvent>,
}

/// What the beacon's body names, checked: a known public page, a source that is not this site.
pub fn parse_hit(
    hit: Hit,
    is_page: impl Fn(&str) -> bool,
    own_hosts: &[&str],
) -> Result<Visit, AppError> {
    let unreadable = || AppError::invalid("Dit paginabezoek kunnen we niet lezen.");
    let url = hit.url.trim();
    if url.len() > 2 * MAX_NAME + 400 || !url.starts_with('/') || url.starts_with("//") {
        return Err(unreadable());
    }
    let url = url.split('#').next().unwrap_or_default();
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let path = match path.trim_end_matches('/') {
        "" => "/",
        trimmed => trimmed,
    };
    if path.len() > MAX_NAME || crate::platform::prerendered::is_admin(path) || !is_page(path) {
        return Err(AppError::invalid("Deze pagina kennen we niet."));
    }
    if let Some(event) = hit.event {
        return Ok(Visit::Event(event));
    }
    let device = match hit.width {
        None => None,
        Some(width @ 1..=20_000) => Some(DeviceClass::of_width(width)),
        Some(_) => return Err(unreadable()),
    };
    let mut utm_source = None;
    let mut campaign = None;
    for (key, value) in url::form_urlencoded::parse(query.as_bytes()) {
        match &*key {
            "utm_source" => utm_source = clean_name(&value),
            "utm_campaign" => campaign = clean_name(&value),
            _ => {}
        }
    }
    let referrer = hit.referrer.trim();
    if referrer.len() > 2048 {
        return Err(unreadable());
    }
    let source = utm_source.or_else(|| referrer_domain(referrer, own_hosts));
    Ok(Visit::View {
        path: path.to_string(),
        source,
        campaign,
        device,
    })
}

/// A source or campaign name as counted: trimmed, lower case, printable, not too long.
fn clean_name(value: &str) -> Option<String> {
    let value = value.trim().to_lowercase();
    (!value.is_empty() && value.len() <= MAX_NAME && !value.chars().any(char::is_control))
        .then_some(value)
}

/// The referrer's domain without `www.`; None for no referrer, another scheme or this site.
fn referrer_domain(referrer: &str, own_hosts: &[&str]) -> Option<String> {
    let url = url::Url::parse(referrer).ok()?;
    if !matches!(url.scheme(), "http" | "https") {
        return None;
    }
    let host = url.host_str()?.to_ascii_lowercase();
    if own_hosts.iter().any(|own| own.eq_ignore_ascii_case(&host)) {
        return None;
    }
    clean_name(host.strip_prefix("www.").unwrap_or(&host))
}

/// True for what is not a person's browser viewing the page: no user agent, one that is not a
/// browser's (all of them start with `Mozilla/5.0`), crawlers, previews, monitors, headless
/// and automated browsers, and prefetches.
pub fn is_bot(headers: &HeaderMap) -> bool {
    let prefetch = ["purpose", "sec-purpose", "x-purpose", "x-moz"]
        .iter()
        .any(|name| {
            headers
                .get(*name)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|v| v.contains("prefetch") || v.contains("preview"))
        });
    let ua = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_ascii_lowercase();
    const BOTS: &[&str] = &[
        "bot",
        "crawl",
        "spider",
        "slurp",
        "headless",
        "lighthouse",
        "pagespeed",
        "gtmetrix",
        "pingdom",
        "uptime",
        "monitor",
        "preview",
        "facebookexternalhit",
        "embedly",
        "phantomjs",
        "selenium",
        "puppeteer",
        "playwright",
        "python",
        "curl",
        "wget",
        "httpclient",
        "scrapy",
        "feedfetcher",
        "archiver",
    ];
    prefetch || !ua.starts_with("mozilla/") || BOTS.iter().any(|bot| ua.contains(bot))
}

#[utoipa::path(
    post,
    path = "/visits",
    operation_id = "record_visit",
    tag = "visits",
    request_body(content = Hit, description = "JSON; `navigator.sendBeacon` sends it as text/plain, which is read the same"),
    responses(
        (status = 204, description = "Counted, or not counted because it came from a bot (the same answer)"),
        (status = 400, description = "Not JSON", body = ErrorBody),
        (status = 413, description = "Body over 1 KiB", body = ErrorBody),
        (status = 422, description = "Unreadable body, or a page that is not one of the site's public pages", body = ErrorBody),
        (status = 429, description = "Too many page views from this client address; see Retry-After", body = ErrorBody),
    )
)]
pub async fn record(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, AppError> {
    // A body past the router's limit is refused by the extractor: the same JSON 413 as ours.
    let body = body.map_err(|_| AppError::PayloadTooLarge)?;
    if body.len() > MAX_BODY {
        return Err(AppError::PayloadTooLarge);
    }
    // Like every JSON body: not JSON at all is a 400, JSON of the wrong shape a 422.
    let hit: Hit = serde_json::from_slice(&body).map_err(|e| {
        let message = "Dit paginabezoek kunnen we niet lezen.".to_string();
        if e.is_syntax() || e.is_eof() {
            AppError::BadRequest(message)
        } else {
            AppError::invalid(message)
        }
    })?;
    let request_host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .map(|host| host.rsplit_once(':').map_or(host, |(name, _)| name))
        .unwrap_or_default();
    let public_host = url::Url::parse(&state.public_url)
        .ok()
        .and_then(|u| u.host_str().map(str::to_string))
        .unwrap_or_default();
    let visit = parse_hit(
        hit,
        |path| state.pages.pages.contains_key(path),
        &[request_host, public_host.as_str()],
    )?;
    state.limits.beacon_per_ip.admit(&ip).await?;
    if !is_bot(&headers) {
        let ua = headers
            .get(header::USER_AGENT)
            .map(|v| v.as_bytes())
            .unwrap_or_default();
        state.visits.record(visit, &ip, ua).await?;
    }
    Ok(StatusCode::NO_CONTENT)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hit(url: &str, referrer: &str) -> Hit {
        Hit {
            url: url.into(),
            referrer: referrer.into(),
            width: Some(390),
            event: None,
        }
    }

    fn parse(h: Hit) -> Result<Visit, AppError> {
        parse_hit(
            h,
            |p| ["/", "/contact", "/wees-eerlijk"].contains(&p),
            &["inlumine.be"],
        )
    }

    #[test]
    fn a_page_view_keeps_the_path_the_source_domain_and_the_campaign_only() {
        let visit = parse(hit(
            "/contact/?utm_source=Nieuwsbrief&utm_campaign=Lente&fbclid=abc&email=x@y.be#top",
            "https://www.google.com/search?q=coach",
        ))
        .unwrap();
        assert_eq!(
            visit,
            Visit::View {
                path: "/contact".into(),
                source: Some("nieuwsbrief".into()),
                campaign: Some("lente".into()),
                device: Some(DeviceClass::Phone),
            }
        );
        let Visit::View { source, .. } = parse(hit("/", "https://www.google.com/x?q=1")).unwrap()
        else {
            panic!()
        };
        assert_eq!(source.as_deref(), Some("google.com"));
    }

    #[test]
    fn the_own_site_and_odd_referrers_are_no_source() {
        for referrer in [
            "https://inlumine.be/over-mij",
            "android-app://x",
            "",
            "nonsense",
        ] {
            let Visit::View { source, .. } = parse(hit("/", referrer)).unwrap() else {
                panic!()
            };
            assert_eq!(source, None, "{referrer}");
        }
    }

    #[test]
    fn unknown_pages_admin_pages_and_odd_urls_are_refused() {
        for url in [
            "/admin",
            "/admin/dashboard",
            "/bestaat-niet",
            "https://inlumine.be/",
            "//evil.example/",
            "",
        ] {
            assert!(parse(hit(url, "")).is_err(), "{url}");
        }
        let mut wide = hit("/", "");
        wide.width = Some(0);
        assert!(parse(wide).is_err());
    }

    #[test]
    fn devices_are_classed_by_width() {
        assert_eq!(DeviceClass::of_width(390), DeviceClass::Phone);
        assert_eq!(DeviceClass::of_width(800), DeviceClass::Tablet);
        assert_eq!(DeviceClass::of_width(1280), DeviceClass::Desktop);
    }

    #[test]
    fn bots_headless_browsers_and_prefetches_are_not_counted() {
        let with = |ua: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::USER_AGENT, ua.parse().unwrap());
            headers
        };
        let browser = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1";
        assert!(!is_bot(&with(browser)));
        assert!(is_bot(&HeaderMap::new()));
        for ua in [
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/120.0 Safari/537.36",
            "Mozilla/5.0 (Linux; Android 11) Chrome-Lighthouse",
            "curl/8.5.0",
            "python-requests/2.31",
        ] {
            assert!(is_bot(&with(ua)), "{ua}");
        }
        let mut prefetch = with(browser);
        prefetch.insert("sec-purpose", "prefetch".parse().unwrap());
        assert!(is_bot(&prefetch));
    }
}
