//! Demo data for a fresh install; the marker in `app_meta` makes it run only once.
use jiff::civil::{Date, Weekday};
use jiff::{SignedDuration, Timestamp, ToSpan, Zoned};
use sqlx::{AnyPool, Row};

use crate::agenda::events::EventKind;
use crate::agenda::seats;
use crate::kit::brussels::TIME_ZONE;
use crate::kit::db::{self, Tx};
use crate::overview::selftest::{definition, store_definition};

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
    seed_selftest(&mut tx).await?;

    sqlx::query("INSERT INTO app_meta (key, value) VALUES ($1, $2)")
        .bind(MARKER)
        .bind(db::now())
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(true)
}

/// The five answers of every statement of the demo self-test, each giving 0 to 4 points.
const SCALE: [&str; 5] = [
    "Helemaal niet",
    "Eerder niet",
    "Neutraal",
    "Eerder wel",
    "Helemaal wel",
];

/// A published sample self-test (three themes, nine statements, profiles covering 0 to 100 for
/// each theme with a step each, one with a coupon), and "Doe de test" leading to it.
async fn seed_selftest(tx: &mut Tx) -> anyhow::Result<()> {
    let mut products = std::collections::HashMap::new();
    for row in sqlx::query("SELECT id, slug, name FROM products WHERE active = 1")
        .fetch_all(&mut **tx)
        .await?
    {
        let slug: String = row.try_get("slug")?;
        products.insert(
            slug,
            (
                row.try_get::<i64, _>("id")?,
                row.try_get::<String, _>("name")?,
            ),
        );
    }
    let product = |slug: &str| -> anyhow::Result<i64> {
        products
            .get(slug)
            .map(|(id, _)| *id)
            .ok_or_else(|| anyhow::anyhow!("the demo needs the product {slug}"))
    };
    let statements = [
        ("zelfbeeld", "Ik ben strenger voor mezelf dan voor anderen."),
        (
            "zelfbeeld",
            "Als iemand me een compliment geeft, wuif ik het snel weg.",
        ),
        (
            "zelfbeeld",
            "Ik vergelijk mezelf vaak met anderen, en dan kom ik er bekaaid van af.",
        ),
        ("grenzen", "Ik zeg ja terwijl ik eigenlijk nee bedoel."),
        (
            "grenzen",
            "Ik voel me verantwoordelijk voor hoe anderen zich voelen.",
        ),
        (
            "grenzen",
            "Ik vind het moeilijk om iets voor mezelf te vragen.",
        ),
        ("energie", "Ik ben vaak moe, ook na een goede nacht slaap."),
        (
            "energie",
            "Wat me deugd doet, schuif ik op tot ‘later, als alles af is’.",
        ),
        (
            "energie",
            "Ik heb weinig momenten op een dag die echt van mij zijn.",
        ),
    ];
    let questions: Vec<serde_json::Value> = statements
        .iter()
        .enumerate()
        .map(|(i, (theme, text))| {
            let choices: Vec<serde_json::Value> = SCALE
                .iter()
                .enumerate()
                .map(|(points, label)| {
                    serde_json::json!({ "label": label, "scores": { *theme: points } })
                })
                .collect();
            serde_json::json!({ "id": format!("uitspraak-{}", i + 1), "text": text, "choices": choices })
        })
        .collect();
    let step = |kind: &str, target: serde_json::Value, label: &str| match kind {
        "product" => serde_json::json!({ "kind": kind, "product_id": target, "label": label }),
        "page" => serde_json::json!({ "kind": kind, "path": target, "label": label }),
        _ => serde_json::json!({ "kind": kind, "label": label }),
    };
    let vertelavond = step(
        "product",
        product("vertelavond")?.into(),
        "Kom naar een vertelavond",
    );
    let kennismaking = step(
        "intro_call",
        serde_json::Value::Null,
        "Plan een gratis kennismakingsgesprek",
    );
    let videos = step("page", "/voor-jezelf".into(), "Bekijk de gratis video's");
    let profiles = serde_json::json!([
        { "id": "zelfbeeld-mild", "theme": "zelfbeeld", "min": 0, "max": 39,
          "title": "Je kijkt met milde ogen naar jezelf",
          "text": "Je kent je sterke kanten en je durft ze te laten zien. Dat is minder vanzelfsprekend dan het lijkt.\n\nOp een vertelavond hoor je de verhalen van mensen die nog zoeken. Misschien herken je er je eigen weg in, en geeft jouw milde blik een ander moed.",
          "step": vertelavond.clone() },
        { "id": "zelfbeeld-zoekend", "theme": "zelfbeeld", "min": 40, "max": 69,
          "title": "Je bent op weg naar een milder zelfbeeld",
          "text": "Soms zie je wat je waard bent, soms verdwijnt het achter de stem die zegt dat het beter moet. Die stem is niet de waarheid: het is een oude gewoonte.\n\nWie die gewoonte leert herkennen, krijgt er ruimte naast. Daar begint het.",
          "step": step("page", "/begrijp-jezelf".into(), "Lees hoe je jezelf beter begrijpt") },
        { "id": "zelfbeeld-streng", "theme": "zelfbeeld", "min": 70, "max": 100,
          "title": "Je bent streng voor jezelf",
          "text": "Je legt de lat hoog, en als je hem haalt, leg je hem nog wat hoger. Complimenten glijden van je af, kritiek blijft plakken.\n\nJe bent daarin niet alleen: het is een van de meest voorkomende patronen. In **Het Spiegelgevecht** leer je stap voor stap milder kijken naar wat de spiegel je toont.",
          "step": step("product", product("spiegelgevecht")?.into(), "Begin met Het Spiegelgevecht"),
          "coupon": { "percent": 10, "valid_days": 14 } },
        { "id": "grenzen-helder", "theme": "grenzen", "min": 0, "max": 39,
          "title": "Je bewaakt je grenzen goed",
          "text": "Je voelt wat je wel en niet wilt, en je durft het ook te zeggen. Dat geeft rust, voor jezelf en voor wie met je omgaat.\n\nDe gratis video's geven je korte inzichten om die rust te bewaren, ook op drukke dagen.",
          "step": videos.clone() },
        { "id": "grenzen-zoekend", "theme": "grenzen", "min": 40, "max": 69,
          "title": "Je grenzen schuiven soms op",
          "text": "Meestal weet je wat je nodig hebt, maar als iemand aandringt, geef je sneller toe dan je zou willen. Achteraf voel je het wel.\n\nOp een vertelavond hoor je hoe anderen leerden ‘nee’ te zeggen zonder schuldgevoel.",
          "step": vertelavond.clone() },
        { "id": "grenzen-pleaser", "theme": "grenzen", "min": 70, "max": 100,
          "title": "Je zegt vaak ja terwijl je nee bedoelt",
          "text": "Je bent er voor iedereen, en dat siert je. Maar er blijft weinig over voor jezelf, en ergens weet je dat.\n\nPleasen is geen karaktertrek: het is iets wat je ooit leerde om erbij te horen. En wat je leerde, kan je ook anders leren. Laten we daar eens rustig over praten.",
          "step": kennismaking.clone() },
        { "id": "energie-vol", "theme": "energie", "min": 0, "max": 39,
          "title": "Je energie stroomt",
          "text": "Je vindt tijd voor wat je deugd doet, en je merkt op tijd wanneer je moet rusten. Koester dat.\n\nWil je nog dieper kijken naar wat je drijft? Zelfinzicht in 7 Stappen neemt je mee, in je eigen tempo.",
          "step": step("product", product("zelfinzicht-7-stappen")?.into(), "Ontdek Zelfinzicht in 7 Stappen") },
        { "id": "energie-wisselend", "theme": "energie", "min": 40, "max": 69,
          "title": "Je energie gaat op en neer",
          "text": "Er zijn dagen waarop alles lukt, en dagen waarop je op reserve draait. Vaak zit het verschil niet in hoeveel je doet, maar in hoeveel je van jezelf wegcijfert.\n\nDe gratis video's helpen je die momenten sneller te herkennen.",
          "step": videos.clone() },
        { "id": "energie-op", "theme": "energie", "min": 70, "max": 100,
          "title": "Je loopt op je reserves",
          "text": "Je bent moe, en rust lijkt iets voor later. Dat is een signaal om ernstig te nemen, niet om weg te duwen.\n\nJe hoeft het niet alleen uit te zoeken: in een gratis kennismakingsgesprek kijken we samen wat je nu het meest nodig hebt.",
          "step": kennismaking.clone() }
    ]);
    let draft: definition::SelfTestDefinition = serde_json::from_value(serde_json::json!({
        "title": "Hoe eerlijk kijk jij naar jezelf?",
        "intro": "Negen uitspraken, een paar minuten. Er zijn geen goede of foute antwoorden: kies telkens wat het eerst in je opkomt.\n\nJe resultaat zie je meteen. Je hebt geen account nodig en we bewaren niets over jou, tenzij je zelf vraagt om je resultaat te mailen.",
        "themes": [
            { "key": "zelfbeeld", "name": "Zelfbeeld" },
            { "key": "grenzen", "name": "Grenzen" },
            { "key": "energie", "name": "Energie" }
        ],
        "questions": questions,
        "profiles": profiles,
    }))?;
    let draft =
        definition::clean(&draft).map_err(|p| anyhow::anyhow!("the demo self-test: {:?}", p.0))?;
    let active = products
        .values()
        .map(|(id, name)| (*id, name.clone()))
        .collect();
    let problems = definition::check_publishable(&draft, &active).0;
    anyhow::ensure!(problems.is_empty(), "the demo self-test: {problems:?}");
    let stored = store_definition(&draft)?;
    let now = db::now();
    sqlx::query("INSERT INTO selftest_draft (id, definition, updated_at) VALUES (1, $1, $2)")
        .bind(&stored)
        .bind(&now)
        .execute(&mut **tx)
        .await?;
    sqlx::query(
        "INSERT INTO selftest_versions (version, definition, published_at) VALUES (1, $1, $2)",
    )
    .bind(&stored)
    .bind(&now)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO settings (id, details, selftest_own, updated_at) VALUES (1, NULL, 1, $1) \
         ON CONFLICT (id) DO UPDATE SET selftest_own = 1, updated_at = excluded.updated_at",
    )
    .bind(&now)
    .execute(&mut **tx)
    .await?;
    Ok(())
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
