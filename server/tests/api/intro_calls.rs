use jiff::civil::{Date, Weekday};
use jiff::{SignedDuration, Timestamp};
use reqwest::Method;
use serde_json::{Value, json};
use sqlx::Row;

use crate::helpers::{
    Engine, TestApp, attachment, generous_limits, spawn_app, spawn_app_with, token_after,
};

both_engines!(
    slots_respect_the_notice_the_blocked_days_and_the_buffer_after_a_booking,
    brussels_wall_times_hold_across_the_march_and_october_clock_changes,
    twenty_concurrent_bookings_of_one_slot_let_exactly_one_through,
    a_booking_mails_the_visitor_an_ics_invite_with_two_links_and_notifies_the_coach,
    cancel_and_move_links_are_unguessable_and_single_purpose,
    bad_bookings_get_a_dutch_4xx_and_store_nothing,
    the_coach_lists_calls_and_cancels_one_with_a_message_to_the_visitor,
    the_coach_saves_her_availability_and_invalid_availability_is_refused,
);

const COACH: &str = "hallo@inlumine.be";
const LINK: &str = "https://www.inlumine.be/afspraak?token=";

pub fn every_day(start: &str, end: &str) -> Vec<Value> {
    (1..=7)
        .map(|d| json!({"weekday": d, "start": start, "end": end}))
        .collect()
}

pub fn availability(rules: Vec<Value>, notice: i64, buffer: i64, weeks: i64) -> Value {
    json!({
        "slot_minutes": 30,
        "buffer_minutes": buffer,
        "min_notice_hours": notice,
        "weeks_ahead": weeks,
        "rules": rules,
        "blocked": [],
    })
}

pub async fn set_availability(app: &TestApp, token: &str, body: Value) {
    let (status, saved) = app
        .admin_send(token, Method::PUT, "/api/admin/availability", Some(body))
        .await;
    assert_eq!(status, 200, "{saved}");
}

async fn slots(app: &TestApp) -> Value {
    let res = app.get("/api/intro-calls/slots").await;
    assert_eq!(res.status(), 200);
    res.json().await.unwrap()
}

/// (date, local time, UTC start) of every free slot.
pub async fn flat_slots(app: &TestApp) -> Vec<(String, String, String)> {
    slots(app).await["days"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|day| {
            let date = day["date"].as_str().unwrap().to_string();
            day["slots"].as_array().unwrap().iter().map(move |s| {
                (
                    date.clone(),
                    s["local_time"].as_str().unwrap().to_string(),
                    s["starts_at"].as_str().unwrap().to_string(),
                )
            })
        })
        .collect()
}

pub fn booking(starts_at: &str, email: &str) -> Value {
    json!({
        "starts_at": starts_at,
        "mode": "phone",
        "name": "Lien Peeters",
        "email": email,
        "phone": "0470 12 34 56",
        "question": "Hoe verloopt een traject?",
    })
}

async fn book(app: &TestApp, starts_at: &str, email: &str) -> reqwest::Response {
    app.post_json("/api/intro-calls", &booking(starts_at, email))
        .await
}

fn brussels_today() -> Date {
    Timestamp::now().in_tz("Europe/Brussels").unwrap().date()
}

