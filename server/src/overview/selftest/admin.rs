//! Beheer > Zelftest, under `/api/admin`: the draft she edits (saved when its shape is right),
//! a preview of a result on the draft (nothing stored), publishing it as the next version (when
//! it is complete), and every earlier version to read.
use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::definition::{self, SelfTestDefinition};
use super::{
    MailState, SelfTestResult, newest_version, parse_definition, products, score, store_definition,
    version_numbered, view,
};
use crate::kit::db::{self, Tx};
use crate::kit::error::{ApiJson, ApiPath, AppError, ErrorBody};
use crate::platform::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_selftest_admin, save_selftest_draft))
        .routes(routes!(preview_selftest))
        .routes(routes!(publish_selftest))
        .routes(routes!(get_selftest_version))
}

/// Beheer > Zelftest: the draft and what is published.
#[derive(Serialize, ToSchema)]
pub struct SelfTestAdmin {
    pub draft: SelfTestDefinition,
    /// UTC, RFC 3339; None before the first save.
    pub draft_updated_at: Option<String>,
    /// Newest first.
    pub published: Vec<PublishedVersion>,
    /// The draft is exactly the newest published version (nothing to publish).
    pub draft_is_published: bool,
    /// Instellingen: "Doe de test" leads to this test (once a version is published).
    pub own_test: bool,
    /// The active products a profile's step can recommend, by name.
    pub products: Vec<ProductChoice>,
}

/// A product a step can name (`Step::product_id`).
#[derive(Serialize, ToSchema)]
pub struct ProductChoice {
    pub id: i64,
    pub name: String,
}

#[derive(Serialize, ToSchema)]
pub struct PublishedVersion {
    pub version: i64,
    /// UTC, RFC 3339.
    pub published_at: String,
    /// Results scored with this version.
    pub results: i64,
}

#[derive(Deserialize, ToSchema)]
pub struct PreviewRequest {
    /// The chosen answer's index per question of the draft, in order.
    #[serde(default)]
    pub answers: Vec<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct PublishedTest {
    pub version: i64,
}

/// The saved draft and when it was saved; an empty test before the first save.
async fn draft(tx: &mut Tx) -> Result<(SelfTestDefinition, Option<String>), AppError> {
    let row = sqlx::query("SELECT definition, updated_at FROM selftest_draft WHERE id = 1")
        .fetch_optional(&mut **tx)
        .await?;
    match row {
        Some(row) => Ok((
            parse_definition(&row.try_get::<String, _>("definition")?)?,
            Some(row.try_get("updated_at")?),
        )),
        None => Ok((SelfTestDefinition::default(), None)),
    }
}

/// A list of what is wrong as one Dutch message, a line per problem.
fn problems(heading: &str, problems: Vec<String>) -> AppError {
    let list = problems
        .iter()
        .map(|p| format!("• {p}"))
        .collect::<Vec<_>>()
        .join("\n");
    AppError::invalid(format!("{heading}\n{list}"))
}

async fn overview(tx: &mut Tx, state: &AppState) -> Result<SelfTestAdmin, AppError> {
    let (draft, draft_updated_at) = draft(tx).await?;
    let published = sqlx::query(
        "SELECT v.version, v.published_at, \
         (SELECT COUNT(*) FROM selftest_results r WHERE r.version_id = v.id) \
         + (SELECT CAST(COALESCE(SUM(c.count), 0) AS BIGINT) FROM selftest_result_counts c \
            WHERE c.version_id = v.id) AS results \
         FROM selftest_versions v ORDER BY v.version DESC",
    )
    .fetch_all(&mut **tx)
    .await?
    .iter()
    .map(|row| {
        Ok(PublishedVersion {
            version: row.try_get("version")?,
            published_at: row.try_get("published_at")?,
            results: row.try_get("results")?,
        })
    })
    .collect::<Result<Vec<_>, sqlx::Error>>()?;
    let newest = newest_version(&mut **tx).await?;
    let products = sqlx::query("SELECT id, name FROM products WHERE active = 1 ORDER BY name")
        .fetch_all(&mut **tx)
        .await?
        .iter()
        .map(|r| {
            Ok(ProductChoice {
                id: r.try_get("id")?,
                name: r.try_get("name")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(SelfTestAdmin {
        draft_is_published: newest.is_some_and(|v| v.definition == draft),
        draft,
        draft_updated_at,
        published,
        own_test: state.site().selftest_own,
        products,
    })
}

#[utoipa::path(
    get,
    path = "/admin/selftest",
    operation_id = "admin_get_selftest",
    tag = "admin",
    responses((status = 200, description = "The draft and the published versions", body = SelfTestAdmin))
)]
pub async fn get_selftest_admin(
    State(state): State<AppState>,
) -> Result<Json<SelfTestAdmin>, AppError> {
    let mut tx = state.pool.begin().await?;
    Ok(Json(overview(&mut tx, &state).await?))
}

#[utoipa::path(
    put,
    path = "/admin/selftest",
    operation_id = "admin_save_selftest_draft",
    tag = "admin",
    request_body = SelfTestDefinition,
    responses(
        (status = 200, description = "The draft is saved (texts trimmed); the published test is unchanged", body = SelfTestAdmin),
        (status = 422, description = "Its shape is wrong: the message lists what to fix, one line each", body = ErrorBody),
    )
)]
pub async fn save_selftest_draft(
    State(state): State<AppState>,
    ApiJson(input): ApiJson<SelfTestDefinition>,
) -> Result<Json<SelfTestAdmin>, AppError> {
    let clean = definition::clean(&input)
        .map_err(|p| problems("Zo kunnen we de test niet bewaren:", p.0))?;
    let mut tx = db::begin_write(&state.pool).await?;
    sqlx::query(
        "INSERT INTO selftest_draft (id, definition, updated_at) VALUES (1, $1, $2) \
         ON CONFLICT (id) DO UPDATE SET definition = excluded.definition, updated_at = excluded.updated_at",
    )
    .bind(store_definition(&clean)?)
    .bind(db::now())
    .execute(&mut *tx)
    .await?;
    let saved = overview(&mut tx, &state).await?;
    tx.commit().await?;
    Ok(Json(saved))
}

#[utoipa::path(
    post,
    path = "/admin/selftest/preview",
    operation_id = "admin_preview_selftest",
    tag = "admin",
    request_body = PreviewRequest,
    responses(
        (status = 200, description = "The result these answers give on the saved draft, as a visitor would see it (version 0); nothing is stored", body = SelfTestResult),
        (status = 422, description = "The answers do not fit the draft, or no profile fits their scores", body = ErrorBody),
    )
)]
pub async fn preview_selftest(
    State(state): State<AppState>,
    ApiJson(input): ApiJson<PreviewRequest>,
) -> Result<Json<SelfTestResult>, AppError> {
    let mut tx = state.pool.begin().await?;
    let (def, _) = draft(&mut tx).await?;
    let scored = score(&def, &input.answers)?;
    let products = products(&mut *tx).await?;
    Ok(Json(view(
        &def,
        0,
        db::now(),
        &scored,
        MailState::None,
        &products,
    )))
}

