//! The application: assembles routers, serves the site, documents the API, seeds demo data.
pub mod address_gate; // per-address caps on open and new connections, for the accept loop
pub mod admin; // everything under `/api/admin`, behind one guard
pub mod check; // `inlumine check`: what would stop or weaken a live site
pub mod health; // liveness for the host
pub mod metrics; // Prometheus figures for the host, off by default
pub mod middleware; // the layers around every routed request: headers, timeout, request ids, log
pub mod openapi; // the OpenAPI document
pub mod public; // everything public under `/api`, in one list
pub mod router; // assembles the routes of the whole server
pub mod seed; // demo data for a fresh install
pub mod serve; // the accept loop: connection cap, header timeout, graceful drain
pub mod site_pages; // the prerendered site: pages, JSON-LD, sitemap, 404
pub mod startup; // builds the application and runs it until stopped
