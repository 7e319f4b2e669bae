//! Waiting lists of sold-out events and the coach's messages to an event's attendees.
use std::time::Duration;

use futures_util::future::join_all;
use serde_json::{Value, json};
use sqlx::Row;

use crate::commerce::{evening, order, order_body, press, seats_taken, started};
use crate::helpers::{Engine, TestApp, eventually, generous_limits, spawn_app_with, token_after};

both_engines!(
    an_expired_hold_on_a_sold_out_event_offers_one_seat_to_the_first_in_line,
    an_unused_offer_passes_to_the_next_in_line_after_its_time,
    two_seats_freed_at_once_make_two_offers,
    concurrent_buyers_and_offer_links_never_take_more_seats_than_capacity,
    the_coach_sees_the_list_and_removing_an_offer_passes_it_on,
    a_message_to_attendees_reaches_each_valid_holder_once,
    erasing_someone_with_an_open_offer_passes_the_seat_on,
    a_link_whose_payment_was_cancelled_works_again_while_the_offer_runs,
    seats_the_coach_frees_while_twenty_outsiders_check_out_all_go_to_the_line,
    a_late_payment_never_takes_a_seat_offered_to_the_line,
    a_late_payment_leaves_a_freed_seat_to_those_waiting_before_any_offer,
);

const OFFER_SUBJECT: &str = "Er is een plaats vrij";

fn fast(settings: &mut inlumine::kit::configuration::Settings) {
    generous_limits(settings);
    settings.waitlist.interval_secs = 1;
}

fn buyer(email: &str, event: i64, quantity: i64) -> Value {
    let mut body = order_body("vertelavond", Some(event), quantity);
    body["email"] = json!(email);
    body
}

async fn join(app: &TestApp, event: i64, name: &str, email: &str) -> reqwest::Response {
    app.post_json(
        &format!("/api/events/{event}/waitlist"),
        &json!({"name": name, "email": email}),
    )
    .await
}

async fn joined(app: &TestApp, event: i64, name: &str, email: &str) -> Value {
    let res = join(app, event, name, email).await;
    let status = res.status().as_u16();
    let body: Value = res.json().await.unwrap();
    assert_eq!(status, 200, "{body}");
    body
}

async fn status_of(app: &TestApp, email: &str) -> String {
    sqlx::query("SELECT status FROM waitlist_entries WHERE email = $1")
        .bind(email)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap()
}

fn offers_to(app: &TestApp, email: &str) -> Vec<String> {
    app.mails_to(email)
        .into_iter()
        .filter(|m| m.contains(OFFER_SUBJECT))
        .collect()
}

fn all_offers(app: &TestApp) -> usize {
    app.mail_files()
        .iter()
        .filter(|f| std::fs::read_to_string(f).unwrap().contains(OFFER_SUBJECT))
        .count()
}

async fn expire_orders(app: &TestApp) {
    sqlx::query(
        "UPDATE orders SET expires_at = '2020-01-01T00:00:00.000000Z' WHERE status = 'pending'",
    )
    .execute(&app.pool)
    .await
    .unwrap();
}

/// Seats are counted once: by orders holding them and by open offers, never beyond capacity.
async fn assert_seats_add_up(app: &TestApp, event: i64, capacity: i64) {
    let held: i64 = sqlx::query(
        "SELECT CAST(COALESCE(SUM(seats_held), 0) AS BIGINT) FROM orders WHERE event_id = $1 AND status IN ('pending', 'paid')",
    )
    .bind(event)
    .fetch_one(&app.pool)
    .await
    .unwrap()
    .try_get(0)
    .unwrap();
    let offered: i64 = sqlx::query(
        "SELECT COUNT(*) FROM waitlist_entries WHERE event_id = $1 AND status = 'offered'",
    )
    .bind(event)
    .fetch_one(&app.pool)
    .await
    .unwrap()
    .try_get(0)
    .unwrap();
    let taken = seats_taken(app, event).await;
    assert_eq!(taken, held + offered, "held {held}, offered {offered}");
    assert!(taken <= capacity, "{taken} seats taken of {capacity}");
}

async fn quote_with(app: &TestApp, event: i64, offer: &str) -> reqwest::Response {
    app.post_json(
        "/api/checkout/quote",
        &json!({"product": "vertelavond", "event_id": event, "quantity": 1, "offer": offer}),
    )
    .await
}

