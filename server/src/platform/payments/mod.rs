//! Payment providers behind one interface. The provider only moves money; what a payment
//! means for an order is decided in `orders::apply_payment_update`, the same for every provider.
pub mod mollie;
pub mod simulated;
pub mod stripe;

use axum::http::HeaderMap;
use jiff::Timestamp;

use crate::kit::configuration::{PaymentProviderKind, PaymentSettings};

/// What the provider needs to start a payment for one order.
pub struct NewPayment<'a> {
    pub order_public_id: &'a str,
    /// Shown on the provider's page, e.g. "2 × Vertelavond: Pleasen, Slikken en Loslaten".
    pub description: &'a str,
    pub amount_cents: i64,
    pub email: &'a str,
    /// Where the provider sends the buyer back after paying (the success page)...
    pub success_url: String,
    /// ...and after giving up (the `/payment-canceled` page).
    pub cancel_url: String,
    /// Where the provider posts status changes: `{public_url}/api/payments/webhook/{name}`.
    pub webhook_url: String,
    /// The order's hold ends here; the provider's session should not outlive it.
    pub expires_at: Timestamp,
}

pub struct CreatedPayment {
    /// The provider's id of the session/payment; webhooks name it.
    pub provider_ref: String,
    /// The page the buyer is sent to.
    pub checkout_url: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentOutcome {
    Paid,
    Cancelled,
    Expired,
    Failed,
}

/// One verified status change from a provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentUpdate {
    /// The same delivery twice carries the same id; applied ids are remembered.
    pub event_id: String,
    pub provider_ref: String,
    /// None = nothing changes for the order (still open, or an event type we don't act on).
    pub outcome: Option<PaymentOutcome>,
}

#[derive(Debug, thiserror::Error)]
pub enum WebhookError {
    /// Signature missing, wrong or too old: answered 400 and never applied.
    #[error("webhook signature rejected: {0}")]
    BadSignature(String),
    #[error("malformed webhook: {0}")]
    Malformed(String),
    /// The provider could not be asked (Mollie); answered 5xx so the provider retries.
    #[error(transparent)]
    Provider(#[from] anyhow::Error),
}

pub enum Provider {
    Simulated(simulated::Simulated),
    Stripe(stripe::Stripe),
    Mollie(mollie::Mollie),
}

impl Provider {
    pub fn from_settings(settings: &PaymentSettings, public_url: &str) -> anyhow::Result<Self> {
        Ok(match settings.provider {
            PaymentProviderKind::Simulated => {
                Self::Simulated(simulated::Simulated::new(public_url))
            }
            PaymentProviderKind::Stripe => Self::Stripe(stripe::Stripe::new(settings)?),
            PaymentProviderKind::Mollie => Self::Mollie(mollie::Mollie::new(settings)?),
        })
    }

    /// Its name in the webhook path and in `orders.provider`.
    pub fn kind(&self) -> PaymentProviderKind {
        match self {
            Self::Simulated(_) => PaymentProviderKind::Simulated,
            Self::Stripe(_) => PaymentProviderKind::Stripe,
            Self::Mollie(_) => PaymentProviderKind::Mollie,
        }
    }

    pub async fn create_payment(&self, payment: &NewPayment<'_>) -> anyhow::Result<CreatedPayment> {
        match self {
            Self::Simulated(p) => p.create_payment(payment),
            Self::Stripe(p) => p.create_payment(payment).await,
            Self::Mollie(p) => p.create_payment(payment).await,
        }
    }

    /// Checks that a webhook really comes from the provider and reads what it says.
    pub async fn verify_webhook(
        &self,
        headers: &HeaderMap,
        body: &[u8],
    ) -> Result<PaymentUpdate, WebhookError> {
        match self {
            Self::Simulated(p) => p.verify_webhook(headers, body),
            Self::Stripe(p) => p.verify_webhook(headers, body),
            Self::Mollie(p) => p.verify_webhook(body).await,
        }
    }

    /// Ends the provider's session when the hold expires, so the buyer can no longer pay.
    /// Best effort: a payment that still arrives is handled as a late payment.
    pub async fn cancel_payment(&self, provider_ref: &str) -> anyhow::Result<()> {
        match self {
            Self::Simulated(_) => Ok(()),
            Self::Stripe(p) => p.expire_session(provider_ref).await,
            Self::Mollie(p) => p.cancel_payment(provider_ref).await,
        }
    }

    /// Pays `amount_cents` of a paid order back (all of it, or the part of some tickets).
    /// `refund_key` names this refund: asking again with the same key (a repeated click, a
    /// retry after a crash) makes the provider answer the same refund, never pay twice.
    pub async fn refund(
        &self,
        provider_ref: &str,
        amount_cents: i64,
        refund_key: &str,
    ) -> anyhow::Result<()> {
        match self {
            Self::Simulated(_) => Ok(()),
            Self::Stripe(p) => p.refund(provider_ref, amount_cents, refund_key).await,
            Self::Mollie(p) => p.refund(provider_ref, amount_cents, refund_key).await,
        }
    }
}
