//! Local stand-ins for Stripe's and Mollie's APIs, served on loopback inside a test.
//!
//! Each stub checks the requests our adapters send the way the provider would (method, path,
//! key, content type, every field we rely on) and answers in the provider's format. A request
//! that breaks a rule gets the provider's error status and body (401 for a wrong key, 400 at
//! Stripe, 422 at Mollie) and is remembered in `violations()`, so a test can both see the
//! adapter fail and assert that nothing was off.
//! The stubs also build the webhooks each provider sends: Stripe's signed events, Mollie's
//! bare `id=tr_…` (the state lives in the stub and is fetched by our server).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use hmac::{Hmac, KeyInit, Mac};
use inlumine::kit::configuration::{PaymentProviderKind, PaymentSettings, Secret};
use jiff::Timestamp;
use serde_json::{Value, json};
use sha2::Sha256;

pub const STRIPE_SECRET_KEY: &str = "sk_test_inlumine_stub_key";
pub const STRIPE_WEBHOOK_SECRET: &str = "whsec_inlumine_stub_secret";
pub const MOLLIE_API_KEY: &str = "test_inlumine_stub_key";

/// One request as the stub received it.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub method: Method,
    pub path: String,
    pub headers: HeaderMap,
    pub body: Bytes,
}

/// Serves `router` on a free loopback port and returns its base URL.
async fn serve(router: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a loopback port for the stub");
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    format!("http://{address}")
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> &'a str {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
}

fn is_http_url(url: &str) -> bool {
    url.starts_with("http://") || url.starts_with("https://")
}

fn random_id() -> String {
    hex::encode(rand::random::<[u8; 8]>())
}

// ---------------------------------------------------------------------------------------------
// Stripe
// ---------------------------------------------------------------------------------------------

/// A Checkout Session as the stub keeps it.
#[derive(Clone, Debug)]
pub struct StripeSession {
    pub id: String,
    /// The form fields exactly as sent (bracket keys, decoded values).
    pub form: HashMap<String, String>,
    pub idempotency_key: String,
    /// open | complete | expired
    pub status: String,
    /// unpaid | paid
    pub payment_status: String,
    pub payment_intent: Option<String>,
    /// How often our server asked to expire it.
    pub expire_calls: usize,
}

impl StripeSession {
    pub fn field(&self, key: &str) -> &str {
        self.form
            .get(key)
            .unwrap_or_else(|| panic!("{key} not sent; form: {:?}", self.form))
    }

    fn json(&self) -> Value {
        json!({
            "id": self.id,
            "object": "checkout.session",
            "url": format!("https://checkout.stripe.com/c/pay/{}", self.id),
            "status": self.status,
            "payment_status": self.payment_status,
            "payment_intent": self.payment_intent,
            "client_reference_id": self.form.get("client_reference_id"),
            "customer_email": self.form.get("customer_email"),
            "amount_total": self.form.get("line_items[0][price_data][unit_amount]")
                .and_then(|a| a.parse::<i64>().ok()),
            "currency": "eur",
            "mode": "payment",
            "locale": "nl",
            "expires_at": self.form.get("expires_at").and_then(|a| a.parse::<i64>().ok()),
            "metadata": {"order_id": self.form.get("metadata[order_id]")},
            "livemode": false,
        })
    }
}

/// A refund the stub accepted.
#[derive(Clone, Debug)]
pub struct StripeRefund {
    pub payment_intent: String,
    pub amount: i64,
    pub idempotency_key: String,
}

#[derive(Default)]
struct StripeState {
    sessions: Vec<StripeSession>,
    refunds: Vec<StripeRefund>,
    requests: Vec<Recorded>,
    violations: Vec<String>,
}

type SharedStripe = Arc<Mutex<StripeState>>;

#[derive(Clone)]
pub struct StripeStub {
    pub base_url: String,
    state: SharedStripe,
}

/// The fields our Checkout Session may carry; Stripe refuses any other ("unknown parameter").
const STRIPE_SESSION_FIELDS: &[&str] = &[
    "mode",
    "payment_method_types[0]",
    "payment_method_types[1]",
    "locale",
    "customer_email",
    "client_reference_id",
    "metadata[order_id]",
    "line_items[0][price_data][currency]",
    "line_items[0][price_data][unit_amount]",
    "line_items[0][price_data][product_data][name]",
    "line_items[0][quantity]",
    "success_url",
    "cancel_url",
    "expires_at",
];

