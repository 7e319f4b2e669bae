//! What every handler can reach: the application state, built once by `startup`.
use std::sync::Arc;
use std::time::Duration;

use sqlx::AnyPool;
use tokio::sync::Notify;

use crate::access_tokens::AuthConfig;
use crate::payments::Provider;
use crate::prerendered::SitePages;
use crate::site::Site;

/// Shared by all handlers; cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub pool: AnyPool,
    pub site: Arc<Site>,
    /// Base for links in e-mails, without trailing slash.
    pub public_url: Arc<str>,
    pub webhook_url: Option<Arc<str>>,
    /// Wakes the outbox worker after a commit that enqueued something.
    pub outbox_notify: Arc<Notify>,
    pub pages: Arc<SitePages>,
    pub auth: Arc<AuthConfig>,
    pub payments: Arc<Provider>,
    /// How long a pending order holds its seats.
    pub order_hold: Duration,
}
