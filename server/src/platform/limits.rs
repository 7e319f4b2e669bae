//! Limits on the public writes (checkout, coupon checks, newsletter, intro calls, webinars,
//! contact, the self-test, links in mails, course access codes, sessions, payment callbacks): every public write has one. The
//! README's table "Limits on public writes" lists them; a test in `auth::throttle`, which holds
//! the fixed limits of sign-in, password reset and invitation links (per account as well as per
//! address), keeps that table, `[limits]` and the routes in step.
//!
//! Each limit is "`burst` per `period`" as a GCRA (generic cell rate algorithm): a key may use
//! its whole burst at once and then earns one request back every `period / burst`. Per key we
//! keep one instant, the "theoretical arrival time"; a refusal says exactly when the next
//! request fits, which becomes `Retry-After`.
//!
//! Where the count lives follows the engine. SQLite means one server: the count is kept in this
//! process, so a check costs a hash lookup under a lock and no database write. PostgreSQL may
//! mean several servers behind one address: the count is one row per key in `rate_limits`,
//! updated in one statement, so two servers together allow what one allows (otherwise N
//! servers would let N times the limit through).
use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};
use sqlx::{AnyPool, Row};

use crate::kit::configuration::LimitSettings;
use crate::kit::error::AppError;

/// PostgreSQL's clock in milliseconds since the epoch, read when the expression runs (the shared
/// counts are on PostgreSQL only).
macro_rules! now_ms {
    () => {
        "(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT"
    };
}

/// One limit, shared by all keys of one kind (an address, an e-mail address).
pub struct Limiter {
    /// Names the limit in the shared table, so two limits on one address count apart.
    name: &'static str,
    /// Time one request uses up: period / burst.
    interval: Duration,
    /// How far ahead of now a key's arrival time may run: period - interval.
    tolerance: Duration,
    counts: Counts,
}

enum Counts {
    InProcess(Mutex<Keys>),
    /// Rows of `rate_limits`; `checks` paces the sweep of expired rows.
    Shared {
        pool: AnyPool,
        checks: AtomicU32,
    },
}

struct Keys {
    tat: HashMap<String, Instant>,
    /// Forgotten keys are dropped when the map doubles since the last sweep, so memory stays
    /// proportional to the keys active within one period and a sweep costs O(1) per insert.
    sweep_at: usize,
}

/// Expired rows go once every this many checks of one limit: cheap, and the table stays as
/// small as the keys active within one period.
const SHARED_SWEEP_EVERY: u32 = 512;

impl Limiter {
    /// `burst` requests per `period`, counted in `shared` or else in this process; `burst` 0
    /// would refuse everything and is raised to 1.
    fn named(name: &'static str, burst: u32, period: Duration, shared: Option<&AnyPool>) -> Self {
        let burst = burst.max(1);
        let interval = period / burst;
        Self {
            name,
            interval,
            tolerance: period.saturating_sub(interval),
            counts: match shared {
                Some(pool) => Counts::Shared {
                    pool: pool.clone(),
                    checks: AtomicU32::new(0),
                },
                None => Counts::InProcess(Mutex::new(Keys {
                    tat: HashMap::new(),
                    sweep_at: 1024,
                })),
            },
        }
    }

    /// Counts one request for `key`; Err(Ok(wait)) is how long until one fits again.
    pub async fn check(&self, key: &str) -> Result<(), Result<Duration, sqlx::Error>> {
        match &self.counts {
            Counts::InProcess(keys) => self.check_at(keys, key, Instant::now()).map_err(Ok),
            Counts::Shared { pool, checks } => {
                if checks.fetch_add(1, Ordering::Relaxed) % SHARED_SWEEP_EVERY == 0 {
                    sweep(pool).await.map_err(Err)?;
                }
                self.check_shared(pool, key).await
            }
        }
    }

    fn check_at(&self, keys: &Mutex<Keys>, key: &str, now: Instant) -> Result<(), Duration> {
        let mut keys = keys.lock().unwrap_or_else(|e| e.into_inner());
        let tat = keys.tat.get(key).copied().unwrap_or(now).max(now);
        let allowed_from = tat.checked_sub(self.tolerance).unwrap_or(now);
        if allowed_from > now {
            return Err(allowed_from - now);
        }
        let next = tat + self.interval;
        match keys.tat.get_mut(key) {
            Some(slot) => *slot = next,
            None => {
                keys.tat.insert(key.to_owned(), next);
                if keys.tat.len() >= keys.sweep_at {
                    keys.tat.retain(|_, tat| *tat > now);
                    keys.sweep_at = (keys.tat.len() * 2).max(1024);
                }
            }
        }
        Ok(())
    }

