//! Her own self-test (DESIGN.md §14, issue 25): the visitor takes the newest published version,
//! the server scores the answers (`scoring`) and keeps the result with the version it was scored
//! with, behind a long random token stored hashed. The result is anonymous unless she asks for
//! it by mail: then only a confirmation link goes to the unproven address, and its click mails
//! the result, makes her personal single-use coupon when her profile has one, and subscribes her
//! to the newsletter when she ticked it. It lives in overview because it names products and
//! coupons (commerce) and the newsletter (audience). Beheer > Zelftest is `admin`.
pub mod admin;
pub mod definition;
mod mail;
pub mod scoring;

use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use base64::Engine;
use jiff::{Timestamp, ToSpan};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::audience::newsletter;
use crate::commerce::coupons;
use crate::kit::closed_set::closed_set;
use crate::kit::db::{self, Tx};
use crate::kit::domain::EmailAddress;
use crate::kit::error::{ApiJson, ApiPath, AppError, ErrorBody};
use crate::kit::markdown;
use crate::kit::secret_token::{hash_token, new_token};
use crate::kit::validation::Fields;
use crate::kit::{brussels, dutch};
use crate::platform::client_ip::ClientIp;
use crate::platform::outbox;
use crate::platform::site::SELFTEST_PATH;
use crate::platform::state::AppState;
use definition::{Profile, SelfTestDefinition, StepKind, Theme};
use scoring::ThemeScore;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(current_test))
        .routes(routes!(submit_result))
        .routes(routes!(get_result))
        .routes(routes!(request_mail))
        .routes(routes!(confirm_mail))
}

/// Where the recommended intro call is booked.
const INTRO_CALL_PATH: &str = "/gratis-kennismakingsgesprek";

closed_set! {
    /// Whether the result goes out by mail.
    pub enum MailState {
        /// Not asked.
        None = "none",
        /// The confirmation link is mailed, not clicked yet.
        Pending = "pending",
        /// Confirmed: the result was mailed.
        Confirmed = "confirmed",
    }
}

/// The newest published version, as the visitor takes it (no points).
#[derive(Serialize, ToSchema)]
pub struct PublicSelfTest {
    pub version: i64,
    pub title: String,
    /// The intro, rendered from Markdown and sanitized.
    pub intro_html: String,
    pub themes: Vec<Theme>,
    pub questions: Vec<PublicQuestion>,
}

#[derive(Serialize, ToSchema)]
pub struct PublicQuestion {
    pub id: String,
    pub text: String,
    pub choices: Vec<PublicChoice>,
}

#[derive(Serialize, ToSchema)]
pub struct PublicChoice {
    pub label: String,
}

/// A scored test as the visitor sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct SelfTestResult {
    /// The version it was scored with (0 for a preview of the draft).
    pub version: i64,
    /// UTC, RFC 3339.
    pub created_at: String,
    /// Every theme with its score, in the test's order.
    pub themes: Vec<ThemeResult>,
    /// The profiles that fit the scores, the primary first.
    pub profiles: Vec<ProfileResult>,
    /// The primary profile's recommended step.
    pub step: StepLink,
    pub mail: MailState,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ThemeResult {
    pub key: String,
    pub name: String,
    /// 0 to 100.
    pub score: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileResult {
    pub id: String,
    /// The key of its theme.
    pub theme: String,
    pub title: String,
    /// The profile's text, rendered from Markdown and sanitized.
    pub text_html: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StepLink {
    pub kind: StepKind,
    pub label: String,
    /// A path on the site: the intro call's page, the product's page or the chosen page.
    pub href: String,
}

/// A published version.
pub struct Version {
    pub id: i64,
    pub version: i64,
    pub definition: SelfTestDefinition,
    pub published_at: String,
}

impl Version {
    fn from_row(row: &AnyRow) -> Result<Self, AppError> {
        Ok(Self {
            id: row.try_get("id")?,
            version: row.try_get("version")?,
            definition: parse_definition(&row.try_get::<String, _>("definition")?)?,
            published_at: row.try_get("published_at")?,
        })
    }
}

pub fn parse_definition(text: &str) -> Result<SelfTestDefinition, AppError> {
    Ok(serde_json::from_str(text).map_err(anyhow::Error::from)?)
}

pub fn store_definition(def: &SelfTestDefinition) -> Result<String, AppError> {
    Ok(serde_json::to_string(def).map_err(anyhow::Error::from)?)
}

const VERSION_COLUMNS: &str = "id, version, definition, published_at";

/// The newest published version.
pub async fn newest_version<'e, E>(executor: E) -> Result<Option<Version>, AppError>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    sqlx::query(
        "SELECT id, version, definition, published_at FROM selftest_versions ORDER BY version DESC LIMIT 1",
    )
    .fetch_optional(executor)
    .await?
    .as_ref()
    .map(Version::from_row)
    .transpose()
}

