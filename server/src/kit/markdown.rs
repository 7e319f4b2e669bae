//! Markdown, the one place it is read: pulldown-cmark parses it, and each use keeps only what it
//! allows. Page blocks and newsletter bodies become HTML cleaned by ammonia with their own tag
//! set; a mail text becomes pieces (bold, links, line breaks, text as typed) that the mail
//! renders in its own inline-styled HTML and as plain text.
use std::collections::{HashMap, HashSet};

use pulldown_cmark::{Event, LinkType, Options, Parser, Tag, TagEnd};

/// The tags every page block may hold.
const PAGE_LINE: &[&str] = &["strong", "em", "a", "br"];
/// The tags a label (a block inside a link or button) may hold.
const PAGE_LABEL: &[&str] = &["strong", "em", "br"];
/// The tags a rich page block holds besides.
const PAGE_BLOCK: &[&str] = &["p", "ul", "ol", "li", "h2", "h3", "h4"];

/// A page block that holds a line (a heading, a button label, one paragraph): bold, italic and
/// links only, the rest becomes its text.
pub fn page_line(markdown: &str) -> String {
    page(markdown, PAGE_LINE.iter().copied().collect())
}

/// A page block inside a link or button (its label): bold and italic only, as a link inside a
/// link (or a paragraph inside a button) breaks the page; the rest becomes its text.
pub fn page_label(markdown: &str) -> String {
    page(markdown, PAGE_LABEL.iter().copied().collect())
}

/// A saved fragment cleaned to what a label may hold (for a block saved before its place made
/// it a label): the text of a link stays, the link goes.
pub fn page_label_fragment(html: &str) -> String {
    ammonia::Builder::empty()
        .tags(PAGE_LABEL.iter().copied().collect())
        .clean_content_tags(["script", "style"].into())
        .clean(html)
        .to_string()
}

/// A page block with paragraphs, lists and h2–h4 headings too.
pub fn page_block(markdown: &str) -> String {
    page(
        markdown,
        PAGE_LINE.iter().chain(PAGE_BLOCK).copied().collect(),
    )
}

/// Links only to http(s), mailto or a path on the site, and no attribute but `href`.
fn page(markdown: &str, tags: HashSet<&str>) -> String {
    let attributes: HashMap<&str, HashSet<&str>> = [("a", ["href"].into())].into();
    ammonia::Builder::empty()
        .tags(tags)
        .clean_content_tags(["script", "style"].into())
        .tag_attributes(attributes)
        .url_schemes(["http", "https", "mailto"].into())
        .url_relative(ammonia::UrlRelative::PassThrough)
        .link_rel(None)
        .clean(&raw_html(markdown, Options::empty()))
        .to_string()
        .trim()
        .to_string()
}

fn raw_html(markdown: &str, options: Options) -> String {
    let mut raw = String::new();
    pulldown_cmark::html::push_html(&mut raw, Parser::new_ext(markdown, options));
    raw
}

fn newsletter_options() -> Options {
    Options::ENABLE_STRIKETHROUGH
}

/// A newsletter body as HTML that can go into a mail and a public page as it is: only
/// headings, paragraphs, emphasis, links (http, https, mailto), lists, quotes, rules and images
/// by URL survive; relative URLs are made absolute on `base` (the public site).
pub fn newsletter(markdown: &str, base: &str) -> String {
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
    cleaner
        .clean(&raw_html(markdown, newsletter_options()))
        .to_string()
}

