//! Passkeys (WebAuthn) for the admins: add, name and remove a few, sign in with one (a
//! discoverable credential: no e-mail address first), and require one so that a password alone
//! no longer signs in. The mailed reset link stays the way back: it sets a new password and puts
//! the requirement on hold until a new passkey is added (`PasskeyPolicy::AfterReset`).
//!
//! A ceremony's state (its challenge) is kept in `passkey_challenges`, not in this process, so
//! that any server sharing the database can finish what another started; it expires after a few
//! minutes and is deleted when used, so every challenge answers once.
//!
//! The relying party comes from PUBLIC_URL: its host is the RP ID and its origin the one origin
//! accepted. Browsers refuse an IP address as RP ID and allow plain http only on `localhost`, so
//! a loopback address (a development or test server at http://127.0.0.1:PORT) is served as
//! `localhost` on the same port; any other IP address gets no passkeys.
use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::{Extension, Json};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;
use webauthn_rs::prelude::{
    CreationChallengeResponse, DiscoverableAuthentication, Passkey, PasskeyRegistration,
    PublicKeyCredential, RegisterPublicKeyCredential, RequestChallengeResponse, Url, Uuid,
    Webauthn, WebauthnBuilder,
};

use super::{CurrentUser, Session, count_attempt, start_session, throttle};
use crate::kit::closed_set::closed_set;
use crate::kit::db::{self, Tx};
use crate::kit::error::{ApiJson, ApiPath, AppError, ErrorBody, ErrorCode};
use crate::kit::secret_token::{hash_token, new_token};
use crate::platform::client_ip::ClientIp;
use crate::platform::state::AppState;

/// Passkeys one admin may keep: one per device she uses, with room for a spare.
pub const MAX_PASSKEYS: i64 = 5;
/// A name is for her list: short.
const NAME_MAX_CHARS: usize = 60;
/// How long a ceremony may take: the browser's dialog, a fingerprint, perhaps a phone.
const CHALLENGE_TTL: SignedDuration = SignedDuration::from_mins(5);

closed_set! {
    /// Whether an admin's password alone still signs her in.
    pub enum PasskeyPolicy {
        /// A password or a passkey.
        Optional = "optional",
        /// Only a passkey; a password alone is refused.
        Required = "required",
        /// Required, but a reset link set a new password: password sign-ins work (and ask for a
        /// new passkey) until one is added; then it is required again.
        AfterReset = "after_reset",
    }
}

closed_set! {
    /// What a stored ceremony is for.
    pub enum Ceremony {
        Register = "register",
        Login = "login",
    }
}

/// The relying party for the site at `public_url`, or None where browsers allow no passkeys.
pub fn relying_party(public_url: &str, rp_name: &str) -> Option<Arc<Webauthn>> {
    let mut url = Url::parse(public_url).ok()?;
    let rp_id = match url.host()? {
        url::Host::Domain(domain) => domain.to_string(),
        url::Host::Ipv4(ip) if ip.is_loopback() => "localhost".to_string(),
        url::Host::Ipv6(ip) if ip.is_loopback() => "localhost".to_string(),
        _ => return None,
    };
    url.set_host(Some(&rp_id)).ok()?;
    let origin = Url::parse(&url.origin().ascii_serialization()).ok()?;
    let webauthn = WebauthnBuilder::new(&rp_id, &origin)
        .ok()?
        .rp_name(rp_name)
        .build()
        .ok()?;
    Some(Arc::new(webauthn))
}

fn rp(state: &AppState) -> Result<&Webauthn, AppError> {
    state.passkeys.as_deref().ok_or_else(|| {
        AppError::Conflict(
            "Passkeys werken alleen wanneer de site op een domeinnaam staat (PUBLIC_URL).".into(),
        )
    })
}

fn passkey_refused() -> AppError {
    AppError::Unauthorized {
        code: ErrorCode::InvalidCredentials,
        message: "Met deze passkey lukte het aanmelden niet. Probeer het opnieuw, of meld je aan \
                  met je wachtwoord."
            .into(),
    }
}

