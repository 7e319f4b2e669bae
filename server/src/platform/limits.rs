//! Limits on the public writes (checkout, coupon checks, newsletter, intro calls, webinars,
//! contact, links in mails): one in-memory keyed limiter, so a check costs a hash lookup under a lock and no
//! database write.
//!
//! Each limit is "`burst` per `period`" as a GCRA (generic cell rate algorithm): a key may use
//! its whole burst at once and then earns one request back every `period / burst`. Per key we
//! keep one instant, the "theoretical arrival time"; a refusal says exactly when the next
//! request fits, which becomes `Retry-After`.
//!
//! The state lives in this process: with N servers behind one address the effective limit is
//! N times the configured one. That is fine for abuse limits, which only need to turn
//! thousands of requests into a handful.
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::kit::configuration::LimitSettings;
use crate::kit::error::AppError;

/// One limit, shared by all keys of one kind (an address, an e-mail address).
pub struct Limiter {
    /// Time one request uses up: period / burst.
    interval: Duration,
    /// How far ahead of now a key's arrival time may run: period - interval.
    tolerance: Duration,
    state: Mutex<Keys>,
}

struct Keys {
    tat: HashMap<String, Instant>,
    /// Forgotten keys are dropped when the map doubles since the last sweep, so memory stays
    /// proportional to the keys active within one period and a sweep costs O(1) per insert.
    sweep_at: usize,
}

impl Limiter {
    /// `burst` requests per `period`; `burst` 0 would refuse everything and is raised to 1.
    pub fn new(burst: u32, period: Duration) -> Self {
        let burst = burst.max(1);
        let interval = period / burst;
        Self {
            interval,
            tolerance: period.saturating_sub(interval),
            state: Mutex::new(Keys {
                tat: HashMap::new(),
                sweep_at: 1024,
            }),
        }
    }

    /// Counts one request for `key`; Err is how long until one fits again.
    pub fn check(&self, key: &str) -> Result<(), Duration> {
        self.check_at(key, Instant::now())
    }

    fn check_at(&self, key: &str, now: Instant) -> Result<(), Duration> {
        let mut keys = self.state.lock().unwrap_or_else(|e| e.into_inner());
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

    /// Like `check`, as the 429 a handler returns.
    pub fn admit(&self, key: &str) -> Result<(), AppError> {
        self.check(key).map_err(|wait| {
            tracing::warn!("public write throttled");
            AppError::RateLimited {
                retry_after_secs: wait.as_secs_f64().ceil() as u64,
            }
        })
    }
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
}

impl Limits {
    pub fn new(s: &LimitSettings) -> Arc<Self> {
        Arc::new(Self {
            checkout_per_ip: Limiter::new(s.checkout_per_ip_per_hour, HOUR),
            coupon_per_ip: Limiter::new(s.coupon_checks_per_ip_per_hour, HOUR),
            newsletter_per_ip: Limiter::new(s.newsletter_per_ip_per_hour, HOUR),
            opt_in_mail_per_email: Limiter::new(1, 10 * MINUTE),
            intro_call_per_ip: Limiter::new(s.intro_calls_per_ip_per_hour, HOUR),
            intro_call_per_email: Limiter::new(s.intro_calls_per_email_per_hour, HOUR),
            webinar_per_ip: Limiter::new(s.webinar_per_ip_per_hour, HOUR),
            webinar_per_email: Limiter::new(s.webinar_per_email_per_hour, HOUR),
            waitlist_per_ip: Limiter::new(s.waitlist_per_ip_per_hour, HOUR),
            contact_per_ip: Limiter::new(s.contact_per_ip_per_10_min, 10 * MINUTE),
            contact_per_email: Limiter::new(s.contact_per_email_per_hour, HOUR),
            one_click_per_ip: Limiter::new(s.one_click_per_ip_per_hour, HOUR),
            review_links_per_ip: Limiter::new(s.review_links_per_ip_per_hour, HOUR),
            test_mail_links_per_ip: Limiter::new(s.test_mail_links_per_ip_per_hour, HOUR),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_passes_then_one_request_per_interval() {
        let limiter = Limiter::new(3, Duration::from_secs(30));
        let t0 = Instant::now();
        for _ in 0..3 {
            assert!(limiter.check_at("a", t0).is_ok());
        }
        let wait = limiter.check_at("a", t0).unwrap_err();
        assert_eq!(wait, Duration::from_secs(10));
        assert!(limiter.check_at("b", t0).is_ok(), "keys are independent");
        assert!(limiter.check_at("a", t0 + Duration::from_secs(9)).is_err());
        assert!(limiter.check_at("a", t0 + Duration::from_secs(10)).is_ok());
        assert!(limiter.check_at("a", t0 + Duration::from_secs(10)).is_err());
        // A quiet period gives the whole burst back, never more.
        let later = t0 + Duration::from_secs(300);
        for _ in 0..3 {
            assert!(limiter.check_at("a", later).is_ok());
        }
        assert!(limiter.check_at("a", later).is_err());
    }

    #[test]
    fn refused_requests_do_not_push_the_wait_further() {
        let limiter = Limiter::new(1, Duration::from_secs(60));
        let t0 = Instant::now();
        assert!(limiter.check_at("a", t0).is_ok());
        for _ in 0..100 {
            assert!(limiter.check_at("a", t0).is_err());
        }
        assert!(limiter.check_at("a", t0 + Duration::from_secs(60)).is_ok());
    }

    #[test]
    fn forgotten_keys_are_swept_so_memory_stays_bounded() {
        let limiter = Limiter::new(1, Duration::from_secs(1));
        let t0 = Instant::now();
        for i in 0..5000 {
            let now = t0 + Duration::from_secs(i / 100);
            assert!(limiter.check_at(&format!("k{i}"), now).is_ok());
        }
        let len = limiter.state.lock().unwrap().tat.len();
        assert!(len < 2100, "{len} keys kept");
    }

    #[test]
    fn the_refusal_is_a_429_with_whole_seconds_to_wait() {
        let limiter = Limiter::new(1, Duration::from_millis(1500));
        assert!(limiter.admit("a").is_ok());
        match limiter.admit("a") {
            Err(AppError::RateLimited { retry_after_secs }) => assert_eq!(retry_after_secs, 2),
            other => panic!("{:?}", other.err()),
        }
    }
}
