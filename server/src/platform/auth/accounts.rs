//! Account recovery and more than one admin: a forgotten password gets a single-use link by
//! e-mail; an admin invites another by e-mail and may remove one (never the last).
use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::StatusCode;
use axum::{Extension, Json};
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;

use super::{CurrentUser, Session, SessionUser, issue, mail, password, throttle};
use crate::kit::access_tokens::Role;
use crate::kit::closed_set::closed_set;
use crate::kit::db::{self, Tx};
use crate::kit::domain::EmailAddress;
use crate::kit::error::{ApiJson, ApiPath, AppError, ErrorBody};
use crate::kit::secret_token::{hash_token, new_token};
use crate::platform::client_ip::ClientIp;
use crate::platform::outbox;
use crate::platform::state::AppState;

/// A reset link works this long: short, because it signs in whoever holds the mail.
const RESET_TTL: SignedDuration = SignedDuration::from_hours(1);
/// An invitation waits a week: the invitee may not read her mail the same day.
const INVITE_TTL: SignedDuration = SignedDuration::from_hours(24 * 7);

closed_set! {
    /// What an e-mailed account link does.
    pub enum LinkPurpose {
        Reset = "reset",
        Invite = "invite",
    }
}

#[derive(Deserialize, ToSchema)]
pub struct PasswordForgottenRequest {
    pub email: String,
}

#[derive(Deserialize, ToSchema)]
pub struct NewPasswordRequest {
    /// The token from the e-mailed link.
    pub token: String,
    pub password: String,
}

fn link_unusable() -> AppError {
    AppError::BadRequest(
        "Deze link werkt niet meer: hij is al gebruikt of verlopen. Vraag een nieuwe aan.".into(),
    )
}

/// The e-mail address from a form, or the Dutch field error.
fn parse_email(input: &str) -> Result<EmailAddress, AppError> {
    EmailAddress::parse(input)
        .map_err(|message| AppError::fields(BTreeMap::from([("email", message.to_string())])))
}

/// The new password for a link, hashed, after every cheap check that could refuse it: the
/// password rules, this address's count of link attempts, and a live link of `purpose` behind
/// the token. A guessed token never costs a hash; the link is claimed afterwards, in the write.
async fn hash_for_live_link(
    state: &AppState,
    ip: &str,
    purpose: LinkPurpose,
    req: NewPasswordRequest,
) -> Result<String, AppError> {
    password::validate_new(&req.password)
        .map_err(|p| AppError::fields(BTreeMap::from([("password", p.dutch())])))?;
    let mut tx = db::begin_write(&state.pool).await?;
    throttle::take(&mut tx, &[(&throttle::LINK_IP, ip)]).await?;
    tx.commit().await?;
    if !usable_token(&req.token) {
        return Err(link_unusable());
    }
    let live = sqlx::query(
        "SELECT email_normalized FROM account_links \
         WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3",
    )
    .bind(hash_token(&req.token))
    .bind(purpose)
    .bind(db::now())
    .fetch_optional(&state.pool)
    .await?;
    let Some(live) = live else {
        tracing::info!("unknown or used account link");
        return Err(link_unusable());
    };
    // And per account, whatever the addresses: a live link is tried (and hashed for) a few
    // times at most, even by someone holding it from many addresses.
    let account: String = live.try_get("email_normalized")?;
    let mut tx = db::begin_write(&state.pool).await?;
    throttle::take(&mut tx, &[(&throttle::LINK_ACCOUNT, &account)]).await?;
    tx.commit().await?;
    let new_password = req.password;
    Ok(state
        .hashes
        .run(move || password::hash(&new_password))
        .await??)
}

/// A token of the shape `new_token` makes could be this long; anything else is refused unread.
fn usable_token(token: &str) -> bool {
    !token.is_empty() && token.len() <= 200
}