async fn an_expired_hold_on_a_sold_out_event_offers_one_seat_to_the_first_in_line(engine: Engine) {
    let app = spawn_app_with(engine, fast).await;
    let event = evening(&app, 2).await;
    // Seats are free: no line, buy a ticket.
    assert_eq!(join(&app, event, "An", "an@example.be").await.status(), 409);
    let (_, paid_ref) = started(&app, &buyer("sofie@example.be", event, 1)).await;
    press(&app, &paid_ref, "paid").await;
    started(&app, &buyer("piet@example.be", event, 1)).await;
    assert_eq!(seats_taken(&app, event).await, 2);

    let first = joined(&app, event, "An Claes", "an@example.be").await;
    assert_eq!(first["message"], inlumine::commerce::waitlist::JOINED);
    joined(&app, event, "Bert Janssens", "bert@example.be").await;
    // Joining twice keeps the first place, and answers as the first time.
    assert_eq!(
        joined(&app, event, "An Claes", "AN@example.be").await,
        first
    );
    assert_eq!(
        app.count(
            "SELECT COUNT(*) FROM waitlist_entries WHERE joined_at <= \
             (SELECT joined_at FROM waitlist_entries WHERE email_normalized = 'an@example.be')"
        )
        .await,
        1,
        "An is first in line"
    );
    let bad = join(&app, event, "", "geen-adres").await;
    assert_eq!(bad.status(), 422);
    assert_eq!(app.count("SELECT COUNT(*) FROM waitlist_entries").await, 2);

    expire_orders(&app).await;
    let offer = app.wait_for_mails_to("an@example.be", 1).await;
    // A few more passes change nothing: one seat, one offer.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(offers_to(&app, "an@example.be").len(), 1);
    assert_eq!(all_offers(&app), 1);
    assert_eq!(status_of(&app, "an@example.be").await, "offered");
    assert_eq!(status_of(&app, "bert@example.be").await, "waiting");
    assert_eq!(seats_taken(&app, event).await, 2);
    assert_seats_add_up(&app, event, 2).await;

    // Nobody else gets the held seat.
    let res = app
        .post_json("/api/checkout", &buyer("kim@example.be", event, 1))
        .await;
    assert_eq!(res.status(), 409);

    // The link holds the seat for its owner: the quote and the checkout work, for one seat.
    let token = token_after(&offer[0], "offer=");
    assert_eq!(quote_with(&app, event, &token).await.status(), 200);
    let mut two = buyer("an@example.be", event, 2);
    two["offer"] = json!(token);
    assert_eq!(app.post_json("/api/checkout", &two).await.status(), 422);
    let mut body = buyer("an@example.be", event, 1);
    body["offer"] = json!(token);
    let (order_id, reference) = started(&app, &body).await;
    assert_eq!(status_of(&app, "an@example.be").await, "claimed");
    assert_eq!(seats_taken(&app, event).await, 2);
    press(&app, &reference, "paid").await;
    assert_eq!(order(&app, &order_id).await["status"], "paid");
    // A used link does not hold a second seat.
    let mut again = buyer("an@example.be", event, 1);
    again["offer"] = json!(token);
    assert_eq!(app.post_json("/api/checkout", &again).await.status(), 409);
    assert_seats_add_up(&app, event, 2).await;
}

async fn an_unused_offer_passes_to_the_next_in_line_after_its_time(engine: Engine) {
    let app = spawn_app_with(engine, fast).await;
    let event = evening(&app, 1).await;
    let (_, reference) = started(&app, &buyer("sofie@example.be", event, 1)).await;
    press(&app, &reference, "paid").await;
    joined(&app, event, "An", "an@example.be").await;
    joined(&app, event, "Bert", "bert@example.be").await;

    // The coach raises the capacity by one.
    sqlx::query("UPDATE events SET capacity = 2 WHERE id = $1")
        .bind(event)
        .execute(&app.pool)
        .await
        .unwrap();
    let offer = app.wait_for_mails_to("an@example.be", 1).await;
    let token = token_after(&offer[0], "offer=");
    assert!(offers_to(&app, "bert@example.be").is_empty());

    // An lets the offer run out (12 hours; moved into the past instead of waiting).
    sqlx::query("UPDATE waitlist_entries SET offered_until = '2020-01-01T00:00:00.000000Z' WHERE status = 'offered'")
        .execute(&app.pool)
        .await
        .unwrap();
    app.wait_for_mails_to("bert@example.be", 1).await;
    assert_eq!(status_of(&app, "an@example.be").await, "expired");
    assert_eq!(status_of(&app, "bert@example.be").await, "offered");
    assert_eq!(offers_to(&app, "an@example.be").len(), 1);
    assert_eq!(seats_taken(&app, event).await, 2);
    assert_seats_add_up(&app, event, 2).await;
    let late = quote_with(&app, event, &token).await;
    assert_eq!(late.status(), 409);
    let body: Value = late.json().await.unwrap();
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("verlopen"),
        "{body}"
    );
}

