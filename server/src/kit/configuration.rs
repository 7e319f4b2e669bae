//! Settings from `config/server.toml` plus environment variables (env wins), validated once at start.
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;

use crate::kit::closed_set::closed_set;

/// The file read when neither `--config` nor `INLUMINE_CONFIG` names one; it may be missing.
pub const DEFAULT_CONFIG_PATH: &str = "config/server.toml";

/// `config/server.toml` as this binary was built with it: what applies when no file is there
/// (`inlumine defaults server.toml` prints it).
pub const BUILT_IN_SERVER_TOML: &str = include_str!("../../../config/server.toml");

/// The business details file read unless `site_config` names another; when it is missing, the
/// built-in copy applies (`platform::site`).
pub const DEFAULT_SITE_CONFIG: &str = "config/site.json";

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read configuration file {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("configuration file {path} is invalid: {message}")]
    Parse { path: PathBuf, message: String },
    #[error("invalid configuration option `{option}`: {message}")]
    Invalid {
        option: &'static str,
        message: String,
    },
}

fn invalid(option: &'static str, message: impl Into<String>) -> ConfigError {
    ConfigError::Invalid {
        option,
        message: message.into(),
    }
}

/// A value that must never appear in logs or `Debug` output.
#[derive(Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }
    pub fn expose(&self) -> &str {
        &self.0
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_empty() {
            "\"\""
        } else {
            "[redacted]"
        })
    }
}

closed_set! {
    /// Where e-mails go.
    pub enum MailTransport {
        /// Written as `.eml` files into `{data_dir}/mail`.
        File = "file",
        Smtp = "smtp",
    }
}

closed_set! {
    /// Which payment provider takes the payments; stored with each order.
    pub enum PaymentProviderKind {
        /// The embedded test payment page.
        Simulated = "simulated",
        Stripe = "stripe",
        Mollie = "mollie",
    }
}

closed_set! {
    /// Where photo variants are kept.
    pub enum MediaStoreKind {
        /// Files in `{data_dir}/media`: one server.
        Folder = "folder",
        /// An S3-compatible bucket: every server of several reads and writes the same photos.
        S3 = "s3",
    }
}

closed_set! {
    /// How log lines are written to stderr.
    pub enum LogFormat {
        /// One readable line per event.
        Text = "text",
        /// One JSON object per line, for a log collector.
        Json = "json",
    }
}

