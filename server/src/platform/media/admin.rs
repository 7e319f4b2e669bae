//! Beheer > Media: upload (with alt text), list, delete when unused, and choose the page-level
//! photos (portrait, hero, share image).
use axum::Json;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::header::CONTENT_LENGTH;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use sqlx::{AssertSqlSafe, Row};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::process::{self, MAX_BYTES, Processed};
use crate::kit::db;
use crate::kit::error::{ApiJson, ApiPath, ApiQuery, AppError, ErrorBody};
use crate::kit::paging::{self, ListSql, Page, PageQuery};
use crate::kit::validation::Fields;
use crate::platform::photos::{self, COLUMNS, MediaImage, Slot, file_name, parse_widths, uses};
use crate::platform::state::AppState;

/// Room for the form's other field and the multipart framing around a 20 MB photo.
const BODY_LIMIT: usize = MAX_BYTES + 64 * 1024;
const ALT_MAX_CHARS: usize = 250;
const ALT_REQUIRED: &str = "Beschrijf in een paar woorden wat er op de foto staat (alt-tekst).";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(upload_media))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .routes(routes!(list_media))
        .routes(routes!(update_media, delete_media))
        .routes(routes!(list_slots))
        .routes(routes!(set_slot))
}

/// The upload form (multipart/form-data).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct MediaUpload {
    /// What the photo shows, for people who cannot see it (required).
    alt: String,
    /// JPEG, PNG or WebP, at most 20 MB.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

fn too_large() -> AppError {
    AppError::TooLarge("Deze foto is groter dan 20 MB. Verklein hem en probeer het opnieuw.".into())
}

fn not_found() -> AppError {
    AppError::NotFound("Deze foto bestaat niet (meer).".into())
}

#[utoipa::path(
    post,
    path = "/admin/media",
    operation_id = "admin_upload_media",
    tag = "admin",
    request_body(content = MediaUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Stored with its variants", body = MediaImage),
        (status = 200, description = "The same photo was uploaded before: that one, unchanged", body = MediaImage),
        (status = 400, description = "Not sent as a form (multipart/form-data), or a form that cannot be read", body = ErrorBody),
        (status = 413, description = "Larger than 20 MB", body = ErrorBody),
        (status = 422, description = "Not a JPEG, PNG or WebP photo, a name that lies about it, too many pixels, or no alt text", body = ErrorBody),
    )
)]
pub async fn upload_media(
    State(state): State<AppState>,
    headers: HeaderMap,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<MediaImage>), AppError> {
    // Refused from the header alone, before a byte of the body is read.
    let declared = headers
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > BODY_LIMIT) {
        return Err(too_large());
    }
    let mut multipart = multipart.map_err(|_| {
        AppError::BadRequest("Stuur de foto als formulier (multipart/form-data).".into())
    })?;
    let (alt, file, file_name) = read_form(&mut multipart).await?;
    let mut fields = Fields::default();
    let alt = fields.text(
        "alt",
        &alt.unwrap_or_default(),
        "De alt-tekst",
        Some(ALT_REQUIRED),
        ALT_MAX_CHARS,
    );
    let file = file.unwrap_or_default();
    let kind = if file.is_empty() {
        fields.error("file", "Kies een foto om op te laden.");
        None
    } else {
        process::check(&file, file_name.as_deref())
            .map_err(|refusal| fields.error("file", refusal.to_string()))
            .ok()
    };
    fields.finish()?;
    let Some(kind) = kind else {
        return Err(AppError::invalid("Kies een foto om op te laden."));
    };

    let hash = process::content_hash(&file);
    if let Some(existing) = by_hash(&state, &hash).await? {
        return Ok((StatusCode::OK, Json(existing)));
    }
    let processed = {
        let _permit = state
            .media
            .processing
            .acquire()
            .await
            .map_err(anyhow::Error::from)?;
        tokio::task::spawn_blocking(move || process::process(&file, kind))
            .await
            .map_err(anyhow::Error::from)?
            .map_err(|refusal| Fields::one("file", refusal.to_string()))?
    };
    store_variants(&state, &processed).await?;
    let widths = processed
        .variants
        .iter()
        .map(|v| v.width.to_string())
        .collect::<Vec<_>>()
        .join(",");
    // The same photo uploaded twice at once: the second insert does nothing and both get the row.
    sqlx::query(
        "INSERT INTO media (hash, alt, width, height, widths, created_at) VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (hash) DO NOTHING",
    )
    .bind(&processed.hash)
    .bind(alt)
    .bind(i64::from(processed.width))
    .bind(i64::from(processed.height))
    .bind(widths)
    .bind(db::now())
    .execute(&state.pool)
    .await?;
    let image = by_hash(&state, &processed.hash)
        .await?
        .ok_or_else(|| anyhow::anyhow!("the photo just stored is gone"))?;
    Ok((StatusCode::CREATED, Json(image)))
}

