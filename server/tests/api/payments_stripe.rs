//! The Stripe adapter against the local Stripe stub.
use axum::http::{HeaderMap, HeaderValue};
use inlumine::configuration::{PaymentSettings, Secret};
use inlumine::payments::{NewPayment, PaymentOutcome, Provider, WebhookError};
use jiff::{SignedDuration, Timestamp};

use crate::provider_stubs::{
    STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, StripeStub, stripe_signature, stripe_signature_with,
};

fn adapter(stub: &StripeStub) -> Provider {
    Provider::from_settings(&stub.payment_settings(), "http://127.0.0.1:9").unwrap()
}

fn new_payment(order: &str, hold: SignedDuration) -> NewPayment<'_> {
    NewPayment {
        order_public_id: order,
        description: "2 × Vertelavond: Pleasen, Slikken en Loslaten",
        amount_cents: 7000,
        email: "lien+vertelavond@example.be",
        success_url: format!("http://127.0.0.1:9/payment-success?order={order}"),
        cancel_url: format!("http://127.0.0.1:9/payment-canceled?order={order}"),
        webhook_url: "http://127.0.0.1:9/api/payments/webhook/stripe".into(),
        expires_at: Timestamp::now() + hold,
    }
}

#[tokio::test]
async fn create_payment_sends_a_checkout_session_stripe_accepts() {
    let stub = StripeStub::start().await;
    let stripe = adapter(&stub);
    let before = Timestamp::now().as_second();
    let created = stripe
        .create_payment(&new_payment("ord_stripe_1", SignedDuration::from_mins(45)))
        .await
        .unwrap();
    assert_eq!(stub.violations(), Vec::<String>::new());

    let session = stub.session(&created.provider_ref);
    assert_eq!(
        created.checkout_url,
        format!("https://checkout.stripe.com/c/pay/{}", session.id)
    );
    let request = &stub.requests()[0];
    assert_eq!(request.method, "POST");
    assert_eq!(request.path, "/v1/checkout/sessions");
    assert_eq!(
        request.headers["authorization"],
        format!("Bearer {STRIPE_SECRET_KEY}").as_str()
    );
    assert_eq!(
        request.headers["content-type"],
        "application/x-www-form-urlencoded"
    );
    assert_eq!(request.headers["idempotency-key"], "ord_stripe_1");
    for (key, value) in [
        ("mode", "payment"),
        ("payment_method_types[0]", "card"),
        ("payment_method_types[1]", "bancontact"),
        ("locale", "nl"),
        ("customer_email", "lien+vertelavond@example.be"),
        ("client_reference_id", "ord_stripe_1"),
        ("metadata[order_id]", "ord_stripe_1"),
        ("line_items[0][price_data][currency]", "eur"),
        ("line_items[0][price_data][unit_amount]", "7000"),
        (
            "line_items[0][price_data][product_data][name]",
            "2 × Vertelavond: Pleasen, Slikken en Loslaten",
        ),
        ("line_items[0][quantity]", "1"),
        (
            "success_url",
            "http://127.0.0.1:9/payment-success?order=ord_stripe_1",
        ),
        (
            "cancel_url",
            "http://127.0.0.1:9/payment-canceled?order=ord_stripe_1",
        ),
    ] {
        assert_eq!(session.field(key), value, "{key}");
    }
    // A 45-minute hold fits Stripe's window and is kept as it is.
    let expires_at: i64 = session.field("expires_at").parse().unwrap();
    assert!(
        (before + 45 * 60..=Timestamp::now().as_second() + 45 * 60).contains(&expires_at),
        "{expires_at}"
    );
}

