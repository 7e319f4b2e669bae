//! The Mollie adapter against the local Mollie stub.
use axum::http::HeaderMap;
use inlumine::configuration::{PaymentSettings, Secret};
use inlumine::payments::{NewPayment, PaymentOutcome, Provider, WebhookError};
use jiff::{SignedDuration, Timestamp};
use serde_json::json;

use crate::provider_stubs::{MOLLIE_API_KEY, MollieStub, mollie_webhook_body};

fn adapter(stub: &MollieStub) -> Provider {
    Provider::from_settings(&stub.payment_settings(), "http://127.0.0.1:9").unwrap()
}

fn new_payment(order: &str) -> NewPayment<'_> {
    NewPayment {
        order_public_id: order,
        description: "1 × Vertelavond: Pleasen, Slikken en Loslaten",
        amount_cents: 3500,
        email: "lien@example.be",
        success_url: format!("http://127.0.0.1:9/payment-success?order={order}"),
        cancel_url: format!("http://127.0.0.1:9/payment-canceled?order={order}"),
        webhook_url: "http://127.0.0.1:9/api/payments/webhook/mollie".into(),
        expires_at: Timestamp::now() + SignedDuration::from_mins(30),
    }
}

async fn open_payment(mollie: &Provider, order: &str) -> String {
    mollie
        .create_payment(&new_payment(order))
        .await
        .unwrap()
        .provider_ref
}

#[tokio::test]
async fn create_payment_sends_what_mollie_expects() {
    let stub = MollieStub::start().await;
    let mollie = adapter(&stub);
    let created = mollie
        .create_payment(&new_payment("ord_mollie_1"))
        .await
        .unwrap();
    assert_eq!(stub.violations(), Vec::<String>::new());
    assert!(created.provider_ref.starts_with("tr_"));
    assert_eq!(
        created.checkout_url,
        format!(
            "https://www.mollie.com/checkout/select-method/{}",
            &created.provider_ref[3..]
        )
    );
    let request = &stub.requests()[0];
    assert_eq!(request.method, "POST");
    assert_eq!(request.path, "/v2/payments");
    assert_eq!(
        request.headers["authorization"],
        format!("Bearer {MOLLIE_API_KEY}").as_str()
    );
    assert_eq!(request.headers["content-type"], "application/json");
    assert_eq!(
        stub.payment(&created.provider_ref).request,
        json!({
            "amount": {"currency": "EUR", "value": "35.00"},
            "description": "1 × Vertelavond: Pleasen, Slikken en Loslaten",
            "redirectUrl": "http://127.0.0.1:9/payment-success?order=ord_mollie_1",
            "cancelUrl": "http://127.0.0.1:9/payment-canceled?order=ord_mollie_1",
            "webhookUrl": "http://127.0.0.1:9/api/payments/webhook/mollie",
            "locale": "nl_BE",
            "method": ["bancontact", "creditcard"],
            "metadata": {"order_id": "ord_mollie_1"},
        })
    );
}

#[tokio::test]
async fn mollies_error_detail_is_reported_without_the_key() {
    let stub = MollieStub::start().await;
    let wrong_key = "test_wrong_key_1234567890";
    let mollie = Provider::from_settings(
        &PaymentSettings {
            mollie_api_key: Secret::new(wrong_key),
            ..stub.payment_settings()
        },
        "http://127.0.0.1:9",
    )
    .unwrap();
    let err = format!(
        "{:#}",
        mollie
            .create_payment(&new_payment("ord_key"))
            .await
            .err()
            .unwrap()
    );
    assert!(err.contains("failed to authenticate"), "{err}");
    assert!(err.contains("401"), "{err}");
    assert!(!err.contains(wrong_key), "{err}");
}

#[tokio::test]
async fn a_webhook_is_answered_with_the_state_mollie_reports() {
    let stub = MollieStub::start().await;
    let mollie = adapter(&stub);
    let id = open_payment(&mollie, "ord_hook").await;
    let webhook = |body: String| {
        let mollie = &mollie;
        async move {
            mollie
                .verify_webhook(&HeaderMap::new(), body.as_bytes())
                .await
        }
    };

    let update = webhook(mollie_webhook_body(&id)).await.unwrap();
    assert_eq!(update.provider_ref, id);
    assert_eq!(update.event_id, format!("{id}:open"));
    assert_eq!(update.outcome, None);

    for (status, outcome) in [
        ("pending", None),
        ("authorized", None),
        ("paid", Some(PaymentOutcome::Paid)),
        ("canceled", Some(PaymentOutcome::Canceled)),
        ("expired", Some(PaymentOutcome::Expired)),
        ("failed", Some(PaymentOutcome::Failed)),
    ] {
        stub.set_status(&id, status);
        let update = webhook(mollie_webhook_body(&id)).await.unwrap();
        assert_eq!(update.outcome, outcome, "{status}");
        // The same state twice is the same event; a new state is a new one.
        assert_eq!(update.event_id, format!("{id}:{status}"));
    }
    let reads = stub.requests().iter().filter(|r| r.method == "GET").count();
    assert_eq!(reads, 7);
    for r in stub.requests() {
        assert_eq!(
            r.headers["authorization"],
            format!("Bearer {MOLLIE_API_KEY}").as_str()
        );
    }
}

