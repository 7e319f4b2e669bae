//! The Mollie adapter against the local Mollie stub: first on its own, then the whole
//! checkout → webhook → fulfilment flow of our server configured for Mollie.
use axum::http::HeaderMap;
use futures_util::future::join_all;
use inlumine::kit::configuration::{PaymentSettings, Secret, Settings};
use inlumine::platform::payments::{NewPayment, PaymentOutcome, Provider, WebhookError};
use jiff::{SignedDuration, Timestamp};
use serde_json::{Value, json};
use sqlx::Row;

use crate::commerce::{evening, order, order_body, seats_taken};
use crate::helpers::{Engine, TestApp, eventually, spawn_app_with};
use crate::provider_stubs::{MOLLIE_API_KEY, MolliePayment, MollieStub, mollie_webhook_body};

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
        ("canceled", Some(PaymentOutcome::Cancelled)),
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
async fn refunds_post_the_amount_in_euros_once_each_and_never_more_than_was_paid() {
    let stub = MollieStub::start().await;
    let mollie = adapter(&stub);
    let id = open_payment(&mollie, "ord_refund").await;
    let err = mollie.refund(&id, 3500, "1").await.unwrap_err();
    assert!(format!("{err:#}").contains("not been paid"), "{err:#}");
    assert!(stub.refunds().is_empty());

    stub.set_status(&id, "paid");
    mollie.refund(&id, 1000, "1").await.unwrap();
    // The same refund asked again (a repeated click) is not paid twice.
    mollie.refund(&id, 1000, "1").await.unwrap();
    let err = mollie.refund(&id, 2501, "2").await.unwrap_err();
    assert!(format!("{err:#}").contains("remaining amount"), "{err:#}");
    mollie.refund(&id, 2500, "2").await.unwrap();
    let refunds = stub.refunds();
    assert_eq!(refunds.len(), 2);
    assert_eq!(refunds[0].payment_id, id);
    assert_eq!(
        refunds[0].amount,
        json!({"currency": "EUR", "value": "10.00"})
    );
    assert_eq!(refunds[0].idempotency_key, format!("refund-{id}-1"));
    assert_eq!(
        refunds[1].amount,
        json!({"currency": "EUR", "value": "25.00"})
    );
    let request = stub.requests().pop().unwrap();
    assert_eq!(request.method, "POST");
    assert_eq!(request.path, format!("/v2/payments/{id}/refunds"));
    assert_eq!(request.headers["content-type"], "application/json");
    assert_eq!(request.headers["idempotency-key"], format!("refund-{id}-2"));
}

// ---------------------------------------------------------------------------------------------
// The whole flow: our server with PAYMENT_PROVIDER=mollie against the stub, on both engines.
// ---------------------------------------------------------------------------------------------

both_engines!(
    mollie_webhooks_pay_once_whatever_their_number,
    a_webhook_for_a_payment_mollie_does_not_know_changes_nothing,
    an_expired_hold_cancels_the_mollie_payment,
);

async fn mollie_app(
    engine: Engine,
    configure: impl FnOnce(&mut Settings),
) -> (TestApp, MollieStub) {
    let stub = MollieStub::start().await;
    let settings = stub.payment_settings();
    let app = spawn_app_with(engine, |s| {
        s.payments = settings;
        configure(s);
    })
    .await;
    (app, stub)
}

/// A checkout through our API; returns the order id and its Mollie payment.
async fn check_out(
    app: &TestApp,
    stub: &MollieStub,
    event: i64,
    quantity: i64,
) -> (String, MolliePayment) {
    let res = app
        .post_json(
            "/api/checkout",
            &order_body("vertelavond", Some(event), quantity),
        )
        .await;
    assert_eq!(res.status().as_u16(), 201);
    let started: Value = res.json().await.unwrap();
    let order_id = started["order_id"].as_str().unwrap().to_string();
    let payment = stub
        .payments()
        .into_iter()
        .find(|p| p.request["metadata"]["order_id"] == order_id.as_str())
        .expect("a Mollie payment for the order");
    assert_eq!(
        started["checkout_url"],
        format!(
            "https://www.mollie.com/checkout/select-method/{}",
            &payment.id[3..]
        )
    );
    (order_id, payment)
}