async fn two_seats_freed_at_once_make_two_offers(engine: Engine) {
    let app = spawn_app_with(engine, fast).await;
    let event = evening(&app, 2).await;
    started(&app, &buyer("sofie@example.be", event, 2)).await;
    for (name, email) in [
        ("An", "an@example.be"),
        ("Bert", "bert@example.be"),
        ("Chris", "chris@example.be"),
    ] {
        joined(&app, event, name, email).await;
    }
    expire_orders(&app).await;
    app.wait_for_mails_to("an@example.be", 1).await;
    app.wait_for_mails_to("bert@example.be", 1).await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(all_offers(&app), 2);
    assert_eq!(status_of(&app, "chris@example.be").await, "waiting");
    assert_eq!(seats_taken(&app, event).await, 2);
    assert_seats_add_up(&app, event, 2).await;
}

async fn concurrent_buyers_and_offer_links_never_take_more_seats_than_capacity(engine: Engine) {
    let app = spawn_app_with(engine, fast).await;
    let event = evening(&app, 3).await;
    started(&app, &buyer("sofie@example.be", event, 3)).await;
    let line: Vec<String> = (0..5).map(|i| format!("wacht{i}@example.be")).collect();
    for email in &line {
        joined(&app, event, "Wachtende", email).await;
    }
    // The hold runs out while thirty buyers try at once: the line goes first.
    expire_orders(&app).await;
    let app = &app;
    let rush = join_all((0..30).map(|i| async move {
        app.post_json(
            "/api/checkout",
            &buyer(&format!("koper{i}@example.be"), event, 1),
        )
        .await
        .status()
        .as_u16()
    }))
    .await;
    assert!(rush.iter().all(|s| *s == 409), "{rush:?}");
    let mut tokens = Vec::new();
    for email in &line[..3] {
        let mails = app.wait_for_mails_to(email, 1).await;
        tokens.push(token_after(&mails[0], "offer="));
    }
    assert_seats_add_up(app, event, 3).await;

    // Each link used twice at once, next to thirty more buyers: three orders, no more.
    let tokens = &tokens;
    let with_links = join_all((0..6).map(|i| async move {
        let mut body = buyer(&format!("link{i}@example.be"), event, 1);
        body["offer"] = json!(tokens[i % 3]);
        app.post_json("/api/checkout", &body)
            .await
            .status()
            .as_u16()
    }));
    let without = join_all((0..30).map(|i| async move {
        app.post_json(
            "/api/checkout",
            &buyer(&format!("ander{i}@example.be"), event, 1),
        )
        .await
        .status()
        .as_u16()
    }));
    let (with_links, without) = tokio::join!(with_links, without);
    assert_eq!(
        with_links.iter().filter(|s| **s == 201).count(),
        3,
        "{with_links:?}"
    );
    assert!(without.iter().all(|s| *s == 409), "{without:?}");
    assert_eq!(seats_taken(app, event).await, 3);
    assert_seats_add_up(app, event, 3).await;
    assert_eq!(
        app.count("SELECT COUNT(*) FROM waitlist_entries WHERE status = 'claimed'")
            .await,
        3
    );
}

