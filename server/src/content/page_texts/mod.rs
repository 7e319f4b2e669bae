//! Page texts the coach edits (DESIGN.md §7): the web app renders each editable text inside an
//! element marked `data-block="key"` (`web/app/components/ui/block.tsx`) around its default;
//! the pages as built are therefore the catalogue of blocks and their defaults. A saved block's
//! sanitized fragment replaces the marked element's content when the page is served
//! (`apply`, called by `site_pages::live_page`), and every saved fragment goes into the page's
//! `#live-blocks` JSON block, which the component renders during hydration. Each page's SEO
//! title and description are blocks too (`seo.<page>.title`, `seo.<page>.description`).
pub mod admin;
pub mod render;

use std::collections::BTreeMap;

use sqlx::{AnyPool, Row};

use crate::kit::html::{escape, unescape};
use crate::platform::live::{DataVersions, Topic};
use crate::platform::prerendered::{SitePages, attr_value, is_admin};
use render::BlockKind;

/// The id of the JSON block with the saved fragments, read by `web/app/config/page-texts.ts`.
const JSON_BLOCK_ID: &str = "live-blocks";

/// The key prefixes of blocks shared by pages: the header and footer (`layout.`,
/// `web/app/components/layout`) and parts several pages hold (`shared.`, e.g. the newsletter
/// form). Each is listed once, with the first page (in route order) that holds it.
const SHARED_PREFIXES: [&str; 2] = ["layout.", "shared."];

/// A block as the page was built with it.
#[derive(Clone, Debug)]
pub struct DefaultBlock {
    pub key: String,
    pub kind: BlockKind,
    /// Inner HTML (`Plain`: the text).
    pub html: String,
}

/// A public page with its blocks, SEO title and description first.
#[derive(Clone)]
pub struct CataloguePage {
    pub route: String,
    pub title: String,
    pub blocks: Vec<DefaultBlock>,
}

/// The saved fragments by key.
pub type Saved = BTreeMap<String, String>;

/// True once any block was ever saved: until then pages are served as built.
pub fn any_saved(versions: &DataVersions) -> bool {
    versions.known(Topic::PageBlocks) > 0
}

/// Every saved fragment.
pub async fn saved(pool: &AnyPool) -> Result<Saved, sqlx::Error> {
    let rows = sqlx::query("SELECT key, html FROM page_blocks")
        .fetch_all(pool)
        .await?;
    rows.iter()
        .map(|row| Ok((row.try_get("key")?, row.try_get("html")?)))
        .collect()
}

/// The name of a page in its SEO keys: `home` for `/`, `begrijp-jezelf.vertelavond` for
/// `/begrijp-jezelf/vertelavond` (the web app makes the same: `seoKey` in `page-texts.ts`).
pub fn page_name(route: &str) -> String {
    match route.trim_matches('/') {
        "" => "home".into(),
        path => path.replace('/', "."),
    }
}

/// The route the page names as canonical (aliases share their page's SEO texts).
fn canonical_route(html: &str) -> Option<String> {
    let head = &html[..html.find("</head>")?];
    let mut from = 0;
    while let Some(i) = head[from..].find("<link") {
        let start = from + i;
        let end = head[start..].find('>').map_or(head.len(), |j| start + j);
        let tag = &head[start..end];
        if attr_value(tag, "rel").as_deref() == Some("canonical") {
            let href = attr_value(tag, "href")?;
            return url::Url::parse(&href).ok().map(|u| u.path().to_string());
        }
        from = end;
    }
    None
}

/// The content of the head's `<title>`, and where it sits.
fn title_span(html: &str) -> Option<(usize, usize)> {
    let start = html.find("<title>")? + "<title>".len();
    let end = start + html[start..].find("</title>")?;
    Some((start, end))
}

/// The `content` of the `<meta>` with `attr="name"` (e.g. `name="description"`): its span.
fn meta_spans(html: &str, attr: &str, name: &str) -> Vec<(usize, usize)> {
    let head_end = html.find("</head>").unwrap_or(html.len());
    let mut spans = Vec::new();
    let mut from = 0;
    while let Some(i) = html[from..head_end].find("<meta") {
        let start = from + i;
        let end = html[start..head_end]
            .find('>')
            .map_or(head_end, |j| start + j);
        let tag = &html[start..end];
        if attr_value(tag, attr).as_deref() == Some(name)
            && let Some(c) = tag.find(" content=\"")
        {
            let value = start + c + " content=\"".len();
            if let Some(len) = html[value..end].find('"') {
                spans.push((value, value + len));
            }
        }
        from = end;
    }
    spans
}

