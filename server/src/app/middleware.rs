//! What every routed request goes through: compression, and one step for the rest (a request id,
//! a tracing span with a path fit for the log, a time limit, the security headers and a log line).
//! (Site reads skip them: `serve`.)
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{MatchedPath, Request, State};
use axum::http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, REFERRER_POLICY, STRICT_TRANSPORT_SECURITY,
    X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::middleware::{Next, from_fn_with_state};
use axum::response::{IntoResponse, Response};
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{DefaultPredicate, Predicate};
use tracing::Instrument;

use crate::app::metrics::Metrics;
use crate::kit::encoded::Precompressed;

/// How long a handler may take before the client gets 408 Request Timeout.
const HANDLER_TIME_LIMIT: Duration = Duration::from_secs(30);

const X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// `router` inside the layers, outermost last; `hsts` when the site is served over HTTPS; with
/// `metrics`, every request counted.
pub fn around(router: Router, hsts: bool, metrics: Option<Arc<Metrics>>) -> Router {
    let router = router
        // Bodies kept in memory come with their variants already; the rest is compressed here.
        .layer(
            CompressionLayer::new().compress_when(DefaultPredicate::new().and(
                |_: StatusCode,
                 _: axum::http::Version,
                 _: &axum::http::HeaderMap,
                 ext: &axum::http::Extensions| {
                    ext.get::<Precompressed>().is_none()
                },
            )),
        )
        .layer(from_fn_with_state(
            Around {
                hsts,
                ids: RequestIds::default(),
            },
            around_request,
        ));
    match metrics {
        Some(metrics) => router.layer(from_fn_with_state(metrics, crate::app::metrics::track)),
        None => router,
    }
}

#[derive(Clone)]
struct Around {
    hsts: bool,
    ids: RequestIds,
}

/// The request id, span, time limit, security headers and log line of a routed request, in one
/// step: each layer costs every API request its own boxing and cloning, and as five (tower-http's
/// request id, trace and timeout, and ours) they held `/api/reviews` to about 69,000 requests a
/// second on one core, against 80,000 in one step. Site reads skip even this (`serve`).
async fn around_request(State(around): State<Around>, mut req: Request, next: Next) -> Response {
    // The id that ties a request's log lines together; a proxy's own id is kept.
    let id = match req.headers().get(X_REQUEST_ID) {
        Some(id) => id.clone(),
        None => {
            let id = around.ids.next();
            req.headers_mut().insert(X_REQUEST_ID, id.clone());
            id
        }
    };
    let matched = req
        .extensions()
        .get::<MatchedPath>()
        .map(MatchedPath::as_str);
    // The field values are only worked out when the span is logged.
    let span = tracing::info_span!(
        "request",
        method = %req.method(),
        matched_path = matched.unwrap_or("(fallback)"),
        path = loggable_path(req.uri().path(), matched),
        request_id = id.to_str().unwrap_or_default()
    );
    let api = req.uri().path().starts_with("/api/");
    let started = Instant::now();
    let mut res = match tokio::time::timeout(
        HANDLER_TIME_LIMIT,
        next.run(req).instrument(span.clone()),
    )
    .await
    {
        Ok(res) => res,
        Err(_) => StatusCode::REQUEST_TIMEOUT.into_response(),
    };
    set_security_headers(res.headers_mut(), around.hsts, api);
    res.headers_mut().entry(X_REQUEST_ID).or_insert(id);
    // A failure is logged at every level but `off`; the rest only with INFO on.
    let (status, latency_ms) = (res.status().as_u16(), started.elapsed().as_millis());
    if res.status().is_server_error() {
        tracing::error!(parent: &span, status, latency_ms, "response failed");
    } else {
        tracing::info!(parent: &span, status, latency_ms, "finished processing request");
    }
    res
}

/// Request ids that tie a request's log lines together: a random prefix per process and a counter,
/// so making one costs no system call (a random UUID per request did).
#[derive(Clone)]
struct RequestIds {
    process: u64,
    next: Arc<AtomicU64>,
}

impl Default for RequestIds {
    fn default() -> Self {
        Self {
            process: rand::random(),
            next: Arc::new(AtomicU64::new(1)),
        }
    }
}

impl RequestIds {
    fn next(&self) -> HeaderValue {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        HeaderValue::from_str(&format!("{:x}-{n:x}", self.process))
            .expect("hex digits and a dash are a valid header value")
    }
}

/// The longest unmatched path the log shows whole.
const UNMATCHED_MAX_CHARS: usize = 200;

