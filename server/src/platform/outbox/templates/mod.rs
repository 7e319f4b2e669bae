//! The mails visitors receive, as texts the coach can edit (DESIGN.md §7): the registry of
//! every kind with its default texts and placeholders (`catalogue`), the coach's saved text
//! (a saved text in `mail_templates` wins over the default) and what she may save, and the text
//! rendered as the mail (`render`).
//!
//! A body is simple prose: a blank line starts a paragraph, `**bold**`, `[label](https://…)` or
//! `[label]({placeholder})`, and `{placeholder}`. Values are filled in as plain text (escaped in
//! HTML). What is not prose (order lines, ticket codes, attachments, `.ics`) the caller adds as
//! generated blocks after it.
mod catalogue;
mod render;

use sqlx::Row;

pub use catalogue::{MailKind, Placeholder, Spec, spec};
pub use render::Values;
use render::{Inline, Target, paragraphs};

use crate::kit::db::Tx;

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
    let mut urls = Vec::new();
    let paragraphs = paragraphs(text);
    for inline in paragraphs.iter().flatten() {
        collect(inline, &mut used, &mut urls);
    }
    if !is_body && !urls.is_empty() {
        return Err("Een onderwerp kan geen link bevatten.".into());
    }
    if let Some(url) = urls.iter().find(|url| {
        !["https://", "http://", "mailto:"]
            .iter()
            .any(|s| url.starts_with(s))
    }) {
        return Err(format!(
            "De link naar ‘{url}’ moet beginnen met https://, http:// of mailto:, of een invulplek tussen accolades zijn."
        ));
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

/// The placeholders `inline` uses and the addresses it links to.
fn collect<'a>(inline: &'a Inline, used: &mut Vec<String>, urls: &mut Vec<&'a str>) {
    match inline {
        Inline::Placeholder(name) => used.push(name.clone()),
        Inline::Strong(inner) => {
            for part in inner {
                collect(part, used, urls);
            }
        }
        Inline::Link { label, target } => {
            for part in label {
                collect(part, used, urls);
            }
            match target {
                Target::Placeholder(name) => used.push(name.clone()),
                Target::Url(url) => urls.push(url),
            }
        }
        Inline::Text(_) | Inline::Break => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_passes_its_own_check() {
        for kind in MailKind::ALL {
            let t = Template::default_of(*kind);
            assert_eq!(check(*kind, &t.subject, false), Ok(()), "{kind}");
            assert_eq!(check(*kind, &t.body, true), Ok(()), "{kind}");
        }
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