/// The content of each block in `html` by key (the first place a key appears): the words a page
/// shows, for a page the server makes from a built one (the newsletter archive).
pub fn words(html: &str) -> BTreeMap<String, String> {
    let mut words = BTreeMap::new();
    for (key, _, start, end) in marked(html) {
        words
            .entry(key)
            .or_insert_with(|| html[start..end].to_string());
    }
    words
}

/// Elements marked `data-block`: (key, kind, start of content, end of content). The kind is the
/// place's: rich when marked `data-block-rich`, a label when the element is or sits inside an
/// `<a>` or `<button>` (whatever else it is marked), otherwise inline.
fn marked(html: &str) -> Vec<(String, BlockKind, usize, usize)> {
    let mut found = Vec::new();
    let mut from = 0;
    let mut links = LinkDepth::default();
    while let Some(i) = html[from..].find(" data-block=\"") {
        let at = from + i;
        let tag_start = html[..at].rfind('<').unwrap_or(0);
        let Some(tag_end) = html[at..].find('>').map(|j| at + j) else {
            break;
        };
        from = tag_end;
        let attrs = &html[tag_start..tag_end];
        let (Some(key), Some(name)) = (
            attr_value(attrs, "data-block"),
            attrs[1..]
                .split(|c: char| c.is_ascii_whitespace())
                .next()
                .map(str::to_string),
        ) else {
            continue;
        };
        let in_link = links.at(html, tag_start) > 0 || name == "a" || name == "button";
        let kind = if in_link {
            BlockKind::Label
        } else if attr_value(attrs, "data-block-rich").is_some() {
            BlockKind::Rich
        } else {
            BlockKind::Inline
        };
        // The matching end tag: same-name elements inside are counted.
        let (open, close) = (format!("<{name}"), format!("</{name}>"));
        let mut depth = 1;
        let mut pos = tag_end + 1;
        while depth > 0 {
            let next_close = html[pos..].find(&close).map(|j| pos + j);
            let next_open = html[pos..]
                .match_indices(&open)
                .map(|(j, _)| pos + j)
                .find(|&j| {
                    html[j + open.len()..]
                        .starts_with(|c: char| c.is_ascii_whitespace() || c == '>')
                });
            match (next_open, next_close) {
                (Some(o), Some(c)) if o < c => {
                    depth += 1;
                    pos = o + open.len();
                }
                (_, Some(c)) => {
                    depth -= 1;
                    pos = c + close.len();
                    if depth == 0 {
                        found.push((key.clone(), kind, tag_end + 1, c));
                    }
                }
                (_, None) => break,
            }
        }
    }
    found
}

/// How many `<a>` and `<button>` elements are open at a place in the page, read once from the
/// start as the places come in order (script and style contents skipped).
#[derive(Default)]
struct LinkDepth {
    scanned: usize,
    depth: i32,
}

impl LinkDepth {
    fn at(&mut self, html: &str, pos: usize) -> i32 {
        while self.scanned < pos {
            let Some(i) = html[self.scanned..pos].find('<') else {
                self.scanned = pos;
                break;
            };
            let start = self.scanned + i;
            let rest = &html[start + 1..];
            let closing = rest.starts_with('/');
            let name: String = rest
                .trim_start_matches('/')
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect::<String>()
                .to_ascii_lowercase();
            self.scanned = start + 1;
            match (name.as_str(), closing) {
                ("a" | "button", false) => self.depth += 1,
                ("a" | "button", true) => self.depth = (self.depth - 1).max(0),
                ("script" | "style", false) => {
                    let end = format!("</{name}>");
                    self.scanned = html[start..]
                        .find(&end)
                        .map_or(html.len(), |j| start + j + end.len());
                }
                _ => {}
            }
        }
        self.depth
    }
}

/// The public pages (not admin, not an alias) with their blocks, in route order, then the 404
/// page; pages search engines do not list (noindex, the 404) without SEO texts.
/// Built once per set of pages (they do not change while serving): every save and preview
/// looks its block up here.
pub fn catalogue(pages: &SitePages) -> Vec<CataloguePage> {
    cached(pages).clone()
}

fn cached(pages: &SitePages) -> &Vec<CataloguePage> {
    pages
        .derived
        .get_or_init(|| Box::new(build_catalogue(pages)))
        .downcast_ref::<Vec<CataloguePage>>()
        .expect("the pages' derived data is the block catalogue")
}

