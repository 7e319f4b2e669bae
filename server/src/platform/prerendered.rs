//! The prerendered web app: every page in memory with the CSP that allows exactly its inline
//! scripts, and the other files (hashed assets, images) read into memory on first use, both with
//! their compressed variants (the build's `.br` / `.gz` siblings). The build comes from `web_dir`
//! when that folder holds one (files on disk win), else from the binary (`WebSource`).
use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, OnceLock, RwLock};

use anyhow::{Context, bail};
use axum::http::HeaderValue;
use base64::Engine;
use bytes::Bytes;
use sha2::{Digest, Sha256};
use tower_http::services::ServeDir;

use crate::kit::encoded::Encoded;
use crate::platform::site::Site;

/// Files above this size are streamed from disk instead of kept in memory.
const MAX_IN_MEMORY: u64 = 1024 * 1024;

// `EMBEDDED_WEB`: the build inside the binary (feature `embed-web`, see build.rs), else None.
include!(concat!(env!("OUT_DIR"), "/embedded_web.rs"));

/// Where the built web app is read from.
#[derive(Clone)]
pub enum WebSource {
    /// A build folder on disk (`web_dir`).
    Folder(PathBuf),
    /// Files by their path relative to the build folder, held in memory for good (the build
    /// embedded in the binary).
    Embedded(&'static HashMap<&'static str, &'static [u8]>),
}

impl WebSource {
    /// `web_dir` when it holds a build (index.html), else the build embedded in the binary.
    pub fn choose(web_dir: &Path) -> anyhow::Result<Self> {
        if web_dir.join("index.html").is_file() {
            return Ok(Self::Folder(web_dir.to_path_buf()));
        }
        match EMBEDDED_WEB {
            Some(files) => Ok(Self::embedded(files)),
            None => bail!(
                "web directory {} has no index.html and this binary carries no web app: build the \
                 web app first: make web (or set web_dir / WEB_DIR)",
                web_dir.display()
            ),
        }
    }

    /// The build embedded in this binary, when it was built with `embed-web`.
    pub fn built_in() -> Option<Self> {
        EMBEDDED_WEB.map(Self::embedded)
    }

    /// A source over `files` (path relative to the build folder, bytes), kept for good.
    pub fn embedded(files: &'static [(&'static str, &'static [u8])]) -> Self {
        Self::Embedded(Box::leak(Box::new(files.iter().copied().collect())))
    }

    /// Says where the build comes from, for the start-up log.
    pub fn describe(&self) -> String {
        match self {
            Self::Folder(dir) => format!("the folder {}", dir.display()),
            Self::Embedded(files) => format!("the build inside the binary ({} files)", files.len()),
        }
    }

    /// The bytes of the file at `relative` (`/`-separated), None when it is missing.
    fn read(&self, relative: &str) -> Option<Bytes> {
        match self {
            Self::Folder(dir) => std::fs::read(dir.join(relative)).ok().map(Bytes::from),
            Self::Embedded(files) => files.get(relative).map(|b| Bytes::from_static(b)),
        }
    }

    /// The paths of every page (`index.html`) outside the hashed bundles.
    fn index_files(&self) -> anyhow::Result<Vec<String>> {
        let mut out = Vec::new();
        match self {
            Self::Folder(dir) => {
                let mut files = Vec::new();
                find_index_files(dir, &mut files)?;
                for file in files {
                    let relative = file.strip_prefix(dir).unwrap_or(&file);
                    out.push(
                        relative
                            .components()
                            .map(|c| c.as_os_str().to_string_lossy())
                            .collect::<Vec<_>>()
                            .join("/"),
                    );
                }
            }
            Self::Embedded(files) => out.extend(
                files
                    .keys()
                    .filter(|p| {
                        (**p == "index.html" || p.ends_with("/index.html"))
                            && !p.starts_with("assets/")
                    })
                    .map(|p| p.to_string()),
            ),
        }
        Ok(out)
    }
}

/// An HTML document held in memory with the CSP that allows exactly its inline scripts.
pub struct Page {
    pub html: String,
    pub csp: HeaderValue,
    /// The page's own `<link rel="canonical">`: aliases point at another URL.
    canonical: Option<String>,
    /// Where it was read from, whose siblings are its compressed variants.
    file: Option<(WebSource, String)>,
    /// The page as built with its variants, made on first use.
    encoded: OnceLock<Encoded>,
}

impl Page {
    /// The page as built (no live fields), with its compressed variants.
    pub fn encoded(&self) -> &Encoded {
        self.encoded.get_or_init(|| {
            let identity = Bytes::from(self.html.clone());
            let content_type = HeaderValue::from_static("text/html; charset=utf-8");
            let cache = HeaderValue::from_static("no-cache");
            match &self.file {
                Some((source, file)) => {
                    let (gzip, br) = siblings(source, file, self.html.len());
                    if gzip.is_some() && br.is_some() {
                        Encoded::with_variants(identity, gzip, br, content_type, cache)
                    } else {
                        Encoded::compress(identity, content_type, cache)
                    }
                }
                None => Encoded::compress(identity, content_type, cache),
            }
        })
    }