fn stripe_error(status: StatusCode, message: &str) -> Response {
    (
        status,
        axum::Json(json!({"error": {"type": "invalid_request_error", "message": message}})),
    )
        .into_response()
}

fn form_of(body: &[u8]) -> HashMap<String, String> {
    url::form_urlencoded::parse(body).into_owned().collect()
}

/// Stripe's rules for every request: the secret key, and a form body when there is one.
fn check_stripe_request(headers: &HeaderMap, has_body: bool) -> Result<(), (StatusCode, String)> {
    let auth = header(headers, "authorization");
    if auth != format!("Bearer {STRIPE_SECRET_KEY}") {
        // Stripe shows only the key's last four characters.
        let tail: String = auth
            .chars()
            .rev()
            .take(4)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        return Err((
            StatusCode::UNAUTHORIZED,
            format!("Invalid API Key provided: sk_test_****{tail}"),
        ));
    }
    if has_body && header(headers, "content-type") != "application/x-www-form-urlencoded" {
        return Err((
            StatusCode::BAD_REQUEST,
            format!(
                "Stripe takes application/x-www-form-urlencoded, not {:?}",
                header(headers, "content-type")
            ),
        ));
    }
    Ok(())
}

fn check_session_form(
    headers: &HeaderMap,
    form: &HashMap<String, String>,
) -> Result<(), (StatusCode, String)> {
    check_stripe_request(headers, true)?;
    check_session_fields(headers, form).map_err(|m| (StatusCode::BAD_REQUEST, m))
}

fn check_session_fields(headers: &HeaderMap, form: &HashMap<String, String>) -> Result<(), String> {
    if let Some(unknown) = form
        .keys()
        .find(|k| !STRIPE_SESSION_FIELDS.contains(&k.as_str()))
    {
        return Err(format!("Received unknown parameter: {unknown}"));
    }
    let field = |key: &str| -> Result<&str, String> {
        form.get(key)
            .map(String::as_str)
            .filter(|v| !v.is_empty())
            .ok_or_else(|| format!("Missing required param: {key}."))
    };
    let expect = |key: &str, value: &str| -> Result<(), String> {
        let got = field(key)?;
        if got == value {
            Ok(())
        } else {
            Err(format!("{key} must be {value:?}, got {got:?}"))
        }
    };
    expect("mode", "payment")?;
    expect("payment_method_types[0]", "card")?;
    expect("payment_method_types[1]", "bancontact")?;
    expect("locale", "nl")?;
    expect("line_items[0][price_data][currency]", "eur")?;
    expect("line_items[0][quantity]", "1")?;
    if !field("customer_email")?.contains('@') {
        return Err("Invalid email address".into());
    }
    let order = field("client_reference_id")?;
    expect("metadata[order_id]", order)?;
    let idempotency_key = header(headers, "idempotency-key");
    if idempotency_key != order {
        return Err(format!(
            "the Idempotency-Key should be the order id {order:?}, got {idempotency_key:?}"
        ));
    }
    match field("line_items[0][price_data][unit_amount]")?.parse::<i64>() {
        Ok(cents) if cents >= 50 => {}
        _ => return Err("unit_amount must be a whole number of cents, at least 50".into()),
    }
    field("line_items[0][price_data][product_data][name]")?;
    for key in ["success_url", "cancel_url"] {
        if !is_http_url(field(key)?) {
            return Err(format!("Not a valid URL: {key}"));
        }
    }
    let expires_at: i64 = field("expires_at")?
        .parse()
        .map_err(|_| "Invalid integer: expires_at".to_string())?;
    let now = Timestamp::now().as_second();
    if expires_at < now + 30 * 60 || expires_at > now + 24 * 3600 {
        return Err(
            "The `expires_at` timestamp must be between 30 minutes and 24 hours after the Checkout Session is created.".into(),
        );
    }
    Ok(())
}