async fn slots_respect_the_notice_the_blocked_days_and_the_buffer_after_a_booking(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let blocked = brussels_today()
        .checked_add(jiff::Span::new().days(5))
        .unwrap();
    let mut body = availability(every_day("09:00", "12:00"), 48, 15, 2);
    body["blocked"] = json!([{"first_day": blocked.to_string(), "last_day": blocked.to_string(), "note": "Verlof"}]);
    set_availability(&app, &token, body).await;

    let all = flat_slots(&app).await;
    assert!(!all.is_empty());
    let earliest = Timestamp::now() + SignedDuration::from_hours(48);
    let last_day = brussels_today()
        .checked_add(jiff::Span::new().days(13))
        .unwrap();
    for (date, time, start) in &all {
        assert!(
            start.parse::<Timestamp>().unwrap() >= earliest,
            "{start} is within the notice"
        );
        assert_ne!(date, &blocked.to_string(), "blocked day");
        assert!(
            date.parse::<Date>().unwrap() <= last_day,
            "{date} beyond two weeks"
        );
        assert!(("09:00"..="11:30").contains(&time.as_str()), "{time}");
    }

    // Book 09:00 on a day with all its slots; 09:30 then falls in the 15-minute buffer.
    let day = all
        .iter()
        .find(|(_, time, _)| time == "09:00")
        .map(|(date, _, _)| date.clone())
        .unwrap();
    let on_day = |slots: &[(String, String, String)]| -> Vec<String> {
        slots
            .iter()
            .filter(|(d, _, _)| *d == day)
            .map(|(_, t, _)| t.clone())
            .collect()
    };
    assert_eq!(
        on_day(&all),
        ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"]
    );
    let nine = all
        .iter()
        .find(|(d, t, _)| *d == day && t == "09:00")
        .unwrap()
        .2
        .clone();
    let half_past = all
        .iter()
        .find(|(d, t, _)| *d == day && t == "09:30")
        .unwrap()
        .2
        .clone();
    assert_eq!(book(&app, &nine, "a@example.be").await.status(), 201);
    assert_eq!(
        on_day(&flat_slots(&app).await),
        ["10:00", "10:30", "11:00", "11:30"]
    );
    let res = book(&app, &half_past, "b@example.be").await;
    assert_eq!(res.status(), 409);
    let error: Value = res.json().await.unwrap();
    assert!(
        error["error"]["message"]
            .as_str()
            .unwrap()
            .contains("dit moment is net geboekt")
    );
}

/// Saturday before, the switch Sunday and Monday after the last Sunday of `month` (3 or 10)
/// of the first year whose switch lies after today.
fn switch_days(month: i8) -> (Date, Date, Date) {
    let today = brussels_today();
    let mut year = today.year();
    loop {
        let sunday = jiff::civil::date(year, month, 1)
            .nth_weekday_of_month(-1, Weekday::Sunday)
            .unwrap();
        if sunday > today.tomorrow().unwrap() {
            return (
                sunday.yesterday().unwrap(),
                sunday,
                sunday.tomorrow().unwrap(),
            );
        }
        year += 1;
    }
}

async fn brussels_wall_times_hold_across_the_march_and_october_clock_changes(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let mut rules = every_day("09:00", "10:00");
    rules.push(json!({"weekday": 7, "start": "01:00", "end": "04:00"}));
    set_availability(&app, &token, availability(rules, 0, 0, 52)).await;
    let all = flat_slots(&app).await;
    let on = |day: Date| -> Vec<String> {
        all.iter()
            .filter(|(d, _, _)| *d == day.to_string())
            .map(|(_, t, s)| format!("{t} {}", &s[11..16]))
            .collect()
    };

    // March: 02:00 becomes 03:00, so that hour has no slots and 09:00 moves from 08:00 to 07:00 UTC.
    let (saturday, sunday, monday) = switch_days(3);
    assert_eq!(on(saturday), ["09:00 08:00", "09:30 08:30"]);
    assert_eq!(
        on(sunday),
        [
            "01:00 00:00",
            "01:30 00:30",
            "03:00 01:00",
            "03:30 01:30",
            "09:00 07:00",
            "09:30 07:30"
        ]
    );
    assert_eq!(on(monday), ["09:00 07:00", "09:30 07:30"]);

    // October: 03:00 becomes 02:00 again; the repeated hour is offered once.
    let (saturday, sunday, monday) = switch_days(10);
    assert_eq!(on(saturday), ["09:00 07:00", "09:30 07:30"]);
    assert_eq!(
        on(sunday),
        [
            "01:00 23:00",
            "01:30 23:30",
            "02:00 00:00",
            "02:30 00:30",
            "03:00 02:00",
            "03:30 02:30",
            "09:00 08:00",
            "09:30 08:30"
        ]
    );
    assert_eq!(on(monday), ["09:00 08:00", "09:30 08:30"]);

    // A slot of the switch day books like any other.
    let three = all
        .iter()
        .find(|(d, t, _)| *d == sunday.to_string() && t == "03:00")
        .unwrap();
    assert_eq!(book(&app, &three.2, "dst@example.be").await.status(), 201);
}

