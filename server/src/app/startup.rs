//! Builds the whole application and runs it until a stop signal; production and tests start it
//! the same way. (The routes are assembled in `router`, the layers in `middleware`, the accept
//! loop in `serve`.)
use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use tokio::net::TcpListener;
use tokio::sync::{Notify, watch};
use tokio::task::JoinHandle;

use crate::app::address_gate::AddressCaps;
use crate::app::metrics::{Endpoint, Metrics};
use crate::app::router::router;
use crate::app::serve::{App, ConnectionLimits, listen, serve};
use crate::kit::access_tokens::AuthConfig;
use crate::kit::clock::Clock;
use crate::kit::configuration::{MailTransport, MediaStoreKind, Settings};
use crate::kit::db::GroupCommit;
use crate::kit::hash_gate::HashGate;
use crate::kit::process;
use crate::kit::secret_token::LinkSigner;
use crate::platform::backup::{self, BackupSource, DatabaseLock};
use crate::platform::limits::Limits;
use crate::platform::live::{self, DataVersions, LiveCaches};
use crate::platform::media_store::{self, Media};
use crate::platform::outbox::{self, Deliverer};
use crate::platform::payments::Provider;
use crate::platform::prerendered::{SitePages, WebSource};
use crate::platform::site::{LiveSite, Site};
use crate::platform::state::{AppState, GoLiveFacts, Shared};
use crate::platform::visit_counts::{self, Visits};
use crate::{
    audience::campaigns, commerce::orders, commerce::waitlist, kit::db, overview::reminders,
    platform::notifications, platform::retention,
};

/// Photos decoded and resized at once: each takes a core and up to a few hundred MB, and
/// uploads are rare (the coach), so one at a time keeps a small server's memory safe.
const PHOTOS_AT_ONCE: usize = 1;

pub struct Application {
    listener: TcpListener,
    app: App,
    connections: ConnectionLimits,
    worker: JoinHandle<()>,
    campaign_sender: JoinHandle<()>,
    /// The periodic passes (`periodic::every`): order holds, reminders, review invitations,
    /// the waiting list, daily summaries, retention and daily snapshots.
    passes: Vec<JoinHandle<()>>,
    /// Tells `inlumine restore` that this server uses the SQLite file; released on drop.
    _database_lock: Option<DatabaseLock>,
    version_poller: JoinHandle<()>,
    stop_passes: watch::Sender<bool>,
}

