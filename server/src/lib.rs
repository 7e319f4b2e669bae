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

use kit::configuration::LogFormat;

/// Logs to stderr (stdout carries the `Listening on` line and `openapi` output); RUST_LOG, default
/// info; as readable lines or, for a log collector, one JSON object per line (`LOG_FORMAT`).
pub fn init_tracing(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    match format {
        LogFormat::Text => builder.init(),
        // Each event with its fields, and the request span's (method, route, request id) once.
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .init(),
    }
}
