//! After the sale: the coach hears of every order, booking, registration and intro call (at
//! once or in one daily summary), her calendar feed, meeting links, and course access.
use jiff::{SignedDuration, Timestamp};
use reqwest::Method;
use serde_json::{Value, json};
use sqlx::Row;

use crate::commerce::{order_body, press, started};
use crate::helpers::{
    Engine, TestApp, attachment, eventually, generous_limits, python_venv, spawn_app,
    spawn_app_with, token_after,
};
use crate::intro_calls::{availability, booking, every_day, flat_slots, set_availability};
use crate::provider_stubs::{PLATFORM_WEBHOOK_SECRET, PlatformStub};

both_engines!(
    every_kind_tells_the_coach_once_by_mail,
    in_daily_mode_every_notice_is_in_one_summary_once,
    the_contact_notification_replies_to_the_visitor,
    the_calendar_feed_is_icalendar_and_needs_its_token,
    a_question_with_line_breaks_and_controls_stays_one_property_of_one_event,
    a_video_call_gets_its_meeting_link_in_the_mails,
    a_webhook_enrolment_is_retried_until_the_platform_accepts_it,
    without_a_webhook_a_course_buyer_gets_an_access_code,
    a_refunded_course_is_revoked_on_the_platform_by_a_signed_webhook,
    bad_notification_settings_are_refused,
);

const COACH: &str = "hallo@inlumine.be";
const LINK: &str = "https://www.inlumine.be/afspraak?token=";

fn ts(t: Timestamp) -> String {
    inlumine::kit::db::format_ts(t)
}

async fn spawn(engine: Engine) -> TestApp {
    spawn_app_with(engine, |s| {
        generous_limits(s);
        s.notifications.summary_check_secs = 1;
    })
    .await
}