fn build_catalogue(pages: &SitePages) -> Vec<CataloguePage> {
    let mut out: Vec<CataloguePage> = pages
        .pages
        .iter()
        .filter(|(route, page)| {
            !is_admin(route) && canonical_route(&page.html).is_none_or(|c| &c == *route)
        })
        // A page kept out of search engines (a payment result, an appointment) has its texts
        // but no SEO texts.
        .map(|(route, page)| catalogue_page(route, &page.html, !page.html.contains("noindex")))
        .collect();
    out.sort_by(|a, b| a.route.cmp(&b.route));
    out.push(catalogue_page("/404", &pages.not_found.html, false));
    // A key shown as a label anywhere (a breadcrumb links on sub-pages) is a label everywhere.
    let labels: std::collections::HashSet<String> = out
        .iter()
        .flat_map(|page| &page.blocks)
        .filter(|block| block.kind == BlockKind::Label)
        .map(|block| block.key.clone())
        .collect();
    let mut listed = std::collections::HashSet::new();
    for page in &mut out {
        for block in &mut page.blocks {
            if labels.contains(&block.key) {
                block.kind = BlockKind::Label;
            }
        }
        page.blocks.retain(|block| {
            !SHARED_PREFIXES.iter().any(|p| block.key.starts_with(p))
                || listed.insert(block.key.clone())
        });
    }
    out
}

/// A page's blocks as built, its SEO title and description first when `seo`.
fn catalogue_page(route: &str, html: &str, seo: bool) -> CataloguePage {
    let name = page_name(route);
    let title = title_span(html)
        .map(|(s, e)| unescape(&html[s..e]))
        .unwrap_or_default();
    let mut blocks = Vec::new();
    if seo {
        let description = meta_spans(html, "name", "description")
            .first()
            .map(|&(s, e)| unescape(&html[s..e]))
            .unwrap_or_default();
        blocks.push(DefaultBlock {
            key: format!("seo.{name}.title"),
            kind: BlockKind::Plain,
            html: title.clone(),
        });
        blocks.push(DefaultBlock {
            key: format!("seo.{name}.description"),
            kind: BlockKind::Plain,
            html: description,
        });
    }
    for (key, kind, start, end) in marked(html) {
        if !blocks.iter().any(|b| b.key == key) {
            blocks.push(DefaultBlock {
                key,
                kind,
                html: html[start..end].to_string(),
            });
        }
    }
    CataloguePage {
        route: route.to_string(),
        title,
        blocks,
    }
}

/// The block with `key` as built, wherever it is.
pub fn find(pages: &SitePages, key: &str) -> Option<DefaultBlock> {
    cached(pages)
        .iter()
        .flat_map(|page| &page.blocks)
        .find(|block| block.key == key)
        .cloned()
}

