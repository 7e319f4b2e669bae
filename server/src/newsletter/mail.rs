//! The double opt-in e-mail.
use crate::domain::{EmailAddress, FirstName};
use crate::outbox::EmailMessage;
use crate::outbox::compose::escape_html;
use crate::state::AppState;

pub fn opt_in(
    state: &AppState,
    first_name: &FirstName,
    email: &EmailAddress,
    confirm_token: &str,
    unsubscribe_token: &str,
) -> EmailMessage {
    let brand = &state.site.brand;
    let name = first_name.as_ref();
    let confirm = format!(
        "{}/nieuwsbrief/bevestigen?token={confirm_token}",
        state.public_url
    );
    let unsubscribe = format!(
        "{}/nieuwsbrief/uitschrijven?token={unsubscribe_token}",
        state.public_url
    );
    let text = format!(
        "Dag {name},\n\n\
         Fijn dat je je wilt inschrijven voor de nieuwsbrief van {brand}.\n\
         Bevestig je inschrijving via deze link:\n\n{confirm}\n\n\
         Heb je je niet zelf ingeschreven? Dan mag je deze e-mail gewoon negeren; je ontvangt dan niets meer van ons.\n\n\
         Warme groet,\n{brand}\n\n\
         Wil je je later uitschrijven? Dat kan altijd via {unsubscribe}\n"
    );
    let (h_name, h_brand) = (escape_html(name), escape_html(brand));
    let html = format!(
        "<!doctype html><html lang=\"nl-BE\"><body style=\"font-family:Georgia,serif;line-height:1.6;color:#2d2a26\">\
         <p>Dag {h_name},</p>\
         <p>Fijn dat je je wilt inschrijven voor de nieuwsbrief van {h_brand}.</p>\
         <p><a href=\"{confirm}\">Bevestig mijn inschrijving</a></p>\
         <p>Heb je je niet zelf ingeschreven? Dan mag je deze e-mail gewoon negeren; je ontvangt dan niets meer van ons.</p>\
         <p>Warme groet,<br>{h_brand}</p>\
         <p style=\"font-size:12px;color:#6b6560\">Wil je je later uitschrijven? \
         <a href=\"{unsubscribe}\">Schrijf je hier uit</a>.</p></body></html>"
    );
    EmailMessage {
        to: email.as_ref().to_string(),
        subject: format!("Bevestig je inschrijving voor de nieuwsbrief van {brand}"),
        text,
        html,
        attachments: Vec::new(),
    }
}
