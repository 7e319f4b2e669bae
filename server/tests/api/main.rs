//! Black-box API tests: every scenario runs against SQLite and PostgreSQL.
#[macro_use]
mod helpers;

mod admin_auth;
mod admin_commerce;
mod admin_content;
mod bad_input;
mod commerce;
mod contact;
mod events;
mod health;
mod intro_calls;
mod migrations;
mod newsletter;
mod openapi;
mod paid_content;
mod payments_mollie;
mod payments_stripe;
mod provider_stubs;
mod reminders;
mod reviews;
mod site;
mod webinars;
