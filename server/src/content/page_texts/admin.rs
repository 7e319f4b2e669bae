//! Beheer > Pagina's: per public page its named blocks with their saved and default texts; the
//! coach saves Markdown (rendered and sanitized here), previews it, browses a block's versions,
//! restores one, or goes back to the default.
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::render::{self, BlockKind};
use super::{DefaultBlock, catalogue, find};
use crate::kit::db::{self, Tx};
use crate::kit::error::{ApiJson, ApiPath, AppError, ErrorBody};
use crate::kit::html;
use crate::kit::validation::Fields;
use crate::platform::state::AppState;

/// Versions kept per block: enough to go back weeks of edits, bounded against runaway saves.
const HISTORY_KEPT: i64 = 50;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_page_texts))
        .routes(routes!(save_page_block, reset_page_block))
        .routes(routes!(preview_page_block))
        .routes(routes!(page_block_history))
        .routes(routes!(restore_page_block_version))
}

/// One block: what the page shows now and what it was built with.
#[derive(Serialize, ToSchema)]
pub struct PageBlock {
    /// E.g. `home.hero.title`, `seo.home.title`.
    pub key: String,
    pub kind: BlockKind,
    pub markdown: String,
    /// The fragment the page shows (for `plain`: the text).
    pub html: String,
    pub default_markdown: String,
    pub default_html: String,
    pub customised: bool,
    /// UTC, RFC 3339; None for the default.
    pub updated_at: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct PageTexts {
    /// E.g. `/over-mij`.
    pub route: String,
    /// The page's default title.
    pub title: String,
    pub blocks: Vec<PageBlock>,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PageBlockInput {
    #[serde(default)]
    pub markdown: String,
}

#[derive(Serialize, ToSchema)]
pub struct PageBlockPreview {
    pub html: String,
}

/// A saved version of a block.
#[derive(Serialize, ToSchema)]
pub struct PageBlockVersion {
    pub id: i64,
    pub markdown: String,
    pub html: String,
    pub saved_at: String,
}

fn default_markdown(block: &DefaultBlock) -> String {
    match block.kind {
        BlockKind::Plain => block.html.clone(),
        _ => render::markdown_of(&block.html),
    }
}

fn view(block: DefaultBlock, saved: Option<(String, String, String)>) -> PageBlock {
    let default_markdown = default_markdown(&block);
    let (markdown, html, updated_at) = match saved {
        Some((markdown, html, at)) => (markdown, html, Some(at)),
        None => (default_markdown.clone(), block.html.clone(), None),
    };
    PageBlock {
        key: block.key,
        kind: block.kind,
        markdown,
        html,
        default_markdown,
        default_html: block.html,
        customised: updated_at.is_some(),
        updated_at,
    }
}

/// (key → markdown, html, updated_at) of the saved blocks.
async fn saved_rows(
    tx: &mut Tx,
) -> Result<std::collections::HashMap<String, (String, String, String)>, AppError> {
    let rows = sqlx::query("SELECT key, markdown, html, updated_at FROM page_blocks")
        .fetch_all(&mut **tx)
        .await?;
    rows.iter()
        .map(|row| {
            Ok((
                row.try_get("key")?,
                (
                    row.try_get("markdown")?,
                    row.try_get("html")?,
                    row.try_get("updated_at")?,
                ),
            ))
        })
        .collect()
}

async fn fetch(tx: &mut Tx, block: DefaultBlock) -> Result<PageBlock, AppError> {
    let saved = saved_rows(tx).await?.remove(&block.key);
    Ok(view(block, saved))
}

fn block_of(state: &AppState, key: &str) -> Result<DefaultBlock, AppError> {
    find(&state.pages, key).ok_or_else(|| AppError::NotFound("Dit tekstblok bestaat niet.".into()))
}

/// The input as (markdown, fragment) for `block`, or a Dutch message.
fn validate(block: &DefaultBlock, input: &PageBlockInput) -> Result<(String, String), AppError> {
    let mut f = Fields::default();
    let empty = Some("Schrijf een tekst, of zet de standaardtekst terug.");
    let markdown = match block.kind {
        BlockKind::Plain => f.text("markdown", &input.markdown, "De tekst", empty, 300),
        BlockKind::Inline | BlockKind::Label => {
            f.multiline_text("markdown", &input.markdown, "De tekst", empty, 1_000)
        }
        BlockKind::Rich => f.multiline_text("markdown", &input.markdown, "De tekst", empty, 10_000),
    };
    f.finish()?;
    let html = render::render(block.kind, &markdown);
    if html.trim().is_empty() {
        let mut f = Fields::default();
        f.error("markdown", "Na het opschonen blijft er geen tekst over.");
        f.finish()?;
    }
    Ok((markdown, html))
}

/// Saves `markdown` as the block's text and as a new version.
async fn store(tx: &mut Tx, key: &str, markdown: &str, html: &str) -> Result<(), AppError> {
    let now = db::now();
    sqlx::query(
        "INSERT INTO page_blocks (key, markdown, html, updated_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (key) DO UPDATE SET markdown = excluded.markdown, html = excluded.html, \
         updated_at = excluded.updated_at",
    )
    .bind(key)
    .bind(markdown)
    .bind(html)
    .bind(&now)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO page_block_history (key, markdown, html, saved_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(key)
    .bind(markdown)
    .bind(html)
    .bind(&now)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "DELETE FROM page_block_history WHERE key = $1 AND id NOT IN \
         (SELECT id FROM page_block_history WHERE key = $1 ORDER BY id DESC LIMIT $2)",
    )
    .bind(key)
    .bind(HISTORY_KEPT)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

#[utoipa::path(
    get,
    path = "/admin/page-texts",
    operation_id = "admin_list_page_texts",
    tag = "admin",
    responses((status = 200, description = "Every public page with its blocks", body = Vec<PageTexts>))
)]
pub async fn list_page_texts(
    State(state): State<AppState>,
) -> Result<Json<Vec<PageTexts>>, AppError> {
    let mut tx = state.pool.begin().await?;
    let saved = saved_rows(&mut tx).await?;
    let pages = catalogue(&state.pages)
        .into_iter()
        .map(|page| PageTexts {
            route: page.route,
            title: page.title,
            blocks: page
                .blocks
                .into_iter()
                .map(|block| {
                    let row = saved.get(&block.key).cloned();
                    view(block, row)
                })
                .collect(),
        })
        .collect();
    Ok(Json(pages))
}

#[utoipa::path(
    put,
    path = "/admin/page-texts/{key}",
    operation_id = "admin_save_page_block",
    tag = "admin",
    params(("key" = String, Path, description = "Block key, e.g. home.hero.title")),
    request_body = PageBlockInput,
    responses(
        (status = 200, description = "Saved: the pages show it at once", body = PageBlock),
        (status = 404, description = "No such block", body = ErrorBody),
        (status = 422, description = "Empty or too long", body = ErrorBody),
    )
)]
pub async fn save_page_block(
    State(state): State<AppState>,
    ApiPath(key): ApiPath<String>,
    ApiJson(input): ApiJson<PageBlockInput>,
) -> Result<Json<PageBlock>, AppError> {
    let block = block_of(&state, &key)?;
    let (markdown, html) = validate(&block, &input)?;
    let mut tx = db::begin_write(&state.pool).await?;
    store(&mut tx, &key, &markdown, &html).await?;
    let saved = fetch(&mut tx, block).await?;
    tx.commit().await?;
    Ok(Json(saved))
}