/// The path as the request log shows it: order ids, payment references and tokens open buyer
/// data, so only numeric ids and public slugs are kept. With a matched route every other
/// parameter shows as its `{name}`; otherwise any segment that looks like a token is hidden.
/// Queries are never logged (links carry their tokens there), and an unmatched path (anyone can
/// send one) is cut at `UNMATCHED_MAX_CHARS`.
pub fn loggable_path(path: &str, matched: Option<&str>) -> String {
    const PUBLIC_PARAMS: [&str; 2] = ["{slug}", "{provider}"];
    let path = path.split('?').next().unwrap_or_default();
    let Some(template) = matched else {
        let shown = path
            .split('/')
            .map(|segment| {
                let token_like = segment.len() >= 16
                    && segment
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'%');
                if token_like { "{redacted}" } else { segment }
            })
            .collect::<Vec<_>>()
            .join("/");
        return match shown.char_indices().nth(UNMATCHED_MAX_CHARS) {
            Some((cut, _)) => format!("{}…", &shown[..cut]),
            None => shown,
        };
    };
    let mut shown: Vec<&str> = Vec::new();
    let mut actual = path.split('/');
    for part in template.split('/') {
        let value = actual.next().unwrap_or_default();
        let is_param = part.starts_with('{');
        let numeric =
            !value.is_empty() && value.len() <= 18 && value.bytes().all(|b| b.is_ascii_digit());
        shown.push(if !is_param || numeric || PUBLIC_PARAMS.contains(&part) {
            value
        } else {
            part
        });
    }
    shown.join("/")
}

const API_CSP: HeaderValue = HeaderValue::from_static("default-src 'none'; frame-ancestors 'none'");

pub(super) fn set_security_headers(h: &mut HeaderMap, hsts: bool, api: bool) {
    // API answers can carry personal data (orders, tickets, manage links, admin, sessions):
    // never stored by a browser or proxy unless a route says otherwise.
    if api {
        h.entry(CACHE_CONTROL)
            .or_insert(HeaderValue::from_static("no-store"));
    }
    // Same-origin unless a route opens itself (photos, which mails show).
    h.entry(HeaderName::from_static("cross-origin-resource-policy"))
        .or_insert(HeaderValue::from_static("same-origin"));
    // Pages bring their own CSP with their script hashes; everything else gets the strict one.
    h.entry(CONTENT_SECURITY_POLICY).or_insert(API_CSP);
    h.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(
        REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    h.insert(X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        HeaderName::from_static("permissions-policy"),
        HeaderValue::from_static("camera=(), microphone=(), geolocation=()"),
    );
    h.insert(
        HeaderName::from_static("cross-origin-opener-policy"),
        HeaderValue::from_static("same-origin"),
    );
    if hsts {
        h.insert(
            STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000; includeSubDomains"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{UNMATCHED_MAX_CHARS, loggable_path};

    #[test]
    fn an_unknown_path_is_logged_cut_short_and_without_its_query() {
        assert_eq!(
            loggable_path("/bestaat-niet?token=geheim&email=a@b.be", None),
            "/bestaat-niet"
        );
        let long = format!("/{}", "é/".repeat(500));
        let shown = loggable_path(&format!("{long}?x=1"), None);
        assert_eq!(shown.chars().count(), UNMATCHED_MAX_CHARS + 1);
        assert!(shown.ends_with('…') && long.starts_with(shown.trim_end_matches('…')));
    }

    #[test]
    fn order_ids_references_and_tokens_never_reach_the_log() {
        let order = "q3J9xK2mZp8vN4tR7wYb1cD5eF6gH0jL";
        assert_eq!(
            loggable_path(
                &format!("/api/orders/{order}"),
                Some("/api/orders/{order_id}")
            ),
            "/api/orders/{order_id}"
        );
        assert_eq!(
            loggable_path(
                "/api/payments/simulated/sim_8f2a9c4e1b7d",
                Some("/api/payments/simulated/{reference}")
            ),
            "/api/payments/simulated/{reference}"
        );
        assert_eq!(
            loggable_path(&format!("/bestelling/{order}/tickets"), None),
            "/bestelling/{redacted}/tickets"
        );
    }

    #[test]
    fn numeric_ids_slugs_and_plain_pages_stay_readable() {
        assert_eq!(
            loggable_path(
                "/api/admin/orders/42/refund",
                Some("/api/admin/orders/{id}/refund")
            ),
            "/api/admin/orders/42/refund"
        );
        assert_eq!(
            loggable_path("/api/products/vertelavond", Some("/api/products/{slug}")),
            "/api/products/vertelavond"
        );
        assert_eq!(
            loggable_path(
                "/api/payments/webhook/stripe",
                Some("/api/payments/webhook/{provider}")
            ),
            "/api/payments/webhook/stripe"
        );
        assert_eq!(
            loggable_path("/begrijp-jezelf/spiegelgevecht", None),
            "/begrijp-jezelf/spiegelgevecht"
        );
    }
}