async fn stripe_create_session(
    State(state): State<SharedStripe>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let form = form_of(&body);
    let mut s = state.lock().unwrap();
    if let Err((status, message)) = check_session_form(&headers, &form) {
        s.violations.push(message.clone());
        return stripe_error(status, &message);
    }
    let key = header(&headers, "idempotency-key").to_string();
    // Stripe replays the first answer for a repeated Idempotency-Key.
    if let Some(existing) = s.sessions.iter().find(|x| x.idempotency_key == key) {
        if existing.form != form {
            let message = "Keys for idempotent requests can only be used with the same parameters they were first used with.";
            s.violations.push(message.into());
            return stripe_error(StatusCode::BAD_REQUEST, message);
        }
        return axum::Json(existing.json()).into_response();
    }
    let session = StripeSession {
        id: format!("cs_test_{}", random_id()),
        form,
        idempotency_key: key,
        status: "open".into(),
        payment_status: "unpaid".into(),
        payment_intent: None,
        expire_calls: 0,
    };
    let answer = session.json();
    s.sessions.push(session);
    axum::Json(answer).into_response()
}

fn no_such_session(id: &str) -> Response {
    (
        StatusCode::NOT_FOUND,
        axum::Json(json!({"error": {
            "code": "resource_missing",
            "type": "invalid_request_error",
            "message": format!("No such checkout.session: '{id}'"),
        }})),
    )
        .into_response()
}

async fn stripe_get_session(
    State(state): State<SharedStripe>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let mut s = state.lock().unwrap();
    if let Err((status, message)) = check_stripe_request(&headers, false) {
        s.violations.push(message.clone());
        return stripe_error(status, &message);
    }
    match s.sessions.iter().find(|x| x.id == id) {
        Some(session) => axum::Json(session.json()).into_response(),
        None => no_such_session(&id),
    }
}

async fn stripe_expire_session(
    State(state): State<SharedStripe>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let mut s = state.lock().unwrap();
    if let Err((status, message)) = check_stripe_request(&headers, false) {
        s.violations.push(message.clone());
        return stripe_error(status, &message);
    }
    let Some(session) = s.sessions.iter_mut().find(|x| x.id == id) else {
        return no_such_session(&id);
    };
    session.expire_calls += 1;
    if session.status != "open" {
        let message = format!(
            "Only Checkout Sessions with a status in [\"open\"] can be expired. This Checkout Session has a status of \"{}\".",
            session.status
        );
        return stripe_error(StatusCode::BAD_REQUEST, &message);
    }
    session.status = "expired".into();
    axum::Json(session.json()).into_response()
}

async fn stripe_create_refund(
    State(state): State<SharedStripe>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let form = form_of(&body);
    let mut s = state.lock().unwrap();
    let checked = (|| {
        check_stripe_request(&headers, true).map_err(|(_, m)| m)?;
        if let Some(unknown) = form
            .keys()
            .find(|k| !["payment_intent", "amount"].contains(&k.as_str()))
        {
            return Err(format!("Received unknown parameter: {unknown}"));
        }
        let pi = form
            .get("payment_intent")
            .ok_or("Missing required param: payment_intent.")?;
        let session = s
            .sessions
            .iter()
            .find(|x| x.payment_intent.as_ref() == Some(pi))
            .ok_or_else(|| format!("No such payment_intent: '{pi}'"))?;
        let amount: i64 = form
            .get("amount")
            .and_then(|a| a.parse().ok())
            .ok_or("Invalid integer: amount")?;
        let paid: i64 = session
            .field("line_items[0][price_data][unit_amount]")
            .parse()
            .unwrap();
        let key = header(&headers, "idempotency-key");
        let prefix = format!("refund-{}-", session.id);
        if key.strip_prefix(&prefix).is_none_or(str::is_empty) {
            return Err(format!(
                "the Idempotency-Key should be {prefix}<refund>, got {key:?}"
            ));
        }
        // Stripe replays a request with a key it saw (before checking anything else).
        if s.refunds.iter().any(|r| r.idempotency_key == key) {
            return Ok(StripeRefund {
                payment_intent: pi.clone(),
                amount,
                idempotency_key: key.to_string(),
            });
        }
        let refunded: i64 = s
            .refunds
            .iter()
            .filter(|r| &r.payment_intent == pi)
            .map(|r| r.amount)
            .sum();
        if amount < 1 || refunded + amount > paid {
            return Err(format!(
                "Refund amount ({amount}) is greater than unrefunded amount on charge ({})",
                paid - refunded
            ));
        }
        Ok(StripeRefund {
            payment_intent: pi.clone(),
            amount,
            idempotency_key: key.to_string(),
        })
    })();
    match checked {
        Ok(refund) => {
            let answer = json!({
                "id": format!("re_{}", random_id()),
                "object": "refund",
                "amount": refund.amount,
                "payment_intent": refund.payment_intent,
                "status": "succeeded",
            });
            // A repeated idempotency key replays; it does not refund twice.
            if !s
                .refunds
                .iter()
                .any(|r| r.idempotency_key == refund.idempotency_key)
            {
                s.refunds.push(refund);
            }
            axum::Json(answer).into_response()
        }
        Err(message) => {
            s.violations.push(message.clone());
            stripe_error(StatusCode::BAD_REQUEST, &message)
        }
    }
}

