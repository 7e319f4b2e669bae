//! Settings from `config/server.toml` plus environment variables (env wins), validated once at start.
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;

use crate::closed_set::closed_set;

/// The file read when neither `--config` nor `INLUMINE_CONFIG` names one; it may be missing.
pub const DEFAULT_CONFIG_PATH: &str = "config/server.toml";

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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MailTransport {
    File,
    Smtp,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MailSettings {
    pub transport: MailTransport,
    pub smtp_url: Secret,
    /// Empty = "{brand} <{contact.email}>" from site.json.
    pub from: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NewsletterSettings {
    pub webhook_url: String,
    pub webhook_secret: Secret,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OutboxSettings {
    pub poll_interval_ms: u64,
    pub base_backoff_ms: u64,
    pub max_backoff_ms: u64,
    pub max_attempts: u32,
}

impl OutboxSettings {
    pub fn poll_interval(&self) -> Duration {
        Duration::from_millis(self.poll_interval_ms)
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ReminderSettings {
    /// How often the reminder worker looks for intro calls and webinars starting within a day.
    pub interval_secs: u64,
}

impl Default for ReminderSettings {
    fn default() -> Self {
        Self { interval_secs: 300 }
    }
}

impl ReminderSettings {
    pub fn interval(&self) -> Duration {
        Duration::from_secs(self.interval_secs)
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AuthSettings {
    pub access_token_ttl_secs: u64,
    pub refresh_token_ttl_days: u64,
    /// Signs access tokens. Empty = a random secret generated once and kept in the database.
    pub jwt_secret: Secret,
    /// Take the client IP for sign-in throttling from `X-Forwarded-For` (only behind a proxy).
    pub trust_forwarded_for: bool,
}

impl Default for AuthSettings {
    fn default() -> Self {
        Self {
            access_token_ttl_secs: 3600,
            refresh_token_ttl_days: 30,
            jwt_secret: Secret::default(),
            trust_forwarded_for: false,
        }
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

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PaymentSettings {
    pub provider: PaymentProviderKind,
    /// How long a pending order holds its seats (and its coupon) before it expires.
    pub hold_minutes: u64,
    /// How often expired holds are swept up, in seconds.
    pub sweep_interval_secs: u64,
    pub stripe_secret_key: Secret,
    pub stripe_webhook_secret: Secret,
    pub stripe_api_base: String,
    pub mollie_api_key: Secret,
    pub mollie_api_base: String,
}

impl Default for PaymentSettings {
    fn default() -> Self {
        Self {
            provider: PaymentProviderKind::Simulated,
            hold_minutes: 30,
            sweep_interval_secs: 30,
            stripe_secret_key: Secret::default(),
            stripe_webhook_secret: Secret::default(),
            stripe_api_base: "https://api.stripe.com".into(),
            mollie_api_key: Secret::default(),
            mollie_api_base: "https://api.mollie.com".into(),
        }
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

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    pub host: String,
    pub port: u16,
    pub data_dir: PathBuf,
    /// Empty = SQLite file `{data_dir}/inlumine.db`.
    pub database_url: Secret,
    /// Empty = siteUrl from site.json.
    pub public_url: String,
    pub site_config: PathBuf,
    pub web_dir: PathBuf,
    pub mail: MailSettings,
    pub newsletter: NewsletterSettings,
    pub outbox: OutboxSettings,
    pub reminders: ReminderSettings,
    pub auth: AuthSettings,
    pub payments: PaymentSettings,
}

impl Default for MailSettings {
    fn default() -> Self {
        Self {
            transport: MailTransport::File,
            smtp_url: Secret::default(),
            from: String::new(),
        }
    }
}

impl Default for OutboxSettings {
    fn default() -> Self {
        Self {
            poll_interval_ms: 1000,
            base_backoff_ms: 5000,
            max_backoff_ms: 3_600_000,
            max_attempts: 12,
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            host: "127.0.0.1".into(),
            port: 8080,
            data_dir: "data".into(),
            database_url: Secret::default(),
            public_url: String::new(),
            site_config: "config/site.json".into(),
            web_dir: "web/build/client".into(),
            mail: MailSettings::default(),
            newsletter: NewsletterSettings::default(),
            outbox: OutboxSettings::default(),
            reminders: ReminderSettings::default(),
            auth: AuthSettings::default(),
            payments: PaymentSettings::default(),
        }
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
            Ok(text) => Some(text),
            Err(e) if !required && e.kind() == std::io::ErrorKind::NotFound => None,
            Err(source) => return Err(ConfigError::Read { path, source }),
        };
        Self::from_sources(&path, text.as_deref(), env)
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
        fn parse<T: std::str::FromStr>(
            option: &'static str,
            value: &str,
        ) -> Result<T, ConfigError> {
            value
                .trim()
                .parse()
                .map_err(|_| invalid(option, format!("cannot parse {value:?}")))
        }
        if let Some(v) = env("HOST") {
            s.host = v;
        }
        if let Some(v) = env("PORT") {
            s.port = parse("port (PORT)", &v)?;
        }
        if let Some(v) = env("DATA_DIR") {
            s.data_dir = v.into();
        }
        if let Some(v) = env("DATABASE_URL") {
            s.database_url = Secret::new(v);
        }
        if let Some(v) = env("PUBLIC_URL") {
            s.public_url = v;
        }
        if let Some(v) = env("SITE_CONFIG") {
            s.site_config = v.into();
        }
        if let Some(v) = env("WEB_DIR") {
            s.web_dir = v.into();
        }
        if let Some(v) = env("MAIL_TRANSPORT") {
            s.mail.transport = match v.trim() {
                "file" => MailTransport::File,
                "smtp" => MailTransport::Smtp,
                _ => {
                    return Err(invalid(
                        "mail.transport (MAIL_TRANSPORT)",
                        "must be \"file\" or \"smtp\"",
                    ));
                }
            };
        }
        if let Some(v) = env("SMTP_URL") {
            s.mail.smtp_url = Secret::new(v);
        }
        if let Some(v) = env("MAIL_FROM") {
            s.mail.from = v;
        }
        if let Some(v) = env("NEWSLETTER_WEBHOOK_URL") {
            s.newsletter.webhook_url = v;
        }
        if let Some(v) = env("NEWSLETTER_WEBHOOK_SECRET") {
            s.newsletter.webhook_secret = Secret::new(v);
        }
        if let Some(v) = env("OUTBOX_POLL_INTERVAL_MS") {
            s.outbox.poll_interval_ms =
                parse("outbox.poll_interval_ms (OUTBOX_POLL_INTERVAL_MS)", &v)?;
        }
        if let Some(v) = env("OUTBOX_BASE_BACKOFF_MS") {
            s.outbox.base_backoff_ms =
                parse("outbox.base_backoff_ms (OUTBOX_BASE_BACKOFF_MS)", &v)?;
        }
        if let Some(v) = env("OUTBOX_MAX_BACKOFF_MS") {
            s.outbox.max_backoff_ms = parse("outbox.max_backoff_ms (OUTBOX_MAX_BACKOFF_MS)", &v)?;
        }
        if let Some(v) = env("OUTBOX_MAX_ATTEMPTS") {
            s.outbox.max_attempts = parse("outbox.max_attempts (OUTBOX_MAX_ATTEMPTS)", &v)?;
        }
        if let Some(v) = env("REMINDER_INTERVAL_SECS") {
            s.reminders.interval_secs =
                parse("reminders.interval_secs (REMINDER_INTERVAL_SECS)", &v)?;
        }
        if let Some(v) = env("ACCESS_TOKEN_TTL_SECS") {
            s.auth.access_token_ttl_secs =
                parse("auth.access_token_ttl_secs (ACCESS_TOKEN_TTL_SECS)", &v)?;
        }
        if let Some(v) = env("REFRESH_TOKEN_TTL_DAYS") {
            s.auth.refresh_token_ttl_days =
                parse("auth.refresh_token_ttl_days (REFRESH_TOKEN_TTL_DAYS)", &v)?;
        }
        if let Some(v) = env("JWT_SECRET") {
            s.auth.jwt_secret = Secret::new(v);
        }
        if let Some(v) = env("TRUST_FORWARDED_FOR") {
            s.auth.trust_forwarded_for =
                parse("auth.trust_forwarded_for (TRUST_FORWARDED_FOR)", &v)?;
        }
        if let Some(v) = env("PAYMENT_PROVIDER") {
            s.payments.provider = match v.trim() {
                "simulated" => PaymentProviderKind::Simulated,
                "stripe" => PaymentProviderKind::Stripe,
                "mollie" => PaymentProviderKind::Mollie,
                _ => {
                    return Err(invalid(
                        "payments.provider (PAYMENT_PROVIDER)",
                        "must be \"simulated\", \"stripe\" or \"mollie\"",
                    ));
                }
            };
        }
        if let Some(v) = env("ORDER_HOLD_MINUTES") {
            s.payments.hold_minutes = parse("payments.hold_minutes (ORDER_HOLD_MINUTES)", &v)?;
        }
        if let Some(v) = env("ORDER_SWEEP_INTERVAL_SECS") {
            s.payments.sweep_interval_secs = parse(
                "payments.sweep_interval_secs (ORDER_SWEEP_INTERVAL_SECS)",
                &v,
            )?;
        }
        if let Some(v) = env("STRIPE_SECRET_KEY") {
            s.payments.stripe_secret_key = Secret::new(v);
        }
        if let Some(v) = env("STRIPE_WEBHOOK_SECRET") {
            s.payments.stripe_webhook_secret = Secret::new(v);
        }
        if let Some(v) = env("STRIPE_API_BASE") {
            s.payments.stripe_api_base = v;
        }
        if let Some(v) = env("MOLLIE_API_KEY") {
            s.payments.mollie_api_key = Secret::new(v);
        }
        if let Some(v) = env("MOLLIE_API_BASE") {
            s.payments.mollie_api_base = v;
        }
        s.validate()?;
        Ok(s)
    }

    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.host.trim().is_empty() {
            return Err(invalid("host (HOST)", "must not be empty"));
        }
        let db = self.database_url.expose();
        if !(db.is_empty()
            || ["sqlite:", "postgres://", "postgresql://"]
                .iter()
                .any(|p| db.starts_with(p)))
        {
            return Err(invalid(
                "database_url (DATABASE_URL)",
                "must be empty (SQLite in data_dir), a sqlite: URL or a postgres:// URL",
            ));
        }
        if !self.public_url.is_empty() && !is_http_url(&self.public_url) {
            return Err(invalid(
                "public_url (PUBLIC_URL)",
                "must start with http:// or https://",
            ));
        }
        if self.mail.transport == MailTransport::Smtp {
            let url = self.mail.smtp_url.expose();
            if !(url.starts_with("smtp://") || url.starts_with("smtps://")) {
                return Err(invalid(
                    "mail.smtp_url (SMTP_URL)",
                    "must be an smtp:// or smtps:// URL when mail.transport is \"smtp\"",
                ));
            }
        }
        if !self.newsletter.webhook_url.is_empty() && !is_http_url(&self.newsletter.webhook_url) {
            return Err(invalid(
                "newsletter.webhook_url (NEWSLETTER_WEBHOOK_URL)",
                "must start with http:// or https://",
            ));
        }
        let o = &self.outbox;
        if o.poll_interval_ms == 0 {
            return Err(invalid(
                "outbox.poll_interval_ms (OUTBOX_POLL_INTERVAL_MS)",
                "must be at least 1",
            ));
        }
        if o.base_backoff_ms == 0 || o.base_backoff_ms > o.max_backoff_ms {
            return Err(invalid(
                "outbox.base_backoff_ms (OUTBOX_BASE_BACKOFF_MS)",
                "must be at least 1 and not above outbox.max_backoff_ms",
            ));
        }
        if o.max_attempts == 0 {
            return Err(invalid(
                "outbox.max_attempts (OUTBOX_MAX_ATTEMPTS)",
                "must be at least 1",
            ));
        }
        if self.reminders.interval_secs == 0 {
            return Err(invalid(
                "reminders.interval_secs (REMINDER_INTERVAL_SECS)",
                "must be at least 1",
            ));
        }
        let a = &self.auth;
        if a.access_token_ttl_secs == 0 || a.access_token_ttl_secs > 86_400 {
            return Err(invalid(
                "auth.access_token_ttl_secs (ACCESS_TOKEN_TTL_SECS)",
                "must be between 1 and 86400",
            ));
        }
        if a.refresh_token_ttl_days == 0 || a.refresh_token_ttl_days > 365 {
            return Err(invalid(
                "auth.refresh_token_ttl_days (REFRESH_TOKEN_TTL_DAYS)",
                "must be between 1 and 365",
            ));
        }
        if !a.jwt_secret.is_empty() && a.jwt_secret.expose().len() < 32 {
            return Err(invalid(
                "auth.jwt_secret (JWT_SECRET)",
                "must be empty (generated and kept in the database) or at least 32 characters",
            ));
        }
        let p = &self.payments;
        if p.hold_minutes == 0 || p.hold_minutes > 24 * 60 {
            return Err(invalid(
                "payments.hold_minutes (ORDER_HOLD_MINUTES)",
                "must be between 1 and 1440",
            ));
        }
        if p.sweep_interval_secs == 0 {
            return Err(invalid(
                "payments.sweep_interval_secs (ORDER_SWEEP_INTERVAL_SECS)",
                "must be at least 1",
            ));
        }
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
}

fn is_http_url(url: &str) -> bool {
    url.starts_with("http://") || url.starts_with("https://")
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
