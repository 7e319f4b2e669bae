//! The embedded default provider: a local payment page (`/betalen/simulatie`) with Betalen,
//! Annuleren and Mislukt. Its buttons produce a signed webhook that goes through the same
//! verification, dedupe and fulfilment as Stripe's and Mollie's.
use axum::http::HeaderMap;
use hmac::{Hmac, KeyInit, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use super::{CreatedPayment, NewPayment, PaymentOutcome, PaymentUpdate, WebhookError};
use crate::kit::closed_set::closed_set;
use crate::kit::secret_token;

closed_set! {
    /// The buttons of the simulated payment page.
    pub enum SimulatedButton {
        Paid = "paid",
        Cancelled = "cancelled",
        Failed = "failed",
    }
}

pub const SIGNATURE_HEADER: &str = "x-simulated-signature";

pub struct Simulated {
    public_url: String,
    /// Per process: only this server signs and checks simulated webhooks.
    key: String,
}

#[derive(Serialize, Deserialize)]
pub struct SimulatedEvent {
    pub event_id: String,
    pub provider_ref: String,
    pub outcome: SimulatedButton,
}

impl Simulated {
    pub fn new(public_url: &str) -> Self {
        Self {
            public_url: public_url.trim_end_matches('/').to_string(),
            key: secret_token::new_token(),
        }
    }

    pub fn create_payment(&self, _payment: &NewPayment<'_>) -> anyhow::Result<CreatedPayment> {
        let provider_ref = format!("sim_{}", secret_token::new_token());
        Ok(CreatedPayment {
            checkout_url: format!(
                "{}/betalen/simulatie?sessie={provider_ref}",
                self.public_url
            ),
            provider_ref,
        })
    }

    /// The webhook body and signature header the payment page's button sends.
    pub fn signed_event(&self, provider_ref: &str, outcome: SimulatedButton) -> (Vec<u8>, String) {
        let body = serde_json::to_vec(&SimulatedEvent {
            event_id: format!("simevt_{}", secret_token::new_token()),
            provider_ref: provider_ref.to_string(),
            outcome,
        })
        .expect("event serializes");
        let signature = hex::encode(self.mac(&body).finalize().into_bytes());
        (body, signature)
    }

    fn mac(&self, body: &[u8]) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(self.key.as_bytes()).expect("any key size");
        mac.update(body);
        mac
    }

    pub fn verify_webhook(
        &self,
        headers: &HeaderMap,
        body: &[u8],
    ) -> Result<PaymentUpdate, WebhookError> {
        let signature = headers
            .get(SIGNATURE_HEADER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| hex::decode(v).ok())
            .ok_or_else(|| WebhookError::BadSignature("missing signature".into()))?;
        self.mac(body)
            .verify_slice(&signature)
            .map_err(|_| WebhookError::BadSignature("signature mismatch".into()))?;
        let event: SimulatedEvent =
            serde_json::from_slice(body).map_err(|e| WebhookError::Malformed(e.to_string()))?;
        let outcome = match event.outcome {
            SimulatedButton::Paid => PaymentOutcome::Paid,
            SimulatedButton::Cancelled => PaymentOutcome::Cancelled,
            SimulatedButton::Failed => PaymentOutcome::Failed,
        };
        Ok(PaymentUpdate {
            event_id: event.event_id,
            provider_ref: event.provider_ref,
            outcome: Some(outcome),
        })
    }
}