async fn record_stripe(
    State(state): State<SharedStripe>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let (parts, body) = request.into_parts();
    let bytes = axum::body::to_bytes(body, 1 << 20)
        .await
        .unwrap_or_default();
    state.lock().unwrap().requests.push(Recorded {
        method: parts.method.clone(),
        path: parts.uri.path().to_string(),
        headers: parts.headers.clone(),
        body: bytes.clone(),
    });
    next.run(axum::extract::Request::from_parts(parts, bytes.into()))
        .await
}

async fn stripe_unknown_route(method: Method, uri: Uri) -> Response {
    stripe_error(
        StatusCode::NOT_FOUND,
        &format!("Unrecognized request URL ({method}: {})", uri.path()),
    )
}

impl StripeStub {
    pub async fn start() -> Self {
        let state = SharedStripe::default();
        let router = Router::new()
            .route("/v1/checkout/sessions", post(stripe_create_session))
            .route("/v1/checkout/sessions/{id}", get(stripe_get_session))
            .route(
                "/v1/checkout/sessions/{id}/expire",
                post(stripe_expire_session),
            )
            .route("/v1/refunds", post(stripe_create_refund))
            .fallback(stripe_unknown_route)
            .layer(axum::middleware::from_fn_with_state(
                state.clone(),
                record_stripe,
            ))
            .with_state(state.clone());
        Self {
            base_url: serve(router).await,
            state,
        }
    }

    /// Payment settings that point the Stripe adapter at this stub.
    pub fn payment_settings(&self) -> PaymentSettings {
        PaymentSettings {
            provider: PaymentProviderKind::Stripe,
            stripe_secret_key: Secret::new(STRIPE_SECRET_KEY),
            stripe_webhook_secret: Secret::new(STRIPE_WEBHOOK_SECRET),
            stripe_api_base: self.base_url.clone(),
            ..PaymentSettings::default()
        }
    }

    pub fn sessions(&self) -> Vec<StripeSession> {
        self.state.lock().unwrap().sessions.clone()
    }

    pub fn session(&self, id: &str) -> StripeSession {
        self.sessions()
            .into_iter()
            .find(|s| s.id == id)
            .unwrap_or_else(|| panic!("no Checkout Session {id}"))
    }

    pub fn refunds(&self) -> Vec<StripeRefund> {
        self.state.lock().unwrap().refunds.clone()
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.state.lock().unwrap().requests.clone()
    }

    /// Requests that broke one of Stripe's rules (each was answered 4xx).
    pub fn violations(&self) -> Vec<String> {
        self.state.lock().unwrap().violations.clone()
    }

    /// The buyer paid: the session completes with a PaymentIntent.
    pub fn complete(&self, id: &str) {
        let mut s = self.state.lock().unwrap();
        let session = s
            .sessions
            .iter_mut()
            .find(|x| x.id == id)
            .unwrap_or_else(|| panic!("no Checkout Session {id}"));
        session.status = "complete".into();
        session.payment_status = "paid".into();
        session.payment_intent = Some(format!("pi_{}", random_id()));
    }

    /// An event body as Stripe posts it: `data.object` is the session as it is now.
    pub fn event(&self, event_id: &str, kind: &str, session_id: &str) -> String {
        json!({
            "id": event_id,
            "object": "event",
            "api_version": "2025-03-31.basil",
            "created": Timestamp::now().as_second(),
            "type": kind,
            "livemode": false,
            "pending_webhooks": 1,
            "data": {"object": self.session(session_id).json()},
        })
        .to_string()
    }
}

