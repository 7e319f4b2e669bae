//! The e-mails around an intro call: the visitor's confirmation (with `.ics` and the two
//! links), cancellation and reminder, and the coach's notifications.
use jiff::Timestamp;

use super::{CallMode, IntroCall};
use crate::dutch;
use crate::ics::{self, CalendarEvent};
use crate::outbox::EmailMessage;
use crate::outbox::compose::{Block, calendar_attachment, compose, link, text};
use crate::state::AppState;

/// The raw tokens of the visitor's two links (only their hashes are stored).
pub struct Links<'a> {
    pub cancel: &'a str,
    pub r#move: &'a str,
}

pub enum CoachNote {
    Booked,
    Moved { from: Timestamp },
    Cancelled,
}

/// "telefonisch", "via video", "in de praktijk in Mechelen".
pub fn mode_label(state: &AppState, mode: CallMode) -> String {
    match mode {
        CallMode::Phone => "telefonisch".into(),
        CallMode::Video => "via video".into(),
        CallMode::InPerson => format!("in de praktijk in {}", state.site.contact.city),
    }
}

fn how(state: &AppState, call: &IntroCall) -> String {
    let c = &state.site.contact;
    match call.mode {
        CallMode::Phone => format!(
            "Hoe: telefonisch. We bellen je op {}.",
            call.phone.as_deref().unwrap_or_default()
        ),
        CallMode::Video => "Hoe: via video. Je krijgt de link voor het videogesprek uiterlijk de dag ervoor per e-mail.".into(),
        CallMode::InPerson => format!(
            "Waar: in de praktijk, {}, {} {}.",
            c.street, c.postal_code, c.city
        ),
    }
}

fn location(state: &AppState, call: &IntroCall) -> String {
    let c = &state.site.contact;
    match call.mode {
        CallMode::Phone => "Telefonisch".into(),
        CallMode::Video => "Videogesprek".into(),
        CallMode::InPerson => format!("{}, {} {}", c.street, c.postal_code, c.city),
    }
}

fn invite(state: &AppState, call: &IntroCall, cancelled: bool) -> anyhow::Result<String> {
    let host = url::Url::parse(&state.site.site_url)?
        .host_str()
        .unwrap_or("inlumine.be")
        .to_string();
    let uid = format!("intro-call-{}@{host}", call.id);
    let summary = format!("Kennismakingsgesprek met {}", state.site.brand);
    Ok(ics::calendar(
        &CalendarEvent {
            uid: &uid,
            starts_at: call.start()?,
            ends_at: call.end()?,
            summary: &summary,
            description: &how(state, call),
            location: &location(state, call),
            url: None,
            cancelled,
        },
        &state.site.brand,
        &state.site.contact.email,
    ))
}

fn book_again(state: &AppState) -> Block {
    link(
        "Een nieuw moment kiezen",
        format!("{}/gratis-kennismakingsgesprek", state.public_url),
    )
}

