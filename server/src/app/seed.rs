//! Demo data for a fresh install; the marker in `app_meta` makes it run only once.
use jiff::civil::{Date, Weekday};
use jiff::{SignedDuration, Timestamp, ToSpan, Zoned};
use sqlx::{AnyPool, Row};

use crate::agenda::events::EventKind;
use crate::agenda::seats;
use crate::kit::brussels::TIME_ZONE;
use crate::kit::db::{self, Tx};

const MARKER: &str = "demo_seeded_at";

const VENUE: (&str, &str, &str, &str) =
    ("Zaal De Lichtbron", "Befferstraat 21", "2800", "Mechelen");
const VERTELAVOND_TITLE: &str = "Vertelavond: Pleasen, Slikken en Loslaten";
const VERTELAVOND_TEXT: &str = "Een warme avond vol herkenbare verhalen over pleasen, dingen inslikken en \
    leren loslaten. Je luistert, voelt wat het met je doet en gaat naar huis met meer zicht op je eigen patronen.";

/// Returns false when the demo data was already there.
pub async fn seed_demo(pool: &AnyPool) -> anyhow::Result<bool> {
    let mut tx = db::begin_write(pool).await?;
    let seeded = sqlx::query("SELECT value FROM app_meta WHERE key = $1")
        .bind(MARKER)
        .fetch_optional(&mut *tx)
        .await?;
    if seeded.is_some() {
        return Ok(false);
    }
    let now = Zoned::now().in_tz(TIME_ZONE)?;
    seed_reviews(&mut tx, now.timestamp()).await?;

    // The spec's evening, kept as history, and the next edition a few weeks ahead.
    insert_vertelavond(&mut tx, jiff::civil::date(2025, 11, 27)).await?;
    let mut next = now.date().checked_add(21.days())?;
    while next.weekday() != Weekday::Thursday {
        next = next.tomorrow()?;
    }
    let next_id = insert_vertelavond(&mut tx, next).await?;
    // Partly sold already, its seats taken the way a checkout takes them.
    anyhow::ensure!(
        seats::take(&mut tx, next_id, 12).await?,
        "the demo evening has room for its demo seats"
    );

    let first_day = now.date().checked_add(60.days())?;
    insert_event(
        &mut tx,
        EventKind::Zelfbeeld,
        "De Zelfbeeld-Ommekeer",
        "Drie dagen in Mechelen waarin je je zelfbeeld grondig omkeert: van oude overtuigingen naar een beeld \
         dat klopt met wie je nu bent. In een kleine groep van maximaal acht deelnemers.",
        local(first_day, 9, 30)?,
        local(first_day.checked_add(2.days())?, 17, 0)?,
        Some(VENUE),
        None,
        8,
        150_000,
    )
    .await?;

    let webinar_day = now.date().checked_add(14.days())?;
    insert_event(
        &mut tx,
        EventKind::Webinar,
        "Webinar: Wie ben jij zonder je masker?",
        "Een gratis online uur over de rollen die we spelen om erbij te horen, en hoe je voorzichtig weer \
         dichter bij jezelf komt. Met ruimte voor vragen.",
        local(webinar_day, 20, 0)?,
        local(webinar_day, 21, 0)?,
        None,
        Some("https://example.org/webinar"),
        100,
        0,
    )
    .await?;

    let second_webinar = webinar_day.checked_add(28.days())?;
    insert_event(
        &mut tx,
        EventKind::Webinar,
        "Webinar: Grenzen zonder schuldgevoel",
        "Waarom ‘nee’ zeggen zo moeilijk voelt, en hoe je het leert zonder dat het een strijd wordt. \
         Een gratis online uur met kleine oefeningen.",
        local(second_webinar, 20, 0)?,
        local(second_webinar, 21, 0)?,
        None,
        Some("https://example.org/webinar-grenzen"),
        100,
        0,
    )
    .await?;
    seed_availability(&mut tx).await?;

    sqlx::query("INSERT INTO app_meta (key, value) VALUES ($1, $2)")
        .bind(MARKER)
        .bind(db::now())
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(true)
}