/// `Stripe-Signature` for `body` signed at unix second `t` with `secret`, like Stripe does.
pub fn stripe_signature_with(secret: &str, t: i64, body: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{t}.{body}").as_bytes());
    format!("t={t},v1={}", hex::encode(mac.finalize().into_bytes()))
}

/// A valid `Stripe-Signature` for `body`, signed now.
pub fn stripe_signature(body: &str) -> String {
    stripe_signature_with(STRIPE_WEBHOOK_SECRET, Timestamp::now().as_second(), body)
}

// ---------------------------------------------------------------------------------------------
// Mollie
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
pub struct MolliePayment {
    pub id: String,
    /// The JSON our server sent to create it.
    pub request: Value,
    /// open | pending | authorized | paid | canceled | expired | failed
    pub status: String,
    pub cancel_calls: usize,
}

impl MolliePayment {
    fn json(&self) -> Value {
        json!({
            "resource": "payment",
            "id": self.id,
            "mode": "test",
            "status": self.status,
            "amount": self.request["amount"],
            "description": self.request["description"],
            "method": null,
            "metadata": self.request["metadata"],
            "locale": self.request["locale"],
            "redirectUrl": self.request["redirectUrl"],
            "cancelUrl": self.request["cancelUrl"],
            "webhookUrl": self.request["webhookUrl"],
            "isCancelable": self.status == "open",
            "_links": {
                "self": {"href": format!("https://api.mollie.com/v2/payments/{}", self.id), "type": "application/hal+json"},
                "checkout": {"href": format!("https://www.mollie.com/checkout/select-method/{}", &self.id[3..]), "type": "text/html"},
            },
        })
    }
}

#[derive(Clone, Debug)]
pub struct MollieRefund {
    pub payment_id: String,
    pub amount: Value,
    pub idempotency_key: String,
}

#[derive(Default)]
struct MollieState {
    payments: Vec<MolliePayment>,
    refunds: Vec<MollieRefund>,
    requests: Vec<Recorded>,
    violations: Vec<String>,
    /// Answer 503 to reads, as during an outage.
    unavailable: bool,
}

type SharedMollie = Arc<Mutex<MollieState>>;

#[derive(Clone)]
pub struct MollieStub {
    pub base_url: String,
    state: SharedMollie,
}

fn mollie_error(status: StatusCode, detail: &str) -> Response {
    let title = status.canonical_reason().unwrap_or("Error");
    (
        status,
        [("content-type", "application/hal+json")],
        json!({"status": status.as_u16(), "title": title, "detail": detail}).to_string(),
    )
        .into_response()
}

fn mollie_json(status: StatusCode, body: Value) -> Response {
    (
        status,
        [("content-type", "application/hal+json")],
        body.to_string(),
    )
        .into_response()
}

fn check_mollie_key(headers: &HeaderMap) -> Result<(), (StatusCode, String)> {
    if header(headers, "authorization") != format!("Bearer {MOLLIE_API_KEY}") {
        return Err((
            StatusCode::UNAUTHORIZED,
            "Missing authentication, or failed to authenticate".into(),
        ));
    }
    Ok(())
}

fn check_amount(amount: &Value) -> Result<(), String> {
    if amount["currency"] != "EUR" {
        return Err(format!(
            "The amount currency must be EUR, got {}",
            amount["currency"]
        ));
    }
    let value = amount["value"].as_str().unwrap_or("");
    let ok = value.split_once('.').is_some_and(|(euros, cents)| {
        !euros.is_empty()
            && euros.bytes().all(|b| b.is_ascii_digit())
            && cents.len() == 2
            && cents.bytes().all(|b| b.is_ascii_digit())
    });
    if !ok {
        return Err(format!(
            "The amount value must be a string like \"35.00\", got {}",
            amount["value"]
        ));
    }
    Ok(())
}