/// Quoted-printable fully undone (UTF-8 included), for text with `€` or `×`.
fn decode(raw: &str) -> String {
    let soft = raw.replace("=\r\n", "");
    let bytes = soft.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'=', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The coach's mails so far, decoded.
fn coach_mails(app: &TestApp) -> Vec<String> {
    app.mail_files()
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        // A line of its own: every visitor mail has `Reply-To: <her address>`.
        .filter(|m| m.lines().any(|line| line == format!("To: {COACH}")))
        .map(|m| decode(&m))
        .collect()
}

async fn paid(app: &TestApp, product: &str, event: Option<i64>) {
    let (_, reference) = started(app, &order_body(product, event, 1)).await;
    press(app, &reference, "paid").await;
}

async fn zelfbeeld_date(app: &TestApp) -> i64 {
    let starts = Timestamp::now() + SignedDuration::from_hours(24 * 30);
    let id = app
        .insert_event(
            "zelfbeeld",
            "published",
            &ts(starts),
            &ts(starts + SignedDuration::from_hours(8)),
        )
        .await;
    sqlx::query("UPDATE events SET price_cents = 150000 WHERE id = $1")
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    id
}

async fn register_webinar(app: &TestApp) {
    let id = app
        .insert_webinar(
            Timestamp::now() + SignedDuration::from_hours(24 * 5),
            40,
            0,
            "published",
        )
        .await;
    let res = app
        .post_json(
            &format!("/api/webinars/{id}/registrations"),
            &json!({"name": "An De Smet", "email": "an@example.be"}),
        )
        .await;
    assert_eq!(res.status(), 200);
}

/// Books a call, moves it and cancels it as the visitor; returns the call's first mail.
async fn book_move_and_cancel(app: &TestApp, token: &str) -> String {
    set_availability(
        app,
        token,
        availability(every_day("00:00", "24:00"), 30, 0, 2),
    )
    .await;
    let slots = flat_slots(app).await;
    let res = app
        .post_json("/api/intro-calls", &booking(&slots[0].2, "lien@example.be"))
        .await;
    assert_eq!(res.status(), 201);
    let first = app.wait_for_mails_to("lien@example.be", 1).await.remove(0);
    let moving = token_after(&first, &format!("Verplaatsen: {LINK}"));
    let res = app
        .post_json(
            "/api/intro-calls/move",
            &json!({"token": moving, "starts_at": slots[3].2}),
        )
        .await;
    assert_eq!(res.status(), 200);
    let mails = app.wait_for_mails_to("lien@example.be", 2).await;
    let moved = mails
        .iter()
        .find(|m| m.contains("is verplaatst"))
        .expect("the moved confirmation");
    let cancel = token_after(moved, &format!("Annuleren: {LINK}"));
    let res = app
        .post_json("/api/intro-calls/cancel", &json!({"token": cancel}))
        .await;
    assert_eq!(res.status(), 200);
    first
}

/// The first line of each notice the scenario makes.
const KINDS: [&str; 6] = [
    "Sofie Peeters bestelde 1 × Het Spiegelgevecht.",
    "Sofie Peeters boekte een plaats voor Test zelfbeeld.",
    "An De Smet schreef zich in voor Webinar: Wie ben jij?.",
    "Lien Peeters boekte een kennismakingsgesprek.",
    "Lien Peeters verplaatste het gesprek van",
    "Lien Peeters annuleerde het gesprek.",
];

async fn every_kind_tells_the_coach_once_by_mail(engine: Engine) {
    let app = spawn(engine).await;
    let token = app.admin_token().await;
    paid(&app, "spiegelgevecht", None).await;
    let date = zelfbeeld_date(&app).await;
    paid(&app, "zelfbeeld-ommekeer", Some(date)).await;
    register_webinar(&app).await;
    book_move_and_cancel(&app, &token).await;
    app.wait_for_mails_to(COACH, KINDS.len()).await;
    // The workers passing again send nothing more.
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let mails = coach_mails(&app);
    assert_eq!(mails.len(), KINDS.len());
    for kind in KINDS {
        assert_eq!(
            mails.iter().filter(|m| m.contains(kind)).count(),
            1,
            "{kind} in {mails:#?}"
        );
    }
    let order = mails.iter().find(|m| m.contains(KINDS[0])).unwrap();
    assert!(
        order.contains("Wie: Sofie Peeters <sofie@example.be>"),
        "{order}"
    );
    assert!(order.contains("Bedrag: € 19,00"), "{order}");
    assert!(
        order.contains("https://www.inlumine.be/admin/orders?bestelling="),
        "{order}"
    );
    let booking = mails.iter().find(|m| m.contains(KINDS[1])).unwrap();
    assert!(booking.contains("Bedrag: € 1.500,00"), "{booking}");
    let call = mails.iter().find(|m| m.contains(KINDS[3])).unwrap();
    assert!(call.contains("Telefoon: 0470 12 34 56"), "{call}");
    assert!(call.contains("https://www.inlumine.be/admin/afspraken"));
    let ics = attachment(call, "kennismakingsgesprek.ics");
    assert!(ics.starts_with("BEGIN:VCALENDAR\r\n"), "{ics}");
    assert!(ics.contains("METHOD:PUBLISH\r\n"));
    let cancelled = mails.iter().find(|m| m.contains(KINDS[5])).unwrap();
    assert!(
        attachment(cancelled, "kennismakingsgesprek-geannuleerd.ics").contains("METHOD:CANCEL")
    );
}

async fn in_daily_mode_every_notice_is_in_one_summary_once(engine: Engine) {
    let app = spawn(engine).await;
    let token = app.admin_token().await;
    let (status, saved) = app
        .admin_send(
            &token,
            Method::PUT,
            "/api/admin/notifications",
            Some(
                json!({"orders": "daily", "bookings": "daily", "webinars": "daily",
                        "intro_calls": "daily", "summary_time": "00:00", "meeting_url": ""}),
            ),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["orders"], "daily");
    assert_eq!(saved["summary_time"], "00:00");
    paid(&app, "spiegelgevecht", None).await;
    let date = zelfbeeld_date(&app).await;
    paid(&app, "zelfbeeld-ommekeer", Some(date)).await;
    register_webinar(&app).await;
    book_move_and_cancel(&app, &token).await;
    assert_eq!(app.count("SELECT COUNT(*) FROM coach_notices").await, 6);
    // Today's summary moment (00:00) came before these notices: they wait for tomorrow's.
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert!(coach_mails(&app).is_empty());
    assert_eq!(app.count("SELECT COUNT(*) FROM notice_summaries").await, 0);
    // Let the clock run: the notices are from yesterday, so today's summary is due.
    sqlx::query("UPDATE coach_notices SET created_at = $1")
        .bind(ts(Timestamp::now() - SignedDuration::from_hours(25)))
        .execute(&app.pool)
        .await
        .unwrap();
    app.wait_for_mails_to(COACH, 1).await;
    // A second server on the same database sends no second summary.
    if matches!(engine, Engine::Postgres) {
        let _second = crate::helpers::spawn_second_server(&app).await;
        tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    } else {
        tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    }
    let mails = coach_mails(&app);
    assert_eq!(mails.len(), 1);
    let summary = &mails[0];
    assert!(
        summary.contains("Subject: Je dagelijkse samenvatting"),
        "{summary}"
    );
    assert!(summary.contains("(6 in totaal)"), "{summary}");
    // The text part (the HTML part says the same).
    let text = &summary[..summary.find("Content-Type: text/html").unwrap()];
    for kind in KINDS {
        assert_eq!(text.matches(kind).count(), 1, "{kind} in {text}");
    }
    assert_eq!(
        app.count("SELECT COUNT(*) FROM coach_notices WHERE summary_day IS NULL")
            .await,
        0
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM notice_summaries").await, 1);
    // Whichever server's worker would deliver it, the outbox holds one summary.
    assert_eq!(
        app.count("SELECT COUNT(*) FROM outbox WHERE payload LIKE '%dagelijkse samenvatting%'")
            .await,
        1
    );
}

async fn the_contact_notification_replies_to_the_visitor(engine: Engine) {
    let app = spawn_app(engine).await;
    let res = app
        .post_json(
            "/api/contact",
            &json!({"name": "Lien Peeters", "email": "lien@example.be", "subject": "coaching",
                    "message": "Hallo!", "privacy_consent": true}),
        )
        .await;
    assert_eq!(res.status(), 200);
    let mail = app.wait_for_mails_to(COACH, 1).await.remove(0);
    assert!(mail.contains("Reply-To: lien@example.be"), "{mail}");
    let reply = app.wait_for_mails_to("lien@example.be", 1).await.remove(0);
    assert!(
        reply.contains("Subject: We ontvingen je bericht"),
        "{reply}"
    );
    // The visitor's answer goes to her address from Instellingen.
    assert!(reply.contains(&format!("Reply-To: {COACH}")), "{reply}");
}

/// Checks RFC 5545's structure strictly: CRLF lines of at most 75 octets, one VCALENDAR with
/// VERSION and PRODID, and VEVENTs with UID, DTSTAMP, UTC DTSTART/DTEND and SUMMARY. Returns the
/// unfolded lines.
fn assert_icalendar(text: &str) -> Vec<String> {
    assert!(text.ends_with("\r\n"), "ends with CRLF");
    let raw: Vec<&str> = text[..text.len() - 2].split("\r\n").collect();
    for line in &raw {
        assert!(
            !line.contains('\n') && !line.contains('\r'),
            "bare LF/CR in {line:?}"
        );
        assert!(line.len() <= 75, "{} octets: {line:?}", line.len());
    }
    let mut lines: Vec<String> = Vec::new();
    for line in raw {
        match line.strip_prefix(' ') {
            Some(rest) => lines
                .last_mut()
                .expect("no fold on the first line")
                .push_str(rest),
            None => lines.push(line.to_string()),
        }
    }
    assert_eq!(lines.first().map(String::as_str), Some("BEGIN:VCALENDAR"));
    assert_eq!(lines.last().map(String::as_str), Some("END:VCALENDAR"));
    assert!(lines.contains(&"VERSION:2.0".to_string()));
    assert!(lines.iter().any(|l| l.starts_with("PRODID:")));
    let mut in_event = false;
    let mut props: Vec<String> = Vec::new();
    for line in &lines[1..lines.len() - 1] {
        let (name, value) = line.split_once(':').expect("NAME:value");
        let bare = name.split(';').next().unwrap();
        assert!(
            !bare.is_empty() && bare.chars().all(|c| c.is_ascii_uppercase() || c == '-'),
            "property name {name:?}"
        );
        match (line.as_str(), in_event) {
            ("BEGIN:VEVENT", false) => {
                in_event = true;
                props.clear();
            }
            ("BEGIN:VEVENT", true) => panic!("nested VEVENT"),
            ("END:VEVENT", true) => {
                in_event = false;
                for required in ["UID", "DTSTAMP", "DTSTART", "DTEND", "SUMMARY"] {
                    assert_eq!(
                        props.iter().filter(|p| *p == required).count(),
                        1,
                        "{required} once per VEVENT"
                    );
                }
            }
            (_, true) => {
                if ["DTSTAMP", "DTSTART", "DTEND"].contains(&bare) {
                    assert_eq!(value.len(), 16, "UTC date-time {value}");
                    assert!(value.ends_with('Z'), "UTC date-time {value}");
                }
                props.push(bare.to_string());
            }
            (_, false) => assert!(!line.starts_with("END:VEVENT"), "END without BEGIN"),
        }
    }
    assert!(!in_event, "unclosed VEVENT");
    lines
}

/// A visitor's question must not add a property or an alarm to the coach's calendar, whether
/// her calendar app splits lines on CRLF, LF (`icalendar`) or a bare CR.
async fn a_question_with_line_breaks_and_controls_stays_one_property_of_one_event(engine: Engine) {
    let app = spawn(engine).await;
    let token = app.admin_token().await;
    let (_, link) = app
        .admin_send(
            &token,
            Method::POST,
            "/api/admin/notifications/calendar-link",
            None,
        )
        .await;
    let path = link["url"]
        .as_str()
        .unwrap()
        .strip_prefix("https://www.inlumine.be")
        .unwrap()
        .to_string();
    set_availability(
        &app,
        &token,
        availability(every_day("00:00", "24:00"), 30, 0, 2),
    )
    .await;
    let slots = flat_slots(&app).await;
    // A NUL is refused at the door, in Dutch.
    let mut call = booking(&slots[0].2, "lien@example.be");
    call["question"] = json!("Hallo\u{0}daar");
    let res = app.post_json("/api/intro-calls", &call).await;
    assert_eq!(res.status(), 422);
    let body: Value = res.json().await.unwrap();
    assert!(body.to_string().contains("stuurteken"), "{body}");
    let attack = "Vraag\rBEGIN:VALARM\rACTION:DISPLAY\r\nTRIGGER:-PT5M\nEND:VALARM\r\rX-EVIL:1";
    call["question"] = json!(attack);
    assert_eq!(app.post_json("/api/intro-calls", &call).await.status(), 201);
    // Controls that arrive another way (an import, an older version) are dropped in the feed;
    // PostgreSQL cannot store a NUL in text, SQLite can.
    let stored = match engine {
        Engine::Sqlite => format!("{attack}\u{0}\u{b}\u{1b}\u{7f}."),
        Engine::Postgres => format!("{attack}\u{b}\u{1b}\u{7f}."),
    };
    sqlx::query("UPDATE intro_calls SET question = $1")
        .bind(&stored)
        .execute(&app.pool)
        .await
        .unwrap();
    let res = app.get(&path).await;
    assert_eq!(res.status(), 200);
    let text = res.text().await.unwrap();
    assert_icalendar(&text);
    assert!(
        !text
            .chars()
            .any(|c| c.is_control() && c != '\r' && c != '\n'),
        "{text:?}"
    );

    // A reader that splits on CR alone: the same lines, no new property.
    let begins: Vec<&str> = text
        .split('\r')
        .map(|l| l.trim_start_matches('\n'))
        .filter(|l| l.starts_with("BEGIN:") || l.starts_with("END:") || l.starts_with("X-EVIL"))
        .collect();
    assert_eq!(
        begins,
        [
            "BEGIN:VCALENDAR",
            "BEGIN:VEVENT",
            "END:VEVENT",
            "END:VCALENDAR"
        ],
        "{text:?}"
    );

    // Python's icalendar: one event, no alarm, the question whole in its description.
    let python = python_venv("icalendar-venv", &["icalendar==7.3.2"]);
    let script =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/python/ics_check.py");
    let mut child = std::process::Command::new(python)
        .arg(script)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the calendar checker runs");
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), text.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "icalendar: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let components: Value = serde_json::from_slice(&output.stdout).unwrap();
    let names: Vec<&str> = components
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["VCALENDAR", "VEVENT"], "{components}");
    let event = &components[1];
    assert_eq!(
        event["properties"],
        json!([
            "DESCRIPTION",
            "DTEND",
            "DTSTAMP",
            "DTSTART",
            "LOCATION",
            "ORGANIZER",
            "STATUS",
            "SUMMARY",
            "UID"
        ]),
        "{components}"
    );
    assert_eq!(event["subcomponents"], json!([]));
    let description = event["description"].as_str().unwrap();
    assert!(
        description.ends_with(
            "Vraag: Vraag\nBEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT5M\nEND:VALARM\n\nX-EVIL:1."
        ),
        "{description:?}"
    );
}

