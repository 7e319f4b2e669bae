//! The double opt-in e-mail.
use crate::kit::db::Tx;
use crate::kit::domain::{EmailAddress, FirstName};
use crate::platform::outbox::EmailMessage;
use crate::platform::outbox::compose::{compose, link};
use crate::platform::outbox::templates::{self, MailKind, Values};
use crate::platform::state::AppState;

pub async fn opt_in(
    tx: &mut Tx,
    state: &AppState,
    first_name: &FirstName,
    email: &EmailAddress,
    confirm_token: &str,
    unsubscribe_token: &str,
) -> anyhow::Result<EmailMessage> {
    let confirm = format!(
        "{}/nieuwsbrief/bevestigen?token={confirm_token}",
        state.public_url
    );
    let unsubscribe = format!(
        "{}/nieuwsbrief/uitschrijven?token={unsubscribe_token}",
        state.public_url
    );
    let values = Values::new(first_name.as_ref(), &state.site().brand).with("bevestigen", confirm);
    let (subject, mut blocks) = templates::load(tx, MailKind::NewsletterOptIn)
        .await?
        .render(&values);
    blocks.push(link(
        "Wil je je later uitschrijven? Dat kan altijd via deze link",
        unsubscribe,
    ));
    // Blanked in the stored copy once delivered (see outbox); a repeated signup mails the same
    // links again from the subscriber's seed.
    Ok(compose(email.as_ref(), subject, &blocks, &state.site())
        .with_secret(confirm_token)
        .with_secret(unsubscribe_token))
}