fn check_payment_body(headers: &HeaderMap, body: &[u8]) -> Result<Value, (StatusCode, String)> {
    check_mollie_key(headers)?;
    let unprocessable = |m: String| (StatusCode::UNPROCESSABLE_ENTITY, m);
    if !header(headers, "content-type").starts_with("application/json") {
        return Err(unprocessable(format!(
            "Mollie expects JSON here, got {:?}",
            header(headers, "content-type")
        )));
    }
    let body: Value = serde_json::from_slice(body)
        .map_err(|e| (StatusCode::BAD_REQUEST, format!("Invalid JSON: {e}")))?;
    let allowed = [
        "amount",
        "description",
        "redirectUrl",
        "cancelUrl",
        "webhookUrl",
        "locale",
        "method",
        "metadata",
    ];
    if let Some(unknown) = body
        .as_object()
        .ok_or_else(|| unprocessable("The body must be an object".into()))?
        .keys()
        .find(|k| !allowed.contains(&k.as_str()))
    {
        return Err(unprocessable(format!("Unknown field {unknown}")));
    }
    check_amount(&body["amount"]).map_err(unprocessable)?;
    if body["description"].as_str().is_none_or(str::is_empty) {
        return Err(unprocessable("The description is required".into()));
    }
    for key in ["redirectUrl", "cancelUrl", "webhookUrl"] {
        if !body[key].as_str().is_some_and(is_http_url) {
            return Err(unprocessable(format!("The {key} is invalid")));
        }
    }
    if body["locale"] != "nl_BE" {
        return Err(unprocessable(format!(
            "locale should be nl_BE, got {}",
            body["locale"]
        )));
    }
    let methods: Vec<&str> = body["method"]
        .as_array()
        .map(|m| m.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    if !(methods.contains(&"bancontact") && methods.contains(&"creditcard")) {
        return Err(unprocessable(format!(
            "method should offer bancontact and creditcard, got {}",
            body["method"]
        )));
    }
    if body["metadata"]["order_id"]
        .as_str()
        .is_none_or(str::is_empty)
    {
        return Err(unprocessable("metadata.order_id is missing".into()));
    }
    Ok(body)
}

async fn mollie_create_payment(
    State(state): State<SharedMollie>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let mut s = state.lock().unwrap();
    match check_payment_body(&headers, &body) {
        Ok(request) => {
            let payment = MolliePayment {
                id: format!("tr_{}", random_id()),
                request,
                status: "open".into(),
                cancel_calls: 0,
            };
            let answer = payment.json();
            s.payments.push(payment);
            mollie_json(StatusCode::CREATED, answer)
        }
        Err((status, detail)) => {
            s.violations.push(detail.clone());
            mollie_error(status, &detail)
        }
    }
}

fn no_such_payment(id: &str) -> Response {
    mollie_error(
        StatusCode::NOT_FOUND,
        &format!("No payment exists with token {id}."),
    )
}

async fn mollie_get_payment(
    State(state): State<SharedMollie>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let mut s = state.lock().unwrap();
    if let Err((status, detail)) = check_mollie_key(&headers) {
        s.violations.push(detail.clone());
        return mollie_error(status, &detail);
    }
    if s.unavailable {
        return mollie_error(
            StatusCode::SERVICE_UNAVAILABLE,
            "Mollie is down for the test",
        );
    }
    match s.payments.iter().find(|p| p.id == id) {
        Some(payment) => mollie_json(StatusCode::OK, payment.json()),
        None => no_such_payment(&id),
    }
}

async fn mollie_cancel_payment(
    State(state): State<SharedMollie>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let mut s = state.lock().unwrap();
    if let Err((status, detail)) = check_mollie_key(&headers) {
        s.violations.push(detail.clone());
        return mollie_error(status, &detail);
    }
    let Some(payment) = s.payments.iter_mut().find(|p| p.id == id) else {
        return no_such_payment(&id);
    };
    payment.cancel_calls += 1;
    if payment.status != "open" {
        return mollie_error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "The payment cannot be canceled",
        );
    }
    payment.status = "canceled".into();
    mollie_json(StatusCode::OK, payment.json())
}

