//! Public checkout: live quotes, starting a payment for a new order, and the order status the
//! success page polls. Every amount is computed here; the client only names what it wants.
pub mod payments;
mod pricing;

use std::time::Duration;

use axum::Json;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::commerce::orders::{self, OrderStatus, OrderSummary};
use crate::commerce::products::ProductKind;
use crate::kit::domain::{CountryCode, EmailAddress, PhoneNumber, RegistrationNumber, VatNumber};
use crate::kit::error::{ApiJson, ApiPath, AppError};
use crate::kit::validation::Fields;
use crate::platform::client_ip::ClientIp;
use crate::platform::payments::NewPayment;
use crate::platform::state::AppState;
use crate::{commerce::products, kit::db, kit::secret_token};

pub use pricing::{OrderRequest, Priced, Quote};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start))
        .routes(routes!(quote))
        .routes(routes!(consent))
        .routes(routes!(order_summary))
        .merge(payments::routes())
}

/// The consent that fits the product, stored with the order in these exact words.
pub fn consent_text(product_kind: ProductKind) -> &'static str {
    if product_kind == ProductKind::Course {
        "Ik vraag uitdrukkelijk om meteen toegang te krijgen tot de online cursus en begrijp dat ik \
         daardoor mijn herroepingsrecht verlies."
    } else {
        "Ik begrijp dat er voor een vertelavond, cursusdatum of webinar op een vaste datum geen \
         herroepingsrecht geldt."
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ConsentQuery {
    /// Product slug.
    pub product: String,
}

#[derive(Serialize, ToSchema)]
pub struct Consent {
    pub text: String,
}

#[utoipa::path(
    get,
    path = "/checkout/consent",
    operation_id = "checkout_consent",
    tag = "commerce",
    params(ConsentQuery),
    responses(
        (status = 200, description = "The consent text the buyer must accept for this product", body = Consent),
        (status = 404, description = "Unknown product", body = crate::kit::error::ErrorBody),
    )
)]
pub async fn consent(
    State(state): State<AppState>,
    query: Result<Query<ConsentQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Consent>, AppError> {
    let Ok(Query(query)) = query else {
        return Err(products::not_found());
    };
    let product = products::find(&state.pool, &query.product)
        .await?
        .ok_or_else(products::not_found)?;
    Ok(Json(Consent {
        text: consent_text(product.product.kind).to_string(),
    }))
}

#[utoipa::path(
    post,
    path = "/checkout/quote",
    operation_id = "checkout_quote",
    tag = "commerce",
    request_body = OrderRequest,
    responses(
        (status = 200, description = "The price the server would charge; nothing is stored", body = Quote),
        (status = 404, description = "Unknown product or event", body = crate::kit::error::ErrorBody),
        (status = 409, description = "Sold out or no longer bookable", body = crate::kit::error::ErrorBody),
        (status = 422, description = "Invalid quantity or coupon, per field", body = crate::kit::error::ErrorBody),
        (status = 429, description = "Too many coupon checks, or quotes with a waiting-list offer, from this client address; see Retry-After", body = crate::kit::error::ErrorBody),
    )
)]
pub async fn quote(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(request): ApiJson<OrderRequest>,
) -> Result<Json<Quote>, AppError> {
    limit_coupon_checks(&state, &request, &ip).await?;
    // An offer's token is a secret link: a quote with one is a guess at it, and a write.
    if request.offer.is_some() {
        state.limits.offer_quotes_per_ip.admit(&ip).await?;
    }
    let mut tx = if request.offer.is_some() {
        db::begin_write(&state.pool).await?
    } else {
        state.pool.begin().await?
    };
    // An offer's seat counts as free for its holder; nothing is kept (rolled back).
    if let Some(offer) = &request.offer {
        if let Some(event_id) = request.event_id {
            crate::commerce::waitlist::offer_free_seats(&mut tx, &state, event_id).await?;
        }
        crate::commerce::waitlist::claim(&mut tx, offer, request.event_id).await?;
    }
    let priced = pricing::price(&mut tx, &request, &db::now()).await?;
    tx.rollback().await?;
    let vat_rate = crate::commerce::invoices::vat_rate(
        &state.site().seller(),
        priced.product.vat_rate_percent,
    );
    Ok(Json(priced.quote(vat_rate)))
}

