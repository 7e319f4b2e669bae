//! The public newsletter archive: `/nieuwsbrief/archief` lists the published newsletters and
//! `/nieuwsbrief/archief/{slug}` shows one. The pages are made on the server in the site's own
//! frame: the archive's prerendered page (`web/app/routes/nieuwsbrief-archief.tsx`) gives the
//! head (inline CSS), header, footer and the archive's own words, its `<main>` gets the list or
//! the newsletter, and its scripts go (nothing to hydrate), so the page is complete HTML.
//! The app layer hands over that frame as it is sent now ([`Frame`]: her saved details and
//! texts, and the words of its blocks); the menu becomes a `<details>` that opens without
//! scripts, and the empty archive has a signup form that posts to the page itself.
use std::collections::BTreeMap;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Extension, Path, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, RETRY_AFTER};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use sqlx::{AnyPool, Row};

use crate::audience::newsletter::{self, SubscribeRequest};
use crate::kit::brussels;
use crate::kit::error::AppError;
use crate::kit::html::{escape, unescape};
use crate::platform::client_ip::ClientIp;
use crate::platform::prerendered;
use crate::platform::state::AppState;

/// The page the archive is framed in, as the server sends it now (with the saved business details
/// and texts), given by the app layer: the archive's own built page, or the 404 page on a build
/// without it. Without a frame: the 404 page as built, and the words' defaults.
#[derive(Clone)]
pub struct Frame {
    pub html: std::sync::Arc<str>,
    /// The content of each block of the page by key (`data-block`), as sent: her words.
    pub words: std::sync::Arc<BTreeMap<String, String>>,
    /// The frame is the archive's own page: its title and description are the archive's.
    pub own_page: bool,
}

/// The blocks of the archive's words (the built page's defaults are the ones below).
const WORDS: [(&str, &str); 8] = [
    ("nieuwsbrief.archief.title", "Nieuwsbrief-archief"),
    (
        "nieuwsbrief.archief.intro",
        "Alle nieuwsbrieven die je hier kunt nalezen.",
    ),
    (
        "nieuwsbrief.archief.empty",
        "Er staan nog geen nieuwsbrieven in het archief. Schrijf je hieronder in, dan krijg je de eerste in je mailbox.",
    ),
    ("nieuwsbrief.archief.back", "Nieuwsbrief-archief"),
    ("shared.newsletter.first-name", "Voornaam"),
    ("shared.newsletter.email", "E-mailadres"),
    ("shared.newsletter.button", "Abonneer"),
    (
        "shared.newsletter.note",
        "Je ontvangt eerst een e-mail om je inschrijving te bevestigen. Uitschrijven kan altijd met \
         één klik. Lees hoe we met je gegevens omgaan in onze <a href=\"/privacy\">privacyverklaring</a>.",
    ),
];

/// Her words for the block `key` inside a `tag` element marked as that block (so the page tells
/// which block it is, as every page does): from the frame, else the default.
fn block(frame: Option<&Frame>, tag: &str, attrs: &str, key: &str) -> String {
    let default = WORDS
        .iter()
        .find(|(k, _)| *k == key)
        .map_or("", |(_, words)| words);
    let words = frame
        .and_then(|f| f.words.get(key))
        .map_or(default, String::as_str);
    format!("<{tag}{attrs} data-block=\"{key}\">{words}</{tag}>")
}

/// The public archive of sent campaigns: pages outside `/api`, not in the API document.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/nieuwsbrief/archief", get(index).post(sign_up))
        .route("/nieuwsbrief/archief/{slug}", get(show))
}

pub const INDEX_PATH: &str = "/nieuwsbrief/archief";

/// The archive's URLs for the sitemap, index first.
pub async fn sitemap_paths(pool: &AnyPool) -> Result<Vec<String>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT slug FROM campaigns WHERE slug IS NOT NULL ORDER BY published_at DESC, id DESC",
    )
    .fetch_all(pool)
    .await?;
    let mut paths = vec![INDEX_PATH.to_string()];
    for row in rows {
        paths.push(format!(
            "{INDEX_PATH}/{}",
            row.try_get::<String, _>("slug")?
        ));
    }
    Ok(paths)
}

