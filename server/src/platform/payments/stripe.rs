//! Stripe adapter: Checkout Sessions (card + Bancontact) and signed webhooks.
//!
//! Stripe's API takes form-encoded bodies with bracket keys (`line_items[0][quantity]=1`) and
//! answers JSON; errors look like `{"error": {"message": "...", "type": "..."}}`.
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use axum::http::HeaderMap;
use hmac::{Hmac, KeyInit, Mac};
use jiff::{SignedDuration, Timestamp};
use serde::Deserialize;
use sha2::Sha256;

use super::{CreatedPayment, NewPayment, PaymentOutcome, PaymentUpdate, WebhookError};
use crate::kit::configuration::{PaymentSettings, Secret};

pub const SIGNATURE_HEADER: &str = "stripe-signature";
/// A signed webhook older (or newer) than this is refused, so a captured one cannot be replayed.
pub const SIGNATURE_TOLERANCE: SignedDuration = SignedDuration::from_secs(300);
/// Stripe accepts `expires_at` from 30 minutes to 24 hours after the session is created. The
/// margins keep us inside that window although Stripe's clock starts a moment after ours.
const MIN_SESSION_LIFETIME: SignedDuration = SignedDuration::from_secs(31 * 60);
const MAX_SESSION_LIFETIME: SignedDuration = SignedDuration::from_secs(24 * 3600 - 60);

pub struct Stripe {
    http: reqwest::Client,
    secret_key: Secret,
    webhook_secret: Secret,
    api_base: String,
}

#[derive(Deserialize)]
struct Session {
    id: String,
    #[serde(default)]
    url: Option<String>,
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    payment_intent: Option<String>,
}

#[derive(Deserialize)]
struct ErrorBody {
    error: ErrorDetail,
}

#[derive(Deserialize)]
struct ErrorDetail {
    #[serde(default)]
    message: Option<String>,
}

#[derive(Deserialize)]
struct Event {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    data: EventData,
}

#[derive(Deserialize)]
struct EventData {
    object: EventObject,
}

#[derive(Deserialize)]
struct EventObject {
    id: String,
    #[serde(default)]
    payment_status: Option<String>,
}

impl Stripe {
    pub fn new(settings: &PaymentSettings) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .timeout(Duration::from_secs(20))
            .build()
            .context("cannot build the HTTP client for Stripe")?;
        Ok(Self {
            http,
            secret_key: settings.stripe_secret_key.clone(),
            webhook_secret: settings.stripe_webhook_secret.clone(),
            api_base: settings.stripe_api_base.trim_end_matches('/').to_string(),
        })
    }

    fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.http
            .request(method, format!("{}{path}", self.api_base))
            .bearer_auth(self.secret_key.expose())
    }

    pub async fn create_payment(&self, payment: &NewPayment<'_>) -> anyhow::Result<CreatedPayment> {
        let form = session_form(payment, Timestamp::now());
        let session: Session = send(
            self.request(reqwest::Method::POST, "/v1/checkout/sessions")
                .header("Idempotency-Key", payment.order_public_id)
                .form(&form),
            "create a Checkout Session",
        )
        .await?;
        let checkout_url = session.url.filter(|u| !u.is_empty()).ok_or_else(|| {
            anyhow!(
                "Stripe returned Checkout Session {} without a url",
                session.id
            )
        })?;
        Ok(CreatedPayment {
            provider_ref: session.id,
            checkout_url,
        })
    }

    /// Ends an open Checkout Session. A session that is already complete or expired is fine:
    /// a payment that completed anyway is handled by the late-payment rule.
    pub async fn expire_session(&self, provider_ref: &str) -> anyhow::Result<()> {
        let path = format!(
            "/v1/checkout/sessions/{}/expire",
            path_segment(provider_ref)?
        );
        let response = self
            .request(reqwest::Method::POST, &path)
            .send()
            .await
            .context("cannot reach Stripe to expire a Checkout Session")?;
        if response.status().is_success() {
            return Ok(());
        }
        let status = response.status();
        let message = error_message(response).await;
        // Stripe refuses to expire a session that is no longer open; ask it what the state is
        // rather than relying on the wording of its message.
        if status == reqwest::StatusCode::BAD_REQUEST {
            let session = self.session(provider_ref).await?;
            if let Some(state @ ("complete" | "expired")) = session.status.as_deref() {
                tracing::info!(
                    provider_ref,
                    state,
                    "Stripe Checkout Session was no longer open; nothing to expire"
                );
                return Ok(());
            }
        }
        bail!("Stripe refused to expire Checkout Session {provider_ref} ({status}): {message}")
    }

    /// Refunds `amount_cents` of the payment made in Checkout Session `provider_ref`.
    pub async fn refund(
        &self,
        provider_ref: &str,
        amount_cents: i64,
        refund_key: &str,
    ) -> anyhow::Result<()> {
        let session = self.session(provider_ref).await?;
        let payment_intent = session.payment_intent.ok_or_else(|| {
            anyhow!("Stripe Checkout Session {provider_ref} has no payment to refund")
        })?;
        let _: serde_json::Value = send(
            self.request(reqwest::Method::POST, "/v1/refunds")
                .header(
                    "Idempotency-Key",
                    format!("refund-{provider_ref}-{refund_key}"),
                )
                .form(&[
                    ("payment_intent", payment_intent),
                    ("amount", amount_cents.to_string()),
                ]),
            "create a refund",
        )
        .await?;
        Ok(())
    }

    async fn session(&self, provider_ref: &str) -> anyhow::Result<Session> {
        let path = format!("/v1/checkout/sessions/{}", path_segment(provider_ref)?);
        send(
            self.request(reqwest::Method::GET, &path),
            "read a Checkout Session",
        )
        .await
    }

    pub fn verify_webhook(
        &self,
        headers: &HeaderMap,
        body: &[u8],
    ) -> Result<PaymentUpdate, WebhookError> {
        let header = headers
            .get(SIGNATURE_HEADER)
            .and_then(|v| v.to_str().ok())
            .ok_or_else(|| WebhookError::BadSignature("missing Stripe-Signature header".into()))?;
        verify_signature(self.webhook_secret.expose(), header, body, Timestamp::now())?;
        parse_event(body)
    }
}