/// The `alt` text and the `file` with its name; a file beyond 20 MB stops the reading there.
async fn read_form(
    multipart: &mut Multipart,
) -> Result<(Option<String>, Option<Vec<u8>>, Option<String>), AppError> {
    let unreadable =
        || AppError::BadRequest("We konden het formulier niet lezen. Probeer het opnieuw.".into());
    let (mut alt, mut file, mut file_name) = (None, None, None);
    while let Some(mut field) = multipart.next_field().await.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            too_large()
        } else {
            unreadable()
        }
    })? {
        match field.name() {
            Some("alt") => {
                let text = field.text().await.map_err(|_| unreadable())?;
                alt = Some(text);
            }
            Some("file") => {
                file_name = field.file_name().map(str::to_owned);
                let mut bytes = Vec::new();
                while let Some(chunk) = field.chunk().await.map_err(|e| {
                    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                        too_large()
                    } else {
                        unreadable()
                    }
                })? {
                    if bytes.len() + chunk.len() > MAX_BYTES {
                        return Err(too_large());
                    }
                    bytes.extend_from_slice(&chunk);
                }
                file = Some(bytes);
            }
            _ => {}
        }
    }
    Ok((alt, file, file_name))
}

async fn by_hash(state: &AppState, hash: &str) -> Result<Option<MediaImage>, AppError> {
    Ok(sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM media WHERE hash = $1"
    )))
    .bind(hash)
    .fetch_optional(&state.pool)
    .await?
    .as_ref()
    .map(MediaImage::from_row)
    .transpose()?)
}

/// Files first, row second: a crash in between leaves files nobody refers to (the same upload
/// writes them again), never a row without its files.
async fn store_variants(state: &AppState, processed: &Processed) -> Result<(), AppError> {
    for variant in &processed.variants {
        for (ext, bytes) in [("webp", &variant.webp), ("jpg", &variant.jpeg)] {
            let key = file_name(&processed.hash, variant.width, ext);
            state
                .media
                .store
                .put(&key, bytes.clone().into())
                .await
                .map_err(|e| anyhow::anyhow!("storing {key}: {e}"))?;
        }
    }
    Ok(())
}

/// A photo in the library, with where it is used.
#[derive(Serialize, ToSchema)]
pub struct MediaItem {
    pub image: MediaImage,
    /// UTC, RFC 3339.
    pub created_at: String,
    /// Where it is used, in Dutch (e.g. "de review van Anna"); empty when it may be deleted.
    pub used_in: Vec<String>,
}

#[utoipa::path(
    get,
    path = "/admin/media",
    operation_id = "admin_list_media",
    tag = "admin",
    params(PageQuery),
    responses(
        (status = 200, description = "One page of photos, newest first; q searches the alt text", body = Page<MediaItem>),
    )
)]
pub async fn list_media(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Page<MediaItem>>, AppError> {
    let pattern = query.like_pattern_or_all();
    let columns = format!("{COLUMNS}, created_at");
    let sql = ListSql {
        columns: &columns,
        from: "media",
        filter: "WHERE LOWER(alt) LIKE $1 ESCAPE '\\'",
        order_by: "created_at DESC, id DESC",
    };
    let mut page = paging::fetch_page(
        &state.pool,
        query.info(),
        &sql,
        |q| q.bind(&pattern),
        |row| {
            Ok::<_, sqlx::Error>(MediaItem {
                image: MediaImage::from_row(row)?,
                created_at: row.try_get("created_at")?,
                used_in: Vec::new(),
            })
        },
    )
    .await?;
    // A few small reads per photo of one page (at most 100), in one snapshot.
    let mut tx = state.pool.begin().await?;
    for item in &mut page.items {
        item.used_in = uses(&mut tx, item.image.id).await?;
    }
    tx.commit().await?;
    Ok(Json(page))
}

/// What the coach may change about a photo in the library.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MediaEdit {
    /// What the photo shows, for people who cannot see it.
    pub alt: String,
}

#[utoipa::path(
    patch,
    path = "/admin/media/{id}",
    operation_id = "admin_update_media",
    tag = "admin",
    params(("id" = i64, Path, description = "Photo id")),
    request_body = MediaEdit,
    responses(
        (status = 200, description = "Saved; every page and list that shows the photo carries the new alt text at once", body = MediaImage),
        (status = 404, description = "No such photo", body = ErrorBody),
        (status = 422, description = "No alt text, or longer than 250 characters", body = ErrorBody),
    )
)]
pub async fn update_media(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiJson(input): ApiJson<MediaEdit>,
) -> Result<Json<MediaImage>, AppError> {
    let mut fields = Fields::default();
    let alt = fields.text(
        "alt",
        &input.alt,
        "De alt-tekst",
        Some(ALT_REQUIRED),
        ALT_MAX_CHARS,
    );
    fields.finish()?;
    // The update bumps the media version: pages, event and review lists are made again.
    let row = sqlx::query(AssertSqlSafe(format!(
        "UPDATE media SET alt = $1 WHERE id = $2 RETURNING {COLUMNS}"
    )))
    .bind(alt)
    .bind(id)
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(not_found)?;
    Ok(Json(MediaImage::from_row(&row)?))
}

