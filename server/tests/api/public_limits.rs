//! Every public write has a limit (README "Limits on public writes"): past it, each answers 429
//! with `Retry-After` and a Dutch message, also when the requests take turns between two servers
//! on one PostgreSQL. The `[limits]` counts are set low here so the table stays quick; the fixed
//! sign-in limits run with their real values. Besides: the cap on upcoming intro calls, the
//! same answer whether or not an address is listed, and secret links gone from stored mails.
use reqwest::Method;
use serde_json::{Value, json};

use crate::commerce::{evening, order_body, press, started};
use crate::helpers::{
    ADMIN_EMAIL, Engine, TestApp, eventually, spawn_app_with, spawn_second_server_with, token_after,
};
use crate::intro_calls::{availability, booking, every_day, flat_slots, set_availability};
use crate::selftest::{published, submit, test_definition};
use inlumine::kit::configuration::Settings;

both_engines!(
    every_public_write_answers_429_with_retry_after_past_its_limit_on_every_server,
    one_booker_holds_at_most_two_upcoming_intro_calls_per_e_mail_and_per_address,
    the_waiting_list_and_a_webinar_answer_alike_whether_or_not_an_address_is_listed,
    offer_booking_and_opt_in_links_are_blanked_in_stored_mails_once_delivered,
);

/// What each `[limits]` rate is set to here.
const LOW: usize = 2;

/// Every rate of `[limits]` at `LOW`, and `X-Forwarded-For` trusted so each case (and, for the
/// per-account cases, each request) comes from an address of its own.
fn low_limits(settings: &mut Settings) {
    let l = &mut settings.limits;
    let low = LOW as u32;
    l.checkout_per_ip_per_hour = low;
    l.coupon_checks_per_ip_per_hour = low;
    l.newsletter_per_ip_per_hour = low;
    l.intro_calls_per_ip_per_hour = low;
    l.intro_calls_per_email_per_hour = low;
    l.webinar_per_ip_per_hour = low;
    l.webinar_per_email_per_hour = low;
    l.waitlist_per_ip_per_hour = low;
    l.contact_per_ip_per_10_min = low;
    l.contact_per_email_per_hour = low;
    l.one_click_per_ip_per_hour = low;
    l.review_links_per_ip_per_hour = low;
    l.test_mail_links_per_ip_per_hour = low;
    l.intro_call_links_per_ip_per_hour = low;
    l.newsletter_links_per_ip_per_hour = low;
    l.offer_quotes_per_ip_per_hour = low;
    l.course_access_checks_per_ip_per_hour = low;
    l.refresh_per_ip_per_hour = low;
    l.logout_per_ip_per_hour = low;
    l.payment_webhooks_per_ip_per_hour = low;
    l.simulated_payments_per_ip_per_hour = low;
    l.selftest_results_per_ip_per_hour = low;
    l.selftest_mail_per_ip_per_hour = low;
    l.selftest_mail_per_email_per_hour = low;
    l.selftest_links_per_ip_per_hour = low;
    settings.auth.trust_forwarded_for = true;
}

/// The first server, and on PostgreSQL a second one on its database: requests take turns.
async fn servers(engine: Engine, configure: fn(&mut Settings)) -> Vec<TestApp> {
    let app = spawn_app_with(engine, configure).await;
    let second = match engine {
        Engine::Postgres => Some(spawn_second_server_with(&app, configure).await),
        Engine::Sqlite => None,
    };
    std::iter::once(app).chain(second).collect()
}

/// One request from `ip`: status, Retry-After and the JSON body (Null when there is none).
async fn send(app: &TestApp, ip: &str, path: &str, body: &Value) -> (u16, Option<u64>, Value) {
    let res = app
        .client
        .post(app.url(path))
        .header("x-forwarded-for", ip)
        .json(body)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    let retry = res
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().parse::<u64>().unwrap());
    let text = res.text().await.unwrap();
    (
        status,
        retry,
        serde_json::from_str(&text).unwrap_or_default(),
    )
}