    fn read(source: &WebSource, file: &str) -> anyhow::Result<Self> {
        let bytes = source
            .read(file)
            .with_context(|| format!("cannot read {file} of the web app"))?;
        let html = String::from_utf8(bytes.to_vec())
            .with_context(|| format!("{file} of the web app is not UTF-8"))?;
        let mut page = Self::new(html)?;
        page.file = Some((source.clone(), file.to_string()));
        Ok(page)
    }

    fn new(html: String) -> anyhow::Result<Self> {
        let hashes: String = inline_script_hashes(&html)
            .iter()
            .map(|h| format!(" 'sha256-{h}'"))
            .collect();
        let csp = format!(
            "default-src 'self'; script-src 'self'{hashes}; style-src 'self' 'unsafe-inline'; \
             img-src 'self' data: https:; font-src 'self'; connect-src 'self'; \
             frame-src https://www.youtube-nocookie.com https://player.vimeo.com; object-src 'none'; \
             base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
        );
        Ok(Self {
            canonical: canonical_href(&html),
            csp: HeaderValue::from_str(&csp)?,
            html,
            file: None,
            encoded: OnceLock::new(),
        })
    }
}

pub struct SitePages {
    /// Every other file of the build (assets, images), kept in memory once asked for.
    pub files: StaticFiles,
    /// What `files` does not keep (large files, ranges), from disk with precompressed siblings;
    /// None for the embedded build, which `files` holds whole.
    pub serve_dir: Option<ServeDir>,
    /// By route: `/`, `/wees-eerlijk`, ...
    pub pages: HashMap<String, Page>,
    pub not_found: Page,
    /// The shell the admin pages start from.
    pub spa_fallback: Page,
    /// What a higher layer derives from the pages once (they never change while serving), e.g.
    /// the catalogue of page blocks (`content::page_texts`).
    pub derived: std::sync::OnceLock<Box<dyn std::any::Any + Send + Sync>>,
}

impl SitePages {
    /// Loads every `index.html` of the build, keyed by its route (`/`, `/wees-eerlijk`, ...).
    pub fn load(source: &WebSource) -> anyhow::Result<Self> {
        if source.read("index.html").is_none() {
            bail!(
                "the web app has no index.html: build it first: make web (or set web_dir / WEB_DIR)"
            );
        }
        let mut pages = HashMap::new();
        for file in source.index_files()? {
            let dir = file.strip_suffix("index.html").unwrap_or_default();
            let route = format!("/{}", dir.trim_end_matches('/'));
            pages.insert(route, Page::read(source, &file)?);
        }
        let not_found = match pages.remove("/404") {
            Some(page) => page,
            None => Page::new(
                "<!doctype html><html lang=\"nl-BE\"><head><title>Oops! Page not found</title></head>\
                 <body><h1>Oops! Page not found</h1><a href=\"/\">Terug naar home</a></body></html>"
                    .into(),
            )?,
        };
        let spa_fallback = match source.read("__spa-fallback.html") {
            Some(_) => Page::read(source, "__spa-fallback.html")?,
            None => Page::read(source, "index.html")?,
        };
        pages.retain(|route, _| !is_admin(route));
        let serve_dir = match source {
            WebSource::Folder(dir) => Some(
                ServeDir::new(dir)
                    .precompressed_br()
                    .precompressed_gzip()
                    .append_index_html_on_directories(false),
            ),
            WebSource::Embedded(_) => None,
        };
        Ok(Self {
            files: StaticFiles::new(source.clone()),
            serve_dir,
            pages,
            not_found,
            spa_fallback,
            derived: std::sync::OnceLock::new(),
        })
    }

