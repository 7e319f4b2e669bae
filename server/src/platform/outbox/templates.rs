//! The mails visitors receive, as texts the coach can edit (DESIGN.md §7): one registry of every
//! type with its default subject and body (the texts the site always sent) and its named
//! placeholders. A saved text in `mail_templates` wins over the default.
//!
//! A body is simple Markdown-ish prose: a blank line starts a paragraph, `**bold**`,
//! `[label](https://…)` or `[label]({placeholder})`, and `{placeholder}`. Values are filled in
//! as plain text (escaped in HTML). What is not prose (order lines, ticket codes, attachments,
//! `.ics`) the caller adds as generated blocks after it.
use sqlx::Row;

use super::compose::{ACCENT, Block, escape_html};
use crate::kit::closed_set::closed_set;
use crate::kit::db::Tx;
use crate::kit::domain::FirstName;

closed_set! {
    /// A mail that visitors receive, with a text the coach can change.
    pub enum MailKind {
        OrderTickets = "order_tickets",
        OrderBooking = "order_booking",
        OrderCourse = "order_course",
        CourseAccess = "course_access",
        CreditNote = "credit_note",
        WebinarConfirmation = "webinar_confirmation",
        WebinarReminder = "webinar_reminder",
        IntroCallBooked = "intro_call_booked",
        IntroCallMoved = "intro_call_moved",
        IntroCallCancelled = "intro_call_cancelled",
        IntroCallCancelledByCoach = "intro_call_cancelled_by_coach",
        IntroCallReminder = "intro_call_reminder",
        IntroCallVideoLink = "intro_call_video_link",
        NewsletterOptIn = "newsletter_opt_in",
        ContactAutoReply = "contact_auto_reply",
        WaitlistOffer = "waitlist_offer",
        ReviewInvitation = "review_invitation",
    }
}

/// A name the coach can put between braces, and what it becomes.
pub struct Placeholder {
    pub name: &'static str,
    pub description: &'static str,
    /// What the preview and the test mail show.
    pub sample: &'static str,
    /// The mail does not work without it (a link the visitor must click).
    pub required: bool,
}

const fn ph(name: &'static str, description: &'static str, sample: &'static str) -> Placeholder {
    Placeholder {
        name,
        description,
        sample,
        required: false,
    }
}

const fn required(
    name: &'static str,
    description: &'static str,
    sample: &'static str,
) -> Placeholder {
    Placeholder {
        name,
        description,
        sample,
        required: true,
    }
}

const VOORNAAM: Placeholder = ph(
    "voornaam",
    "De voornaam van de ontvanger (leeg als die niet gekend is)",
    "Anna",
);
const MERK: Placeholder = ph("merk", "De naam van je zaak", "In Lumine");
const EVENEMENT: Placeholder = ph("evenement", "De titel van de activiteit", "Vertelavond");
const DATUM_TOT: Placeholder = ph(
    "datum",
    "Dag, datum en uur (van ... tot ...)",
    "donderdag 27 november 2025 om 19.30 uur tot 22.00 uur",
);
const DATUM: Placeholder = ph(
    "datum",
    "Dag, datum en uur",
    "donderdag 27 november 2025 om 19.30 uur",
);
const PLAATS: Placeholder = ph(
    "plaats",
    "Waar het doorgaat",
    "De Zolder, Voorbeeldstraat 1, 2800 Mechelen",
);
const PRODUCT: Placeholder = ph(
    "product",
    "De naam van de cursus of het product",
    "Zelfbeeld online",
);
const HOE: Placeholder = ph(
    "hoe",
    "Hoe het gesprek verloopt (telefonisch, via video of in de praktijk)",
    "Hoe: telefonisch. We bellen je op +32 470 12 34 56.",
);
const DEELNEMEN: Placeholder = ph(
    "deelnemen",
    "De link om deel te nemen (of dat die nog volgt)",
    "Deelnemen aan het webinar: https://meet.example.org/webinar",
);

/// One mail type: what the coach sees in the list and the texts it starts with.
pub struct Spec {
    pub label: &'static str,
    pub description: &'static str,
    pub subject: &'static str,
    pub body: &'static str,
    pub placeholders: &'static [Placeholder],
}