async fn the_calendar_feed_is_icalendar_and_needs_its_token(engine: Engine) {
    let app = spawn(engine).await;
    let token = app.admin_token().await;
    // Without a link nothing answers.
    assert_eq!(app.get("/api/calendar/raadsel.ics").await.status(), 404);
    let (status, link) = app
        .admin_send(
            &token,
            Method::POST,
            "/api/admin/notifications/calendar-link",
            None,
        )
        .await;
    assert_eq!(status, 200, "{link}");
    let url = link["url"].as_str().unwrap().to_string();
    let path = url
        .strip_prefix("https://www.inlumine.be")
        .unwrap()
        .to_string();
    assert!(
        path.starts_with("/api/calendar/") && path.ends_with(".ics"),
        "{path}"
    );
    // The token is kept hashed only.
    let secret = path
        .trim_start_matches("/api/calendar/")
        .trim_end_matches(".ics");
    let stored: String = sqlx::query("SELECT calendar_token_hash FROM notification_settings")
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .get(0);
    assert_ne!(stored, secret);
    let (_, settings) = app
        .admin_send(&token, Method::GET, "/api/admin/notifications", None)
        .await;
    assert_eq!(settings["calendar_feed_active"], true);

    // A video call, an evening and a long title that must fold.
    set_availability(
        &app,
        &token,
        availability(every_day("00:00", "24:00"), 30, 0, 2),
    )
    .await;
    let slots = flat_slots(&app).await;
    let mut call = booking(&slots[0].2, "lien@example.be");
    call["mode"] = json!("video");
    call["name"] = json!("Lien Peeters; van de Brouwerij, Mechelen");
    assert_eq!(app.post_json("/api/intro-calls", &call).await.status(), 201);
    let evening = crate::commerce::evening(&app, 20).await;
    sqlx::query("UPDATE events SET title = $1 WHERE id = $2")
        .bind("Vertelavond: Pleasen, Slikken en Loslaten — een avond over grenzen, zachtheid en de moed om nee te zeggen")
        .bind(evening)
        .execute(&app.pool)
        .await
        .unwrap();
    let res = app.get(&path).await;
    assert_eq!(res.status(), 200);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/calendar")
    );
    let text = res.text().await.unwrap();
    let lines = assert_icalendar(&text);
    assert_eq!(
        lines.iter().filter(|l| *l == "BEGIN:VEVENT").count(),
        2,
        "{text}"
    );
    assert!(
        lines.contains(
            &"SUMMARY:Kennismakingsgesprek: Lien Peeters\\; van de Brouwerij\\, Mechelen"
                .to_string()
        ),
        "{text}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("SUMMARY:Vertelavond: Pleasen\\, Slikken"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("LOCATION:Zaal De Lichtbron"))
    );
    assert!(text.contains("\r\n "), "the long title was folded");

    // A new link: the old one stops working.
    let (_, renewed) = app
        .admin_send(
            &token,
            Method::POST,
            "/api/admin/notifications/calendar-link",
            None,
        )
        .await;
    assert_ne!(renewed["url"], link["url"]);
    assert_eq!(app.get(&path).await.status(), 404);
    let new_path = renewed["url"]
        .as_str()
        .unwrap()
        .strip_prefix("https://www.inlumine.be")
        .unwrap()
        .to_string();
    assert_eq!(app.get(&new_path).await.status(), 200);
    assert_eq!(app.get("/api/calendar/.ics").await.status(), 404);
    // Without an admin token the link cannot be renewed.
    let res = app
        .client
        .post(app.url("/api/admin/notifications/calendar-link"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 401);
}

