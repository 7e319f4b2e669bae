//! Builds the whole application; production and tests start it the same way.
use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::Router;
use axum::extract::{DefaultBodyLimit, MatchedPath, Request, State};
use axum::http::header::{
    CONTENT_SECURITY_POLICY, REFERRER_POLICY, STRICT_TRANSPORT_SECURITY, X_CONTENT_TYPE_OPTIONS,
    X_FRAME_OPTIONS,
};
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::get;
use axum::serve::ListenerExt;
use tokio::net::TcpListener;
use tokio::sync::{Notify, watch};
use tokio::task::JoinHandle;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};

use crate::access_tokens::AuthConfig;
use crate::configuration::Settings;
use crate::error::{api_method_not_allowed, api_not_found};
use crate::outbox::{self, Deliverer};
use crate::payments::Provider;
use crate::prerendered::SitePages;
use crate::site::Site;
use crate::state::AppState;
use crate::{
    admin, auth, checkout, contact, db, drempel_videos, events, health, intro_calls, newsletter,
    openapi, orders, products, reminders, reviews, site_pages, webinars,
};

pub struct Application {
    listener: TcpListener,
    router: Router,
    worker: JoinHandle<()>,
    sweeper: JoinHandle<()>,
    reminders: JoinHandle<()>,
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
        let pages = SitePages::load(&settings.web_dir)?;
        let pool = db::connect(&settings.database_url()).await?;
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
        let state = AppState {
            pool: pool.clone(),
            site: Arc::new(site),
            public_url: public_url.into(),
            webhook_url,
            outbox_notify: notify.clone(),
            pages: Arc::new(pages),
            auth: Arc::new(auth),
            payments,
            order_hold: settings.payments.hold(),
        };
        let listener = TcpListener::bind((settings.host.as_str(), settings.port))
            .await
            .with_context(|| format!("cannot listen on {}:{}", settings.host, settings.port))?;
        let (stop_worker, stopped) = watch::channel(false);
        let sweeper = orders::spawn_sweeper(
            state.clone(),
            settings.payments.sweep_interval(),
            stopped.clone(),
        );
        let worker = outbox::spawn_worker(
            pool,
            deliverer,
            settings.outbox.clone(),
            notify,
            stopped.clone(),
        );
        let reminders = reminders::spawn(state.clone(), settings.reminders.interval(), stopped);
        Ok(Self {
            listener,
            router: router(state, hsts),
            worker,
            sweeper,
            reminders,
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
        let addr = self.listener.local_addr()?;
        // The e2e harness reads the real port from this exact line.
        println!("Listening on http://{addr}");
        std::io::stdout().flush()?;
        let listener = self.listener.tap_io(|tcp| {
            if let Err(e) = tcp.set_nodelay(true) {
                tracing::warn!(error = %e, "cannot set TCP_NODELAY");
            }
        });
        // The peer address feeds the sign-in throttle.
        let service = self
            .router
            .into_make_service_with_connect_info::<SocketAddr>();
        axum::serve(listener, service)
            .with_graceful_shutdown(shutdown_signal())
            .await?;
        let _ = self.stop_worker.send(true);
        let _ = self.worker.await;
        let _ = self.sweeper.await;
        let _ = self.reminders.await;
        Ok(())
    }
}

fn router(state: AppState, hsts: bool) -> Router {
    let api = Router::new()
        .merge(reviews::router())
        .merge(newsletter::router())
        .merge(events::router())
        .merge(drempel_videos::router())
        .merge(intro_calls::router())
        .merge(contact::router())
        .merge(webinars::router())
        .merge(auth::router())
        .merge(products::router())
        .merge(checkout::router())
        .merge(checkout::payments::router())
        .merge(admin::router(state.clone()))
        .route("/openapi.json", get(openapi::serve))
        .fallback(api_not_found)
        .method_not_allowed_fallback(api_method_not_allowed)
        .layer(DefaultBodyLimit::max(64 * 1024));
    Router::new()
        .route("/healthz", get(health::healthz))
        .nest("/api", api)
        .merge(site_pages::router())
        .with_state(state)
        .layer(CompressionLayer::new())
        .layer(middleware::from_fn_with_state(hsts, security_headers))
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, Duration::from_secs(30)))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|req: &Request| {
                    let matched = req.extensions().get::<MatchedPath>().map_or("(fallback)", MatchedPath::as_str);
                    let id = req.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or_default();
                    tracing::info_span!("request", method = %req.method(), matched_path = matched, path = req.uri().path(), request_id = id)
                })
                .on_response(DefaultOnResponse::new().level(tracing::Level::INFO)),
        )
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
}

const API_CSP: HeaderValue = HeaderValue::from_static("default-src 'none'; frame-ancestors 'none'");

async fn security_headers(State(hsts): State<bool>, req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    let h = res.headers_mut();
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
    res
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
