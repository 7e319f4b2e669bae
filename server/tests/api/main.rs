//! Black-box API tests: every scenario runs against SQLite and PostgreSQL.
#[macro_use]
mod helpers;

mod admin_auth;
mod admin_commerce;
mod admin_content;
mod bad_input;
mod commerce;
mod events;
mod health;
mod newsletter;
mod openapi;
mod payments_mollie;
mod payments_stripe;
mod provider_stubs;
mod reviews;
mod site;
