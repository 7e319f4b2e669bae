//! Free intro calls: the free slots of the coach's availability, booking, and the visitor's
//! two single-purpose links (one only cancels, the other only moves the call).
pub mod admin;
pub mod availability;
pub(crate) mod mail;

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::{AssertSqlSafe, Row};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use self::availability::{Availability, Slot};
use self::mail::CoachNote;
use crate::kit::brussels::{self, TIME_ZONE};
use crate::kit::closed_set::{Choice, closed_set};
use crate::kit::db::{self, Tx};
use crate::kit::domain::{EmailAddress, PhoneNumber};
use crate::kit::error::{ApiJson, AppError, ErrorBody};
use crate::kit::secret_token::{hash_token, new_token};
use crate::kit::validation::Fields;
use crate::platform::client_ip::ClientIp;
use crate::platform::state::AppState;
use crate::{platform::notifications, platform::outbox};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_slots))
        .routes(routes!(book))
        .routes(routes!(manage))
        .routes(routes!(cancel))
        .routes(routes!(move_call))
}

closed_set! {
    /// How the call takes place.
    pub enum CallMode {
        Phone = "phone",
        Video = "video",
        /// At the coach's practice.
        InPerson = "in_person",
    }
}

closed_set! {
    pub enum IntroCallStatus {
        Booked = "booked",
        Cancelled = "cancelled",
    }
}

closed_set! {
    /// Who cancelled an intro call.
    pub enum CancelledBy {
        Visitor = "visitor",
        Coach = "coach",
    }
}

closed_set! {
    /// What a link in the visitor's e-mail may do.
    pub enum ManageAction {
        Cancel = "cancel",
        Move = "move",
    }
}

const TAKEN: &str = "Sorry, dit moment is net geboekt door iemand anders. Kies een ander moment.";
const NOT_BOOKABLE: &str =
    "Dit moment kan je niet boeken. Kies een van de vrije momenten in de lijst.";

fn taken() -> AppError {
    AppError::Conflict(TAKEN.into())
}

fn invalid_link() -> AppError {
    AppError::NotFound(
        "Deze link is ongeldig of niet meer geldig. Werd je gesprek al geannuleerd of verplaatst? \
         Dan vind je de geldige links in je laatste e-mail."
            .into(),
    )
}

/// A booked (or cancelled) call as the coach sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct IntroCall {
    pub id: i64,
    /// UTC, RFC 3339.
    pub starts_at: String,
    /// UTC, RFC 3339.
    pub ends_at: String,
    pub mode: CallMode,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub question: Option<String>,
    pub status: IntroCallStatus,
    /// Set when cancelled.
    pub cancelled_by: Option<CancelledBy>,
    /// The coach's message to the visitor when she cancelled.
    pub cancel_message: Option<String>,
    /// UTC, RFC 3339.
    pub created_at: String,
    /// The video link: the call's own, else the default of Beheer > Meldingen.
    pub meeting_url: Option<String>,
}

pub(crate) const COLUMNS: &str = "id, starts_at, ends_at, mode, name, email, phone, question, status, \
                                  cancelled_by, cancel_message, created_at, COALESCE(intro_calls.meeting_url, \
                                  (SELECT s.meeting_url FROM notification_settings s WHERE s.id = 1)) AS meeting_url";

impl IntroCall {
    pub(crate) fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: row.try_get("id")?,
            starts_at: row.try_get("starts_at")?,
            ends_at: row.try_get("ends_at")?,
            mode: row.try_get("mode")?,
            name: row.try_get("name")?,
            email: row.try_get("email")?,
            phone: row.try_get("phone")?,
            question: row.try_get("question")?,
            status: row.try_get("status")?,
            cancelled_by: row.try_get("cancelled_by")?,
            cancel_message: row.try_get("cancel_message")?,
            created_at: row.try_get("created_at")?,
            meeting_url: row.try_get("meeting_url")?,
        })
    }

    pub(crate) fn start(&self) -> anyhow::Result<Timestamp> {
        db::parse_ts(&self.starts_at)
    }

    pub(crate) fn end(&self) -> anyhow::Result<Timestamp> {
        db::parse_ts(&self.ends_at)
    }
}

