//! What every handler can reach: the application state, built once by `startup`.
use std::sync::Arc;
use std::time::Duration;

use sqlx::AnyPool;
use tokio::sync::Notify;

use crate::kit::access_tokens::AuthConfig;
use crate::kit::db::GroupCommit;
use crate::kit::hash_gate::HashGate;
use crate::kit::secret_token::LinkSigner;
use crate::platform::limits::Limits;
use crate::platform::live::{DataVersions, LiveCaches};
use crate::platform::media_store::Media;
use crate::platform::payments::Provider;
use crate::platform::prerendered::SitePages;
use crate::platform::site::{LiveSite, Site};
use crate::platform::visit_counts::Visits;

/// Shared by all handlers. Axum clones the state several times per request (router, handler,
/// extractors), so it is one `Arc`: a clone is one counter, not one per field.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl AppState {
    pub fn new(shared: Shared) -> Self {
        Self(Arc::new(shared))
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;
    fn deref(&self) -> &Shared {
        &self.0
    }
}

impl Shared {
    /// The business details in force (the defaults with what the coach saved): the one
    /// accessor for every reader (pages, mails, invoices, `.ics` files, robots and sitemap).
    pub fn site(&self) -> Arc<Site> {
        self.business.get()
    }
}

/// What `AppState` holds.
pub struct Shared {
    pub pool: AnyPool,
    /// The business details in force: read them through `site()`.
    pub business: Arc<LiveSite>,
    /// Base for links in e-mails, without trailing slash.
    pub public_url: Arc<str>,
    pub webhook_url: Option<Arc<str>>,
    /// The course platform's enrolment webhook; None = access codes in the mail.
    pub enrolment_webhook_url: Option<Arc<str>>,
    /// Wakes the outbox worker after a commit that enqueued something.
    pub outbox_notify: Arc<Notify>,
    pub pages: Arc<SitePages>,
    pub auth: Arc<AuthConfig>,
    /// The passkeys' relying party (from PUBLIC_URL); None where browsers allow none.
    pub passkeys: Option<Arc<webauthn_rs::prelude::Webauthn>>,
    /// The bound on password hashes running at once (sign-in, new passwords).
    pub hashes: HashGate,
    pub payments: Arc<Provider>,
    /// How long a pending order holds its seats.
    pub order_hold: Duration,
    /// How long a waiting-list offer holds its seat.
    pub waitlist_offer: Duration,
    pub limits: Arc<Limits>,
    /// Unpaid, unexpired orders one e-mail address may hold at once.
    pub unpaid_holds_per_email: i64,
    /// The data versions this server has seen, and what it keeps rendered from them.
    pub versions: Arc<DataVersions>,
    pub live: Arc<LiveCaches>,
    /// Small independent writes committed together (one fsync for many callers).
    pub writes: GroupCommit,
    /// Signs the links that need no stored token (newsletter unsubscribe).
    pub links: Arc<LinkSigner>,
    /// Where photo variants are stored, and the bound on photos processed at once.
    pub media: Arc<Media>,
    /// What the go-live checklist reads from the configuration.
    pub go_live: GoLiveFacts,
    /// The visitor counts in memory, written every few seconds (and the clock they read).
    pub visits: Arc<Visits>,
}

/// The parts of the configuration the go-live checklist reports on.
pub struct GoLiveFacts {
    /// Mail goes out over SMTP (not into files).
    pub mail_sent: bool,
    /// Daily backups are made.
    pub backups_on: bool,
    /// Where they are written (the checklist shows the newest one's size).
    pub backup_dir: std::path::PathBuf,
    /// Photos live in an S3 bucket, so the backups hold the database only.
    pub photos_in_bucket: bool,
}