/// The coach's demo week for intro calls (Brussels time): Tuesday and Thursday mornings,
/// Wednesday afternoon and Thursday evening.
async fn seed_availability(tx: &mut Tx) -> anyhow::Result<()> {
    for (weekday, start, end) in [
        (2, 9 * 60, 12 * 60),
        (3, 13 * 60, 17 * 60),
        (4, 9 * 60, 12 * 60),
        (4, 18 * 60, 20 * 60),
    ] {
        sqlx::query(
            "INSERT INTO availability_rules (weekday, start_minute, end_minute) VALUES ($1, $2, $3)",
        )
        .bind(weekday)
        .bind(start)
        .bind(end)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

fn local(date: Date, hour: i8, minute: i8) -> anyhow::Result<Timestamp> {
    Ok(date.at(hour, minute, 0, 0).in_tz(TIME_ZONE)?.timestamp())
}

async fn seed_reviews(tx: &mut Tx, now: Timestamp) -> anyhow::Result<()> {
    // Demo reviews carry no avatar: an external image would show broken on an offline machine.
    let reviews: [(&str, i64, &str, i64); 8] = [
        (
            "Sofie Peeters",
            5,
            "De vertelavond raakte me meer dan ik had verwacht. Ik herkende mezelf in zoveel verhalen en ging naar huis met een lichter hart.",
            6,
        ),
        (
            "Tom Janssens",
            5,
            "Lien luistert zonder te oordelen. Na een paar gesprekken zag ik eindelijk waarom ik altijd ja zei terwijl ik nee bedoelde.",
            18,
        ),
        (
            "An De Smet",
            4,
            "De zelftest was een eye-opener. Confronterend, maar op een zachte manier. Een aanrader voor wie vastzit in oude patronen.",
            33,
        ),
        (
            "Pieter Claes",
            5,
            "Drie dagen Zelfbeeld-Ommekeer hebben meer veranderd dan jaren piekeren. Ik kijk nu echt anders naar mezelf.",
            51,
        ),
        (
            "Lotte Maes",
            5,
            "Warm, eerlijk en heel deskundig. Ik voelde me vanaf het eerste moment welkom en gezien.",
            72,
        ),
        (
            "Kristof Wouters",
            4,
            "Ik was sceptisch, maar de aanpak is heel concreet. Elke stap gaf me iets om mee aan de slag te gaan.",
            96,
        ),
        (
            "Els Vandenberghe",
            5,
            "Het Spiegelgevecht heeft me geholpen om milder naar mezelf te kijken. Ik heb het al aan drie vriendinnen aangeraden.",
            124,
        ),
        (
            "Jonas Mertens",
            5,
            "Een gratis kennismakingsgesprek werd het begin van een mooi traject. Dankjewel voor de rust en de helderheid.",
            158,
        ),
    ];
    for (name, rating, text, days_ago) in reviews {
        let created = now
            - SignedDuration::from_hours(24 * days_ago)
            - SignedDuration::from_mins(37 * days_ago);
        sqlx::query("INSERT INTO reviews (name, rating, text, created_at) VALUES ($1, $2, $3, $4)")
            .bind(name)
            .bind(rating)
            .bind(text)
            .bind(db::format_ts(created))
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// A storytelling evening at the demo venue, 19:30 to 22:00 Brussels time, 30 seats at 35 EUR.
async fn insert_vertelavond(tx: &mut Tx, date: Date) -> anyhow::Result<i64> {
    insert_event(
        tx,
        EventKind::Vertelavond,
        VERTELAVOND_TITLE,
        VERTELAVOND_TEXT,
        local(date, 19, 30)?,
        local(date, 22, 0)?,
        Some(VENUE),
        None,
        30,
        3500,
    )
    .await
}

#[allow(clippy::too_many_arguments)]
async fn insert_event(
    tx: &mut Tx,
    kind: EventKind,
    title: &str,
    description: &str,
    starts_at: Timestamp,
    ends_at: Timestamp,
    venue: Option<(&str, &str, &str, &str)>,
    online_url: Option<&str>,
    capacity: i64,
    price_cents: i64,
) -> anyhow::Result<i64> {
    let now = db::now();
    let row = sqlx::query(
        "INSERT INTO events (kind, title, description, starts_at, ends_at, venue_name, street, postal_code, city, \
         online_url, capacity, price_cents, status, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'published', $13, $13) RETURNING id",
    )
    .bind(kind)
    .bind(title)
    .bind(description)
    .bind(db::format_ts(starts_at))
    .bind(db::format_ts(ends_at))
    .bind(venue.map(|v| v.0))
    .bind(venue.map(|v| v.1))
    .bind(venue.map(|v| v.2))
    .bind(venue.map(|v| v.3))
    .bind(online_url)
    .bind(capacity)
    .bind(price_cents)
    .bind(now)
    .fetch_one(&mut **tx)
    .await?;
    Ok(row.try_get("id")?)
}
