//! Stripe adapter: being written (issue 4); the server refuses to start with this provider until then.
use axum::http::HeaderMap;

use super::{CreatedPayment, NewPayment, PaymentUpdate, WebhookError};
use crate::configuration::PaymentSettings;

pub struct Stripe;

impl Stripe {
    pub fn new(_settings: &PaymentSettings) -> anyhow::Result<Self> {
        anyhow::bail!("the stripe payment provider is not available yet")
    }
    pub async fn create_payment(
        &self,
        _payment: &NewPayment<'_>,
    ) -> anyhow::Result<CreatedPayment> {
        anyhow::bail!("unavailable")
    }
    pub async fn refund(&self, _provider_ref: &str, _amount_cents: i64) -> anyhow::Result<()> {
        anyhow::bail!("unavailable")
    }
}

impl Stripe {
    pub fn verify_webhook(
        &self,
        _headers: &HeaderMap,
        _body: &[u8],
    ) -> Result<PaymentUpdate, WebhookError> {
        Err(WebhookError::Malformed("unavailable".into()))
    }
    pub async fn expire_session(&self, _provider_ref: &str) -> anyhow::Result<()> {
        anyhow::bail!("unavailable")
    }
}