/// Sends a request and reads Stripe's JSON answer; a non-2xx answer becomes an error carrying
/// Stripe's `error.message` (never the request, which holds the key).
async fn send<T: serde::de::DeserializeOwned>(
    request: reqwest::RequestBuilder,
    what: &str,
) -> anyhow::Result<T> {
    let response = request
        .send()
        .await
        .with_context(|| format!("cannot reach Stripe to {what}"))?;
    let status = response.status();
    if !status.is_success() {
        let message = error_message(response).await;
        bail!("Stripe refused to {what} ({status}): {message}");
    }
    response
        .json()
        .await
        .with_context(|| format!("Stripe's answer to {what} is not what we expect"))
}

async fn error_message(response: reqwest::Response) -> String {
    match response.json::<ErrorBody>().await {
        Ok(ErrorBody {
            error: ErrorDetail {
                message: Some(message),
            },
        }) => message,
        _ => "no error message".into(),
    }
}

/// Ids go into URL paths; Stripe's are `[A-Za-z0-9_]`.
fn path_segment(id: &str) -> anyhow::Result<&str> {
    if !id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        Ok(id)
    } else {
        bail!("not a Stripe id: {id:?}")
    }
}

/// The form fields of a new Checkout Session, in Stripe's bracket syntax.
fn session_form(payment: &NewPayment<'_>, now: Timestamp) -> Vec<(&'static str, String)> {
    vec![
        ("mode", "payment".into()),
        ("payment_method_types[0]", "card".into()),
        ("payment_method_types[1]", "bancontact".into()),
        ("locale", "nl".into()),
        ("customer_email", payment.email.into()),
        ("client_reference_id", payment.order_public_id.into()),
        ("metadata[order_id]", payment.order_public_id.into()),
        ("line_items[0][price_data][currency]", "eur".into()),
        (
            "line_items[0][price_data][unit_amount]",
            payment.amount_cents.to_string(),
        ),
        (
            "line_items[0][price_data][product_data][name]",
            payment.description.into(),
        ),
        ("line_items[0][quantity]", "1".into()),
        ("success_url", payment.success_url.clone()),
        ("cancel_url", payment.cancel_url.clone()),
        (
            "expires_at",
            session_expiry(payment.expires_at, now)
                .as_second()
                .to_string(),
        ),
    ]
}

/// The order's hold end, moved into the window Stripe accepts.
fn session_expiry(hold_ends: Timestamp, now: Timestamp) -> Timestamp {
    hold_ends.clamp(now + MIN_SESSION_LIFETIME, now + MAX_SESSION_LIFETIME)
}

/// Checks `Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>...]` against
/// HMAC-SHA256(secret, "<t>.<body>"), in constant time, and the timestamp's age.
fn verify_signature(
    secret: &str,
    header: &str,
    body: &[u8],
    now: Timestamp,
) -> Result<(), WebhookError> {
    let bad = |m: &str| WebhookError::BadSignature(m.into());
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) if timestamp.is_none() => timestamp = Some(t),
            Some(("v1", v1)) => {
                // A v1 that is not hex cannot match; the others may still.
                if let Ok(bytes) = hex::decode(v1) {
                    signatures.push(bytes);
                }
            }
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or_else(|| bad("no timestamp in Stripe-Signature"))?;
    if signatures.is_empty() {
        return Err(bad("no v1 signature in Stripe-Signature"));
    }
    let signed_at = timestamp
        .parse::<i64>()
        .ok()
        .and_then(|t| Timestamp::from_second(t).ok())
        .ok_or_else(|| bad("unreadable timestamp in Stripe-Signature"))?;
    if now.duration_since(signed_at).abs() > SIGNATURE_TOLERANCE {
        return Err(bad("Stripe-Signature timestamp outside the tolerance"));
    }
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("any key size");
    mac.update(timestamp.as_bytes());
    mac.update(b".");
    mac.update(body);
    if signatures
        .iter()
        .any(|candidate| mac.clone().verify_slice(candidate).is_ok())
    {
        Ok(())
    } else {
        Err(bad("no Stripe-Signature v1 matches"))
    }
}