pub(crate) async fn fetch(tx: &mut Tx, id: i64) -> Result<IntroCall, AppError> {
    let row = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM intro_calls WHERE id = $1"
    )))
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?
    .ok_or_else(|| AppError::NotFound("Dit gesprek bestaat niet (meer).".into()))?;
    Ok(IntroCall::from_row(&row)?)
}

#[derive(Serialize, ToSchema)]
pub struct FreeSlot {
    /// UTC, RFC 3339: send this back to book the slot.
    pub starts_at: String,
    /// UTC, RFC 3339.
    pub ends_at: String,
    /// Brussels wall time, `HH:MM`.
    pub local_time: String,
}

#[derive(Serialize, ToSchema)]
pub struct SlotDay {
    /// Brussels date, `YYYY-MM-DD`.
    pub date: String,
    pub slots: Vec<FreeSlot>,
}

#[derive(Serialize, ToSchema)]
pub struct SlotList {
    /// Always Europe/Brussels.
    pub time_zone: &'static str,
    pub slot_minutes: i64,
    /// Days with at least one free slot, soonest first.
    pub days: Vec<SlotDay>,
}

fn slot_list(availability: &Availability, slots: &[Slot]) -> SlotList {
    let mut days: Vec<SlotDay> = Vec::new();
    for slot in slots {
        let date = slot.local.date().to_string();
        let free = FreeSlot {
            starts_at: db::format_ts(slot.starts_at),
            ends_at: db::format_ts(slot.ends_at),
            local_time: slot.local.strftime("%H:%M").to_string(),
        };
        match days.last_mut() {
            Some(day) if day.date == date => day.slots.push(free),
            _ => days.push(SlotDay {
                date,
                slots: vec![free],
            }),
        }
    }
    SlotList {
        time_zone: TIME_ZONE,
        slot_minutes: availability.slot_minutes,
        days,
    }
}

