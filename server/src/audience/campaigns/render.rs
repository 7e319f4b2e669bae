//! A campaign's Markdown as sanitised HTML and as plain text, and the mail around it.
use crate::kit::html::escape;
use crate::kit::markdown;
use crate::platform::outbox::{EmailMessage, compose};
use crate::platform::site::Site;

/// The body as the coach wrote it, rendered once (on save).
pub struct Body {
    pub html: String,
    pub text: String,
}

/// The body as HTML for the mail and the archive (relative URLs made absolute on `base`, the
/// public site) and as plain text.
pub fn body(source: &str, base: &str) -> Body {
    Body {
        html: markdown::newsletter(source, base),
        text: markdown::newsletter_text(source),
    }
}

/// Who a mail goes to and how they can stop the newsletter.
pub struct Recipient<'a> {
    pub email: &'a str,
    /// The unsubscribe page and the one-click URL; None for a service message.
    pub unsubscribe: Option<(String, String)>,
}

/// The stored parts of a campaign that make its mail.
pub struct Content {
    pub subject: String,
    pub preheader: String,
    pub html: String,
    pub text: String,
}

/// The business details for the footer, from site.json.
fn business_lines(site: &Site) -> [String; 3] {
    let c = &site.contact;
    let brand = if c.vat_number.is_empty() {
        site.brand.clone()
    } else {
        format!("{} · ondernemingsnummer {}", site.brand, c.vat_number)
    };
    [
        brand,
        format!("{}, {} {}", c.street, c.postal_code, c.city),
        format!("{} · {}", c.email, c.phone),
    ]
}

/// One recipient's mail: HTML and text parts, business details in the footer, and for a
/// newsletter the personal unsubscribe link and the `List-Unsubscribe` headers (RFC 8058).
pub fn mail(site: &Site, content: &Content, to: &Recipient<'_>) -> EmailMessage {
    let [brand, address, contact] = business_lines(site);
    let mut text = String::new();
    if !content.preheader.is_empty() {
        text.push_str(&content.preheader);
        text.push_str("\n\n");
    }
    text.push_str(&content.text);
    text.push_str(&format!("\n\n--\n{brand}\n{address}\n{contact}\n"));
    let (why, stop_html) = match &to.unsubscribe {
        Some((page, _)) => {
            text.push_str(&format!(
                "\nJe krijgt deze nieuwsbrief omdat je je inschreef op {}. Uitschrijven: {page}\n",
                site.site_url
            ));
            (
                format!(
                    "Je krijgt deze nieuwsbrief omdat je je inschreef op {}.",
                    escape(&site.site_url)
                ),
                format!(
                    " <a href=\"{}\" style=\"color:#1d5c58\">Schrijf je hier uit</a>.",
                    escape(page)
                ),
            )
        }
        None => {
            text.push_str(&format!(
                "\nJe krijgt dit bericht over je boeking bij {}.\n",
                site.brand
            ));
            (
                format!(
                    "Je krijgt dit bericht over je boeking bij {}.",
                    escape(&site.brand)
                ),
                String::new(),
            )
        }
    };
    let html = format!(
        "<!doctype html><html lang=\"nl-BE\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{subject}</title>\
         <style>img{{max-width:100%;height:auto}}a{{color:#1d5c58}}h1,h2,h3{{line-height:1.25}}</style></head>\
         <body style=\"margin:0;padding:0;background:#fbf7ef\">\
         <div style=\"display:none;max-height:0;overflow:hidden\">{preheader}</div>\
         <div style=\"max-width:600px;margin:0 auto;padding:24px 20px;background:#fffdf9;\
         font-family:Georgia,'Palatino Linotype',serif;font-size:17px;line-height:1.6;color:#2a2420\">\
         {body}\
         <hr style=\"border:none;border-top:1px solid #e6d9c2;margin:32px 0 16px\">\
         <p style=\"font-size:13px;line-height:1.5;color:#574c43\">{brand}<br>{address}<br>{contact}</p>\
         <p style=\"font-size:13px;line-height:1.5;color:#574c43\">{why}{stop_html}</p>\
         </div></body></html>",
        subject = escape(&content.subject),
        preheader = escape(&content.preheader),
        body = content.html,
        brand = escape(&brand),
        address = escape(&address),
        contact = escape(&contact),
    );
    let headers = match &to.unsubscribe {
        Some((_, one_click)) => vec![
            (
                "List-Unsubscribe".to_string(),
                format!(
                    "<{one_click}>, <mailto:{}?subject=Uitschrijven>",
                    site.contact.email
                ),
            ),
            (
                "List-Unsubscribe-Post".to_string(),
                "List-Unsubscribe=One-Click".to_string(),
            ),
        ],
        None => Vec::new(),
    };
    EmailMessage {
        to: to.email.to_string(),
        from_name: Some(site.brand.clone()),
        subject: content.subject.clone(),
        text,
        html,
        attachments: Vec::new(),
        headers,
        reply_to: compose::reply_to(site),
        secrets: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_keeps_headings_links_lists_and_images_and_drops_the_rest() {
        let body = body(
            "# Nieuws\n\nEen *warme* [groet](https://example.org/x) en [mail](mailto:a@b.be).\n\n\
             - een\n- twee\n\n1. eerst\n2. dan\n\n![Zee](https://example.org/zee.jpg)\n\n\
             <script>alert(1)</script><a href=\"javascript:alert(1)\">x</a>\n\n[rel](/vertelavond)",
            "https://www.inlumine.be",
        );
        let html = &body.html;
        assert!(html.contains("<h1>Nieuws</h1>"), "{html}");
        assert!(html.contains("<em>warme</em>"), "{html}");
        assert!(html.contains("href=\"https://example.org/x\""), "{html}");
        assert!(html.contains("<li>twee</li>"), "{html}");
        assert!(
            html.contains("<img src=\"https://example.org/zee.jpg\" alt=\"Zee\">"),
            "{html}"
        );
        assert!(!html.contains("script"), "{html}");
        assert!(!html.contains("javascript"), "{html}");
        assert!(
            html.contains("href=\"https://www.inlumine.be/vertelavond\""),
            "{html}"
        );
        let text = &body.text;
        assert!(
            text.starts_with("Nieuws\n\nEen warme groet (https://example.org/x) en mail (a@b.be)."),
            "{text}"
        );
        assert!(text.contains("- een\n- twee\n\n1. eerst\n2. dan"), "{text}");
        assert!(text.contains("[Afbeelding: Zee]"), "{text}");
    }
}