async fn a_video_call_gets_its_meeting_link_in_the_mails(engine: Engine) {
    let app = spawn_app_with(engine, |s| {
        generous_limits(s);
        s.reminders.interval_secs = 1;
    })
    .await;
    let token = app.admin_token().await;
    set_availability(
        &app,
        &token,
        availability(every_day("00:00", "24:00"), 30, 0, 2),
    )
    .await;
    let slots = flat_slots(&app).await;
    // No link known yet: the visitor is told it comes by mail.
    let mut call = booking(&slots[0].2, "lien@example.be");
    call["mode"] = json!("video");
    assert_eq!(app.post_json("/api/intro-calls", &call).await.status(), 201);
    let first = app.wait_for_mails_to("lien@example.be", 1).await.remove(0);
    assert!(
        first.contains("Je krijgt de link voor het videogesprek per e-mail zodra hij klaarstaat"),
        "{first}"
    );
    assert!(!first.contains("uiterlijk de dag ervoor"));

    // A default link in the settings goes into the next confirmation.
    let (status, _) = app
        .admin_send(
            &token,
            Method::PUT,
            "/api/admin/notifications",
            Some(
                json!({"orders": "immediate", "bookings": "immediate", "webinars": "immediate",
                        "intro_calls": "immediate", "summary_time": "08:00",
                        "meeting_url": "https://meet.jit.si/in-lumine"}),
            ),
        )
        .await;
    assert_eq!(status, 200);
    let mut other = booking(&slots[2].2, "an@example.be");
    other["mode"] = json!("video");
    assert_eq!(
        app.post_json("/api/intro-calls", &other).await.status(),
        201
    );
    let second = app.wait_for_mails_to("an@example.be", 1).await.remove(0);
    assert!(
        second.contains("Deelnemen via deze link: https://meet.jit.si/in-lumine"),
        "{second}"
    );
    assert!(
        attachment(&second, "kennismakingsgesprek.ics")
            .contains("URL:https://meet.jit.si/in-lumine")
    );

    // The coach sets a link of its own on the first call: the visitor gets it by mail.
    let id: i64 = sqlx::query("SELECT id FROM intro_calls WHERE email = 'lien@example.be'")
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .get(0);
    let (status, bad) = app
        .admin_send(
            &token,
            Method::PUT,
            &format!("/api/admin/intro-calls/{id}/meeting-link"),
            Some(json!({"meeting_url": "javascript:alert(1)"})),
        )
        .await;
    assert_eq!(status, 422, "{bad}");
    let (status, saved) = app
        .admin_send(
            &token,
            Method::PUT,
            &format!("/api/admin/intro-calls/{id}/meeting-link"),
            Some(json!({"meeting_url": "https://zoom.us/j/123456789"})),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["meeting_url"], "https://zoom.us/j/123456789");
    let mails = app.wait_for_mails_to("lien@example.be", 2).await;
    assert!(
        mails
            .iter()
            .any(|m| m.contains("Deelnemen aan het videogesprek: https://zoom.us/j/123456789"))
    );
    // The reminder carries it too.
    sqlx::query(
        "UPDATE intro_calls SET starts_at = $1, ends_at = $2, booked_at = $3 WHERE id = $4",
    )
    .bind(ts(Timestamp::now() + SignedDuration::from_hours(2)))
    .bind(ts(Timestamp::now() + SignedDuration::from_mins(150)))
    .bind(ts(Timestamp::now() - SignedDuration::from_hours(48)))
    .bind(id)
    .execute(&app.pool)
    .await
    .unwrap();
    let mails = app.wait_for_mails_to("lien@example.be", 3).await;
    let reminder = mails
        .iter()
        .find(|m| m.contains("Subject: Herinnering"))
        .expect("a reminder");
    assert!(
        reminder.contains("Deelnemen via deze link: https://zoom.us/j/123456789"),
        "{reminder}"
    );
    // A phone call takes no link.
    let mut phone = booking(&slots[5].2, "jan@example.be");
    phone["mode"] = json!("phone");
    assert_eq!(
        app.post_json("/api/intro-calls", &phone).await.status(),
        201
    );
    let phone_id: i64 = sqlx::query("SELECT id FROM intro_calls WHERE email = 'jan@example.be'")
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .get(0);
    let (status, _) = app
        .admin_send(
            &token,
            Method::PUT,
            &format!("/api/admin/intro-calls/{phone_id}/meeting-link"),
            Some(json!({"meeting_url": "https://zoom.us/j/1"})),
        )
        .await;
    assert_eq!(status, 409);
}