#[tokio::test]
async fn the_session_expiry_is_moved_into_stripes_window() {
    let stub = StripeStub::start().await;
    let stripe = adapter(&stub);
    let expiry = |order: &'static str, hold: SignedDuration| {
        let stripe = &stripe;
        let stub = &stub;
        async move {
            let created = stripe
                .create_payment(&new_payment(order, hold))
                .await
                .unwrap();
            stub.session(&created.provider_ref)
                .field("expires_at")
                .parse::<i64>()
                .unwrap()
                - Timestamp::now().as_second()
        }
    };
    // The default 30-minute hold, created a moment earlier: Stripe needs 30 minutes from its now.
    let short = expiry("ord_short", SignedDuration::from_mins(30)).await;
    assert!((30 * 60..=31 * 60).contains(&short), "{short}");
    let past = expiry("ord_past", SignedDuration::from_mins(-5)).await;
    assert!((30 * 60..=31 * 60).contains(&past), "{past}");
    let long = expiry("ord_long", SignedDuration::from_hours(48)).await;
    assert!((23 * 3600..=24 * 3600).contains(&long), "{long}");
    assert_eq!(stub.violations(), Vec::<String>::new());
}

#[tokio::test]
async fn a_repeated_create_is_idempotent_at_stripe() {
    let stub = StripeStub::start().await;
    let stripe = adapter(&stub);
    let payment = new_payment("ord_twice", SignedDuration::from_mins(45));
    let first = stripe.create_payment(&payment).await.unwrap();
    let second = stripe.create_payment(&payment).await.unwrap();
    assert_eq!(first.provider_ref, second.provider_ref);
    assert_eq!(stub.sessions().len(), 1);
}

#[tokio::test]
async fn stripes_error_message_is_reported_without_the_key() {
    let stub = StripeStub::start().await;
    let wrong_key = "sk_test_wrong_key_4242";
    let stripe = Provider::from_settings(
        &PaymentSettings {
            stripe_secret_key: Secret::new(wrong_key),
            ..stub.payment_settings()
        },
        "http://127.0.0.1:9",
    )
    .unwrap();
    let err = stripe
        .create_payment(&new_payment("ord_key", SignedDuration::from_mins(45)))
        .await
        .err()
        .expect("a wrong key is refused")
        .to_string();
    assert!(err.contains("Invalid API Key provided"), "{err}");
    assert!(err.contains("401"), "{err}");
    assert!(!err.contains(wrong_key), "{err}");

    // A bad field is refused with Stripe's message too (the stub names it).
    let stripe = adapter(&stub);
    let mut bad = new_payment("ord_cheap", SignedDuration::from_mins(45));
    bad.amount_cents = 10;
    let err = format!("{:#}", stripe.create_payment(&bad).await.err().unwrap());
    assert!(err.contains("unit_amount"), "{err}");
    assert!(!err.contains(STRIPE_SECRET_KEY), "{err}");

    // Stripe unreachable.
    let down = Provider::from_settings(
        &PaymentSettings {
            stripe_api_base: "http://127.0.0.1:9".into(),
            ..stub.payment_settings()
        },
        "http://127.0.0.1:9",
    )
    .unwrap();
    let err = format!(
        "{:#}",
        down.create_payment(&new_payment("ord_down", SignedDuration::from_mins(45)))
            .await
            .err()
            .unwrap()
    );
    assert!(err.contains("cannot reach Stripe"), "{err}");
    assert!(!err.contains(STRIPE_SECRET_KEY), "{err}");
}

#[tokio::test]
async fn cancel_expires_an_open_session_and_accepts_one_that_is_already_done() {
    let stub = StripeStub::start().await;
    let stripe = adapter(&stub);
    let open = stripe
        .create_payment(&new_payment("ord_open", SignedDuration::from_mins(45)))
        .await
        .unwrap()
        .provider_ref;
    stripe.cancel_payment(&open).await.unwrap();
    assert_eq!(stub.session(&open).status, "expired");
    // Expiring twice (the sweeper retried): Stripe refuses, that is fine.
    stripe.cancel_payment(&open).await.unwrap();
    assert_eq!(stub.session(&open).expire_calls, 2);

    let paid = stripe
        .create_payment(&new_payment("ord_paid", SignedDuration::from_mins(45)))
        .await
        .unwrap()
        .provider_ref;
    stub.complete(&paid);
    stripe.cancel_payment(&paid).await.unwrap();
    assert_eq!(stub.session(&paid).status, "complete");

    let err = stripe.cancel_payment("cs_test_unknown").await.unwrap_err();
    assert!(
        format!("{err:#}").contains("No such checkout.session"),
        "{err:#}"
    );
    assert!(
        stripe
            .cancel_payment("cs_1/../../v1/refunds")
            .await
            .is_err()
    );
    assert!(
        stub.requests()
            .iter()
            .all(|r| r.path.starts_with("/v1/checkout/sessions"))
    );
    for r in stub.requests() {
        assert_eq!(
            r.headers["authorization"],
            format!("Bearer {STRIPE_SECRET_KEY}").as_str()
        );
    }
}