#[utoipa::path(
    delete,
    path = "/admin/page-texts/{key}",
    operation_id = "admin_reset_page_block",
    tag = "admin",
    params(("key" = String, Path, description = "Block key")),
    responses(
        (status = 200, description = "Back to the default; the versions stay", body = PageBlock),
        (status = 404, description = "No such block", body = ErrorBody),
    )
)]
pub async fn reset_page_block(
    State(state): State<AppState>,
    ApiPath(key): ApiPath<String>,
) -> Result<Json<PageBlock>, AppError> {
    let block = block_of(&state, &key)?;
    let mut tx = db::begin_write(&state.pool).await?;
    sqlx::query("DELETE FROM page_blocks WHERE key = $1")
        .bind(&key)
        .execute(&mut *tx)
        .await?;
    let reset = fetch(&mut tx, block).await?;
    tx.commit().await?;
    Ok(Json(reset))
}

#[utoipa::path(
    post,
    path = "/admin/page-texts/{key}/preview",
    operation_id = "admin_preview_page_block",
    tag = "admin",
    params(("key" = String, Path, description = "Block key")),
    request_body = PageBlockInput,
    responses(
        (status = 200, description = "The fragment as the page would show it", body = PageBlockPreview),
        (status = 404, description = "No such block", body = ErrorBody),
        (status = 422, description = "Empty or too long", body = ErrorBody),
    )
)]
pub async fn preview_page_block(
    State(state): State<AppState>,
    ApiPath(key): ApiPath<String>,
    ApiJson(input): ApiJson<PageBlockInput>,
) -> Result<Json<PageBlockPreview>, AppError> {
    let block = block_of(&state, &key)?;
    let (_, html) = validate(&block, &input)?;
    let html = match block.kind {
        BlockKind::Plain => html::escape(&html),
        _ => html,
    };
    Ok(Json(PageBlockPreview { html }))
}

