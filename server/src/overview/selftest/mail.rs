//! The self-test's two mails: the confirmation link to an unproven address (nothing of the
//! result in it), and the result once the address is proven. Their prose is the coach's
//! (Beheer > Mails); scores, profiles, step, coupon and newsletter lines are added here.
use super::definition::Profile;
use super::{SelfTestResult, StepLink};
use crate::audience::newsletter;
use crate::kit::db::Tx;
use crate::kit::domain::EmailAddress;
use crate::kit::html::escape;
use crate::kit::markdown;
use crate::platform::outbox::EmailMessage;
use crate::platform::outbox::compose::{Block, compose, link, text};
use crate::platform::outbox::templates::{self, MailKind, Values};
use crate::platform::site::SELFTEST_PATH;
use crate::platform::state::AppState;

/// The only mail an unproven address gets: the link that proves it.
pub async fn confirm(
    tx: &mut Tx,
    state: &AppState,
    email: &EmailAddress,
    confirm_token: &str,
    newsletter: bool,
) -> anyhow::Result<EmailMessage> {
    let url = format!(
        "{}{SELFTEST_PATH}/bevestigen?token={confirm_token}",
        state.public_url
    );
    let values = Values::new("", &state.site().brand).with("bevestigen", url);
    let (subject, mut blocks) = templates::load(tx, MailKind::SelftestConfirm)
        .await?
        .render(&values);
    if newsletter {
        blocks.push(text(
            "Je vroeg ook om de nieuwsbrief. Met dezelfde klik schrijf je je daarvoor in.",
        ));
    }
    Ok(compose(email.as_ref(), subject, &blocks, &state.site()).with_secret(confirm_token))
}

/// A personal coupon as the result mail names it.
pub struct Coupon {
    pub code: String,
    pub percent: i64,
    /// The product's name.
    pub product: String,
    /// "vrijdag 11 december 2026": the last day it can be used.
    pub last_day: String,
}

pub struct ResultMail<'a> {
    pub result: &'a SelfTestResult,
    /// The matching profiles, primary first (their Markdown texts).
    pub profiles: &'a [&'a Profile],
    /// The result's page.
    pub link: String,
    pub result_token: &'a str,
    pub coupon: Option<Coupon>,
    /// The subscriber id when she is now on the newsletter.
    pub subscriber: Option<i64>,
}

pub async fn result(
    tx: &mut Tx,
    state: &AppState,
    email: &EmailAddress,
    mail: ResultMail<'_>,
) -> anyhow::Result<EmailMessage> {
    let site = state.site();
    let primary = mail.profiles.first().map_or("", |p| p.title.as_str());
    let values = Values::new("", &site.brand)
        .with("profiel", primary)
        .with("resultaat", mail.link.clone());
    let (subject, mut blocks) = templates::load(tx, MailKind::SelftestResult)
        .await?
        .render(&values);
    let scores = mail
        .result
        .themes
        .iter()
        .map(|t| format!("{}: {} op 100", t.name, t.score))
        .collect::<Vec<_>>()
        .join("\n");
    blocks.push(text(format!("Je scores\n{scores}")));
    for profile in mail.profiles {
        blocks.push(Block::Rich {
            html: format!("<strong>{}</strong>", escape(&profile.title)),
            text: profile.title.clone(),
        });
        for paragraph in markdown::newsletter_text(&profile.text)
            .split("\n\n")
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            blocks.push(text(paragraph));
        }
    }
    let StepLink { label, href, .. } = &mail.result.step;
    blocks.push(text("Wat je als volgende stap kan doen:"));
    blocks.push(link(label.clone(), format!("{}{href}", state.public_url)));
    if let Some(c) = &mail.coupon {
        blocks.push(Block::Rich {
            html: format!(
                "Je persoonlijke kortingscode: <strong>{}</strong>",
                escape(&c.code)
            ),
            text: format!("Je persoonlijke kortingscode: {}", c.code),
        });
        blocks.push(text(format!(
            "Ze geeft je {}% korting op {}, één keer te gebruiken tot en met {}. Vul ze in bij het afrekenen.",
            c.percent, c.product, c.last_day
        )));
    }
    if let Some(id) = mail.subscriber {
        let (unsubscribe, _) = newsletter::unsubscribe_links(state, id);
        blocks.push(text(format!(
            "Je bent nu ingeschreven op de nieuwsbrief van {}.",
            site.brand
        )));
        blocks.push(link(
            "Wil je je later uitschrijven? Dat kan altijd via deze link",
            unsubscribe,
        ));
    }
    Ok(compose(email.as_ref(), subject, &blocks, &site).with_secret(mail.result_token))
}