/// Posts what Mollie posts: a form with the id, unsigned.
async fn notify(app: &TestApp, body: &str) -> u16 {
    app.client
        .post(app.url("/api/payments/webhook/mollie"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(body.to_string())
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

async fn mollie_webhooks_pay_once_whatever_their_number(engine: Engine) {
    let (app, stub) = mollie_app(engine, |_| {}).await;
    let event = evening(&app, 10).await;
    let (order_id, payment) = check_out(&app, &stub, event, 2).await;
    assert_eq!(stub.violations(), Vec::<String>::new());
    assert_eq!(
        payment.request["amount"],
        json!({"currency": "EUR", "value": "70.00"})
    );
    assert_eq!(payment.request["description"], "2 × Test vertelavond");
    let url = |key: &str| payment.request[key].as_str().unwrap().to_string();
    assert!(url("redirectUrl").ends_with(&format!("/payment-success?order={order_id}")));
    assert!(url("cancelUrl").ends_with(&format!("/payment-canceled?order={order_id}")));
    assert!(url("webhookUrl").ends_with("/api/payments/webhook/mollie"));

    // Mollie calls while the payment is still open: recorded, nothing changes.
    assert_eq!(notify(&app, &mollie_webhook_body(&payment.id)).await, 200);
    assert_eq!(order(&app, &order_id).await["status"], "pending");

    // Paid, but Mollie cannot be asked: 503, so Mollie tries again later; nothing is applied.
    stub.set_status(&payment.id, "paid");
    stub.set_unavailable(true);
    assert_eq!(notify(&app, &mollie_webhook_body(&payment.id)).await, 503);
    assert_eq!(order(&app, &order_id).await["status"], "pending");
    stub.set_unavailable(false);

    // Mollie (re)delivers five times, partly at once; each time we ask Mollie for the status.
    let reads_before = stub.requests().iter().filter(|r| r.method == "GET").count();
    let body = mollie_webhook_body(&payment.id);
    let statuses = join_all((0..5).map(|_| notify(&app, &body))).await;
    assert_eq!(statuses, [200; 5]);
    let reads = stub.requests().iter().filter(|r| r.method == "GET").count() - reads_before;
    assert_eq!(reads, 5, "every webhook asks Mollie");
    let paid = order(&app, &order_id).await;
    assert_eq!(paid["status"], "paid");
    assert_eq!(paid["ticket_count"], 2);
    assert_eq!(app.count("SELECT COUNT(*) FROM tickets").await, 2);
    // One confirmation for the buyer and one notice for the coach.
    assert_eq!(
        app.count("SELECT COUNT(*) FROM outbox WHERE kind = 'email'")
            .await,
        2
    );
    // One event per state Mollie reported: open and paid.
    assert_eq!(app.count("SELECT COUNT(*) FROM payment_events").await, 2);
    assert_eq!(seats_taken(&app, event).await, 2);
    let mails = app.wait_for_mails_to("sofie@example.be", 1).await;
    assert!(mails[0].contains("Je tickets voor Test vertelavond"));

    // Someone posts a webhook body claiming another state: only Mollie's word counts.
    assert_eq!(notify(&app, &format!("{body}&status=canceled")).await, 200);
    assert_eq!(order(&app, &order_id).await["status"], "paid");
    assert_eq!(
        app.mails_to("sofie@example.be").len(),
        1,
        "one confirmation e-mail only"
    );

    // The coach refunds: Mollie gets the refund for this payment, in euros.
    let token = app.admin_token().await;
    let id: i64 = sqlx::query("SELECT id FROM orders WHERE public_id = $1")
        .bind(&order_id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .get(0);
    let res = app
        .authed(
            reqwest::Method::POST,
            &format!("/api/admin/orders/{id}/refund"),
            &token,
        )
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{}", res.status());
    let refunds = stub.refunds();
    assert_eq!(refunds.len(), 1);
    assert_eq!(refunds[0].payment_id, payment.id);
    assert_eq!(
        refunds[0].amount,
        json!({"currency": "EUR", "value": "70.00"})
    );
    assert_eq!(order(&app, &order_id).await["status"], "refunded");
    assert_eq!(stub.violations(), Vec::<String>::new());
}

async fn a_webhook_for_a_payment_mollie_does_not_know_changes_nothing(engine: Engine) {
    let (app, stub) = mollie_app(engine, |_| {}).await;
    let event = evening(&app, 10).await;
    let (order_id, payment) = check_out(&app, &stub, event, 1).await;
    stub.set_status(&payment.id, "paid");

    assert_eq!(notify(&app, "id=tr_unknown123").await, 400);
    // Not a Mollie id at all: refused without asking Mollie.
    let reads = stub.requests().len();
    for body in ["", "id=", "id=ord_123", "id=tr_../../v2/methods"] {
        assert_eq!(notify(&app, body).await, 400, "{body}");
    }
    assert_eq!(stub.requests().len(), reads);

    assert_eq!(order(&app, &order_id).await["status"], "pending");
    assert_eq!(app.count("SELECT COUNT(*) FROM payment_events").await, 0);
    assert_eq!(app.count("SELECT COUNT(*) FROM tickets").await, 0);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM outbox WHERE kind = 'email'")
            .await,
        0
    );
    // The webhook route of a provider that is not configured does not exist.
    let res = app
        .client
        .post(app.url("/api/payments/webhook/stripe"))
        .body(mollie_webhook_body(&payment.id))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 404);
}

async fn an_expired_hold_cancels_the_mollie_payment(engine: Engine) {
    let (app, stub) = mollie_app(engine, |s| s.payments.sweep_interval_secs = 1).await;
    let event = evening(&app, 10).await;
    let (order_id, payment) = check_out(&app, &stub, event, 3).await;
    sqlx::query("UPDATE orders SET expires_at = $1 WHERE public_id = $2")
        .bind(inlumine::kit::db::format_ts(
            Timestamp::now() - SignedDuration::from_mins(1),
        ))
        .bind(&order_id)
        .execute(&app.pool)
        .await
        .unwrap();
    eventually("the sweeper cancels the payment at Mollie", || async {
        stub.payment(&payment.id).status == "canceled"
    })
    .await;
    assert_eq!(order(&app, &order_id).await["status"], "expired");
    assert_eq!(seats_taken(&app, event).await, 0);
    // Mollie then calls the webhook with the canceled state; the order stays expired.
    assert_eq!(notify(&app, &mollie_webhook_body(&payment.id)).await, 200);
    assert_eq!(order(&app, &order_id).await["status"], "expired");
    assert_eq!(stub.payment(&payment.id).cancel_calls, 1);
    assert_eq!(stub.violations(), Vec::<String>::new());
}