async fn order_row_id(app: &TestApp) -> i64 {
    sqlx::query("SELECT id FROM orders ORDER BY id DESC LIMIT 1")
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .get(0)
}

async fn a_webhook_enrolment_is_retried_until_the_platform_accepts_it(engine: Engine) {
    let platform = PlatformStub::start(2).await;
    let url = platform.url.clone();
    let app = spawn_app_with(engine, move |s| {
        generous_limits(s);
        s.enrolment.webhook_url = url;
        s.enrolment.webhook_secret =
            inlumine::kit::configuration::Secret::new(PLATFORM_WEBHOOK_SECRET);
    })
    .await;
    let token = app.admin_token().await;
    paid(&app, "zelfinzicht-7-stappen", None).await;
    let mail = app.wait_for_mails_to("sofie@example.be", 1).await.remove(0);
    assert!(
        mail.contains(
            "We schrijven je nu in op het platform met dit e-mailadres (sofie@example.be)"
        ),
        "{mail}"
    );
    assert!(!mail.contains("toegangscode"));
    let id = order_row_id(&app).await;
    let (stub, app_ref, token_ref) = (&platform, &app, &token);
    eventually("the platform accepted the enrolment", || async move {
        stub.requests().len() >= 3
    })
    .await;
    eventually("the enrolment is delivered", || async move {
        let (_, e) = app_ref
            .admin_send(
                token_ref,
                Method::GET,
                &format!("/api/admin/orders/{id}/enrolment"),
                None,
            )
            .await;
        e["status"] == "delivered"
    })
    .await;
    assert!(
        platform.violations().is_empty(),
        "{:?}",
        platform.violations()
    );
    let requests = platform.requests();
    assert_eq!(requests.len(), 3, "two refusals, then accepted; no more");
    let body: Value = serde_json::from_slice(&requests[2].body).unwrap();
    assert_eq!(body["type"], "enrolment.created");
    assert_eq!(body["email"], "sofie@example.be");
    assert_eq!(body["course"]["slug"], "zelfinzicht-7-stappen");
    let (_, enrolment) = app
        .admin_send(
            &token,
            Method::GET,
            &format!("/api/admin/orders/{id}/enrolment"),
            None,
        )
        .await;
    assert_eq!(enrolment["method"], "webhook");
    assert_eq!(enrolment["attempts"], 3);
    // The coach sends it again: one more signed delivery.
    let (status, resent) = app
        .admin_send(
            &token,
            Method::POST,
            &format!("/api/admin/orders/{id}/enrolment/resend"),
            None,
        )
        .await;
    assert_eq!(status, 200, "{resent}");
    assert_eq!(resent["sends"], 2);
    eventually("the resend arrived", || async move {
        stub.requests().len() == 4
    })
    .await;
    assert!(platform.violations().is_empty());
    // An event order has no course access.
    let evening = crate::commerce::evening(&app, 10).await;
    paid(&app, "vertelavond", Some(evening)).await;
    let ticket_order = order_row_id(&app).await;
    let (status, _) = app
        .admin_send(
            &token,
            Method::GET,
            &format!("/api/admin/orders/{ticket_order}/enrolment"),
            None,
        )
        .await;
    assert_eq!(status, 404);
}