/// The published version with this number.
pub async fn version_numbered<'e, E>(executor: E, version: i64) -> Result<Option<Version>, AppError>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {VERSION_COLUMNS} FROM selftest_versions WHERE version = $1"
    )))
    .bind(version)
    .fetch_optional(executor)
    .await?
    .as_ref()
    .map(Version::from_row)
    .transpose()
}

async fn version_by_id<'e, E>(executor: E, id: i64) -> Result<Version, AppError>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let row = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {VERSION_COLUMNS} FROM selftest_versions WHERE id = $1"
    )))
    .bind(id)
    .fetch_one(executor)
    .await?;
    Version::from_row(&row)
}

/// Every product's page and name by id (a handful of rows), for the steps' links.
pub async fn products<'e, E>(executor: E) -> Result<HashMap<i64, (String, String)>, AppError>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let rows = sqlx::query("SELECT id, page_path, name FROM products")
        .fetch_all(executor)
        .await?;
    rows.iter()
        .map(|r| {
            Ok((
                r.try_get("id")?,
                (r.try_get("page_path")?, r.try_get("name")?),
            ))
        })
        .collect()
}

/// A definition scored for some answers: the theme scores and the matching profiles, the
/// primary first.
pub struct Scored<'a> {
    pub scores: Vec<ThemeScore>,
    pub profiles: Vec<&'a Profile>,
}

impl Scored<'_> {
    pub fn primary(&self) -> &Profile {
        self.profiles[0]
    }
}

/// Scores `answers` on `def`; a Dutch 422 when they do not fit it, or when no profile fits the
/// scores (only a draft can have such gaps: publishing refuses them).
pub fn score<'a>(def: &'a SelfTestDefinition, answers: &[i64]) -> Result<Scored<'a>, AppError> {
    let scores = scoring::theme_scores(def, answers).map_err(|e| Fields::one("answers", e.0))?;
    let profiles = scoring::matching_profiles(def, &scores);
    if profiles.is_empty() {
        let list = scores
            .iter()
            .map(|s| {
                let name = def
                    .theme(&s.key)
                    .map_or(s.key.as_str(), |t| t.name.as_str());
                format!("{name} {}", s.score)
            })
            .collect::<Vec<_>>()
            .join(", ");
        return Err(AppError::invalid(format!(
            "Bij deze antwoorden past nog geen profiel (scores: {list}). Voeg profielen toe die 0 tot 100 dekken."
        )));
    }
    Ok(Scored { scores, profiles })
}

/// The path a step leads to.
fn step_href(profile: &Profile, products: &HashMap<i64, (String, String)>) -> String {
    match profile.step.kind {
        StepKind::IntroCall => INTRO_CALL_PATH.to_string(),
        StepKind::Product => profile
            .step
            .product_id
            .and_then(|id| products.get(&id))
            .map_or_else(|| "/".to_string(), |(path, _)| path.clone()),
        StepKind::Page => profile.step.path.clone().unwrap_or_else(|| "/".into()),
    }
}

/// The result as the visitor sees it.
pub fn view(
    def: &SelfTestDefinition,
    version: i64,
    created_at: String,
    scored: &Scored,
    mail: MailState,
    products: &HashMap<i64, (String, String)>,
) -> SelfTestResult {
    let primary = scored.primary();
    SelfTestResult {
        version,
        created_at,
        themes: scored
            .scores
            .iter()
            .map(|s| ThemeResult {
                key: s.key.clone(),
                name: def
                    .theme(&s.key)
                    .map_or_else(|| s.key.clone(), |t| t.name.clone()),
                score: s.score,
            })
            .collect(),
        profiles: scored
            .profiles
            .iter()
            .map(|p| ProfileResult {
                id: p.id.clone(),
                theme: p.theme.clone(),
                title: p.title.clone(),
                text_html: markdown::page_block(&p.text),
            })
            .collect(),
        step: StepLink {
            kind: primary.step.kind,
            label: primary.step.label.clone(),
            href: step_href(primary, products),
        },
        mail,
    }
}

