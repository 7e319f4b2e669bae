//! Admin accounts: sign-in, rotating refresh tokens, sign-out and the guard on `/api/admin`.
pub mod accounts;
mod mail;
pub mod passkeys;
pub mod password;
pub(crate) mod throttle;
pub mod users;

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::http::header::AUTHORIZATION;
use axum::middleware::Next;
use axum::response::Response;
use axum::{Extension, Json};
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kit::access_tokens::Role;
use crate::kit::db::{self, Tx};
use crate::kit::error::{ApiJson, AppError, ErrorBody, ErrorCode};
use crate::kit::secret_token::{hash_token, new_token};
use crate::platform::client_ip::ClientIp;
use crate::platform::outbox;
use crate::platform::state::AppState;

/// A second refresh with the same token within this window is two tabs racing, not theft.
const REUSE_GRACE: SignedDuration = SignedDuration::from_secs(10);

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(refresh))
        .routes(routes!(logout))
        .routes(routes!(accounts::password_forgotten))
        .routes(routes!(accounts::reset_password))
        .routes(routes!(accounts::accept_invitation))
        .routes(routes!(passkeys::sign_in_options))
        .routes(routes!(passkeys::sign_in))
}

/// Who is signed in, and the other admin accounts, under `/api/admin`.
pub mod admin {
    use utoipa_axum::router::OpenApiRouter;
    use utoipa_axum::routes;

    use crate::platform::state::AppState;

    pub fn routes() -> OpenApiRouter<AppState> {
        OpenApiRouter::new()
            .routes(routes!(super::me))
            .routes(routes!(super::accounts::list_accounts))
            .routes(routes!(super::accounts::invite_admin))
            .routes(routes!(super::accounts::remove_admin))
            .routes(routes!(super::accounts::revoke_invitation))
            .routes(routes!(super::passkeys::list, super::passkeys::add))
            .routes(routes!(super::passkeys::add_options))
            .routes(routes!(super::passkeys::rename, super::passkeys::remove))
            .routes(routes!(super::passkeys::set_requirement))
    }
}

#[derive(Deserialize, ToSchema)]
pub struct LoginRequest {
    pub email: String,
    pub password: String,
}

