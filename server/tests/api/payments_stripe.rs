//! The Stripe adapter against the local Stripe stub: first on its own, then the whole
//! checkout → webhook → fulfilment flow of our server configured for Stripe.
use axum::http::{HeaderMap, HeaderValue};
use futures_util::future::join_all;
use inlumine::kit::configuration::{PaymentSettings, Secret, Settings};
use inlumine::platform::payments::{NewPayment, PaymentOutcome, Provider, WebhookError};
use jiff::{SignedDuration, Timestamp};
use serde_json::Value;
use sqlx::Row;

use crate::commerce::{evening, order, order_body, seats_taken};
use crate::helpers::{Engine, TestApp, eventually, spawn_app_with};
use crate::provider_stubs::{
    STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, StripeSession, StripeStub, stripe_signature,
    stripe_signature_with,
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
    // Stripe's bracket keys, form-encoded as Stripe's own libraries send them.
    let body = String::from_utf8(request.body.to_vec()).unwrap();
    assert!(
        body.contains("payment_method_types%5B1%5D=bancontact"),
        "{body}"
    );
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
async fn refunds_find_the_payment_intent_each_once_and_never_more_than_was_paid() {
    let stub = StripeStub::start().await;
    let stripe = adapter(&stub);
    let session = stripe
        .create_payment(&new_payment("ord_refund", SignedDuration::from_mins(45)))
        .await
        .unwrap()
        .provider_ref;
    // Nothing paid yet: nothing to refund.
    assert!(stripe.refund(&session, 7000, "1").await.is_err());
    assert!(stub.refunds().is_empty());

    stub.complete(&session);
    // One ticket of two: half of it.
    stripe.refund(&session, 3500, "1").await.unwrap();
    // A retried refund carries the same idempotency key and refunds nothing more.
    stripe.refund(&session, 3500, "1").await.unwrap();
    // More than is left is refused by Stripe.
    assert!(stripe.refund(&session, 3501, "2").await.is_err());
    stripe.refund(&session, 3500, "2").await.unwrap();
    let refunds = stub.refunds();
    assert_eq!(refunds.len(), 2);
    for (refund, key) in refunds.iter().zip(["1", "2"]) {
        assert_eq!(
            Some(&refund.payment_intent),
            stub.session(&session).payment_intent.as_ref()
        );
        assert_eq!(refund.amount, 3500);
        assert_eq!(refund.idempotency_key, format!("refund-{session}-{key}"));
    }
    let violations = stub.violations();
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert!(
        violations[0].contains("greater than unrefunded amount"),
        "{violations:?}"
    );
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

// ---------------------------------------------------------------------------------------------
// The whole flow: our server with PAYMENT_PROVIDER=stripe against the stub, on both engines.
// ---------------------------------------------------------------------------------------------

both_engines!(
    stripe_webhooks_pay_once_and_forged_or_stale_ones_change_nothing,
    a_delayed_bancontact_payment_waits_for_stripes_verdict,
    an_expired_hold_ends_the_stripe_session,
);

async fn stripe_app(
    engine: Engine,
    configure: impl FnOnce(&mut Settings),
) -> (TestApp, StripeStub) {
    let stub = StripeStub::start().await;
    let settings = stub.payment_settings();
    let app = spawn_app_with(engine, |s| {
        s.payments = settings;
        configure(s);
    })
    .await;
    (app, stub)
}

/// A checkout through our API; returns the order id and its Checkout Session.
async fn check_out(
    app: &TestApp,
    stub: &StripeStub,
    event: i64,
    quantity: i64,
) -> (String, StripeSession) {
    let res = app
        .post_json(
            "/api/checkout",
            &order_body("vertelavond", Some(event), quantity),
        )
        .await;
    assert_eq!(res.status().as_u16(), 201);
    let started: Value = res.json().await.unwrap();
    let order_id = started["order_id"].as_str().unwrap().to_string();
    let session = stub
        .sessions()
        .into_iter()
        .find(|s| s.form.get("client_reference_id") == Some(&order_id))
        .expect("a Checkout Session for the order");
    assert_eq!(
        started["checkout_url"],
        format!("https://checkout.stripe.com/c/pay/{}", session.id)
    );
    (order_id, session)
}

async fn deliver(app: &TestApp, body: &str, signature: Option<&str>) -> u16 {
    let mut request = app
        .client
        .post(app.url("/api/payments/webhook/stripe"))
        .header("content-type", "application/json")
        .body(body.to_string());
    if let Some(signature) = signature {
        request = request.header("Stripe-Signature", signature);
    }
    request.send().await.unwrap().status().as_u16()
}

async fn stripe_webhooks_pay_once_and_forged_or_stale_ones_change_nothing(engine: Engine) {
    let (app, stub) = stripe_app(engine, |_| {}).await;
    let event = evening(&app, 10).await;
    let (order_id, session) = check_out(&app, &stub, event, 2).await;
    assert_eq!(stub.violations(), Vec::<String>::new());
    assert_eq!(
        session.field("line_items[0][price_data][unit_amount]"),
        "7000"
    );
    assert_eq!(
        session.field("line_items[0][price_data][product_data][name]"),
        "2 × Test vertelavond"
    );
    assert_eq!(session.field("customer_email"), "sofie@example.be");
    assert!(
        session
            .field("success_url")
            .ends_with(&format!("/payment-success?order={order_id}"))
    );
    assert!(
        session
            .field("cancel_url")
            .ends_with(&format!("/payment-canceled?order={order_id}"))
    );
    assert_eq!(session.idempotency_key, order_id);
    assert_eq!(order(&app, &order_id).await["status"], "pending");

    // The buyer pays at Stripe; Stripe announces it.
    stub.complete(&session.id);
    let completed = stub.event("evt_completed_1", "checkout.session.completed", &session.id);
    let now = Timestamp::now().as_second();
    let forged = stripe_signature_with("whsec_not_the_endpoint_secret", now, &completed);
    let stale = stripe_signature_with(STRIPE_WEBHOOK_SECRET, now - 600, &completed);
    assert_eq!(
        deliver(&app, &completed, Some(&forged)).await,
        400,
        "forged"
    );
    assert_eq!(deliver(&app, &completed, Some(&stale)).await, 400, "stale");
    assert_eq!(deliver(&app, &completed, None).await, 400, "unsigned");
    let tampered = completed.replace("sofie@example.be", "mallory@example.be");
    assert_eq!(
        deliver(&app, &tampered, Some(&stripe_signature(&completed))).await,
        400,
        "body changed after signing"
    );
    assert_eq!(order(&app, &order_id).await["status"], "pending");
    assert_eq!(app.count("SELECT COUNT(*) FROM payment_events").await, 0);
    assert_eq!(app.count("SELECT COUNT(*) FROM tickets").await, 0);

    // Stripe delivers the same event five times, partly at once.
    let signature = stripe_signature(&completed);
    let statuses = join_all((0..5).map(|_| deliver(&app, &completed, Some(&signature)))).await;
    assert_eq!(statuses, [200; 5]);
    let paid = order(&app, &order_id).await;
    assert_eq!(paid["status"], "paid");
    assert_eq!(paid["ticket_count"], 2);
    assert_eq!(app.count("SELECT COUNT(*) FROM tickets").await, 2);
    assert_eq!(app.count("SELECT COUNT(*) FROM payment_events").await, 1);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM outbox WHERE kind = 'email'")
            .await,
        2,
        "one confirmation for the buyer and one notice for the coach"
    );
    assert_eq!(seats_taken(&app, event).await, 2);
    let mails = app.wait_for_mails_to("sofie@example.be", 1).await;
    assert!(mails[0].contains("Je tickets voor Test vertelavond"));

    // An `expired` arriving late and out of order does not undo the payment.
    let expired = stub.event("evt_expired_1", "checkout.session.expired", &session.id);
    assert_eq!(
        deliver(&app, &expired, Some(&stripe_signature(&expired))).await,
        200
    );
    // A second "paid" event (another event id) issues nothing more, and an event type we do
    // not act on is acknowledged so Stripe stops sending it.
    for (event_id, kind) in [
        ("evt_paid_again", "checkout.session.async_payment_succeeded"),
        ("evt_other_1", "checkout.session.updated"),
    ] {
        let other = stub.event(event_id, kind, &session.id);
        assert_eq!(
            deliver(&app, &other, Some(&stripe_signature(&other))).await,
            200,
            "{kind}"
        );
    }
    assert_eq!(app.count("SELECT COUNT(*) FROM payment_events").await, 4);
    assert_eq!(order(&app, &order_id).await["status"], "paid");
    assert_eq!(seats_taken(&app, event).await, 2);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM tickets WHERE status = 'valid'")
            .await,
        2
    );
    assert_eq!(
        app.mails_to("sofie@example.be").len(),
        1,
        "one confirmation e-mail only"
    );

    // The coach refunds one ticket, then the rest: each refund goes to Stripe's PaymentIntent
    // of this session, for that part.
    let token = app.admin_token().await;
    let id: i64 = sqlx::query("SELECT id FROM orders WHERE public_id = $1")
        .bind(&order_id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .get(0);
    let ticket: i64 = sqlx::query("SELECT MIN(id) FROM tickets WHERE order_id = $1")
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .get(0);
    let (status, detail) = app
        .admin_send(
            &token,
            reqwest::Method::POST,
            &format!("/api/admin/orders/{id}/refund-tickets"),
            Some(serde_json::json!({"ticket_ids": [ticket]})),
        )
        .await;
    assert_eq!(status, 200, "{detail}");
    assert_eq!(detail["refunded_cents"], 3500);
    assert_eq!(order(&app, &order_id).await["status"], "paid");
    assert_eq!(seats_taken(&app, event).await, 1);
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
    assert_eq!(refunds.len(), 2);
    assert_eq!((refunds[0].amount, refunds[1].amount), (3500, 3500));
    for refund in &refunds {
        assert_eq!(
            Some(&refund.payment_intent),
            stub.session(&session.id).payment_intent.as_ref()
        );
    }
    assert_eq!(order(&app, &order_id).await["status"], "refunded");
    assert_eq!(seats_taken(&app, event).await, 0);
    assert_eq!(stub.violations(), Vec::<String>::new());
}

async fn a_delayed_bancontact_payment_waits_for_stripes_verdict(engine: Engine) {
    let (app, stub) = stripe_app(engine, |_| {}).await;
    let event = evening(&app, 10).await;
    let (succeeds, first) = check_out(&app, &stub, event, 1).await;
    let (fails, second) = check_out(&app, &stub, event, 1).await;
    assert_eq!(seats_taken(&app, event).await, 2);

    // Checkout completed, but the money is not in yet (payment_status unpaid): nothing happens.
    for (n, session) in [&first, &second].into_iter().enumerate() {
        let body = stub.event(
            &format!("evt_done_{n}"),
            "checkout.session.completed",
            &session.id,
        );
        assert_eq!(
            deliver(&app, &body, Some(&stripe_signature(&body))).await,
            200
        );
    }
    assert_eq!(order(&app, &succeeds).await["status"], "pending");
    assert_eq!(order(&app, &fails).await["status"], "pending");
    assert_eq!(app.count("SELECT COUNT(*) FROM tickets").await, 0);

    stub.complete(&first.id);
    let body = stub.event(
        "evt_ok",
        "checkout.session.async_payment_succeeded",
        &first.id,
    );
    assert_eq!(
        deliver(&app, &body, Some(&stripe_signature(&body))).await,
        200
    );
    let body = stub.event(
        "evt_nok",
        "checkout.session.async_payment_failed",
        &second.id,
    );
    assert_eq!(
        deliver(&app, &body, Some(&stripe_signature(&body))).await,
        200
    );

    assert_eq!(order(&app, &succeeds).await["status"], "paid");
    assert_eq!(order(&app, &fails).await["status"], "failed");
    assert_eq!(app.count("SELECT COUNT(*) FROM tickets").await, 1);
    assert_eq!(
        seats_taken(&app, event).await,
        1,
        "the failed payment's seat is free again"
    );
}

async fn an_expired_hold_ends_the_stripe_session(engine: Engine) {
    let (app, stub) = stripe_app(engine, |s| s.payments.sweep_interval_secs = 1).await;
    let event = evening(&app, 10).await;
    let (order_id, session) = check_out(&app, &stub, event, 3).await;
    // The hold runs out (as if 30 minutes passed).
    sqlx::query("UPDATE orders SET expires_at = $1 WHERE public_id = $2")
        .bind(inlumine::kit::db::format_ts(
            Timestamp::now() - SignedDuration::from_mins(1),
        ))
        .bind(&order_id)
        .execute(&app.pool)
        .await
        .unwrap();
    eventually(
        "the sweeper expires the Checkout Session at Stripe",
        || async { stub.session(&session.id).status == "expired" },
    )
    .await;
    assert_eq!(order(&app, &order_id).await["status"], "expired");
    assert_eq!(seats_taken(&app, event).await, 0);
    // Stripe then reports the expiry; the order simply stays expired.
    let body = stub.event("evt_expired", "checkout.session.expired", &session.id);
    assert_eq!(
        deliver(&app, &body, Some(&stripe_signature(&body))).await,
        200
    );
    assert_eq!(order(&app, &order_id).await["status"], "expired");
    assert_eq!(stub.session(&session.id).expire_calls, 1);
    assert_eq!(stub.violations(), Vec::<String>::new());
}