async fn a_refunded_course_is_revoked_on_the_platform_by_a_signed_webhook(engine: Engine) {
    let platform = PlatformStub::start(0).await;
    let url = platform.url.clone();
    let app = spawn_app_with(engine, move |s| {
        generous_limits(s);
        s.enrolment.webhook_url = url;
        s.enrolment.webhook_secret =
            inlumine::kit::configuration::Secret::new(PLATFORM_WEBHOOK_SECRET);
    })
    .await;
    let token = app.admin_token().await;
    paid(&app, "zelfinzicht-7-stappen", None).await;
    let id = order_row_id(&app).await;
    let stub = &platform;
    eventually("the platform enrolled the buyer", || async move {
        stub.requests().len() == 1
    })
    .await;
    let (status, refunded) = app
        .admin_send(
            &token,
            Method::POST,
            &format!("/api/admin/orders/{id}/refund"),
            None,
        )
        .await;
    assert_eq!(status, 200, "{refunded}");
    eventually("the platform heard of the refund", || async move {
        stub.requests().len() == 2
    })
    .await;
    // Signed as README says (the stub checks `t=…,v1=…` over "<t>.<body>").
    assert!(
        platform.violations().is_empty(),
        "{:?}",
        platform.violations()
    );
    let requests = platform.requests();
    let created: Value = serde_json::from_slice(&requests[0].body).unwrap();
    let revoked: Value = serde_json::from_slice(&requests[1].body).unwrap();
    assert_eq!(revoked["type"], "enrolment.revoked");
    assert_eq!(revoked["order_id"], created["order_id"]);
    assert_eq!(revoked["email"], "sofie@example.be");
    assert_eq!(revoked["course"]["slug"], "zelfinzicht-7-stappen");
    assert!(revoked["revoked_at"].as_str().unwrap().ends_with('Z'));
    let signature = requests[1].headers["x-inlumine-signature"]
        .to_str()
        .unwrap();
    assert!(
        signature.starts_with("t=") && signature.contains(",v1="),
        "{signature}"
    );

    // The coach sees it, and a resend cannot enrol the refunded buyer again.
    let enrolment = format!("/api/admin/orders/{id}/enrolment");
    let (_, e) = app.admin_send(&token, Method::GET, &enrolment, None).await;
    assert_eq!(e["status"], "revoked");
    let (status, body) = app
        .admin_send(&token, Method::POST, &format!("{enrolment}/resend"), None)
        .await;
    assert_eq!(status, 409, "{body}");
    // A second refund click changes nothing and revokes nothing twice.
    let (status, _) = app
        .admin_send(
            &token,
            Method::POST,
            &format!("/api/admin/orders/{id}/refund"),
            None,
        )
        .await;
    assert_eq!(status, 409);
    eventually("the outbox is done", || async {
        app.count("SELECT COUNT(*) FROM outbox WHERE status = 'pending'")
            .await
            == 0
    })
    .await;
    assert_eq!(platform.requests().len(), 2);
}