    /// The same GCRA step as `check_at`, as one statement: the row lock of the upsert orders
    /// concurrent checks of one key across servers, and a refusal leaves the row unchanged. Now is
    /// the database's clock, read once the row is locked: a time taken before (in the server)
    /// could be older than the time a check that got the lock first counted with, and refuse the
    /// last request a burst allows.
    async fn check_shared(
        &self,
        pool: &AnyPool,
        key: &str,
    ) -> Result<(), Result<Duration, sqlx::Error>> {
        let key = shared_key(self.name, key);
        let interval = self.interval.as_millis() as i64;
        let tolerance = self.tolerance.as_millis() as i64;
        let admitted = sqlx::query(concat!(
            "INSERT INTO rate_limits (key_hash, tat_ms) VALUES ($1, ",
            now_ms!(),
            " + $2) ON CONFLICT (key_hash) DO UPDATE SET tat_ms = GREATEST(rate_limits.tat_ms, ",
            now_ms!(),
            ") + $2 WHERE GREATEST(rate_limits.tat_ms, ",
            now_ms!(),
            ") - $3 <= ",
            now_ms!(),
            " RETURNING tat_ms"
        ))
        .bind(&key)
        .bind(interval)
        .bind(tolerance)
        .fetch_optional(pool)
        .await
        .map_err(Err)?
        .is_some();
        if admitted {
            return Ok(());
        }
        let row = sqlx::query(concat!(
            "SELECT tat_ms, ",
            now_ms!(),
            " AS now_ms FROM rate_limits WHERE key_hash = $1"
        ))
        .bind(&key)
        .fetch_one(pool)
        .await
        .map_err(Err)?;
        let (tat, now): (i64, i64) = (
            row.try_get("tat_ms").map_err(Err)?,
            row.try_get("now_ms").map_err(Err)?,
        );
        let wait = (tat - tolerance - now).max(1) as u64;
        Err(Ok(Duration::from_millis(wait)))
    }

    /// Like `check`, as the 429 a handler returns.
    pub async fn admit(&self, key: &str) -> Result<(), AppError> {
        match self.check(key).await {
            Ok(()) => Ok(()),
            Err(Ok(wait)) => {
                tracing::warn!("public write throttled");
                Err(AppError::RateLimited {
                    retry_after_secs: wait.as_secs_f64().ceil() as u64,
                })
            }
            Err(Err(e)) => Err(e.into()),
        }
    }
}

/// The row's key: the limit's name and the address or e-mail address, hashed, so the table
/// holds no personal data in the clear.
fn shared_key(name: &str, key: &str) -> String {
    let mut hash = Sha256::new();
    hash.update(name.as_bytes());
    hash.update([0]);
    hash.update(key.as_bytes());
    hex::encode(hash.finalize())
}

/// Rows whose arrival time has passed allow a whole burst again, exactly as a missing row does.
async fn sweep(pool: &AnyPool) -> Result<(), sqlx::Error> {
    sqlx::query(concat!(
        "DELETE FROM rate_limits WHERE tat_ms < ",
        now_ms!()
    ))
    .execute(pool)
    .await
    .map(drop)
}

const MINUTE: Duration = Duration::from_secs(60);
const HOUR: Duration = Duration::from_secs(3600);