/// Reads a verified event. Types we do not act on are still a valid update (outcome None), so
/// they are recorded and answered 200 and Stripe stops resending them.
fn parse_event(body: &[u8]) -> Result<PaymentUpdate, WebhookError> {
    let event: Event =
        serde_json::from_slice(body).map_err(|e| WebhookError::Malformed(e.to_string()))?;
    let object = event.data.object;
    let outcome = match event.kind.as_str() {
        "checkout.session.completed" => match object.payment_status.as_deref() {
            Some("paid" | "no_payment_required") => Some(PaymentOutcome::Paid),
            // A delayed method still runs; its own event follows.
            _ => None,
        },
        "checkout.session.async_payment_succeeded" => Some(PaymentOutcome::Paid),
        "checkout.session.async_payment_failed" => Some(PaymentOutcome::Failed),
        "checkout.session.expired" => Some(PaymentOutcome::Expired),
        _ => None,
    };
    Ok(PaymentUpdate {
        event_id: event.id,
        provider_ref: object.id,
        outcome,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test_secret";
    const BODY: &str = r#"{"id":"evt_test_1","type":"checkout.session.completed","data":{"object":{"id":"cs_test_1","payment_status":"paid"}}}"#;
    const T: i64 = 1_700_000_000;
    /// `printf '%s' "1700000000.$BODY" | openssl dgst -sha256 -hmac whsec_test_secret`
    const SIGNATURE: &str = "327542c2080e2ae95cead33defffaca6ec1479f4238c4cc5bd46d0656c96513f";

    fn at(seconds: i64) -> Timestamp {
        Timestamp::from_second(seconds).unwrap()
    }

    fn check(header: &str, now: i64) -> Result<(), WebhookError> {
        verify_signature(SECRET, header, BODY.as_bytes(), at(now))
    }

    fn rejected(result: Result<(), WebhookError>) -> bool {
        matches!(result, Err(WebhookError::BadSignature(_)))
    }

    #[test]
    fn a_good_signature_is_accepted() {
        check(&format!("t={T},v1={SIGNATURE}"), T).unwrap();
        check(&format!("t={T},v1={SIGNATURE}"), T + 299).unwrap();
        // Stripe also sends a v0 (test-mode) part; it is ignored.
        check(&format!("t={T},v1={SIGNATURE},v0=00ff"), T - 299).unwrap();
    }

    #[test]
    fn any_of_several_v1_signatures_may_match() {
        // During a secret roll Stripe signs with the old and the new secret.
        let other = "00".repeat(32);
        check(&format!("t={T},v1={other},v1={SIGNATURE}"), T).unwrap();
        check(&format!("t={T},v1=nothex,v1={SIGNATURE}"), T).unwrap();
    }

    #[test]
    fn a_forged_signature_is_rejected() {
        let mut forged = SIGNATURE.to_string();
        forged.replace_range(0..1, "4");
        assert!(rejected(check(&format!("t={T},v1={forged}"), T)));
        assert!(rejected(check(&format!("t={T},v1={}", "00".repeat(32)), T)));
        // Right signature, other body.
        assert!(rejected(verify_signature(
            SECRET,
            &format!("t={T},v1={SIGNATURE}"),
            &BODY.as_bytes()[1..],
            at(T)
        )));
        // Right signature, other secret.
        assert!(rejected(verify_signature(
            "whsec_other",
            &format!("t={T},v1={SIGNATURE}"),
            BODY.as_bytes(),
            at(T)
        )));
        // The signed timestamp is part of the signature: moving it breaks it.
        assert!(rejected(check(&format!("t={},v1={SIGNATURE}", T + 1), T)));
    }

    #[test]
    fn a_stale_or_future_timestamp_is_rejected() {
        assert!(rejected(check(&format!("t={T},v1={SIGNATURE}"), T + 301)));
        assert!(rejected(check(&format!("t={T},v1={SIGNATURE}"), T - 301)));
    }

    #[test]
    fn a_missing_or_garbled_header_is_rejected() {
        assert!(rejected(check("", T)));
        assert!(rejected(check(&format!("v1={SIGNATURE}"), T)));
        assert!(rejected(check(&format!("t={T}"), T)));
        assert!(rejected(check(&format!("t=abc,v1={SIGNATURE}"), T)));
        assert!(rejected(check(&format!("t={T},v0={SIGNATURE}"), T)));
    }

    fn event(kind: &str, payment_status: &str) -> Result<PaymentUpdate, WebhookError> {
        parse_event(
            serde_json::json!({
                "id": "evt_9",
                "object": "event",
                "type": kind,
                "data": {"object": {"id": "cs_9", "object": "checkout.session", "payment_status": payment_status}}
            })
            .to_string()
            .as_bytes(),
        )
    }

    #[test]
    fn events_map_to_outcomes() {
        let outcome = |kind, status| event(kind, status).unwrap().outcome;
        use PaymentOutcome::*;
        assert_eq!(outcome("checkout.session.completed", "paid"), Some(Paid));
        assert_eq!(
            outcome("checkout.session.completed", "no_payment_required"),
            Some(Paid)
        );
        assert_eq!(outcome("checkout.session.completed", "unpaid"), None);
        assert_eq!(
            outcome("checkout.session.async_payment_succeeded", "paid"),
            Some(Paid)
        );
        assert_eq!(
            outcome("checkout.session.async_payment_failed", "unpaid"),
            Some(Failed)
        );
        assert_eq!(outcome("checkout.session.expired", "unpaid"), Some(Expired));
        assert_eq!(outcome("payment_intent.created", "unpaid"), None);
        let update = event("checkout.session.completed", "paid").unwrap();
        assert_eq!(update.event_id, "evt_9");
        assert_eq!(update.provider_ref, "cs_9");
    }

    #[test]
    fn an_unreadable_event_is_malformed() {
        assert!(matches!(
            parse_event(b"{\"id\":\"evt_1\"}"),
            Err(WebhookError::Malformed(_))
        ));
        assert!(matches!(
            parse_event(b"nope"),
            Err(WebhookError::Malformed(_))
        ));
    }

    fn payment(expires_at: Timestamp) -> NewPayment<'static> {
        NewPayment {
            order_public_id: "ord_abc123",
            description: "2 × Vertelavond & meer",
            amount_cents: 7000,
            email: "an+test@example.be",
            success_url: "https://inlumine.be/payment-success?order=ord_abc123".into(),
            cancel_url: "https://inlumine.be/payment-canceled?order=ord_abc123".into(),
            webhook_url: "https://inlumine.be/api/payments/webhook/stripe".into(),
            expires_at,
        }
    }

    #[test]
    fn the_session_form_uses_stripes_bracket_syntax() {
        let now = at(T);
        let form = session_form(&payment(now + SignedDuration::from_mins(45)), now);
        let encoded = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(&form)
            .finish();
        for expected in [
            "mode=payment",
            "payment_method_types%5B0%5D=card",
            "payment_method_types%5B1%5D=bancontact",
            "locale=nl",
            "customer_email=an%2Btest%40example.be",
            "client_reference_id=ord_abc123",
            "metadata%5Border_id%5D=ord_abc123",
            "line_items%5B0%5D%5Bprice_data%5D%5Bcurrency%5D=eur",
            "line_items%5B0%5D%5Bprice_data%5D%5Bunit_amount%5D=7000",
            "line_items%5B0%5D%5Bprice_data%5D%5Bproduct_data%5D%5Bname%5D=2+%C3%97+Vertelavond+%26+meer",
            "line_items%5B0%5D%5Bquantity%5D=1",
            "success_url=https%3A%2F%2Finlumine.be%2Fpayment-success%3Forder%3Dord_abc123",
            "cancel_url=https%3A%2F%2Finlumine.be%2Fpayment-canceled%3Forder%3Dord_abc123",
            &format!("expires_at={}", T + 45 * 60),
        ] {
            assert!(
                encoded.split('&').any(|pair| pair == expected),
                "{expected} not in {encoded}"
            );
        }
    }

    #[test]
    fn the_session_expiry_stays_inside_stripes_window() {
        let now = at(T);
        let mins = SignedDuration::from_mins;
        assert_eq!(session_expiry(now + mins(45), now), now + mins(45));
        // A 30-minute hold created a moment ago: Stripe needs at least 30 minutes from its own now.
        assert_eq!(session_expiry(now + mins(30), now), now + mins(31));
        assert_eq!(session_expiry(now - mins(5), now), now + mins(31));
        assert_eq!(
            session_expiry(now + mins(48 * 60), now),
            now + mins(24 * 60 - 1)
        );
    }

    #[test]
    fn ids_in_paths_are_checked() {
        assert!(path_segment("cs_test_a1B2").is_ok());
        assert!(path_segment("cs_1/../../v1/refunds").is_err());
        assert!(path_segment("").is_err());
    }
}