    /// Routes whose page names itself as canonical (or names none): aliases stay out of the sitemap.
    pub fn canonical_routes<'a>(&'a self, site: &'a Site) -> impl Iterator<Item = &'a str> {
        self.pages
            .iter()
            .filter(|(route, page)| {
                page.canonical
                    .as_deref()
                    .is_none_or(|href| href == site.url(route))
            })
            .map(|(route, _)| route.as_str())
    }
}

/// The `.gz` and `.br` siblings of `file` made by the web build, when they are there.
fn siblings(source: &WebSource, file: &str, len: usize) -> (Option<Bytes>, Option<Bytes>) {
    let read = |ext: &str| {
        source
            .read(&format!("{file}{ext}"))
            .filter(|b| b.len() < len)
    };
    (read(".gz"), read(".br"))
}

/// The build's other files by URL path, read with their variants on first request.
pub struct StaticFiles {
    source: WebSource,
    files: RwLock<HashMap<String, Arc<Encoded>>>,
}

impl StaticFiles {
    fn new(source: WebSource) -> Self {
        Self {
            source,
            files: RwLock::default(),
        }
    }

    /// The file at URL `path` from memory; `None` when it is not a plain small file of the build
    /// (missing, large, or a path this simple lookup does not take), for `ServeDir` to answer.
    pub fn get(&self, path: &str) -> Option<Arc<Encoded>> {
        if let Some(file) = self
            .files
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(path)
        {
            return Some(file.clone());
        }
        let relative = path.strip_prefix('/')?;
        // Only plain names: no percent escapes, dot segments or hidden files.
        let plain = relative
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./".contains(&b))
            && Path::new(relative).components().all(
                |c| matches!(c, Component::Normal(n) if !n.to_string_lossy().starts_with('.')),
            );
        if !plain || relative.is_empty() {
            return None;
        }
        if let WebSource::Folder(root) = &self.source {
            let meta = std::fs::metadata(root.join(relative)).ok()?;
            if !meta.is_file() || meta.len() > MAX_IN_MEMORY {
                return None;
            }
        }
        let identity = self.source.read(relative)?;
        let (gzip, br) = siblings(&self.source, relative, identity.len());
        let content_type = mime_guess::from_path(relative)
            .first_raw()
            .unwrap_or("application/octet-stream");
        let cache = if path.starts_with("/assets/") {
            "public, max-age=31536000, immutable"
        } else {
            "public, max-age=3600"
        };
        let encoded = Arc::new(Encoded::with_variants(
            identity,
            gzip,
            br,
            HeaderValue::from_static(content_type),
            HeaderValue::from_static(cache),
        ));
        self.files
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(path.to_string(), encoded.clone());
        Some(encoded)
    }
}

fn find_index_files(dir: &Path, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    for entry in std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            // Hashed bundles never hold pages.
            if path.file_name().is_some_and(|n| n != "assets") {
                find_index_files(&path, out)?;
            }
        } else if path.file_name().is_some_and(|n| n == "index.html") {
            out.push(path);
        }
    }
    Ok(())
}

pub fn is_admin(path: &str) -> bool {
    path == "/admin" || path.starts_with("/admin/")
}

/// base64 SHA-256 of each inline executable `<script>` (not `src=`, not JSON/JSON-LD data blocks).
fn inline_script_hashes(html: &str) -> Vec<String> {
    let lower = html.to_ascii_lowercase();
    let mut hashes = Vec::new();
    let mut from = 0;
    while let Some(offset) = lower[from..].find("<script") {
        let start = from + offset;
        let Some(open_end) = lower[start..].find('>').map(|i| start + i) else {
            break;
        };
        let attrs = &lower[start + "<script".len()..open_end];
        from = open_end + 1;
        if !attrs.is_empty() && !attrs.starts_with(|c: char| c.is_ascii_whitespace()) {
            continue;
        }
        let Some(close) = lower[from..].find("</script").map(|i| from + i) else {
            break;
        };
        let executable = matches!(
            attr_value(attrs, "type").as_deref(),
            None | Some("" | "module" | "text/javascript" | "application/javascript")
        );
        if executable && attr_value(attrs, "src").is_none() {
            hashes.push(
                base64::engine::general_purpose::STANDARD
                    .encode(Sha256::digest(&html.as_bytes()[from..close])),
            );
        }
        from = close;
    }
    hashes
}