/// The registry: every type's label, default texts and placeholders.
pub fn spec(kind: MailKind) -> Spec {
    use MailKind::*;
    match kind {
        OrderTickets => Spec {
            label: "Bestelling: tickets",
            description: "Na de betaling van tickets voor een activiteit. De tickets, QR-codes, bestelgegevens, factuur en agenda-bestand komen er vanzelf bij.",
            subject: "Je tickets voor {evenement}",
            body: "Dag {voornaam},\n\nJe betaling is goed ontvangen. Hier zijn je tickets voor {evenement}.\n\n\
                   Wanneer: {datum}\nWaar: {plaats}\n\n\
                   Toon de code (of de QR-code in de bijlage) aan de ingang. Je vindt de afspraak ook als agenda-bestand in de bijlage.",
            placeholders: &[VOORNAAM, EVENEMENT, DATUM_TOT, PLAATS, MERK],
        },
        OrderBooking => Spec {
            label: "Bestelling: boeking Zelfbeeld-Ommekeer",
            description: "Na de betaling van een plaats voor De Zelfbeeld-Ommekeer. Boekingscodes, bestelgegevens, factuur en agenda-bestand komen er vanzelf bij.",
            subject: "Je plaats voor {evenement} is geboekt",
            body: "Dag {voornaam},\n\nJe plaats voor {evenement} is geboekt. We kijken ernaar uit je te ontmoeten!\n\n\
                   Wanneer: {datum}\nWaar: {plaats}\n\n\
                   Toon de code (of de QR-code in de bijlage) aan de ingang. Je vindt de afspraak ook als agenda-bestand in de bijlage.",
            placeholders: &[VOORNAAM, EVENEMENT, DATUM_TOT, PLAATS, MERK],
        },
        OrderCourse => Spec {
            label: "Bestelling: cursus",
            description: "Na de betaling van een cursus. Hoe ze toegang krijgt, de bestelgegevens en de factuur komen er vanzelf bij.",
            subject: "Welkom bij {product}",
            body: "Dag {voornaam},\n\nJe betaling is goed ontvangen. Welkom bij {product}!",
            placeholders: &[VOORNAAM, PRODUCT, MERK],
        },
        CourseAccess => Spec {
            label: "Toegang tot een cursus (opnieuw)",
            description: "Als je de toegangscode van een cursus opnieuw stuurt. De stappen en de code komen er vanzelf bij.",
            subject: "Je toegang tot {product}",
            body: "Dag {voornaam},\n\nHier is nog eens hoe je toegang krijgt tot {product}.",
            placeholders: &[VOORNAAM, PRODUCT, MERK],
        },
        CreditNote => Spec {
            label: "Terugbetaling met creditnota",
            description: "Als je een bestelling terugbetaalt. De creditnota komt er vanzelf bij.",
            subject: "Je terugbetaling en creditnota {creditnota}",
            body: "Dag {voornaam},\n\nWe betaalden je bestelling {bestelling} terug: {bedrag}. Je krijgt het bedrag op dezelfde manier terug als je betaalde; \
                   afhankelijk van je bank zie je het binnen enkele werkdagen.\n\n\
                   In de bijlage vind je creditnota {creditnota} bij factuur {factuur}. Bewaar ze bij je factuur.",
            placeholders: const {
                &[
                    VOORNAAM,
                    ph("bestelling", "Het bestelnummer", "3F9A2C7D1B"),
                    ph("bedrag", "Het terugbetaalde bedrag", "€ 25,00"),
                    ph("creditnota", "Het nummer van de creditnota", "CN-2025-0001"),
                    ph("factuur", "Het nummer van de factuur", "2025-0042"),
                    MERK,
                ]
            },
        },
        WebinarConfirmation => Spec {
            label: "Webinar: inschrijving",
            description: "Na de inschrijving voor een webinar. Het agenda-bestand komt er vanzelf bij.",
            subject: "Je bent ingeschreven: {evenement}",
            body: "Dag {voornaam},\n\nFijn dat je erbij bent! Je bent ingeschreven voor het webinar ‘{evenement}’.\n\n\
                   Wanneer: {datum} (Belgische tijd)\n\n{deelnemen}\n\n\
                   In de bijlage vind je een uitnodiging voor je agenda. De dag voordien krijg je nog een herinnering met de link.",
            placeholders: &[VOORNAAM, EVENEMENT, DATUM, DEELNEMEN, MERK],
        },
        WebinarReminder => Spec {
            label: "Webinar: herinnering",
            description: "De dag voor een webinar.",
            subject: "Herinnering: {evenement} op {datum}",
            body: "Dag {voornaam},\n\nEen korte herinnering: morgen is het webinar ‘{evenement}’.\nWanneer: {datum} (Belgische tijd)\n\n\
                   {deelnemen}\n\nTot dan!",
            placeholders: &[VOORNAAM, EVENEMENT, DATUM, DEELNEMEN, MERK],
        },
        IntroCallBooked => Spec {
            label: "Kennismakingsgesprek: bevestiging",
            description: "Na het boeken van een kennismakingsgesprek. Het agenda-bestand komt er vanzelf bij.",
            subject: "Je kennismakingsgesprek op {datum}",
            body: "Dag {voornaam},\n\nFijn dat je een gratis kennismakingsgesprek plant met {merk}. Ik kijk ernaar uit!\n\n\
                   Wanneer: {datum} (Belgische tijd)\n{hoe}\n\n\
                   In de bijlage vind je een uitnodiging voor je agenda.\n\n\
                   Past het toch niet? Dan kan je het gesprek hier verplaatsen of annuleren:\n\n\
                   [Verplaatsen]({verplaatsen})\n\n[Annuleren]({annuleren})",
            placeholders: const {
                &[
                    VOORNAAM,
                    DATUM,
                    HOE,
                    required(
                        "verplaatsen",
                        "De link om het gesprek te verplaatsen",
                        "https://www.inlumine.be/afspraak?token=voorbeeld",
                    ),
                    required(
                        "annuleren",
                        "De link om het gesprek te annuleren",
                        "https://www.inlumine.be/afspraak?token=voorbeeld",
                    ),
                    MERK,
                ]
            },
        },
        IntroCallMoved => Spec {
            label: "Kennismakingsgesprek: verplaatst",
            description: "Als de bezoeker het gesprek verplaatst. Het agenda-bestand komt er vanzelf bij.",
            subject: "Je kennismakingsgesprek is verplaatst naar {datum}",
            body: "Dag {voornaam},\n\nJe kennismakingsgesprek met {merk} is verplaatst.\n\n\
                   Wanneer: {datum} (Belgische tijd)\n{hoe}\n\n\
                   In de bijlage vind je een uitnodiging voor je agenda.\n\n\
                   Past het toch niet? Dan kan je het gesprek hier verplaatsen of annuleren:\n\n\
                   [Verplaatsen]({verplaatsen})\n\n[Annuleren]({annuleren})",
            placeholders: const {
                &[
                    VOORNAAM,
                    DATUM,
                    HOE,
                    required(
                        "verplaatsen",
                        "De link om het gesprek te verplaatsen",
                        "https://www.inlumine.be/afspraak?token=voorbeeld",
                    ),
                    required(
                        "annuleren",
                        "De link om het gesprek te annuleren",
                        "https://www.inlumine.be/afspraak?token=voorbeeld",
                    ),
                    MERK,
                ]
            },
        },
        IntroCallCancelled => Spec {
            label: "Kennismakingsgesprek: geannuleerd door de bezoeker",
            description: "Als de bezoeker het gesprek annuleert. Het agenda-bestand komt er vanzelf bij.",
            subject: "Je kennismakingsgesprek van {datum} is geannuleerd",
            body: "Dag {voornaam},\n\nJe kennismakingsgesprek van {datum} is geannuleerd, zoals je vroeg.\n\n\
                   Wil je toch graag kennismaken? Kies dan gerust een nieuw moment:\n\n[Een nieuw moment kiezen]({boeken})",
            placeholders: const {
                &[
                    VOORNAAM,
                    DATUM,
                    ph(
                        "boeken",
                        "De link om een nieuw gesprek te boeken",
                        "https://www.inlumine.be/gratis-kennismakingsgesprek",
                    ),
                    MERK,
                ]
            },
        },
        IntroCallCancelledByCoach => Spec {
            label: "Kennismakingsgesprek: geannuleerd door jou",
            description: "Als jij een gesprek annuleert. Het agenda-bestand komt er vanzelf bij.",
            subject: "Je kennismakingsgesprek van {datum} is geannuleerd",
            body: "Dag {voornaam},\n\nHelaas moet {merk} je kennismakingsgesprek van {datum} annuleren.\n\n{bericht}\n\n\
                   Wil je toch graag kennismaken? Kies dan gerust een nieuw moment:\n\n[Een nieuw moment kiezen]({boeken})",
            placeholders: const {
                &[
                    VOORNAAM,
                    DATUM,
                    ph(
                        "bericht",
                        "Wat je bij het annuleren schreef",
                        "Ik ben die dag helaas ziek.",
                    ),
                    ph(
                        "boeken",
                        "De link om een nieuw gesprek te boeken",
                        "https://www.inlumine.be/gratis-kennismakingsgesprek",
                    ),
                    MERK,
                ]
            },
        },
        IntroCallReminder => Spec {
            label: "Kennismakingsgesprek: herinnering",
            description: "De dag voor het gesprek.",
            subject: "Herinnering: je kennismakingsgesprek op {datum}",
            body: "Dag {voornaam},\n\nEen korte herinnering: morgen hebben we ons kennismakingsgesprek.\nWanneer: {datum} (Belgische tijd)\n{hoe}\n\n\
                   Past het toch niet meer? Met de links in je bevestigingsmail verplaats of annuleer je het gesprek.",
            placeholders: &[VOORNAAM, DATUM, HOE, MERK],
        },
        IntroCallVideoLink => Spec {
            label: "Kennismakingsgesprek: link voor het videogesprek",
            description: "Als je de link van een videogesprek invult of wijzigt.",
            subject: "De link voor je kennismakingsgesprek op {datum}",
            body: "Dag {voornaam},\n\nHier is de link voor ons videogesprek van {datum} (Belgische tijd).\n\n\
                   [Deelnemen aan het videogesprek]({videolink})\n\n\
                   Klik er op het afgesproken uur op; je hebt geen account nodig.",
            placeholders: const {
                &[
                    VOORNAAM,
                    DATUM,
                    required(
                        "videolink",
                        "De link van het videogesprek",
                        "https://meet.example.org/kennismaking",
                    ),
                    MERK,
                ]
            },
        },
        NewsletterOptIn => Spec {
            label: "Nieuwsbrief: inschrijving bevestigen",
            description: "Na een inschrijving voor de nieuwsbrief (dubbele opt-in). De link om uit te schrijven komt er vanzelf bij.",
            subject: "Bevestig je inschrijving voor de nieuwsbrief van {merk}",
            body: "Dag {voornaam},\n\nFijn dat je je wilt inschrijven voor de nieuwsbrief van {merk}.\n\
                   Bevestig je inschrijving via deze link:\n\n[Bevestig mijn inschrijving]({bevestigen})\n\n\
                   Heb je je niet zelf ingeschreven? Dan mag je deze e-mail gewoon negeren; je ontvangt dan niets meer van ons.",
            placeholders: const {
                &[
                    VOORNAAM,
                    required(
                        "bevestigen",
                        "De link om de inschrijving te bevestigen",
                        "https://www.inlumine.be/nieuwsbrief/bevestigen?token=voorbeeld",
                    ),
                    MERK,
                ]
            },
        },
        ContactAutoReply => Spec {
            label: "Contactformulier: ontvangstbevestiging",
            description: "Het automatische antwoord op een bericht via het contactformulier (het bericht zelf staat er nooit in).",
            subject: "We ontvingen je bericht — {merk}",
            body: "Dag {voornaam},\n\nBedankt voor je bericht! Ik heb het goed ontvangen en antwoord je meestal binnen twee werkdagen.",
            placeholders: &[VOORNAAM, MERK],
        },
        WaitlistOffer => Spec {
            label: "Wachtlijst: er is een plaats vrij",
            description: "Aan de eerste op de wachtlijst van een volzette datum, zodra er een plaats vrijkomt. De plaats blijft vastgehouden tot het uur in de mail.",
            subject: "Er is een plaats vrij: {evenement}",
            body: "Dag {voornaam},\n\nGoed nieuws: er is een plaats vrijgekomen voor ‘{evenement}’ ({datum}). \
                   Je stond op de wachtlijst, dus we houden ze voor je vast.\n\n[Koop je ticket]({kooplink})\n\n\
                   Deze link is persoonlijk en geldig tot {geldig_tot}. Daarna gaat de plaats naar de volgende op de wachtlijst.\n\n\
                   Kun je toch niet komen? Dan hoef je niets te doen.",
            placeholders: const {
                &[
                    VOORNAAM,
                    EVENEMENT,
                    DATUM,
                    required(
                        "kooplink",
                        "De persoonlijke link om het vastgehouden ticket te kopen",
                        "https://www.inlumine.be/checkout?product=vertelavond&event=1&offer=voorbeeld",
                    ),
                    ph(
                        "geldig_tot",
                        "Tot wanneer de plaats wordt vastgehouden",
                        "vrijdag 28 november 2025 om 9.30 uur",
                    ),
                    MERK,
                ]
            },
        },
        ReviewInvitation => Spec {
            label: "Review: uitnodiging na een activiteit",
            description: "Een paar dagen na een vertelavond of cursusdatum, aan wie erbij was (één keer per persoon). De link om geen uitnodigingen meer te krijgen komt er vanzelf bij.",
            subject: "Hoe was {gelegenheid}?",
            body: "Dag {voornaam},\n\nDank je wel dat je erbij was op {gelegenheid}. Hoe heb je het beleefd?\n\n\
                   Wil je in een paar zinnen vertellen wat het je gaf? Zo weten anderen beter wat ze mogen verwachten. \
                   Je kiest zelf of je voornaam erbij mag staan.\n\n[Deel je ervaring]({deellink})\n\n\
                   Deze link is persoonlijk en werkt één keer, tot {geldig_tot}.",
            placeholders: const {
                &[
                    VOORNAAM,
                    ph(
                        "gelegenheid",
                        "De activiteit waar de ontvanger bij was",
                        "de vertelavond van 27 november 2025",
                    ),
                    required(
                        "deellink",
                        "De persoonlijke link om een review te schrijven",
                        "https://www.inlumine.be/ervaring-delen#uitnodiging=voorbeeld",
                    ),
                    ph("geldig_tot", "Tot wanneer de link werkt", "26 januari 2026"),
                    MERK,
                ]
            },
        },
    }
}