/// Declares a settings table once: every option with its type, default, environment variable
/// and check (a fn of the value that returns the problem). From that come the struct that
/// `config/server.toml` fills, its defaults, the environment overrides and the checks; errors
/// name the option as `section.option (ENV_VAR)`. Nested tables follow after `tables`.
macro_rules! settings {
    (
        $(#[$meta:meta])*
        pub struct $name:ident in $prefix:literal {
            $(
                $(#[$option_meta:meta])*
                $option:ident: $type:ty = $default:expr, env $env:literal $(, check $check:expr)?;
            )*
        }
        $(tables { $($table:ident: $table_type:ty),* $(,)? })?
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct $name {
            $($(#[$option_meta])* pub $option: $type,)*
            $($(pub $table: $table_type,)*)?
        }

        impl Default for $name {
            fn default() -> Self {
                Self {
                    $($option: $default,)*
                    $($($table: <$table_type>::default(),)*)?
                }
            }
        }

        impl $name {
            /// The environment variables of this table's own options.
            #[cfg(test)]
            const ENV_VARS: &[&str] = &[$($env),*];

            fn apply_env(
                &mut self,
                env: &impl Fn(&str) -> Option<String>,
            ) -> Result<(), ConfigError> {
                $(
                    if let Some(text) = env($env) {
                        self.$option = FromEnv::from_env(&text).map_err(|message| {
                            invalid(concat!($prefix, stringify!($option), " (", $env, ")"), message)
                        })?;
                    }
                )*
                $($(self.$table.apply_env(env)?;)*)?
                Ok(())
            }

            fn check_options(&self) -> Result<(), ConfigError> {
                $($(
                    ($check)(&self.$option).map_err(|message: String| {
                        invalid(concat!($prefix, stringify!($option), " (", $env, ")"), message)
                    })?;
                )?)*
                $($(self.$table.check_options()?;)*)?
                Ok(())
            }
        }
    };
}

settings! {
    pub struct MailSettings in "mail." {
        transport: MailTransport = MailTransport::File, env "MAIL_TRANSPORT";
        smtp_url: Secret = Secret::default(), env "SMTP_URL";
        /// Empty = "{brand} <{contact.email}>" from site.json.
        from: String = String::new(), env "MAIL_FROM";
    }
}

settings! {
    pub struct NewsletterSettings in "newsletter." {
        webhook_url: String = String::new(), env "NEWSLETTER_WEBHOOK_URL", check empty_or_http_url;
        webhook_secret: Secret = Secret::default(), env "NEWSLETTER_WEBHOOK_SECRET";
    }
}

settings! {
    /// The external course platform: paid courses are enrolled there through this webhook.
    pub struct EnrolmentSettings in "enrolment." {
        /// Empty = no webhook: the buyer gets a personal access code in the mail instead.
        webhook_url: String = String::new(), env "ENROLMENT_WEBHOOK_URL", check empty_or_http_url;
        webhook_secret: Secret = Secret::default(), env "ENROLMENT_WEBHOOK_SECRET";
    }
}

settings! {
    pub struct NotificationSettings in "notifications." {
        /// How often the worker checks whether the coach's daily summary is due.
        summary_check_secs: u64 = 60, env "NOTIFICATION_SUMMARY_CHECK_SECS", check at_least_one;
    }
}

impl NotificationSettings {
    pub fn summary_check(&self) -> Duration {
        Duration::from_secs(self.summary_check_secs)
    }
}

settings! {
    pub struct OutboxSettings in "outbox." {
        poll_interval_ms: u64 = 1000, env "OUTBOX_POLL_INTERVAL_MS", check at_least_one;
        base_backoff_ms: u64 = 5000, env "OUTBOX_BASE_BACKOFF_MS";
        max_backoff_ms: u64 = 3_600_000, env "OUTBOX_MAX_BACKOFF_MS";
        max_attempts: u32 = 12, env "OUTBOX_MAX_ATTEMPTS", check at_least_one;
        /// How long claimed items stay with their server; renewed every third of it while
        /// the server lives.
        lease_secs: u64 = 15, env "OUTBOX_LEASE_SECS", check between(1, 3600);
        /// Tests only: lets webhooks go to plain http on 127.0.0.1, ::1 or localhost (a stub).
        allow_http_webhooks_on_loopback: bool = false, env "ALLOW_HTTP_WEBHOOKS_ON_LOOPBACK";
    }
}

impl OutboxSettings {
    pub fn poll_interval(&self) -> Duration {
        Duration::from_millis(self.poll_interval_ms)
    }
    pub fn lease(&self) -> Duration {
        Duration::from_secs(self.lease_secs)
    }
}

settings! {
    pub struct ReminderSettings in "reminders." {
        /// How often the reminder worker looks for intro calls and webinars starting within a day.
        interval_secs: u64 = 300, env "REMINDER_INTERVAL_SECS", check at_least_one;
        /// Days after an evening or course date ends before its participants are invited to
        /// leave a review.
        review_invitation_delay_days: u32 = 3, env "REVIEW_INVITATION_DELAY_DAYS", check between(0, 60);
    }
}

impl ReminderSettings {
    pub fn interval(&self) -> Duration {
        Duration::from_secs(self.interval_secs)
    }

    pub fn review_invitation_delay(&self) -> jiff::SignedDuration {
        jiff::SignedDuration::from_hours(i64::from(self.review_invitation_delay_days) * 24)
    }
}

settings! {
    /// Waiting lists of sold-out events (see `waitlist`).
    pub struct WaitlistSettings in "waitlist." {
        /// How long an offer holds its seat for the one in line before it passes on, in hours.
        offer_hours: u64 = 12, env "WAITLIST_OFFER_HOURS", check between(1, 168);
        /// How often freed seats are offered and unused offers passed on, in seconds.
        interval_secs: u64 = 30, env "WAITLIST_INTERVAL_SECS", check at_least_one;
    }
}

impl WaitlistSettings {
    pub fn offer_time(&self) -> Duration {
        Duration::from_secs(self.offer_hours * 3600)
    }
    pub fn interval(&self) -> Duration {
        Duration::from_secs(self.interval_secs)
    }
}

settings! {
    pub struct RetentionSettings in "retention." {
        /// How often, in seconds, data past its retention period is purged.
        interval_secs: u64 = 3600, env "RETENTION_INTERVAL_SECS", check at_least_one;
    }
}

impl RetentionSettings {
    pub fn interval(&self) -> Duration {
        Duration::from_secs(self.interval_secs)
    }
}

settings! {
    pub struct AuthSettings in "auth." {
        access_token_ttl_secs: u64 = 3600, env "ACCESS_TOKEN_TTL_SECS", check between(1, 86_400);
        refresh_token_ttl_days: u64 = 30, env "REFRESH_TOKEN_TTL_DAYS", check between(1, 365);
        /// Signs access tokens. Empty = a random key generated once in DATA_DIR/token-signing.key (0600).
        jwt_secret: Secret = Secret::default(), env "JWT_SECRET", check empty_or_long_key;
        /// Take the client IP for sign-in throttling from `X-Forwarded-For` (only behind a proxy).
        trust_forwarded_for: bool = false, env "TRUST_FORWARDED_FOR";
    }
}

settings! {
    pub struct PaymentSettings in "payments." {
        provider: PaymentProviderKind = PaymentProviderKind::Simulated, env "PAYMENT_PROVIDER";
        /// How long a pending order holds its seats (and its coupon) before it expires.
        hold_minutes: u64 = 30, env "ORDER_HOLD_MINUTES", check between(1, 24 * 60);
        /// How often expired holds are swept up, in seconds.
        sweep_interval_secs: u64 = 30, env "ORDER_SWEEP_INTERVAL_SECS", check at_least_one;
        stripe_secret_key: Secret = Secret::default(), env "STRIPE_SECRET_KEY";
        stripe_webhook_secret: Secret = Secret::default(), env "STRIPE_WEBHOOK_SECRET";
        stripe_api_base: String = "https://api.stripe.com".into(), env "STRIPE_API_BASE";
        mollie_api_key: Secret = Secret::default(), env "MOLLIE_API_KEY";
        mollie_api_base: String = "https://api.mollie.com".into(), env "MOLLIE_API_BASE";
        /// Staging only: allow the simulated provider on an https public URL.
        allow_simulated_on_https: bool = false, env "ALLOW_SIMULATED_PAYMENTS";
    }
}

impl PaymentSettings {
    pub fn hold(&self) -> Duration {
        Duration::from_secs(self.hold_minutes * 60)
    }
    pub fn sweep_interval(&self) -> Duration {
        Duration::from_secs(self.sweep_interval_secs)
    }
}

settings! {
    /// Sending newsletters (see `campaigns`).
    pub struct CampaignSettings in "campaigns." {
        /// Mails per second this server sends at most.
        messages_per_second: u32 = 10, env "CAMPAIGN_MESSAGES_PER_SECOND", check at_least_one;
        /// Recipients claimed at a time.
        batch_size: u32 = 20, env "CAMPAIGN_BATCH_SIZE", check between(1, 1000);
        /// How long a claimed batch stays with its server; renewed every third of it while the
        /// server lives, so a crashed server's batch is taken over this long after its end.
        lease_secs: u64 = 15, env "CAMPAIGN_LEASE_SECS", check between(1, 3600);
        poll_interval_ms: u64 = 1000, env "CAMPAIGN_POLL_INTERVAL_MS", check at_least_one;
    }
}

impl CampaignSettings {
    pub fn poll_interval(&self) -> Duration {
        Duration::from_millis(self.poll_interval_ms)
    }
    pub fn lease(&self) -> Duration {
        Duration::from_secs(self.lease_secs)
    }
}

settings! {
    pub struct BackupSettings in "backup." {
        /// Empty = `{data_dir}/backups`.
        dir: PathBuf = PathBuf::new(), env "BACKUP_DIR";
        /// How many daily snapshots the server keeps; 0 = none taken.
        keep: u64 = 14, env "BACKUP_KEEP", check between(0, 3650);
    }
}

settings! {
    /// Limits on public writes (see `limits.rs`): requests per client address or e-mail address.
    pub struct LimitSettings in "limits." {
        checkout_per_ip_per_hour: u32 = 20, env "LIMIT_CHECKOUT_PER_IP_PER_HOUR", check at_least_one;
        /// Unpaid, unexpired orders one e-mail address may hold at once.
        unpaid_holds_per_email: u32 = 3, env "LIMIT_UNPAID_HOLDS_PER_EMAIL", check at_least_one;
        /// Quotes and checkouts that carry a coupon code.
        coupon_checks_per_ip_per_hour: u32 = 30, env "LIMIT_COUPON_CHECKS_PER_IP_PER_HOUR", check at_least_one;
        newsletter_per_ip_per_hour: u32 = 30, env "LIMIT_NEWSLETTER_PER_IP_PER_HOUR", check at_least_one;
        intro_calls_per_ip_per_hour: u32 = 5, env "LIMIT_INTRO_CALLS_PER_IP_PER_HOUR", check at_least_one;
        intro_calls_per_email_per_hour: u32 = 3, env "LIMIT_INTRO_CALLS_PER_EMAIL_PER_HOUR", check at_least_one;
        webinar_per_ip_per_hour: u32 = 20, env "LIMIT_WEBINAR_PER_IP_PER_HOUR", check at_least_one;
        webinar_per_email_per_hour: u32 = 5, env "LIMIT_WEBINAR_PER_EMAIL_PER_HOUR", check at_least_one;
        waitlist_per_ip_per_hour: u32 = 20, env "LIMIT_WAITLIST_PER_IP_PER_HOUR", check at_least_one;
        contact_per_ip_per_10_min: u32 = 5, env "LIMIT_CONTACT_PER_IP_PER_10_MIN", check at_least_one;
        contact_per_email_per_hour: u32 = 5, env "LIMIT_CONTACT_PER_EMAIL_PER_HOUR", check at_least_one;
        /// One-click unsubscribes (RFC 8058); mail providers post them for many users at once.
        one_click_per_ip_per_hour: u32 = 600, env "LIMIT_ONE_CLICK_PER_IP_PER_HOUR", check at_least_one;
        /// Reviews and opt-outs sent through review invitation links.
        review_links_per_ip_per_hour: u32 = 20, env "LIMIT_REVIEW_LINKS_PER_IP_PER_HOUR", check at_least_one;
        /// Confirmations that the go-live test mail arrived (the link in that mail).
        test_mail_links_per_ip_per_hour: u32 = 10, env "LIMIT_TEST_MAIL_LINKS_PER_IP_PER_HOUR", check at_least_one;
        /// Upcoming intro calls one e-mail address, and one client address, may hold at once.
        intro_calls_upcoming_per_email: u32 = 2, env "LIMIT_INTRO_CALLS_UPCOMING_PER_EMAIL", check at_least_one;
        intro_calls_upcoming_per_ip: u32 = 2, env "LIMIT_INTRO_CALLS_UPCOMING_PER_IP", check at_least_one;
        /// Opens, cancels and moves through the links in an intro call's confirmation.
        intro_call_links_per_ip_per_hour: u32 = 30, env "LIMIT_INTRO_CALL_LINKS_PER_IP_PER_HOUR", check at_least_one;
        /// Confirmations and unsubscribes through the links of the opt-in mail and newsletters.
        newsletter_links_per_ip_per_hour: u32 = 30, env "LIMIT_NEWSLETTER_LINKS_PER_IP_PER_HOUR", check at_least_one;
        /// Finished self-tests (each stores a result).
        selftest_results_per_ip_per_hour: u32 = 60, env "LIMIT_SELFTEST_RESULTS_PER_IP_PER_HOUR", check at_least_one;
        /// Requests to mail a self-test result (each mails an unproven address).
        selftest_mail_per_ip_per_hour: u32 = 10, env "LIMIT_SELFTEST_MAIL_PER_IP_PER_HOUR", check at_least_one;
        selftest_mail_per_email_per_hour: u32 = 3, env "LIMIT_SELFTEST_MAIL_PER_EMAIL_PER_HOUR", check at_least_one;
        /// Confirmations through the link of the self-test's mail.
        selftest_links_per_ip_per_hour: u32 = 30, env "LIMIT_SELFTEST_LINKS_PER_IP_PER_HOUR", check at_least_one;
        /// Access codes the course platform checks (each is a guess at a code).
        course_access_checks_per_ip_per_hour: u32 = 120, env "LIMIT_COURSE_ACCESS_CHECKS_PER_IP_PER_HOUR", check at_least_one;
        /// Quotes that carry a waiting-list offer (its link).
        offer_quotes_per_ip_per_hour: u32 = 30, env "LIMIT_OFFER_QUOTES_PER_IP_PER_HOUR", check at_least_one;
        /// Refreshes of an admin session.
        refresh_per_ip_per_hour: u32 = 300, env "LIMIT_REFRESH_PER_IP_PER_HOUR", check at_least_one;
        /// Sign-outs.
        logout_per_ip_per_hour: u32 = 60, env "LIMIT_LOGOUT_PER_IP_PER_HOUR", check at_least_one;
        /// Payment provider webhooks (signed, or verified at the provider).
        payment_webhooks_per_ip_per_hour: u32 = 3600, env "LIMIT_PAYMENT_WEBHOOKS_PER_IP_PER_HOUR", check at_least_one;
        /// Buttons of the simulated payment page (test and staging sites only).
        simulated_payments_per_ip_per_hour: u32 = 60, env "LIMIT_SIMULATED_PAYMENTS_PER_IP_PER_HOUR", check at_least_one;
        /// Page views counted by the visitor beacon.
        beacon_per_ip_per_hour: u32 = 1200, env "LIMIT_BEACON_PER_IP_PER_HOUR", check at_least_one;
    }
}

settings! {
    /// Where photo variants are kept (see `media_store`).
    pub struct MediaSettings in "media." {
        store: MediaStoreKind = MediaStoreKind::Folder, env "MEDIA_STORE";
        /// The bucket when `store` is "s3"; credentials and region from the AWS_* variables.
        s3_bucket: String = String::new(), env "MEDIA_S3_BUCKET";
        /// Empty = Amazon S3 itself; else the address of another S3-compatible service.
        s3_endpoint: String = String::new(), env "MEDIA_S3_ENDPOINT", check empty_or_http_url;
        /// Allow an http:// endpoint (a store on the same machine or network only).
        s3_allow_http: bool = false, env "MEDIA_S3_ALLOW_HTTP";
    }
}

settings! {
    /// Prometheus metrics at `/metrics` (see `app::metrics`); off unless one of these is set.
    pub struct MetricsSettings in "metrics." {
        /// A separate listen address for `/metrics` only, e.g. 127.0.0.1:9464.
        address: String = String::new(), env "METRICS_ADDRESS", check empty_or_socket_address;
        /// `/metrics` on the site's own port, answered only with `Authorization: Bearer <token>`.
        token: Secret = Secret::default(), env "METRICS_TOKEN", check empty_or_long_key;
    }
}

impl MetricsSettings {
    /// Either way of reaching `/metrics` is set.
    pub fn on(&self) -> bool {
        !self.address.is_empty() || !self.token.is_empty()
    }
}

settings! {
    pub struct Settings in "" {
        host: String = "127.0.0.1".into(), env "HOST", check not_blank;
        port: u16 = 8080, env "PORT";
        /// Open connections at most; further clients wait in the kernel's accept queue.
        max_connections: u32 = 1024, env "MAX_CONNECTIONS", check at_least_one;
        /// Open connections one client address (an IPv6 /64) may hold; not applied when
        /// X-Forwarded-For is trusted (every peer is then the proxy).
        max_connections_per_address: u32 = 64, env "MAX_CONNECTIONS_PER_ADDRESS", check at_least_one;
        /// New connections one client address may open per second, on average.
        new_connections_per_second_per_address: u32 = 20, env "NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS", check at_least_one;
        /// New connections one client address may open at once after a quiet moment.
        new_connections_burst_per_address: u32 = 40, env "NEW_CONNECTIONS_BURST_PER_ADDRESS", check at_least_one;
        /// Time to send the request headers, and how long an idle kept-alive connection stays.
        header_timeout_secs: u64 = 10, env "HEADER_TIMEOUT_SECS", check between(1, 300);
        /// Longest pause inside a request body.
        body_timeout_secs: u64 = 10, env "BODY_TIMEOUT_SECS", check between(1, 300);
        data_dir: PathBuf = "data".into(), env "DATA_DIR";
        /// Empty = SQLite file `{data_dir}/inlumine.db`.
        database_url: Secret = Secret::default(), env "DATABASE_URL", check empty_or_database_url;
        /// Empty = siteUrl from site.json.
        public_url: String = String::new(), env "PUBLIC_URL", check empty_or_http_url;
        /// When it is the default path and missing, the built-in site.json applies.
        site_config: PathBuf = DEFAULT_SITE_CONFIG.into(), env "SITE_CONFIG";
        /// When the folder holds no build, the one inside the binary (release builds).
        web_dir: PathBuf = "web/build/client".into(), env "WEB_DIR";
        log_format: LogFormat = LogFormat::Text, env "LOG_FORMAT";
    }
    tables {
        mail: MailSettings,
        newsletter: NewsletterSettings,
        enrolment: EnrolmentSettings,
        notifications: NotificationSettings,
        outbox: OutboxSettings,
        reminders: ReminderSettings,
        waitlist: WaitlistSettings,
        retention: RetentionSettings,
        auth: AuthSettings,
        payments: PaymentSettings,
        backup: BackupSettings,
        limits: LimitSettings,
        campaigns: CampaignSettings,
        media: MediaSettings,
        metrics: MetricsSettings,
    }
}

/// How an environment variable's text becomes an option's value; Err is the problem.
trait FromEnv: Sized {
    fn from_env(text: &str) -> Result<Self, String>;
}

impl FromEnv for String {
    fn from_env(text: &str) -> Result<Self, String> {
        Ok(text.to_string())
    }
}

impl FromEnv for PathBuf {
    fn from_env(text: &str) -> Result<Self, String> {
        Ok(text.into())
    }
}

impl FromEnv for Secret {
    fn from_env(text: &str) -> Result<Self, String> {
        Ok(Secret::new(text))
    }
}

macro_rules! from_env_by_parsing {
    ($($type:ty),*) => {$(
        impl FromEnv for $type {
            fn from_env(text: &str) -> Result<Self, String> {
                text.trim().parse().map_err(|_| format!("cannot parse {text:?}"))
            }
        }
    )*};
}
from_env_by_parsing!(u16, u32, u64, bool);

macro_rules! from_env_by_name {
    ($($type:ty),*) => {$(
        impl FromEnv for $type {
            fn from_env(text: &str) -> Result<Self, String> {
                text.trim().parse().map_err(|_| {
                    let names: Vec<String> =
                        <$type>::ALL.iter().map(|value| format!("\"{value}\"")).collect();
                    let (last, rest) = names.split_last().expect("a closed set has values");
                    format!("must be {} or {last}", rest.join(", "))
                })
            }
        }
    )*};
}
from_env_by_name!(
    MailTransport,
    PaymentProviderKind,
    MediaStoreKind,
    LogFormat
);

fn at_least_one<T: PartialOrd + From<u8>>(value: &T) -> Result<(), String> {
    if *value >= T::from(1) {
        Ok(())
    } else {
        Err("must be at least 1".into())
    }
}

fn between<T: PartialOrd + Copy + fmt::Display>(
    min: T,
    max: T,
) -> impl Fn(&T) -> Result<(), String> {
    move |value| {
        if (min..=max).contains(value) {
            Ok(())
        } else {
            Err(format!("must be between {min} and {max}"))
        }
    }
}

fn not_blank(text: &str) -> Result<(), String> {
    if text.trim().is_empty() {
        Err("must not be empty".into())
    } else {
        Ok(())
    }
}

fn empty_or_database_url(url: &Secret) -> Result<(), String> {
    let url = url.expose();
    if url.is_empty()
        || ["sqlite:", "postgres://", "postgresql://"]
            .iter()
            .any(|scheme| url.starts_with(scheme))
    {
        Ok(())
    } else {
        Err("must be empty (SQLite in data_dir), a sqlite: URL or a postgres:// URL".into())
    }
}

fn empty_or_socket_address(address: &str) -> Result<(), String> {
    if address.is_empty() || address.parse::<std::net::SocketAddr>().is_ok() {
        Ok(())
    } else {
        Err(
            "must be empty (no separate address) or an address with a port, e.g. 127.0.0.1:9464"
                .into(),
        )
    }
}

fn empty_or_long_key(key: &Secret) -> Result<(), String> {
    if key.is_empty() || key.expose().len() >= 32 {
        Ok(())
    } else {
        Err("must be empty (a key generated once in DATA_DIR/token-signing.key) or at least 32 characters".into())
    }
}

fn empty_or_http_url(url: &str) -> Result<(), String> {
    if url.is_empty() || is_http_url(url) {
        Ok(())
    } else {
        Err("must start with http:// or https://".into())
    }
}

impl Settings {
    /// Reads the file (`explicit` path, else `INLUMINE_CONFIG`, else the default path, which may
    /// be missing), applies the process environment and validates.
    pub fn load(explicit: Option<&Path>) -> Result<Self, ConfigError> {
        let env = |name: &str| std::env::var(name).ok();
        let (path, required) = match explicit
            .map(Path::to_path_buf)
            .or_else(|| env("INLUMINE_CONFIG").map(PathBuf::from))
        {
            Some(path) => (path, true),
            None => (PathBuf::from(DEFAULT_CONFIG_PATH), false),
        };
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if !required && e.kind() == std::io::ErrorKind::NotFound => {
                BUILT_IN_SERVER_TOML.to_string()
            }
            Err(source) => return Err(ConfigError::Read { path, source }),
        };
        Self::from_sources(&path, Some(&text), env)
    }

    pub fn from_sources(
        path: &Path,
        file: Option<&str>,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<Self, ConfigError> {
        let mut s: Settings = match file {
            Some(text) => toml::from_str(text).map_err(|e| ConfigError::Parse {
                path: path.to_path_buf(),
                message: e.to_string(),
            })?,
            None => Settings::default(),
        };
        s.apply_env(&env)?;
        s.validate()?;
        Ok(s)
    }

    /// Each option's own check, then the checks that involve several options.
    pub fn validate(&self) -> Result<(), ConfigError> {
        self.check_options()?;
        if self.mail.transport == MailTransport::Smtp {
            let url = self.mail.smtp_url.expose();
            if !(url.starts_with("smtp://") || url.starts_with("smtps://")) {
                return Err(invalid(
                    "mail.smtp_url (SMTP_URL)",
                    "must be an smtp:// or smtps:// URL when mail.transport is \"smtp\"",
                ));
            }
        }
        if self.media.store == MediaStoreKind::S3 && self.media.s3_bucket.trim().is_empty() {
            return Err(invalid(
                "media.s3_bucket (MEDIA_S3_BUCKET)",
                "must name the bucket when media.store is \"s3\"",
            ));
        }
        self.check_webhooks()?;
        let o = &self.outbox;
        if o.base_backoff_ms == 0 || o.base_backoff_ms > o.max_backoff_ms {
            return Err(invalid(
                "outbox.base_backoff_ms (OUTBOX_BASE_BACKOFF_MS)",
                "must be at least 1 and not above outbox.max_backoff_ms",
            ));
        }
        let p = &self.payments;
        match p.provider {
            PaymentProviderKind::Simulated => {}
            PaymentProviderKind::Stripe => {
                if !p.stripe_secret_key.expose().starts_with("sk_") {
                    return Err(invalid(
                        "payments.stripe_secret_key (STRIPE_SECRET_KEY)",
                        "must be a Stripe secret key (sk_...) when payments.provider is \"stripe\"",
                    ));
                }
                if !p.stripe_webhook_secret.expose().starts_with("whsec_") {
                    return Err(invalid(
                        "payments.stripe_webhook_secret (STRIPE_WEBHOOK_SECRET)",
                        "must be the endpoint's signing secret (whsec_...) when payments.provider is \"stripe\"",
                    ));
                }
                if !is_http_url(&p.stripe_api_base) {
                    return Err(invalid(
                        "payments.stripe_api_base (STRIPE_API_BASE)",
                        "must start with http:// or https://",
                    ));
                }
            }
            PaymentProviderKind::Mollie => {
                let key = p.mollie_api_key.expose();
                if !(key.starts_with("live_") || key.starts_with("test_")) {
                    return Err(invalid(
                        "payments.mollie_api_key (MOLLIE_API_KEY)",
                        "must be a Mollie API key (live_... or test_...) when payments.provider is \"mollie\"",
                    ));
                }
                if !is_http_url(&p.mollie_api_base) {
                    return Err(invalid(
                        "payments.mollie_api_base (MOLLIE_API_BASE)",
                        "must start with http:// or https://",
                    ));
                }
            }
        }
        Ok(())
    }

    /// Fails closed: a webhook carries personal data and the receiver trusts it by its signature,
    /// so a webhook URL must be https and come with the secret that signs it. Only tests may
    /// post to plain http, on loopback, with `outbox.allow_http_webhooks_on_loopback`.
    pub fn check_webhooks(&self) -> Result<(), ConfigError> {
        let hooks = [
            (
                "newsletter.webhook_url (NEWSLETTER_WEBHOOK_URL)",
                &self.newsletter.webhook_url,
                "newsletter.webhook_secret (NEWSLETTER_WEBHOOK_SECRET)",
                &self.newsletter.webhook_secret,
            ),
            (
                "enrolment.webhook_url (ENROLMENT_WEBHOOK_URL)",
                &self.enrolment.webhook_url,
                "enrolment.webhook_secret (ENROLMENT_WEBHOOK_SECRET)",
                &self.enrolment.webhook_secret,
            ),
        ];
        for (url_option, url, secret_option, secret) in hooks {
            if url.is_empty() {
                continue;
            }
            let test_stub = self.outbox.allow_http_webhooks_on_loopback && is_loopback_http(url);
            if !url.starts_with("https://") && !test_stub {
                return Err(invalid(
                    url_option,
                    "must be an https:// URL: the webhook carries personal data",
                ));
            }
            if secret.is_empty() {
                return Err(invalid(
                    secret_option,
                    "must be set when the webhook URL is: every delivery is signed with it \
                     (X-InLumine-Signature), and the receiver must check that signature",
                ));
            }
        }
        Ok(())
    }

    /// Fails closed: the simulated provider takes "payments" without charging anyone, so it may
    /// not run on a live (https) address unless the staging switch says so.
    pub fn check_live_payments(&self, public_url: &str) -> Result<(), ConfigError> {
        let p = &self.payments;
        if p.provider == PaymentProviderKind::Simulated
            && public_url.starts_with("https://")
            && !p.allow_simulated_on_https
        {
            return Err(invalid(
                "payments.provider (PAYMENT_PROVIDER)",
                format!(
                    "is \"simulated\" (test payments: nobody is charged) while the public URL is \
                     {public_url}; set PAYMENT_PROVIDER to \"stripe\" or \"mollie\" with its keys, \
                     or on a staging site set ALLOW_SIMULATED_PAYMENTS=true"
                ),
            ));
        }
        Ok(())
    }

    /// The database URL to connect to; the default is a SQLite file inside `data_dir`.
    pub fn database_url(&self) -> String {
        let url = self.database_url.expose();
        if url.is_empty() {
            format!(
                "sqlite://{}?mode=rwc",
                self.data_dir.join("inlumine.db").display()
            )
        } else {
            url.to_string()
        }
    }

    pub fn mail_dir(&self) -> PathBuf {
        self.data_dir.join("mail")
    }

    pub fn backup_dir(&self) -> PathBuf {
        if self.backup.dir.as_os_str().is_empty() {
            self.data_dir.join("backups")
        } else {
            self.backup.dir.clone()
        }
    }
}

fn is_http_url(url: &str) -> bool {
    url.starts_with("http://") || url.starts_with("https://")
}

fn is_loopback_http(url: &str) -> bool {
    url::Url::parse(url).is_ok_and(|u| {
        u.scheme() == "http"
            && match u.host() {
                Some(url::Host::Domain(d)) => d == "localhost",
                Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
                Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
                None => false,
            }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(file: Option<&str>, env: &[(&str, &str)]) -> Result<Settings, ConfigError> {
        Settings::from_sources(Path::new("test.toml"), file, |name| {
            env.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        })
    }

    #[test]
    fn no_file_and_no_env_gives_the_defaults() {
        let s = load(None, &[]).unwrap();
        assert_eq!(s.port, 8080);
        assert_eq!(s.outbox.max_attempts, 12);
        assert!(s.database_url().starts_with("sqlite://data/inlumine.db"));
    }

    #[test]
    fn environment_wins_over_the_file() {
        let s = load(
            Some("port = 9000\n[outbox]\nmax_attempts = 3\n"),
            &[("PORT", "0")],
        )
        .unwrap();
        assert_eq!(s.port, 0);
        assert_eq!(s.outbox.max_attempts, 3);
    }

    #[test]
    fn a_bad_option_is_named_in_the_error() {
        let err = load(None, &[("PORT", "abc")]).unwrap_err().to_string();
        assert!(err.contains("PORT"), "{err}");
        let err = load(None, &[("MAIL_TRANSPORT", "smtp")])
            .unwrap_err()
            .to_string();
        assert!(err.contains("SMTP_URL"), "{err}");
        let err = load(Some("prot = 1\n"), &[]).unwrap_err().to_string();
        assert!(err.contains("prot"), "{err}");
        let err = load(None, &[("PAYMENT_PROVIDER", "paypal")])
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "invalid configuration option `payments.provider (PAYMENT_PROVIDER)`: \
             must be \"simulated\", \"stripe\" or \"mollie\""
        );
        let err = load(None, &[("ACCESS_TOKEN_TTL_SECS", "0")])
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "invalid configuration option `auth.access_token_ttl_secs (ACCESS_TOKEN_TTL_SECS)`: \
             must be between 1 and 86400"
        );
    }

    #[test]
    fn a_webhook_needs_https_and_a_secret_and_http_only_on_loopback_for_tests() {
        let err = |env: &[(&str, &str)]| load(None, env).unwrap_err().to_string();
        let url = "ENROLMENT_WEBHOOK_URL";
        let secret = ("ENROLMENT_WEBHOOK_SECRET", "geheim");
        assert!(
            err(&[(url, "http://platform.example/hook"), secret])
                .contains("must be an https:// URL"),
        );
        assert!(
            err(&[("NEWSLETTER_WEBHOOK_URL", "https://crm.example/hook")])
                .contains("NEWSLETTER_WEBHOOK_SECRET"),
        );
        assert!(load(None, &[(url, "https://platform.example/hook"), secret]).is_ok());
        // Loopback http only with the tests' switch, and never elsewhere.
        let stub = (url, "http://127.0.0.1:4000/hook");
        assert!(err(&[stub, secret]).contains("https://"));
        let allow = ("ALLOW_HTTP_WEBHOOKS_ON_LOOPBACK", "true");
        assert!(load(None, &[stub, secret, allow]).is_ok());
        assert!(load(None, &[(url, "http://localhost/hook"), secret, allow]).is_ok());
        assert!(err(&[(url, "http://platform.example/hook"), secret, allow]).contains("https://"));
        assert!(err(&[stub, allow]).contains("ENROLMENT_WEBHOOK_SECRET"));
    }

    #[test]
    fn the_example_file_documents_every_option_with_its_default() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../config/server.toml");
        let file = std::fs::read_to_string(&path).unwrap();
        let tables = [
            Settings::ENV_VARS,
            MailSettings::ENV_VARS,
            NewsletterSettings::ENV_VARS,
            EnrolmentSettings::ENV_VARS,
            NotificationSettings::ENV_VARS,
            OutboxSettings::ENV_VARS,
            ReminderSettings::ENV_VARS,
            WaitlistSettings::ENV_VARS,
            RetentionSettings::ENV_VARS,
            AuthSettings::ENV_VARS,
            PaymentSettings::ENV_VARS,
            BackupSettings::ENV_VARS,
            LimitSettings::ENV_VARS,
            CampaignSettings::ENV_VARS,
            MediaSettings::ENV_VARS,
            MetricsSettings::ENV_VARS,
        ];
        for name in tables.concat() {
            assert!(
                file.contains(&format!("[{name}]")),
                "{name} is not in server.toml"
            );
        }
        let from_file = load(Some(&file), &[]).unwrap();
        assert_eq!(
            format!("{from_file:?}"),
            format!("{:?}", Settings::default())
        );
    }

    #[test]
    fn the_simulated_provider_refuses_a_live_address_unless_staging() {
        let s = load(None, &[]).unwrap();
        assert!(s.check_live_payments("http://127.0.0.1:8080").is_ok());
        let err = s
            .check_live_payments("https://www.inlumine.be")
            .unwrap_err()
            .to_string();
        assert!(err.contains("ALLOW_SIMULATED_PAYMENTS=true"), "{err}");
        let staging = load(None, &[("ALLOW_SIMULATED_PAYMENTS", "true")]).unwrap();
        assert!(
            staging
                .check_live_payments("https://www.inlumine.be")
                .is_ok()
        );
    }

    #[test]
    fn secrets_are_not_debug_printed() {
        let s = load(
            None,
            &[("SMTP_URL", "smtps://user:hunter2@mail.example:465")],
        )
        .unwrap();
        assert!(!format!("{s:?}").contains("hunter2"));
    }
}