#[utoipa::path(
    post,
    path = "/admin/selftest/publish",
    operation_id = "admin_publish_selftest",
    tag = "admin",
    responses(
        (status = 200, description = "The draft is the newest version (a new one, or the same when nothing changed); earlier results keep their own", body = PublishedTest),
        (status = 422, description = "Not complete: the message lists what to fix, one line each", body = ErrorBody),
    )
)]
pub async fn publish_selftest(
    State(state): State<AppState>,
) -> Result<Json<PublishedTest>, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    let (draft, _) = draft(&mut tx).await?;
    let active: HashMap<i64, String> =
        sqlx::query("SELECT id, name FROM products WHERE active = 1")
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|r| Ok((r.try_get("id")?, r.try_get("name")?)))
            .collect::<Result<_, sqlx::Error>>()?;
    let found = definition::check_publishable(&draft, &active).0;
    if !found.is_empty() {
        return Err(problems("De test kan nog niet gepubliceerd worden:", found));
    }
    let newest = newest_version(&mut *tx).await?;
    if let Some(newest) = newest.as_ref().filter(|v| v.definition == draft) {
        return Ok(Json(PublishedTest {
            version: newest.version,
        }));
    }
    let version = newest.map_or(1, |v| v.version + 1);
    sqlx::query(
        "INSERT INTO selftest_versions (version, definition, published_at) VALUES ($1, $2, $3)",
    )
    .bind(version)
    .bind(store_definition(&draft)?)
    .bind(db::now())
    .execute(&mut *tx)
    .await?;
    // "Doe de test" may now lead to her test: the business details are read again (`LiveSite`).
    sqlx::query("UPDATE data_versions SET version = version + 1 WHERE name = 'settings'")
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    tracing::info!(version, "self-test published");
    Ok(Json(PublishedTest { version }))
}

#[utoipa::path(
    get,
    path = "/admin/selftest/versions/{version}",
    operation_id = "admin_get_selftest_version",
    tag = "admin",
    params(("version" = i64, Path, description = "Version number")),
    responses(
        (status = 200, description = "The version as it was published (read-only)", body = SelfTestDefinition),
        (status = 404, description = "No such version", body = ErrorBody),
    )
)]
pub async fn get_selftest_version(
    State(state): State<AppState>,
    ApiPath(version): ApiPath<i64>,
) -> Result<Json<SelfTestDefinition>, AppError> {
    let found = version_numbered(&state.pool, version)
        .await?
        .ok_or_else(|| AppError::NotFound(format!("Versie {version} bestaat niet.")))?;
    Ok(Json(found.definition))
}
