//! The e-mails around an intro call: the visitor's confirmation (with `.ics` and the two
//! links), cancellation and reminder, and the coach's notifications.
use jiff::Timestamp;

use super::{CallMode, IntroCall};
use crate::kit::db::Tx;
use crate::kit::dutch;
use crate::kit::ics::{self, CalendarEvent};
use crate::platform::notifications::{Notice, NoticeKind};
use crate::platform::outbox::EmailMessage;
use crate::platform::outbox::compose::{calendar_attachment, compose};
use crate::platform::outbox::templates::{self, MailKind, Values};
use crate::platform::state::AppState;

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
        CallMode::InPerson => format!("in de praktijk in {}", state.site().contact.city),
    }
}

fn how(state: &AppState, call: &IntroCall) -> String {
    let c = &state.site().contact;
    match call.mode {
        CallMode::Phone => format!(
            "Hoe: telefonisch. We bellen je op {}.",
            call.phone.as_deref().unwrap_or_default()
        ),
        CallMode::Video => match &call.meeting_url {
            Some(url) => format!("Hoe: via video. Deelnemen via deze link: {url}"),
            None => "Hoe: via video. Je krijgt de link voor het videogesprek per e-mail zodra hij klaarstaat.".into(),
        },
        CallMode::InPerson => format!(
            "Waar: in de praktijk, {}, {} {}.",
            c.street, c.postal_code, c.city
        ),
    }
}

pub(crate) fn location(state: &AppState, call: &IntroCall) -> String {
    let c = &state.site().contact;
    match call.mode {
        CallMode::Phone => "Telefonisch".into(),
        CallMode::Video => "Videogesprek".into(),
        CallMode::InPerson => format!("{}, {} {}", c.street, c.postal_code, c.city),
    }
}

fn invite(state: &AppState, call: &IntroCall, cancelled: bool) -> anyhow::Result<String> {
    let host = url::Url::parse(&state.site().site_url)?
        .host_str()
        .unwrap_or("inlumine.be")
        .to_string();
    let uid = format!("intro-call-{}@{host}", call.id);
    let summary = format!("Kennismakingsgesprek met {}", state.site().brand);
    Ok(ics::calendar(
        &CalendarEvent {
            uid: &uid,
            starts_at: call.start()?,
            ends_at: call.end()?,
            summary: &summary,
            description: &how(state, call),
            location: &location(state, call),
            url: video_link(call),
            cancelled,
        },
        &state.site().brand,
        &state.site().contact.email,
    ))
}

/// The meeting link of a video call, when known.
fn video_link(call: &IntroCall) -> Option<&str> {
    (call.mode == CallMode::Video)
        .then_some(call.meeting_url.as_deref())
        .flatten()
}

/// The mail of `kind` to the visitor of `call`, with the date and the way the call goes.
async fn to_visitor(
    tx: &mut Tx,
    state: &AppState,
    call: &IntroCall,
    kind: MailKind,
    values: impl FnOnce(Values) -> Values,
) -> anyhow::Result<EmailMessage> {
    let values = values(
        Values::new(&call.name, &state.site().brand)
            .with("datum", dutch::date_time(call.start()?))
            .with("hoe", how(state, call)),
    );
    let (subject, blocks) = templates::load(tx, kind).await?.render(&values);
    Ok(compose(&call.email, subject, &blocks, &state.site()))
}

/// To the visitor of a booked video call, when the coach set or changed its link.
pub async fn meeting_link(
    tx: &mut Tx,
    state: &AppState,
    call: &IntroCall,
) -> anyhow::Result<EmailMessage> {
    let url = call.meeting_url.clone().unwrap_or_default();
    to_visitor(tx, state, call, MailKind::IntroCallVideoLink, |v| {
        v.with("videolink", url)
    })
    .await
}

// Neither the question nor the full name: this address has not shown it is the booker's,
// so the mail must not carry text someone else typed.
pub async fn confirmation(
    tx: &mut Tx,
    state: &AppState,
    call: &IntroCall,
    links: &Links<'_>,
    moved: bool,
) -> anyhow::Result<EmailMessage> {
    let kind = if moved {
        MailKind::IntroCallMoved
    } else {
        MailKind::IntroCallBooked
    };
    let page = format!("{}/afspraak?token=", state.public_url);
    let mut message = to_visitor(tx, state, call, kind, |v| {
        v.with("verplaatsen", format!("{page}{}", links.r#move))
            .with("annuleren", format!("{page}{}", links.cancel))
    })
    .await?;
    message.attachments.push(calendar_attachment(
        "kennismakingsgesprek.ics",
        &invite(state, call, false)?,
    ));
    // The links cancel and move the call: blanked in the stored copy once delivered (outbox).
    Ok(message.with_secret(links.cancel).with_secret(links.r#move))
}

/// To the visitor; `message` is the coach's note when she cancelled.
pub async fn cancelled(
    tx: &mut Tx,
    state: &AppState,
    call: &IntroCall,
    message: Option<&str>,
) -> anyhow::Result<EmailMessage> {
    let kind = match message {
        Some(_) => MailKind::IntroCallCancelledByCoach,
        None => MailKind::IntroCallCancelled,
    };
    let book_again = format!("{}/gratis-kennismakingsgesprek", state.public_url);
    let mut mail = to_visitor(tx, state, call, kind, |v| {
        v.with("bericht", message.unwrap_or_default())
            .with("boeken", book_again)
    })
    .await?;
    mail.attachments.push(calendar_attachment(
        "kennismakingsgesprek-geannuleerd.ics",
        &invite(state, call, true)?,
    ));
    Ok(mail)
}

pub async fn reminder(
    tx: &mut Tx,
    state: &AppState,
    call: &IntroCall,
) -> anyhow::Result<EmailMessage> {
    to_visitor(tx, state, call, MailKind::IntroCallReminder, |v| v).await
}

/// The coach's notice: the key facts, a link to her list, and the `.ics` for her agenda.
pub fn to_coach(state: &AppState, call: &IntroCall, note: CoachNote) -> anyhow::Result<Notice> {
    let when = dutch::date_time(call.start()?);
    let cancelled = matches!(note, CoachNote::Cancelled);
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
        "{first}\nWanneer: {when}\nHoe: {}\nE-mail: {}",
        mode_label(state, call.mode),
        call.email
    );
    if let Some(phone) = &call.phone {
        details.push_str(&format!("\nTelefoon: {phone}"));
    }
    if let Some(url) = video_link(call) {
        details.push_str(&format!("\nVideolink: {url}"));
    }
    if let Some(question) = &call.question {
        details.push_str(&format!("\nVraag: {question}"));
    }
    let filename = if cancelled {
        "kennismakingsgesprek-geannuleerd.ics"
    } else {
        "kennismakingsgesprek.ics"
    };
    Ok(Notice {
        kind: NoticeKind::IntroCall,
        subject,
        details,
        admin_path: "/admin/afspraken".into(),
        attachments: vec![calendar_attachment(
            filename,
            &invite(state, call, cancelled)?,
        )],
        reply_to: Some(call.email.to_string()),
    })
}
