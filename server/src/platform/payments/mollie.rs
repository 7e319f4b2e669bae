//! Mollie adapter: Payments API v2 (Bancontact + card).
//!
//! Mollie's webhook is unsigned and carries only `id=tr_…`: nothing in it is trusted except as
//! a question to Mollie, so every webhook fetches the payment and uses the status Mollie gives.
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use serde::Deserialize;
use serde_json::json;

use super::{CreatedPayment, NewPayment, PaymentOutcome, PaymentUpdate, WebhookError};
use crate::kit::configuration::{PaymentSettings, Secret};
use crate::kit::money;

pub struct Mollie {
    http: reqwest::Client,
    api_key: Secret,
    api_base: String,
}

#[derive(Deserialize)]
struct Payment {
    id: String,
    status: String,
    #[serde(default, rename = "_links")]
    links: Option<Links>,
}

#[derive(Deserialize)]
struct Links {
    #[serde(default)]
    checkout: Option<Link>,
}

#[derive(Deserialize)]
struct Link {
    href: String,
}

/// Mollie's error body (RFC 7807 style).
#[derive(Deserialize)]
struct ErrorBody {
    #[serde(default)]
    detail: Option<String>,
}

impl Mollie {
    pub fn new(settings: &PaymentSettings) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .timeout(Duration::from_secs(20))
            .build()
            .context("cannot build the HTTP client for Mollie")?;
        Ok(Self {
            http,
            api_key: settings.mollie_api_key.clone(),
            api_base: settings.mollie_api_base.trim_end_matches('/').to_string(),
        })
    }

    fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.http
            .request(method, format!("{}{path}", self.api_base))
            .bearer_auth(self.api_key.expose())
    }

    pub async fn create_payment(&self, payment: &NewPayment<'_>) -> anyhow::Result<CreatedPayment> {
        let response = self
            .request(reqwest::Method::POST, "/v2/payments")
            .json(&payment_body(payment))
            .send()
            .await
            .context("cannot reach Mollie to create a payment")?;
        let created: Payment = read(response, "create a payment").await?;
        let checkout_url = created
            .links
            .and_then(|l| l.checkout)
            .map(|c| c.href)
            .ok_or_else(|| {
                anyhow!(
                    "Mollie returned payment {} without a checkout link",
                    created.id
                )
            })?;
        Ok(CreatedPayment {
            provider_ref: created.id,
            checkout_url,
        })
    }

    /// Reads the payment the webhook names, from Mollie itself.
    pub async fn verify_webhook(&self, body: &[u8]) -> Result<PaymentUpdate, WebhookError> {
        let id = webhook_payment_id(body)?;
        let response = self
            .request(reqwest::Method::GET, &format!("/v2/payments/{id}"))
            .send()
            .await
            .context("cannot reach Mollie to read a payment")?;
        if response.status() == reqwest::StatusCode::NOT_FOUND {
            return Err(WebhookError::Malformed(format!(
                "Mollie does not know payment {id}"
            )));
        }
        let payment: Payment = read(response, "read a payment").await?;
        if payment.id != id {
            return Err(WebhookError::Provider(anyhow!(
                "Mollie answered payment {} when asked for {id}",
                payment.id
            )));
        }
        Ok(PaymentUpdate {
            outcome: outcome(&payment.status),
            event_id: format!("{id}:{}", payment.status),
            provider_ref: id,
        })
    }

    /// Cancels an open payment. Mollie refuses (422) when the method cannot be canceled or the
    /// payment is no longer open; that is fine: a payment that still completes is a late payment.
    pub async fn cancel_payment(&self, provider_ref: &str) -> anyhow::Result<()> {
        let id = payment_id(provider_ref)?;
        let response = self
            .request(reqwest::Method::DELETE, &format!("/v2/payments/{id}"))
            .send()
            .await
            .context("cannot reach Mollie to cancel a payment")?;
        let status = response.status();
        if status.is_success() {
            return Ok(());
        }
        let message = error_message(response).await;
        if status == reqwest::StatusCode::UNPROCESSABLE_ENTITY {
            tracing::info!(
                provider_ref,
                message,
                "Mollie payment cannot be canceled; a late payment is handled when it arrives"
            );
            return Ok(());
        }
        bail!("Mollie refused to cancel payment {provider_ref} ({status}): {message}")
    }

    pub async fn refund(
        &self,
        provider_ref: &str,
        amount_cents: i64,
        refund_key: &str,
    ) -> anyhow::Result<()> {
        let id = payment_id(provider_ref)?;
        let response = self
            .request(reqwest::Method::POST, &format!("/v2/payments/{id}/refunds"))
            // Mollie answers a repeated key with the first refund instead of a second one.
            .header("Idempotency-Key", format!("refund-{id}-{refund_key}"))
            .json(&json!({
                "amount": {"currency": "EUR", "value": money::decimal(amount_cents)},
            }))
            .send()
            .await
            .context("cannot reach Mollie to refund a payment")?;
        let _: serde_json::Value = read(response, "refund a payment").await?;
        Ok(())
    }
}

