//! A campaign's Markdown as sanitised HTML and as plain text, and the mail around it.
use std::collections::{HashMap, HashSet};

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use crate::platform::outbox::EmailMessage;
use crate::platform::outbox::compose::escape_html;
use crate::platform::site::Site;

/// The body as the coach wrote it, rendered once (on save).
pub struct Body {
    pub html: String,
    pub text: String,
}

fn options() -> Options {
    Options::ENABLE_STRIKETHROUGH
}

/// Markdown to HTML that can go into a mail and a public page as it is: only headings,
/// paragraphs, emphasis, links (http, https, mailto), lists, quotes, rules and images by URL
/// survive; relative URLs are made absolute on `base` (the public site).
pub fn body(markdown: &str, base: &str) -> Body {
    let mut raw = String::new();
    pulldown_cmark::html::push_html(&mut raw, Parser::new_ext(markdown, options()));
    let tags: HashSet<&str> = [
        "h1",
        "h2",
        "h3",
        "h4",
        "p",
        "br",
        "hr",
        "a",
        "ul",
        "ol",
        "li",
        "strong",
        "em",
        "del",
        "blockquote",
        "img",
        "code",
        "pre",
    ]
    .into();
    let attributes: HashMap<&str, HashSet<&str>> = [
        ("a", ["href", "title"].into()),
        ("img", ["src", "alt", "title", "width", "height"].into()),
        ("ol", ["start"].into()),
    ]
    .into();
    let mut cleaner = ammonia::Builder::empty();
    cleaner
        .tags(tags)
        .clean_content_tags(["script", "style"].into())
        .tag_attributes(attributes)
        .url_schemes(["http", "https", "mailto"].into())
        .link_rel(Some("noopener"));
    match url::Url::parse(&format!("{base}/")) {
        Ok(base) => cleaner.url_relative(ammonia::UrlRelative::RewriteWithBase(base)),
        Err(_) => cleaner.url_relative(ammonia::UrlRelative::Deny),
    };
    Body {
        html: cleaner.clean(&raw).to_string(),
        text: text(markdown),
    }
}

/// The plain-text part: paragraphs, `- ` and `1. ` lists, links as `label (url)`.
fn text(markdown: &str) -> String {
    let mut out = String::new();
    let mut links: Vec<(String, usize)> = Vec::new();
    let mut lists: Vec<Option<u64>> = Vec::new();
    let block_end = |out: &mut String| {
        while out.ends_with(' ') {
            out.pop();
        }
        if !out.is_empty() && !out.ends_with("\n\n") {
            out.push_str(if out.ends_with('\n') { "\n" } else { "\n\n" });
        }
    };
    for event in Parser::new_ext(markdown, options()) {
        match event {
            Event::End(
                TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::BlockQuote(_) | TagEnd::CodeBlock,
            ) => {
                if lists.is_empty() {
                    block_end(&mut out);
                } else if !out.ends_with('\n') {
                    out.push('\n');
                }
            }
            Event::Start(Tag::List(start)) => {
                if !out.is_empty() && !out.ends_with('\n') {
                    out.push('\n');
                }
                lists.push(start);
            }
            Event::End(TagEnd::List(_)) => {
                lists.pop();
                if lists.is_empty() {
                    block_end(&mut out);
                }
            }
            Event::Start(Tag::Item) => {
                out.push_str(&"  ".repeat(lists.len().saturating_sub(1)));
                match lists.last_mut() {
                    Some(Some(n)) => {
                        out.push_str(&format!("{n}. "));
                        *n += 1;
                    }
                    _ => out.push_str("- "),
                }
            }
            Event::End(TagEnd::Item) if !out.ends_with('\n') => out.push('\n'),
            Event::Start(Tag::Link { dest_url, .. }) => {
                links.push((dest_url.to_string(), out.len()))
            }
            Event::End(TagEnd::Link) => {
                if let Some((url, start)) = links.pop()
                    && out[start..] != *url
                    && !url.is_empty()
                {
                    out.push_str(&format!(" ({})", url.trim_start_matches("mailto:")));
                }
            }
            Event::Start(Tag::Image { .. }) => out.push_str("[Afbeelding: "),
            Event::End(TagEnd::Image) => out.push(']'),
            Event::Text(t) | Event::Code(t) => out.push_str(&t),
            Event::SoftBreak => out.push(' '),
            Event::HardBreak => out.push('\n'),
            Event::Rule => {
                block_end(&mut out);
                out.push_str("----\n\n");
            }
            _ => {}
        }
    }
    out.trim_end().to_string()
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
                    escape_html(&site.site_url)
                ),
                format!(
                    " <a href=\"{}\" style=\"color:#1d5c58\">Schrijf je hier uit</a>.",
                    escape_html(page)
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
                    escape_html(&site.brand)
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
        subject = escape_html(&content.subject),
        preheader = escape_html(&content.preheader),
        body = content.html,
        brand = escape_html(&brand),
        address = escape_html(&address),
        contact = escape_html(&contact),
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
        reply_to: None,
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