#[utoipa::path(
    get,
    path = "/intro-calls/slots",
    operation_id = "list_intro_call_slots",
    tag = "intro-calls",
    responses(
        (status = 200, description = "The free slots of the coming weeks, in Brussels time", body = SlotList),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn list_slots(State(state): State<AppState>) -> Result<Json<SlotList>, AppError> {
    let mut conn = state.pool.acquire().await?;
    let now = Timestamp::now();
    let availability = availability::load(&mut conn).await?;
    let busy = availability::busy(&mut conn, now, None).await?;
    let slots = availability.free_slots(now, &brussels::zone(), &busy);
    Ok(Json(slot_list(&availability, &slots)))
}

/// Missing fields count as empty.
#[derive(Deserialize, ToSchema)]
pub struct BookingRequest {
    /// A `starts_at` from /api/intro-calls/slots.
    #[serde(default)]
    pub starts_at: String,
    #[serde(default)]
    #[schema(value_type = CallMode)]
    pub mode: Choice<CallMode>,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub email: String,
    /// Required for a phone call.
    #[serde(default)]
    pub phone: Option<String>,
    /// An optional short question (at most 500 characters).
    #[serde(default)]
    pub question: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct BookingResponse {
    /// UTC, RFC 3339.
    pub starts_at: String,
    /// UTC, RFC 3339.
    pub ends_at: String,
    pub mode: CallMode,
    /// Dutch, fit to show a visitor.
    pub message: String,
}

struct NewCall {
    starts_at: Timestamp,
    mode: CallMode,
    name: String,
    email: EmailAddress,
    phone: Option<PhoneNumber>,
    question: Option<String>,
}

fn parse_start(f: &mut Fields, value: &str) -> Option<Timestamp> {
    let parsed = value.trim().parse().ok();
    if parsed.is_none() {
        f.error("starts_at", "Kies een moment voor je gesprek.");
    }
    parsed
}

impl TryFrom<BookingRequest> for NewCall {
    type Error = AppError;

    fn try_from(req: BookingRequest) -> Result<Self, AppError> {
        let mut f = Fields::default();
        let starts_at = parse_start(&mut f, &req.starts_at);
        let mode = f.choice(
            "mode",
            req.mode,
            "Kies hoe je het gesprek wilt: telefonisch, via video of in de praktijk.",
        );
        let name = f.text("name", &req.name, "Je naam", Some("Vul je naam in."), 100);
        let email = EmailAddress::parse(&req.email)
            .map_err(|m| f.error("email", m))
            .ok();
        let phone_text = req.phone.as_deref().unwrap_or_default().trim();
        let phone = if phone_text.is_empty() {
            if mode == Some(CallMode::Phone) {
                f.error(
                    "phone",
                    "Vul je telefoonnummer in: voor een telefonisch gesprek bellen we je op.",
                );
            }
            None
        } else {
            PhoneNumber::parse(phone_text)
                .map_err(|m| f.error("phone", m))
                .ok()
        };
        let question = f.multiline_text(
            "question",
            req.question.as_deref().unwrap_or_default(),
            "Je vraag",
            None,
            500,
        );
        f.finish()?;
        let (Some(starts_at), Some(mode), Some(email)) = (starts_at, mode, email) else {
            unreachable!("checked above");
        };
        Ok(Self {
            starts_at,
            mode,
            name,
            email,
            phone,
            question: (!question.is_empty()).then_some(question),
        })
    }
}

/// Takes the booking lock, then checks that `starts_at` is one of the bookable slots (422 when
/// not) and that no booking or its buffer is in the way (409).
async fn claim_slot(
    tx: &mut Tx,
    starts_at: Timestamp,
    now: Timestamp,
    except: Option<i64>,
) -> Result<Slot, AppError> {
    // A row lock on PostgreSQL serialises bookings, so two overlapping slots cannot both pass
    // the check below; on SQLite BEGIN IMMEDIATE already does that.
    sqlx::query("UPDATE availability_settings SET updated_at = updated_at WHERE id = 1")
        .execute(&mut **tx)
        .await?;
    let availability = availability::load(tx).await?;
    let slot = availability
        .candidate_slots(now, &brussels::zone())
        .into_iter()
        .find(|s| s.starts_at == starts_at)
        .ok_or_else(|| AppError::fields(BTreeMap::from([("starts_at", NOT_BOOKABLE.into())])))?;
    let busy = availability::busy(tx, now, except).await?;
    if availability.conflicts(&slot, &busy) {
        return Err(taken());
    }
    Ok(slot)
}

fn booking_response(call: &IntroCall, message: &str) -> BookingResponse {
    BookingResponse {
        starts_at: call.starts_at.clone(),
        ends_at: call.ends_at.clone(),
        mode: call.mode,
        message: message.into(),
    }
}

#[utoipa::path(
    post,
    path = "/intro-calls",
    operation_id = "book_intro_call",
    tag = "intro-calls",
    request_body = BookingRequest,
    responses(
        (status = 201, description = "Booked; the confirmation mail with the .ics invite is on its way", body = BookingResponse),
        (status = 400, description = "Malformed JSON", body = ErrorBody),
        (status = 409, description = "Someone else just booked this moment", body = ErrorBody),
        (status = 422, description = "Invalid fields, or a moment that cannot be booked", body = ErrorBody),
        (status = 429, description = "Too many bookings from this client or e-mail address, or too many upcoming calls held by either; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn book(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<BookingRequest>,
) -> Result<(StatusCode, Json<BookingResponse>), AppError> {
    let call = NewCall::try_from(body)?;
    // The e-mail first: a request it refuses then costs the client address nothing.
    state
        .limits
        .intro_call_per_email
        .admit(&call.email.normalized())
        .await?;
    state.limits.intro_call_per_ip.admit(&ip).await?;
    let now = Timestamp::now();
    let stamp = db::format_ts(now);
    let (cancel_token, move_token) = (new_token(), new_token());
    let mut tx = db::begin_write(&state.pool).await?;
    let slot = claim_slot(&mut tx, call.starts_at, now, None).await?;
    // Under the booking lock `claim_slot` took, so parallel bookings count each other.
    let client = client_key_hash(&ip);
    limit_upcoming(&mut tx, &state, &call.email, &client, now).await?;
    let inserted = sqlx::query(
        "INSERT INTO intro_calls (starts_at, ends_at, mode, name, email, phone, question, status, \
         cancel_token_hash, move_token_hash, booked_at, created_at, updated_at, client_key_hash) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'booked', $8, $9, $10, $10, $10, $11) RETURNING id",
    )
    .bind(db::format_ts(slot.starts_at))
    .bind(db::format_ts(slot.ends_at))
    .bind(call.mode)
    .bind(&call.name)
    .bind(call.email.as_ref())
    .bind(call.phone.as_ref().map(|p| p.as_ref().to_string()))
    .bind(&call.question)
    .bind(hash_token(&cancel_token))
    .bind(hash_token(&move_token))
    .bind(&stamp)
    .bind(&client)
    .fetch_one(&mut *tx)
    .await;
    let id: i64 = match inserted {
        Ok(row) => row.try_get("id")?,
        Err(e) if db::is_unique_violation(&e) => return Err(taken()),
        Err(e) => return Err(e.into()),
    };
    let booked = fetch(&mut tx, id).await?;
    let links = mail::Links {
        cancel: &cancel_token,
        r#move: &move_token,
    };
    let message = mail::confirmation(&mut tx, &state, &booked, &links, false).await?;
    outbox::enqueue_email(&mut tx, &message).await?;
    notifications::tell_coach(
        &mut tx,
        &state,
        mail::to_coach(&state, &booked, CoachNote::Booked)?,
    )
    .await?;
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok((
        StatusCode::CREATED,
        Json(booking_response(
            &booked,
            "Je gesprek is geboekt. Je krijgt zo een bevestiging per e-mail, met een uitnodiging voor je agenda.",
        )),
    ))
}

/// The key of the client address a call was booked from: hashed, so the table names no address.
fn client_key_hash(ip: &str) -> String {
    hash_token(&format!("intro-call-client:{ip}"))
}

/// One e-mail address, and one client address, hold at most a few upcoming calls at once
/// (`[limits]`), so nobody can book the whole calendar, however slowly. The wait is until the
/// first of them has started; cancelling one frees a place at once.
async fn limit_upcoming(
    tx: &mut Tx,
    state: &AppState,
    email: &EmailAddress,
    client: &str,
    now: Timestamp,
) -> Result<(), AppError> {
    let caps = [
        (
            "LOWER(email) = $1",
            email.normalized(),
            state.limits.intro_calls_upcoming_per_email,
        ),
        (
            "client_key_hash = $1",
            client.to_string(),
            state.limits.intro_calls_upcoming_per_ip,
        ),
    ];
    for (condition, key, cap) in caps {
        let row = sqlx::query(AssertSqlSafe(format!(
            "SELECT COUNT(*) AS n, MIN(starts_at) AS first FROM intro_calls \
             WHERE {condition} AND status = 'booked' AND starts_at > $2"
        )))
        .bind(&key)
        .bind(db::format_ts(now))
        .fetch_one(&mut **tx)
        .await?;
        if row.try_get::<i64, _>("n")? < cap {
            continue;
        }
        let first = db::parse_ts(&row.try_get::<String, _>("first")?)?;
        tracing::warn!("intro call refused: too many upcoming calls for one booker");
        return Err(AppError::Throttled {
            retry_after_secs: first.duration_since(now).as_secs().unsigned_abs().max(1),
            // One text for both caps: it does not tell whether this address booked before.
            message: "Er staan al een paar kennismakingsgesprekken voor je gepland, dus een extra \
                      gesprek boeken lukt nu niet. Wil je een ander moment? Verplaats of annuleer \
                      er dan eerst een met de link in je bevestigingsmail."
                .into(),
        });
    }
    Ok(())
}

#[derive(Deserialize, ToSchema)]
pub struct CallTokenRequest {
    /// The token from a link in the confirmation e-mail.
    #[serde(default)]
    pub token: String,
}

#[derive(Deserialize, ToSchema)]
pub struct CallMoveRequest {
    /// The token from the "verplaatsen" link.
    #[serde(default)]
    pub token: String,
    /// A `starts_at` from /api/intro-calls/slots.
    #[serde(default)]
    pub starts_at: String,
}

#[derive(Serialize, ToSchema)]
pub struct ManagedCall {
    /// What this link may do.
    pub action: ManageAction,
    /// UTC, RFC 3339.
    pub starts_at: String,
    /// UTC, RFC 3339.
    pub ends_at: String,
    pub mode: CallMode,
    pub name: String,
}

#[derive(Serialize, ToSchema)]
pub struct CallStatus {
    pub status: IntroCallStatus,
}

impl ManageAction {
    /// The column with the hash of this link's token.
    fn token_column(self) -> &'static str {
        match self {
            ManageAction::Cancel => "cancel_token_hash",
            ManageAction::Move => "move_token_hash",
        }
    }
}

/// The booked, not yet started call whose `action` link carries `token`.
async fn find_by_token(
    tx: &mut Tx,
    token: &str,
    action: ManageAction,
    now: Timestamp,
) -> Result<Option<IntroCall>, AppError> {
    let token = token.trim();
    if token.is_empty() {
        return Ok(None);
    }
    let row = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM intro_calls WHERE {} = $1 AND status = 'booked'",
        action.token_column()
    )))
    .bind(hash_token(token))
    .fetch_optional(&mut **tx)
    .await?;
    let Some(call) = row.as_ref().map(IntroCall::from_row).transpose()? else {
        return Ok(None);
    };
    if call.start()? <= now {
        return Err(AppError::Conflict(
            "Dit gesprek is al begonnen of voorbij: verplaatsen of annuleren kan niet meer.".into(),
        ));
    }
    Ok(Some(call))
}