fn challenge_gone() -> AppError {
    AppError::BadRequest("Dit duurde te lang of is al gebruikt. Probeer het gewoon opnieuw.".into())
}

fn unreadable() -> AppError {
    AppError::invalid("Het antwoord van je toestel kon niet gelezen worden. Probeer het opnieuw.")
}

fn internal(e: impl std::fmt::Display) -> AppError {
    AppError::Internal(anyhow::anyhow!("passkeys: {e}"))
}

/// Keeps a ceremony's state and returns its id (only the id's hash is stored).
async fn store_challenge(
    tx: &mut Tx,
    ceremony: Ceremony,
    user_id: Option<i64>,
    state: &impl Serialize,
) -> Result<String, AppError> {
    let now = Timestamp::now();
    // Housekeeping: an expired ceremony can never be finished.
    sqlx::query("DELETE FROM passkey_challenges WHERE expires_at <= $1")
        .bind(db::format_ts(now))
        .execute(&mut **tx)
        .await?;
    let id = new_token();
    sqlx::query(
        "INSERT INTO passkey_challenges (id, purpose, user_id, state, expires_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(hash_token(&id))
    .bind(ceremony)
    .bind(user_id)
    .bind(serde_json::to_string(state).map_err(internal)?)
    .bind(db::format_ts(now + CHALLENGE_TTL))
    .execute(&mut **tx)
    .await?;
    Ok(id)
}

/// Uses up a live ceremony of this kind (and, for adding a passkey, of this admin): its state,
/// or 400 when it is unknown, expired or already used. One conditional delete, so it works once.
async fn take_challenge<T: for<'de> Deserialize<'de>>(
    tx: &mut Tx,
    ceremony: Ceremony,
    user_id: Option<i64>,
    id: &str,
) -> Result<T, AppError> {
    if id.is_empty() || id.len() > 200 {
        return Err(challenge_gone());
    }
    let hash = hash_token(id);
    let row = sqlx::query(
        "SELECT state, user_id FROM passkey_challenges \
         WHERE id = $1 AND purpose = $2 AND expires_at > $3",
    )
    .bind(&hash)
    .bind(ceremony)
    .bind(db::now())
    .fetch_optional(&mut **tx)
    .await?
    .ok_or_else(challenge_gone)?;
    if row.try_get::<Option<i64>, _>("user_id")? != user_id {
        return Err(challenge_gone());
    }
    let deleted = sqlx::query("DELETE FROM passkey_challenges WHERE id = $1")
        .bind(&hash)
        .execute(&mut **tx)
        .await?
        .rows_affected();
    if deleted != 1 {
        return Err(challenge_gone());
    }
    serde_json::from_str(&row.try_get::<String, _>("state")?).map_err(internal)
}

/// A ceremony for the browser: pass `options` to `navigator.credentials` and send the answer
/// back with `challenge_id`.
#[derive(Serialize, ToSchema)]
pub struct PasskeyChallenge {
    /// Single use, valid 5 minutes.
    pub challenge_id: String,
    /// WebAuthn options as JSON (`{"publicKey": …}`, binary values in base64url).
    #[schema(value_type = Object)]
    pub options: serde_json::Value,
}

#[derive(Deserialize, ToSchema)]
pub struct PasskeySignIn {
    pub challenge_id: String,
    /// The `PublicKeyCredential` from `navigator.credentials.get`, as JSON (base64url).
    #[schema(value_type = Object)]
    pub credential: serde_json::Value,
}

#[utoipa::path(
    post,
    path = "/auth/passkey/options",
    operation_id = "passkey_sign_in_options",
    tag = "auth",
    responses(
        (status = 200, description = "A sign-in ceremony for a discoverable passkey (no e-mail address needed)", body = PasskeyChallenge),
        (status = 409, description = "This site's address allows no passkeys", body = ErrorBody),
        (status = 429, description = "Too many ceremonies from this client; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn sign_in_options(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
) -> Result<Json<PasskeyChallenge>, AppError> {
    let rp = rp(&state)?;
    state.limits.passkey_options_per_ip.admit(&ip).await?;
    let (mut options, ceremony): (RequestChallengeResponse, DiscoverableAuthentication) =
        rp.start_discoverable_authentication().map_err(internal)?;
    // The library asks for conditional mediation (autofill); the button asks at once.
    options.mediation = None;
    let mut tx = db::begin_write(&state.pool).await?;
    let challenge_id = store_challenge(&mut tx, Ceremony::Login, None, &ceremony).await?;
    tx.commit().await?;
    Ok(Json(PasskeyChallenge {
        challenge_id,
        options: serde_json::to_value(options).map_err(internal)?,
    }))
}

#[utoipa::path(
    post,
    path = "/auth/passkey/login",
    operation_id = "passkey_sign_in",
    tag = "auth",
    request_body = PasskeySignIn,
    responses(
        (status = 200, description = "Signed in: the same session as with a password", body = Session),
        (status = 400, description = "The ceremony expired or was used already", body = ErrorBody),
        (status = 401, description = "Unknown passkey, or its signature does not verify", body = ErrorBody),
        (status = 422, description = "The credential is not WebAuthn JSON", body = ErrorBody),
        (status = 429, description = "Too many sign-in attempts (the password's counters); see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn sign_in(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(req): ApiJson<PasskeySignIn>,
) -> Result<Json<Session>, AppError> {
    let rp = rp(&state)?;
    let credential: PublicKeyCredential =
        serde_json::from_value(req.credential).map_err(|_| unreadable())?;
    let (handle, credential_id) = match rp.identify_discoverable_authentication(&credential) {
        Ok((handle, id)) => (handle, URL_SAFE_NO_PAD.encode(id)),
        Err(_) => {
            count_unknown(&state, &ip).await?;
            return Err(passkey_refused());
        }
    };
    let found = sqlx::query(
        "SELECT p.id AS passkey_id, p.credential, u.id, u.email, u.email_normalized, u.role, \
         u.passkey_handle FROM passkeys p JOIN users u ON u.id = p.user_id \
         WHERE p.credential_id = $1",
    )
    .bind(&credential_id)
    .fetch_optional(&state.pool)
    .await?;
    let Some(row) = found.filter(|row| {
        row.try_get::<Option<String>, _>("passkey_handle")
            .ok()
            .flatten()
            .is_some_and(|stored| stored == handle.to_string())
    }) else {
        count_unknown(&state, &ip).await?;
        tracing::info!("passkey sign-in with an unknown passkey");
        return Err(passkey_refused());
    };
    // The same counters as a password: per account and address, per address, per account.
    let account: String = row.try_get("email_normalized")?;
    count_attempt(&state, &account, &ip).await?;
    let mut tx = db::begin_write(&state.pool).await?;
    let ceremony: DiscoverableAuthentication =
        take_challenge(&mut tx, Ceremony::Login, None, &req.challenge_id).await?;
    tx.commit().await?;
    let mut passkey: Passkey =
        serde_json::from_str(&row.try_get::<String, _>("credential")?).map_err(internal)?;
    let Ok(result) = rp.finish_discoverable_authentication_v2(&credential, ceremony, &passkey)
    else {
        tracing::info!("passkey sign-in failed");
        return Err(passkey_refused());
    };
    passkey.update_credential(&result);
    let mut tx = db::begin_write(&state.pool).await?;
    throttle::forgive(&mut tx, &account, &ip).await?;
    sqlx::query("UPDATE passkeys SET credential = $1, last_used_at = $2 WHERE id = $3")
        .bind(serde_json::to_string(&passkey).map_err(internal)?)
        .bind(db::now())
        .bind(row.try_get::<i64, _>("passkey_id")?)
        .execute(&mut *tx)
        .await?;
    let session = start_session(&state, &mut tx, &row).await?;
    tx.commit().await?;
    tracing::info!(user_id = session.user.id, "signed in with a passkey");
    Ok(Json(session))
}

/// A passkey nobody has: counted as a failed sign-in from this address.
async fn count_unknown(state: &AppState, ip: &str) -> Result<(), AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    throttle::take(&mut tx, &[(&throttle::IP, ip)]).await?;
    tx.commit().await?;
    Ok(())
}

#[derive(Serialize, ToSchema)]
pub struct PasskeySummary {
    pub id: i64,
    pub name: String,
    /// UTC, RFC 3339.
    pub created_at: String,
    /// UTC, RFC 3339; None: never used to sign in.
    pub last_used_at: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct PasskeyOverview {
    /// Whether this site's address allows passkeys at all.
    pub available: bool,
    /// A password alone is refused for this account.
    pub required: bool,
    /// A reset link set a new password: add a new passkey (then it is required again).
    pub waiting_for_new_passkey: bool,
    /// How many passkeys one account may keep.
    pub max: i64,
    /// Oldest first.
    pub passkeys: Vec<PasskeySummary>,
}

#[derive(Deserialize, ToSchema)]
pub struct NewPasskey {
    pub challenge_id: String,
    /// Her name for it ("Laptop", "Telefoon"), 1–60 characters.
    pub name: String,
    /// The `PublicKeyCredential` from `navigator.credentials.create`, as JSON (base64url).
    #[schema(value_type = Object)]
    pub credential: serde_json::Value,
}

#[derive(Deserialize, ToSchema)]
pub struct PasskeyName {
    pub name: String,
}

#[derive(Deserialize, ToSchema)]
pub struct PasskeyRequirement {
    pub required: bool,
}

/// The name, trimmed, or the Dutch field error.
fn valid_name(input: &str) -> Result<String, AppError> {
    let name = input.trim();
    let problem = if name.is_empty() {
        Some("Geef je passkey een naam, bijvoorbeeld ‘Laptop’ of ‘Telefoon’.".to_string())
    } else if name.chars().count() > NAME_MAX_CHARS {
        Some(format!(
            "Kies een naam van hoogstens {NAME_MAX_CHARS} tekens."
        ))
    } else if name.chars().any(char::is_control) {
        Some("Een naam kan geen tabs of regeleinden bevatten.".to_string())
    } else {
        None
    };
    match problem {
        Some(message) => Err(AppError::fields(BTreeMap::from([("name", message)]))),
        None => Ok(name.to_string()),
    }
}

async fn policy_of(tx: &mut Tx, user_id: i64) -> Result<PasskeyPolicy, AppError> {
    Ok(
        sqlx::query("SELECT passkey_policy FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_one(&mut **tx)
            .await?
            .try_get("passkey_policy")?,
    )
}

async fn count_of(tx: &mut Tx, user_id: i64) -> Result<i64, AppError> {
    Ok(
        sqlx::query("SELECT COUNT(*) AS n FROM passkeys WHERE user_id = $1")
            .bind(user_id)
            .fetch_one(&mut **tx)
            .await?
            .try_get("n")?,
    )
}

fn summary(row: &sqlx::any::AnyRow) -> Result<PasskeySummary, sqlx::Error> {
    Ok(PasskeySummary {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        created_at: row.try_get("created_at")?,
        last_used_at: row.try_get("last_used_at")?,
    })
}

async fn overview(
    state: &AppState,
    tx: &mut Tx,
    user_id: i64,
) -> Result<PasskeyOverview, AppError> {
    let policy = policy_of(tx, user_id).await?;
    let passkeys = sqlx::query(
        "SELECT id, name, created_at, last_used_at FROM passkeys WHERE user_id = $1 \
         ORDER BY created_at, id",
    )
    .bind(user_id)
    .fetch_all(&mut **tx)
    .await?
    .iter()
    .map(summary)
    .collect::<Result<Vec<_>, _>>()?;
    Ok(PasskeyOverview {
        available: state.passkeys.is_some(),
        required: policy == PasskeyPolicy::Required,
        waiting_for_new_passkey: policy == PasskeyPolicy::AfterReset,
        max: MAX_PASSKEYS,
        passkeys,
    })
}

fn too_many() -> AppError {
    AppError::Conflict(format!(
        "Je hebt al {MAX_PASSKEYS} passkeys. Verwijder er eerst een die je niet meer gebruikt."
    ))
}

#[utoipa::path(
    get,
    path = "/admin/passkeys",
    operation_id = "admin_list_passkeys",
    tag = "admin",
    responses(
        (status = 200, description = "The signed-in admin's own passkeys and whether one is required", body = PasskeyOverview),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    Extension(me): Extension<CurrentUser>,
) -> Result<Json<PasskeyOverview>, AppError> {
    let mut tx = state.pool.begin().await?;
    let overview = overview(&state, &mut tx, me.id).await?;
    tx.commit().await?;
    Ok(Json(overview))
}

#[utoipa::path(
    post,
    path = "/admin/passkeys/options",
    operation_id = "admin_passkey_options",
    tag = "admin",
    responses(
        (status = 200, description = "A ceremony to add a passkey to the signed-in admin's account", body = PasskeyChallenge),
        (status = 409, description = "She has the most passkeys allowed already, or the site's address allows none", body = ErrorBody),
    )
)]
pub async fn add_options(
    State(state): State<AppState>,
    Extension(me): Extension<CurrentUser>,
) -> Result<Json<PasskeyChallenge>, AppError> {
    let rp = rp(&state)?;
    let mut tx = db::begin_write(&state.pool).await?;
    if count_of(&mut tx, me.id).await? >= MAX_PASSKEYS {
        return Err(too_many());
    }
    let user = sqlx::query("SELECT email, passkey_handle FROM users WHERE id = $1")
        .bind(me.id)
        .fetch_one(&mut *tx)
        .await?;
    let email: String = user.try_get("email")?;
    let handle = match user.try_get::<Option<String>, _>("passkey_handle")? {
        Some(stored) => Uuid::parse_str(&stored).map_err(internal)?,
        None => {
            let handle = Uuid::new_v4();
            sqlx::query("UPDATE users SET passkey_handle = $1 WHERE id = $2")
                .bind(handle.to_string())
                .bind(me.id)
                .execute(&mut *tx)
                .await?;
            handle
        }
    };
    let existing = sqlx::query("SELECT credential FROM passkeys WHERE user_id = $1")
        .bind(me.id)
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(|row| {
            let passkey: Passkey =
                serde_json::from_str(&row.try_get::<String, _>("credential")?).map_err(internal)?;
            Ok(passkey.cred_id().clone())
        })
        .collect::<Result<Vec<_>, AppError>>()?;
    let (options, ceremony): (CreationChallengeResponse, PasskeyRegistration) = rp
        .start_passkey_registration(handle, &email, &email, Some(existing))
        .map_err(internal)?;
    let mut options = serde_json::to_value(options).map_err(internal)?;
    // Sign-in starts without an e-mail address, so the passkey must be discoverable: the
    // authenticator keeps it with the user handle (the library leaves that to the device).
    if let Some(selection) = options
        .pointer_mut("/publicKey/authenticatorSelection")
        .and_then(|s| s.as_object_mut())
    {
        selection.insert("residentKey".into(), "required".into());
        selection.insert("requireResidentKey".into(), true.into());
    }
    let challenge_id = store_challenge(&mut tx, Ceremony::Register, Some(me.id), &ceremony).await?;
    tx.commit().await?;
    Ok(Json(PasskeyChallenge {
        challenge_id,
        options,
    }))
}

#[utoipa::path(
    post,
    path = "/admin/passkeys",
    operation_id = "admin_add_passkey",
    tag = "admin",
    request_body = NewPasskey,
    responses(
        (status = 201, description = "Added to the signed-in admin's account (after a reset, the requirement is back on)", body = PasskeySummary),
        (status = 400, description = "The ceremony expired, was used already or is another admin's", body = ErrorBody),
        (status = 409, description = "The most passkeys allowed, or this passkey is saved already", body = ErrorBody),
        (status = 422, description = "No name, a name too long, or the answer does not verify", body = ErrorBody),
    )
)]
pub async fn add(
    State(state): State<AppState>,
    Extension(me): Extension<CurrentUser>,
    ApiJson(req): ApiJson<NewPasskey>,
) -> Result<(StatusCode, Json<PasskeySummary>), AppError> {
    let rp = rp(&state)?;
    let name = valid_name(&req.name)?;
    let credential: RegisterPublicKeyCredential =
        serde_json::from_value(req.credential).map_err(|_| unreadable())?;
    let mut tx = db::begin_write(&state.pool).await?;
    let ceremony: PasskeyRegistration =
        take_challenge(&mut tx, Ceremony::Register, Some(me.id), &req.challenge_id).await?;
    // The challenge is used up whatever follows.
    tx.commit().await?;
    let passkey = rp
        .finish_passkey_registration(&credential, &ceremony)
        .map_err(|e| {
            tracing::info!(error = %e, "passkey registration refused");
            AppError::invalid("Deze passkey kon niet bewaard worden. Probeer het opnieuw.")
        })?;
    let mut tx = db::begin_write(&state.pool).await?;
    // Lock her row (PostgreSQL; SQLite's BEGIN IMMEDIATE serializes already), so two additions
    // at once cannot both see room for one more.
    sqlx::query("UPDATE users SET updated_at = updated_at WHERE id = $1")
        .bind(me.id)
        .execute(&mut *tx)
        .await?;
    if count_of(&mut tx, me.id).await? >= MAX_PASSKEYS {
        return Err(too_many());
    }
    let now = db::now();
    let inserted = sqlx::query(
        "INSERT INTO passkeys (user_id, credential_id, name, credential, created_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(me.id)
    .bind(URL_SAFE_NO_PAD.encode(passkey.cred_id()))
    .bind(&name)
    .bind(serde_json::to_string(&passkey).map_err(internal)?)
    .bind(&now)
    .execute(&mut *tx)
    .await;
    if let Err(e) = &inserted
        && db::is_unique_violation(e)
    {
        return Err(AppError::Conflict("Deze passkey is al bewaard.".into()));
    }
    inserted?;
    // After a reset, the new passkey brings the requirement back.
    sqlx::query("UPDATE users SET passkey_policy = $1 WHERE id = $2 AND passkey_policy = $3")
        .bind(PasskeyPolicy::Required)
        .bind(me.id)
        .bind(PasskeyPolicy::AfterReset)
        .execute(&mut *tx)
        .await?;
    let row = sqlx::query(
        "SELECT id, name, created_at, last_used_at FROM passkeys WHERE credential_id = $1",
    )
    .bind(URL_SAFE_NO_PAD.encode(passkey.cred_id()))
    .fetch_one(&mut *tx)
    .await?;
    let added = summary(&row)?;
    tx.commit().await?;
    tracing::info!(user_id = me.id, "passkey added");
    Ok((StatusCode::CREATED, Json(added)))
}

fn not_yours() -> AppError {
    AppError::NotFound("Deze passkey bestaat niet (meer).".into())
}

#[utoipa::path(
    put,
    path = "/admin/passkeys/{id}",
    operation_id = "admin_rename_passkey",
    tag = "admin",
    request_body = PasskeyName,
    params(("id" = i64, Path, description = "Passkey id")),
    responses(
        (status = 200, description = "Renamed", body = PasskeySummary),
        (status = 404, description = "Not one of the signed-in admin's passkeys", body = ErrorBody),
        (status = 422, description = "No name, or too long", body = ErrorBody),
    )
)]
pub async fn rename(
    State(state): State<AppState>,
    Extension(me): Extension<CurrentUser>,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<PasskeyName>,
) -> Result<Json<PasskeySummary>, AppError> {
    let name = valid_name(&req.name)?;
    let mut tx = db::begin_write(&state.pool).await?;
    let changed = sqlx::query("UPDATE passkeys SET name = $1 WHERE id = $2 AND user_id = $3")
        .bind(&name)
        .bind(id)
        .bind(me.id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if changed != 1 {
        return Err(not_yours());
    }
    let row = sqlx::query("SELECT id, name, created_at, last_used_at FROM passkeys WHERE id = $1")
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    let renamed = summary(&row)?;
    tx.commit().await?;
    Ok(Json(renamed))
}

#[utoipa::path(
    delete,
    path = "/admin/passkeys/{id}",
    operation_id = "admin_remove_passkey",
    tag = "admin",
    params(("id" = i64, Path, description = "Passkey id")),
    responses(
        (status = 204, description = "Removed: it signs in no more"),
        (status = 404, description = "Not one of the signed-in admin's passkeys", body = ErrorBody),
        (status = 409, description = "Her last passkey while one is required: turn the requirement off first", body = ErrorBody),
    )
)]
pub async fn remove(
    State(state): State<AppState>,
    Extension(me): Extension<CurrentUser>,
    ApiPath(id): ApiPath<i64>,
) -> Result<StatusCode, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    sqlx::query("UPDATE users SET updated_at = updated_at WHERE id = $1")
        .bind(me.id)
        .execute(&mut *tx)
        .await?;
    let exists = sqlx::query("SELECT id FROM passkeys WHERE id = $1 AND user_id = $2")
        .bind(id)
        .bind(me.id)
        .fetch_optional(&mut *tx)
        .await?
        .is_some();
    if !exists {
        return Err(not_yours());
    }
    if policy_of(&mut tx, me.id).await? == PasskeyPolicy::Required
        && count_of(&mut tx, me.id).await? <= 1
    {
        return Err(AppError::Conflict(
            "Dit is je laatste passkey, en voor je account is een passkey verplicht. Voeg eerst \
             een andere toe, of zet ‘Passkey verplicht’ uit."
                .into(),
        ));
    }
    sqlx::query("DELETE FROM passkeys WHERE id = $1 AND user_id = $2")
        .bind(id)
        .bind(me.id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    tracing::info!(user_id = me.id, "passkey removed");
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(
    put,
    path = "/admin/passkeys/requirement",
    operation_id = "admin_require_passkey",
    tag = "admin",
    request_body = PasskeyRequirement,
    responses(
        (status = 200, description = "Whether the signed-in admin's password alone still signs in", body = PasskeyOverview),
        (status = 409, description = "Required without any passkey, or the site's address allows none", body = ErrorBody),
    )
)]
pub async fn set_requirement(
    State(state): State<AppState>,
    Extension(me): Extension<CurrentUser>,
    ApiJson(req): ApiJson<PasskeyRequirement>,
) -> Result<Json<PasskeyOverview>, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    sqlx::query("UPDATE users SET updated_at = updated_at WHERE id = $1")
        .bind(me.id)
        .execute(&mut *tx)
        .await?;
    let policy = if req.required {
        rp(&state)?;
        if count_of(&mut tx, me.id).await? == 0 {
            return Err(AppError::Conflict(
                "Voeg eerst een passkey toe; daarna kan je ze verplicht maken.".into(),
            ));
        }
        PasskeyPolicy::Required
    } else {
        PasskeyPolicy::Optional
    };
    sqlx::query("UPDATE users SET passkey_policy = $1 WHERE id = $2")
        .bind(policy)
        .bind(me.id)
        .execute(&mut *tx)
        .await?;
    let overview = overview(&state, &mut tx, me.id).await?;
    tx.commit().await?;
    tracing::info!(
        user_id = me.id,
        required = req.required,
        "passkey requirement set"
    );
    Ok(Json(overview))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn origins(public_url: &str) -> Option<Vec<String>> {
        relying_party(public_url, "In Lumine").map(|rp| {
            rp.get_allowed_origins()
                .iter()
                .map(|o| o.to_string())
                .collect()
        })
    }

    #[test]
    fn the_relying_party_is_the_public_address() {
        assert_eq!(
            origins("https://www.inlumine.be"),
            Some(vec!["https://www.inlumine.be/".to_string()])
        );
        assert_eq!(
            origins("https://inlumine.be:8443/"),
            Some(vec!["https://inlumine.be:8443/".to_string()])
        );
        // Browsers take no IP address as RP ID and allow plain http only on localhost: a
        // loopback server is reached as localhost, on the same port.
        assert_eq!(
            origins("http://127.0.0.1:5173"),
            Some(vec!["http://localhost:5173/".to_string()])
        );
        assert_eq!(
            origins("http://[::1]:8080"),
            Some(vec!["http://localhost:8080/".to_string()])
        );
        assert_eq!(origins("http://192.0.2.7"), None);
        assert_eq!(origins("not a url"), None);
    }
}