/// The link of a result on the site.
fn result_url(state: &AppState, token: &str) -> String {
    format!(
        "{}{SELFTEST_PATH}/resultaat?token={token}",
        state.public_url
    )
}

/// The result's token kept under the confirmation token: the confirmation leads back to the
/// result although only hashes of both tokens are stored. The 32 bytes of the result's token
/// are XORed with SHA-256 of the confirmation token, which only the mail carries.
fn seal(result_token: &str, confirm_token: &str) -> Option<String> {
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(result_token)
        .ok()?;
    let key = Sha256::digest(format!("selftest-result:{confirm_token}").as_bytes());
    (bytes.len() == key.len()).then(|| {
        hex::encode(
            bytes
                .iter()
                .zip(key)
                .map(|(b, k)| b ^ k)
                .collect::<Vec<_>>(),
        )
    })
}

fn unseal(sealed: &str, confirm_token: &str) -> Option<String> {
    let bytes = hex::decode(sealed).ok()?;
    let key = Sha256::digest(format!("selftest-result:{confirm_token}").as_bytes());
    (bytes.len() == key.len()).then(|| {
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(
            bytes
                .iter()
                .zip(key)
                .map(|(b, k)| b ^ k)
                .collect::<Vec<_>>(),
        )
    })
}

#[utoipa::path(
    get,
    path = "/selftest",
    operation_id = "get_selftest",
    tag = "selftest",
    responses(
        (status = 200, description = "The newest published version of the self-test, without the points", body = PublicSelfTest),
        (status = 404, description = "No version is published", body = ErrorBody),
    )
)]
pub async fn current_test(State(state): State<AppState>) -> Result<Json<PublicSelfTest>, AppError> {
    let Version {
        version,
        definition: def,
        ..
    } = newest_version(&state.pool)
        .await?
        .ok_or_else(|| AppError::NotFound("Er is nog geen zelftest gepubliceerd.".into()))?;
    Ok(Json(PublicSelfTest {
        version,
        intro_html: markdown::page_block(&def.intro),
        title: def.title,
        themes: def.themes,
        questions: def
            .questions
            .into_iter()
            .map(|q| PublicQuestion {
                id: q.id,
                text: q.text,
                choices: q
                    .choices
                    .into_iter()
                    .map(|c| PublicChoice { label: c.label })
                    .collect(),
            })
            .collect(),
    }))
}