async fn without_a_webhook_a_course_buyer_gets_an_access_code(engine: Engine) {
    let app = spawn(engine).await;
    let token = app.admin_token().await;
    paid(&app, "spiegelgevecht", None).await;
    app.wait_for_mails_to("sofie@example.be", 1).await;
    let mail = decode(
        &std::fs::read_to_string(
            app.mail_files()
                .iter()
                // Her own `To:`, not the coach notice's `Reply-To:` naming her.
                .find(|f| {
                    std::fs::read_to_string(f)
                        .unwrap()
                        .contains("\nTo: sofie@example.be")
                })
                .unwrap(),
        )
        .unwrap(),
    );
    let id = order_row_id(&app).await;
    let (status, enrolment) = app
        .admin_send(
            &token,
            Method::GET,
            &format!("/api/admin/orders/{id}/enrolment"),
            None,
        )
        .await;
    assert_eq!(status, 200, "{enrolment}");
    assert_eq!(enrolment["method"], "access_code");
    assert_eq!(enrolment["status"], "code_sent");
    let code = enrolment["access_code"].as_str().unwrap().to_string();
    assert_eq!(code.len(), 14, "{code}");
    assert!(
        mail.contains(&format!("Je persoonlijke toegangscode: {code}")),
        "{mail}"
    );
    assert!(mail.contains("Vul je toegangscode in"), "{mail}");
    let (status, resent) = app
        .admin_send(
            &token,
            Method::POST,
            &format!("/api/admin/orders/{id}/enrolment/resend"),
            None,
        )
        .await;
    assert_eq!(status, 200, "{resent}");
    let mails = app.wait_for_mails_to("sofie@example.be", 2).await;
    assert_eq!(mails.iter().filter(|m| m.contains(&code)).count(), 2);
    assert_eq!(
        app.admin_send(
            &token,
            Method::POST,
            "/api/admin/orders/999999/enrolment/resend",
            None
        )
        .await
        .0,
        404
    );
}

async fn bad_notification_settings_are_refused(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let (status, body) = app
        .admin_send(
            &token,
            Method::PUT,
            "/api/admin/notifications",
            Some(
                json!({"orders": "weekly", "bookings": "daily", "webinars": "daily",
                        "intro_calls": "daily", "summary_time": "25:00",
                        "meeting_url": "http://meet.example.be"}),
            ),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    let fields = &body["error"]["fields"];
    assert!(fields["orders"].is_string(), "{body}");
    assert!(fields["summary_time"].is_string());
    assert!(fields["meeting_url"].is_string());
    let (_, settings) = app
        .admin_send(&token, Method::GET, "/api/admin/notifications", None)
        .await;
    assert_eq!(settings["orders"], "immediate");
    assert_eq!(settings["bookings"], "immediate");
    assert_eq!(settings["summary_time"], "08:00");
    assert_eq!(settings["calendar_feed_active"], false);
}
