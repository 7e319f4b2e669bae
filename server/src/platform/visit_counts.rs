//! The visitor counts in memory and their writer (see `platform::visits` for the beacon and what
//! is counted): per Brussels day, page views per path, sources, campaigns, device classes and
//! events, and the day's visitor hashes, written every `FLUSH_EVERY` in one transaction. The
//! first flush after midnight keeps each ended day's number of visitors (`visit_days`) and deletes
//! its hashes and its salt.
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use jiff::civil::Date;
use sha2::{Digest, Sha256};
use sqlx::{AnyPool, Row};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::kit::brussels;
use crate::kit::clock::Clock;
use crate::kit::closed_set::closed_set;
use crate::kit::db;
use crate::kit::error::AppError;

/// How often the counts in memory are written.
pub const FLUSH_EVERY: Duration = Duration::from_secs(3);
/// Visitor hashes per INSERT statement.
const HASHES_PER_STATEMENT: usize = 400;

closed_set! {
    /// What a visitor did besides viewing a page (sent by the page's islands).
    pub enum VisitEvent {
        SelftestStarted = "selftest_started" => "Zelftest gestart",
    }
}

closed_set! {
    /// The device class, from the window's width in CSS pixels.
    pub enum DeviceClass {
        /// Narrower than 640 px.
        Phone = "phone" => "Telefoon",
        /// 640 to 1023 px.
        Tablet = "tablet" => "Tablet",
        Desktop = "desktop" => "Computer",
    }
}

impl DeviceClass {
    pub fn of_width(width: u32) -> Self {
        match width {
            0..640 => Self::Phone,
            640..1024 => Self::Tablet,
            _ => Self::Desktop,
        }
    }
}

closed_set! {
    /// The kinds of counts in `visit_counts`.
    pub enum CountKind {
        Source = "source",
        Campaign = "campaign",
        Device = "device",
        Event = "event",
    }
}

/// A hit as it is counted.
#[derive(Debug, PartialEq, Eq)]
pub enum Visit {
    View {
        path: String,
        source: Option<String>,
        campaign: Option<String>,
        device: Option<DeviceClass>,
    },
    Event(VisitEvent),
}

/// Counts not yet written.
#[derive(Default)]
struct Pending {
    pages: HashMap<(Date, String), i64>,
    counts: HashMap<(Date, CountKind, String), i64>,
    hashes: HashMap<Date, HashSet<String>>,
}

impl Pending {
    fn is_empty(&self) -> bool {
        self.pages.is_empty() && self.counts.is_empty() && self.hashes.is_empty()
    }

    /// Puts back counts whose write failed, to be written with the next flush.
    fn merge(&mut self, other: Pending) {
        for (key, n) in other.pages {
            *self.pages.entry(key).or_default() += n;
        }
        for (key, n) in other.counts {
            *self.counts.entry(key).or_default() += n;
        }
        for (day, hashes) in other.hashes {
            self.hashes.entry(day).or_default().extend(hashes);
        }
    }
}

/// How the flushes went, for `make bench` and the logs.
#[derive(Debug, Default, Clone, Copy)]
pub struct FlushStats {
    /// Flushes that wrote something.
    pub flushes: u64,
    pub total: Duration,
    pub longest: Duration,
    pub last: Duration,
}

/// What the flushes keep between them.
#[derive(Default)]
struct Flushed {
    /// The hashes of this day this server has written (each is written once).
    day: Option<Date>,
    hashes: HashSet<String>,
}

/// The counts in memory and their writer. One per server (in `AppState`).
pub struct Visits {
    pool: AnyPool,
    clock: Clock,
    pending: Mutex<Pending>,
    /// The day's salt; another day's is dropped at the first flush after midnight.
    salt: Mutex<Option<(Date, [u8; 32])>>,
    /// One flush at a time (the timer's and the admin report's).
    flushing: tokio::sync::Mutex<Flushed>,
    stats: Mutex<FlushStats>,
}

impl Visits {
    pub fn new(pool: AnyPool, clock: Clock) -> Self {
        Self {
            pool,
            clock,
            pending: Mutex::new(Pending::default()),
            salt: Mutex::new(None),
            flushing: tokio::sync::Mutex::new(Flushed::default()),
            stats: Mutex::new(FlushStats::default()),
        }
    }

    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Today in Brussels, by this server's clock.
    pub fn today(&self) -> Date {
        brussels::at(self.clock.now()).date()
    }

