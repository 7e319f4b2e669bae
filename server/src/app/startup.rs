//! Builds the whole application; production and tests start it the same way.
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use anyhow::Context;
use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, DefaultBodyLimit, MatchedPath, Request, State};
use axum::http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, REFERRER_POLICY, STRICT_TRANSPORT_SECURITY,
    X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::get;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::{Notify, Semaphore, watch};
use tokio::task::JoinHandle;
use tower::ServiceExt;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{DefaultPredicate, Predicate};
use tower_http::request_id::{
    MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};
use tower_http::timeout::{RequestBodyTimeout, TimeoutLayer};
use tower_http::trace::{DefaultOnResponse, TraceLayer};

use crate::kit::access_tokens::AuthConfig;
use crate::kit::configuration::{MailTransport, Settings};
use crate::kit::db::GroupCommit;
use crate::kit::encoded::Precompressed;
use crate::kit::error::{api_method_not_allowed, api_not_found};
use crate::kit::secret_token::LinkSigner;
use crate::platform::backup::{self, DatabaseLock};
use crate::platform::limits::Limits;
use crate::platform::live::{DataVersions, LiveCaches};
use crate::platform::media_store::{FolderStore, Media};
use crate::platform::outbox::{self, Deliverer};
use crate::platform::payments::Provider;
use crate::platform::prerendered::SitePages;
use crate::platform::site::{LiveSite, Site};
use crate::platform::state::{AppState, GoLiveFacts, Shared};
use crate::{
    agenda::events, agenda::intro_calls, agenda::webinars, app::admin, app::health, app::openapi,
    app::site_pages, audience::campaigns, audience::contact, audience::newsletter,
    commerce::checkout, commerce::invoices, commerce::orders, commerce::products,
    commerce::waitlist, content::drempel_videos, content::reviews, kit::db,
    overview::calendar_feed, overview::go_live, overview::reminders, platform::auth,
    platform::live, platform::media, platform::notifications, platform::retention,
};

/// Photos decoded and resized at once: each takes a core and up to a few hundred MB, and
/// uploads are rare (the coach), so one at a time keeps a small server's memory safe.
const PHOTOS_AT_ONCE: usize = 1;

pub struct Application {
    listener: TcpListener,
    app: App,
    connections: ConnectionLimits,
    worker: JoinHandle<()>,
    campaign_sender: JoinHandle<()>,
    /// The periodic passes (`periodic::every`): order holds, reminders, review invitations,
    /// the waiting list, daily summaries, retention and daily snapshots.
    passes: Vec<JoinHandle<()>>,
    /// Tells `inlumine restore` that this server uses the SQLite file; released on drop.
    _database_lock: Option<DatabaseLock>,
    version_poller: JoinHandle<()>,
    stop_worker: watch::Sender<bool>,
}

