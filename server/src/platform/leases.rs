//! Leases on claimed rows (outbox items, newsletter recipients) that several servers on one
//! database share. A row is claimed by a conditional UPDATE that writes its lease's end and
//! this process's owner id; while the process lives, a heartbeat renews every row it still holds
//! a third of a lease before it ends, so a batch that takes longer than one lease (a slow SMTP
//! server) stays with its server, and a killed server's rows return to the pool one lease after
//! its last heartbeat: seconds, not minutes. Before each send the sender asks [`Lease::held`]:
//! if the heartbeat could not renew in time (the database was out of reach), another server may
//! have taken the rows, and it stops rather than send a mail twice.
use std::sync::{Arc, LazyLock, Mutex};
use std::time::{Duration, Instant};

use jiff::{SignedDuration, Timestamp};
use sqlx::{AnyPool, AssertSqlSafe};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::kit::db;
use crate::kit::secret_token;

/// This process's owner id: random, so a restarted server is a new owner.
static OWNER: LazyLock<String> = LazyLock::new(secret_token::new_token);

/// The owner id written with every claim of this process.
pub fn owner() -> &'static str {
    &OWNER
}

/// The leases of one table.
pub struct Lease {
    /// The table, its pending status condition and the column holding the lease's end.
    table: &'static str,
    until_column: &'static str,
    duration: Duration,
    /// When the leases of this process were last written (by a claim or a renewal).
    renewed: Mutex<Option<Instant>>,
}

impl Lease {
    /// Leases on `table` (whose rows have `status` and `lease_owner`), ending in `until_column`.
    pub fn new(table: &'static str, until_column: &'static str, duration: Duration) -> Arc<Self> {
        Arc::new(Self {
            table,
            until_column,
            duration,
            renewed: Mutex::new(None),
        })
    }

    pub fn duration(&self) -> Duration {
        self.duration
    }

    /// The end of a lease taken at `now`, as stored.
    pub fn until(&self, now: Timestamp) -> String {
        db::format_ts(now + SignedDuration::try_from(self.duration).unwrap_or(SignedDuration::MAX))
    }

    /// Records that leases were just written as of `at` (a claim).
    pub fn written(&self, at: Instant) {
        let mut renewed = self.renewed.lock().unwrap_or_else(|e| e.into_inner());
        if renewed.is_none_or(|r| r < at) {
            *renewed = Some(at);
        }
    }

    /// True while this process's leases surely last: they were written less than two thirds
    /// of a lease ago, so a third is left for the mail about to be sent.
    pub fn held(&self) -> bool {
        let renewed = *self.renewed.lock().unwrap_or_else(|e| e.into_inner());
        renewed.is_some_and(|at| at.elapsed() < self.duration * 2 / 3)
    }

    /// Extends every pending row this process holds by one lease.
    pub async fn renew(&self, pool: &AnyPool) -> Result<u64, sqlx::Error> {
        let started = Instant::now();
        let renewed = sqlx::query(AssertSqlSafe(format!(
            "UPDATE {} SET {} = $1 WHERE lease_owner = $2 AND status = 'pending'",
            self.table, self.until_column
        )))
        .bind(self.until(Timestamp::now()))
        .bind(owner())
        .execute(pool)
        .await?
        .rows_affected();
        self.written(started);
        Ok(renewed)
    }

    /// Renews this process's leases every third of a lease until `stop` turns true.
    pub fn spawn_heartbeat(
        self: &Arc<Self>,
        pool: AnyPool,
        mut stop: watch::Receiver<bool>,
    ) -> JoinHandle<()> {
        let lease = self.clone();
        tokio::spawn(async move {
            let every = (lease.duration / 3).max(Duration::from_millis(100));
            loop {
                tokio::select! {
                    _ = stop.changed() => break,
                    _ = tokio::time::sleep(every) => {}
                }
                if *stop.borrow() {
                    break;
                }
                if let Err(e) = lease.renew(&pool).await {
                    tracing::warn!(
                        table = lease.table,
                        error = format!("{e:#}"),
                        "could not renew send leases"
                    );
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lease_is_held_until_two_thirds_of_it_passed_since_it_was_written() {
        let lease = Lease::new("outbox", "next_attempt_at", Duration::from_secs(15));
        assert!(!lease.held(), "nothing written yet");
        lease.written(Instant::now());
        assert!(lease.held());
        lease.written(Instant::now() - Duration::from_secs(11));
        assert!(lease.held(), "an older write does not undo a newer one");
        let stale = Lease::new("outbox", "next_attempt_at", Duration::from_secs(15));
        stale.written(Instant::now() - Duration::from_secs(11));
        assert!(!stale.held());
        assert_eq!(owner(), owner());
        assert!(owner().len() >= 20);
    }
}