/// No scripts at all; styles inline (the site's CSS is in the page) and images from anywhere
/// on https, like the newsletter's own.
const CSP: &str = "default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; \
    img-src 'self' data: https:; font-src 'self'; object-src 'none'; base-uri 'self'; \
    form-action 'self'; frame-ancestors 'none'";

/// Readable newsletter text inside the site's frame (the site's utility classes only cover what
/// its own pages use).
const STYLE: &str = "<style>\
    .nb-article{max-width:42rem;margin:0 auto;padding:3rem 1.25rem 4rem}\
    .nb-article h1{font-size:2.25rem;margin:0 0 .5rem}\
    .nb-article h2{font-size:1.6rem;margin:2rem 0 .75rem}\
    .nb-article h3{font-size:1.3rem;margin:1.5rem 0 .5rem}\
    .nb-article p,.nb-article ul,.nb-article ol,.nb-article blockquote{margin:0 0 1rem}\
    .nb-article ul{list-style:disc;padding-left:1.5rem}\
    .nb-article ol{list-style:decimal;padding-left:1.5rem}\
    .nb-article a{color:#1d5c58;text-decoration:underline}\
    .nb-article img{max-width:100%;height:auto;border-radius:.75rem}\
    .nb-article blockquote{border-left:3px solid #c9a04b;padding-left:1rem;font-style:italic}\
    .nb-meta{color:#574c43;margin-bottom:2rem}\
    .nb-list{list-style:none;padding:0}\
    .nb-list li{border-top:1px solid #e6d9c2;padding:1.25rem 0}\
    .nb-list a{font-family:var(--font-serif,Georgia,serif);font-size:1.35rem}\
    .nb-form{display:grid;gap:1rem;margin:1.5rem 0;padding:1.25rem;border:1px solid #e6d9c2;border-radius:1rem;background:#fffdf8}\
    .nb-form label{display:block;font-weight:600}\
    .nb-form input{display:block;width:100%;margin-top:.25rem;padding:.75rem 1rem;border:1px solid #8a7d70;border-radius:.75rem;font:inherit;background:#fff;color:inherit}\
    .nb-form input[aria-invalid=true]{border-color:#991b1b}\
    .nb-form .nb-error{color:#991b1b;font-weight:500;margin:.25rem 0 0}\
    .nb-form button{justify-self:start;padding:.75rem 1.5rem;border:0;border-radius:999px;background:#1d5c58;color:#fff;font:inherit;font-weight:600;cursor:pointer}\
    .nb-notice{padding:1rem 1.25rem;border-radius:1rem;background:#e6f0ef;margin:1.5rem 0}\
    .nb-menu>summary{list-style:none;cursor:pointer}\
    .nb-menu>summary::-webkit-details-marker{display:none}\
    .nb-menu[open]>nav{position:absolute;left:0;right:0;top:100%}\
    .nb-menu .nb-close{display:none}.nb-menu[open] .nb-close{display:inline}.nb-menu[open] .nb-open{display:none}\
    .nb-sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}\
    @media (min-width:1024px){.nb-menu{display:none}}\
    </style>";

struct Published {
    slug: String,
    subject: String,
    preheader: String,
    body_html: String,
    started_at: Option<String>,
}

fn date(stored: Option<&str>) -> String {
    stored
        .and_then(|s| brussels::format(s, "%d/%m/%Y").ok())
        .unwrap_or_default()
}

/// What the archive's signup form shows: empty, her answer with what to fix, or done.
#[derive(Default)]
enum Signup {
    #[default]
    Form,
    Invalid {
        first_name: String,
        email: String,
        errors: BTreeMap<&'static str, String>,
        message: Option<String>,
    },
    Done(String),
}

async fn index(State(state): State<AppState>, frame: Option<Extension<Frame>>) -> Response {
    index_page(
        &state,
        frame.map(|Extension(f)| f),
        Signup::Form,
        StatusCode::OK,
    )
    .await
}

