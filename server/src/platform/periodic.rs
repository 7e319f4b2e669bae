//! Background passes that run every so often until the server shuts down (order holds,
//! reminders, the waiting list, daily summaries, retention, daily snapshots).

use std::future::Future;
use std::time::Duration;

use tokio::sync::watch;
use tokio::task::JoinHandle;

/// Runs `pass` now and then every `interval` until `stop` turns true. A failed pass is logged
/// as `what` and tried again at the next turn: one bad pass never stops the loop. What a pass
/// returns besides success is its own business (tests call the passes directly).
pub fn every<F, Fut, T>(
    what: &'static str,
    interval: Duration,
    mut stop: watch::Receiver<bool>,
    mut pass: F,
) -> JoinHandle<()>
where
    F: FnMut() -> Fut + Send + 'static,
    Fut: Future<Output = anyhow::Result<T>> + Send,
{
    tokio::spawn(async move {
        loop {
            if let Err(e) = pass().await {
                tracing::error!(error = format!("{e:#}"), "{what} failed");
            }
            if *stop.borrow() {
                return;
            }
            tokio::select! {
                _ = tokio::time::sleep(interval) => {}
                _ = stop.changed() => return,
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test]
    async fn a_failing_pass_runs_again_and_the_stop_ends_the_loop() {
        let runs = Arc::new(AtomicUsize::new(0));
        let (stop_passes, stop) = watch::channel(false);
        let counted = runs.clone();
        let handle = every("test pass", Duration::from_millis(5), stop, move || {
            let counted = counted.clone();
            async move {
                counted.fetch_add(1, Ordering::SeqCst);
                Err::<(), _>(anyhow::anyhow!("always fails"))
            }
        });
        while runs.load(Ordering::SeqCst) < 3 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        stop_passes.send(true).unwrap();
        tokio::time::timeout(Duration::from_secs(5), handle)
            .await
            .expect("the loop ends at the stop")
            .unwrap();
    }
}