async fn twenty_concurrent_bookings_of_one_slot_let_exactly_one_through(engine: Engine) {
    let app = spawn_app_with(engine, generous_limits).await;
    let token = app.admin_token().await;
    set_availability(
        &app,
        &token,
        availability(every_day("09:00", "17:00"), 24, 15, 2),
    )
    .await;
    let (_, _, slot) = flat_slots(&app).await.remove(0);
    let requests = (0..20).map(|i| {
        let client = app.client.clone();
        let url = app.url("/api/intro-calls");
        let body = booking(&slot, &format!("bezoeker{i}@example.be"));
        async move {
            let res = client.post(url).json(&body).send().await.unwrap();
            let status = res.status().as_u16();
            (status, res.json::<Value>().await.unwrap())
        }
    });
    let results = futures_join_all(requests).await;
    let ok = results.iter().filter(|(s, _)| *s == 201).count();
    assert_eq!(ok, 1, "{results:?}");
    for (status, body) in results.iter().filter(|(s, _)| *s != 201) {
        assert_eq!(*status, 409, "{body}");
        assert!(
            body["error"]["message"]
                .as_str()
                .unwrap()
                .contains("dit moment is net geboekt"),
            "{body}"
        );
    }
    assert_eq!(app.count("SELECT COUNT(*) FROM intro_calls").await, 1);
    assert_eq!(app.count("SELECT COUNT(*) FROM outbox").await, 2);
    // The database itself refuses a second active booking of the moment.
    let duplicate = sqlx::query(
        "INSERT INTO intro_calls (starts_at, ends_at, mode, name, email, status, booked_at, created_at, updated_at) \
         SELECT starts_at, ends_at, mode, name, email, 'booked', booked_at, created_at, updated_at FROM intro_calls",
    )
    .execute(&app.pool)
    .await;
    assert!(duplicate.is_err_and(|e| inlumine::kit::db::is_unique_violation(&e)));
    assert!(!flat_slots(&app).await.iter().any(|(_, _, s)| *s == slot));
}

/// Runs the futures at once on the test runtime and collects their outputs in order.
async fn futures_join_all<F>(futures: impl Iterator<Item = F>) -> Vec<F::Output>
where
    F: std::future::Future + Send + 'static,
    F::Output: Send + 'static,
{
    let handles: Vec<_> = futures.map(tokio::spawn).collect();
    let mut out = Vec::new();
    for h in handles {
        out.push(h.await.unwrap());
    }
    out
}

/// Books the first free slot as lien@example.be and returns (starts_at, visitor mail).
pub(crate) async fn book_first(app: &TestApp) -> (String, String) {
    let token = app.admin_token().await;
    set_availability(
        app,
        &token,
        availability(every_day("09:00", "17:00"), 24, 0, 2),
    )
    .await;
    let (_, _, slot) = flat_slots(app).await.remove(0);
    let res = book(app, &slot, "lien@example.be").await;
    assert_eq!(res.status(), 201);
    let mail = app.wait_for_mails_to("lien@example.be", 1).await.remove(0);
    (slot, mail)
}

async fn a_booking_mails_the_visitor_an_ics_invite_with_two_links_and_notifies_the_coach(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let (slot, mail) = book_first(&app).await;
    assert!(
        mail.contains("Subject: Je kennismakingsgesprek op"),
        "{mail}"
    );
    assert!(mail.contains("We bellen je op 0470 12 34 56"), "{mail}");
    let ics = attachment(&mail, "kennismakingsgesprek.ics");
    let start: Timestamp = slot.parse().unwrap();
    assert!(
        ics.contains(&format!("DTSTART:{}", start.strftime("%Y%m%dT%H%M%SZ"))),
        "{ics}"
    );
    assert!(ics.contains("METHOD:PUBLISH"));
    assert!(mail.contains(&format!("Verplaatsen: {LINK}")));
    assert!(mail.contains(&format!("Annuleren: {LINK}")));

    let coach = app.wait_for_mails_to(COACH, 1).await.remove(0);
    assert!(
        coach.contains("Subject: Nieuw kennismakingsgesprek: Lien Peeters"),
        "{coach}"
    );
    assert!(coach.contains("Hoe verloopt een traject?"));
    assert!(coach.contains("/admin/afspraken"));
}

