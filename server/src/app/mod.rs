//! The application: assembles routers, serves the site, documents the API, seeds demo data.
pub mod admin; // everything under `/api/admin`, behind one guard
pub mod health; // liveness for the host
pub mod openapi; // the OpenAPI document
pub mod seed; // demo data for a fresh install
pub mod site_pages; // the prerendered site: pages, JSON-LD, sitemap, 404
pub mod startup; // builds the application and serves it
