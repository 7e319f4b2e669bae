//! The In Lumine server: JSON API, outbox worker and the prerendered web app.
//!
//! Layers, top to bottom; each imports only layers below it (`tests/module_graph.rs`):
//! app → overview → commerce | content | audience (side by side) → agenda → platform → kit.
pub mod agenda;
pub mod app;
pub mod audience;
pub mod commerce;
pub mod content;
pub mod kit;
pub mod overview;
pub mod platform;

/// Logs to stderr (stdout carries the `Listening on` line and `openapi` output); RUST_LOG, default info.
pub fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
}