#[tokio::test]
async fn refund_finds_the_payment_intent_and_refunds_it_once() {
    let stub = StripeStub::start().await;
    let stripe = adapter(&stub);
    let session = stripe
        .create_payment(&new_payment("ord_refund", SignedDuration::from_mins(45)))
        .await
        .unwrap()
        .provider_ref;
    // Nothing paid yet: nothing to refund.
    assert!(stripe.refund(&session, 7000).await.is_err());
    assert!(stub.refunds().is_empty());

    stub.complete(&session);
    stripe.refund(&session, 7000).await.unwrap();
    // A retried refund carries the same idempotency key and refunds nothing more.
    stripe.refund(&session, 7000).await.unwrap();
    let refunds = stub.refunds();
    assert_eq!(refunds.len(), 1);
    assert_eq!(
        Some(&refunds[0].payment_intent),
        stub.session(&session).payment_intent.as_ref()
    );
    assert_eq!(refunds[0].amount, 7000);
    assert_eq!(refunds[0].idempotency_key, format!("refund-{session}"));
    assert_eq!(stub.violations(), Vec::<String>::new());
}

fn signed(header: &str) -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert("stripe-signature", HeaderValue::from_str(header).unwrap());
    headers
}

#[tokio::test]
async fn webhooks_signed_like_stripe_are_read_and_others_are_rejected() {
    let stub = StripeStub::start().await;
    let stripe = adapter(&stub);
    let session = stripe
        .create_payment(&new_payment("ord_hook", SignedDuration::from_mins(45)))
        .await
        .unwrap()
        .provider_ref;

    // Completed but the Bancontact payment is still being processed: nothing to do yet.
    let body = stub.event("evt_1", "checkout.session.completed", &session);
    let update = stripe
        .verify_webhook(&signed(&stripe_signature(&body)), body.as_bytes())
        .await
        .unwrap();
    assert_eq!(update.event_id, "evt_1");
    assert_eq!(update.provider_ref, session);
    assert_eq!(update.outcome, None);

    stub.complete(&session);
    let body = stub.event("evt_2", "checkout.session.completed", &session);
    let update = stripe
        .verify_webhook(&signed(&stripe_signature(&body)), body.as_bytes())
        .await
        .unwrap();
    assert_eq!(update.outcome, Some(PaymentOutcome::Paid));

    let now = Timestamp::now().as_second();
    for (what, header) in [
        (
            "forged",
            stripe_signature_with("whsec_someone_else", now, &body),
        ),
        (
            "stale",
            stripe_signature_with(STRIPE_WEBHOOK_SECRET, now - 301, &body),
        ),
        (
            "from the future",
            stripe_signature_with(STRIPE_WEBHOOK_SECRET, now + 301, &body),
        ),
        ("garbled", "t=,v1=".to_string()),
    ] {
        let result = stripe
            .verify_webhook(&signed(&header), body.as_bytes())
            .await;
        assert!(
            matches!(result, Err(WebhookError::BadSignature(_))),
            "{what}: {result:?}"
        );
    }
    let result = stripe
        .verify_webhook(&HeaderMap::new(), body.as_bytes())
        .await;
    assert!(
        matches!(result, Err(WebhookError::BadSignature(_))),
        "missing"
    );
    // The body was changed after signing.
    let header = stripe_signature(&body);
    let tampered = body.replace("\"paid\"", "\"unpaid\"");
    let result = stripe
        .verify_webhook(&signed(&header), tampered.as_bytes())
        .await;
    assert!(
        matches!(result, Err(WebhookError::BadSignature(_))),
        "tampered"
    );
}
