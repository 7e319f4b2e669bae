//! The prerendered web app in `web_dir`: every page in memory with the CSP that allows exactly
//! its inline scripts, and the other files (hashed assets, images) read into memory on first use,
//! both with their compressed variants (the build's `.br` / `.gz` siblings).
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

/// An HTML document held in memory with the CSP that allows exactly its inline scripts.
pub struct Page {
    pub html: String,
    pub csp: HeaderValue,
    /// The page's own `<link rel="canonical">`: aliases point at another URL.
    canonical: Option<String>,
    /// The file it was read from, whose siblings are its compressed variants.
    file: Option<PathBuf>,
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
                Some(file) => {
                    let (gzip, br) = siblings(file, self.html.len());
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

    fn read(file: &Path) -> anyhow::Result<Self> {
        let html = std::fs::read_to_string(file)
            .with_context(|| format!("cannot read {}", file.display()))?;
        let mut page = Self::new(html)?;
        page.file = Some(file.to_path_buf());
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
    /// What `files` does not keep (large files, ranges), from disk with precompressed siblings.
    pub serve_dir: ServeDir,
    /// By route: `/`, `/wees-eerlijk`, ...
    pub pages: HashMap<String, Page>,
    pub not_found: Page,
    /// The shell the admin pages start from.
    pub spa_fallback: Page,
}

impl SitePages {
    /// Loads every `index.html` under `web_dir`, keyed by its route (`/`, `/wees-eerlijk`, ...).
    pub fn load(web_dir: &Path) -> anyhow::Result<Self> {
        if !web_dir.join("index.html").is_file() {
            bail!(
                "web directory {} has no index.html: build the web app first: make web (or set web_dir / WEB_DIR)",
                web_dir.display()
            );
        }
        let mut files = Vec::new();
        find_index_files(web_dir, &mut files)?;
        let mut pages = HashMap::new();
        for file in files {
            let relative = file
                .parent()
                .and_then(|p| p.strip_prefix(web_dir).ok())
                .unwrap_or(Path::new(""));
            let route = format!(
                "/{}",
                relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy())
                    .collect::<Vec<_>>()
                    .join("/")
            );
            pages.insert(route, Page::read(&file)?);
        }
        let not_found = match pages.remove("/404") {
            Some(page) => page,
            None => Page::new(
                "<!doctype html><html lang=\"nl-BE\"><head><title>Oops! Page not found</title></head>\
                 <body><h1>Oops! Page not found</h1><a href=\"/\">Terug naar home</a></body></html>"
                    .into(),
            )?,
        };
        let spa_fallback = match web_dir.join("__spa-fallback.html") {
            shell if shell.is_file() => Page::read(&shell)?,
            _ => Page::read(&web_dir.join("index.html"))?,
        };
        pages.retain(|route, _| !is_admin(route));
        let serve_dir = ServeDir::new(web_dir)
            .precompressed_br()
            .precompressed_gzip()
            .append_index_html_on_directories(false);
        Ok(Self {
            files: StaticFiles::new(web_dir),
            serve_dir,
            pages,
            not_found,
            spa_fallback,
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
fn siblings(file: &Path, len: usize) -> (Option<Bytes>, Option<Bytes>) {
    let read = |ext: &str| {
        let mut name = file.as_os_str().to_owned();
        name.push(ext);
        std::fs::read(name)
            .ok()
            .filter(|b| b.len() < len)
            .map(Bytes::from)
    };
    (read(".gz"), read(".br"))
}

/// The build's other files by URL path, read with their variants on first request.
pub struct StaticFiles {
    root: PathBuf,
    files: RwLock<HashMap<String, Arc<Encoded>>>,
}

impl StaticFiles {
    fn new(root: &Path) -> Self {
        Self {
            root: root.to_path_buf(),
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
        let file = self.root.join(relative);
        let meta = std::fs::metadata(&file).ok()?;
        if !meta.is_file() || meta.len() > MAX_IN_MEMORY {
            return None;
        }
        let identity = std::fs::read(&file).ok()?;
        let (gzip, br) = siblings(&file, identity.len());
        let content_type = mime_guess::from_path(&file)
            .first_raw()
            .unwrap_or("application/octet-stream");
        let cache = if path.starts_with("/assets/") {
            "public, max-age=31536000, immutable"
        } else {
            "public, max-age=3600"
        };
        let encoded = Arc::new(Encoded::with_variants(
            Bytes::from(identity),
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
