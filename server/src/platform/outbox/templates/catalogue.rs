//! The registry of mail kinds: every kind with its label, default subject and body (the texts the
//! site always sent) and its named placeholders.
use crate::kit::closed_set::closed_set;

closed_set! {
    /// A mail that visitors receive, with a text the coach can change.
    pub enum MailKind {
        OrderTickets = "order_tickets",
        OrderBooking = "order_booking",
        OrderCourse = "order_course",
        CourseAccess = "course_access",
        CreditNote = "credit_note",
        TicketCancelled = "ticket_cancelled",
        LatePayment = "late_payment",
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
        SelftestConfirm = "selftest_confirm",
        SelftestResult = "selftest_result",
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
        TicketCancelled => Spec {
            label: "Ticket geannuleerd door jou",
            description: "Aan de houder van een ticket dat je annuleert bij de tickets van een datum. Betaal je tickets terug, dan krijgt de koper de mail met de creditnota.",
            subject: "Je ticket voor {evenement} is geannuleerd",
            body: "Dag {voornaam},\n\n{merk} heeft je ticket {ticket} voor ‘{evenement}’ ({datum}) geannuleerd. \
                   Het geeft geen toegang meer.\n\n\
                   Heb je een vraag, bijvoorbeeld over een terugbetaling? Neem dan gerust contact op met {merk}.",
            placeholders: const {
                &[
                    VOORNAAM,
                    ph("ticket", "De code van het ticket", "K7QF-M2XD-9TPA"),
                    EVENEMENT,
                    DATUM,
                    MERK,
                ]
            },
        },
        LatePayment => Spec {
            label: "Betaling te laat: terugbetaling",
            description: "Als een betaling pas binnenkomt nadat de reservatie verliep en de bestelling niet meer kan doorgaan (de plaatsen zijn weg of gaan naar de wachtlijst). Jij krijgt dan ook een mail om terug te betalen.",
            subject: "Je betaling voor {product} kwam te laat binnen",
            body: "Dag {voornaam},\n\nBedankt voor je betaling van {bedrag} voor {product}. Ze kwam pas binnen nadat je reservatie \
                   verlopen was, en intussen {reden}. Je bestelling kan daarom niet doorgaan, en je krijgt geen ticket.\n\n\
                   Je krijgt het volledige bedrag terug, op dezelfde manier als je betaalde. Je hoeft daarvoor niets te doen.\n\n\
                   Je bestelnummer is {bestelling}. Heb je een vraag? Antwoord gerust op deze mail.",
            placeholders: const {
                &[
                    VOORNAAM,
                    PRODUCT,
                    ph("bedrag", "Het betaalde bedrag", "€ 25,00"),
                    ph("bestelling", "Het bestelnummer", "3F9A2C7D1B"),
                    ph(
                        "reden",
                        "Waarom de bestelling niet kan doorgaan (na ‘intussen’)",
                        "is er geen plaats meer vrij",
                    ),
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
        SelftestConfirm => Spec {
            label: "Zelftest: resultaat per mail bevestigen",
            description: "Als een bezoeker haar resultaat van de zelftest per mail vraagt (dubbele opt-in). Er staat niets van het resultaat in: dat volgt pas na de klik. Vinkte ze de nieuwsbrief aan, dan zegt de mail er vanzelf bij dat dezelfde klik haar inschrijft.",
            subject: "Bevestig je e-mailadres voor je resultaat van de zelftest",
            body: "Dag,\n\nJe vroeg om je resultaat van de zelftest van {merk} per mail te ontvangen. \
                   Bevestig eerst dat dit jouw e-mailadres is:\n\n[Stuur mij mijn resultaat]({bevestigen})\n\n\
                   Vroeg je dit niet zelf? Dan mag je deze e-mail gewoon negeren; je ontvangt dan niets meer van ons.",
            placeholders: const {
                &[
                    required(
                        "bevestigen",
                        "De link om het e-mailadres te bevestigen",
                        "https://www.inlumine.be/wees-eerlijk/zelftest/bevestigen?token=voorbeeld",
                    ),
                    MERK,
                ]
            },
        },
        SelftestResult => Spec {
            label: "Zelftest: je resultaat",
            description: "Na de bevestiging van het e-mailadres. De scores per thema, de teksten van de profielen, de aanbevolen volgende stap en (als je die bij het profiel instelde) de persoonlijke kortingscode komen er vanzelf bij.",
            subject: "Je resultaat van de zelftest: {profiel}",
            body: "Dag,\n\nDank je wel om de zelftest van {merk} te doen. Hieronder lees je je resultaat. \
                   Je vindt het ook altijd terug via deze link:\n\n[Bekijk je resultaat]({resultaat})",
            placeholders: const {
                &[
                    ph(
                        "profiel",
                        "De titel van het profiel dat het best bij de bezoeker past",
                        "Je bent streng voor jezelf",
                    ),
                    ph(
                        "resultaat",
                        "De link naar het resultaat op de site",
                        "https://www.inlumine.be/wees-eerlijk/zelftest/resultaat?token=voorbeeld",
                    ),
                    MERK,
                ]
            },
        },
    }
}