/// What a placeholder becomes: text, or a labelled link (e.g. "Deelnemen aan het webinar").
enum Value {
    Text(String),
    Link { label: String, url: String },
}

/// The values for one mail, by placeholder name.
pub struct Values(Vec<(&'static str, Value)>);

impl Values {
    /// Every mail's own two: the recipient's first name (the first word of a full name, and
    /// only when it passes `FirstName`'s rules, as in "Dag Sofie,") and the brand.
    pub fn new(full_name: &str, brand: &str) -> Self {
        let first = FirstName::from_full_name(full_name)
            .map(|n| n.as_ref().to_string())
            .unwrap_or_default();
        Self(vec![
            ("voornaam", Value::Text(first)),
            ("merk", Value::Text(brand.to_string())),
        ])
    }

    pub fn with(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.0.push((name, Value::Text(value.into())));
        self
    }

    /// A placeholder that shows as a link with `label` (as "label: url" in plain text).
    pub fn with_link(
        mut self,
        name: &'static str,
        label: impl Into<String>,
        url: impl Into<String>,
    ) -> Self {
        self.0.push((
            name,
            Value::Link {
                label: label.into(),
                url: url.into(),
            },
        ));
        self
    }

    /// The samples of `kind`'s placeholders, for the preview and the test mail.
    pub fn samples(kind: MailKind, brand: &str) -> Self {
        Self(
            spec(kind)
                .placeholders
                .iter()
                .map(|p| {
                    let sample = if p.name == "merk" { brand } else { p.sample };
                    (p.name, Value::Text(sample.to_string()))
                })
                .collect(),
        )
    }

    fn value(&self, name: &str) -> Option<&Value> {
        self.0
            .iter()
            .rev()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
    }

    /// The text of a value, or the address of a link value (as a link's target).
    fn get(&self, name: &str) -> &str {
        match self.value(name) {
            Some(Value::Text(t)) => t,
            Some(Value::Link { url, .. }) => url,
            None => "",
        }
    }
}

/// A mail's subject and prose, saved by the coach or the default.
#[derive(Debug, Clone)]
pub struct Template {
    pub kind: MailKind,
    pub subject: String,
    pub body: String,
}

impl Template {
    pub fn default_of(kind: MailKind) -> Self {
        let spec = spec(kind);
        Self {
            kind,
            subject: spec.subject.to_string(),
            body: spec.body.to_string(),
        }
    }

    /// The subject (plain text on one line) and the body as blocks, with `values` filled in.
    pub fn render(&self, values: &Values) -> (String, Vec<Block>) {
        let subject = Out::render(&parse(&self.subject), values)
            .text
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let blocks = paragraphs(&self.body)
            .into_iter()
            .map(|p| Out::render(&parse(&p), values))
            .filter(|out| !out.text.trim().is_empty())
            .map(|out| Block::Rich {
                html: out.html,
                text: out.text,
            })
            .collect();
        (subject, blocks)
    }
}

/// The saved text of `kind`, or its default.
pub async fn load(tx: &mut Tx, kind: MailKind) -> Result<Template, sqlx::Error> {
    let row = sqlx::query("SELECT subject, body FROM mail_templates WHERE kind = $1")
        .bind(kind)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(match row {
        Some(row) => Template {
            kind,
            subject: row.try_get("subject")?,
            body: row.try_get("body")?,
        },
        None => Template::default_of(kind),
    })
}

/// Why `text` (a subject or a body of `kind`) cannot be saved, in Dutch: an unknown
/// placeholder, a link that is not a web or mail address, or (for the body) a missing
/// required placeholder.
pub fn check(kind: MailKind, text: &str, is_body: bool) -> Result<(), String> {
    let spec = spec(kind);
    let known = |name: &str| spec.placeholders.iter().any(|p| p.name == name);
    let list = || {
        spec.placeholders
            .iter()
            .map(|p| format!("{{{}}}", p.name))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut used = Vec::new();
    for inline in parse(text) {
        collect(&inline, &mut used);
        if let Inline::Link { target, .. } = &inline {
            match target {
                Target::Url(_) if !is_body => {
                    return Err("Een onderwerp kan geen link bevatten.".into());
                }
                Target::Url(url)
                    if !["https://", "http://", "mailto:"]
                        .iter()
                        .any(|s| url.starts_with(s)) =>
                {
                    return Err(format!(
                        "De link naar ‘{url}’ moet beginnen met https://, http:// of mailto:, of een invulplek tussen accolades zijn."
                    ));
                }
                _ => {}
            }
        }
    }
    if let Some(unknown) = used.iter().find(|name| !known(name)) {
        return Err(format!(
            "{{{unknown}}} kennen we niet. In deze mail kan je gebruiken: {}.",
            list()
        ));
    }
    if is_body
        && let Some(missing) = spec
            .placeholders
            .iter()
            .find(|p| p.required && !used.iter().any(|u| u == p.name))
    {
        return Err(format!(
            "Laat {{{}}} in de tekst staan: zonder {} werkt deze mail niet.",
            missing.name,
            missing.description.to_lowercase()
        ));
    }
    Ok(())
}

fn collect(inline: &Inline, used: &mut Vec<String>) {
    match inline {
        Inline::Placeholder(name) => used.push(name.clone()),
        Inline::Link { label, target } => {
            for part in label {
                collect(part, used);
            }
            if let Target::Placeholder(name) = target {
                used.push(name.clone());
            }
        }
        _ => {}
    }
}

/// Paragraphs: runs of lines between blank lines, each line trimmed at its end.
fn paragraphs(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for line in body.lines() {
        let line = line.trim_end();
        if line.trim().is_empty() {
            if !current.is_empty() {
                out.push(current.join("\n"));
                current.clear();
            }
        } else {
            current.push(line);
        }
    }
    if !current.is_empty() {
        out.push(current.join("\n"));
    }
    out
}

#[derive(Debug, PartialEq)]
enum Target {
    Url(String),
    Placeholder(String),
}

#[derive(Debug, PartialEq)]
enum Inline {
    Text(String),
    Bold,
    Break,
    Placeholder(String),
    Link { label: Vec<Inline>, target: Target },
}

/// `{name}` at the start of `s`: the name and the length taken.
fn placeholder_at(s: &str) -> Option<(&str, usize)> {
    let rest = s.strip_prefix('{')?;
    let end = rest.find('}')?;
    let name = &rest[..end];
    (!name.is_empty()
        && name.len() <= 40
        && name.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
    .then_some((name, end + 2))
}

/// `[label](target)` at the start of `s`: label, target and the length taken.
fn link_at(s: &str) -> Option<(&str, &str, usize)> {
    let rest = s.strip_prefix('[')?;
    let close = rest.find("](")?;
    let label = &rest[..close];
    if label.contains('[') || label.contains('\n') {
        return None;
    }
    let after = &rest[close + 2..];
    let end = after.find(')')?;
    let target = after[..end].trim();
    (!target.is_empty() && !target.contains(char::is_whitespace)).then_some((
        label,
        target,
        1 + close + 2 + end + 1,
    ))
}

fn parse(text: &str) -> Vec<Inline> {
    let mut out = Vec::new();
    let mut plain = String::new();
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let token = if rest.starts_with("**") {
            Some((Inline::Bold, 2))
        } else if rest.starts_with('\n') {
            Some((Inline::Break, 1))
        } else if let Some((name, len)) = placeholder_at(rest) {
            Some((Inline::Placeholder(name.to_string()), len))
        } else if let Some((label, target, len)) = link_at(rest) {
            let target = match placeholder_at(target) {
                Some((name, n)) if n == target.len() => Target::Placeholder(name.to_string()),
                _ => Target::Url(target.to_string()),
            };
            Some((
                Inline::Link {
                    label: parse(label),
                    target,
                },
                len,
            ))
        } else {
            None
        };
        match token {
            Some((inline, len)) => {
                if !plain.is_empty() {
                    out.push(Inline::Text(std::mem::take(&mut plain)));
                }
                out.push(inline);
                i += len;
            }
            None => {
                let c = rest.chars().next().expect("not at the end");
                plain.push(c);
                i += c.len_utf8();
            }
        }
    }
    if !plain.is_empty() {
        out.push(Inline::Text(plain));
    }
    out
}

/// A paragraph rendered as HTML and as plain text.
#[derive(Default)]
struct Out {
    html: String,
    text: String,
    bold: bool,
}

impl Out {
    fn render(inlines: &[Inline], values: &Values) -> Self {
        let mut out = Self::default();
        out.push_all(inlines, values);
        if out.bold {
            out.html.push_str("</strong>");
        }
        out
    }

    fn push_all(&mut self, inlines: &[Inline], values: &Values) {
        for inline in inlines {
            match inline {
                Inline::Text(t) => self.push_text(t),
                Inline::Bold => {
                    self.html
                        .push_str(if self.bold { "</strong>" } else { "<strong>" });
                    self.bold = !self.bold;
                }
                Inline::Break => {
                    self.html.push_str("<br>");
                    self.text.push('\n');
                }
                Inline::Placeholder(name) => {
                    if let Some(Value::Link { label, url }) = values.value(name) {
                        self.push_link(&escape_html(label), label, url);
                        continue;
                    }
                    let value = values.get(name);
                    // "Dag {voornaam}," without a name reads "Dag,".
                    if value.is_empty() {
                        if self.text.ends_with(' ') {
                            self.text.pop();
                            self.html.pop();
                        }
                    } else {
                        self.push_text(value);
                    }
                }
                Inline::Link { label, target } => {
                    let url = match target {
                        Target::Url(url) => url.as_str(),
                        Target::Placeholder(name) => values.get(name),
                    };
                    let mut inner = Out::default();
                    inner.push_all(label, values);
                    if url.is_empty() {
                        self.html.push_str(&inner.html);
                        self.text.push_str(&inner.text);
                        continue;
                    }
                    self.push_link(&inner.html, &inner.text, url);
                }
            }
        }
    }

    /// A link: `<a>` around `html` in HTML, "text: url" in plain text.
    fn push_link(&mut self, html: &str, text: &str, url: &str) {
        self.html.push_str(&format!(
            "<a href=\"{}\" style=\"color:{ACCENT}\">{html}</a>",
            escape_html(url),
        ));
        let shown = url.trim_start_matches("mailto:");
        if text.is_empty() || text == shown {
            self.text.push_str(shown);
        } else {
            self.text.push_str(&format!("{text}: {shown}"));
        }
    }

    /// Plain text (literal or a value): escaped in HTML, line breaks kept.
    fn push_text(&mut self, t: &str) {
        let lines: Vec<String> = t.split('\n').map(escape_html).collect();
        self.html.push_str(&lines.join("<br>"));
        self.text.push_str(t);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn html_of(blocks: &[Block]) -> Vec<String> {
        blocks
            .iter()
            .map(|b| match b {
                Block::Rich { html, .. } => html.clone(),
                _ => String::new(),
            })
            .collect()
    }

    /// The mail's paragraphs as `compose` wraps them, one a line, and its plain text.
    fn fixture_of(subject: &str, blocks: &[Block]) -> (String, String) {
        let mut html = String::new();
        let mut text = format!("{subject}\n\n");
        for block in blocks {
            if let Block::Rich { html: h, text: t } = block {
                html.push_str(&format!("<p>{h}</p>\n"));
                text.push_str(&format!("{t}\n\n"));
            }
        }
        (html, text)
    }

    /// `name`'s committed `.html` and `.txt` equal `html` and `text`. Run with
    /// `WRITE_MAIL_FIXTURES=1` to write them anew, only when a default text changes on purpose.
    fn assert_fixture(name: &str, html: &str, text: &str) {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mail_texts");
        for (ext, actual) in [("html", html), ("txt", text)] {
            let path = dir.join(format!("{name}.{ext}"));
            if std::env::var_os("WRITE_MAIL_FIXTURES").is_some() {
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(&path, actual).unwrap();
            }
            let expected = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(actual, expected, "{} differs", path.display());
        }
    }

    /// Every default text, filled with its samples as the preview shows it, renders as it did
    /// before the renderer moved to pulldown-cmark.
    #[test]
    fn every_default_text_renders_as_its_fixture() {
        for kind in MailKind::ALL {
            let (subject, blocks) =
                Template::default_of(*kind).render(&Values::samples(*kind, "In Lumine"));
            let (html, text) = fixture_of(&subject, &blocks);
            assert_fixture(kind.as_str(), &html, &text);
        }
    }

    /// What coaches can write (paragraphs, line breaks, `**bold**`, links to addresses and
    /// placeholders) and what they might type besides, with awkward values.
    #[test]
    fn the_syntax_coaches_can_write_renders_as_its_fixture() {
        let t = Template {
            kind: MailKind::WebinarConfirmation,
            subject: "Hoi {voornaam} — **{evenement}** <{merk}>".into(),
            body: "Dag {voornaam},\n\nEen **vette** zin en **[een vette link](https://example.org/?a=1&b=2)**.  \n\
                   Een tweede regel met [mail](mailto:info@example.org) en [{evenement}]({deelnemen}).\n\n\n\
                   {deelnemen}\n\n\
                   Tekens: 5 < 6 & 7 > 3, \"aanhalingstekens\", l'apostrof, {onbekend} en {Hoofdletter}.\n\n\
                   **Vet zonder einde\n\n\
                   [geen link](geen adres) en [leeg]({leeg}) en {evenement}{evenement}\n\n   \n\
                   Laatste regel met spaties achteraan   "
                .into(),
        };
        let values = Values::new("Anna Peeters", "In & Uit")
            .with(
                "evenement",
                "Lezen <& schrijven> \"samen\" 'nu'\nop twee regels",
            )
            .with("leeg", "")
            .with_link(
                "deelnemen",
                "Deelnemen aan het webinar",
                "https://meet.example.org/w?a=1&b=\"2\"",
            );
        let (subject, blocks) = t.render(&values);
        let (html, text) = fixture_of(&subject, &blocks);
        assert_fixture("coach_syntax", &html, &text);
        let (_, blocks) = t.render(&Values::new("", "In Lumine"));
        let (html, text) = fixture_of("", &blocks);
        assert_fixture("coach_syntax_without_values", &html, &text);
    }

    /// Markdown beyond what the editor offers shows as the coach typed it.
    #[test]
    fn other_markdown_shows_as_typed_as_its_fixture() {
        let t = Template {
            kind: MailKind::ContactAutoReply,
            subject: "*Cursief* en `code`".into(),
            body: "*cursief* en _ook_ en `code` en <b>html</b> en \\*geen\\* en &amp; en <https://example.org>\n\n\
                   # Een kop voor {voornaam}\n\n\
                   - een\n- **twee**\n\n\
                   1. eerst\n2. dan\n\n\
                   > een citaat\n\n\
                   ---\n\n\
                   ![beeld](https://example.org/a.png) en [titel](https://example.org \"t\")"
                .into(),
        };
        let (subject, blocks) = t.render(&Values::new("Anna", "In Lumine"));
        let (html, text) = fixture_of(&subject, &blocks);
        assert_fixture("other_markdown", &html, &text);
    }

    #[test]
    fn every_default_passes_its_own_check() {
        for kind in MailKind::ALL {
            let t = Template::default_of(*kind);
            assert_eq!(check(*kind, &t.subject, false), Ok(()), "{kind}");
            assert_eq!(check(*kind, &t.body, true), Ok(()), "{kind}");
        }
    }

    #[test]
    fn values_are_escaped_and_markup_is_rendered() {
        let t = Template {
            kind: MailKind::ContactAutoReply,
            subject: "Hoi {voornaam}\nvan {merk}".into(),
            body: "Dag {voornaam},\n\n**Vet** en [een link](https://example.org/?a=1&b=2)".into(),
        };
        let values = Values::new("Anna Peeters", "In & Uit").with("voornaam", "<b>Anna</b>");
        let (subject, blocks) = t.render(&values);
        assert_eq!(subject, "Hoi <b>Anna</b> van In & Uit");
        let html = html_of(&blocks);
        assert_eq!(html[0], "Dag &lt;b&gt;Anna&lt;/b&gt;,");
        assert_eq!(
            html[1],
            format!(
                "<strong>Vet</strong> en <a href=\"https://example.org/?a=1&amp;b=2\" style=\"color:{ACCENT}\">een link</a>"
            )
        );
    }

    #[test]
    fn an_empty_first_name_leaves_no_gap() {
        let t = Template::default_of(MailKind::ContactAutoReply);
        let (_, blocks) = t.render(&Values::new("", "In Lumine"));
        assert_eq!(html_of(&blocks)[0], "Dag,");
    }

    #[test]
    fn unknown_placeholders_bad_links_and_missing_links_are_refused() {
        let kind = MailKind::NewsletterOptIn;
        assert!(
            check(kind, "Dag {naam}, [x]({bevestigen})", true)
                .unwrap_err()
                .contains("{naam} kennen we niet")
        );
        assert!(
            check(kind, "[klik](javascript:alert(1)) {bevestigen}", true)
                .unwrap_err()
                .contains("moet beginnen met https://")
        );
        assert!(
            check(kind, "Dag {voornaam}", true)
                .unwrap_err()
                .contains("Laat {bevestigen} in de tekst staan")
        );
        // Braces around something that is not a name stay text.
        assert_eq!(check(kind, "Een {Hoofdletter } {bevestigen}", true), Ok(()));
    }
}