async fn manage(app: &TestApp, token: &str) -> (u16, Value) {
    let res = app
        .post_json("/api/intro-calls/manage", &json!({"token": token}))
        .await;
    (res.status().as_u16(), res.json().await.unwrap())
}

async fn cancel_call(app: &TestApp, token: &str) -> u16 {
    app.post_json("/api/intro-calls/cancel", &json!({"token": token}))
        .await
        .status()
        .as_u16()
}

async fn move_call(app: &TestApp, token: &str, starts_at: &str) -> (u16, Value) {
    let res = app
        .post_json(
            "/api/intro-calls/move",
            &json!({"token": token, "starts_at": starts_at}),
        )
        .await;
    (res.status().as_u16(), res.json().await.unwrap())
}

async fn cancel_and_move_links_are_unguessable_and_single_purpose(engine: Engine) {
    let app = spawn_app(engine).await;
    let (slot, mail) = book_first(&app).await;
    let cancel = token_after(&mail, &format!("Annuleren: {LINK}"));
    let moving = token_after(&mail, &format!("Verplaatsen: {LINK}"));
    assert_eq!(cancel.len(), 43, "256 random bits");
    assert_eq!(moving.len(), 43);
    assert_ne!(cancel, moving);
    let row = sqlx::query("SELECT cancel_token_hash, move_token_hash FROM intro_calls")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let stored: [String; 2] = [row.try_get(0).unwrap(), row.try_get(1).unwrap()];
    assert!(
        !stored.contains(&cancel) && !stored.contains(&moving),
        "only hashes are stored"
    );

    assert_eq!(manage(&app, &cancel).await.1["action"], "cancel");
    assert_eq!(manage(&app, &moving).await.1["action"], "move");
    assert_eq!(manage(&app, "geraden-token").await.0, 404);
    assert_eq!(manage(&app, "").await.0, 404);
    // Each link does its own thing only.
    assert_eq!(cancel_call(&app, &moving).await, 404);
    let other = flat_slots(&app).await.remove(1).2;
    assert_eq!(move_call(&app, &cancel, &other).await.0, 404);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM intro_calls WHERE status = 'booked'")
            .await,
        1
    );

    // Moving frees the old moment and replaces both links.
    let (status, moved) = move_call(&app, &moving, &other).await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!(moved["starts_at"], other.as_str());
    let free = flat_slots(&app).await;
    assert!(
        free.iter().any(|(_, _, s)| *s == slot),
        "the old moment is free again"
    );
    assert!(!free.iter().any(|(_, _, s)| *s == other));
    assert_eq!(
        manage(&app, &moving).await.0,
        404,
        "the old move link is spent"
    );
    assert_eq!(
        cancel_call(&app, &cancel).await,
        404,
        "the old cancel link is spent"
    );
    let mails = app.wait_for_mails_to("lien@example.be", 2).await;
    let second = mails.iter().find(|m| m.contains("is verplaatst")).unwrap();
    let new_cancel = token_after(second, &format!("Annuleren: {LINK}"));
    let new_move = token_after(second, &format!("Verplaatsen: {LINK}"));
    assert_ne!(new_cancel, cancel);

    // Cancelling frees the moment; afterwards neither link works.
    assert_eq!(cancel_call(&app, &new_cancel).await, 200);
    assert!(flat_slots(&app).await.iter().any(|(_, _, s)| *s == other));
    assert_eq!(cancel_call(&app, &new_cancel).await, 404);
    assert_eq!(move_call(&app, &new_move, &slot).await.0, 404);
    let mails = app.wait_for_mails_to("lien@example.be", 3).await;
    let cancelled = mails.iter().find(|m| m.contains("is geannuleerd")).unwrap();
    assert!(
        attachment(cancelled, "kennismakingsgesprek-geannuleerd.ics").contains("METHOD:CANCEL")
    );
    let coach = app.wait_for_mails_to(COACH, 3).await;
    assert!(
        coach
            .iter()
            .any(|m| m.contains("Subject: Kennismakingsgesprek geannuleerd"))
    );
}