impl Application {
    /// Loads site config and pages, connects and migrates the database, binds the port and
    /// starts the outbox and reminder workers.
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        let site = Site::load(&settings.site_config)?;
        let public_url = if settings.public_url.is_empty() {
            site.site_url.clone()
        } else {
            settings.public_url.clone()
        };
        let public_url = public_url.trim_end_matches('/').to_string();
        settings.check_live_payments(&public_url)?;
        let pages = SitePages::load(&settings.web_dir)?;
        let database_url = settings.database_url();
        let database_lock = db::sqlite_path(&database_url)
            .map(|file| DatabaseLock::for_server(&file))
            .transpose()?;
        let pool = db::connect(&database_url).await?;
        db::migrate(&pool).await?;
        let from = if settings.mail.from.is_empty() {
            format!("{} <{}>", site.brand, site.contact.email)
        } else {
            settings.mail.from.clone()
        };
        let deliverer = Arc::new(Deliverer::new(&settings, &from)?);
        let webhook_url = Some(settings.newsletter.webhook_url.as_str())
            .filter(|u| !u.is_empty())
            .map(Arc::from);
        let auth = AuthConfig::load(&settings.auth, &pool).await?;
        let notify = Arc::new(Notify::new());
        let hsts = public_url.starts_with("https://");
        let payments = Arc::new(Provider::from_settings(&settings.payments, &public_url)?);
        let business = Arc::new(LiveSite::new(site));
        let versions = Arc::new(DataVersions::new(pool.clone(), business.clone()));
        // The saved business details before the first request.
        versions.refresh().await?;
        let links = Arc::new(LinkSigner::load(&pool).await?);
        let backup_keep = backups_possible(&settings, &database_url);
        let state = AppState::new(Shared {
            pool: pool.clone(),
            business,
            public_url: public_url.into(),
            webhook_url,
            enrolment_webhook_url: Some(settings.enrolment.webhook_url.as_str())
                .filter(|u| !u.is_empty())
                .map(Arc::from),
            outbox_notify: notify.clone(),
            pages: Arc::new(pages),
            auth: Arc::new(auth),
            payments,
            order_hold: settings.payments.hold(),
            waitlist_offer: settings.waitlist.offer_time(),
            limits: Limits::new(&settings.limits),
            unpaid_holds_per_email: settings.limits.unpaid_holds_per_email.into(),
            versions: versions.clone(),
            live: Arc::new(LiveCaches::default()),
            writes: GroupCommit::start(pool.clone()),
            links,
            media: Arc::new(Media::new(
                Arc::new(FolderStore::new(settings.data_dir.join("media"))),
                PHOTOS_AT_ONCE,
            )),
            go_live: GoLiveFacts {
                mail_sent: settings.mail.transport == MailTransport::Smtp,
                backups_on: backup_keep.is_some(),
            },
        });
        let listener = TcpListener::bind((settings.host.as_str(), settings.port))
            .await
            .with_context(|| format!("cannot listen on {}:{}", settings.host, settings.port))?;
        let (stop_worker, stopped) = watch::channel(false);
        let mut passes = vec![
            orders::spawn(
                state.clone(),
                settings.payments.sweep_interval(),
                stopped.clone(),
            ),
            retention::spawn(
                state.pool.clone(),
                settings.retention.interval(),
                stopped.clone(),
            ),
            waitlist::spawn(state.clone(), settings.waitlist.interval(), stopped.clone()),
            notifications::summary::spawn(
                state.clone(),
                settings.notifications.summary_check(),
                stopped.clone(),
            ),
        ];
        passes.extend(reminders::spawn(
            state.clone(),
            &settings.reminders,
            stopped.clone(),
        ));
        let campaign_sender = campaigns::sender::spawn(
            state.clone(),
            deliverer.clone(),
            settings.campaigns.clone(),
            stopped.clone(),
        );
        let worker = outbox::spawn(
            pool,
            deliverer,
            settings.outbox.clone(),
            notify,
            stopped.clone(),
        );
        let version_poller = live::spawn(versions, stopped.clone());
        passes.extend(
            backup_keep
                .map(|keep| backup::spawn(database_url, settings.backup_dir(), keep, stopped)),
        );
        Ok(Self {
            listener,
            app: App {
                router: router(state.clone(), hsts),
                state,
                hsts,
            },
            connections: ConnectionLimits {
                max: settings.max_connections as usize,
                header_timeout: Duration::from_secs(settings.header_timeout_secs),
                body_timeout: Duration::from_secs(settings.body_timeout_secs),
            },
            worker,
            campaign_sender,
            passes,
            _database_lock: database_lock,
            version_poller,
            stop_worker,
        })
    }

    pub fn port(&self) -> u16 {
        self.listener
            .local_addr()
            .map(|a| a.port())
            .unwrap_or_default()
    }

    /// Serves until SIGINT/SIGTERM, then drains requests and stops the background workers.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        self.run_until(shutdown_signal()).await
    }

    /// Serves until `stop` completes, then drains requests and stops the background workers.
    pub async fn run_until(self, stop: impl Future<Output = ()>) -> anyhow::Result<()> {
        let addr = self.listener.local_addr()?;
        // The e2e harness reads the real port from this exact line.
        println!("Listening on http://{addr}");
        std::io::stdout().flush()?;
        serve(self.listener, self.app, &self.connections, stop).await;
        let _ = self.stop_worker.send(true);
        let _ = self.worker.await;
        let _ = self.campaign_sender.await;
        for pass in self.passes {
            let _ = pass.await;
        }
        let _ = self.version_poller.await;
        Ok(())
    }
}

/// How many daily snapshots to keep, unless they are turned off (BACKUP_KEEP=0) or impossible
/// (PostgreSQL without pg_dump on this machine: said once at start instead of failing every day).
fn backups_possible(settings: &Settings, database_url: &str) -> Option<usize> {
    let keep = usize::try_from(settings.backup.keep)
        .ok()
        .filter(|k| *k > 0)?;
    if !db::is_sqlite(database_url)
        && std::process::Command::new("pg_dump")
            .arg("--version")
            .output()
            .is_err()
    {
        tracing::warn!(
            "pg_dump is not installed: no daily database snapshots (see README, Backups)"
        );
        return None;
    }
    Some(keep)
}

struct ConnectionLimits {
    max: usize,
    header_timeout: Duration,
    body_timeout: Duration,
}

/// Longest wait for open requests to finish after a stop signal.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(30);