    pub fn stats(&self) -> FlushStats {
        *self.stats.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts one hit in memory (the visitor's hash included; the address and user agent are
    /// not kept).
    pub async fn record(&self, visit: Visit, ip: &str, user_agent: &[u8]) -> Result<(), AppError> {
        let day = self.today();
        let (path, source, campaign, device) = match visit {
            Visit::View {
                path,
                source,
                campaign,
                device,
            } => (path, source, campaign, device),
            Visit::Event(event) => {
                let mut pending = self.pending.lock().unwrap_or_else(|e| e.into_inner());
                *pending
                    .counts
                    .entry((day, CountKind::Event, event.as_str().to_string()))
                    .or_default() += 1;
                return Ok(());
            }
        };
        let salt = self.salt(day).await?;
        let mut digest = Sha256::new();
        digest.update(salt);
        digest.update(ip.as_bytes());
        digest.update([0]);
        digest.update(user_agent);
        let hash = hex::encode(&digest.finalize()[..16]);
        let mut pending = self.pending.lock().unwrap_or_else(|e| e.into_inner());
        *pending.pages.entry((day, path)).or_default() += 1;
        let others = [
            (CountKind::Source, source),
            (CountKind::Campaign, campaign),
            (CountKind::Device, device.map(|d| d.as_str().to_string())),
        ];
        for (kind, name) in others {
            if let Some(name) = name {
                *pending.counts.entry((day, kind, name)).or_default() += 1;
            }
        }
        pending.hashes.entry(day).or_default().insert(hash);
        Ok(())
    }

    /// The salt of `day`: this server's copy, else the one another server stored, else a new one.
    async fn salt(&self, day: Date) -> Result<[u8; 32], sqlx::Error> {
        if let Some((known, salt)) = *self.salt.lock().unwrap_or_else(|e| e.into_inner())
            && known == day
        {
            return Ok(salt);
        }
        let fresh = hex::encode(rand::random::<[u8; 32]>());
        sqlx::query(
            "INSERT INTO visit_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING",
        )
        .bind(day.to_string())
        .bind(&fresh)
        .execute(&self.pool)
        .await?;
        let stored: String = sqlx::query("SELECT salt FROM visit_salts WHERE day = $1")
            .bind(day.to_string())
            .fetch_one(&self.pool)
            .await?
            .try_get(0)?;
        let mut salt = [0u8; 32];
        hex::decode_to_slice(stored, &mut salt).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
        *self.salt.lock().unwrap_or_else(|e| e.into_inner()) = Some((day, salt));
        Ok(salt)
    }

    /// Writes the counts in memory in one transaction, and closes the days that have ended
    /// (their number of visitors kept, their hashes and salt deleted).
    pub async fn flush(&self) -> anyhow::Result<()> {
        let mut flushed = self.flushing.lock().await;
        let today = self.today();
        {
            let mut salt = self.salt.lock().unwrap_or_else(|e| e.into_inner());
            if salt.is_some_and(|(day, _)| day < today) {
                *salt = None;
            }
        }
        if flushed.day != Some(today) {
            flushed.day = Some(today);
            flushed.hashes.clear();
        }
        let pending = std::mem::take(&mut *self.pending.lock().unwrap_or_else(|e| e.into_inner()));
        let started = Instant::now();
        let written = !pending.is_empty();
        match self.write(&pending, today, &flushed.hashes).await {
            Ok(()) => {
                if let Some(hashes) = pending.hashes.get(&today) {
                    flushed.hashes.extend(hashes.iter().cloned());
                }
                let took = started.elapsed();
                if written {
                    let mut stats = self.stats.lock().unwrap_or_else(|e| e.into_inner());
                    stats.flushes += 1;
                    stats.total += took;
                    stats.longest = stats.longest.max(took);
                    stats.last = took;
                    tracing::debug!(
                        micros = took.as_micros() as u64,
                        pages = pending.pages.len(),
                        counts = pending.counts.len(),
                        "visits flushed"
                    );
                }
                Ok(())
            }
            Err(e) => {
                self.pending
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .merge(pending);
                Err(e)
            }
        }
    }

    async fn write(
        &self,
        pending: &Pending,
        today: Date,
        written: &HashSet<String>,
    ) -> anyhow::Result<()> {
        let mut tx = db::begin_write(&self.pool).await?;
        for ((day, path), views) in &pending.pages {
            sqlx::query(
                "INSERT INTO visit_pages (day, path, views) VALUES ($1, $2, $3) \
                 ON CONFLICT (day, path) DO UPDATE SET views = visit_pages.views + excluded.views",
            )
            .bind(day.to_string())
            .bind(path)
            .bind(*views)
            .execute(&mut *tx)
            .await?;
        }
        for ((day, kind, name), count) in &pending.counts {
            sqlx::query(
                "INSERT INTO visit_counts (day, kind, name, count) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (day, kind, name) DO UPDATE SET count = visit_counts.count + excluded.count",
            )
            .bind(day.to_string())
            .bind(kind.as_str())
            .bind(name)
            .bind(*count)
            .execute(&mut *tx)
            .await?;
        }
        for (day, hashes) in &pending.hashes {
            let new: Vec<&String> = hashes
                .iter()
                .filter(|h| *day != today || !written.contains(*h))
                .collect();
            // A day already closed (by another server, just after midnight) takes no more.
            let open: i64 = sqlx::query("SELECT COUNT(*) FROM visit_salts WHERE day = $1")
                .bind(day.to_string())
                .fetch_one(&mut *tx)
                .await?
                .try_get(0)?;
            if new.is_empty() || open == 0 {
                continue;
            }
            for chunk in new.chunks(HASHES_PER_STATEMENT) {
                let values = (0..chunk.len())
                    .map(|i| format!("($1, ${})", i + 2))
                    .collect::<Vec<_>>()
                    .join(", ");
                let sql = format!(
                    "INSERT INTO visitor_hashes (day, hash) VALUES {values} \
                     ON CONFLICT (day, hash) DO NOTHING"
                );
                let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(day.to_string());
                for hash in chunk {
                    query = query.bind(hash.as_str());
                }
                query.execute(&mut *tx).await?;
            }
        }
        close_days_before(&mut tx, today).await?;
        tx.commit().await?;
        Ok(())
    }
}

/// Keeps the number of visitors of every day before `today` and deletes its hashes and salt.
/// The salt's row is deleted first: on PostgreSQL a second server closing the same day waits on
/// that row and then finds the hashes gone, so a day is counted once.
async fn close_days_before(tx: &mut db::Tx, today: Date) -> Result<(), sqlx::Error> {
    let today = today.to_string();
    sqlx::query("DELETE FROM visit_salts WHERE day < $1")
        .bind(&today)
        .execute(&mut **tx)
        .await?;
    sqlx::query(
        "INSERT INTO visit_days (day, visitors) SELECT day, COUNT(*) FROM visitor_hashes \
         WHERE day < $1 GROUP BY day \
         ON CONFLICT (day) DO UPDATE SET visitors = visit_days.visitors + excluded.visitors",
    )
    .bind(&today)
    .execute(&mut **tx)
    .await?;
    sqlx::query("DELETE FROM visitor_hashes WHERE day < $1")
        .bind(&today)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Flushes every `FLUSH_EVERY` until the stop, and once more at the stop.
pub fn spawn(visits: Arc<Visits>, mut stop: watch::Receiver<bool>) -> JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let stopped = *stop.borrow();
            let stopping = stopped || {
                tokio::select! {
                    _ = tokio::time::sleep(FLUSH_EVERY) => false,
                    _ = stop.changed() => true,
                }
            };
            if let Err(e) = visits.flush().await {
                tracing::error!(
                    error = format!("{e:#}"),
                    "writing the visitor counts failed"
                );
            }
            if stopping {
                let stats = visits.stats();
                tracing::info!(
                    flushes = stats.flushes,
                    total_ms = stats.total.as_millis() as u64,
                    longest_ms = stats.longest.as_millis() as u64,
                    "visitor counts written"
                );
                return;
            }
        }
    })
}