/// Whose count a case fills.
#[derive(Clone, Copy)]
enum Per {
    /// One client address.
    Address,
    /// An e-mail address or account, from a new client address every request.
    Account,
}

type Body = Box<dyn Fn(usize) -> Value>;

struct Case {
    name: &'static str,
    per: Per,
    /// Requests that pass before the 429s.
    allowed: usize,
    /// The endpoints sharing the limit, each with its body for the n-th request.
    endpoints: Vec<(String, Body)>,
}

fn case(name: &'static str, per: Per, allowed: usize, endpoints: Vec<(&str, Body)>) -> Case {
    Case {
        name,
        per,
        allowed,
        endpoints: endpoints
            .into_iter()
            .map(|(path, body)| (path.to_string(), body))
            .collect(),
    }
}

fn same(value: Value) -> Body {
    Box::new(move |_| value.clone())
}

fn body(f: impl Fn(usize) -> Value + 'static) -> Body {
    Box::new(f)
}

const PASSWORD: &str = "een-lang-nieuw-wachtwoord";

async fn every_public_write_answers_429_with_retry_after_past_its_limit_on_every_server(
    engine: Engine,
) {
    let servers = servers(engine, low_limits).await;
    let app = &servers[0];
    let event = evening(app, 50).await;
    // An invitation to an address that has an account meanwhile: every try of its live link is
    // refused after the hash (409), so only the per-account count stops them.
    let admin = app.admin_token().await;
    let res = app
        .authed(Method::POST, "/api/admin/accounts/invitations", &admin)
        .json(&json!({"email": "tweede@example.be"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let mail = app
        .wait_for_mails_to("tweede@example.be", 1)
        .await
        .remove(0);
    let invitation = token_after(&mail, "/admin/uitnodiging?token=");
    app.create_admin("tweede@example.be", "een-ander-wachtwoord")
        .await;

    // A published self-test, and one result whose mail is asked for from ever new addresses.
    let version = published(app, &admin, &test_definition(app).await).await;
    let (result, _) = submit(app, version, &[0; 6]).await;
    let result_mail = format!("/api/selftest/results/{result}/mail");

    let missing_event = 999_999;
    let cases = vec![
        // Sign-in, reset and invitation links: fixed limits (auth::throttle).
        case(
            "login: wrong passwords per account and address",
            Per::Address,
            5,
            vec![(
                "/api/auth/login",
                body(|i| json!({"email": ADMIN_EMAIL, "password": format!("fout-{i}")})),
            )],
        ),
        case(
            "password forgotten per address",
            Per::Address,
            10,
            vec![(
                "/api/auth/password-forgotten",
                body(|i| json!({"email": format!("iemand{i}@example.be")})),
            )],
        ),
        case(
            "password forgotten per account",
            Per::Account,
            3,
            vec![(
                "/api/auth/password-forgotten",
                same(json!({"email": "beheer@example.be"})),
            )],
        ),
        case(
            "reset and invitation links per address",
            Per::Address,
            20,
            vec![
                (
                    "/api/auth/password-reset",
                    body(|i| json!({"token": format!("gok{i}"), "password": PASSWORD})),
                ),
                (
                    "/api/auth/invitation",
                    body(|i| json!({"token": format!("gok{i}"), "password": PASSWORD})),
                ),
            ],
        ),
        case(
            "a live invitation link per account",
            Per::Account,
            10,
            vec![(
                "/api/auth/invitation",
                same(json!({"token": invitation, "password": PASSWORD})),
            )],
        ),
        // `[limits]`, at LOW.
        case(
            "refresh",
            Per::Address,
            LOW,
            vec![("/api/auth/refresh", same(json!({"refresh_token": "gok"})))],
        ),
        case(
            "logout",
            Per::Address,
            LOW,
            vec![("/api/auth/logout", same(json!({"refresh_token": "gok"})))],
        ),
        case(
            "checkout",
            Per::Address,
            LOW,
            vec![(
                "/api/checkout",
                body(move |_| order_body("vertelavond", Some(missing_event), 1)),
            )],
        ),
        case(
            "coupon checks",
            Per::Address,
            LOW,
            vec![(
                "/api/checkout/quote",
                body(
                    move |i| json!({"product": "vertelavond", "event_id": event, "quantity": 1, "coupon": format!("GOK{i}")}),
                ),
            )],
        ),
        case(
            "quotes with a waiting-list offer",
            Per::Address,
            LOW,
            vec![(
                "/api/checkout/quote",
                body(
                    move |i| json!({"product": "vertelavond", "event_id": event, "quantity": 1, "offer": format!("gok{i}")}),
                ),
            )],
        ),
        case(
            "contact per address",
            Per::Address,
            LOW,
            vec![(
                "/api/contact",
                body(|i| contact(&format!("vraag{i}@example.be"))),
            )],
        ),
        case(
            "contact per e-mail address",
            Per::Account,
            LOW,
            vec![("/api/contact", body(|_| contact("vraag@example.be")))],
        ),
        case(
            "course access code checks",
            Per::Address,
            LOW,
            vec![(
                "/api/course-access/check",
                body(
                    |i| json!({"code": format!("2345-6789-ABC{}", i + 2), "email": "sofie@example.be"}),
                ),
            )],
        ),
        case(
            "waiting list",
            Per::Address,
            LOW,
            vec![(
                &format!("/api/events/{missing_event}/waitlist"),
                body(|i| json!({"name": "An", "email": format!("wacht{i}@example.be")})),
            )],
        ),
        case(
            "go-live test mail link",
            Per::Address,
            LOW,
            vec![(
                "/api/go-live/test-mail/received",
                same(json!({"token": "gok"})),
            )],
        ),
        case(
            "intro-call bookings per address",
            Per::Address,
            LOW,
            vec![(
                "/api/intro-calls",
                body(|i| booking("2030-01-07T09:00:00Z", &format!("lien{i}@example.be"))),
            )],
        ),
        case(
            "intro-call bookings per e-mail address",
            Per::Account,
            LOW,
            vec![(
                "/api/intro-calls",
                same(booking("2030-01-07T09:00:00Z", "lien@example.be")),
            )],
        ),
        case(
            "intro-call links",
            Per::Address,
            LOW,
            vec![
                ("/api/intro-calls/manage", same(json!({"token": "gok"}))),
                ("/api/intro-calls/cancel", same(json!({"token": "gok"}))),
                (
                    "/api/intro-calls/move",
                    same(json!({"token": "gok", "starts_at": "2030-01-07T09:00:00Z"})),
                ),
            ],
        ),
        case(
            "newsletter signups",
            Per::Address,
            LOW,
            vec![(
                "/api/newsletter",
                body(|i| json!({"firstName": "Lotte", "email": format!("lezer{i}@example.be")})),
            )],
        ),
        case(
            "newsletter links",
            Per::Address,
            LOW,
            vec![
                ("/api/newsletter/confirm", same(json!({"token": "gok"}))),
                ("/api/newsletter/unsubscribe", same(json!({"token": "gok"}))),
            ],
        ),
        case(
            "one-click unsubscribes",
            Per::Address,
            LOW,
            vec![("/api/newsletter/one-click?token=gok", same(json!({})))],
        ),
        case(
            "payment webhooks",
            Per::Address,
            LOW,
            vec![("/api/payments/webhook/simulated", same(json!({})))],
        ),
        case(
            "simulated payment page",
            Per::Address,
            LOW,
            vec![(
                "/api/payments/simulated/gok",
                same(json!({"outcome": "paid"})),
            )],
        ),
        case(
            "review invitation links",
            Per::Address,
            LOW,
            vec![
                (
                    "/api/review-invitations/open",
                    same(json!({"token": "gok"})),
                ),
                (
                    "/api/review-invitations/opt-out",
                    same(json!({"token": "gok"})),
                ),
                (
                    "/api/review-invitations/review",
                    same(json!({"token": "gok", "rating": 5, "text": "Heel fijn."})),
                ),
            ],
        ),
        case(
            "self-test results",
            Per::Address,
            LOW,
            vec![(
                "/api/selftest/results",
                same(json!({"version": version, "answers": [4, 4, 4, 0, 0, 0]})),
            )],
        ),
        case(
            "self-test result mails per address",
            Per::Address,
            LOW,
            vec![(
                "/api/selftest/results/gok/mail",
                body(|i| json!({"email": format!("zelf{i}@example.be"), "newsletter": false})),
            )],
        ),
        case(
            "self-test result mails per e-mail address",
            Per::Account,
            LOW,
            vec![(
                &result_mail,
                same(json!({"email": "zelf@example.be", "newsletter": false})),
            )],
        ),
        case(
            "self-test confirmation links",
            Per::Address,
            LOW,
            vec![("/api/selftest/confirm", same(json!({"token": "gok"})))],
        ),
        case(
            "webinar registrations per address",
            Per::Address,
            LOW,
            vec![(
                &format!("/api/webinars/{missing_event}/registrations"),
                body(|i| json!({"name": "An", "email": format!("kijker{i}@example.be")})),
            )],
        ),
        case(
            "webinar registrations per e-mail address",
            Per::Account,
            LOW,
            vec![(
                &format!("/api/webinars/{missing_event}/registrations"),
                same(json!({"name": "An", "email": "kijker@example.be"})),
            )],
        ),
    ];

    let mut turn = 0;
    for (c, case) in cases.iter().enumerate() {
        let ip = |i: usize| match case.per {
            Per::Address => format!("198.51.100.{c}"),
            Per::Account => format!("203.0.{c}.{i}"),
        };
        for i in 0..case.allowed {
            let (path, body) = &case.endpoints[i % case.endpoints.len()];
            let server = &servers[turn % servers.len()];
            turn += 1;
            let (status, _, answer) = send(server, &ip(i), path, &body(i)).await;
            assert!(
                status != 429 && status < 500,
                "{}: request {} of {path}: {status} {answer}",
                case.name,
                i + 1
            );
        }
        for (j, (path, body)) in case.endpoints.iter().enumerate() {
            let i = case.allowed + j;
            let server = &servers[turn % servers.len()];
            turn += 1;
            let (status, retry, answer) = send(server, &ip(i), path, &body(i)).await;
            assert_eq!(
                status, 429,
                "{}: {path} past the limit: {answer}",
                case.name
            );
            let secs = retry.unwrap_or_else(|| panic!("{}: {path} without Retry-After", case.name));
            assert!(
                (1..=3600).contains(&secs),
                "{}: Retry-After {secs}",
                case.name
            );
            assert_eq!(answer["error"]["code"], "rate_limited", "{answer}");
            assert!(
                answer["error"]["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("Wacht een momentje")),
                "{}: a Dutch message: {answer}",
                case.name
            );
        }
    }
    // The empty archive's form, posted without scripts, is counted with the API's signups: past
    // the limit its page says so and sends Retry-After.
    let ip = "198.51.100.250";
    for i in 0..LOW {
        let server = &servers[i % servers.len()];
        let body = json!({"firstName": "Lotte", "email": format!("archief{i}@example.be")});
        let (status, _, answer) = send(server, ip, "/api/newsletter", &body).await;
        assert!(status != 429 && status < 500, "{status} {answer}");
    }
    let res = servers[LOW % servers.len()]
        .client
        .post(servers[LOW % servers.len()].url("/nieuwsbrief/archief"))
        .header("x-forwarded-for", ip)
        .form(&[("firstName", "Lotte"), ("email", "archief@example.be")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 429);
    let secs: u64 = res
        .headers()
        .get("retry-after")
        .expect("the archive's form sends Retry-After")
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=3600).contains(&secs), "Retry-After {secs}");
    let html = res.text().await.unwrap();
    assert!(
        html.contains("Probeer het over enkele minuten opnieuw."),
        "{html}"
    );

    // Every route of the README's table came by (the lib test checks the table against the
    // routes): nothing here was a mere 404 of a mistyped path.
    let tried: std::collections::BTreeSet<&str> = cases
        .iter()
        .flat_map(|c| {
            c.endpoints
                .iter()
                .map(|(p, _)| p.split('?').next().unwrap())
        })
        .collect();
    assert_eq!(tried.len(), 30, "{tried:?}");
}

fn contact(email: &str) -> Value {
    json!({
        "name": "Sofie Peeters",
        "email": email,
        "phone": "0470 12 34 56",
        "subject": "coaching",
        "message": "Dag Lien, ik wil graag weten hoe een traject eruitziet.",
        "privacy_consent": true,
        "website": "",
    })
}

fn generous_but_trusting(settings: &mut Settings) {
    crate::helpers::generous_limits(settings);
    settings.limits.intro_calls_upcoming_per_email = 2;
    settings.limits.intro_calls_upcoming_per_ip = 2;
    settings.auth.trust_forwarded_for = true;
}

async fn one_booker_holds_at_most_two_upcoming_intro_calls_per_e_mail_and_per_address(
    engine: Engine,
) {
    let servers = servers(engine, generous_but_trusting).await;
    let app = &servers[0];
    let token = app.admin_token().await;
    set_availability(
        app,
        &token,
        availability(every_day("08:00", "20:00"), 0, 0, 2),
    )
    .await;
    let slots: Vec<String> = flat_slots(app).await.into_iter().map(|s| s.2).collect();
    let mut turn = 0;
    let mut book = async |ip: &str, slot: &str, email: &str| {
        let server = &servers[turn % servers.len()];
        turn += 1;
        send(server, ip, "/api/intro-calls", &booking(slot, email)).await
    };
    for slot in &slots[..2] {
        assert_eq!(book("198.51.100.1", slot, "lien@example.be").await.0, 201);
    }
    // A third for the same e-mail address from elsewhere, and one for a new address from the
    // same client: both refused, in the same words (neither says which cap it met).
    let by_email = book("198.51.100.2", &slots[2], "LIEN@example.be").await;
    let by_address = book("198.51.100.1", &slots[3], "ander@example.be").await;
    for (status, retry, answer) in [&by_email, &by_address] {
        assert_eq!(*status, 429, "{answer}");
        let secs = retry.expect("Retry-After");
        assert!(secs >= 1, "until the first call has started: {secs}");
        assert_eq!(answer["error"]["code"], "rate_limited");
        assert!(
            answer["error"]["message"]
                .as_str()
                .unwrap()
                .contains("Verplaats of annuleer er dan eerst een"),
            "{answer}"
        );
    }
    assert_eq!(by_email.2, by_address.2);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM intro_calls").await,
        2,
        "nothing held"
    );
    // Another booker from another address is not held back.
    assert_eq!(
        book("198.51.100.3", &slots[4], "jan@example.be").await.0,
        201
    );
    // A cancelled call frees its place at once, for the e-mail address and the client address.
    sqlx::query(
        "UPDATE intro_calls SET status = 'cancelled' WHERE id = \
         (SELECT MIN(id) FROM intro_calls WHERE email = 'lien@example.be')",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    assert_eq!(
        book("198.51.100.4", &slots[5], "lien@example.be").await.0,
        201
    );
    // The client address holds one upcoming call now (Lien's second): room for one more.
    assert_eq!(
        book("198.51.100.1", &slots[6], "ander@example.be").await.0,
        201
    );
    assert_eq!(
        book("198.51.100.1", &slots[7], "derde@example.be").await.0,
        429
    );
    // Only upcoming calls count: calls that have started no longer hold a place.
    let ids: Vec<i64> = sqlx::query(
        "SELECT id FROM intro_calls WHERE email = 'lien@example.be' AND status = 'booked'",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap()
    .iter()
    .map(|row| sqlx::Row::try_get(row, "id").unwrap())
    .collect();
    assert_eq!(ids.len(), 2);
    for (n, id) in ids.iter().enumerate() {
        sqlx::query("UPDATE intro_calls SET starts_at = $1 WHERE id = $2")
            .bind(format!("2020-01-0{}T09:00:00.000000Z", n + 1))
            .bind(id)
            .execute(&app.pool)
            .await
            .unwrap();
    }
    assert_eq!(
        book("198.51.100.5", &slots[8], "lien@example.be").await.0,
        201
    );
}

async fn the_waiting_list_and_a_webinar_answer_alike_whether_or_not_an_address_is_listed(
    engine: Engine,
) {
    let servers = servers(engine, crate::helpers::generous_limits).await;
    let app = &servers[0];
    let other = servers.last().unwrap();
    // A sold-out evening: the first joins, then the same address and a new one.
    let event = evening(app, 2).await;
    sqlx::query("UPDATE events SET seats_taken = capacity WHERE id = $1")
        .bind(event)
        .execute(&app.pool)
        .await
        .unwrap();
    let path = format!("/api/events/{event}/waitlist");
    let join = async |server: &TestApp, email: &str| {
        let (status, _, body) = send(
            server,
            "198.51.100.9",
            &path,
            &json!({"name": "An", "email": email}),
        )
        .await;
        (status, body)
    };
    let first = join(app, "an@example.be").await;
    assert_eq!(first.0, 200, "{first:?}");
    let again = join(other, "AN@example.be").await;
    let stranger = join(app, "bert@example.be").await;
    assert_eq!(first, again, "a listed address gets the new one's answer");
    assert_eq!(first, stranger);
    assert!(first.1.get("position").is_none(), "{first:?}");
    assert_eq!(
        app.count("SELECT COUNT(*) FROM waitlist_entries").await,
        2,
        "joining twice keeps one place"
    );

    // A free webinar: a new registration and a repeated one get one answer.
    let starts_at = jiff::Timestamp::now() + jiff::SignedDuration::from_hours(48);
    let webinar = app.insert_webinar(starts_at, 2, 0, "published").await;
    let path = format!("/api/webinars/{webinar}/registrations");
    let register = async |server: &TestApp, email: &str| {
        let (status, _, body) = send(
            server,
            "198.51.100.10",
            &path,
            &json!({"name": "An", "email": email}),
        )
        .await;
        (status, body)
    };
    let new = register(app, "an@example.be").await;
    assert_eq!(new.0, 200, "{new:?}");
    let repeated = register(other, "an@example.be").await;
    assert_eq!(new, repeated);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM tickets").await,
        1,
        "one seat"
    );
    assert_eq!(
        crate::helpers::wait_for_mails_on(&servers, "an@example.be", 1).await,
        1,
        "only the new registration mails"
    );
    // Full: the registered address and a new one hear the same.
    assert_eq!(register(app, "bert@example.be").await.0, 200);
    let full_new = register(other, "carla@example.be").await;
    let full_listed = register(app, "an@example.be").await;
    assert_eq!(full_new.0, 409, "{full_new:?}");
    assert_eq!(full_new, full_listed);
}

async fn offer_booking_and_opt_in_links_are_blanked_in_stored_mails_once_delivered(engine: Engine) {
    let app = spawn_app_with(engine, |settings| {
        crate::helpers::generous_limits(settings);
        // Freed seats reach the waiting list within a second.
        settings.waitlist.interval_secs = 1;
    })
    .await;
    let token = app.admin_token().await;
    set_availability(
        &app,
        &token,
        availability(every_day("08:00", "20:00"), 0, 0, 2),
    )
    .await;
    let slot = flat_slots(&app).await.remove(0).2;
    let res = app
        .post_json("/api/intro-calls", &booking(&slot, "lien@example.be"))
        .await;
    assert_eq!(res.status(), 201);
    let res = app
        .post_json(
            "/api/newsletter",
            &json!({"firstName": "Lotte", "email": "lotte@example.be"}),
        )
        .await;
    assert_eq!(res.status(), 200);
    // A waiting-list offer: a sold-out evening, one in line, then a seat frees up.
    let event = evening(&app, 1).await;
    sqlx::query("UPDATE events SET seats_taken = 1 WHERE id = $1")
        .bind(event)
        .execute(&app.pool)
        .await
        .unwrap();
    let res = app
        .post_json(
            &format!("/api/events/{event}/waitlist"),
            &json!({"name": "Wout", "email": "wout@example.be"}),
        )
        .await;
    assert_eq!(res.status(), 200);
    sqlx::query("UPDATE events SET capacity = 2 WHERE id = $1")
        .bind(event)
        .execute(&app.pool)
        .await
        .unwrap();

    // A paid order of two tickets: its link and codes open her order and her seats.
    let concert = evening(&app, 10).await;
    let (order_id, reference) = started(&app, &order_body("vertelavond", Some(concert), 2)).await;
    press(&app, &reference, "paid").await;

    let call = app.wait_for_mails_to("lien@example.be", 1).await.remove(0);
    let opt_in = app.wait_for_mails_to("lotte@example.be", 1).await.remove(0);
    let offer = app.wait_for_mails_to("wout@example.be", 1).await.remove(0);
    let confirmation = app.wait_for_mails_to("sofie@example.be", 1).await.remove(0);
    let secrets = [
        token_after(&call, "/afspraak?token="),
        token_after(&opt_in, "/nieuwsbrief/bevestigen?token="),
        token_after(&opt_in, "/nieuwsbrief/uitschrijven?token="),
        token_after(&offer, "&offer="),
        order_id.clone(),
        token_after(&confirmation, "Ticket 1: "),
        token_after(&confirmation, "Ticket 2: "),
    ];
    assert!(confirmation.contains(&order_id), "{confirmation}");
    eventually("every mail is marked sent", || async {
        app.count("SELECT COUNT(*) FROM outbox WHERE status <> 'sent'")
            .await
            == 0
    })
    .await;
    let payloads: Vec<String> = sqlx::query("SELECT payload FROM outbox WHERE kind = 'email'")
        .fetch_all(&app.pool)
        .await
        .unwrap()
        .iter()
        .map(|row| sqlx::Row::try_get(row, "payload").unwrap())
        .collect();
    let all = payloads.join("\n");
    for secret in &secrets {
        assert!(secret.len() >= 14, "{secret}");
        assert!(!all.contains(secret.as_str()), "{secret} kept in {all}");
    }
    for to in [
        "lien@example.be",
        "lotte@example.be",
        "wout@example.be",
        "sofie@example.be",
    ] {
        let stored = payloads
            .iter()
            .find(|p| p.contains(&format!("\"to\":\"{to}\"")))
            .unwrap_or_else(|| panic!("a stored mail to {to}"));
        assert!(stored.contains("[verwijderd-na-verzending]"), "{stored}");
        // Nor the QR codes and calendar files that carry the codes.
        let stored: Value = serde_json::from_str(stored).unwrap();
        assert_eq!(stored["attachments"], json!([]), "{to}");
    }
    // Her order still opens with the link in her mailbox.
    let res = app.get(&format!("/api/orders/{order_id}")).await;
    assert_eq!(res.status(), 200);
    // The links themselves still work for whoever got the mail.
    let res = app
        .post_json("/api/newsletter/confirm", &json!({"token": secrets[1]}))
        .await;
    assert_eq!(res.status(), 200);
    let res = app
        .post_json("/api/intro-calls/manage", &json!({"token": secrets[0]}))
        .await;
    assert_eq!(res.status(), 200);
}