#[derive(Deserialize, ToSchema)]
pub struct RefreshRequest {
    pub refresh_token: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SessionUser {
    pub id: i64,
    pub email: String,
    pub role: Role,
}

#[derive(Serialize, ToSchema)]
pub struct Session {
    /// Send as `Authorization: Bearer …` to /api/admin.
    pub access_token: String,
    /// Opaque; exchange it at /api/auth/refresh before the access token expires. Single use.
    pub refresh_token: String,
    /// Lifetime of the access token in seconds.
    pub expires_in: i64,
    /// UTC, RFC 3339: when the access token expires.
    pub expires_at: String,
    pub user: SessionUser,
    /// A reset link set a new password on an account that requires a passkey: ask her to add a
    /// new passkey now (password sign-ins work until she does).
    pub ask_for_passkey: bool,
}

/// The signed-in admin, put in the request by the guard.
#[derive(Debug, Clone)]
pub struct CurrentUser {
    pub id: i64,
}

fn invalid_credentials() -> AppError {
    AppError::Unauthorized {
        code: ErrorCode::InvalidCredentials,
        message: "Dit e-mailadres of wachtwoord klopt niet.".into(),
    }
}

fn passkey_required() -> AppError {
    AppError::Unauthorized {
        code: ErrorCode::PasskeyRequired,
        message: "Voor dit account is een passkey verplicht: een wachtwoord alleen is niet genoeg. \
                  Meld je aan met je passkey, of vraag een nieuw wachtwoord aan als je die kwijt bent."
            .into(),
    }
}

fn session_expired() -> AppError {
    AppError::Unauthorized {
        code: ErrorCode::SessionExpired,
        message: "Je sessie is verlopen. Meld je opnieuw aan.".into(),
    }
}

fn unauthorized() -> AppError {
    AppError::Unauthorized {
        code: ErrorCode::Unauthorized,
        message: "Meld je aan om het beheer te gebruiken.".into(),
    }
}

#[utoipa::path(
    post,
    path = "/auth/login",
    operation_id = "login",
    tag = "auth",
    request_body = LoginRequest,
    responses(
        (status = 200, description = "Signed in", body = Session),
        (status = 401, description = "Wrong e-mail or password (never says which), or (code passkey_required) the right password of an account that requires a passkey", body = ErrorBody),
        (status = 422, description = "A field is empty", body = ErrorBody),
        (status = 429, description = "Too many failed sign-ins; see Retry-After", body = ErrorBody),
        (status = 503, description = "Too many passwords being checked at once; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(req): ApiJson<LoginRequest>,
) -> Result<Json<Session>, AppError> {
    let mut fields = std::collections::BTreeMap::new();
    if req.email.trim().is_empty() {
        fields.insert("email", "Vul je e-mailadres in.".to_string());
    }
    if req.password.is_empty() {
        fields.insert("password", "Vul je wachtwoord in.".to_string());
    }
    if !fields.is_empty() {
        return Err(AppError::fields(fields));
    }
    if req.email.len() > 254 || req.password.len() > 1000 {
        return Err(invalid_credentials());
    }
    let account = req.email.trim().to_lowercase();
    count_attempt(&state, &account, &ip).await?;

    let user =
        sqlx::query("SELECT id, email, password_hash, role, passkey_policy FROM users WHERE email_normalized = $1")
            .bind(&account)
            .fetch_optional(&state.pool)
            .await?;
    let stored = match &user {
        Some(row) => row.try_get::<String, _>("password_hash")?,
        None => password::dummy_hash().to_string(),
    };
    let password = req.password;
    let matches = state
        .hashes
        .run(move || password::verify(&password, &stored))
        .await?;

    let (Some(row), true) = (user, matches) else {
        // The attempt was counted before the hash; nothing more to write.
        tracing::info!("sign-in failed");
        return Err(invalid_credentials());
    };
    // Only once the password is right: a guesser learns nothing about the account before.
    // The attempt stays counted; a password alone never signs in here.
    if row.try_get::<passkeys::PasskeyPolicy, _>("passkey_policy")?
        == passkeys::PasskeyPolicy::Required
    {
        tracing::info!("password sign-in refused: a passkey is required");
        return Err(passkey_required());
    }
    let mut tx = db::begin_write(&state.pool).await?;
    throttle::forgive(&mut tx, &account, &ip).await?;
    let session = start_session(&state, &mut tx, &row).await?;
    tx.commit().await?;
    tracing::info!(user_id = session.user.id, "signed in");
    Ok(Json(session))
}

/// The session of an admin whose password or passkey was just proven (`row`: the account's id,
/// email and role). A sign-in starts a new token family.
pub(super) async fn start_session(
    state: &AppState,
    tx: &mut Tx,
    row: &sqlx::any::AnyRow,
) -> Result<Session, AppError> {
    // Housekeeping: expired refresh tokens can never be used again.
    sqlx::query("DELETE FROM refresh_tokens WHERE expires_at <= $1")
        .bind(db::now())
        .execute(&mut **tx)
        .await?;
    let user = SessionUser {
        id: row.try_get("id")?,
        email: row.try_get("email")?,
        role: row.try_get("role")?,
    };
    issue(state, tx, user, &new_token()).await
}

/// Counts the sign-in attempt before the password (or passkey) is checked (429 when a counter is full), and
/// when this attempt fills the account's ceiling, tells the account holder once per window.
pub(super) async fn count_attempt(
    state: &AppState,
    account: &str,
    ip: &str,
) -> Result<(), AppError> {
    let pair = throttle::pair_key(account, ip);
    let mut tx = db::begin_write(&state.pool).await?;
    let reached = throttle::take(
        &mut tx,
        &[
            (&throttle::PAIR, &pair),
            (&throttle::IP, ip),
            (&throttle::ACCOUNT, account),
        ],
    )
    .await?;
    let mut mailed = false;
    if reached
        .iter()
        .any(|rule| rule.scope == throttle::ACCOUNT.scope)
    {
        let email: Option<String> =
            sqlx::query("SELECT email FROM users WHERE email_normalized = $1")
                .bind(account)
                .fetch_optional(&mut *tx)
                .await?
                .map(|row| row.try_get("email"))
                .transpose()?;
        if let Some(email) = email {
            outbox::enqueue_email(&mut tx, &mail::ceiling_reached(state, &email)).await?;
            mailed = true;
        }
        throttle::mark_alerted(&mut tx, &throttle::ACCOUNT, account).await?;
        tracing::warn!("sign-in ceiling reached for an account");
    }
    tx.commit().await?;
    if mailed {
        state.outbox_notify.notify_one();
    }
    Ok(())
}

/// Stores a new refresh token in `family` and signs an access token for `user`. The access
/// token names its session by a new random id of its own; like the refresh token, only its
/// SHA-256 is stored, so the database never holds what a client presents (the family id is
/// internal and never leaves the server).
async fn issue(
    state: &AppState,
    tx: &mut Tx,
    user: SessionUser,
    family: &str,
) -> Result<Session, AppError> {
    let refresh_token = new_token();
    let session = new_token();
    let now = Timestamp::now();
    let expires = now + SignedDuration::from_hours(24 * state.auth.refresh_ttl_days);
    sqlx::query(
        "INSERT INTO refresh_tokens (user_id, family_id, token_hash, session_hash, created_at, \
         expires_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(user.id)
    .bind(family)
    .bind(hash_token(&refresh_token))
    .bind(hash_token(&session))
    .bind(db::format_ts(now))
    .bind(db::format_ts(expires))
    .execute(&mut **tx)
    .await?;
    let (access_token, expires_at) = state.auth.issue_access(user.id, user.role, &session)?;
    let policy: passkeys::PasskeyPolicy =
        sqlx::query("SELECT passkey_policy FROM users WHERE id = $1")
            .bind(user.id)
            .fetch_one(&mut **tx)
            .await?
            .try_get("passkey_policy")?;
    Ok(Session {
        ask_for_passkey: policy == passkeys::PasskeyPolicy::AfterReset,
        access_token,
        refresh_token,
        expires_in: state.auth.access_ttl_secs,
        expires_at: db::format_ts(expires_at),
        user,
    })
}

async fn revoke_family(tx: &mut Tx, family: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE refresh_tokens SET revoked_at = $1 WHERE family_id = $2 AND revoked_at IS NULL",
    )
    .bind(db::now())
    .bind(family)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Signs out every session of the user (a new password): refresh tokens and, through the guard,
/// their access tokens.
pub(crate) async fn revoke_all_sessions(tx: &mut Tx, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE refresh_tokens SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL",
    )
    .bind(db::now())
    .bind(user_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

#[utoipa::path(
    post,
    path = "/auth/refresh",
    operation_id = "refresh_session",
    tag = "auth",
    request_body = RefreshRequest,
    responses(
        (status = 200, description = "A new access token and a new refresh token; the presented one is used up", body = Session),
        (status = 401, description = "Unknown, expired, revoked or reused refresh token (reuse revokes the whole session)", body = ErrorBody),
        (status = 429, description = "Too many refreshes from this client address; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn refresh(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(req): ApiJson<RefreshRequest>,
) -> Result<Json<Session>, AppError> {
    state.limits.refresh_per_ip.admit(&ip).await?;
    let mut tx = db::begin_write(&state.pool).await?;
    let row = sqlx::query(
        "SELECT t.id, t.family_id, t.expires_at, t.used_at, t.revoked_at, u.id AS user_id, u.email, u.role \
         FROM refresh_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1",
    )
    .bind(hash_token(&req.refresh_token))
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(session_expired)?;
    let now = Timestamp::now();
    let family: String = row.try_get("family_id")?;
    let revoked: Option<String> = row.try_get("revoked_at")?;
    let expires = db::parse_ts(&row.try_get::<String, _>("expires_at")?)?;
    if revoked.is_some() || expires <= now {
        return Err(session_expired());
    }
    // Claim the token; zero rows means a concurrent refresh claimed it first.
    let claimed =
        sqlx::query("UPDATE refresh_tokens SET used_at = $1 WHERE id = $2 AND used_at IS NULL")
            .bind(db::format_ts(now))
            .bind(row.try_get::<i64, _>("id")?)
            .execute(&mut *tx)
            .await?
            .rows_affected()
            == 1;
    if !claimed {
        let used_at: Option<String> =
            sqlx::query("SELECT used_at FROM refresh_tokens WHERE id = $1")
                .bind(row.try_get::<i64, _>("id")?)
                .fetch_one(&mut *tx)
                .await?
                .try_get("used_at")?;
        let used_at = used_at.as_deref().map(db::parse_ts).transpose()?;
        if used_at.is_none_or(|used| now.duration_since(used) > REUSE_GRACE) {
            revoke_family(&mut tx, &family).await?;
            tx.commit().await?;
            tracing::warn!(family = %family, "refresh token reused; session revoked");
            return Err(session_expired());
        }
    }
    let user = SessionUser {
        id: row.try_get("user_id")?,
        email: row.try_get("email")?,
        role: row.try_get("role")?,
    };
    let session = issue(&state, &mut tx, user, &family).await?;
    tx.commit().await?;
    Ok(Json(session))
}

#[utoipa::path(
    post,
    path = "/auth/logout",
    operation_id = "logout",
    tag = "auth",
    request_body = RefreshRequest,
    responses(
        (status = 204, description = "The session is revoked (also answered for unknown tokens)"),
        (status = 429, description = "Too many sign-outs from this client address; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn logout(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(req): ApiJson<RefreshRequest>,
) -> Result<StatusCode, AppError> {
    state.limits.logout_per_ip.admit(&ip).await?;
    let mut tx = db::begin_write(&state.pool).await?;
    let family: Option<String> =
        sqlx::query("SELECT family_id FROM refresh_tokens WHERE token_hash = $1")
            .bind(hash_token(&req.refresh_token))
            .fetch_optional(&mut *tx)
            .await?
            .map(|row| row.try_get("family_id"))
            .transpose()?;
    if let Some(family) = family {
        revoke_family(&mut tx, &family).await?;
    }
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The one guard in front of every `/api/admin` route: a valid access token with role admin
/// whose session is still live. The session is looked up on every request (admin traffic is
/// small), so sign-out, a new password, refresh-token reuse or a removed account end its access
/// tokens at once, on every server sharing the database.
pub async fn require_admin(
    State(state): State<AppState>,
    mut req: Request,
    next: Next,
) -> Result<Response, AppError> {
    let claims = req
        .headers()
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .and_then(|token| state.auth.verify_access(token.trim()))
        .ok_or_else(unauthorized)?;
    let id: i64 = claims.sub.parse().map_err(|_| unauthorized())?;
    let role: Role = sqlx::query(
        "SELECT u.role FROM refresh_tokens t JOIN users u ON u.id = t.user_id \
         WHERE t.session_hash = $1 AND t.user_id = $2 AND t.revoked_at IS NULL AND t.expires_at > $3",
    )
    .bind(hash_token(&claims.sid))
    .bind(id)
    .bind(db::now())
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(session_expired)?
    .try_get("role")?;
    if role != Role::Admin {
        return Err(AppError::Forbidden);
    }
    req.extensions_mut().insert(CurrentUser { id });
    Ok(next.run(req).await)
}

#[utoipa::path(
    get,
    path = "/admin/me",
    operation_id = "admin_me",
    tag = "admin",
    responses(
        (status = 200, description = "The signed-in admin", body = SessionUser),
    )
)]
pub async fn me(
    State(state): State<AppState>,
    Extension(user): Extension<CurrentUser>,
) -> Result<Json<SessionUser>, AppError> {
    let row = sqlx::query("SELECT id, email, role FROM users WHERE id = $1")
        .bind(user.id)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(unauthorized)?;
    Ok(Json(SessionUser {
        id: row.try_get("id")?,
        email: row.try_get("email")?,
        role: row.try_get("role")?,
    }))
}
