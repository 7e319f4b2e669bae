//! Plain e-mails to visitors and the coach: short paragraphs and labelled links, written once
//! and rendered as text and as matching HTML in the brand's letterhead (logo and colours).
use super::{Attachment, EmailMessage};
use crate::site::Site;

/// The brand's accent colour (the site's teal), for links and the letterhead.
pub const ACCENT: &str = "#1d5c58";

pub enum Block {
    Text(String),
    Link {
        label: String,
        url: String,
    },
    /// A paragraph already rendered both ways (a mail text the coach can edit).
    Rich {
        html: String,
        text: String,
    },
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

/// The message with `blocks`, the brand's logo above and the signature below (both from the
/// business details).
pub fn compose(to: &str, subject: String, blocks: &[Block], site: &Site) -> EmailMessage {
    let mut text = String::new();
    let mut html = String::new();
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
                    "<p><a href=\"{}\" style=\"color:{ACCENT}\">{}</a></p>",
                    escape_html(url),
                    escape_html(label)
                ));
            }
            Block::Rich { html: h, text: t } => {
                text.push_str(t);
                html.push_str(&format!("<p>{h}</p>"));
            }
        }
        text.push_str("\n\n");
    }
    let signer = signer(site);
    text.push_str(&format!("Warme groet,\n{}\n", signer.join("\n")));
    let signature: Vec<String> = signer.iter().map(|s| escape_html(s)).collect();
    html.push_str(&format!(
        "<p>Warme groet,<br>{}</p>",
        signature.join("<br>")
    ));
    EmailMessage {
        to: to.to_string(),
        html: letterhead(site, &subject, &html),
        subject,
        text,
        attachments: Vec::new(),
        reply_to: None,
        headers: Vec::new(),
    }
}

/// Who signs: the coach by name (when known) and the brand.
fn signer(site: &Site) -> Vec<&str> {
    let coach = site.coach.name.trim();
    if coach.is_empty() || coach == site.brand {
        vec![site.brand.as_str()]
    } else {
        vec![coach, site.brand.as_str()]
    }
}

/// The HTML document around `body`: the logo (by its public URL, alt text the brand), the
/// brand's paper and accent colours, readable on a phone.
fn letterhead(site: &Site, subject: &str, body: &str) -> String {
    let logo = if site.logo.starts_with("http") {
        site.logo.clone()
    } else {
        format!("{}{}", site.site_url, site.logo)
    };
    format!(
        "<!doctype html><html lang=\"nl-BE\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{subject}</title></head>\
         <body style=\"margin:0;padding:0;background:#fbf7ef\">\
         <div style=\"max-width:600px;margin:0 auto;padding:24px 20px;background:#fffdf9;border-top:4px solid {ACCENT};\
         font-family:Georgia,'Palatino Linotype',serif;font-size:17px;line-height:1.6;color:#2a2420\">\
         <p style=\"margin:0 0 24px\"><img src=\"{logo}\" alt=\"{brand}\" height=\"48\" style=\"height:48px;width:auto;border:0\"></p>\
         {body}</div></body></html>",
        subject = escape_html(subject),
        logo = escape_html(&logo),
        brand = escape_html(&site.brand),
    )
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