#[derive(Deserialize, ToSchema)]
pub struct SubmitRequest {
    /// The version the visitor took (`GET /api/selftest`).
    #[serde(default)]
    pub version: i64,
    /// The chosen answer's index per question, in order.
    #[serde(default)]
    pub answers: Vec<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct SubmittedResult {
    /// The result's key: its link is `/wees-eerlijk/zelftest/resultaat?token=…`. Shown once;
    /// only its hash is stored.
    pub token: String,
    pub result: SelfTestResult,
}

#[utoipa::path(
    post,
    path = "/selftest/results",
    operation_id = "submit_selftest_result",
    tag = "selftest",
    request_body = SubmitRequest,
    responses(
        (status = 201, description = "Scored and kept (anonymous)", body = SubmittedResult),
        (status = 422, description = "Not a published version, or the answers do not fit it", body = ErrorBody),
        (status = 429, description = "Too many results from this client address; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn submit_result(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<SubmitRequest>,
) -> Result<(StatusCode, Json<SubmittedResult>), AppError> {
    let version = version_numbered(&state.pool, body.version)
        .await?
        .ok_or_else(|| {
            Fields::one(
                "version",
                "Deze versie van de zelftest bestaat niet (meer). Herlaad de pagina en begin opnieuw.",
            )
        })?;
    let def = &version.definition;
    let scored = score(def, &body.answers)?;
    state.limits.selftest_results_per_ip.admit(&ip).await?;
    let token = new_token();
    let created_at = db::now();
    let scores: serde_json::Map<String, serde_json::Value> = scored
        .scores
        .iter()
        .map(|s| (s.key.clone(), s.score.into()))
        .collect();
    let insert = (
        hash_token(&token),
        version.id,
        serde_json::to_string(&body.answers).map_err(anyhow::Error::from)?,
        serde_json::to_string(&scores).map_err(anyhow::Error::from)?,
        scored.primary().id.clone(),
        created_at.clone(),
    );
    // Results are small and independent: committed in groups (see `db::GroupCommit`).
    state
        .writes
        .run(move |tx| {
            Box::pin(async move {
                let (hash, version_id, answers, scores, primary, at) = insert;
                sqlx::query(
                    "INSERT INTO selftest_results (token_hash, version_id, answers, scores, primary_profile_id, created_at) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(hash)
                .bind(version_id)
                .bind(answers)
                .bind(scores)
                .bind(primary)
                .bind(at)
                .execute(&mut **tx)
                .await
                .map(drop)
                .map_err(AppError::from)
            })
        })
        .await?;
    let products = products(&state.pool).await?;
    let result = view(
        def,
        version.version,
        created_at,
        &scored,
        MailState::None,
        &products,
    );
    Ok((StatusCode::CREATED, Json(SubmittedResult { token, result })))
}

/// A stored result.
struct StoredResult {
    id: i64,
    version_id: i64,
    answers: Vec<i64>,
    created_at: String,
    mail: MailState,
    email: Option<String>,
    newsletter: bool,
    result_token_sealed: Option<String>,
}

const RESULT_COLUMNS: &str =
    "id, version_id, answers, created_at, mail_status, email, newsletter, result_token_sealed";

impl StoredResult {
    fn from_row(row: &AnyRow) -> Result<Self, AppError> {
        Ok(Self {
            id: row.try_get("id")?,
            version_id: row.try_get("version_id")?,
            answers: serde_json::from_str(&row.try_get::<String, _>("answers")?)
                .map_err(anyhow::Error::from)?,
            created_at: row.try_get("created_at")?,
            mail: row.try_get("mail_status")?,
            email: row.try_get("email")?,
            newsletter: row.try_get::<i64, _>("newsletter")? == 1,
            result_token_sealed: row.try_get("result_token_sealed")?,
        })
    }
}

fn unknown_result() -> AppError {
    AppError::NotFound(
        "Dit resultaat vinden we niet. Kijk na of je de volledige link gebruikte. Een resultaat \
         dat je niet per mail vroeg, bewaren we 30 dagen; doe de test gerust opnieuw."
            .into(),
    )
}

async fn result_by_token<'e, E>(executor: E, token: &str) -> Result<StoredResult, AppError>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let token = token.trim();
    if token.is_empty() || token.len() > 100 {
        return Err(unknown_result());
    }
    let row = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {RESULT_COLUMNS} FROM selftest_results WHERE token_hash = $1"
    )))
    .bind(hash_token(token))
    .fetch_optional(executor)
    .await?
    .ok_or_else(unknown_result)?;
    StoredResult::from_row(&row)
}

/// A stored result as the visitor sees it, scored again on its own version (a pure function of
/// the frozen version and the answers, so it reads as it did on the day).
async fn stored_view(pool: &AnyPool, stored: &StoredResult) -> Result<SelfTestResult, AppError> {
    let version = version_by_id(pool, stored.version_id).await?;
    let scored = score(&version.definition, &stored.answers)?;
    let products = products(pool).await?;
    Ok(view(
        &version.definition,
        version.version,
        stored.created_at.clone(),
        &scored,
        stored.mail,
        &products,
    ))
}

#[utoipa::path(
    get,
    path = "/selftest/results/{token}",
    operation_id = "get_selftest_result",
    tag = "selftest",
    params(("token" = String, Path, description = "The result's token")),
    responses(
        (status = 200, description = "The result, with the version it was scored with", body = SelfTestResult),
        (status = 404, description = "Unknown token", body = ErrorBody),
    )
)]
pub async fn get_result(
    State(state): State<AppState>,
    ApiPath(token): ApiPath<String>,
) -> Result<Json<SelfTestResult>, AppError> {
    let stored = result_by_token(&state.pool, &token).await?;
    Ok(Json(stored_view(&state.pool, &stored).await?))
}

