//! The gate that bounds how many password hashes run at once (see `HashGate`). It lives in the
//! kit because the application state holds it, below the auth module that uses it.
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::anyhow;
use tokio::sync::Semaphore;

use crate::kit::error::AppError;

/// Each hash holds 19 MiB and a core for a few dozen milliseconds; without a bound, a burst of
/// sign-ins would hold one per request and take the server's memory. At most `at_once` run; up
/// to `queue` more wait for a slot; past that the request gets 503 with `Retry-After` at once
/// rather than piling up.
pub struct HashGate {
    slots: Semaphore,
    waiting: AtomicUsize,
    queue: usize,
}

/// Counts a waiting request, also when its client goes away while it waits.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl HashGate {
    pub fn new(at_once: usize, queue: usize) -> Self {
        Self {
            slots: Semaphore::new(at_once.max(1)),
            waiting: AtomicUsize::new(0),
            queue,
        }
    }

    /// One hash per core, and a queue a few hashes deep (well under a second of waiting).
    pub fn for_this_machine() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Self::new(cores, 4 * cores)
    }

    /// Runs `work` (a hash or a verification) on the blocking pool once a slot is free.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, AppError> {
        let _slot = match self.slots.try_acquire() {
            Ok(slot) => slot,
            Err(_) => {
                if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.queue {
                    self.waiting.fetch_sub(1, Ordering::SeqCst);
                    tracing::warn!("password hashes at their bound; request turned away");
                    return Err(AppError::Busy {
                        retry_after_secs: 1,
                    });
                }
                let _waiting = Waiting(&self.waiting);
                self.slots
                    .acquire()
                    .await
                    .map_err(|e| anyhow!("the hash gate closed: {e}"))?
            }
        };
        Ok(tokio::task::spawn_blocking(work)
            .await
            .map_err(anyhow::Error::from)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn past_the_running_hashes_and_a_short_queue_the_gate_answers_busy() {
        let gate = std::sync::Arc::new(HashGate::new(1, 1));
        let (release, hold) = std::sync::mpsc::channel::<()>();
        let running = {
            let gate = gate.clone();
            tokio::spawn(async move { gate.run(move || hold.recv().is_ok()).await })
        };
        while gate.slots.available_permits() > 0 {
            tokio::task::yield_now().await;
        }
        let queued = {
            let gate = gate.clone();
            tokio::spawn(async move { gate.run(|| 2).await })
        };
        while gate.waiting.load(Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        match gate.run(|| 3).await {
            Err(AppError::Busy { retry_after_secs }) => assert_eq!(retry_after_secs, 1),
            other => panic!("expected busy, got {:?}", other.map(|_| ())),
        }
        release.send(()).unwrap();
        assert!(running.await.unwrap().unwrap());
        assert_eq!(queued.await.unwrap().unwrap(), 2);
        assert_eq!(gate.waiting.load(Ordering::SeqCst), 0);
        assert_eq!(gate.run(|| 4).await.unwrap(), 4, "free again");
    }
}
