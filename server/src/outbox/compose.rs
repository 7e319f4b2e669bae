//! Plain e-mails to visitors and the coach: short paragraphs and labelled links, written once
//! and rendered as text and as matching HTML.
use super::{Attachment, EmailMessage};

pub enum Block {
    Text(String),
    Link { label: String, url: String },
}

pub fn text(value: impl Into<String>) -> Block {
    Block::Text(value.into())
}

pub fn link(label: impl Into<String>, url: impl Into<String>) -> Block {
    Block::Link {
        label: label.into(),
        url: url.into(),
    }
}

pub fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The message with `blocks` and the brand's signature.
pub fn compose(to: &str, subject: String, blocks: &[Block], brand: &str) -> EmailMessage {
    let mut text = String::new();
    let mut html = String::from(
        "<!doctype html><html lang=\"nl-BE\"><body style=\"font-family:Georgia,serif;line-height:1.6;color:#2d2a26\">",
    );
    for block in blocks {
        match block {
            Block::Text(t) => {
                text.push_str(t);
                let lines: Vec<String> = t.lines().map(escape_html).collect();
                html.push_str(&format!("<p>{}</p>", lines.join("<br>")));
            }
            Block::Link { label, url } => {
                text.push_str(&format!("{label}: {url}"));
                html.push_str(&format!(
                    "<p><a href=\"{}\">{}</a></p>",
                    escape_html(url),
                    escape_html(label)
                ));
            }
        }
        text.push_str("\n\n");
    }
    text.push_str(&format!("Warme groet,\n{brand}\n"));
    html.push_str(&format!(
        "<p>Warme groet,<br>{}</p></body></html>",
        escape_html(brand)
    ));
    EmailMessage {
        to: to.to_string(),
        subject,
        text,
        html,
        attachments: Vec::new(),
    }
}

/// An `.ics` invite (text from `crate::ics::calendar`) as an attachment.
pub fn calendar_attachment(filename: &str, ics: &str) -> Attachment {
    let method = if ics.contains("METHOD:CANCEL") {
        "CANCEL"
    } else {
        "PUBLISH"
    };
    Attachment::new(
        filename,
        &format!("text/calendar; charset=utf-8; method={method}"),
        ics.as_bytes(),
    )
}