#[utoipa::path(
    delete,
    path = "/admin/media/{id}",
    operation_id = "admin_delete_media",
    tag = "admin",
    params(("id" = i64, Path, description = "Photo id")),
    responses(
        (status = 204, description = "Deleted with its files"),
        (status = 404, description = "No such photo", body = ErrorBody),
        (status = 409, description = "In use; the message says where", body = ErrorBody),
    )
)]
pub async fn delete_media(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<StatusCode, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    let row = sqlx::query("SELECT hash, widths FROM media WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or_else(not_found)?;
    let in_use = uses(&mut tx, id).await?;
    if !in_use.is_empty() {
        return Err(AppError::Conflict(format!(
            "Deze foto wordt nog gebruikt: {}. Kies daar eerst een andere foto of haal hem weg.",
            in_use.join(", ")
        )));
    }
    sqlx::query("DELETE FROM media WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    let hash: String = row.try_get("hash")?;
    let widths: String = row.try_get("widths")?;
    for width in parse_widths(&widths) {
        for ext in ["webp", "jpg"] {
            let key = file_name(&hash, width, ext);
            // The row is gone: a file left behind is only disk space, so it is logged, not failed.
            if let Err(e) = state.media.store.delete(&key).await {
                tracing::warn!(error = %e, key, "deleting a photo file failed");
            }
        }
    }
    Ok(StatusCode::NO_CONTENT)
}

/// A page-level slot and the photo chosen for it (null: the page's default).
#[derive(Serialize, ToSchema)]
pub struct SlotChoice {
    pub slot: Slot,
    pub image: Option<MediaImage>,
}

#[utoipa::path(
    get,
    path = "/admin/media/slots",
    operation_id = "admin_list_media_slots",
    tag = "admin",
    responses(
        (status = 200, description = "Every slot with its photo, if one is chosen", body = Vec<SlotChoice>),
    )
)]
pub async fn list_slots(State(state): State<AppState>) -> Result<Json<Vec<SlotChoice>>, AppError> {
    let mut choices = Vec::new();
    for slot in Slot::ALL {
        choices.push(SlotChoice {
            slot: *slot,
            image: photos::slot_image(&state.pool, *slot).await?,
        });
    }
    Ok(Json(choices))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SlotInput {
    /// A photo from the library; null for the page's default.
    pub media_id: Option<i64>,
}

#[utoipa::path(
    put,
    path = "/admin/media/slots/{slot}",
    operation_id = "admin_set_media_slot",
    tag = "admin",
    params(("slot" = Slot, Path, description = "portrait, hero, share or logo")),
    request_body = SlotInput,
    responses(
        (status = 200, description = "Chosen; the pages show it at once", body = SlotChoice),
        (status = 404, description = "No such slot", body = ErrorBody),
        (status = 422, description = "No such photo", body = ErrorBody),
    )
)]
pub async fn set_slot(
    State(state): State<AppState>,
    ApiPath(slot): ApiPath<Slot>,
    ApiJson(input): ApiJson<SlotInput>,
) -> Result<Json<SlotChoice>, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    match input.media_id {
        Some(media_id) => {
            existing(&mut tx, media_id, "media_id").await?;
            sqlx::query(
                "INSERT INTO media_slots (slot, media_id) VALUES ($1, $2) \
                 ON CONFLICT (slot) DO UPDATE SET media_id = excluded.media_id",
            )
            .bind(slot)
            .bind(media_id)
            .execute(&mut *tx)
            .await?;
        }
        None => {
            sqlx::query("DELETE FROM media_slots WHERE slot = $1")
                .bind(slot)
                .execute(&mut *tx)
                .await?;
        }
    }
    if slot == Slot::Logo {
        // The logo travels with the business details (`LiveSite`: mails, pages, JSON-LD), which
        // are read again when the settings version moves.
        sqlx::query("UPDATE data_versions SET version = version + 1 WHERE name = 'settings'")
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(Json(SlotChoice {
        slot,
        image: photos::slot_image(&state.pool, slot).await?,
    }))
}

/// Checks inside a write that a referred photo exists (422 on `field` otherwise), so a form
/// that picks one from the library cannot point at a deleted one.
pub async fn existing(tx: &mut db::Tx, media_id: i64, field: &'static str) -> Result<(), AppError> {
    let found = sqlx::query("SELECT id FROM media WHERE id = $1")
        .bind(media_id)
        .fetch_optional(&mut **tx)
        .await?;
    match found {
        Some(_) => Ok(()),
        None => Err(Fields::one(
            field,
            "Deze foto staat niet (meer) in de mediabibliotheek. Kies een andere.",
        )),
    }
}