/// Every public write's limits. The counts come from `[limits]` in the settings; the periods
/// are fixed here, and the defaults are chosen so that a real visitor (a family ordering
/// tickets one after the other, an office behind one address) never meets them.
pub struct Limits {
    pub checkout_per_ip: Limiter,
    pub coupon_per_ip: Limiter,
    pub newsletter_per_ip: Limiter,
    /// At most one opt-in mail per address per 10 minutes; not a 429 (see newsletter).
    pub opt_in_mail_per_email: Limiter,
    pub intro_call_per_ip: Limiter,
    pub intro_call_per_email: Limiter,
    pub webinar_per_ip: Limiter,
    pub webinar_per_email: Limiter,
    pub waitlist_per_ip: Limiter,
    pub contact_per_ip: Limiter,
    pub contact_per_email: Limiter,
    /// One-click unsubscribes from the `List-Unsubscribe` header of newsletters.
    pub one_click_per_ip: Limiter,
    /// Reviews and opt-outs through review invitation links.
    pub review_links_per_ip: Limiter,
    /// Confirmations through the link in the go-live test mail.
    pub test_mail_links_per_ip: Limiter,
    /// Opens, cancels and moves through an intro call's links.
    pub intro_call_links_per_ip: Limiter,
    /// Confirmations and unsubscribes through newsletter links.
    pub newsletter_links_per_ip: Limiter,
    /// Quotes carrying a waiting-list offer.
    pub offer_quotes_per_ip: Limiter,
    /// Course access codes checked for the course platform.
    pub course_access_checks_per_ip: Limiter,
    pub selftest_results_per_ip: Limiter,
    pub selftest_mail_per_ip: Limiter,
    pub selftest_mail_per_email: Limiter,
    /// Confirmations through the link of the self-test's mail.
    pub selftest_links_per_ip: Limiter,
    pub refresh_per_ip: Limiter,
    pub logout_per_ip: Limiter,
    pub payment_webhooks_per_ip: Limiter,
    pub simulated_payments_per_ip: Limiter,
    /// Upcoming intro calls one e-mail address may hold at once (a count, not a rate).
    pub intro_calls_upcoming_per_email: i64,
    /// Upcoming intro calls booked from one client address that may be held at once.
    pub intro_calls_upcoming_per_ip: i64,
    /// Passkey sign-in ceremonies started (each stores a challenge for 5 minutes).
    pub passkey_options_per_ip: Limiter,
    /// Page views counted (the beacon): always in this process, also on PostgreSQL, since a
    /// count of the shared kind would cost a database write per page view, which is what the
    /// visitor counts avoid; N servers allow N times this, which only bounds memory per address.
    pub beacon_per_ip: Limiter,
}

