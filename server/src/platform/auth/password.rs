//! Password hashing with Argon2id (the crate's defaults: 19 MiB, 2 passes, 1 lane), and the
//! gate that bounds how many hashes run at once.
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::anyhow;
use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use tokio::sync::Semaphore;

use crate::kit::error::AppError;

pub const MIN_LENGTH: usize = 10;
pub const MAX_LENGTH: usize = 200;

/// Why a new password is refused; the same rules for `create-admin` and the web forms.
#[derive(Debug, PartialEq, Eq)]
pub enum PasswordProblem {
    TooShort,
    TooLong,
}

impl PasswordProblem {
    /// For the command line.
    pub fn english(&self) -> String {
        match self {
            Self::TooShort => format!("the password needs at least {MIN_LENGTH} characters"),
            Self::TooLong => format!("the password may have at most {MAX_LENGTH} characters"),
        }
    }

    /// For the admin's web forms.
    pub fn dutch(&self) -> String {
        match self {
            Self::TooShort => format!("Kies een wachtwoord van minstens {MIN_LENGTH} tekens."),
            Self::TooLong => format!("Kies een wachtwoord van hoogstens {MAX_LENGTH} tekens."),
        }
    }
}

/// Checks a new password before it is hashed.
pub fn validate_new(password: &str) -> Result<(), PasswordProblem> {
    let length = password.chars().count();
    if length < MIN_LENGTH {
        return Err(PasswordProblem::TooShort);
    }
    if length > MAX_LENGTH {
        return Err(PasswordProblem::TooLong);
    }
    Ok(())
}

pub fn hash(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::encode_b64(&rand::random::<[u8; 16]>()).map_err(|e| anyhow!("{e}"))?;
    Ok(Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map_err(|e| anyhow!("cannot hash the password: {e}"))?
        .to_string())
}

/// Constant-time comparison inside argon2; a malformed stored hash never matches.
pub fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// A hash to verify against when the e-mail is unknown, so that answer takes as long as a
/// wrong password and timing does not reveal which addresses have an account.
pub fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| hash(&crate::kit::secret_token::new_token()).expect("argon2 hashes"))
}

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

    #[test]
    fn a_hash_verifies_only_its_own_password() {
        let stored = hash("een lang wachtwoord").unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(verify("een lang wachtwoord", &stored));
        assert!(!verify("een ander wachtwoord", &stored));
        assert!(!verify("een lang wachtwoord", "not a hash"));
    }

    #[test]
    fn short_passwords_are_refused() {
        assert!(validate_new("kort").is_err());
        assert!(validate_new("lang genoeg!").is_ok());
    }
}