/// Stores a new single-use link and returns its token (only its hash is kept).
async fn create_link(
    tx: &mut Tx,
    purpose: LinkPurpose,
    user_id: Option<i64>,
    email: &EmailAddress,
    invited_by: Option<i64>,
) -> Result<(String, Timestamp), sqlx::Error> {
    let now = Timestamp::now();
    let expires = now
        + match purpose {
            LinkPurpose::Reset => RESET_TTL,
            LinkPurpose::Invite => INVITE_TTL,
        };
    // One live link per address and purpose: an older one stops working.
    sqlx::query(
        "UPDATE account_links SET expires_at = $1 \
         WHERE purpose = $2 AND email_normalized = $3 AND used_at IS NULL AND expires_at > $1",
    )
    .bind(db::format_ts(now))
    .bind(purpose)
    .bind(email.normalized())
    .execute(&mut **tx)
    .await?;
    let token = new_token();
    sqlx::query(
        "INSERT INTO account_links (purpose, user_id, email, email_normalized, token_hash, \
         invited_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(purpose)
    .bind(user_id)
    .bind(email.as_ref())
    .bind(email.normalized())
    .bind(hash_token(&token))
    .bind(invited_by)
    .bind(db::format_ts(now))
    .bind(db::format_ts(expires))
    .execute(&mut **tx)
    .await?;
    Ok((token, expires))
}

/// Uses up a live link of `purpose`: (user_id, email) of the link, or 400 when it is unknown,
/// used or expired. The claim is one conditional update, so a link works exactly once.
async fn claim_link(
    tx: &mut Tx,
    purpose: LinkPurpose,
    token: &str,
) -> Result<(Option<i64>, String), AppError> {
    if !usable_token(token) {
        return Err(link_unusable());
    }
    let now = db::now();
    let hash = hash_token(token);
    let claimed = sqlx::query(
        "UPDATE account_links SET used_at = $1 \
         WHERE token_hash = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > $1",
    )
    .bind(&now)
    .bind(&hash)
    .bind(purpose)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if claimed != 1 {
        return Err(link_unusable());
    }
    let row = sqlx::query("SELECT user_id, email FROM account_links WHERE token_hash = $1")
        .bind(&hash)
        .fetch_one(&mut **tx)
        .await?;
    Ok((row.try_get("user_id")?, row.try_get("email")?))
}

#[utoipa::path(
    post,
    path = "/auth/password-forgotten",
    operation_id = "password_forgotten",
    tag = "auth",
    request_body = PasswordForgottenRequest,
    responses(
        (status = 202, description = "If an admin has this address, a single-use link (1 hour) is on its way; the same answer when nobody has it"),
        (status = 422, description = "Not an e-mail address", body = ErrorBody),
        (status = 429, description = "Asked too often for this address or from this client; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn password_forgotten(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(req): ApiJson<PasswordForgottenRequest>,
) -> Result<StatusCode, AppError> {
    let email = parse_email(&req.email)?;
    let mut tx = db::begin_write(&state.pool).await?;
    let normalized = email.normalized();
    throttle::take(
        &mut tx,
        &[
            (&throttle::RESET_EMAIL, &normalized),
            (&throttle::RESET_IP, &ip),
        ],
    )
    .await?;
    let user = sqlx::query("SELECT id, email FROM users WHERE email_normalized = $1 AND role = $2")
        .bind(&normalized)
        .bind(Role::Admin)
        .fetch_optional(&mut *tx)
        .await?;
    let mailed = match user {
        Some(row) => {
            let stored = EmailAddress::parse(&row.try_get::<String, _>("email")?)
                .map_err(|e| anyhow::anyhow!("stored admin address is invalid: {e}"))?;
            let (token, _) = create_link(
                &mut tx,
                LinkPurpose::Reset,
                Some(row.try_get("id")?),
                &stored,
                None,
            )
            .await?;
            let url = format!("{}/admin/nieuw-wachtwoord?token={token}", state.public_url);
            outbox::enqueue_email(
                &mut tx,
                &mail::password_reset(&state, stored.as_ref(), &url).with_secret(&token),
            )
            .await?;
            true
        }
        None => false,
    };
    tx.commit().await?;
    if mailed {
        state.outbox_notify.notify_one();
    }
    tracing::info!("password reset asked");
    Ok(StatusCode::ACCEPTED)
}

#[utoipa::path(
    post,
    path = "/auth/password-reset",
    operation_id = "reset_password",
    tag = "auth",
    request_body = NewPasswordRequest,
    responses(
        (status = 200, description = "The new password is set, every earlier session is signed out, and this is a new session; a required passkey waits for a new one (ask_for_passkey)", body = Session),
        (status = 400, description = "The link is unknown, used or expired", body = ErrorBody),
        (status = 422, description = "The password does not meet the rules", body = ErrorBody),
        (status = 429, description = "Too many link attempts from this client, or for this account; see Retry-After", body = ErrorBody),
        (status = 503, description = "Too many passwords being hashed at once; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn reset_password(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(req): ApiJson<NewPasswordRequest>,
) -> Result<Json<Session>, AppError> {
    let token = req.token.clone();
    let hash = hash_for_live_link(&state, &ip, LinkPurpose::Reset, req).await?;
    let mut tx = db::begin_write(&state.pool).await?;
    let (user_id, _) = claim_link(&mut tx, LinkPurpose::Reset, &token).await?;
    let row = sqlx::query("SELECT id, email, email_normalized, role FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or_else(link_unusable)?;
    let now = db::now();
    // A required passkey waits for a new one: the link is the way back when it is lost.
    sqlx::query(
        "UPDATE users SET password_hash = $1, updated_at = $2, passkey_policy = CASE \
         WHEN passkey_policy = $4 THEN $5 ELSE passkey_policy END WHERE id = $3",
    )
    .bind(&hash)
    .bind(&now)
    .bind(user_id)
    .bind(super::passkeys::PasskeyPolicy::Required)
    .bind(super::passkeys::PasskeyPolicy::AfterReset)
    .execute(&mut *tx)
    .await?;
    super::revoke_all_sessions(&mut tx, row.try_get("id")?).await?;
    // The account's owner proved herself: earlier wrong guesses no longer hold her back.
    throttle::clear_account(&mut tx, &row.try_get::<String, _>("email_normalized")?).await?;
    let user = SessionUser {
        id: row.try_get("id")?,
        email: row.try_get("email")?,
        role: row.try_get("role")?,
    };
    let session = issue(&state, &mut tx, user, &new_token()).await?;
    tx.commit().await?;
    tracing::info!(user_id = session.user.id, "password reset");
    Ok(Json(session))
}

#[utoipa::path(
    post,
    path = "/auth/invitation",
    operation_id = "accept_invitation",
    tag = "auth",
    request_body = NewPasswordRequest,
    responses(
        (status = 200, description = "The admin account exists now and this is its first session", body = Session),
        (status = 400, description = "The invitation is unknown, used or expired", body = ErrorBody),
        (status = 409, description = "An account with this address exists already", body = ErrorBody),
        (status = 422, description = "The password does not meet the rules", body = ErrorBody),
        (status = 429, description = "Too many link attempts from this client, or for this account; see Retry-After", body = ErrorBody),
        (status = 503, description = "Too many passwords being hashed at once; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn accept_invitation(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(req): ApiJson<NewPasswordRequest>,
) -> Result<Json<Session>, AppError> {
    let token = req.token.clone();
    let hash = hash_for_live_link(&state, &ip, LinkPurpose::Invite, req).await?;
    let mut tx = db::begin_write(&state.pool).await?;
    let (_, email) = claim_link(&mut tx, LinkPurpose::Invite, &token).await?;
    let email = EmailAddress::parse(&email)
        .map_err(|e| anyhow::anyhow!("stored invitation address is invalid: {e}"))?;
    let now = db::now();
    let inserted = sqlx::query(
        "INSERT INTO users (email, email_normalized, password_hash, role, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $5)",
    )
    .bind(email.as_ref())
    .bind(email.normalized())
    .bind(&hash)
    .bind(Role::Admin)
    .bind(&now)
    .execute(&mut *tx)
    .await;
    if let Err(e) = &inserted
        && db::is_unique_violation(e)
    {
        return Err(AppError::Conflict(
            "Er bestaat al een account met dit e-mailadres. Meld je aan, of kies ‘Wachtwoord vergeten?’."
                .into(),
        ));
    }
    inserted?;
    let id: i64 = sqlx::query("SELECT id FROM users WHERE email_normalized = $1")
        .bind(email.normalized())
        .fetch_one(&mut *tx)
        .await?
        .try_get("id")?;
    let user = SessionUser {
        id,
        email: email.as_ref().to_string(),
        role: Role::Admin,
    };
    let session = issue(&state, &mut tx, user, &new_token()).await?;
    tx.commit().await?;
    tracing::info!(user_id = id, "invitation accepted");
    Ok(Json(session))
}

#[derive(Serialize, ToSchema)]
pub struct AdminAccount {
    pub id: i64,
    pub email: String,
    /// UTC, RFC 3339.
    pub created_at: String,
    /// The signed-in admin herself.
    pub is_you: bool,
}

#[derive(Serialize, ToSchema)]
pub struct PendingInvitation {
    pub id: i64,
    pub email: String,
    /// UTC, RFC 3339: the link stops working then.
    pub expires_at: String,
}

#[derive(Serialize, ToSchema)]
pub struct AdminAccounts {
    /// Oldest first.
    pub admins: Vec<AdminAccount>,
    /// Invitations not used yet and not expired, newest first.
    pub invitations: Vec<PendingInvitation>,
}

#[derive(Deserialize, ToSchema)]
pub struct InvitationInput {
    pub email: String,
}

#[utoipa::path(
    get,
    path = "/admin/accounts",
    operation_id = "admin_list_accounts",
    tag = "admin",
    responses(
        (status = 200, description = "The admins and the open invitations", body = AdminAccounts),
    )
)]
pub async fn list_accounts(
    State(state): State<AppState>,
    Extension(me): Extension<CurrentUser>,
) -> Result<Json<AdminAccounts>, AppError> {
    let admins = sqlx::query(
        "SELECT id, email, created_at FROM users WHERE role = $1 ORDER BY created_at, id",
    )
    .bind(Role::Admin)
    .fetch_all(&state.pool)
    .await?
    .iter()
    .map(|row| {
        let id: i64 = row.try_get("id")?;
        Ok(AdminAccount {
            id,
            email: row.try_get("email")?,
            created_at: row.try_get("created_at")?,
            is_you: id == me.id,
        })
    })
    .collect::<Result<Vec<_>, sqlx::Error>>()?;
    let invitations = sqlx::query(
        "SELECT id, email, expires_at FROM account_links \
         WHERE purpose = $1 AND used_at IS NULL AND expires_at > $2 ORDER BY id DESC",
    )
    .bind(LinkPurpose::Invite)
    .bind(db::now())
    .fetch_all(&state.pool)
    .await?
    .iter()
    .map(|row| {
        Ok(PendingInvitation {
            id: row.try_get("id")?,
            email: row.try_get("email")?,
            expires_at: row.try_get("expires_at")?,
        })
    })
    .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(Json(AdminAccounts {
        admins,
        invitations,
    }))
}

#[utoipa::path(
    post,
    path = "/admin/accounts/invitations",
    operation_id = "admin_invite",
    tag = "admin",
    request_body = InvitationInput,
    responses(
        (status = 201, description = "The invitation (single use, 7 days) is on its way; an earlier one to this address stops working", body = PendingInvitation),
        (status = 409, description = "This address has an account already", body = ErrorBody),
        (status = 422, description = "Not an e-mail address", body = ErrorBody),
    )
)]
pub async fn invite_admin(
    State(state): State<AppState>,
    Extension(me): Extension<CurrentUser>,
    ApiJson(input): ApiJson<InvitationInput>,
) -> Result<(StatusCode, Json<PendingInvitation>), AppError> {
    let email = parse_email(&input.email)?;
    let mut tx = db::begin_write(&state.pool).await?;
    let exists = sqlx::query("SELECT id FROM users WHERE email_normalized = $1")
        .bind(email.normalized())
        .fetch_optional(&mut *tx)
        .await?
        .is_some();
    if exists {
        return Err(AppError::Conflict(
            "Dit e-mailadres heeft al een account.".into(),
        ));
    }
    let inviter: String = sqlx::query("SELECT email FROM users WHERE id = $1")
        .bind(me.id)
        .fetch_one(&mut *tx)
        .await?
        .try_get("email")?;
    let (token, expires) =
        create_link(&mut tx, LinkPurpose::Invite, None, &email, Some(me.id)).await?;
    let id: i64 = sqlx::query("SELECT id FROM account_links WHERE token_hash = $1")
        .bind(hash_token(&token))
        .fetch_one(&mut *tx)
        .await?
        .try_get("id")?;
    let url = format!("{}/admin/uitnodiging?token={token}", state.public_url);
    outbox::enqueue_email(
        &mut tx,
        &mail::invitation(&state, email.as_ref(), &inviter, &url).with_secret(&token),
    )
    .await?;
    tx.commit().await?;
    state.outbox_notify.notify_one();
    tracing::info!(invited_by = me.id, "admin invited");
    Ok((
        StatusCode::CREATED,
        Json(PendingInvitation {
            id,
            email: email.as_ref().to_string(),
            expires_at: db::format_ts(expires),
        }),
    ))
}

#[utoipa::path(
    delete,
    path = "/admin/accounts/{id}",
    operation_id = "admin_remove_account",
    tag = "admin",
    params(("id" = i64, Path, description = "Admin account id")),
    responses(
        (status = 204, description = "Removed; its sessions end at once, and the invitations it sent stop working"),
        (status = 404, description = "No such admin", body = ErrorBody),
        (status = 409, description = "It is your own account, or the last admin", body = ErrorBody),
    )
)]
pub async fn remove_admin(
    State(state): State<AppState>,
    Extension(me): Extension<CurrentUser>,
    ApiPath(id): ApiPath<i64>,
) -> Result<StatusCode, AppError> {
    if id == me.id {
        return Err(AppError::Conflict(
            "Je kan je eigen account niet verwijderen. Laat een andere beheerder dat doen.".into(),
        ));
    }
    let mut tx = db::begin_write(&state.pool).await?;
    // Lock every admin row first (PostgreSQL; SQLite's BEGIN IMMEDIATE already serializes), so
    // two admins removing each other at once cannot both see "two left".
    sqlx::query("UPDATE users SET updated_at = updated_at WHERE role = $1")
        .bind(Role::Admin)
        .execute(&mut *tx)
        .await?;
    let admins: i64 = sqlx::query("SELECT COUNT(*) AS n FROM users WHERE role = $1")
        .bind(Role::Admin)
        .fetch_one(&mut *tx)
        .await?
        .try_get("n")?;
    let target = sqlx::query("SELECT id FROM users WHERE id = $1 AND role = $2")
        .bind(id)
        .bind(Role::Admin)
        .fetch_optional(&mut *tx)
        .await?;
    if target.is_none() {
        return Err(AppError::NotFound(
            "Deze beheerder bestaat niet (meer).".into(),
        ));
    }
    if admins <= 1 {
        return Err(AppError::Conflict(
            "Dit is de laatste beheerder; die kan je niet verwijderen.".into(),
        ));
    }
    // Whom a removed admin invited is no longer welcome on her word: her open invitations end
    // with her (the link's row stays, so the list of what happened is whole).
    revoke_invitations(&mut tx, Invitations::SentBy(id)).await?;
    // Refresh tokens and reset links go with the account (ON DELETE CASCADE), and with them
    // every access token of its sessions.
    sqlx::query("DELETE FROM users WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    tracing::info!(removed = id, by = me.id, "admin removed");
    Ok(StatusCode::NO_CONTENT)
}

/// Which open invitations to end.
enum Invitations {
    /// Those sent by this admin.
    SentBy(i64),
    /// This one.
    Id(i64),
}

/// Ends the open invitations chosen: they expire now. Returns how many were open.
async fn revoke_invitations(tx: &mut Tx, which: Invitations) -> Result<u64, sqlx::Error> {
    let (sql, value) = match which {
        Invitations::SentBy(admin) => (
            "UPDATE account_links SET expires_at = $1 \
             WHERE purpose = $2 AND used_at IS NULL AND expires_at > $1 AND invited_by = $3",
            admin,
        ),
        Invitations::Id(id) => (
            "UPDATE account_links SET expires_at = $1 \
             WHERE purpose = $2 AND used_at IS NULL AND expires_at > $1 AND id = $3",
            id,
        ),
    };
    Ok(sqlx::query(sql)
        .bind(db::now())
        .bind(LinkPurpose::Invite)
        .bind(value)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

#[utoipa::path(
    delete,
    path = "/admin/accounts/invitations/{id}",
    operation_id = "admin_revoke_invitation",
    tag = "admin",
    params(("id" = i64, Path, description = "Invitation id (from the list of open invitations)")),
    responses(
        (status = 204, description = "Revoked: its link no longer works"),
        (status = 404, description = "No open invitation with this id (used, expired or revoked)", body = ErrorBody),
    )
)]
pub async fn revoke_invitation(
    State(state): State<AppState>,
    Extension(me): Extension<CurrentUser>,
    ApiPath(id): ApiPath<i64>,
) -> Result<StatusCode, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    if revoke_invitations(&mut tx, Invitations::Id(id)).await? == 0 {
        return Err(AppError::NotFound(
            "Deze uitnodiging staat niet (meer) open: ze is al gebruikt, verlopen of ingetrokken."
                .into(),
        ));
    }
    tx.commit().await?;
    tracing::info!(invitation = id, by = me.id, "invitation revoked");
    Ok(StatusCode::NO_CONTENT)
}