#[tokio::test]
async fn a_webhook_for_a_payment_mollie_does_not_know_is_malformed() {
    let stub = MollieStub::start().await;
    let mollie = adapter(&stub);
    let result = mollie
        .verify_webhook(&HeaderMap::new(), b"id=tr_unknown42")
        .await;
    assert!(
        matches!(result, Err(WebhookError::Malformed(_))),
        "{result:?}"
    );
    assert_eq!(stub.requests().len(), 1, "Mollie was asked");
}

#[tokio::test]
async fn a_malformed_webhook_is_refused_without_asking_mollie() {
    let stub = MollieStub::start().await;
    let mollie = adapter(&stub);
    for body in [
        "",
        "id=",
        "tr_abc",
        "payment=tr_abc",
        "id=ord_abc",
        "id=tr_abc%2F..%2F..%2Fv2%2Fpayments",
        "{\"id\":\"tr_abc\"}",
    ] {
        let result = mollie
            .verify_webhook(&HeaderMap::new(), body.as_bytes())
            .await;
        assert!(
            matches!(result, Err(WebhookError::Malformed(_))),
            "{body}: {result:?}"
        );
    }
    assert!(stub.requests().is_empty());
}

#[tokio::test]
async fn mollie_being_down_is_a_provider_error_so_the_webhook_is_retried() {
    let stub = MollieStub::start().await;
    let mollie = adapter(&stub);
    let id = open_payment(&mollie, "ord_down").await;
    stub.set_unavailable(true);
    let result = mollie
        .verify_webhook(&HeaderMap::new(), mollie_webhook_body(&id).as_bytes())
        .await;
    assert!(
        matches!(result, Err(WebhookError::Provider(_))),
        "{result:?}"
    );

    let unreachable = Provider::from_settings(
        &PaymentSettings {
            mollie_api_base: "http://127.0.0.1:9".into(),
            ..stub.payment_settings()
        },
        "http://127.0.0.1:9",
    )
    .unwrap();
    let result = unreachable
        .verify_webhook(&HeaderMap::new(), mollie_webhook_body(&id).as_bytes())
        .await;
    assert!(
        matches!(result, Err(WebhookError::Provider(_))),
        "{result:?}"
    );
}

#[tokio::test]
async fn cancel_cancels_an_open_payment_and_accepts_one_that_cannot_be_canceled() {
    let stub = MollieStub::start().await;
    let mollie = adapter(&stub);
    let open = open_payment(&mollie, "ord_open").await;
    mollie.cancel_payment(&open).await.unwrap();
    assert_eq!(stub.payment(&open).status, "canceled");
    // Mollie answers 422 now; the late-payment rule covers whatever happens next.
    mollie.cancel_payment(&open).await.unwrap();
    assert_eq!(stub.payment(&open).cancel_calls, 2);

    let paid = open_payment(&mollie, "ord_paid").await;
    stub.set_status(&paid, "paid");
    mollie.cancel_payment(&paid).await.unwrap();
    assert_eq!(stub.payment(&paid).status, "paid");

    let err = mollie.cancel_payment("tr_unknown42").await.unwrap_err();
    assert!(format!("{err:#}").contains("404"), "{err:#}");
    let deletes: Vec<_> = stub
        .requests()
        .into_iter()
        .filter(|r| r.method == "DELETE")
        .map(|r| r.path)
        .collect();
    assert_eq!(
        deletes,
        [
            format!("/v2/payments/{open}"),
            format!("/v2/payments/{open}"),
            format!("/v2/payments/{paid}"),
            "/v2/payments/tr_unknown42".to_string(),
        ]
    );
}

#[tokio::test]
async fn refund_posts_the_amount_in_euros() {
    let stub = MollieStub::start().await;
    let mollie = adapter(&stub);
    let id = open_payment(&mollie, "ord_refund").await;
    let err = mollie.refund(&id, 3500).await.unwrap_err();
    assert!(format!("{err:#}").contains("not been paid"), "{err:#}");
    assert!(stub.refunds().is_empty());

    stub.set_status(&id, "paid");
    mollie.refund(&id, 3500).await.unwrap();
    let refunds = stub.refunds();
    assert_eq!(refunds.len(), 1);
    assert_eq!(refunds[0].payment_id, id);
    assert_eq!(
        refunds[0].amount,
        json!({"currency": "EUR", "value": "35.00"})
    );
    let request = stub.requests().pop().unwrap();
    assert_eq!(request.method, "POST");
    assert_eq!(request.path, format!("/v2/payments/{id}/refunds"));
    assert_eq!(request.headers["content-type"], "application/json");
}