fn payment_body(payment: &NewPayment<'_>) -> serde_json::Value {
    json!({
        "amount": {"currency": "EUR", "value": money::decimal(payment.amount_cents)},
        "description": payment.description,
        "redirectUrl": payment.success_url,
        "cancelUrl": payment.cancel_url,
        "webhookUrl": payment.webhook_url,
        "locale": "nl_BE",
        "method": ["bancontact", "creditcard"],
        "metadata": {"order_id": payment.order_public_id},
    })
}

/// `tr_` + letters and digits: the only payment ids we ask Mollie about (they go into a path).
fn payment_id(id: &str) -> anyhow::Result<&str> {
    match id.strip_prefix("tr_") {
        Some(rest)
            if !rest.is_empty()
                && rest.len() <= 64
                && rest.bytes().all(|b| b.is_ascii_alphanumeric()) =>
        {
            Ok(id)
        }
        _ => bail!("not a Mollie payment id: {id:?}"),
    }
}

/// The `id` of a webhook body `id=tr_…` (form-encoded).
fn webhook_payment_id(body: &[u8]) -> Result<String, WebhookError> {
    let id = url::form_urlencoded::parse(body)
        .find(|(key, _)| key == "id")
        .map(|(_, value)| value.into_owned())
        .ok_or_else(|| WebhookError::Malformed("no payment id in the Mollie webhook".into()))?;
    payment_id(&id).map_err(|e| WebhookError::Malformed(e.to_string()))?;
    Ok(id)
}

fn outcome(status: &str) -> Option<PaymentOutcome> {
    match status {
        "paid" => Some(PaymentOutcome::Paid),
        "canceled" => Some(PaymentOutcome::Cancelled),
        "expired" => Some(PaymentOutcome::Expired),
        "failed" => Some(PaymentOutcome::Failed),
        // open, pending, authorized: nothing to do yet.
        _ => None,
    }
}

async fn read<T: serde::de::DeserializeOwned>(
    response: reqwest::Response,
    what: &str,
) -> anyhow::Result<T> {
    let status = response.status();
    if !status.is_success() {
        let message = error_message(response).await;
        bail!("Mollie refused to {what} ({status}): {message}");
    }
    response
        .json()
        .await
        .with_context(|| format!("Mollie's answer to {what} is not what we expect"))
}

async fn error_message(response: reqwest::Response) -> String {
    match response.json::<ErrorBody>().await {
        Ok(ErrorBody {
            detail: Some(detail),
        }) => detail,
        _ => "no error detail".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_webhook_id_is_read_and_checked() {
        assert_eq!(
            webhook_payment_id(b"id=tr_WDqYK6vllg").unwrap(),
            "tr_WDqYK6vllg"
        );
        assert_eq!(
            webhook_payment_id(b"foo=bar&id=tr_abc123").unwrap(),
            "tr_abc123"
        );
        for body in [
            &b""[..],
            b"tr_abc",
            b"id=",
            b"id=ord_abc",
            b"id=tr_",
            b"id=tr_abc%2F..%2Frefunds",
            b"id=tr_abc+def",
            b"{\"id\":\"tr_abc\"}",
        ] {
            assert!(
                matches!(webhook_payment_id(body), Err(WebhookError::Malformed(_))),
                "{}",
                String::from_utf8_lossy(body)
            );
        }
    }

    #[test]
    fn statuses_map_to_outcomes() {
        use PaymentOutcome::*;
        assert_eq!(outcome("paid"), Some(Paid));
        assert_eq!(outcome("canceled"), Some(Cancelled));
        assert_eq!(outcome("expired"), Some(Expired));
        assert_eq!(outcome("failed"), Some(Failed));
        for status in ["open", "pending", "authorized", "something-new"] {
            assert_eq!(outcome(status), None, "{status}");
        }
    }

    #[test]
    fn the_payment_body_has_mollies_shape() {
        let body = payment_body(&NewPayment {
            order_public_id: "ord_1",
            description: "Vertelavond",
            amount_cents: 3505,
            email: "an@example.be",
            success_url: "https://inlumine.be/payment-success?order=ord_1".into(),
            cancel_url: "https://inlumine.be/payment-canceled?order=ord_1".into(),
            webhook_url: "https://inlumine.be/api/payments/webhook/mollie".into(),
            expires_at: jiff::Timestamp::UNIX_EPOCH,
        });
        assert_eq!(
            body,
            json!({
                "amount": {"currency": "EUR", "value": "35.05"},
                "description": "Vertelavond",
                "redirectUrl": "https://inlumine.be/payment-success?order=ord_1",
                "cancelUrl": "https://inlumine.be/payment-canceled?order=ord_1",
                "webhookUrl": "https://inlumine.be/api/payments/webhook/mollie",
                "locale": "nl_BE",
                "method": ["bancontact", "creditcard"],
                "metadata": {"order_id": "ord_1"},
            })
        );
    }
}
