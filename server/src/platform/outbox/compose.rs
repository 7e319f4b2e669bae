//! Plain e-mails to visitors and the coach: short paragraphs and labelled links, written once
//! and rendered as text and as matching HTML in the brand's letterhead (logo and colours).
use super::{Attachment, EmailMessage};
use crate::kit::html::escape;
use crate::platform::site::Site;

/// The brand's accent colour (the site's teal), for links and the letterhead.
pub const ACCENT: &str = "#1d5c58";

/// The letterhead's logo: a PNG, as Gmail and Outlook show no SVG. `make mail-logo` draws it
/// from logo.svg at twice `LOGO_SIZE`, sharp on high-density screens.
pub const MAIL_LOGO: &str = "/images/logo.png";
/// Its shown width and height in pixels (the logo is square).
pub const LOGO_SIZE: u32 = 48;

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

/// The message with `blocks`, the brand's logo above and the signature below (both from the
/// business details). A visitor's reply goes to her e-mail address in Instellingen; the sender
/// stays the verified sending address (see `Deliverer::send_email`).
pub fn compose(to: &str, subject: String, blocks: &[Block], site: &Site) -> EmailMessage {
    let signer = signer(site);
    let mut message = compose_closed(to, subject, blocks, site, "Warme groet,", &signer);
    message.reply_to = reply_to(site);
    message
}

/// Where a visitor's reply to any mail of the site goes: the coach's live contact address.
pub fn reply_to(site: &Site) -> Option<String> {
    Some(site.contact.email.clone()).filter(|e| !e.is_empty())
}

/// A message from the website to the coach herself (a notice, her daily summary): the same
/// letterhead, but not signed with her own name as if she wrote it.
pub fn compose_for_coach(to: &str, subject: String, blocks: &[Block], site: &Site) -> EmailMessage {
    compose_closed(
        to,
        subject,
        blocks,
        site,
        "Dit bericht stuurde je website automatisch.",
        &[&site.url("/admin")],
    )
}

/// The message with `blocks` and a closing line followed by the lines of `signer`.
fn compose_closed(
    to: &str,
    subject: String,
    blocks: &[Block],
    site: &Site,
    closing: &str,
    signer: &[&str],
) -> EmailMessage {
    let mut text = String::new();
    let mut html = String::new();
    for block in blocks {
        match block {
            Block::Text(t) => {
                text.push_str(t);
                let lines: Vec<String> = t.lines().map(escape).collect();
                html.push_str(&format!("<p>{}</p>", lines.join("<br>")));
            }
            Block::Link { label, url } => {
                text.push_str(&format!("{label}: {url}"));
                html.push_str(&format!(
                    "<p><a href=\"{}\" style=\"color:{ACCENT}\">{}</a></p>",
                    escape(url),
                    escape(label)
                ));
            }
            Block::Rich { html: h, text: t } => {
                text.push_str(t);
                html.push_str(&format!("<p>{h}</p>"));
            }
        }
        text.push_str("\n\n");
    }
    text.push_str(&format!("{closing}\n{}\n", signer.join("\n")));
    let signature: Vec<String> = signer.iter().map(|s| escape(s)).collect();
    html.push_str(&format!(
        "<p>{}<br>{}</p>",
        escape(closing),
        signature.join("<br>")
    ));
    EmailMessage {
        to: to.to_string(),
        from_name: Some(site.brand.clone()),
        html: letterhead(site, &subject, &html),
        subject,
        text,
        attachments: Vec::new(),
        reply_to: None,
        headers: Vec::new(),
        secrets: Vec::new(),
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

/// The letterhead's logo: her own (its narrowest JPEG, `LOGO_SIZE` high, at most four times
/// as wide) or the default PNG; its path, width and height.
fn mail_logo(site: &Site) -> (String, i64, i64) {
    let size = i64::from(LOGO_SIZE);
    match &site.chosen_logo {
        Some(image) if image.width > 0 && image.height > 0 => {
            let (path, _) = image.narrowest_jpeg();
            let width = (image.width * size / image.height).clamp(1, 4 * size);
            (path, width, size)
        }
        _ => (MAIL_LOGO.to_string(), size, size),
    }
}

/// The HTML document around `body`: the logo (a raster image by its public URL, alt text the
/// brand, its size fixed so nothing moves while it loads), the brand's paper and accent colours,
/// readable on a phone.
fn letterhead(site: &Site, subject: &str, body: &str) -> String {
    let (logo, width, height) = mail_logo(site);
    format!(
        "<!doctype html><html lang=\"nl-BE\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{subject}</title></head>\
         <body style=\"margin:0;padding:0;background:#fbf7ef\">\
         <div style=\"max-width:600px;margin:0 auto;padding:24px 20px;background:#fffdf9;border-top:4px solid {ACCENT};\
         font-family:Georgia,'Palatino Linotype',serif;font-size:17px;line-height:1.6;color:#2a2420\">\
         <p style=\"margin:0 0 24px\"><img src=\"{logo}\" alt=\"{brand}\" width=\"{width}\" height=\"{height}\" \
         style=\"display:block;width:{width}px;height:{height}px;border:0\"></p>\
         {body}</div></body></html>",
        subject = escape(subject),
        logo = escape(&site.url(&logo)),
        brand = escape(&site.brand),
    )
}

/// An `.ics` invite (text from `crate::kit::ics::calendar`) as an attachment.
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed PNG is what the letterhead promises: twice the shown size, transparent
    /// around the sun so it sits on the paper colour.
    #[test]
    fn the_mail_logo_is_a_transparent_png_at_twice_its_shown_size() {
        let bytes = include_bytes!("../../../../web/public/images/logo.png");
        let logo = image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
            .expect("a PNG")
            .to_rgba8();
        assert_eq!(logo.dimensions(), (2 * LOGO_SIZE, 2 * LOGO_SIZE));
        assert_eq!(logo.get_pixel(0, 0).0[3], 0, "the corner is transparent");
        let centre = logo.get_pixel(LOGO_SIZE, LOGO_SIZE).0;
        assert_eq!(centre[3], 255, "the sun is opaque");
    }
}