async fn mollie_create_refund(
    State(state): State<SharedMollie>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let mut s = state.lock().unwrap();
    let checked = (|| {
        check_mollie_key(&headers)?;
        let unprocessable = |m: String| (StatusCode::UNPROCESSABLE_ENTITY, m);
        if !header(&headers, "content-type").starts_with("application/json") {
            return Err(unprocessable("Mollie expects JSON here".into()));
        }
        let body: Value = serde_json::from_slice(&body)
            .map_err(|e| (StatusCode::BAD_REQUEST, format!("Invalid JSON: {e}")))?;
        let payment = s.payments.iter().find(|p| p.id == id).ok_or((
            StatusCode::NOT_FOUND,
            format!("No payment exists with token {id}."),
        ))?;
        if payment.status != "paid" {
            return Err(unprocessable("The payment has not been paid".into()));
        }
        check_amount(&body["amount"]).map_err(unprocessable)?;
        let key = header(&headers, "idempotency-key").to_string();
        if key.is_empty() {
            return Err(unprocessable(
                "the test expects an Idempotency-Key on refunds".into(),
            ));
        }
        let cents = |amount: &Value| {
            let value: f64 = amount["value"].as_str().unwrap().parse().unwrap();
            (value * 100.0).round() as i64
        };
        // Mollie answers a key it saw with the first refund; it never refunds twice.
        if !s.refunds.iter().any(|r| r.idempotency_key == key) {
            let refunded: i64 = s
                .refunds
                .iter()
                .filter(|r| r.payment_id == id)
                .map(|r| cents(&r.amount))
                .sum();
            if refunded + cents(&body["amount"]) > cents(&payment.request["amount"]) {
                return Err(unprocessable(
                    "The amount is higher than the remaining amount of the payment".into(),
                ));
            }
        }
        Ok(MollieRefund {
            payment_id: id.clone(),
            amount: body["amount"].clone(),
            idempotency_key: key,
        })
    })();
    match checked {
        Ok(refund) => {
            let answer = json!({
                "resource": "refund",
                "id": format!("re_{}", random_id()),
                "amount": refund.amount,
                "status": "pending",
                "paymentId": refund.payment_id,
            });
            if !s
                .refunds
                .iter()
                .any(|r| r.idempotency_key == refund.idempotency_key)
            {
                s.refunds.push(refund);
            }
            mollie_json(StatusCode::CREATED, answer)
        }
        Err((status, detail)) => {
            s.violations.push(detail.clone());
            mollie_error(status, &detail)
        }
    }
}

async fn record_mollie(
    State(state): State<SharedMollie>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let (parts, body) = request.into_parts();
    let bytes = axum::body::to_bytes(body, 1 << 20)
        .await
        .unwrap_or_default();
    state.lock().unwrap().requests.push(Recorded {
        method: parts.method.clone(),
        path: parts.uri.path().to_string(),
        headers: parts.headers.clone(),
        body: bytes.clone(),
    });
    next.run(axum::extract::Request::from_parts(parts, bytes.into()))
        .await
}

async fn mollie_unknown_route() -> Response {
    mollie_error(StatusCode::NOT_FOUND, "The resource could not be found")
}

impl MollieStub {
    pub async fn start() -> Self {
        let state = SharedMollie::default();
        let router = Router::new()
            .route("/v2/payments", post(mollie_create_payment))
            .route(
                "/v2/payments/{id}",
                get(mollie_get_payment).delete(mollie_cancel_payment),
            )
            .route("/v2/payments/{id}/refunds", post(mollie_create_refund))
            .fallback(mollie_unknown_route)
            .layer(axum::middleware::from_fn_with_state(
                state.clone(),
                record_mollie,
            ))
            .with_state(state.clone());
        Self {
            base_url: serve(router).await,
            state,
        }
    }

    /// Payment settings that point the Mollie adapter at this stub.
    pub fn payment_settings(&self) -> PaymentSettings {
        PaymentSettings {
            provider: PaymentProviderKind::Mollie,
            mollie_api_key: Secret::new(MOLLIE_API_KEY),
            mollie_api_base: self.base_url.clone(),
            ..PaymentSettings::default()
        }
    }

    pub fn payments(&self) -> Vec<MolliePayment> {
        self.state.lock().unwrap().payments.clone()
    }

    pub fn payment(&self, id: &str) -> MolliePayment {
        self.payments()
            .into_iter()
            .find(|p| p.id == id)
            .unwrap_or_else(|| panic!("no Mollie payment {id}"))
    }

    pub fn refunds(&self) -> Vec<MollieRefund> {
        self.state.lock().unwrap().refunds.clone()
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.state.lock().unwrap().requests.clone()
    }

