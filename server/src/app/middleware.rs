//! The layers around every routed request: compression, security headers, a timeout, a tracing
//! span with the request id and a path fit for the log. (Site reads skip them: `serve`.)
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::{MatchedPath, Request, State};
use axum::http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, REFERRER_POLICY, STRICT_TRANSPORT_SECURITY,
    X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::middleware::{Next, from_fn_with_state};
use axum::response::Response;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{DefaultPredicate, Predicate};
use tower_http::request_id::{
    MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};

use crate::app::metrics::Metrics;
use crate::kit::encoded::Precompressed;

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
        .layer(from_fn_with_state(hsts, security_headers))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            Duration::from_secs(30),
        ))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|req: &Request| {
                    let matched = req
                        .extensions()
                        .get::<MatchedPath>()
                        .map(MatchedPath::as_str);
                    let id = req
                        .headers()
                        .get("x-request-id")
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or_default();
                    // The field values are only worked out when the span is logged.
                    tracing::info_span!(
                        "request",
                        method = %req.method(),
                        matched_path = matched.unwrap_or("(fallback)"),
                        path = loggable_path(req.uri().path(), matched),
                        request_id = id
                    )
                })
                .on_response(DefaultOnResponse::new().level(tracing::Level::INFO)),
        )
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(SetRequestIdLayer::x_request_id(RequestIds::default()));
    match metrics {
        Some(metrics) => router.layer(from_fn_with_state(metrics, crate::app::metrics::track)),
        None => router,
    }
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

impl MakeRequestId for RequestIds {
    fn make_request_id<B>(&mut self, _: &Request<B>) -> Option<RequestId> {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        HeaderValue::from_str(&format!("{:x}-{n:x}", self.process))
            .ok()
            .map(RequestId::new)
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

async fn security_headers(State(hsts): State<bool>, req: Request, next: Next) -> Response {
    let api = req.uri().path().starts_with("/api/");
    let mut res = next.run(req).await;
    set_security_headers(res.headers_mut(), hsts, api);
    res
}

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
