//! A mail text with its values filled in, as the mail's HTML (inline-styled for mail clients)
//! and as plain text. `kit::markdown` reads the text; here its placeholders are found and
//! filled, as plain text (escaped in HTML).
use super::Template;
use super::catalogue::{MailKind, spec};
use crate::kit::domain::FirstName;
use crate::kit::html::escape;
use crate::kit::markdown::{MailPiece, mail_paragraphs};
use crate::platform::outbox::compose::{ACCENT, Block};

/// What a placeholder becomes: text, or a labelled link (e.g. "Deelnemen aan het webinar").
enum Value {
    Text(String),
    Link { label: String, url: String },
}

/// The values for one mail, by placeholder name.
pub struct Values(Vec<(&'static str, Value)>);

impl Values {
    /// Every mail's own two: the recipient's first name (the first word of a full name, and
    /// only when it passes `FirstName`'s rules, as in "Dag Sofie,") and the brand.
    pub fn new(full_name: &str, brand: &str) -> Self {
        let first = FirstName::from_full_name(full_name)
            .map(|n| n.as_ref().to_string())
            .unwrap_or_default();
        Self(vec![
            ("voornaam", Value::Text(first)),
            ("merk", Value::Text(brand.to_string())),
        ])
    }

    pub fn with(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.0.push((name, Value::Text(value.into())));
        self
    }

    /// A placeholder that shows as a link with `label` (as "label: url" in plain text).
    pub fn with_link(
        mut self,
        name: &'static str,
        label: impl Into<String>,
        url: impl Into<String>,
    ) -> Self {
        self.0.push((
            name,
            Value::Link {
                label: label.into(),
                url: url.into(),
            },
        ));
        self
    }

    /// The samples of `kind`'s placeholders, for the preview and the test mail.
    pub fn samples(kind: MailKind, brand: &str) -> Self {
        Self(
            spec(kind)
                .placeholders
                .iter()
                .map(|p| {
                    let sample = if p.name == "merk" { brand } else { p.sample };
                    (p.name, Value::Text(sample.to_string()))
                })
                .collect(),
        )
    }

    fn value(&self, name: &str) -> Option<&Value> {
        self.0
            .iter()
            .rev()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
    }

    /// The text of a value, or the address of a link value (as a link's target).
    fn get(&self, name: &str) -> &str {
        match self.value(name) {
            Some(Value::Text(t)) => t,
            Some(Value::Link { url, .. }) => url,
            None => "",
        }
    }
}

impl Template {
    /// The subject (plain text on one line) and the body as blocks, with `values` filled in.
    pub fn render(&self, values: &Values) -> (String, Vec<Block>) {
        let subject = paragraphs(&self.subject)
            .iter()
            .map(|p| Out::render(p, values).text)
            .collect::<Vec<_>>()
            .join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let blocks = paragraphs(&self.body)
            .iter()
            .map(|p| Out::render(p, values))
            .filter(|out| !out.text.trim().is_empty())
            .map(|out| Block::Rich {
                html: out.html,
                text: out.text,
            })
            .collect();
        (subject, blocks)
    }
}

#[derive(Debug, PartialEq)]
pub(super) enum Target {
    Url(String),
    Placeholder(String),
}

/// A piece of a paragraph with its placeholders found.
#[derive(Debug, PartialEq)]
pub(super) enum Inline {
    Text(String),
    Strong(Vec<Inline>),
    Break,
    Placeholder(String),
    Link { label: Vec<Inline>, target: Target },
}

/// The paragraphs of a mail text (a subject is one).
pub(super) fn paragraphs(text: &str) -> Vec<Vec<Inline>> {
    mail_paragraphs(text).into_iter().map(inlines).collect()
}

fn inlines(pieces: Vec<MailPiece>) -> Vec<Inline> {
    let mut out = Vec::new();
    for piece in pieces {
        match piece {
            MailPiece::Text(text) => split_placeholders(&text, &mut out),
            MailPiece::Strong(inner) => out.push(Inline::Strong(inlines(inner))),
            MailPiece::Break => out.push(Inline::Break),
            MailPiece::Link { label, url } => {
                let target = match placeholder_at(&url) {
                    Some((name, len)) if len == url.len() => Target::Placeholder(name.to_string()),
                    _ => Target::Url(url),
                };
                out.push(Inline::Link {
                    label: inlines(label),
                    target,
                });
            }
        }
    }
    out
}

/// `text` as text and `{placeholder}`s.
fn split_placeholders(text: &str, out: &mut Vec<Inline>) {
    let mut plain = String::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some((name, len)) = placeholder_at(rest) {
            if !plain.is_empty() {
                out.push(Inline::Text(std::mem::take(&mut plain)));
            }
            out.push(Inline::Placeholder(name.to_string()));
            rest = &rest[len..];
        } else {
            plain.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    if !plain.is_empty() {
        out.push(Inline::Text(plain));
    }
}

/// `{name}` at the start of `s`: the name and the length taken.
fn placeholder_at(s: &str) -> Option<(&str, usize)> {
    let rest = s.strip_prefix('{')?;
    let end = rest.find('}')?;
    let name = &rest[..end];
    (!name.is_empty()
        && name.len() <= 40
        && name.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
    .then_some((name, end + 2))
}

/// A paragraph rendered as HTML and as plain text.
#[derive(Default)]
struct Out {
    html: String,
    text: String,
}

impl Out {
    fn render(inlines: &[Inline], values: &Values) -> Self {
        let mut out = Self::default();
        out.push_all(inlines, values);
        out
    }

    fn push_all(&mut self, inlines: &[Inline], values: &Values) {
        for inline in inlines {
            match inline {
                Inline::Text(t) => self.push_text(t),
                Inline::Strong(inner) => {
                    self.html.push_str("<strong>");
                    self.push_all(inner, values);
                    self.html.push_str("</strong>");
                }
                Inline::Break => {
                    self.html.push_str("<br>");
                    self.text.push('\n');
                }
                Inline::Placeholder(name) => {
                    if let Some(Value::Link { label, url }) = values.value(name) {
                        self.push_link(&escape(label), label, url);
                        continue;
                    }
                    let value = values.get(name);
                    // "Dag {voornaam}," without a name reads "Dag,".
                    if value.is_empty() {
                        if self.text.ends_with(' ') {
                            self.text.pop();
                            self.html.pop();
                        }
                    } else {
                        self.push_text(value);
                    }
                }
                Inline::Link { label, target } => {
                    let url = match target {
                        Target::Url(url) => url.as_str(),
                        Target::Placeholder(name) => values.get(name),
                    };
                    let mut inner = Out::default();
                    inner.push_all(label, values);
                    if url.is_empty() {
                        self.html.push_str(&inner.html);
                        self.text.push_str(&inner.text);
                        continue;
                    }
                    self.push_link(&inner.html, &inner.text, url);
                }
            }
        }
    }

    /// A link: `<a>` around `html` in HTML, "text: url" in plain text.
    fn push_link(&mut self, html: &str, text: &str, url: &str) {
        self.html.push_str(&format!(
            "<a href=\"{}\" style=\"color:{ACCENT}\">{html}</a>",
            escape(url),
        ));
        let shown = url.trim_start_matches("mailto:");
        if text.is_empty() || text == shown {
            self.text.push_str(shown);
        } else {
            self.text.push_str(&format!("{text}: {shown}"));
        }
    }

    /// Plain text (literal or a value): escaped in HTML, line breaks kept.
    fn push_text(&mut self, t: &str) {
        let lines: Vec<String> = t.split('\n').map(escape).collect();
        self.html.push_str(&lines.join("<br>"));
        self.text.push_str(t);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn html_of(blocks: &[Block]) -> Vec<String> {
        blocks
            .iter()
            .map(|b| match b {
                Block::Rich { html, .. } => html.clone(),
                _ => String::new(),
            })
            .collect()
    }

    /// The mail's paragraphs as `compose` wraps them, one a line, and its plain text.
    fn fixture_of(subject: &str, blocks: &[Block]) -> (String, String) {
        let mut html = String::new();
        let mut text = format!("{subject}\n\n");
        for block in blocks {
            if let Block::Rich { html: h, text: t } = block {
                html.push_str(&format!("<p>{h}</p>\n"));
                text.push_str(&format!("{t}\n\n"));
            }
        }
        (html, text)
    }

    /// `name`'s committed `.html` and `.txt` equal `html` and `text`. Run with
    /// `WRITE_MAIL_FIXTURES=1` to write them anew, only when a default text changes on purpose.
    fn assert_fixture(name: &str, html: &str, text: &str) {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mail_texts");
        for (ext, actual) in [("html", html), ("txt", text)] {
            let path = dir.join(format!("{name}.{ext}"));
            if std::env::var_os("WRITE_MAIL_FIXTURES").is_some() {
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(&path, actual).unwrap();
            }
            let expected = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(actual, expected, "{} differs", path.display());
        }
    }

    /// Every default text, filled with its samples as the preview shows it, renders as it did
    /// before the renderer moved to pulldown-cmark.
    #[test]
    fn every_default_text_renders_as_its_fixture() {
        for kind in MailKind::ALL {
            let (subject, blocks) =
                Template::default_of(*kind).render(&Values::samples(*kind, "In Lumine"));
            let (html, text) = fixture_of(&subject, &blocks);
            assert_fixture(kind.as_str(), &html, &text);
        }
    }

    /// What coaches can write (paragraphs, line breaks, `**bold**`, links to addresses and
    /// placeholders) and what they might type besides, with awkward values.
    #[test]
    fn the_syntax_coaches_can_write_renders_as_its_fixture() {
        let t = Template {
            kind: MailKind::WebinarConfirmation,
            subject: "Hoi {voornaam} — **{evenement}** <{merk}>".into(),
            body: "Dag {voornaam},\n\nEen **vette** zin en **[een vette link](https://example.org/?a=1&b=2)**.  \n\
                   Een tweede regel met [mail](mailto:info@example.org) en [{evenement}]({deelnemen}).\n\n\n\
                   {deelnemen}\n\n\
                   Tekens: 5 < 6 & 7 > 3, \"aanhalingstekens\", l'apostrof, {onbekend} en {Hoofdletter}.\n\n\
                   **Vet zonder einde\n\n\
                   [geen link](geen adres) en [leeg]({leeg}) en {evenement}{evenement}\n\n   \n\
                   Laatste regel met spaties achteraan   "
                .into(),
        };
        let values = Values::new("Anna Peeters", "In & Uit")
            .with(
                "evenement",
                "Lezen <& schrijven> \"samen\" 'nu'\nop twee regels",
            )
            .with("leeg", "")
            .with_link(
                "deelnemen",
                "Deelnemen aan het webinar",
                "https://meet.example.org/w?a=1&b=\"2\"",
            );
        let (subject, blocks) = t.render(&values);
        let (html, text) = fixture_of(&subject, &blocks);
        assert_fixture("coach_syntax", &html, &text);
        let (_, blocks) = t.render(&Values::new("", "In Lumine"));
        let (html, text) = fixture_of("", &blocks);
        assert_fixture("coach_syntax_without_values", &html, &text);
    }

    /// Markdown beyond what the editor offers shows as the coach typed it.
    #[test]
    fn other_markdown_shows_as_typed_as_its_fixture() {
        let t = Template {
            kind: MailKind::ContactAutoReply,
            subject: "*Cursief* en `code`".into(),
            body: "*cursief* en _ook_ en `code` en <b>html</b> en \\*geen\\* en &amp; en <https://example.org>\n\n\
                   # Een kop voor {voornaam}\n\n\
                   - een\n- **twee**\n\n\
                   1. eerst\n2. dan\n\n\
                   > een citaat\n\n\
                   ---\n\n\
                   ![beeld](https://example.org/a.png) en [titel](https://example.org \"t\")"
                .into(),
        };
        let (subject, blocks) = t.render(&Values::new("Anna", "In Lumine"));
        let (html, text) = fixture_of(&subject, &blocks);
        assert_fixture("other_markdown", &html, &text);
    }

    #[test]
    fn values_are_escaped_and_markup_is_rendered() {
        let t = Template {
            kind: MailKind::ContactAutoReply,
            subject: "Hoi {voornaam}\nvan {merk}".into(),
            body: "Dag {voornaam},\n\n**Vet** en [een link](https://example.org/?a=1&b=2)".into(),
        };
        let values = Values::new("Anna Peeters", "In & Uit").with("voornaam", "<b>Anna</b>");
        let (subject, blocks) = t.render(&values);
        assert_eq!(subject, "Hoi <b>Anna</b> van In & Uit");
        let html = html_of(&blocks);
        assert_eq!(html[0], "Dag &lt;b&gt;Anna&lt;/b&gt;,");
        assert_eq!(
            html[1],
            format!(
                "<strong>Vet</strong> en <a href=\"https://example.org/?a=1&amp;b=2\" style=\"color:{ACCENT}\">een link</a>"
            )
        );
    }

    #[test]
    fn an_empty_first_name_leaves_no_gap() {
        let t = Template::default_of(MailKind::ContactAutoReply);
        let (_, blocks) = t.render(&Values::new("", "In Lumine"));
        assert_eq!(html_of(&blocks)[0], "Dag,");
    }
}