impl Limits {
    /// `shared`: the PostgreSQL pool when several servers may share the counts (None on SQLite).
    pub fn new(s: &LimitSettings, shared: Option<&AnyPool>) -> Arc<Self> {
        let limit = |name, burst, period| Limiter::named(name, burst, period, shared);
        Arc::new(Self {
            checkout_per_ip: limit("checkout_per_ip", s.checkout_per_ip_per_hour, HOUR),
            coupon_per_ip: limit("coupon_per_ip", s.coupon_checks_per_ip_per_hour, HOUR),
            newsletter_per_ip: limit("newsletter_per_ip", s.newsletter_per_ip_per_hour, HOUR),
            opt_in_mail_per_email: limit("opt_in_mail_per_email", 1, 10 * MINUTE),
            intro_call_per_ip: limit("intro_call_per_ip", s.intro_calls_per_ip_per_hour, HOUR),
            intro_call_per_email: limit(
                "intro_call_per_email",
                s.intro_calls_per_email_per_hour,
                HOUR,
            ),
            webinar_per_ip: limit("webinar_per_ip", s.webinar_per_ip_per_hour, HOUR),
            webinar_per_email: limit("webinar_per_email", s.webinar_per_email_per_hour, HOUR),
            waitlist_per_ip: limit("waitlist_per_ip", s.waitlist_per_ip_per_hour, HOUR),
            contact_per_ip: limit("contact_per_ip", s.contact_per_ip_per_10_min, 10 * MINUTE),
            contact_per_email: limit("contact_per_email", s.contact_per_email_per_hour, HOUR),
            one_click_per_ip: limit("one_click_per_ip", s.one_click_per_ip_per_hour, HOUR),
            review_links_per_ip: limit("review_links_per_ip", s.review_links_per_ip_per_hour, HOUR),
            test_mail_links_per_ip: limit(
                "test_mail_links_per_ip",
                s.test_mail_links_per_ip_per_hour,
                HOUR,
            ),
            intro_call_links_per_ip: limit(
                "intro_call_links_per_ip",
                s.intro_call_links_per_ip_per_hour,
                HOUR,
            ),
            newsletter_links_per_ip: limit(
                "newsletter_links_per_ip",
                s.newsletter_links_per_ip_per_hour,
                HOUR,
            ),
            offer_quotes_per_ip: limit("offer_quotes_per_ip", s.offer_quotes_per_ip_per_hour, HOUR),
            course_access_checks_per_ip: limit(
                "course_access_checks_per_ip",
                s.course_access_checks_per_ip_per_hour,
                HOUR,
            ),
            selftest_results_per_ip: limit(
                "selftest_results_per_ip",
                s.selftest_results_per_ip_per_hour,
                HOUR,
            ),
            selftest_mail_per_ip: limit(
                "selftest_mail_per_ip",
                s.selftest_mail_per_ip_per_hour,
                HOUR,
            ),
            selftest_mail_per_email: limit(
                "selftest_mail_per_email",
                s.selftest_mail_per_email_per_hour,
                HOUR,
            ),
            selftest_links_per_ip: limit(
                "selftest_links_per_ip",
                s.selftest_links_per_ip_per_hour,
                HOUR,
            ),
            refresh_per_ip: limit("refresh_per_ip", s.refresh_per_ip_per_hour, HOUR),
            logout_per_ip: limit("logout_per_ip", s.logout_per_ip_per_hour, HOUR),
            payment_webhooks_per_ip: limit(
                "payment_webhooks_per_ip",
                s.payment_webhooks_per_ip_per_hour,
                HOUR,
            ),
            simulated_payments_per_ip: limit(
                "simulated_payments_per_ip",
                s.simulated_payments_per_ip_per_hour,
                HOUR,
            ),
            intro_calls_upcoming_per_email: s.intro_calls_upcoming_per_email.into(),
            intro_calls_upcoming_per_ip: s.intro_calls_upcoming_per_ip.into(),
            passkey_options_per_ip: limit("passkey_options_per_ip", 30, 15 * MINUTE),
            beacon_per_ip: Limiter::named("beacon_per_ip", s.beacon_per_ip_per_hour, HOUR, None),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Limiter {
        fn new(burst: u32, period: Duration) -> Self {
            Self::named("", burst, period, None)
        }

        fn at(&self, key: &str, now: Instant) -> Result<(), Duration> {
            match &self.counts {
                Counts::InProcess(keys) => self.check_at(keys, key, now),
                Counts::Shared { .. } => unreachable!("counted in this process"),
            }
        }
    }

    #[test]
    fn a_burst_passes_then_one_request_per_interval() {
        let limiter = Limiter::new(3, Duration::from_secs(30));
        let t0 = Instant::now();
        for _ in 0..3 {
            assert!(limiter.at("a", t0).is_ok());
        }
        let wait = limiter.at("a", t0).unwrap_err();
        assert_eq!(wait, Duration::from_secs(10));
        assert!(limiter.at("b", t0).is_ok(), "keys are independent");
        assert!(limiter.at("a", t0 + Duration::from_secs(9)).is_err());
        assert!(limiter.at("a", t0 + Duration::from_secs(10)).is_ok());
        assert!(limiter.at("a", t0 + Duration::from_secs(10)).is_err());
        // A quiet period gives the whole burst back, never more.
        let later = t0 + Duration::from_secs(300);
        for _ in 0..3 {
            assert!(limiter.at("a", later).is_ok());
        }
        assert!(limiter.at("a", later).is_err());
    }

    #[test]
    fn refused_requests_do_not_push_the_wait_further() {
        let limiter = Limiter::new(1, Duration::from_secs(60));
        let t0 = Instant::now();
        assert!(limiter.at("a", t0).is_ok());
        for _ in 0..100 {
            assert!(limiter.at("a", t0).is_err());
        }
        assert!(limiter.at("a", t0 + Duration::from_secs(60)).is_ok());
    }

    #[test]
    fn forgotten_keys_are_swept_so_memory_stays_bounded() {
        let limiter = Limiter::new(1, Duration::from_secs(1));
        let t0 = Instant::now();
        for i in 0..5000 {
            let now = t0 + Duration::from_secs(i / 100);
            assert!(limiter.at(&format!("k{i}"), now).is_ok());
        }
        let Counts::InProcess(keys) = &limiter.counts else {
            unreachable!()
        };
        let len = keys.lock().unwrap().tat.len();
        assert!(len < 2100, "{len} keys kept");
    }

    #[tokio::test]
    async fn the_refusal_is_a_429_with_whole_seconds_to_wait() {
        let limiter = Limiter::new(1, Duration::from_millis(1500));
        assert!(limiter.admit("a").await.is_ok());
        match limiter.admit("a").await {
            Err(AppError::RateLimited { retry_after_secs }) => assert_eq!(retry_after_secs, 2),
            other => panic!("{:?}", other.err()),
        }
    }
}