#[utoipa::path(
    get,
    path = "/admin/page-texts/{key}/history",
    operation_id = "admin_page_block_history",
    tag = "admin",
    params(("key" = String, Path, description = "Block key")),
    responses(
        (status = 200, description = "Saved versions, newest first", body = Vec<PageBlockVersion>),
        (status = 404, description = "No such block", body = ErrorBody),
    )
)]
pub async fn page_block_history(
    State(state): State<AppState>,
    ApiPath(key): ApiPath<String>,
) -> Result<Json<Vec<PageBlockVersion>>, AppError> {
    block_of(&state, &key)?;
    let rows = sqlx::query(
        "SELECT id, markdown, html, saved_at FROM page_block_history WHERE key = $1 \
         ORDER BY id DESC",
    )
    .bind(&key)
    .fetch_all(&state.pool)
    .await?;
    let versions = rows
        .iter()
        .map(|row| {
            Ok(PageBlockVersion {
                id: row.try_get("id")?,
                markdown: row.try_get("markdown")?,
                html: row.try_get("html")?,
                saved_at: row.try_get("saved_at")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(Json(versions))
}

#[utoipa::path(
    post,
    path = "/admin/page-texts/{key}/history/{id}/restore",
    operation_id = "admin_restore_page_block_version",
    tag = "admin",
    params(
        ("key" = String, Path, description = "Block key"),
        ("id" = i64, Path, description = "Version id"),
    ),
    responses(
        (status = 200, description = "The version is the block's text again (saved as the newest version)", body = PageBlock),
        (status = 404, description = "No such block or version", body = ErrorBody),
    )
)]
pub async fn restore_page_block_version(
    State(state): State<AppState>,
    ApiPath((key, id)): ApiPath<(String, i64)>,
) -> Result<Json<PageBlock>, AppError> {
    let block = block_of(&state, &key)?;
    let mut tx = db::begin_write(&state.pool).await?;
    let markdown: String =
        sqlx::query("SELECT markdown FROM page_block_history WHERE key = $1 AND id = $2")
            .bind(&key)
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or_else(|| AppError::NotFound("Deze versie bestaat niet (meer).".into()))?
            .try_get("markdown")?;
    // Rendered again: the rules of today apply.
    let html = render::render(block.kind, &markdown);
    store(&mut tx, &key, &markdown, &html).await?;
    let restored = fetch(&mut tx, block).await?;
    tx.commit().await?;
    Ok(Json(restored))
}
