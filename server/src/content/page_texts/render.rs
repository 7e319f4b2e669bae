//! A block's Markdown as the sanitized HTML fragment a page shows, and a default fragment back
//! as Markdown for the editor.
use serde::Serialize;
use utoipa::ToSchema;

use crate::kit::html::unescape;
use crate::kit::markdown;

/// What a block may hold, set by the page: `data-block-rich` marks a rich block; a block inside
/// a link or button (an `<a>` or `<button>` around it, or the block's own element) is a label.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BlockKind {
    /// A heading or single paragraph: bold, italic and links only.
    Inline,
    /// A button or link label: bold and italic only (a link inside a link breaks the page).
    Label,
    /// Paragraphs, lists and headings too.
    Rich,
    /// The page's SEO title or description: plain text on one line.
    Plain,
}

/// The fragment of `markdown` for a block of `kind`: for `Plain` the text itself (the page
/// escapes it), otherwise HTML with only the tags that kind allows, links only to http(s),
/// mailto or a path on the site, and no attribute but `href`.
pub fn render(kind: BlockKind, source: &str) -> String {
    match kind {
        BlockKind::Plain => source.split_whitespace().collect::<Vec<_>>().join(" "),
        BlockKind::Inline => markdown::page_line(source),
        BlockKind::Label => markdown::page_label(source),
        BlockKind::Rich => markdown::page_block(source),
    }
}

/// The Markdown of a default fragment as the web app rendered it (the few tags blocks use),
/// so the coach starts editing from the text she sees.
pub fn markdown_of(html: &str) -> String {
    let mut out = String::new();
    let mut hrefs: Vec<String> = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        out.push_str(&rest[..start]);
        let Some(end) = rest[start..].find('>').map(|i| start + i) else {
            rest = "";
            break;
        };
        let tag = &rest[start + 1..end];
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        let closing = tag.starts_with('/');
        match (name.as_str(), closing) {
            ("strong" | "b", _) => out.push_str("**"),
            ("em" | "i", _) => out.push('*'),
            ("a", false) => {
                hrefs.push(
                    crate::platform::prerendered::attr_value(tag, "href").unwrap_or_default(),
                );
                out.push('[');
            }
            ("a", true) => {
                let href = hrefs.pop().unwrap_or_default();
                out.push_str(&format!("]({href})"));
            }
            ("br", _) => out.push_str("  \n"),
            ("li", false) => out.push_str("- "),
            ("li", true) => out.push('\n'),
            ("h2", false) => out.push_str("## "),
            ("h3", false) => out.push_str("### "),
            ("h4", false) => out.push_str("#### "),
            ("p" | "ul" | "ol" | "h2" | "h3" | "h4", true) => out.push_str("\n\n"),
            _ => {}
        }
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    let text = unescape(&out);
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    lines.dedup_by(|a, b| a.is_empty() && b.is_empty());
    lines.join("\n").trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_event_attributes_and_javascript_links_are_stripped() {
        let md = "Hallo <script>alert(1)</script> **vet** [klik](javascript:alert(1)) \
                  <img src=x onerror=alert(1)> <a href=\"https://x.be\" onclick=\"alert(1)\">x</a>";
        for kind in [BlockKind::Inline, BlockKind::Rich] {
            let html = render(kind, md);
            assert!(!html.contains("script"), "{html}");
            assert!(!html.contains("alert"), "{html}");
            assert!(!html.contains("onerror"), "{html}");
            assert!(!html.contains("javascript"), "{html}");
            assert!(html.contains("<strong>vet</strong>"), "{html}");
            assert!(html.contains("<a href=\"https://x.be\">x</a>"), "{html}");
        }
    }

    #[test]
    fn inline_blocks_keep_inline_markup_only() {
        assert_eq!(
            render(BlockKind::Inline, "# Kop met *nadruk*\n\n- een"),
            "Kop met <em>nadruk</em>\n\neen"
        );
        assert_eq!(
            render(BlockKind::Rich, "## Kop\n\n- een\n- twee"),
            "<h2>Kop</h2>\n<ul>\n<li>een</li>\n<li>twee</li>\n</ul>"
        );
        assert_eq!(render(BlockKind::Plain, " Titel <b>\n x "), "Titel <b> x");
    }

    #[test]
    fn label_blocks_keep_bold_and_italic_only() {
        assert_eq!(
            render(
                BlockKind::Label,
                "## Kop met *nadruk* en [een link](https://x.be)\n\n- een"
            ),
            "Kop met <em>nadruk</em> en een link\n\neen"
        );
        assert_eq!(
            crate::kit::markdown::page_label_fragment(
                "Boek <a href=\"/x\">nu</a> <strong>hier</strong><p>x</p>"
            ),
            "Boek nu <strong>hier</strong>x"
        );
    }

    #[test]
    fn a_default_fragment_reads_back_as_markdown() {
        assert_eq!(
            markdown_of(
                "<p>Een <strong>vet</strong> &amp; <a href=\"/contact\">link</a></p><p>Twee<!-- --> drie</p><ul><li>a</li><li>b</li></ul>"
            ),
            "Een **vet** & [link](/contact)\n\nTwee drie\n\n- a\n- b"
        );
    }
}
