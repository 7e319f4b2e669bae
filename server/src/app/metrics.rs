//! Prometheus metrics for the host, off unless configured (`[metrics]`): on a separate address
//! (`METRICS_ADDRESS`, `/metrics` only, for a scraper on the same machine or network) and/or on the
//! site's port for a bearer token (`METRICS_TOKEN`).
//!
//! Requests are counted per route (the router's matched path, so ids and tokens never become
//! labels; the site's pages and files as one route, `(site)`), by method and status class, with a
//! latency histogram. A request costs two clock reads, one read-locked map lookup without
//! allocation and a few atomic additions; with metrics off, none of that runs (no layer). What the
//! database knows (the outbox, newsletters being sent) is read when scraped.
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{MatchedPath, Request, State};
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE, WWW_AUTHENTICATE};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use jiff::Timestamp;
use sha2::{Digest, Sha256};
use sqlx::{AnyPool, Row};

use crate::kit::configuration::Secret;
use crate::kit::db;

/// Upper bounds of the latency buckets, in seconds.
const BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];
const METHODS: [&str; 7] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OTHER"];
/// The route label of the site's pages and files, answered beside the router (`serve`).
pub const SITE_ROUTE: &str = "(site)";
/// The route label of requests no route matched (unknown `/api` paths).
const UNMATCHED: &str = "(unmatched)";

#[derive(Default)]
struct Histogram {
    /// Per bucket (not cumulative), and one past the last bound.
    buckets: [AtomicU64; BUCKETS.len() + 1],
    sum_micros: AtomicU64,
    /// Answers by status class 1xx..5xx.
    statuses: [AtomicU64; 5],
}

impl Histogram {
    fn record(&self, status: StatusCode, took: Duration) {
        let seconds = took.as_secs_f64();
        let bucket = BUCKETS
            .iter()
            .position(|bound| seconds <= *bound)
            .unwrap_or(BUCKETS.len());
        self.buckets[bucket].fetch_add(1, Ordering::Relaxed);
        self.sum_micros.fetch_add(
            u64::try_from(took.as_micros()).unwrap_or(u64::MAX),
            Ordering::Relaxed,
        );
        let class = usize::from(status.as_u16() / 100).clamp(1, 5) - 1;
        self.statuses[class].fetch_add(1, Ordering::Relaxed);
    }
}

/// One route's figures per method.
#[derive(Default)]
struct RouteFigures {
    by_method: [Histogram; METHODS.len()],
}

/// This server's request figures since it started.
#[derive(Default)]
pub struct Metrics {
    routes: RwLock<HashMap<Box<str>, Arc<RouteFigures>>>,
}

impl Metrics {
    /// Counts one answered request.
    pub fn record(&self, method: &Method, route: &str, status: StatusCode, took: Duration) {
        let known = self
            .routes
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(route)
            .cloned();
        let figures = match known {
            Some(figures) => figures,
            None => self
                .routes
                .write()
                .unwrap_or_else(|e| e.into_inner())
                .entry(route.into())
                .or_default()
                .clone(),
        };
        let index = METHODS
            .iter()
            .position(|m| *m == method.as_str())
            .unwrap_or(METHODS.len() - 1);
        figures.by_method[index].record(status, took);
    }

    fn render_requests(&self, out: &mut String) {
        let routes = self.routes.read().unwrap_or_else(|e| e.into_inner());
        let mut names: Vec<&Box<str>> = routes.keys().collect();
        names.sort();
        out.push_str(
            "# HELP inlumine_http_requests_total Requests answered by this server, by method, route and status class.\n\
             # TYPE inlumine_http_requests_total counter\n",
        );
        for name in &names {
            for (method, histogram) in METHODS.iter().zip(&routes[*name].by_method) {
                for (class, count) in histogram.statuses.iter().enumerate() {
                    let count = count.load(Ordering::Relaxed);
                    if count > 0 {
                        let _ = writeln!(
                            out,
                            "inlumine_http_requests_total{{method=\"{method}\",route=\"{}\",status=\"{}xx\"}} {count}",
                            label(name),
                            class + 1
                        );
                    }
                }
            }
        }
        out.push_str(
            "# HELP inlumine_http_request_duration_seconds Time from a request's head to its answer's head.\n\
             # TYPE inlumine_http_request_duration_seconds histogram\n",
        );
        for name in &names {
            for (method, histogram) in METHODS.iter().zip(&routes[*name].by_method) {
                let total: u64 = histogram
                    .buckets
                    .iter()
                    .map(|b| b.load(Ordering::Relaxed))
                    .sum();
                if total == 0 {
                    continue;
                }
                let labels = format!("method=\"{method}\",route=\"{}\"", label(name));
                let mut cumulative = 0;
                for (bound, count) in BUCKETS.iter().zip(&histogram.buckets) {
                    cumulative += count.load(Ordering::Relaxed);
                    let _ = writeln!(
                        out,
                        "inlumine_http_request_duration_seconds_bucket{{{labels},le=\"{bound}\"}} {cumulative}"
                    );
                }
                let _ = writeln!(
                    out,
                    "inlumine_http_request_duration_seconds_bucket{{{labels},le=\"+Inf\"}} {total}"
                );
                let sum = histogram.sum_micros.load(Ordering::Relaxed) as f64 / 1e6;
                let _ = writeln!(
                    out,
                    "inlumine_http_request_duration_seconds_sum{{{labels}}} {sum}"
                );
                let _ = writeln!(
                    out,
                    "inlumine_http_request_duration_seconds_count{{{labels}}} {total}"
                );
            }
        }
    }
}