/// A newsletter body as plain text: paragraphs, `- ` and `1. ` lists, links as `label (url)`.
pub fn newsletter_text(markdown: &str) -> String {
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
    for event in Parser::new_ext(markdown, newsletter_options()) {
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

/// A piece of a mail text's paragraph.
#[derive(Debug, PartialEq)]
pub enum MailPiece {
    /// Text as the coach typed it: not escaped, braces and all.
    Text(String),
    /// `**…**`.
    Strong(Vec<MailPiece>),
    /// `[label](url)`, the url as typed (it may be a placeholder).
    Link { label: Vec<MailPiece>, url: String },
    /// A line break inside the paragraph.
    Break,
}

/// Where pulldown-cmark found a piece of markup a mail text may use: its delimiter's position
/// and length in the source.
struct Mark {
    at: usize,
    len: usize,
    kind: MarkKind,
}

enum MarkKind {
    OpenStrong,
    OpenLink,
    CloseStrong,
    CloseLink(String),
}

/// A mail text as paragraphs of pieces. Mail texts use `**bold**` and inline links
/// (`[label](url)`, also after a `!`) and nothing else of Markdown: pulldown-cmark finds those,
/// and every other character shows as typed. A blank line starts a paragraph; the other line
/// ends are breaks, each line trimmed at its end.
pub fn mail_paragraphs(markdown: &str) -> Vec<Vec<MailPiece>> {
    let mut text = MailText::default();
    let mut cursor = 0;
    for mark in mail_marks(markdown) {
        text.push_source(&markdown[cursor..mark.at], false);
        match mark.kind {
            MarkKind::OpenStrong | MarkKind::OpenLink => text.open(),
            MarkKind::CloseStrong => text.close(MailPiece::Strong),
            MarkKind::CloseLink(url) => text.close(|label| MailPiece::Link { label, url }),
        }
        cursor = mark.at + mark.len;
    }
    text.push_source(&markdown[cursor..], true);
    text.finish()
}

/// The bold and link delimiters of `markdown`, in order. Bold is `**` only (`__` shows as
/// typed); a link is an inline one without a title, its target without spaces, and not inside
/// another.
fn mail_marks(markdown: &str) -> Vec<Mark> {
    let mut marks = Vec::new();
    // Per open link or image: where its label's last piece ends; None for one shown as typed.
    let mut labels: Vec<Option<usize>> = Vec::new();
    for (event, range) in Parser::new(markdown).into_offset_iter() {
        let source = &markdown[range.clone()];
        match event {
            Event::Start(Tag::Strong) if source.starts_with("**") => marks.push(Mark {
                at: range.start,
                len: 2,
                kind: MarkKind::OpenStrong,
            }),
            Event::End(TagEnd::Strong) if source.starts_with("**") => marks.push(Mark {
                at: range.end - 2,
                len: 2,
                kind: MarkKind::CloseStrong,
            }),
            Event::Start(
                Tag::Link {
                    link_type: LinkType::Inline,
                    dest_url,
                    title,
                    ..
                }
                | Tag::Image {
                    link_type: LinkType::Inline,
                    dest_url,
                    title,
                    ..
                },
            ) if title.is_empty()
                && !dest_url.is_empty()
                && !dest_url.contains(char::is_whitespace)
                && labels.iter().all(Option::is_none) =>
            {
                // An image's `!` stays text: `![label](url)` is a `!` and a link.
                let at = range.start + source.find('[').unwrap_or(0);
                marks.push(Mark {
                    at,
                    len: 1,
                    kind: MarkKind::OpenLink,
                });
                labels.push(Some(at + 1));
                continue;
            }
            Event::Start(Tag::Link { .. } | Tag::Image { .. }) => {
                labels.push(None);
                continue;
            }
            Event::End(TagEnd::Link | TagEnd::Image) => {
                if let Some(Some(label_end)) = labels.pop() {
                    // `](url)` follows the label's last piece.
                    let at = markdown[label_end..range.end]
                        .find("](")
                        .map_or(range.end, |i| label_end + i);
                    let url = markdown.get(at + 2..range.end - 1).unwrap_or("").trim();
                    marks.push(Mark {
                        at,
                        len: range.end - at,
                        kind: MarkKind::CloseLink(url.to_string()),
                    });
                }
            }
            _ => {}
        }
        if let Some(Some(label_end)) = labels.last_mut() {
            *label_end = (*label_end).max(range.end);
        }
    }
    marks
}

/// What comes between two lines of a mail text.
enum Gap {
    Break,
    Paragraph,
}

/// A mail text's paragraphs as they are built, piece by piece.
struct MailText {
    paragraphs: Vec<Vec<MailPiece>>,
    /// The current paragraph's pieces, then those of each open bold part or link label.
    open: Vec<Vec<MailPiece>>,
    /// The line end(s) before the next piece.
    gap: Option<Gap>,
}

impl Default for MailText {
    fn default() -> Self {
        Self {
            paragraphs: Vec::new(),
            open: vec![Vec::new()],
            gap: None,
        }
    }
}

impl MailText {
    /// Source text between two marks; `at_end`: nothing follows it.
    fn push_source(&mut self, source: &str, at_end: bool) {
        let lines: Vec<&str> = source.split('\n').collect();
        for (i, line) in lines.iter().enumerate() {
            let ends_line = i + 1 < lines.len() || at_end;
            let line = if ends_line { line.trim_end() } else { line };
            if i > 0 {
                if line.is_empty() && ends_line {
                    self.gap = Some(Gap::Paragraph);
                    continue;
                }
                self.gap.get_or_insert(Gap::Break);
            }
            if !line.is_empty() {
                self.push(MailPiece::Text(line.to_string()));
            }
        }
    }

    fn push(&mut self, piece: MailPiece) {
        self.end_lines();
        self.innermost().push(piece);
    }

    /// Before a piece or an opening mark: the line end(s) before it, as a break or a new
    /// paragraph (only outside bold parts and links, and never at the start).
    fn end_lines(&mut self) {
        match self.gap.take() {
            Some(Gap::Paragraph) if self.open.len() == 1 => {
                let paragraph = std::mem::take(&mut self.open[0]);
                if !paragraph.is_empty() {
                    self.paragraphs.push(paragraph);
                }
            }
            Some(_) if self.open.iter().any(|pieces| !pieces.is_empty()) => {
                self.innermost().push(MailPiece::Break)
            }
            _ => {}
        }
    }

    fn innermost(&mut self) -> &mut Vec<MailPiece> {
        self.open.last_mut().expect("the paragraph is always open")
    }

    fn open(&mut self) {
        self.end_lines();
        self.open.push(Vec::new());
    }

    fn close(&mut self, wrap: impl FnOnce(Vec<MailPiece>) -> MailPiece) {
        let inner = self.open.pop().expect("a mark closes what one opened");
        self.innermost().push(wrap(inner));
    }

    fn finish(mut self) -> Vec<Vec<MailPiece>> {
        let last = self.open.swap_remove(0);
        if !last.is_empty() {
            self.paragraphs.push(last);
        }
        self.paragraphs
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use MailPiece::*;

    fn text(t: &str) -> MailPiece {
        Text(t.to_string())
    }

    #[test]
    fn a_mail_text_keeps_bold_links_and_lines_and_shows_the_rest_as_typed() {
        assert_eq!(
            mail_paragraphs(
                "Dag {voornaam},  \n\n \nEen **vet** [woord]({link}) en *niet* `dit`   \n  <b>x</b> \\*\n\n# Kop\n- een"
            ),
            vec![
                vec![text("Dag {voornaam},")],
                vec![
                    text("Een "),
                    Strong(vec![text("vet")]),
                    text(" "),
                    Link {
                        label: vec![text("woord")],
                        url: "{link}".into()
                    },
                    text(" en *niet* `dit`"),
                    Break,
                    text("  <b>x</b> \\*"),
                ],
                vec![text("# Kop"), Break, text("- een")],
            ]
        );
    }

    #[test]
    fn links_inside_bold_images_and_links_with_spaces_or_titles() {
        assert_eq!(
            mail_paragraphs("a\r\n\r\n[![b](c)](d)"),
            vec![
                vec![text("a")],
                vec![Link {
                    label: vec![text("![b](c)")],
                    url: "d".into()
                }],
            ]
        );
        assert_eq!(
            mail_paragraphs("**[a **b**](https://x.be/?a=1&b=2)** ![c](d) [e](f g) [h](i \"t\")"),
            vec![vec![
                Strong(vec![Link {
                    label: vec![text("a "), Strong(vec![text("b")])],
                    url: "https://x.be/?a=1&b=2".into()
                }]),
                text(" !"),
                Link {
                    label: vec![text("c")],
                    url: "d".into()
                },
                text(" [e](f g) [h](i \"t\")"),
            ]]
        );
    }
}