/// Accepts connections until `shutdown`, then lets open requests finish (at most
/// `DRAIN_TIMEOUT`). Slow clients cannot hold the server: headers (and the wait for the next
/// request on a kept-alive connection) get `header_timeout`, bodies may not pause longer than
/// `body_timeout`, and at most `max` connections are open; the next one is accepted when one
/// closes.
async fn serve(
    listener: TcpListener,
    app: App,
    limits: &ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) {
    let permits = Arc::new(Semaphore::new(limits.max));
    let graceful = GracefulShutdown::new();
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    let App {
        router,
        state,
        hsts,
    } = app;
    let router = RequestBodyTimeout::new(router, limits.body_timeout);
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = permits.clone().acquire_owned() => permit.expect("the semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // E.g. out of file descriptors: wait a little instead of spinning.
                    tracing::warn!(error = %e, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::warn!(error = %e, "cannot set TCP_NODELAY");
        }
        let (router, state) = (router.clone(), state.clone());
        let service = tower::service_fn(move |mut req: Request<Incoming>| {
            let (router, state) = (router.clone(), state.clone());
            async move {
                if is_site_read(&req) {
                    return Ok(site_read(state, hsts, req.map(Body::new)).await);
                }
                // The peer address feeds the throttles (`auth::client_ip`).
                req.extensions_mut().insert(ConnectInfo(peer));
                router.oneshot(req).await
            }
        });
        let connection =
            http.serve_connection(TokioIo::new(tcp), TowerToHyperService::new(service));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, "connection ended with an error");
            }
            drop(permit);
        });
    }
    drop(listener);
    if tokio::time::timeout(DRAIN_TIMEOUT, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("stopped with requests still open after {DRAIN_TIMEOUT:?}");
    }
}

/// What the server answers with: the router, and the state and header choice of the site's own
/// files and pages, which skip it (`site_read`).
struct App {
    router: Router,
    state: AppState,
    hsts: bool,
}

/// A read of one of the site's files or pages: what the router would hand to its fallback,
/// `site_pages::serve`, after all of its middleware. Every path the router answers itself
/// outside `/api` must be named here (their own tests fail otherwise: health, site, campaigns).
fn is_site_read<B>(req: &Request<B>) -> bool {
    const ROUTED: [&str; 4] = ["/api", "/healthz", "/robots.txt", "/sitemap.xml"];
    const ROUTED_BELOW: [&str; 3] = ["/api/", "/nieuwsbrief/archief", media::URL_PREFIX];
    let path = req.uri().path();
    matches!(*req.method(), Method::GET | Method::HEAD)
        && !ROUTED.contains(&path)
        && !ROUTED_BELOW.iter().any(|prefix| path.starts_with(prefix))
}

/// Answers a site read from memory without the router's middleware, which is there for the API
/// (request ids, spans, timeouts, compression, body limits) and would cost pages and hashed assets
/// about half of their speed: they come precompressed, their own headers set, and need no database
/// but for a live field once per change. The security headers are the same as everywhere.
async fn site_read(state: AppState, hsts: bool, req: Request) -> Response {
    let method = req.method().clone();
    let path = tracing::enabled!(tracing::Level::INFO).then(|| req.uri().path().to_owned());
    let mut res = site_pages::serve(State(state), req).await;
    set_security_headers(res.headers_mut(), hsts, false);
    if let Some(path) = path {
        tracing::info!(%method, path = loggable_path(&path, None), status = res.status().as_u16(), "site read");
    }
    res
}

fn router(state: AppState, hsts: bool) -> Router {
    // Routes that write data the server keeps rendered (reviews, events and their seats,
    // products, videos) read the data versions before they answer: see `live`.
    let writes_live_data = Router::new()
        .merge(webinars::router())
        .merge(checkout::router())
        .merge(checkout::payments::router())
        .merge(waitlist::router())
        .merge(admin::router(state.clone()))
        .layer(middleware::from_fn_with_state(
            state.versions.clone(),
            live::refresh_after_writes,
        ));
    let api = Router::new()
        .merge(reviews::router())
        .merge(newsletter::router())
        .merge(go_live::public_router())
        .merge(events::router())
        .merge(drempel_videos::router())
        .merge(intro_calls::router())
        .merge(contact::router())
        .merge(calendar_feed::router())
        .merge(auth::router())
        .merge(products::router())
        .merge(invoices::router())
        .merge(writes_live_data)
        .route("/openapi.json", get(openapi::serve))
        .fallback(api_not_found)
        .method_not_allowed_fallback(api_method_not_allowed)
        .layer(DefaultBodyLimit::max(64 * 1024));
    Router::new()
        .route("/healthz", get(health::healthz))
        .nest("/api", api)
        .merge(campaigns::archive::router())
        .merge(media::router())
        .merge(site_pages::router())
        .with_state(state)
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
        .layer(middleware::from_fn_with_state(hsts, security_headers))
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
        .layer(SetRequestIdLayer::x_request_id(RequestIds::default()))
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

/// The path as the request log shows it: order ids, payment references and tokens open buyer
/// data, so only numeric ids and public slugs are kept. With a matched route every other
/// parameter shows as its `{name}`; otherwise any segment that looks like a token is hidden.
/// Queries are never logged (links carry their tokens there).
pub fn loggable_path(path: &str, matched: Option<&str>) -> String {
    const PUBLIC_PARAMS: [&str; 2] = ["{slug}", "{provider}"];
    let Some(template) = matched else {
        return path
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

fn set_security_headers(h: &mut HeaderMap, hsts: bool, api: bool) {
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

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
    tracing::info!("shutting down");
}

#[cfg(test)]
mod tests {
    use super::loggable_path;

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