/// The `href` of the first `<link rel="canonical">` in the document.
fn canonical_href(html: &str) -> Option<String> {
    let lower = html.to_ascii_lowercase();
    let mut from = 0;
    while let Some(offset) = lower[from..].find("<link") {
        let start = from + offset + "<link".len();
        let end = lower[start..].find('>').map(|i| start + i)?;
        from = end;
        if attr_value(&lower[start..end], "rel").as_deref() == Some("canonical") {
            return attr_value(&html[start..end], "href");
        }
    }
    None
}

pub fn attr_value(attrs: &str, name: &str) -> Option<String> {
    let mut rest = attrs;
    while let Some(i) = rest.find(name) {
        let before_ok = i == 0 || rest.as_bytes()[i - 1].is_ascii_whitespace();
        let after = rest[i + name.len()..].trim_start();
        if before_ok && let Some(value) = after.strip_prefix('=') {
            let value = value.trim_start();
            let quote = value.chars().next().filter(|c| *c == '"' || *c == '\'');
            let value = match quote {
                Some(q) => value[1..].split(q).next().unwrap_or_default(),
                None => value
                    .split(|c: char| c.is_ascii_whitespace())
                    .next()
                    .unwrap_or_default(),
            };
            return Some(value.trim().to_string());
        } else if before_ok
            && (after.is_empty()
                || after.starts_with(|c: char| c.is_ascii_whitespace() || c == '/'))
        {
            return Some(String::new());
        }
        rest = &rest[i + name.len()..];
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The test site's files as an embedded build would hold them.
    fn fixture_as_embedded() -> WebSource {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/site");
        fn walk(root: &Path, dir: &Path, out: &mut Vec<(&'static str, &'static [u8])>) {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    walk(root, &path, out);
                } else {
                    let relative = path
                        .strip_prefix(root)
                        .unwrap()
                        .to_string_lossy()
                        .into_owned();
                    let bytes = std::fs::read(&path).unwrap();
                    out.push((relative.leak(), bytes.leak()));
                }
            }
        }
        let mut files = Vec::new();
        walk(&root, &root, &mut files);
        WebSource::embedded(files.leak())
    }

    #[test]
    fn the_embedded_build_serves_the_same_pages_and_files_as_the_folder() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/site");
        let folder = SitePages::load(&WebSource::Folder(root.clone())).unwrap();
        let embedded = SitePages::load(&fixture_as_embedded()).unwrap();
        let mut routes: Vec<&String> = embedded.pages.keys().collect();
        routes.sort();
        let mut expected: Vec<&String> = folder.pages.keys().collect();
        expected.sort();
        assert_eq!(routes, expected);
        assert!(routes.iter().any(|r| *r == "/"), "{routes:?}");
        for (route, page) in &folder.pages {
            assert_eq!(embedded.pages[route].html, page.html, "{route}");
            assert_eq!(embedded.pages[route].csp, page.csp, "{route}");
        }
        assert_eq!(embedded.not_found.html, folder.not_found.html);
        assert_eq!(embedded.spa_fallback.html, folder.spa_fallback.html);
        assert!(embedded.serve_dir.is_none());
        let asset = std::fs::read_dir(root.join("assets"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .find(|name| !name.ends_with(".gz") && !name.ends_with(".br"))
            .expect("the fixture has an asset");
        let from_binary = embedded.files.get(&format!("/assets/{asset}")).unwrap();
        let from_disk = folder.files.get(&format!("/assets/{asset}")).unwrap();
        assert_eq!(from_binary.identity(), from_disk.identity());
        assert!(embedded.files.get("/assets/missing.js").is_none());
        assert!(embedded.files.get("/../Cargo.toml").is_none());
    }

    #[test]
    fn a_folder_without_a_build_falls_back_to_the_binary_or_says_to_build() {
        let empty = std::env::temp_dir().join("inlumine-no-web-build");
        match (WebSource::choose(&empty), EMBEDDED_WEB) {
            (Ok(WebSource::Embedded(_)), Some(_)) => {}
            (Err(e), None) => assert!(e.to_string().contains("make web"), "{e}"),
            _ => panic!("a missing build folder must use the embedded build, or say to build"),
        }
    }

    #[test]
    fn only_inline_executable_scripts_are_hashed() {
        let html = r#"<head><script>a()</script><script src="/x.js"></script>
            <script type="application/ld+json">{}</script><script type="module">b()</script></head>"#;
        let expected: Vec<String> = ["a()", "b()"]
            .iter()
            .map(|s| base64::engine::general_purpose::STANDARD.encode(Sha256::digest(s.as_bytes())))
            .collect();
        assert_eq!(inline_script_hashes(html), expected);
    }
}
