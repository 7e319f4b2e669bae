//! Bytes that only change when data changes, made when it changes instead of per request
//! (DESIGN.md §6): public API answers and pages with live fields, each kept with its compressed
//! variants and the data versions it was made from.
//!
//! Every cached kind of data (a `Topic`) has a version in `data_versions`, bumped by a trigger in
//! the same transaction as any write to its table. A server knows the versions it has seen:
//! it reads them every `POLL` and right after its own writes (`refresh_after_writes`), so a change
//! shows at once on the server that made it and within about `POLL` on the others. An entry is
//! fresh while the versions it was made from are the known ones and its time has not passed
//! (events leave the lists when they start or end).
use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use bytes::Bytes;
use jiff::Timestamp;
use sqlx::{AnyPool, Row};
use tokio::sync::{Mutex, watch};
use tokio::task::JoinHandle;

use crate::kit::closed_set::closed_set;
use crate::kit::encoded::Encoded;
use crate::kit::error::AppError;
use crate::platform::site::LiveSite;

/// How often a server reads the versions, for changes made through other servers.
pub const POLL: Duration = Duration::from_millis(250);

closed_set! {
    /// A kind of data with its own version (a row of `data_versions`, named like its table).
    pub enum Topic {
        Reviews = "reviews",
        Events = "events",
        Products = "products",
        DrempelVideos = "drempel_videos",
        /// Photos and the page-level slots (portrait, hero, share image).
        Media = "media",
        /// The business details (`site::LiveSite`).
        Settings = "settings",
        /// The page texts the coach edited (`page_texts`).
        PageBlocks = "page_blocks",
    }
}

/// The versions this server has seen, per topic.
pub struct DataVersions {
    pool: AnyPool,
    known: [AtomicU64; 7],
    /// Reloaded with the `Settings` version.
    site: Arc<LiveSite>,
    /// Refreshes started so far; lets concurrent callers share one read.
    started: AtomicU64,
    refreshing: Mutex<()>,
}

impl DataVersions {
    pub fn new(pool: AnyPool, site: Arc<LiveSite>) -> Self {
        Self {
            pool,
            known: Default::default(),
            site,
            started: AtomicU64::new(0),
            refreshing: Mutex::new(()),
        }
    }

    pub fn known(&self, topic: Topic) -> u64 {
        self.known[topic as usize].load(Ordering::Acquire)
    }

    fn see(&self, topic: Topic, version: u64) {
        self.known[topic as usize].fetch_max(version, Ordering::AcqRel);
    }

    /// Reads the versions now. A caller that arrives while a read is under way waits for the
    /// next one (the running one may have started before the caller's write committed).
    pub async fn refresh(&self) -> Result<(), sqlx::Error> {
        let seen = self.started.load(Ordering::Acquire);
        let _turn = self.refreshing.lock().await;
        if self.started.load(Ordering::Acquire) > seen {
            return Ok(());
        }
        self.started.fetch_add(1, Ordering::AcqRel);
        for row in sqlx::query("SELECT name, version FROM data_versions")
            .fetch_all(&self.pool)
            .await?
        {
            let name: String = row.try_get("name")?;
            let version: i64 = row.try_get("version")?;
            if let Ok(topic) = name.parse::<Topic>() {
                self.see(topic, version as u64);
            }
        }
        self.site
            .sync(&self.pool, self.known(Topic::Settings))
            .await
    }

    /// The stored versions of `topics`, read before the data they will describe: the data can
    /// only be newer than the versions, which at worst costs one extra rebuild.
    async fn read(&self, topics: &[Topic]) -> Result<Vec<u64>, sqlx::Error> {
        let mut versions = Vec::with_capacity(topics.len());
        for topic in topics {
            let version: i64 = sqlx::query("SELECT version FROM data_versions WHERE name = $1")
                .bind(topic)
                .fetch_one(&self.pool)
                .await?
                .try_get("version")?;
            self.see(*topic, version as u64);
            if *topic == Topic::Settings {
                // What is built next must use the details of this version.
                self.site.sync(&self.pool, version as u64).await?;
            }
            versions.push(version as u64);
        }
        Ok(versions)
    }
}

/// Reads the versions every `POLL` until `stop`.
pub fn spawn(versions: Arc<DataVersions>, mut stop: watch::Receiver<bool>) -> JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            if let Err(e) = versions.refresh().await {
                tracing::warn!(error = %e, "reading data versions failed");
            }
            tokio::select! {
                _ = tokio::time::sleep(POLL) => {}
                _ = stop.changed() => return,
            }
        }
    })
}

/// Middleware for routes that write cached data: once the handler has committed, the server
/// reads the versions before it answers, so the writer's next read already sees its change.
pub async fn refresh_after_writes(
    State(versions): State<Arc<DataVersions>>,
    req: Request,
    next: Next,
) -> Response {
    let writes = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let res = next.run(req).await;
    if writes && let Err(e) = versions.refresh().await {
        tracing::warn!(error = %e, "reading data versions failed");
    }
    res
}