#[derive(Deserialize, ToSchema)]
pub struct MailRequest {
    #[serde(default)]
    pub email: String,
    /// Also subscribe to the newsletter (confirmed by the same click).
    #[serde(default)]
    pub newsletter: bool,
}

#[derive(Serialize, ToSchema)]
pub struct MailRequested {
    /// Dutch, fit to show the visitor.
    pub message: &'static str,
}

#[utoipa::path(
    post,
    path = "/selftest/results/{token}/mail",
    operation_id = "request_selftest_mail",
    tag = "selftest",
    params(("token" = String, Path, description = "The result's token")),
    request_body = MailRequest,
    responses(
        (status = 202, description = "Only a confirmation link is mailed; its click mails the result", body = MailRequested),
        (status = 404, description = "Unknown token", body = ErrorBody),
        (status = 409, description = "The result was already mailed", body = ErrorBody),
        (status = 422, description = "Not an e-mail address", body = ErrorBody),
        (status = 429, description = "Too many requests from this client address or for this e-mail address; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn request_mail(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiPath(token): ApiPath<String>,
    ApiJson(body): ApiJson<MailRequest>,
) -> Result<(StatusCode, Json<MailRequested>), AppError> {
    let email = EmailAddress::parse(&body.email).map_err(|m| Fields::one("email", m))?;
    state.limits.selftest_mail_per_ip.admit(&ip).await?;
    let mut tx = db::begin_write(&state.pool).await?;
    let stored = result_by_token(&mut *tx, &token).await?;
    if stored.mail == MailState::Confirmed {
        return Err(AppError::Conflict(
            "Je resultaat werd al naar je gemaild. Kijk in je mailbox.".into(),
        ));
    }
    state
        .limits
        .selftest_mail_per_email
        .admit(&email.normalized())
        .await?;
    let confirm_token = new_token();
    let sealed = seal(token.trim(), &confirm_token)
        .ok_or_else(|| anyhow::anyhow!("a result token is 32 bytes"))?;
    sqlx::query(
        "UPDATE selftest_results SET email = $1, email_normalized = $2, mail_status = 'pending', \
         confirm_token_hash = $3, result_token_sealed = $4, newsletter = $5, mail_requested_at = $6 \
         WHERE id = $7",
    )
    .bind(email.as_ref())
    .bind(email.normalized())
    .bind(hash_token(&confirm_token))
    .bind(sealed)
    .bind(i64::from(body.newsletter))
    .bind(db::now())
    .bind(stored.id)
    .execute(&mut *tx)
    .await?;
    let message = mail::confirm(&mut tx, &state, &email, &confirm_token, body.newsletter).await?;
    outbox::enqueue_email(&mut tx, &message).await?;
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok((
        StatusCode::ACCEPTED,
        Json(MailRequested {
            message: "Bijna klaar! We stuurden je een mail met een link. Klik erop, dan sturen we je resultaat meteen naar je toe.",
        }),
    ))
}

#[derive(Deserialize, ToSchema)]
pub struct ConfirmRequest {
    /// The token from the link in the mail.
    #[serde(default)]
    pub token: String,
}

#[derive(Serialize, ToSchema)]
pub struct Confirmed {
    /// The result's token, for its page.
    pub result_token: String,
}

#[utoipa::path(
    post,
    path = "/selftest/confirm",
    operation_id = "confirm_selftest_mail",
    tag = "selftest",
    request_body = ConfirmRequest,
    responses(
        (status = 200, description = "Confirmed: the result is mailed (with the profile's coupon, if any) and a ticked newsletter subscribed; a second click changes nothing", body = Confirmed),
        (status = 404, description = "Unknown or replaced link", body = ErrorBody),
        (status = 429, description = "Too many link uses from this client address; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn confirm_mail(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<ConfirmRequest>,
) -> Result<Json<Confirmed>, AppError> {
    state.limits.selftest_links_per_ip.admit(&ip).await?;
    let not_found = || {
        AppError::NotFound(
            "Deze bevestigingslink is ongeldig, of je vroeg intussen een nieuwe aan. Gebruik de link in je nieuwste mail."
                .into(),
        )
    };
    let confirm_token = body.token.trim();
    if confirm_token.is_empty() || confirm_token.len() > 100 {
        return Err(not_found());
    }
    let mut tx = db::begin_write(&state.pool).await?;
    let row = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {RESULT_COLUMNS} FROM selftest_results WHERE confirm_token_hash = $1"
    )))
    .bind(hash_token(confirm_token))
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(not_found)?;
    let stored = StoredResult::from_row(&row)?;
    let result_token = stored
        .result_token_sealed
        .as_deref()
        .and_then(|sealed| unseal(sealed, confirm_token))
        .ok_or_else(not_found)?;
    // The claim comes first: of two clicks at once, one mails and makes the coupon.
    let claimed = sqlx::query(
        "UPDATE selftest_results SET mail_status = 'confirmed', confirmed_at = $1 \
         WHERE id = $2 AND mail_status = 'pending'",
    )
    .bind(db::now())
    .bind(stored.id)
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1;
    if claimed {
        deliver(&mut tx, &state, &stored, &result_token).await?;
        tx.commit().await?;
        state.outbox_notify.notify_one();
    }
    Ok(Json(Confirmed { result_token }))
}

