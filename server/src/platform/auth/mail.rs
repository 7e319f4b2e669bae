//! The e-mails about admin accounts: too many wrong passwords, a reset link, an invitation.
use crate::platform::outbox::EmailMessage;
use crate::platform::outbox::compose::{compose, link, text};
use crate::platform::state::AppState;

pub fn ceiling_reached(state: &AppState, to: &str) -> EmailMessage {
    let blocks = [
        text("Dag,"),
        text(format!(
            "Het voorbije uur werd er {} keer geprobeerd om met jouw e-mailadres aan te melden op het beheer, telkens met een verkeerd wachtwoord. Daarom kan niemand nog aanmelden met dit adres tot dat uur voorbij is.",
            super::throttle::ACCOUNT_CEILING
        )),
        text(
            "Was jij dat niet? Dan probeert iemand je wachtwoord te raden. Een lang wachtwoord dat je nergens anders gebruikt, houdt je beheer veilig. Wil je het toch veranderen, kies dan op de aanmeldpagina voor ‘Wachtwoord vergeten?’.",
        ),
        link(
            "Naar de aanmeldpagina",
            format!("{}/admin/login", state.public_url),
        ),
    ];
    compose(
        to,
        "Veel mislukte aanmeldpogingen op je beheer".into(),
        &blocks,
        &state.site(),
    )
}

pub fn password_reset(state: &AppState, to: &str, url: &str) -> EmailMessage {
    let blocks = [
        text("Dag,"),
        text(
            "Iemand vroeg een nieuw wachtwoord aan voor het beheer met dit e-mailadres. Was jij dat? Kies dan via de link hieronder een nieuw wachtwoord. De link werkt één keer en één uur lang.",
        ),
        link("Kies een nieuw wachtwoord", url),
        text(
            "Vroeg je niets aan? Dan mag je deze e-mail gewoon negeren; je wachtwoord blijft hetzelfde.",
        ),
    ];
    compose(
        to,
        format!("Je nieuwe wachtwoord voor {}", state.site().brand),
        &blocks,
        &state.site(),
    )
}

pub fn invitation(state: &AppState, to: &str, invited_by: &str, url: &str) -> EmailMessage {
    let blocks = [
        text("Dag,"),
        text(format!(
            "{invited_by} nodigt je uit om mee het beheer van {} te doen. Kies via de link hieronder je wachtwoord; daarna meld je aan met dit e-mailadres. De link werkt één keer en 7 dagen lang.",
            state.site().brand
        )),
        link("Kies je wachtwoord", url),
        text("Verwachtte je deze uitnodiging niet? Dan mag je deze e-mail negeren."),
    ];
    compose(
        to,
        format!("Uitnodiging voor het beheer van {}", state.site().brand),
        &blocks,
        &state.site(),
    )
}