/// What a builder made: the body and, for time-dependent data, when it stops being right.
pub struct Built {
    pub body: Bytes,
    pub expires_at: Option<Timestamp>,
}

pub struct Entry {
    versions: Vec<u64>,
    expires_at: Option<Timestamp>,
    pub encoded: Encoded,
}

impl Entry {
    pub fn respond(&self, request: &HeaderMap) -> Response {
        self.encoded.respond(StatusCode::OK, request)
    }
}

/// Rendered bodies by key (a route, a query), each remade when its topics' versions move.
pub struct LiveCache {
    topics: &'static [Topic],
    content_type: HeaderValue,
    cache_control: HeaderValue,
    entries: RwLock<HashMap<String, Arc<Entry>>>,
    /// One rebuild at a time: concurrent requests for a stale entry wait for it.
    building: Mutex<()>,
}

impl LiveCache {
    pub fn new(topics: &'static [Topic], content_type: &'static str) -> Self {
        Self {
            topics,
            content_type: HeaderValue::from_static(content_type),
            // Clients ask again each time (cheap with the ETag): the data is live.
            cache_control: HeaderValue::from_static("no-cache"),
            entries: RwLock::default(),
            building: Mutex::new(()),
        }
    }

    pub fn json(topics: &'static [Topic]) -> Self {
        Self::new(topics, "application/json")
    }

    fn fresh(&self, versions: &DataVersions, key: &str) -> Option<Arc<Entry>> {
        let entries = self.entries.read().unwrap_or_else(|e| e.into_inner());
        let entry = entries.get(key)?;
        let current = self
            .topics
            .iter()
            .zip(&entry.versions)
            .all(|(topic, v)| versions.known(*topic) == *v);
        let timely = entry.expires_at.is_none_or(|t| Timestamp::now() < t);
        (current && timely).then(|| entry.clone())
    }

    /// The fresh entry for `key`, made by `build` when there is none. `build` returning `None`
    /// (e.g. an unknown slug) is not cached.
    pub async fn get<F, Fut>(
        &self,
        versions: &DataVersions,
        key: &str,
        build: F,
    ) -> Result<Option<Arc<Entry>>, AppError>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Option<Built>, AppError>>,
    {
        if let Some(entry) = self.fresh(versions, key) {
            return Ok(Some(entry));
        }
        let _turn = self.building.lock().await;
        if let Some(entry) = self.fresh(versions, key) {
            return Ok(Some(entry));
        }
        let stored = versions.read(self.topics).await?;
        let Some(built) = build().await? else {
            return Ok(None);
        };
        let encoded = Encoded::compress(
            built.body,
            self.content_type.clone(),
            self.cache_control.clone(),
        );
        let entry = Arc::new(Entry {
            versions: stored,
            expires_at: built.expires_at,
            encoded,
        });
        self.entries
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key.to_string(), entry.clone());
        Ok(Some(entry))
    }
}

/// Serializes a JSON answer for a cache.
pub fn json_body<T: serde::Serialize>(value: &T) -> Result<Bytes, AppError> {
    Ok(Bytes::from(
        serde_json::to_vec(value).map_err(anyhow::Error::from)?,
    ))
}

/// The earliest of `times` still to come: when a time-dependent answer must be made again.
pub fn next_change<'a>(times: impl IntoIterator<Item = &'a str>) -> Option<Timestamp> {
    let now = Timestamp::now();
    times
        .into_iter()
        .filter_map(|t| t.parse::<Timestamp>().ok())
        .filter(|t| *t > now)
        .min()
}

const HTML: &str = "text/html; charset=utf-8";

/// The caches of the public reads and of the pages with live fields.
pub struct LiveCaches {
    pub reviews: LiveCache,
    pub products: LiveCache,
    pub product_detail: LiveCache,
    pub upcoming_events: LiveCache,
    pub drempel_videos: LiveCache,
    /// Pages by route, one cache per kind of live field they carry; all carry the business
    /// details and the page texts.
    pub pages: LiveCache,
    pub review_pages: LiveCache,
    pub event_pages: LiveCache,
}

impl Default for LiveCaches {
    fn default() -> Self {
        Self {
            // Reviews and events carry their photos (alt text included).
            reviews: LiveCache::json(&[Topic::Reviews, Topic::Media]),
            products: LiveCache::json(&[Topic::Products]),
            product_detail: LiveCache::json(&[Topic::Products, Topic::Events, Topic::Media]),
            upcoming_events: LiveCache::json(&[Topic::Events, Topic::Media]),
            drempel_videos: LiveCache::json(&[Topic::DrempelVideos]),
            pages: LiveCache::new(&[Topic::Settings, Topic::PageBlocks, Topic::Media], HTML),
            review_pages: LiveCache::new(
                &[
                    Topic::Reviews,
                    Topic::Settings,
                    Topic::PageBlocks,
                    Topic::Media,
                ],
                HTML,
            ),
            event_pages: LiveCache::new(
                &[
                    Topic::Events,
                    Topic::Settings,
                    Topic::PageBlocks,
                    Topic::Media,
                ],
                HTML,
            ),
        }
    }
}
