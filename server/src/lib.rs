//! The In Lumine server: JSON API, outbox worker and the prerendered web app.
pub mod access_tokens;
pub mod admin;
pub mod attendees;
pub mod auth;
pub mod backup;
pub mod brussels;
pub mod calendar_feed;
pub mod campaigns;
pub mod checkout;
pub mod closed_set;
pub mod configuration;
pub mod contact;
pub mod coupons;
pub mod course_access;
pub mod csv_export;
pub mod dashboard;
pub mod db;
pub mod domain;
pub mod drempel_videos;
pub mod dutch;
pub mod encoded;
pub mod error;
pub mod events;
pub mod go_live;
pub mod health;
pub mod ics;
pub mod intro_calls;
pub mod invoices;
pub mod limits;
pub mod live;
pub mod mail_texts;
pub mod media;
pub mod media_store;
pub mod money;
pub mod newsletter;
pub mod notifications;
pub mod openapi;
pub mod orders;
pub mod outbox;
pub mod page_texts;
pub mod paging;
pub mod payments;
pub mod people;
pub mod periodic;
pub mod prerendered;
pub mod products;
pub mod qr;
pub mod reminders;
pub mod retention;
pub mod reviews;
pub mod secret_token;
pub mod seed;
pub mod site;
pub mod site_pages;
pub mod site_settings;
pub mod startup;
pub mod state;
pub mod tickets;
pub mod validation;
pub mod waitlist;
pub mod webinars;

/// Logs to stderr (stdout carries the `Listening on` line and `openapi` output); RUST_LOG, default info.
pub fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
}