pub fn confirmation(
    state: &AppState,
    call: &IntroCall,
    links: &Links,
    moved: bool,
) -> anyhow::Result<EmailMessage> {
    let when = dutch::date_time(call.start()?);
    let intro = if moved {
        format!(
            "Je kennismakingsgesprek met {} is verplaatst.",
            state.site.brand
        )
    } else {
        format!(
            "Fijn dat je een gratis kennismakingsgesprek plant met {}. Ik kijk ernaar uit!",
            state.site.brand
        )
    };
    let mut blocks = vec![
        text(format!("Dag {},", call.name)),
        text(intro),
        text(format!(
            "Wanneer: {when} (Belgische tijd)\n{}",
            how(state, call)
        )),
    ];
    if let Some(question) = &call.question {
        blocks.push(text(format!("Je vraag: {question}")));
    }
    blocks.extend([
        text("In de bijlage vind je een uitnodiging voor je agenda."),
        text("Past het toch niet? Dan kan je het gesprek hier verplaatsen of annuleren:"),
        link(
            "Verplaatsen",
            format!("{}/afspraak?token={}", state.public_url, links.r#move),
        ),
        link(
            "Annuleren",
            format!("{}/afspraak?token={}", state.public_url, links.cancel),
        ),
    ]);
    let subject = if moved {
        format!("Je kennismakingsgesprek is verplaatst naar {when}")
    } else {
        format!("Je kennismakingsgesprek op {when}")
    };
    let mut message = compose(&call.email, subject, &blocks, &state.site.brand);
    message.attachments.push(calendar_attachment(
        "kennismakingsgesprek.ics",
        &invite(state, call, false)?,
    ));
    Ok(message)
}

/// To the visitor; `message` is the coach's note when she cancelled.
pub fn cancelled(
    state: &AppState,
    call: &IntroCall,
    message: Option<&str>,
) -> anyhow::Result<EmailMessage> {
    let when = dutch::date_time(call.start()?);
    let mut blocks = vec![text(format!("Dag {},", call.name))];
    match message {
        Some(note) => {
            blocks.push(text(format!(
                "Helaas moet {} je kennismakingsgesprek van {when} annuleren.",
                state.site.brand
            )));
            blocks.push(text(note));
        }
        None => blocks.push(text(format!(
            "Je kennismakingsgesprek van {when} is geannuleerd, zoals je vroeg."
        ))),
    }
    blocks.push(text(
        "Wil je toch graag kennismaken? Kies dan gerust een nieuw moment:",
    ));
    blocks.push(book_again(state));
    let mut mail = compose(
        &call.email,
        format!("Je kennismakingsgesprek van {when} is geannuleerd"),
        &blocks,
        &state.site.brand,
    );
    mail.attachments.push(calendar_attachment(
        "kennismakingsgesprek-geannuleerd.ics",
        &invite(state, call, true)?,
    ));
    Ok(mail)
}

pub fn reminder(state: &AppState, call: &IntroCall) -> anyhow::Result<EmailMessage> {
    let when = dutch::date_time(call.start()?);
    let blocks = [
        text(format!("Dag {},", call.name)),
        text(format!(
            "Een korte herinnering: morgen hebben we ons kennismakingsgesprek.\nWanneer: {when} (Belgische tijd)\n{}",
            how(state, call)
        )),
        text(
            "Past het toch niet meer? Met de links in je bevestigingsmail verplaats of annuleer je het gesprek.",
        ),
    ];
    Ok(compose(
        &call.email,
        format!("Herinnering: je kennismakingsgesprek op {when}"),
        &blocks,
        &state.site.brand,
    ))
}

pub fn to_coach(
    state: &AppState,
    call: &IntroCall,
    note: CoachNote,
) -> anyhow::Result<EmailMessage> {
    let when = dutch::date_time(call.start()?);
    let (subject, first) = match note {
        CoachNote::Booked => (
            format!("Nieuw kennismakingsgesprek: {}, {when}", call.name),
            format!("{} boekte een kennismakingsgesprek.", call.name),
        ),
        CoachNote::Moved { from } => (
            format!("Kennismakingsgesprek verplaatst: {}, {when}", call.name),
            format!(
                "{} verplaatste het gesprek van {}.",
                call.name,
                dutch::date_time(from)
            ),
        ),
        CoachNote::Cancelled => (
            format!("Kennismakingsgesprek geannuleerd: {}, {when}", call.name),
            format!("{} annuleerde het gesprek.", call.name),
        ),
    };
    let mut details = format!(
        "Wanneer: {when}\nHoe: {}\nE-mail: {}",
        mode_label(state, call.mode),
        call.email
    );
    if let Some(phone) = &call.phone {
        details.push_str(&format!("\nTelefoon: {phone}"));
    }
    if let Some(question) = &call.question {
        details.push_str(&format!("\nVraag: {question}"));
    }
    let blocks = [
        text(first),
        text(details),
        link(
            "Alle afspraken",
            format!("{}/admin/afspraken", state.public_url),
        ),
    ];
    Ok(compose(
        &state.site.contact.email,
        subject,
        &blocks,
        &state.site.brand,
    ))
}