#[utoipa::path(
    post,
    path = "/intro-calls/manage",
    operation_id = "manage_intro_call",
    tag = "intro-calls",
    request_body = CallTokenRequest,
    responses(
        (status = 200, description = "The call behind the link, and what the link may do", body = ManagedCall),
        (status = 404, description = "Unknown, used or outdated link", body = ErrorBody),
        (status = 409, description = "The call has already started", body = ErrorBody),
        (status = 429, description = "Too many link uses from this client address; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn manage(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<CallTokenRequest>,
) -> Result<Json<ManagedCall>, AppError> {
    state.limits.intro_call_links_per_ip.admit(&ip).await?;
    let now = Timestamp::now();
    let mut tx = state.pool.begin().await?;
    for action in [ManageAction::Cancel, ManageAction::Move] {
        if let Some(call) = find_by_token(&mut tx, &body.token, action, now).await? {
            return Ok(Json(ManagedCall {
                action,
                starts_at: call.starts_at,
                ends_at: call.ends_at,
                mode: call.mode,
                name: call.name,
            }));
        }
    }
    Err(invalid_link())
}

/// Cancels a booked call and mails the visitor (and the coach when the visitor cancelled).
pub(crate) async fn cancel_booked(
    tx: &mut Tx,
    state: &AppState,
    call: &IntroCall,
    by: CancelledBy,
    message: Option<&str>,
) -> Result<(), AppError> {
    let now = db::now();
    let cancelled = sqlx::query(
        "UPDATE intro_calls SET status = 'cancelled', cancelled_by = $1, cancel_message = $2, cancelled_at = $3, \
         updated_at = $3, cancel_token_hash = NULL, move_token_hash = NULL WHERE id = $4 AND status = 'booked'",
    )
    .bind(by)
    .bind(message)
    .bind(&now)
    .bind(call.id)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if cancelled != 1 {
        return Err(AppError::Conflict("Dit gesprek was al geannuleerd.".into()));
    }
    let mail = mail::cancelled(tx, state, call, message).await?;
    outbox::enqueue_email(tx, &mail).await?;
    if by == CancelledBy::Visitor {
        notifications::tell_coach(
            tx,
            state,
            mail::to_coach(state, call, CoachNote::Cancelled)?,
        )
        .await?;
    }
    Ok(())
}

#[utoipa::path(
    post,
    path = "/intro-calls/cancel",
    operation_id = "cancel_intro_call",
    tag = "intro-calls",
    request_body = CallTokenRequest,
    responses(
        (status = 200, description = "Cancelled; the moment is free again and both links stop working", body = CallStatus),
        (status = 404, description = "Not a valid cancel link (a move link does not cancel)", body = ErrorBody),
        (status = 409, description = "The call has already started", body = ErrorBody),
        (status = 429, description = "Too many link uses from this client address; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn cancel(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<CallTokenRequest>,
) -> Result<Json<CallStatus>, AppError> {
    state.limits.intro_call_links_per_ip.admit(&ip).await?;
    let mut tx = db::begin_write(&state.pool).await?;
    let call = find_by_token(&mut tx, &body.token, ManageAction::Cancel, Timestamp::now())
        .await?
        .ok_or_else(invalid_link)?;
    cancel_booked(&mut tx, &state, &call, CancelledBy::Visitor, None).await?;
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok(Json(CallStatus {
        status: IntroCallStatus::Cancelled,
    }))
}

#[utoipa::path(
    post,
    path = "/intro-calls/move",
    operation_id = "move_intro_call",
    tag = "intro-calls",
    request_body = CallMoveRequest,
    responses(
        (status = 200, description = "Moved; a new confirmation with new links is on its way and the old links stop working", body = BookingResponse),
        (status = 404, description = "Not a valid move link (a cancel link does not move)", body = ErrorBody),
        (status = 409, description = "Someone else just booked the new moment, or the call has started", body = ErrorBody),
        (status = 422, description = "A moment that cannot be booked", body = ErrorBody),
        (status = 429, description = "Too many link uses from this client address; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn move_call(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<CallMoveRequest>,
) -> Result<Json<BookingResponse>, AppError> {
    state.limits.intro_call_links_per_ip.admit(&ip).await?;
    let mut f = Fields::default();
    let starts_at = parse_start(&mut f, &body.starts_at);
    f.finish()?;
    let starts_at = starts_at.expect("checked above");
    let now = Timestamp::now();
    let mut tx = db::begin_write(&state.pool).await?;
    let call = find_by_token(&mut tx, &body.token, ManageAction::Move, now)
        .await?
        .ok_or_else(invalid_link)?;
    let slot = claim_slot(&mut tx, starts_at, now, Some(call.id)).await?;
    let (cancel_token, move_token) = (new_token(), new_token());
    let stamp = db::format_ts(now);
    let updated = sqlx::query(
        "UPDATE intro_calls SET starts_at = $1, ends_at = $2, booked_at = $3, reminder_sent_at = NULL, \
         cancel_token_hash = $4, move_token_hash = $5, updated_at = $3 WHERE id = $6",
    )
    .bind(db::format_ts(slot.starts_at))
    .bind(db::format_ts(slot.ends_at))
    .bind(&stamp)
    .bind(hash_token(&cancel_token))
    .bind(hash_token(&move_token))
    .bind(call.id)
    .execute(&mut *tx)
    .await;
    match updated {
        Ok(_) => {}
        Err(e) if db::is_unique_violation(&e) => return Err(taken()),
        Err(e) => return Err(e.into()),
    }
    let moved = fetch(&mut tx, call.id).await?;
    let links = mail::Links {
        cancel: &cancel_token,
        r#move: &move_token,
    };
    let message = mail::confirmation(&mut tx, &state, &moved, &links, true).await?;
    outbox::enqueue_email(&mut tx, &message).await?;
    notifications::tell_coach(
        &mut tx,
        &state,
        mail::to_coach(
            &state,
            &moved,
            CoachNote::Moved {
                from: call.start()?,
            },
        )?,
    )
    .await?;
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok(Json(booking_response(
        &moved,
        "Je gesprek is verplaatst. Je krijgt zo een nieuwe bevestiging per e-mail.",
    )))
}