impl Application {
    /// Loads site config and pages, connects and migrates the database, binds the port and
    /// starts the outbox and reminder workers.
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        Self::build_with_clock(settings, Clock::system()).await
    }

    /// Like `build`, with a clock the caller can move (tests of the visitor counts' day rollover).
    pub async fn build_with_clock(settings: Settings, clock: Clock) -> anyhow::Result<Self> {
        process::harden();
        let site = Site::load_configured(&settings.site_config)?;
        let public_url = if settings.public_url.is_empty() {
            site.site_url.clone()
        } else {
            settings.public_url.clone()
        };
        let public_url = public_url.trim_end_matches('/').to_string();
        settings.check_live_payments(&public_url)?;
        // Also for settings built in code (the tests), not only those `Settings::load` read.
        settings.check_webhooks()?;
        let web = WebSource::choose(&settings.web_dir)?;
        tracing::info!("serving the web app from {}", web.describe());
        let pages = SitePages::load(&web)?;
        // An upgraded site's files were written before the umask: narrow them too.
        for dir in [settings.data_dir.clone(), settings.backup_dir()] {
            process::make_private(&dir)
                .with_context(|| format!("cannot make {} private", dir.display()))?;
        }
        let database_url = settings.database_url();
        let database_lock = db::sqlite_path(&database_url)
            .map(|file| DatabaseLock::for_server(&file))
            .transpose()?;
        backup::before_migrations(&database_url, &settings.backup_dir()).await?;
        let pool = db::connect(&database_url).await?;
        db::migrate(&pool).await?;
        let deliverer = Arc::new(Deliverer::new(
            &settings,
            &outbox::sender(&settings, &site),
            &public_url,
        )?);
        let webhook_url = Some(settings.newsletter.webhook_url.as_str())
            .filter(|u| !u.is_empty())
            .map(Arc::from);
        let auth = AuthConfig::load(&settings.auth, &settings.data_dir)?;
        if settings.auth.jwt_secret.is_empty() && !db::is_sqlite(&database_url) {
            tracing::warn!(
                "JWT_SECRET is empty: this server signs with its own key file; servers sharing \
                 this database must share one key (set JWT_SECRET on each) to accept each other's \
                 sessions"
            );
        }
        let notify = Arc::new(Notify::new());
        let hsts = public_url.starts_with("https://");
        let payments = Arc::new(Provider::from_settings(&settings.payments, &public_url)?);
        let passkeys = crate::platform::auth::passkeys::relying_party(&public_url, &site.brand);
        let business = Arc::new(LiveSite::new(site));
        let versions = Arc::new(DataVersions::new(pool.clone(), business.clone()));
        // The saved business details before the first request.
        versions.refresh().await?;
        let links = Arc::new(LinkSigner::load(&pool).await?);
        let backup_keep = backup::daily_keep(&settings);
        if backup_keep.is_none() && settings.backup.keep > 0 {
            tracing::warn!("pg_dump is not installed: no daily backups (see README, Backups)");
        }
        let state = AppState::new(Shared {
            pool: pool.clone(),
            business,
            passkeys,
            public_url: public_url.into(),
            webhook_url,
            enrolment_webhook_url: Some(settings.enrolment.webhook_url.as_str())
                .filter(|u| !u.is_empty())
                .map(Arc::from),
            outbox_notify: notify.clone(),
            pages: Arc::new(pages),
            auth: Arc::new(auth),
            hashes: HashGate::for_this_machine(),
            payments,
            order_hold: settings.payments.hold(),
            waitlist_offer: settings.waitlist.offer_time(),
            limits: Limits::new(
                &settings.limits,
                (!db::is_sqlite(&database_url)).then_some(&pool),
            ),
            unpaid_holds_per_email: settings.limits.unpaid_holds_per_email.into(),
            versions: versions.clone(),
            live: Arc::new(LiveCaches::default()),
            writes: GroupCommit::start(pool.clone()),
            links,
            media: Arc::new(Media::new(
                media_store::from_settings(&settings.media, &settings.data_dir)?,
                PHOTOS_AT_ONCE,
            )),
            go_live: GoLiveFacts {
                mail_sent: settings.mail.transport == MailTransport::Smtp,
                backups_on: backup_keep.is_some(),
                backup_dir: settings.backup_dir(),
                photos_in_bucket: settings.media.store == MediaStoreKind::S3,
            },
            visits: Arc::new(Visits::new(pool.clone(), clock)),
        });
        let metrics = settings.metrics.on().then(|| Arc::new(Metrics::default()));
        let listener = listen(&settings.host, settings.port)
            .await
            .with_context(|| format!("cannot listen on {}:{}", settings.host, settings.port))?;
        let (stop_passes, stop) = watch::channel(false);
        let mut passes = vec![
            orders::spawn(
                state.clone(),
                settings.payments.sweep_interval(),
                stop.clone(),
            ),
            retention::spawn(
                state.pool.clone(),
                settings.retention.interval(),
                stop.clone(),
            ),
            waitlist::spawn(state.clone(), settings.waitlist.interval(), stop.clone()),
            notifications::summary::spawn(
                state.clone(),
                settings.notifications.summary_check(),
                stop.clone(),
            ),
        ];
        passes.push(visit_counts::spawn(state.visits.clone(), stop.clone()));
        passes.extend(reminders::spawn(
            state.clone(),
            &settings.reminders,
            stop.clone(),
        ));
        // Claimed recipients and outbox items stay with this process while it lives.
        let campaign_lease = campaigns::sender::lease(&settings.campaigns);
        let outbox_lease = outbox::lease(&settings.outbox);
        passes.push(campaign_lease.spawn_heartbeat(pool.clone(), stop.clone()));
        passes.push(outbox_lease.spawn_heartbeat(pool.clone(), stop.clone()));
        let campaign_sender = campaigns::sender::spawn(
            state.clone(),
            deliverer.clone(),
            settings.campaigns.clone(),
            campaign_lease,
            stop.clone(),
        );
        let worker = outbox::spawn(
            pool,
            deliverer,
            settings.outbox.clone(),
            outbox_lease,
            notify,
            stop.clone(),
        );
        if let Some(metrics) = metrics
            .as_ref()
            .filter(|_| !settings.metrics.address.is_empty())
        {
            let endpoint = Endpoint::new(metrics.clone(), state.pool.clone(), None);
            passes.push(serve_metrics(&settings.metrics.address, endpoint, stop.clone()).await?);
        }
        let version_poller = live::spawn(versions, stop.clone());
        passes.extend(backup_keep.map(|keep| {
            backup::spawn(
                BackupSource::from_settings(&settings),
                settings.backup_dir(),
                keep,
                stop,
            )
        }));
        Ok(Self {
            listener,
            app: App {
                router: router(
                    state.clone(),
                    hsts,
                    metrics.clone(),
                    &settings.metrics.token,
                ),
                state,
                hsts,
                metrics,
            },
            connections: ConnectionLimits {
                max: settings.max_connections as usize,
                per_address: (!settings.auth.trust_forwarded_for).then_some(AddressCaps {
                    open: settings.max_connections_per_address,
                    per_second: settings.new_connections_per_second_per_address,
                    burst: settings.new_connections_burst_per_address,
                }),
                header_timeout: Duration::from_secs(settings.header_timeout_secs),
                body_timeout: Duration::from_secs(settings.body_timeout_secs),
            },
            worker,
            campaign_sender,
            passes,
            _database_lock: database_lock,
            version_poller,
            stop_passes,
        })
    }

    pub fn port(&self) -> u16 {
        self.listener
            .local_addr()
            .map(|a| a.port())
            .unwrap_or_default()
    }

    /// Serves until SIGINT/SIGTERM, then drains requests and stops the background workers.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        self.run_until(stop_signal()).await
    }

    /// Serves until `stop` completes, then drains requests and stops the background workers.
    pub async fn run_until(self, stop: impl Future<Output = ()>) -> anyhow::Result<()> {
        let addr = self.listener.local_addr()?;
        // The e2e harness reads the real port from this exact line.
        println!("Listening on http://{addr}");
        std::io::stdout().flush()?;
        serve(self.listener, self.app, &self.connections, stop).await;
        let _ = self.stop_passes.send(true);
        let _ = self.worker.await;
        let _ = self.campaign_sender.await;
        for pass in self.passes {
            let _ = pass.await;
        }
        let _ = self.version_poller.await;
        Ok(())
    }
}

/// `/metrics` alone on its own address, until the stop.
async fn serve_metrics(
    address: &str,
    endpoint: Endpoint,
    mut stop: watch::Receiver<bool>,
) -> anyhow::Result<JoinHandle<()>> {
    let listener = TcpListener::bind(address)
        .await
        .with_context(|| format!("cannot listen on {address} for /metrics (METRICS_ADDRESS)"))?;
    tracing::info!("metrics on http://{}/metrics", listener.local_addr()?);
    Ok(tokio::spawn(async move {
        let stopped = async move {
            let _ = stop.wait_for(|stop| *stop).await;
        };
        if let Err(e) = axum::serve(listener, endpoint.routes())
            .with_graceful_shutdown(stopped)
            .await
        {
            tracing::warn!(error = %e, "the metrics address stopped");
        }
    }))
}

async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
    tracing::info!("shutting down");
}
