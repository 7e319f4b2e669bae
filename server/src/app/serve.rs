//! The accept loop: at most so many connections (and so many per client address), a timeout on
//! headers and on pauses in bodies, site reads answered beside the router, and a graceful drain at
//! the stop.
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::Method;
use axum::response::Response;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpSocket};
use tokio::sync::Semaphore;
use tower::ServiceExt;
use tower_http::timeout::RequestBodyTimeout;

use crate::app::address_gate::{AddressCaps, AddressGate};
use crate::app::metrics::{Metrics, SITE_ROUTE};
use crate::app::middleware::{loggable_path, set_security_headers};
use crate::platform::state::AppState;
use crate::{app::site_pages, platform::photos};

/// How many connections are open at most, and how long a slow client is waited for.
pub struct ConnectionLimits {
    pub max: usize,
    /// The caps of each client address; `None` when every peer is a trusted proxy
    /// (`TRUST_FORWARDED_FOR`), which then limits per client itself.
    pub per_address: Option<AddressCaps>,
    pub header_timeout: Duration,
    pub body_timeout: Duration,
}

/// Connections the kernel queues for the accept loop (capped by `net.core.somaxconn`, 4096 on
/// current Linux; Tokio's own bind asks 1024). When the queue is full, new connections are dropped
/// by the kernel and their clients retry only after a second or more: an address opening a
/// thousand at once must not fill it before the loop has reset them.
const BACKLOG: u32 = 4096;

/// Listens on `host:port` (a name tries each of its addresses) with `BACKLOG`.
pub async fn listen(host: &str, port: u16) -> std::io::Result<TcpListener> {
    let mut failed = None;
    for address in tokio::net::lookup_host((host, port)).await? {
        let socket = if address.is_ipv4() {
            TcpSocket::new_v4()?
        } else {
            TcpSocket::new_v6()?
        };
        socket.set_reuseaddr(true)?;
        match socket.bind(address).and_then(|()| socket.listen(BACKLOG)) {
            Ok(listener) => return Ok(listener),
            Err(e) => failed = Some(e),
        }
    }
    Err(failed.unwrap_or_else(|| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "the host name has no address",
        )
    }))
}

/// Longest wait for open requests to finish after a stop signal.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(30);

/// Accepts connections until `stop`, then lets open requests finish (at most
/// `DRAIN_TIMEOUT`). Slow clients cannot hold the server: headers (and the wait for the next
/// request on a kept-alive connection) get `header_timeout`, bodies may not pause longer than
/// `body_timeout`, and at most `max` connections are open; the next one is accepted when one
/// closes. One address holds at most its share and opens new ones at its rate (`AddressGate`);
/// past either its new connection is reset at once and its slot goes to the next in the queue.
pub async fn serve(
    listener: TcpListener,
    app: App,
    limits: &ConnectionLimits,
    stop: impl Future<Output = ()>,
) {
    let permits = Arc::new(Semaphore::new(limits.max));
    let gate = limits
        .per_address
        .map(|caps| AddressGate::new(caps, limits.max));
    let graceful = GracefulShutdown::new();
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    let App {
        router,
        state,
        hsts,
        metrics,
    } = app;
    let router = RequestBodyTimeout::new(router, limits.body_timeout);
    tokio::pin!(stop);
    'serve: loop {
        let permit = tokio::select! {
            permit = permits.clone().acquire_owned() => permit.expect("the semaphore is never closed"),
            () = &mut stop => break,
        };
        // The permit waits here for a connection its address may open.
        let (tcp, peer, admitted) = loop {
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
                () = &mut stop => break 'serve,
            };
            let Some(gate) = &gate else {
                break (tcp, peer, None);
            };
            match gate.admit(peer.ip()) {
                Ok(admitted) => break (tcp, peer, Some(admitted)),
                Err(refused) => {
                    // A reset, not a close: no TIME_WAIT left behind for each refusal.
                    let _ = tcp.set_zero_linger();
                    drop(tcp);
                    tracing::debug!(peer = %peer.ip(), ?refused, "connection refused: over the address's cap");
                }
            }
        };
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::warn!(error = %e, "cannot set TCP_NODELAY");
        }
        let (router, state, metrics) = (router.clone(), state.clone(), metrics.clone());
        let service = tower::service_fn(move |mut req: Request<Incoming>| {
            let (router, state, metrics) = (router.clone(), state.clone(), metrics.clone());
            async move {
                if is_site_read(&req) {
                    return Ok(site_read(state, hsts, metrics, req.map(Body::new)).await);
                }
                // The peer address feeds the throttles (`ClientIp`).
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
            drop(admitted);
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
pub struct App {
    pub router: Router,
    pub state: AppState,
    pub hsts: bool,
    /// Counts the site reads too, when metrics are on.
    pub metrics: Option<Arc<Metrics>>,
}

/// A read of one of the site's files or pages: what the router would hand to its fallback,
/// `site_pages::serve`, after all of its middleware. Every path the router answers itself
/// outside `/api` must be named here (their own tests fail otherwise: health, site, campaigns).
fn is_site_read<B>(req: &Request<B>) -> bool {
    const ROUTED: [&str; 5] = [
        "/api",
        "/healthz",
        "/metrics",
        "/robots.txt",
        "/sitemap.xml",
    ];
    const ROUTED_BELOW: [&str; 3] = ["/api/", "/nieuwsbrief/archief", photos::URL_PREFIX];
    let path = req.uri().path();
    matches!(*req.method(), Method::GET | Method::HEAD)
        && !ROUTED.contains(&path)
        && !ROUTED_BELOW.iter().any(|prefix| path.starts_with(prefix))
}

/// Answers a site read from memory without the router's middleware, which is there for the API
/// (request ids, spans, timeouts, compression, body limits) and would cost pages and hashed assets
/// about half of their speed: they come precompressed, their own headers set, and need no database
/// but for a live field once per change. The security headers are the same as everywhere.
async fn site_read(
    state: AppState,
    hsts: bool,
    metrics: Option<Arc<Metrics>>,
    req: Request,
) -> Response {
    let started = metrics.is_some().then(Instant::now);
    let method = req.method().clone();
    let path = tracing::enabled!(tracing::Level::INFO).then(|| req.uri().path().to_owned());
    let mut res = site_pages::serve(State(state), req).await;
    set_security_headers(res.headers_mut(), hsts, false);
    if let (Some(metrics), Some(started)) = (metrics, started) {
        metrics.record(&method, SITE_ROUTE, res.status(), started.elapsed());
    }
    if let Some(path) = path {
        tracing::info!(%method, path = loggable_path(&path, None), status = res.status().as_u16(), "site read");
    }
    res
}