/// What the confirmation gives, inside its transaction: the coupon of the primary profile, the
/// newsletter, and the mail with the result.
async fn deliver(
    tx: &mut Tx,
    state: &AppState,
    stored: &StoredResult,
    result_token: &str,
) -> Result<(), AppError> {
    let email = EmailAddress::parse(stored.email.as_deref().unwrap_or_default())
        .map_err(|m| anyhow::anyhow!("stored address does not parse: {m}"))?;
    let version = version_by_id(&mut **tx, stored.version_id).await?;
    let def = &version.definition;
    let scored = score(def, &stored.answers)?;
    let products = products(&mut **tx).await?;
    let primary = scored.primary();
    let coupon = match (primary.coupon, primary.step.kind, primary.step.product_id) {
        (Some(offer), StepKind::Product, Some(product_id)) => {
            // Valid through the last day, Brussels time.
            let today = brussels::at(Timestamp::now()).date();
            let last_day = today
                .checked_add(offer.valid_days.days())
                .map_err(anyhow::Error::from)?;
            let until = brussels::start_of(last_day.tomorrow().map_err(anyhow::Error::from)?)?
                - jiff::SignedDuration::from_secs(1);
            let issued = coupons::issue_single_use(
                tx,
                "ZELFTEST",
                product_id,
                offer.percent,
                &db::format_ts(until),
                &db::now(),
            )
            .await?;
            sqlx::query("UPDATE selftest_results SET coupon_id = $1 WHERE id = $2")
                .bind(issued.id)
                .bind(stored.id)
                .execute(&mut **tx)
                .await?;
            let product = products
                .get(&product_id)
                .map_or_else(String::new, |(_, name)| name.clone());
            Some(mail::Coupon {
                code: issued.code,
                percent: offer.percent,
                product,
                last_day: dutch::date(last_day),
            })
        }
        _ => None,
    };
    let subscriber = if stored.newsletter {
        Some(newsletter::subscribe_confirmed(tx, state, &email).await?)
    } else {
        None
    };
    let result = view(
        def,
        version.version,
        stored.created_at.clone(),
        &scored,
        MailState::Confirmed,
        &products,
    );
    let message = mail::result(
        tx,
        state,
        &email,
        mail::ResultMail {
            result: &result,
            profiles: &scored.profiles,
            link: result_url(state, result_token),
            result_token,
            coupon,
            subscriber,
        },
    )
    .await?;
    outbox::enqueue_email(tx, &message).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_result_token_opens_only_with_its_confirmation_token() {
        let result = new_token();
        let confirm = new_token();
        let sealed = seal(&result, &confirm).unwrap();
        assert_ne!(sealed, hash_token(&result));
        assert!(!sealed.contains(&result));
        assert_eq!(unseal(&sealed, &confirm).as_deref(), Some(result.as_str()));
        assert_ne!(
            unseal(&sealed, &new_token()).as_deref(),
            Some(result.as_str())
        );
        assert_eq!(seal("kort", &confirm), None);
        assert_eq!(unseal("zz", &confirm), None);
    }
}