/// The page with the saved fragments in its marked elements, its SEO title and description
/// from its blocks, and every saved fragment in the JSON block the web app hydrates with.
pub fn apply(html: &str, saved: &Saved) -> String {
    if saved.is_empty() {
        return html.to_string();
    }
    // (start, end, replacement), applied back to front.
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    // A label keeps bold and italic only, also when saved before its place made it a label, so
    // no link lands inside a link; the page's JSON carries the same fragment for hydration.
    let mut shown = saved.clone();
    for (key, kind, start, end) in marked(html) {
        if let Some(fragment) = saved.get(&key) {
            let fragment = match kind {
                BlockKind::Label => crate::kit::markdown::page_label_fragment(fragment),
                _ => fragment.clone(),
            };
            shown.insert(key, fragment.clone());
            edits.push((start, end, fragment));
        }
    }
    let saved = &shown;
    let name = canonical_route(html).map(|route| page_name(&route));
    if let Some(name) = name {
        if let Some(title) = saved.get(&format!("seo.{name}.title")) {
            let title = escape(title);
            if let Some((s, e)) = title_span(html) {
                edits.push((s, e, title.clone()));
            }
            for (attr, meta) in [("property", "og:title"), ("name", "twitter:title")] {
                for (s, e) in meta_spans(html, attr, meta) {
                    edits.push((s, e, title.clone()));
                }
            }
        }
        if let Some(description) = saved.get(&format!("seo.{name}.description")) {
            let description = escape(description);
            for (attr, meta) in [
                ("name", "description"),
                ("property", "og:description"),
                ("name", "twitter:description"),
            ] {
                for (s, e) in meta_spans(html, attr, meta) {
                    edits.push((s, e, description.clone()));
                }
            }
        }
    }
    edits.sort_by_key(|edit| std::cmp::Reverse(edit.0));
    edits.dedup_by_key(|edit| edit.0);
    let mut out = html.to_string();
    for (start, end, replacement) in edits {
        out.replace_range(start..end, &replacement);
    }
    let json = serde_json::to_string(saved)
        .unwrap_or_default()
        .replace('<', "\\u003c");
    let tag = format!("<script type=\"application/json\" id=\"{JSON_BLOCK_ID}\">{json}</script>");
    match out.find("</head>") {
        Some(i) => out.insert_str(i, &tag),
        None => out.push_str(&tag),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "<html><head><title>Oud | Merk</title>\
        <meta name=\"description\" content=\"Oude beschrijving\"/>\
        <link rel=\"canonical\" href=\"https://x.be/over-mij\"/>\
        <meta property=\"og:title\" content=\"Oud | Merk\"/></head><body>\
        <h1 class=\"t\" data-block=\"a.title\">Oude <em>titel</em></h1>\
        <div data-block=\"a.rich\" data-block-rich=\"\"><div><p>x</p></div><p>y</p></div><p>na</p>\
        </body></html>";

    #[test]
    fn saved_fragments_replace_marked_content_and_seo_texts() {
        let saved: Saved = [
            (
                "a.title".to_string(),
                "Nieuw &amp; <strong>vet</strong>".to_string(),
            ),
            ("a.rich".to_string(), "<p>z</p>".to_string()),
            ("seo.over-mij.title".to_string(), "Nieuw & fris".to_string()),
            (
                "seo.over-mij.description".to_string(),
                "Beschrijving \"nieuw\"".to_string(),
            ),
            (
                "b.other".to_string(),
                "</script><script>x</script>".to_string(),
            ),
        ]
        .into();
        let out = apply(PAGE, &saved);
        assert!(
            out.contains(
                "<h1 class=\"t\" data-block=\"a.title\">Nieuw &amp; <strong>vet</strong></h1>"
            ),
            "{out}"
        );
        assert!(
            out.contains("<div data-block=\"a.rich\" data-block-rich=\"\"><p>z</p></div><p>na</p>"),
            "{out}"
        );
        assert!(out.contains("<title>Nieuw &amp; fris</title>"), "{out}");
        assert!(
            out.contains("<meta property=\"og:title\" content=\"Nieuw &amp; fris\"/>"),
            "{out}"
        );
        assert!(
            out.contains("content=\"Beschrijving &quot;nieuw&quot;\""),
            "{out}"
        );
        assert!(
            out.contains("<script type=\"application/json\" id=\"live-blocks\">"),
            "{out}"
        );
        assert!(!out.contains("</script><script>x"), "{out}");
        assert_eq!(apply(PAGE, &Saved::new()), PAGE);
    }

    #[test]
    fn a_block_in_a_link_or_button_is_a_label_and_shows_no_link() {
        let page = "<html><head><script>var a = \"<a \";</script></head><body>\
            <a href=\"/x\"><h3><span data-block=\"c.title\">Titel</span></h3></a>\
            <p data-block=\"c.text\">Tekst</p>\
            <button type=\"button\"><span data-block=\"c.button\">Knop</span></button>\
            <a data-block=\"c.link\" href=\"/y\">Link</a><h2 data-block=\"c.after\">Na</h2></body></html>";
        let kinds: Vec<(String, BlockKind)> = marked(page)
            .into_iter()
            .map(|(k, kind, _, _)| (k, kind))
            .collect();
        assert_eq!(
            kinds,
            [
                ("c.title".to_string(), BlockKind::Label),
                ("c.text".to_string(), BlockKind::Inline),
                ("c.button".to_string(), BlockKind::Label),
                ("c.link".to_string(), BlockKind::Label),
                ("c.after".to_string(), BlockKind::Inline),
            ]
        );
        // A link saved before the place made it a label: its text stays, the link goes, in the
        // HTML and in the JSON the page hydrates with alike.
        let saved: Saved = [
            (
                "c.title".to_string(),
                "Lees <a href=\"/z\">meer</a>".to_string(),
            ),
            (
                "c.text".to_string(),
                "Lees <a href=\"/z\">meer</a>".to_string(),
            ),
        ]
        .into();
        let out = apply(page, &saved);
        assert!(
            out.contains("<span data-block=\"c.title\">Lees meer</span>"),
            "{out}"
        );
        assert!(out.contains("\"c.title\":\"Lees meer\""), "{out}");
        assert!(
            out.contains("<p data-block=\"c.text\">Lees <a href=\"/z\">meer</a></p>"),
            "{out}"
        );
    }

    #[test]
    fn marked_elements_are_found_with_nested_same_name_elements() {
        let found = marked(PAGE);
        assert_eq!(found.len(), 2);
        assert_eq!(&PAGE[found[1].2..found[1].3], "<div><p>x</p></div><p>y</p>");
        assert_eq!(found[1].1, BlockKind::Rich);
        assert_eq!(found[0].1, BlockKind::Inline);
        assert_eq!(page_name("/"), "home");
        assert_eq!(
            page_name("/begrijp-jezelf/vertelavond"),
            "begrijp-jezelf.vertelavond"
        );
    }
}