async fn bad_bookings_get_a_dutch_4xx_and_store_nothing(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    set_availability(
        &app,
        &token,
        availability(every_day("09:00", "12:00"), 24, 0, 2),
    )
    .await;
    let (_, _, good) = flat_slots(&app).await.remove(0);
    let past = "2020-01-06T08:00:00.000000Z";
    let odd_minute = {
        let t: Timestamp = good.parse().unwrap();
        jiff_fmt(t + SignedDuration::from_mins(7))
    };
    let night = {
        let t: Timestamp = good.parse().unwrap();
        jiff_fmt(t - SignedDuration::from_hours(7))
    };
    let with = |changes: Value| {
        let mut body = booking(&good, "lien@example.be");
        for (k, v) in changes.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    let cases = [
        (
            with(json!({"starts_at": past})),
            422,
            "starts_at",
            "Dit moment kan je niet boeken",
        ),
        (
            with(json!({"starts_at": odd_minute})),
            422,
            "starts_at",
            "Dit moment kan je niet boeken",
        ),
        (
            with(json!({"starts_at": night})),
            422,
            "starts_at",
            "Dit moment kan je niet boeken",
        ),
        (
            with(json!({"starts_at": "morgen om tien"})),
            422,
            "starts_at",
            "Kies een moment",
        ),
        (
            with(json!({"email": "lien@"})),
            422,
            "email",
            "Vul een geldig e-mailadres in.",
        ),
        (
            with(json!({"phone": ""})),
            422,
            "phone",
            "Vul je telefoonnummer in",
        ),
        (
            with(json!({"phone": "bel me"})),
            422,
            "phone",
            "Vul een geldig telefoonnummer in",
        ),
        (
            with(json!({"mode": "postduif"})),
            422,
            "mode",
            "Kies hoe je het gesprek wilt",
        ),
        (with(json!({"name": " "})), 422, "name", "Vul je naam in."),
        (
            with(json!({"question": "x".repeat(501)})),
            422,
            "question",
            "Je vraag mag hoogstens 500 tekens lang zijn.",
        ),
    ];
    for (body, status, field, message) in cases {
        let res = app.post_json("/api/intro-calls", &body).await;
        assert_eq!(res.status().as_u16(), status, "{body}");
        let error: Value = res.json().await.unwrap();
        assert!(
            error["error"]["fields"][field]
                .as_str()
                .unwrap_or_default()
                .starts_with(message),
            "{body}: {error}"
        );
    }
    // A video call needs no phone number.
    let res = app
        .post_json(
            "/api/intro-calls",
            &with(json!({"mode": "video", "phone": null, "starts_at": past})),
        )
        .await;
    let error: Value = res.json().await.unwrap();
    assert!(error["error"]["fields"].get("phone").is_none(), "{error}");
    assert_eq!(app.count("SELECT COUNT(*) FROM intro_calls").await, 0);
    assert_eq!(app.count("SELECT COUNT(*) FROM outbox").await, 0);
}

fn jiff_fmt(t: Timestamp) -> String {
    t.strftime("%Y-%m-%dT%H:%M:%S%.6fZ").to_string()
}

async fn the_coach_lists_calls_and_cancels_one_with_a_message_to_the_visitor(engine: Engine) {
    let app = spawn_app(engine).await;
    let (slot, _) = book_first(&app).await;
    let token = app.admin_token().await;
    let (status, page) = app
        .admin_send(
            &token,
            Method::GET,
            "/api/admin/intro-calls?when=upcoming",
            None,
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(page["total"], 1);
    let call = &page["items"][0];
    assert_eq!(call["starts_at"], slot.as_str());
    assert_eq!(call["phone"], "0470 12 34 56");
    let id = call["id"].as_i64().unwrap();
    let (_, past) = app
        .admin_send(
            &token,
            Method::GET,
            "/api/admin/intro-calls?when=past",
            None,
        )
        .await;
    assert_eq!(past["total"], 0);
    let (_, dashboard) = app
        .admin_send(&token, Method::GET, "/api/admin/dashboard", None)
        .await;
    assert_eq!(dashboard["upcoming_intro_calls"][0]["id"], id);

    let path = format!("/api/admin/intro-calls/{id}/cancel");
    let (status, error) = app
        .admin_send(&token, Method::POST, &path, Some(json!({"message": " "})))
        .await;
    assert_eq!(status, 422, "{error}");
    let note = "Ik ben die dag helaas ziek. Kies gerust een nieuw moment!";
    let (status, cancelled) = app
        .admin_send(&token, Method::POST, &path, Some(json!({"message": note})))
        .await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(cancelled["cancelled_by"], "coach");
    let (status, _) = app
        .admin_send(&token, Method::POST, &path, Some(json!({"message": note})))
        .await;
    assert_eq!(status, 409);
    let mails = app.wait_for_mails_to("lien@example.be", 2).await;
    let mail = mails.iter().find(|m| m.contains("geannuleerd")).unwrap();
    assert!(mail.contains(note), "{mail}");
    assert!(
        flat_slots(&app).await.iter().any(|(_, _, s)| *s == slot),
        "free again"
    );
    let (_, dashboard) = app
        .admin_send(&token, Method::GET, "/api/admin/dashboard", None)
        .await;
    assert_eq!(dashboard["upcoming_intro_calls"], json!([]));
}

async fn the_coach_saves_her_availability_and_invalid_availability_is_refused(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let (status, initial) = app
        .admin_send(&token, Method::GET, "/api/admin/availability", None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(initial["slot_minutes"], 30);
    let good = json!({
        "slot_minutes": 45,
        "buffer_minutes": 10,
        "min_notice_hours": 12,
        "weeks_ahead": 6,
        "rules": [
            {"weekday": 4, "start": "18:00", "end": "20:00"},
            {"weekday": 2, "start": "09:00", "end": "12:00"},
        ],
        "blocked": [{"first_day": "2099-07-01", "last_day": "2099-07-31", "note": "Zomervakantie"}],
    });
    set_availability(&app, &token, good).await;
    let (_, saved) = app
        .admin_send(&token, Method::GET, "/api/admin/availability", None)
        .await;
    assert_eq!(saved["slot_minutes"], 45);
    assert_eq!(
        saved["rules"][0],
        json!({"weekday": 2, "start": "09:00", "end": "12:00"})
    );
    assert_eq!(saved["blocked"][0]["note"], "Zomervakantie");

    let bad = [
        (json!({"slot_minutes": 5}), "slot_minutes"),
        (json!({"weeks_ahead": 60}), "weeks_ahead"),
        (
            json!({"rules": [{"weekday": 1, "start": "12:00", "end": "09:00"}]}),
            "rules",
        ),
        (
            json!({"rules": [{"weekday": 8, "start": "09:00", "end": "12:00"}]}),
            "rules",
        ),
        // Found by schemathesis: weekday - 1 overflowed (a panic) for the smallest i64.
        (
            json!({"rules": [{"weekday": i64::MIN, "start": "09:00", "end": "12:00"}]}),
            "rules",
        ),
        (
            json!({"rules": [
                {"weekday": 1, "start": "09:00", "end": "12:00"},
                {"weekday": 1, "start": "11:00", "end": "13:00"},
            ]}),
            "rules",
        ),
        (
            json!({"rules": [{"weekday": 1, "start": "9u", "end": "12:00"}]}),
            "rules",
        ),
        (
            json!({"blocked": [{"first_day": "2099-07-31", "last_day": "2099-07-01", "note": ""}]}),
            "blocked",
        ),
    ];
    for (change, field) in bad {
        let mut body = saved.clone();
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let (status, error) = app
            .admin_send(&token, Method::PUT, "/api/admin/availability", Some(body))
            .await;
        assert_eq!(status, 422, "{change}");
        assert!(
            error["error"]["fields"][field].is_string(),
            "{change}: {error}"
        );
    }
    let (_, after) = app
        .admin_send(&token, Method::GET, "/api/admin/availability", None)
        .await;
    assert_eq!(after, saved, "refused input changes nothing");
}