/// The empty archive's signup form, posted without scripts; the same checks, limits and mails as
/// `POST /api/newsletter`.
async fn sign_up(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    frame: Option<Extension<Frame>>,
    body: Bytes,
) -> Response {
    // `application/x-www-form-urlencoded`, as a browser posts the form.
    let mut request = SubscribeRequest {
        first_name: String::new(),
        email: String::new(),
    };
    for (key, value) in url::form_urlencoded::parse(&body) {
        match key.as_ref() {
            "firstName" => request.first_name = value.into_owned(),
            "email" => request.email = value.into_owned(),
            _ => {}
        }
    }
    let (first_name, email) = (request.first_name.clone(), request.email.clone());
    // Past the limit the page says so in words, and the header when to come back (as the API does).
    let mut retry_after = None;
    let (signup, status) = match newsletter::subscribe_from(&state, &ip, request).await {
        Ok(answer) => (Signup::Done(answer.to_string()), StatusCode::OK),
        Err(AppError::Validation { fields, .. }) => (
            Signup::Invalid {
                first_name,
                email,
                errors: fields,
                message: None,
            },
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        Err(AppError::RateLimited { retry_after_secs }) => {
            retry_after = Some(retry_after_secs.max(1));
            (
            Signup::Invalid {
                first_name,
                email,
                errors: BTreeMap::new(),
                message: Some(
                    "Er kwamen net veel inschrijvingen van jouw verbinding. Probeer het over enkele minuten opnieuw."
                        .into(),
                ),
            },
            StatusCode::TOO_MANY_REQUESTS,
        )
        }
        Err(e) => {
            tracing::error!(error = %e, "archive signup failed");
            (
                Signup::Invalid {
                    first_name,
                    email,
                    errors: BTreeMap::new(),
                    message: Some("Er is iets misgegaan. Probeer het later opnieuw.".into()),
                },
                StatusCode::INTERNAL_SERVER_ERROR,
            )
        }
    };
    let mut page = index_page(&state, frame.map(|Extension(f)| f), signup, status).await;
    if let Some(secs) = retry_after {
        page.headers_mut()
            .insert(RETRY_AFTER, HeaderValue::from(secs));
    }
    page
}

/// The signup form as plain HTML (it posts to the archive page itself), in the newsletter form's
/// words (her blocks); what the server answers is its own (`data-from="server"`).
fn signup_form(frame: Option<&Frame>, signup: &Signup) -> String {
    let none = BTreeMap::new();
    let (first_name, email, errors, message) = match signup {
        Signup::Done(answer) => {
            return format!(
                "<p class=\"nb-notice\" role=\"status\" data-from=\"server\">{}</p>",
                escape(answer)
            );
        }
        Signup::Form => ("", "", &none, None),
        Signup::Invalid {
            first_name,
            email,
            errors,
            message,
        } => (
            first_name.as_str(),
            email.as_str(),
            errors,
            message.as_deref(),
        ),
    };
    let field = |name: &str, id: &str, label: &str, kind: &str, autocomplete: &str, value: &str| {
        let error = errors.get(name);
        let described = error.map_or(String::new(), |_| {
            format!(" aria-describedby=\"{id}-fout\"")
        });
        let message = error.map_or(String::new(), |m| {
            format!(
                "<p class=\"nb-error\" id=\"{id}-fout\" data-from=\"server\">{}</p>",
                escape(m)
            )
        });
        format!(
            "<div><label for=\"{id}\">{}</label><input id=\"{id}\" name=\"{name}\" type=\"{kind}\" \
             autocomplete=\"{autocomplete}\" required value=\"{}\" aria-invalid=\"{}\"{described}>{message}</div>",
            block(frame, "span", "", label),
            escape(value),
            error.is_some(),
        )
    };
    let alert = message.map_or(String::new(), |m| {
        format!(
            "<p class=\"nb-error\" role=\"alert\" data-from=\"server\">{}</p>",
            escape(m)
        )
    });
    format!(
        "<form class=\"nb-form\" method=\"post\" action=\"{INDEX_PATH}\" aria-label=\"Inschrijven op de nieuwsbrief\">{alert}{}{}\
         <button type=\"submit\">{}</button>{}</form>",
        field(
            "firstName",
            "nb-voornaam",
            "shared.newsletter.first-name",
            "text",
            "given-name",
            first_name
        ),
        field(
            "email",
            "nb-email",
            "shared.newsletter.email",
            "email",
            "email",
            email
        ),
        block(frame, "span", "", "shared.newsletter.button"),
        block(
            frame,
            "p",
            " class=\"nb-meta\" style=\"margin:0\"",
            "shared.newsletter.note"
        ),
    )
}

async fn index_page(
    state: &AppState,
    frame: Option<Frame>,
    signup: Signup,
    status: StatusCode,
) -> Response {
    let words = frame.as_ref();
    let rows = match sqlx::query(
        "SELECT slug, subject, preheader, started_at FROM campaigns WHERE slug IS NOT NULL \
         ORDER BY started_at DESC, id DESC",
    )
    .fetch_all(&state.pool)
    .await
    {
        Ok(rows) => rows,
        Err(e) => return failed(&e),
    };
    let mut items = String::new();
    for row in &rows {
        let (Ok(slug), Ok(subject), Ok(preheader), Ok(started_at)) = (
            row.try_get::<String, _>("slug"),
            row.try_get::<String, _>("subject"),
            row.try_get::<String, _>("preheader"),
            row.try_get::<Option<String>, _>("started_at"),
        ) else {
            continue;
        };
        let when = date(started_at.as_deref());
        items.push_str(&format!(
            "<li data-from=\"nieuwsbrieven\"><a href=\"{INDEX_PATH}/{slug}\">{}</a><p class=\"nb-meta\">{}{}</p></li>",
            escape(&subject),
            escape(&when),
            if preheader.is_empty() {
                String::new()
            } else {
                format!(" — {}", escape(&preheader))
            },
        ));
    }
    let list = if items.is_empty() {
        format!(
            "{}{}",
            block(words, "p", "", "nieuwsbrief.archief.empty"),
            signup_form(words, &signup)
        )
    } else if matches!(signup, Signup::Form) {
        format!("<ul class=\"nb-list\">{items}</ul>")
    } else {
        // A form posted while the archive filled up: her answer first.
        format!(
            "{}<ul class=\"nb-list\">{items}</ul>",
            signup_form(words, &signup)
        )
    };
    let main = format!(
        "<article class=\"nb-article\">{}{}{list}</article>",
        block(words, "h1", "", "nieuwsbrief.archief.title"),
        block(
            words,
            "p",
            " class=\"nb-meta\"",
            "nieuwsbrief.archief.intro"
        ),
    );
    // The archive's own page names itself (her SEO texts in Pagina's); a 404 frame does not.
    let brand = &state.site().brand;
    let (title, description) = match frame.as_ref().filter(|f| f.own_page) {
        Some(f) => (head_title(&f.html), head_description(&f.html)),
        None => (None, None),
    };
    page(
        state,
        frame.as_ref(),
        status,
        &title.unwrap_or_else(|| format!("Nieuwsbrief-archief | {brand}")),
        &description.unwrap_or_else(|| {
            format!(
                "Lees de nieuwsbrieven van {brand} na: verhalen, inzichten en nieuws over vertelavonden en cursussen."
            )
        }),
        INDEX_PATH,
        &main,
    )
}

/// The text of a page's `<title>`.
fn head_title(html: &str) -> Option<String> {
    let start = html.find("<title>")? + "<title>".len();
    let end = start + html[start..].find("</title>")?;
    Some(unescape(&html[start..end]))
}

/// The `content` of a page's `<meta name="description">`.
fn head_description(html: &str) -> Option<String> {
    let head = &html[..html.find("</head>")?];
    let at = head.find("<meta name=\"description\"")?;
    let end = at + head[at..].find('>')?;
    prerendered::attr_value(&head[at..end], "content").map(|c| unescape(&c))
}

async fn show(
    State(state): State<AppState>,
    frame: Option<Extension<Frame>>,
    Path(slug): Path<String>,
) -> Response {
    let row = match sqlx::query(
        "SELECT slug, subject, preheader, body_html, started_at FROM campaigns WHERE slug = $1",
    )
    .bind(&slug)
    .fetch_optional(&state.pool)
    .await
    {
        Ok(row) => row,
        Err(e) => return failed(&e),
    };
    let published = row.and_then(|row| {
        Some(Published {
            slug: row.try_get("slug").ok()?,
            subject: row.try_get("subject").ok()?,
            preheader: row.try_get("preheader").ok()?,
            body_html: row.try_get("body_html").ok()?,
            started_at: row.try_get("started_at").ok()?,
        })
    });
    let Some(p) = published else {
        let page = &state.pages.not_found;
        let mut res = page
            .encoded()
            .respond(StatusCode::NOT_FOUND, &Default::default());
        res.headers_mut()
            .insert(CONTENT_SECURITY_POLICY, page.csp.clone());
        return res;
    };
    let brand = &state.site().brand;
    let frame = frame.map(|Extension(f)| f);
    let main = format!(
        "<article class=\"nb-article\"><p class=\"nb-meta\">{} · <span data-from=\"nieuwsbrieven\">{}</span></p>\
         <h1 data-from=\"nieuwsbrieven\">{}</h1><div data-from=\"nieuwsbrieven\">{}</div></article>",
        format_args!(
            "<a href=\"{INDEX_PATH}\">{}</a>",
            block(frame.as_ref(), "span", "", "nieuwsbrief.archief.back")
        ),
        escape(&date(p.started_at.as_deref())),
        escape(&p.subject),
        shift_headings(&p.body_html)
    );
    let description = if p.preheader.is_empty() {
        format!("Een nieuwsbrief van {brand}.")
    } else {
        p.preheader.clone()
    };
    page(
        &state,
        frame.as_ref(),
        StatusCode::OK,
        &format!("{} | {brand}", p.subject),
        &description,
        &format!("{INDEX_PATH}/{}", p.slug),
        &main,
    )
}

/// The body's headings moved so its highest one is an h2: the page's one h1 is the subject, a
/// `#` heading written for the mail would be a second one, and a body that starts at `###`
/// would skip a level. The stored HTML is `kit::markdown::newsletter`'s, which allows no attributes
/// on headings and only h1–h4, so the tags are exactly `<hN>` and `</hN>`.
fn shift_headings(html: &str) -> String {
    let Some(top) = (1..=4).find(|level| html.contains(&format!("<h{level}>"))) else {
        return html.to_string();
    };
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find("<h").into_iter().chain(rest.find("</h")).min() {
        let tag = &rest[at..];
        let digit_at = if tag.starts_with("</") { 3 } else { 2 };
        let level = tag[digit_at..]
            .chars()
            .next()
            .and_then(|c| c.to_digit(10))
            .filter(|_| tag[digit_at + 1..].starts_with('>'));
        out.push_str(&rest[..at + digit_at]);
        match level {
            Some(level) => {
                out.push_str(&(level + 2 - top).to_string());
                rest = &rest[at + digit_at + 1..];
            }
            None => rest = &rest[at + digit_at..],
        }
    }
    out.push_str(rest);
    out
}

fn failed(e: &sqlx::Error) -> Response {
    tracing::error!(error = %e, "newsletter archive query failed");
    StatusCode::INTERNAL_SERVER_ERROR.into_response()
}

fn page(
    state: &AppState,
    template: Option<&Frame>,
    status: StatusCode,
    title: &str,
    description: &str,
    path: &str,
    main: &str,
) -> Response {
    let template = match template {
        Some(frame) => &frame.html,
        None => state.pages.not_found.html.as_str(),
    };
    let html = frame(
        template,
        &head(
            title,
            description,
            &state.site().url(path),
            &state.site().brand,
        ),
        main,
    );
    (
        status,
        [
            (
                CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            ),
            (CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            (CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP)),
        ],
        html,
    )
        .into_response()
}

fn head(title: &str, description: &str, url: &str, brand: &str) -> String {
    let (title, description, url) = (escape(title), escape(description), escape(url));
    format!(
        "<title>{title}</title><meta name=\"description\" content=\"{description}\">\
         <link rel=\"canonical\" href=\"{url}\">\
         <meta property=\"og:type\" content=\"article\"><meta property=\"og:title\" content=\"{title}\">\
         <meta property=\"og:description\" content=\"{description}\"><meta property=\"og:url\" content=\"{url}\">\
         <meta property=\"og:site_name\" content=\"{}\"><meta name=\"twitter:card\" content=\"summary\">{STYLE}",
        escape(brand)
    )
}

/// `template` (a prerendered page) with its scripts, title, description, canonical, robots and
/// social tags taken out, `head` added to its head and `main` as the content of its `<main>`.
fn frame(template: &str, head: &str, main: &str) -> String {
    let mut html = remove_elements(template, "<script", "</script>");
    html = remove_elements(&html, "<title", "</title>");
    for tag in [
        "<meta name=\"description\"",
        "<meta name=\"robots\"",
        "<meta property=\"og:",
        "<meta name=\"twitter:",
        "<link rel=\"canonical\"",
        "<link rel=\"modulepreload\"",
    ] {
        html = remove_elements(&html, tag, ">");
    }
    html = menu_without_scripts(&html);
    if let Some(i) = html.find("</head>") {
        html.insert_str(i, head);
    }
    match (html.find("<main"), html.find("</main>")) {
        (Some(start), Some(end)) if start < end => {
            let open_end = html[start..].find('>').map_or(end, |i| start + i + 1);
            html.replace_range(open_end..end, main);
        }
        _ => {
            // A template without <main>: the content goes at the start of the body.
            let at = html
                .find("<body")
                .and_then(|i| html[i..].find('>').map(|j| i + j + 1))
                .unwrap_or(html.len());
            html.insert_str(at, &format!("<main id=\"main\">{main}</main>"));
        }
    }
    html
}

/// The header's phone menu (a button that needs the app's scripts, and the panel it opens) as a
/// `<details>` that opens and closes without them. The panel keeps its links and classes.
fn menu_without_scripts(html: &str) -> String {
    let Some(button_attr) = html.find("aria-controls=\"mobiel-menu\"") else {
        return html.to_string();
    };
    let Some(button_start) = html[..button_attr].rfind("<button") else {
        return html.to_string();
    };
    let Some(button_end) = html[button_start..]
        .find("</button>")
        .map(|i| button_start + i + "</button>".len())
    else {
        return html.to_string();
    };
    let Some(nav_start) = html.find("<nav id=\"mobiel-menu\"") else {
        return html.to_string();
    };
    let Some(nav_end) = html[nav_start..]
        .find("</nav>")
        .map(|i| nav_start + i + "</nav>".len())
    else {
        return html.to_string();
    };
    if nav_start < button_end {
        return html.to_string();
    }
    let button = &html[button_start..button_end];
    // Class names hold no characters that need escaping; they are copied as written.
    let class = prerendered::attr_value(button, "class").unwrap_or_default();
    let icon = button
        .find("<svg")
        .and_then(|s| button[s..].find("</svg>").map(|e| &button[s..s + e + 6]))
        .unwrap_or("");
    let nav = html[nav_start..nav_end].replacen(" hidden=\"\"", "", 1);
    let details = format!(
        "<details class=\"nb-menu\"><summary class=\"{class}\">{icon}\
         <span class=\"nb-sr sr-only nb-open\">Menu openen</span><span class=\"nb-sr sr-only nb-close\">Menu sluiten</span></summary>{nav}</details>"
    );
    let mut out = String::with_capacity(html.len() + 200);
    out.push_str(&html[..button_start]);
    out.push_str(&details);
    out.push_str(&html[button_end..nav_start]);
    out.push_str(&html[nav_end..]);
    out
}

/// `html` without every piece from `open` up to and including the next `close`.
fn remove_elements(html: &str, open: &str, close: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find(open) {
        out.push_str(&rest[..start]);
        let after = &rest[start + open.len()..];
        match after.find(close) {
            Some(end) => rest = &after[end + close.len()..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bodys_highest_heading_becomes_an_h2_and_the_rest_follow() {
        assert_eq!(
            shift_headings("<h1>Nieuws</h1><p>a</p><h2>Meer</h2><h4>Klein</h4>"),
            "<h2>Nieuws</h2><p>a</p><h3>Meer</h3><h5>Klein</h5>"
        );
        assert_eq!(
            shift_headings("<h2>Nieuws</h2><h3>Meer</h3><hr><p>h1</p>"),
            "<h2>Nieuws</h2><h3>Meer</h3><hr><p>h1</p>"
        );
        assert_eq!(
            shift_headings("<h3>Nieuws</h3><h4>Meer</h4>"),
            "<h2>Nieuws</h2><h3>Meer</h3>"
        );
        assert_eq!(shift_headings("<p>geen koppen</p>"), "<p>geen koppen</p>");
    }

    #[test]
    fn a_word_comes_from_the_frames_block_else_its_default_marked_as_that_block() {
        let frame = Frame {
            html: "".into(),
            words: std::sync::Arc::new(BTreeMap::from([(
                "shared.newsletter.button".to_string(),
                "Schrijf <em>me</em> in".to_string(),
            )])),
            own_page: true,
        };
        assert_eq!(
            block(Some(&frame), "span", "", "shared.newsletter.button"),
            "<span data-block=\"shared.newsletter.button\">Schrijf <em>me</em> in</span>"
        );
        // A frame without the block (the 404 page of an older build), or none: the default.
        assert_eq!(
            block(
                Some(&frame),
                "h1",
                " class=\"t\"",
                "nieuwsbrief.archief.title"
            ),
            "<h1 class=\"t\" data-block=\"nieuwsbrief.archief.title\">Nieuwsbrief-archief</h1>"
        );
        assert_eq!(
            block(None, "span", "", "shared.newsletter.button"),
            "<span data-block=\"shared.newsletter.button\">Abonneer</span>"
        );
    }

    #[test]
    fn the_phone_menu_becomes_a_details_element_that_needs_no_script() {
        let html = "<header><div><a href=\"/\">Logo</a><button type=\"button\" class=\"p-2 lg:hidden\" \
            aria-expanded=\"false\" aria-controls=\"mobiel-menu\" aria-label=\"Menu openen\"><svg a=\"1\"><path/></svg></button>\
            </div><nav id=\"mobiel-menu\" aria-label=\"Mobiel menu\" hidden=\"\" class=\"lg:hidden\"><ul><li><a href=\"/x\">X</a></li></ul></nav></header>";
        let out = menu_without_scripts(html);
        assert_eq!(
            out,
            "<header><div><a href=\"/\">Logo</a><details class=\"nb-menu\"><summary class=\"p-2 lg:hidden\">\
             <svg a=\"1\"><path/></svg><span class=\"nb-sr sr-only nb-open\">Menu openen</span><span class=\"nb-sr sr-only nb-close\">Menu sluiten</span>\
             </summary><nav id=\"mobiel-menu\" aria-label=\"Mobiel menu\" class=\"lg:hidden\"><ul><li><a href=\"/x\">X</a></li></ul></nav>\
             </details></div></header>"
        );
        assert_eq!(menu_without_scripts("<p>geen menu</p>"), "<p>geen menu</p>");
    }

    #[test]
    fn the_frame_keeps_the_site_and_swaps_head_and_main() {
        let template = "<!doctype html><html><head><meta charset=\"utf-8\"><style>x{}</style>\
            <title>Niet gevonden</title><meta name=\"robots\" content=\"noindex\"><script>a()</script>\
            <link rel=\"canonical\" href=\"https://x/404\"/></head><body><header>H</header>\
            <main id=\"main\" class=\"m\"><p>Oops</p></main><footer>F</footer>\
            <script type=\"module\" src=\"/a.js\"></script></body></html>";
        let html = frame(template, "<title>Nieuws</title>", "<article>N</article>");
        assert_eq!(
            html,
            "<!doctype html><html><head><meta charset=\"utf-8\"><style>x{}</style><title>Nieuws</title></head>\
             <body><header>H</header><main id=\"main\" class=\"m\"><article>N</article></main><footer>F</footer>\
             </body></html>"
        );
    }
}