    /// Requests that broke one of Mollie's rules (each was answered 4xx).
    pub fn violations(&self) -> Vec<String> {
        self.state.lock().unwrap().violations.clone()
    }

    /// What the buyer did at Mollie: `paid`, `canceled`, `expired`, `failed`, `pending`, ...
    pub fn set_status(&self, id: &str, status: &str) {
        let mut s = self.state.lock().unwrap();
        let payment = s
            .payments
            .iter_mut()
            .find(|p| p.id == id)
            .unwrap_or_else(|| panic!("no Mollie payment {id}"));
        payment.status = status.into();
    }

    /// Mollie's API answers 503 while `down`.
    pub fn set_unavailable(&self, down: bool) {
        self.state.lock().unwrap().unavailable = down;
    }
}

/// The body Mollie posts to the webhook URL: the payment id and nothing else.
pub fn mollie_webhook_body(payment_id: &str) -> String {
    url::form_urlencoded::Serializer::new(String::new())
        .append_pair("id", payment_id)
        .finish()
}

pub const PLATFORM_WEBHOOK_SECRET: &str = "platform-stub-secret";

/// Checks an `X-InLumine-Signature` as a receiver should (README, Webhooks): `t=<unix>,v1=<hex
/// HMAC-SHA256 of "<t>.<body>">`, with `t` within five minutes of now.
pub fn signed_by(secret: &str, header: &str, body: &[u8]) -> bool {
    let mut t = None;
    let mut v1 = None;
    for part in header.split(',') {
        match part.split_once('=') {
            Some(("t", value)) => t = value.parse::<i64>().ok(),
            Some(("v1", value)) => v1 = hex::decode(value).ok(),
            _ => {}
        }
    }
    let (Some(t), Some(v1)) = (t, v1) else {
        return false;
    };
    let now = jiff::Timestamp::now().as_second();
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{t}.").as_bytes());
    mac.update(body);
    (now - t).abs() <= 300 && mac.verify_slice(&v1).is_ok()
}

#[derive(Default)]
struct PlatformState {
    /// Deliveries refused with 503 before the stub accepts.
    refuse_first: usize,
    requests: Vec<Recorded>,
    violations: Vec<String>,
}

/// The course platform's enrolment endpoint: checks the `X-InLumine-Signature` HMAC-SHA256 of
/// every body, answers 503 to the first `refuse_first` deliveries (a platform that is down),
/// then 200.
#[derive(Clone)]
pub struct PlatformStub {
    pub url: String,
    state: Arc<Mutex<PlatformState>>,
}

async fn platform_enrol(
    State(state): State<Arc<Mutex<PlatformState>>>,
    headers: HeaderMap,
    body: Bytes,
) -> StatusCode {
    let mut s = state.lock().unwrap();
    s.requests.push(Recorded {
        method: Method::POST,
        path: "/enrolments".into(),
        headers: headers.clone(),
        body: body.clone(),
    });
    if !signed_by(
        PLATFORM_WEBHOOK_SECRET,
        header(&headers, "x-inlumine-signature"),
        &body,
    ) {
        s.violations.push(format!(
            "bad signature {:?}",
            header(&headers, "x-inlumine-signature")
        ));
        return StatusCode::UNAUTHORIZED;
    }
    if header(&headers, "content-type") != "application/json" {
        s.violations.push("content-type is not JSON".into());
        return StatusCode::UNSUPPORTED_MEDIA_TYPE;
    }
    if s.requests.len() <= s.refuse_first {
        return StatusCode::SERVICE_UNAVAILABLE;
    }
    StatusCode::OK
}

impl PlatformStub {
    pub async fn start(refuse_first: usize) -> Self {
        let state = Arc::new(Mutex::new(PlatformState {
            refuse_first,
            ..PlatformState::default()
        }));
        let router = Router::new()
            .route("/enrolments", post(platform_enrol))
            .with_state(state.clone());
        let base = serve(router).await;
        Self {
            url: format!("{base}/enrolments"),
            state,
        }
    }

    /// Every delivery received, refused ones included.
    pub fn requests(&self) -> Vec<Recorded> {
        self.state.lock().unwrap().requests.clone()
    }

    pub fn violations(&self) -> Vec<String> {
        self.state.lock().unwrap().violations.clone()
    }
}