/// Coupon guessing is what the quote could be used for, so only requests with a code count.
async fn limit_coupon_checks(
    state: &AppState,
    order: &OrderRequest,
    ip: &str,
) -> Result<(), AppError> {
    if order
        .coupon
        .as_deref()
        .is_some_and(|c| !c.trim().is_empty())
    {
        state.limits.coupon_per_ip.admit(ip).await?;
    }
    Ok(())
}

/// One buyer cannot hold seats in more than a few unpaid orders at once; the wait is until
/// the first of them expires.
async fn limit_unpaid_holds(
    tx: &mut db::Tx,
    state: &AppState,
    email: &EmailAddress,
    now: Timestamp,
) -> Result<(), AppError> {
    let row = sqlx::query(
        "SELECT COUNT(*) AS holds, MIN(expires_at) AS first_expiry FROM orders \
         WHERE status = 'pending' AND LOWER(email) = $1 AND expires_at > $2",
    )
    .bind(email.normalized())
    .bind(db::format_ts(now))
    .fetch_one(&mut **tx)
    .await?;
    let holds: i64 = row.try_get("holds")?;
    if holds < state.unpaid_holds_per_email {
        return Ok(());
    }
    let first_expiry = db::parse_ts(&row.try_get::<String, _>("first_expiry")?)?;
    tracing::warn!("checkout refused: too many unpaid orders for one buyer");
    Err(AppError::Throttled {
        retry_after_secs: first_expiry
            .duration_since(now)
            .as_secs()
            .unsigned_abs()
            .max(1),
        message: "Je hebt al een paar bestellingen die op betaling wachten. Rond er eerst één af, \
                  of probeer opnieuw zodra er een vervalt."
            .into(),
    })
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckoutRequest {
    /// Chosen by the form once per attempt (16–100 of A-Z a-z 0-9 - _); the same key finds the same order.
    pub idempotency_key: String,
    /// Product slug.
    pub product: String,
    /// Required for event products.
    pub event_id: Option<i64>,
    pub quantity: i64,
    pub coupon: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: Option<String>,
    pub company: Option<String>,
    pub vat_number: Option<String>,
    /// A company without a VAT number: its number in its country's trade register (required
    /// for a Belgian company without a VAT number: its enterprise number, KBO; a Dutch KvK or
    /// French SIREN number may be given, or another country's). Its e-invoice (UBL) names the
    /// company by it.
    pub registration_number: Option<String>,
    /// The address printed on the invoice: street, postal code, city and country together;
    /// required with a company, optional for a private buyer.
    pub street: Option<String>,
    pub postal_code: Option<String>,
    pub city: Option<String>,
    /// ISO 3166-1 alpha-2, e.g. `BE`.
    pub country: Option<String>,
    pub accept_terms: bool,
    /// The product's consent (see `/api/checkout/consent`).
    pub accept_consent: bool,
    /// The token of a waiting-list offer link (`offer` in its URL).
    pub offer: Option<String>,
}

impl CheckoutRequest {
    fn order(&self) -> OrderRequest {
        OrderRequest {
            product: self.product.clone(),
            event_id: self.event_id,
            quantity: self.quantity,
            coupon: self.coupon.clone(),
            offer: self.offer.clone(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct CheckoutStarted {
    /// The order's public id, used by the success and cancelled pages.
    pub order_id: String,
    /// The payment page to send the buyer to.
    pub checkout_url: String,
}

struct Buyer {
    first_name: String,
    last_name: String,
    email: EmailAddress,
    phone: Option<PhoneNumber>,
    company: Option<String>,
    vat_number: Option<VatNumber>,
    registration_number: Option<RegistrationNumber>,
    street: Option<String>,
    postal_code: Option<String>,
    city: Option<String>,
    country: Option<CountryCode>,
}

fn validate_buyer(request: &CheckoutRequest) -> Result<Buyer, AppError> {
    let mut fields = Fields::default();
    let key = &request.idempotency_key;
    if !(16..=100).contains(&key.len())
        || !key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        fields.error(
            "idempotency_key",
            "Herlaad de pagina en probeer het opnieuw.",
        );
    }
    let first_name = fields.text(
        "first_name",
        &request.first_name,
        "Je voornaam",
        Some("Vul je voornaam in."),
        100,
    );
    let last_name = fields.text(
        "last_name",
        &request.last_name,
        "Je achternaam",
        Some("Vul je achternaam in."),
        100,
    );
    let email = EmailAddress::parse(&request.email)
        .map_err(|m| fields.error("email", m))
        .ok();
    let optional = |fields: &mut Fields, field, value: &Option<String>, label, max| {
        let value = fields.text(
            field,
            value.as_deref().unwrap_or_default(),
            label,
            None,
            max,
        );
        (!value.is_empty()).then_some(value)
    };
    let phone = request
        .phone
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .and_then(|p| {
            PhoneNumber::parse(p)
                .map_err(|m| fields.error("phone", m))
                .ok()
        });
    let company = optional(
        &mut fields,
        "company",
        &request.company,
        "De bedrijfsnaam",
        150,
    );
    let vat_number = optional(
        &mut fields,
        "vat_number",
        &request.vat_number,
        "Het btw-nummer",
        20,
    )
    .and_then(|v| {
        VatNumber::parse(&v)
            .map_err(|m| fields.error("vat_number", m))
            .ok()
    });
    if vat_number.is_some() && company.is_none() {
        fields.error("company", "Vul ook de bedrijfsnaam in bij een btw-nummer.");
    }
    let street = optional(
        &mut fields,
        "street",
        &request.street,
        "De straat en het nummer",
        150,
    );
    let postal_code = optional(
        &mut fields,
        "postal_code",
        &request.postal_code,
        "De postcode",
        10,
    );
    let city = optional(&mut fields, "city", &request.city, "De gemeente", 100);
    let country =
        optional(&mut fields, "country", &request.country, "Het land", 40).and_then(|c| {
            CountryCode::parse(&c)
                .map_err(|m| fields.error("country", m))
                .ok()
        });
    let country_given = request
        .country
        .as_deref()
        .is_some_and(|c| !c.trim().is_empty());
    let registration_number = registration_number(
        &mut fields,
        request,
        company.is_some(),
        vat_number.as_ref(),
        country.as_ref(),
    );
    // A company's invoice needs its whole address; a private buyer's address is optional, but
    // whole when given.
    if company.is_some() {
        if street.is_none() {
            fields.error(
                "street",
                "Vul de straat en het huisnummer van je bedrijf in: ze komen op de factuur.",
            );
        }
        if postal_code.is_none() {
            fields.error("postal_code", "Vul de postcode van je bedrijf in.");
        }
        if city.is_none() {
            fields.error("city", "Vul de gemeente van je bedrijf in.");
        }
        if !country_given {
            fields.error("country", "Kies het land van je bedrijf.");
        }
    } else if street.is_some() || postal_code.is_some() || city.is_some() || country_given {
        if street.is_none() {
            fields.error("street", "Vul ook je straat en huisnummer in.");
        }
        if postal_code.is_none() {
            fields.error("postal_code", "Vul ook je postcode in.");
        }
        if city.is_none() {
            fields.error("city", "Vul ook je gemeente in.");
        }
        if !country_given {
            fields.error("country", "Kies ook je land.");
        }
    }
    if !request.accept_terms {
        fields.error(
            "accept_terms",
            "Aanvaard de algemene voorwaarden en het privacybeleid om verder te gaan.",
        );
    }
    if !request.accept_consent {
        fields.error(
            "accept_consent",
            "Vink deze verklaring aan om verder te gaan.",
        );
    }
    fields.finish()?;
    Ok(Buyer {
        first_name,
        last_name,
        email: email.expect("checked above"),
        phone,
        company,
        vat_number,
        registration_number,
        street,
        postal_code,
        city,
        country,
    })
}

/// The company's trade-register number, checked for the country of its address: required for
/// a Belgian company without a VAT number (every Belgian company has an enterprise number, and
/// its e-invoice needs one of the two), optional elsewhere.
fn registration_number(
    fields: &mut Fields,
    request: &CheckoutRequest,
    company: bool,
    vat_number: Option<&VatNumber>,
    country: Option<&CountryCode>,
) -> Option<RegistrationNumber> {
    const FIELD: &str = "registration_number";
    let typed = request
        .registration_number
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty());
    let country = country.map(AsRef::<str>::as_ref);
    let Some(typed) = typed else {
        if company && vat_number.is_none() && country == Some("BE") {
            fields.error(
                FIELD,
                "Vul het ondernemingsnummer van je bedrijf of vereniging in (tien cijfers, bv. 0123.456.749), \
                 of het btw-nummer: een van de twee komt op de factuur.",
            );
        }
        return None;
    };
    if typed.chars().count() > 40 {
        fields.error(FIELD, "Dit nummer is te lang: geef alleen het nummer zelf.");
        return None;
    }
    if !company {
        fields.error(
            "company",
            "Vul ook de bedrijfsnaam in bij een ondernemingsnummer.",
        );
        return None;
    }
    // Without a (valid) country its shape cannot be checked; the country has its own message.
    let country = country?;
    let number = RegistrationNumber::parse(country, typed)
        .map_err(|m| fields.error(FIELD, m))
        .ok()?;
    if let Some(enterprise) = vat_number.and_then(VatNumber::belgian_enterprise_number)
        && country == "BE"
        && enterprise != number.as_ref()
    {
        fields.error(
            FIELD,
            "Dit ondernemingsnummer hoort niet bij het btw-nummer. Laat het leeg: het btw-nummer volstaat.",
        );
        return None;
    }
    Some(number)
}

#[utoipa::path(
    post,
    path = "/checkout",
    operation_id = "start_checkout",
    tag = "commerce",
    request_body = CheckoutRequest,
    responses(
        (status = 201, description = "Order created with its seats held; send the buyer to checkout_url", body = CheckoutStarted),
        (status = 200, description = "This idempotency key already made an order: the same one", body = CheckoutStarted),
        (status = 404, description = "Unknown product or event", body = crate::kit::error::ErrorBody),
        (status = 409, description = "Sold out (\"uitverkocht\") or no longer bookable", body = crate::kit::error::ErrorBody),
        (status = 422, description = "Invalid input, per field; unknown fields such as prices are refused", body = crate::kit::error::ErrorBody),
        (status = 429, description = "Too many checkouts or coupon checks from this client address, or too many unpaid orders for this e-mail address; see Retry-After", body = crate::kit::error::ErrorBody),
        (status = 503, description = "The payment provider cannot be reached; nothing is held", body = crate::kit::error::ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn start(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(request): ApiJson<CheckoutRequest>,
) -> Result<(StatusCode, Json<CheckoutStarted>), AppError> {
    let buyer = validate_buyer(&request)?;
    let order = request.order();
    if let Some(existing) = existing_order(&state, &request.idempotency_key).await? {
        return Ok((StatusCode::OK, Json(existing)));
    }
    // Only new orders count: a repeated submit of one attempt found its order above.
    state.limits.checkout_per_ip.admit(&ip).await?;
    limit_coupon_checks(&state, &order, &ip).await?;

    let now = Timestamp::now();
    let expires_at = now + SignedDuration::try_from(state.order_hold).expect("hold fits");
    let public_id = secret_token::new_token();
    let mut tx = db::begin_write(&state.pool).await?;
    // The event first (see agenda::seats): from here until the commit no seat of it comes free
    // or goes unseen, so the waiting list below is offered every free seat before this buyer
    // may take one.
    if let Some(event_id) = order.event_id {
        crate::agenda::seats::lock(&mut tx, [event_id]).await?;
    }
    // Holds that ran out free their seats first, so they never block a buyer.
    let expired = orders::expire_due_in(&mut tx, order.event_id).await?;
    limit_unpaid_holds(&mut tx, &state, &buyer.email, now).await?;
    // An offer link hands its held seat to this order; seats that came free go to the waiting
    // list first, so a line is never skipped by whoever looks at the right time.
    // Freed seats first go back to offers whose payment was left, then down the line.
    if let Some(event_id) = order.event_id {
        crate::commerce::waitlist::offer_free_seats(&mut tx, &state, event_id).await?;
    }
    let offer_entry = match &order.offer {
        Some(offer) => {
            Some(crate::commerce::waitlist::claim(&mut tx, offer, order.event_id).await?)
        }
        None => None,
    };
    let priced = pricing::price(&mut tx, &order, &db::format_ts(now)).await?;
    let seats = if priced.event.is_some() {
        priced.quantity
    } else {
        0
    };
    if let Some(event) = &priced.event
        && !crate::agenda::seats::take(&mut tx, event.id, seats).await?
    {
        return Err(pricing::sold_out(event.seats_left, seats));
    }
    if let Some(coupon) = &priced.coupon
        && !crate::commerce::coupons::hold(&mut tx, coupon.id).await?
    {
        return Err(Fields::one("coupon", crate::commerce::coupons::USED_UP));
    }
    let inserted = sqlx::query(
        "INSERT INTO orders (public_id, idempotency_key, product_id, event_id, quantity, first_name, last_name, \
         email, phone, company, vat_number, unit_price_cents, subtotal_cents, discount_cents, total_cents, \
         coupon_id, coupon_code, coupon_held, seats_held, terms_accepted_at, consent_text, status, provider, \
         expires_at, created_at, updated_at, billing_street, billing_postal_code, billing_city, billing_country, \
         registration_number) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, \
         'pending', $22, $23, $20, $20, $24, $25, $26, $27, $28) RETURNING id",
    )
    .bind(&public_id)
    .bind(&request.idempotency_key)
    .bind(priced.product.id)
    .bind(priced.event.as_ref().map(|e| e.id))
    .bind(priced.quantity)
    .bind(&buyer.first_name)
    .bind(&buyer.last_name)
    .bind(buyer.email.as_ref())
    .bind(buyer.phone.as_ref().map(AsRef::<str>::as_ref))
    .bind(&buyer.company)
    .bind(buyer.vat_number.as_ref().map(AsRef::<str>::as_ref))
    .bind(priced.unit_price_cents)
    .bind(priced.subtotal_cents)
    .bind(priced.discount_cents)
    .bind(priced.total_cents)
    .bind(priced.coupon.as_ref().map(|c| c.id))
    .bind(priced.coupon.as_ref().map(|c| c.code.clone()))
    .bind(i64::from(priced.coupon.is_some()))
    .bind(seats)
    .bind(db::format_ts(now))
    .bind(consent_text(priced.product.product.kind))
    .bind(state.payments.kind())
    .bind(db::format_ts(expires_at))
    .bind(&buyer.street)
    .bind(&buyer.postal_code)
    .bind(&buyer.city)
    .bind(buyer.country.as_ref().map(AsRef::<str>::as_ref))
    .bind(buyer.registration_number.as_ref().map(AsRef::<str>::as_ref))
    .fetch_one(&mut *tx)
    .await;
    let order_id: i64 = match inserted {
        Ok(row) => row.try_get("id")?,
        // The same key raced us: that request's order is the answer.
        Err(e) if db::is_unique_violation(&e) => {
            drop(tx);
            return match existing_order(&state, &request.idempotency_key).await? {
                Some(existing) => Ok((StatusCode::OK, Json(existing))),
                None => Err(e.into()),
            };
        }
        Err(e) => return Err(e.into()),
    };
    orders::record(
        &mut tx,
        order_id,
        OrderStatus::Pending,
        "Bestelling aangemaakt; plaatsen vastgehouden tot betaling.",
    )
    .await?;
    if let Some(entry_id) = offer_entry {
        crate::commerce::waitlist::link_order(&mut tx, entry_id, order_id).await?;
        orders::record(
            &mut tx,
            order_id,
            OrderStatus::Pending,
            "Besteld via een uitnodiging van de wachtlijst.",
        )
        .await?;
    }
    tx.commit().await?;
    state.outbox_notify.notify_one();
    orders::cancel_at_provider(&state, expired).await;

    let description = priced.description();
    let payment = NewPayment {
        order_public_id: &public_id,
        description: &description,
        amount_cents: priced.total_cents,
        email: buyer.email.as_ref(),
        success_url: format!("{}/payment-success?order={public_id}", state.public_url),
        cancel_url: format!("{}/payment-canceled?order={public_id}", state.public_url),
        webhook_url: format!(
            "{}/api/payments/webhook/{}",
            state.public_url,
            state.payments.kind()
        ),
        expires_at,
    };
    let created = match state.payments.create_payment(&payment).await {
        Ok(created) => created,
        Err(e) => {
            tracing::error!(
                error = format!("{e:#}"),
                "payment provider refused the payment"
            );
            orders::fail_unstarted(&state.pool, order_id).await?;
            return Err(AppError::Unavailable(
                "De betaling kon niet gestart worden. Er is niets aangerekend; probeer het over een paar minuten opnieuw."
                    .into(),
            ));
        }
    };
    sqlx::query(
        "UPDATE orders SET provider_ref = $1, checkout_url = $2, updated_at = $3 WHERE id = $4",
    )
    .bind(&created.provider_ref)
    .bind(&created.checkout_url)
    .bind(db::now())
    .bind(order_id)
    .execute(&state.pool)
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(CheckoutStarted {
            order_id: public_id,
            checkout_url: created.checkout_url,
        }),
    ))
}

/// The order an idempotency key already made. Its payment page may still be on its way
/// (another request is talking to the provider), so wait for it briefly.
async fn existing_order(state: &AppState, key: &str) -> Result<Option<CheckoutStarted>, AppError> {
    for _ in 0..40 {
        let row = sqlx::query(
            "SELECT public_id, checkout_url, status FROM orders WHERE idempotency_key = $1",
        )
        .bind(key)
        .fetch_optional(&state.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let status: OrderStatus = row.try_get("status")?;
        if let Some(checkout_url) = row.try_get::<Option<String>, _>("checkout_url")? {
            return Ok(Some(CheckoutStarted {
                order_id: row.try_get("public_id")?,
                checkout_url,
            }));
        }
        if status != OrderStatus::Pending {
            return Err(AppError::Conflict(
                "Deze bestelling kon niet afgerond worden. Herlaad de pagina en probeer het opnieuw.".into(),
            ));
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    Err(AppError::Unavailable(
        "Je bestelling wordt nog aangemaakt. Probeer het zo meteen opnieuw.".into(),
    ))
}

#[utoipa::path(
    get,
    path = "/orders/{order_id}",
    operation_id = "get_order",
    tag = "commerce",
    params(("order_id" = String, Path, description = "The order's public id")),
    responses(
        (status = 200, description = "The order as the buyer may see it", body = OrderSummary),
        (status = 404, description = "Unknown order", body = crate::kit::error::ErrorBody),
    )
)]
pub async fn order_summary(
    State(state): State<AppState>,
    ApiPath(order_id): ApiPath<String>,
) -> Result<Json<OrderSummary>, AppError> {
    orders::summary(&state.pool, &order_id)
        .await?
        .map(Json)
        .ok_or_else(|| AppError::NotFound("Deze bestelling bestaat niet.".into()))
}