/// A label value as the text format wants it.
fn label(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// The layer that counts routed requests (`middleware::around`).
pub async fn track(State(metrics): State<Arc<Metrics>>, req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = req.method().clone();
    let route = req.extensions().get::<MatchedPath>().cloned();
    let res = next.run(req).await;
    let route = match &route {
        Some(matched) => matched.as_str(),
        None if res.status() == StatusCode::NOT_FOUND => UNMATCHED,
        None => SITE_ROUTE,
    };
    metrics.record(&method, route, res.status(), started.elapsed());
    res
}

/// What `/metrics` needs: the figures, the database, and the token when on the site's port.
#[derive(Clone)]
pub struct Endpoint {
    pub metrics: Arc<Metrics>,
    pub pool: AnyPool,
    /// Required as `Authorization: Bearer …` (SHA-256, compared whole); None = no check (the
    /// separate address).
    token_hash: Option<[u8; 32]>,
}

impl Endpoint {
    pub fn new(metrics: Arc<Metrics>, pool: AnyPool, token: Option<&Secret>) -> Self {
        Self {
            metrics,
            pool,
            token_hash: token.map(|t| Sha256::digest(t.expose().as_bytes()).into()),
        }
    }

    /// `/metrics` alone.
    pub fn routes(self) -> Router {
        Router::new()
            .route("/metrics", get(scrape))
            .with_state(self)
    }

    fn allows(&self, headers: &HeaderMap) -> bool {
        let Some(expected) = &self.token_hash else {
            return true;
        };
        let given = headers
            .get(AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .unwrap_or_default();
        // Hashes of equal length: the comparison takes as long whatever the token.
        let given: [u8; 32] = Sha256::digest(given.as_bytes()).into();
        given
            .iter()
            .zip(expected)
            .fold(0u8, |diff, (a, b)| diff | (a ^ b))
            == 0
    }
}

async fn scrape(State(endpoint): State<Endpoint>, headers: HeaderMap) -> Response {
    if !endpoint.allows(&headers) {
        return (
            StatusCode::UNAUTHORIZED,
            [(WWW_AUTHENTICATE, "Bearer")],
            "a bearer token is needed\n",
        )
            .into_response();
    }
    let mut out = String::new();
    endpoint.metrics.render_requests(&mut out);
    render_pool(&endpoint.pool, &mut out);
    if let Err(e) = render_database(&endpoint.pool, &mut out).await {
        tracing::warn!(
            error = format!("{e:#}"),
            "metrics: the database figures are missing"
        );
        out.push_str("# the database figures could not be read\n");
    }
    (
        [(CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")],
        out,
    )
        .into_response()
}

fn gauge(out: &mut String, name: &str, help: &str, value: impl std::fmt::Display) {
    let _ = write!(
        out,
        "# HELP {name} {help}\n# TYPE {name} gauge\n{name} {value}\n"
    );
}

fn render_pool(pool: &AnyPool, out: &mut String) {
    let size = pool.size();
    let idle = u32::try_from(pool.num_idle()).unwrap_or(u32::MAX);
    let _ = write!(
        out,
        "# HELP inlumine_db_pool_connections This server's database connections, by state.\n\
         # TYPE inlumine_db_pool_connections gauge\n\
         inlumine_db_pool_connections{{state=\"in_use\"}} {}\n\
         inlumine_db_pool_connections{{state=\"idle\"}} {idle}\n",
        size.saturating_sub(idle)
    );
    gauge(
        out,
        "inlumine_db_pool_max_connections",
        "The most database connections this server opens.",
        pool.options().get_max_connections(),
    );
}

/// Shared by all servers on the database: the outbox and newsletters being sent.
async fn render_database(pool: &AnyPool, out: &mut String) -> anyhow::Result<()> {
    let row = sqlx::query(
        "SELECT count(*) AS pending, min(created_at) AS oldest FROM outbox WHERE status = 'pending'",
    )
    .fetch_one(pool)
    .await?;
    let pending: i64 = row.try_get("pending")?;
    let oldest: Option<String> = row.try_get("oldest")?;
    let age = match oldest {
        Some(created) => db::parse_ts(&created)?
            .duration_until(Timestamp::now())
            .as_secs_f64()
            .max(0.0),
        None => 0.0,
    };
    let dead: i64 = sqlx::query("SELECT count(*) FROM outbox WHERE status = 'dead'")
        .fetch_one(pool)
        .await?
        .try_get(0)?;
    let sending: i64 = sqlx::query("SELECT count(*) FROM campaigns WHERE status = 'sending'")
        .fetch_one(pool)
        .await?
        .try_get(0)?;
    let recipients: i64 = sqlx::query(
        "SELECT count(*) FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id \
         WHERE c.status = 'sending' AND r.status = 'pending'",
    )
    .fetch_one(pool)
    .await?
    .try_get(0)?;
    gauge(
        out,
        "inlumine_outbox_pending",
        "Mails and webhooks waiting to be delivered (all servers).",
        pending,
    );
    gauge(
        out,
        "inlumine_outbox_oldest_pending_age_seconds",
        "Age of the oldest mail or webhook still waiting; 0 when none waits.",
        age,
    );
    gauge(
        out,
        "inlumine_outbox_dead",
        "Mails and webhooks given up after every retry.",
        dead,
    );
    gauge(
        out,
        "inlumine_newsletters_sending",
        "Newsletters being sent now.",
        sending,
    );
    gauge(
        out,
        "inlumine_newsletter_recipients_pending",
        "Recipients of newsletters being sent who have not had theirs yet.",
        recipients,
    );
    Ok(())
}