async fn the_coach_sees_the_list_and_removing_an_offer_passes_it_on(engine: Engine) {
    let app = spawn_app_with(engine, fast).await;
    let event = evening(&app, 1).await;
    started(&app, &buyer("sofie@example.be", event, 1)).await;
    joined(&app, event, "An", "an@example.be").await;
    joined(&app, event, "Bert", "bert@example.be").await;
    let list_path = format!("/api/admin/events/{event}/waitlist");
    assert_eq!(app.get(&list_path).await.status(), 401);
    let token = app.admin_token().await;
    let (status, list) = app
        .admin_send(&token, reqwest::Method::GET, &list_path, None)
        .await;
    assert_eq!(status, 200);
    let entries = list["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0]["email"], "an@example.be");
    assert_eq!(entries[0]["position"], 1);
    assert_eq!(entries[1]["position"], 2);

    expire_orders(&app).await;
    app.wait_for_mails_to("an@example.be", 1).await;
    let (_, list) = app
        .admin_send(&token, reqwest::Method::GET, &list_path, None)
        .await;
    let an = list["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["email"] == "an@example.be")
        .unwrap()
        .clone();
    assert_eq!(an["status"], "offered");
    assert!(an["offered_until"].is_string());
    assert!(an["position"].is_null());

    let remove = format!("/api/admin/waitlist/{}", an["id"]);
    let (status, _) = app
        .admin_send(&token, reqwest::Method::DELETE, &remove, None)
        .await;
    assert_eq!(status, 204);
    let (status, _) = app
        .admin_send(&token, reqwest::Method::DELETE, &remove, None)
        .await;
    assert_eq!(status, 409);
    app.wait_for_mails_to("bert@example.be", 1).await;
    assert_eq!(status_of(&app, "an@example.be").await, "removed");
    assert_eq!(status_of(&app, "bert@example.be").await, "offered");
    assert_seats_add_up(&app, event, 1).await;

    // Removed is not banned: An may join again, at the back of the line.
    joined(&app, event, "Chris", "chris@example.be").await;
    joined(&app, event, "An", "an@example.be").await;
    assert_eq!(
        app.count(
            "SELECT COUNT(*) FROM waitlist_entries WHERE status = 'waiting' AND joined_at <= \
             (SELECT joined_at FROM waitlist_entries WHERE email_normalized = 'an@example.be')"
        )
        .await,
        2,
        "An is second in line, after Chris"
    );
    assert_eq!(status_of(&app, "an@example.be").await, "waiting");
}

async fn a_message_to_attendees_reaches_each_valid_holder_once(engine: Engine) {
    let app = spawn_app_with(engine, fast).await;
    let event = evening(&app, 10).await;
    for (email, quantity) in [
        ("sofie@example.be", 2),
        ("bert@example.be", 1),
        ("chris@example.be", 1),
    ] {
        let (_, reference) = started(&app, &buyer(email, event, quantity)).await;
        press(&app, &reference, "paid").await;
    }
    // Someone only in a pending order has no ticket.
    started(&app, &buyer("wacht@example.be", event, 1)).await;
    let token = app.admin_token().await;
    let chris_ticket: i64 = sqlx::query("SELECT id FROM tickets WHERE email = 'chris@example.be'")
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    let (status, _) = app
        .admin_send(
            &token,
            reqwest::Method::POST,
            &format!("/api/admin/tickets/{chris_ticket}/cancel"),
            None,
        )
        .await;
    assert_eq!(status, 200);
    let path = format!("/api/admin/events/{event}/messages");
    let unauthenticated = app
        .post_json(&path, &json!({"subject": "x", "text": "y"}))
        .await;
    assert_eq!(unauthenticated.status(), 401);
    let (status, body) = app
        .admin_send(
            &token,
            reqwest::Method::POST,
            &path,
            Some(json!({"subject": "  ", "text": ""})),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(app.count("SELECT COUNT(*) FROM event_messages").await, 0);

    let subject = "Andere zaal voor de vertelavond";
    let (status, sent) = app
        .admin_send(
            &token,
            reqwest::Method::POST,
            &path,
            Some(json!({"subject": subject, "text": "We verhuizen naar Zaal Het Anker.\n\nTot dan!"})),
        )
        .await;
    assert_eq!(status, 201, "{sent}");
    assert_eq!(sent["recipients"], 2);
    for email in ["sofie@example.be", "bert@example.be"] {
        app.wait_for_mails_to(email, 1).await;
    }
    eventually("the outbox is empty", || async {
        app.count("SELECT COUNT(*) FROM outbox WHERE status = 'pending'")
            .await
            == 0
    })
    .await;
    let with_subject = |email: &str| {
        app.mails_to(email)
            .into_iter()
            .filter(|m| m.contains(subject))
            .collect::<Vec<_>>()
    };
    assert_eq!(with_subject("sofie@example.be").len(), 1);
    assert!(with_subject("sofie@example.be")[0].contains("Zaal Het Anker"));
    assert_eq!(with_subject("bert@example.be").len(), 1);
    assert!(with_subject("chris@example.be").is_empty());
    assert!(with_subject("wacht@example.be").is_empty());

    let (status, history) = app
        .admin_send(&token, reqwest::Method::GET, &path, None)
        .await;
    assert_eq!(status, 200);
    let messages = history["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 1);
    assert_eq!(messages[0]["subject"], subject);
    assert_eq!(messages[0]["recipients"], 2);
    assert_eq!(messages[0]["sent_by"], crate::helpers::ADMIN_EMAIL);
}

async fn erasing_someone_with_an_open_offer_passes_the_seat_on(engine: Engine) {
    let app = spawn_app_with(engine, fast).await;
    let event = evening(&app, 1).await;
    started(&app, &buyer("sofie@example.be", event, 1)).await;
    joined(&app, event, "An", "an@example.be").await;
    joined(&app, event, "Bert", "bert@example.be").await;
    expire_orders(&app).await;
    app.wait_for_mails_to("an@example.be", 1).await;
    let token = app.admin_token().await;
    let (status, body) = app
        .admin_send(
            &token,
            reqwest::Method::POST,
            "/api/admin/people/erase",
            Some(json!({"email": "an@example.be", "confirmation": "an@example.be"})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        app.count("SELECT COUNT(*) FROM waitlist_entries WHERE email = 'an@example.be'")
            .await,
        0
    );
    app.wait_for_mails_to("bert@example.be", 1).await;
    assert_eq!(status_of(&app, "bert@example.be").await, "offered");
    assert_seats_add_up(&app, event, 1).await;
}

async fn a_link_whose_payment_was_cancelled_works_again_while_the_offer_runs(engine: Engine) {
    let app = spawn_app_with(engine, fast).await;
    let event = evening(&app, 1).await;
    started(&app, &buyer("sofie@example.be", event, 1)).await;
    joined(&app, event, "An", "an@example.be").await;
    joined(&app, event, "Bert", "bert@example.be").await;
    expire_orders(&app).await;
    let offer = app.wait_for_mails_to("an@example.be", 1).await;
    let token = token_after(&offer[0], "offer=");
    let mut body = buyer("an@example.be", event, 1);
    body["offer"] = json!(token);
    let (_, reference) = started(&app, &body).await;
    // An goes back from the payment page.
    press(&app, &reference, "cancelled").await;
    // A few passes later the seat is An's again, not Bert's.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert!(offers_to(&app, "bert@example.be").is_empty());
    assert_eq!(quote_with(&app, event, &token).await.status(), 200);
    body["idempotency_key"] = json!(format!("again-{}", token));
    let (order_id, reference) = started(&app, &body).await;
    press(&app, &reference, "paid").await;
    assert_eq!(order(&app, &order_id).await["status"], "paid");
    assert_eq!(status_of(&app, "an@example.be").await, "claimed");
    assert_eq!(status_of(&app, "bert@example.be").await, "waiting");
    assert_seats_add_up(&app, event, 1).await;
}

/// The race of issue 21: a sold-out event (5 seats, 5 paid, 4 in line); the coach cancels 1 to 3
/// tickets while 20 visitors outside the line check out at the same moment, ten rounds. Every
/// freed seat goes to the line, nobody outside it gets one, nothing answers 5xx, and the event
/// is never oversold. No timing is assumed: all requests of a round are joined, and the offers
/// are awaited (the waiting-list pass makes them when no checkout did).
async fn seats_the_coach_frees_while_twenty_outsiders_check_out_all_go_to_the_line(engine: Engine) {
    const CAPACITY: i64 = 5;
    const LINE: usize = 4;
    let app = spawn_app_with(engine, fast).await;
    let token = app.admin_token().await;
    let event = evening(&app, CAPACITY).await;
    for i in 0..CAPACITY {
        let (_, reference) = started(&app, &buyer(&format!("koper{i}@example.be"), event, 1)).await;
        press(&app, &reference, "paid").await;
    }
    let mut joined_so_far = 0;
    for _ in 0..LINE {
        joined(
            &app,
            event,
            "Wachtende",
            &format!("wacht{joined_so_far}@example.be"),
        )
        .await;
        joined_so_far += 1;
    }
    let app = &app;
    let token = &token;
    let in_line = |status: &'static str| async move {
        sqlx::query(
            "SELECT email FROM waitlist_entries WHERE event_id = $1 AND status = $2 ORDER BY id",
        )
        .bind(event)
        .bind(status)
        .fetch_all(&app.pool)
        .await
        .unwrap()
        .iter()
        .map(|r| r.try_get::<String, _>(0).unwrap())
        .collect::<Vec<_>>()
    };
    for round in 0..10 {
        let cancels = 1 + round % 3;
        let tickets: Vec<i64> = sqlx::query(
            "SELECT id FROM tickets WHERE event_id = $1 AND status = 'valid' ORDER BY id LIMIT $2",
        )
        .bind(event)
        .bind(cancels as i64)
        .fetch_all(&app.pool)
        .await
        .unwrap()
        .iter()
        .map(|r| r.try_get(0).unwrap())
        .collect();
        assert_eq!(tickets.len(), cancels);
        assert_eq!(in_line("waiting").await.len(), LINE, "round {round}");
        assert_eq!(seats_taken(app, event).await, CAPACITY);

        let cancelled = join_all(tickets.iter().map(|id| async move {
            app.authed(
                reqwest::Method::POST,
                &format!("/api/admin/tickets/{id}/cancel"),
                token,
            )
            .send()
            .await
            .unwrap()
            .status()
            .as_u16()
        }));
        let rush = join_all((0..20).map(|i| async move {
            app.post_json(
                "/api/checkout",
                &buyer(&format!("buiten{round}-{i}@example.be"), event, 1),
            )
            .await
            .status()
            .as_u16()
        }));
        let (cancelled, rush) = tokio::join!(cancelled, rush);
        assert!(
            cancelled.iter().all(|s| *s == 200),
            "round {round}: cancels {cancelled:?}"
        );
        assert!(
            rush.iter().all(|s| *s == 409),
            "round {round}: a seat went outside the line or a checkout failed: {rush:?}"
        );
        assert!(seats_taken(app, event).await <= CAPACITY);

        // Each freed seat is offered to the next in line (by a checkout of the rush, or else by
        // the waiting-list pass), and the seats add up all along.
        eventually("every freed seat is offered to the line", || async {
            in_line("offered").await.len() == cancels
        })
        .await;
        assert_seats_add_up(app, event, CAPACITY).await;
        assert_eq!(in_line("waiting").await.len(), LINE - cancels);
        assert_eq!(seats_taken(app, event).await, CAPACITY);

        // The offered buy their tickets (the seats for the next rounds) and new people join, so
        // the line is back at four.
        for email in in_line("offered").await {
            let offer = app
                .wait_for_mails_to(&email, 1)
                .await
                .into_iter()
                .find(|m| m.contains(OFFER_SUBJECT))
                .expect("the offer mail");
            let mut body = buyer(&email, event, 1);
            body["offer"] = json!(token_after(&offer, "offer="));
            let (_, reference) = started(app, &body).await;
            press(app, &reference, "paid").await;
        }
        for _ in 0..cancels {
            joined(
                app,
                event,
                "Wachtende",
                &format!("wacht{joined_so_far}@example.be"),
            )
            .await;
            joined_so_far += 1;
        }
        assert_seats_add_up(app, event, CAPACITY).await;
    }
    assert_eq!(
        app.count("SELECT COUNT(*) FROM orders WHERE email LIKE 'buiten%'")
            .await,
        0,
        "nobody outside the line got an order"
    );
    assert_eq!(
        app.count("SELECT COUNT(*) FROM tickets WHERE status = 'valid'")
            .await,
        CAPACITY
    );
}

/// The order of `public_id` as the coach's list holds it: (status, attention, seats held).
async fn order_row(app: &TestApp, public_id: &str) -> (String, Option<String>, i64) {
    let row = sqlx::query("SELECT status, attention, seats_held FROM orders WHERE public_id = $1")
        .bind(public_id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    (row.get(0), row.get(1), row.get(2))
}

/// The late buyer was told in Dutch, and so was the coach; no ticket, no invoice.
async fn assert_late_buyer_told(app: &TestApp, public_id: &str, email: &str) {
    let summary = order(app, public_id).await;
    assert_eq!(summary["status"], "expired", "{summary}");
    assert_eq!(summary["ticket_count"], 0);
    assert_eq!(summary["invoice_number"], Value::Null);
    assert_eq!(
        order_row(app, public_id).await,
        ("expired".to_string(), Some("refund_needed".to_string()), 0)
    );
    eventually("the buyer and the coach are told", || async {
        app.mails_to(email)
            .iter()
            .any(|m| m.contains("kwam te laat binnen"))
            && app
                .mails_to("hallo@inlumine.be")
                .iter()
                .any(|m| m.contains("Actie nodig: betaling terugstorten"))
    })
    .await;
    let mails = app.mails_to(email);
    let mail = mails
        .iter()
        .find(|m| m.contains("kwam te laat binnen"))
        .unwrap();
    assert!(mail.contains("wachtlijst"), "{mail}");
    assert!(mail.contains("volledige bedrag terug"), "{mail}");
    let coach = app.mails_to("hallo@inlumine.be");
    assert!(
        coach
            .iter()
            .any(|m| m.contains("Actie nodig: betaling terugstorten") && m.contains("wachtlijst")),
        "{coach:?}"
    );
}

/// Capacity 3, sold out: one paid seat and two holds. One person waits. Both holds run out:
/// the pass offers one freed seat to the line and the other stays free, while the offer runs.
/// Then the payment of an expired hold arrives: it takes neither seat.
async fn a_late_payment_never_takes_a_seat_offered_to_the_line(engine: Engine) {
    let app = spawn_app_with(engine, fast).await;
    let event = evening(&app, 3).await;
    let (_, paid_ref) = started(&app, &buyer("sofie@example.be", event, 1)).await;
    press(&app, &paid_ref, "paid").await;
    let (late, late_ref) = started(&app, &buyer("laat@example.be", event, 1)).await;
    started(&app, &buyer("piet@example.be", event, 1)).await;
    assert_eq!(seats_taken(&app, event).await, 3);
    joined(&app, event, "An Claes", "an@example.be").await;

    expire_orders(&app).await;
    app.wait_for_mails_to("an@example.be", 1).await;
    eventually("both holds ended", || async {
        app.count("SELECT COUNT(*) FROM orders WHERE status = 'expired'")
            .await
            == 2
    })
    .await;
    assert_eq!(status_of(&app, "an@example.be").await, "offered");
    // Sofie's seat and An's offer; the other freed seat is free.
    assert_eq!(seats_taken(&app, event).await, 2);

    press(&app, &late_ref, "paid").await;
    assert_late_buyer_told(&app, &late, "laat@example.be").await;
    assert_eq!(seats_taken(&app, event).await, 2);
    assert_eq!(status_of(&app, "an@example.be").await, "offered");
    assert_seats_add_up(&app, event, 3).await;
    // The same payment delivered again changes nothing.
    press(&app, &late_ref, "paid").await;
    assert_eq!(seats_taken(&app, event).await, 2);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM orders WHERE attention = 'refund_needed'")
            .await,
        1
    );
}

/// Capacity 2, sold out, two people wait. A hold runs out and the order sweep frees its seat
/// before any pass offers it; the expired order's payment comes in: the seat stays free for the
/// line (the next pass offers it to the first in line).
async fn a_late_payment_leaves_a_freed_seat_to_those_waiting_before_any_offer(engine: Engine) {
    let app = spawn_app_with(engine, |s| {
        generous_limits(s);
        s.waitlist.interval_secs = 3600;
        s.payments.sweep_interval_secs = 1;
    })
    .await;
    let event = evening(&app, 2).await;
    let (_, paid_ref) = started(&app, &buyer("sofie@example.be", event, 1)).await;
    press(&app, &paid_ref, "paid").await;
    let (late, late_ref) = started(&app, &buyer("laat@example.be", event, 1)).await;
    joined(&app, event, "An Claes", "an@example.be").await;
    joined(&app, event, "Bert Janssens", "bert@example.be").await;

    expire_orders(&app).await;
    eventually("the sweep ends the hold", || async {
        order(&app, &late).await["status"] == "expired"
    })
    .await;
    assert_eq!(seats_taken(&app, event).await, 1);
    assert_eq!(offers_to(&app, "an@example.be").len(), 0, "no pass ran yet");

    press(&app, &late_ref, "paid").await;
    assert_late_buyer_told(&app, &late, "laat@example.be").await;
    assert_eq!(
        seats_taken(&app, event).await,
        1,
        "the freed seat stays free"
    );
    assert_eq!(status_of(&app, "an@example.be").await, "waiting");

    assert_eq!(status_of(&app, "bert@example.be").await, "waiting");
    assert_seats_add_up(&app, event, 2).await;
    // The same payment delivered again changes nothing.
    press(&app, &late_ref, "paid").await;
    assert_eq!(seats_taken(&app, event).await, 1);
    assert_eq!(order(&app, &late).await["ticket_count"], 0);
}
