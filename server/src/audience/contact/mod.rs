//! The contact form: stored for the coach's inbox, with a notification to her and an
//! auto-reply to the visitor. A honeypot field and a per-IP limit keep spam out.
pub mod admin;

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kit::closed_set::{Choice, closed_set};
use crate::kit::db::{self, Tx};
use crate::kit::domain::{EmailAddress, PhoneNumber};
use crate::kit::error::{ApiJson, AppError, ErrorBody};
use crate::kit::validation::Fields;
use crate::platform::client_ip::ClientIp;
use crate::platform::outbox::compose::{compose, compose_for_coach, link, text};
use crate::platform::outbox::templates::{self, MailKind, Values};
use crate::platform::outbox::{self, EmailMessage};
use crate::platform::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(send_message))
}

closed_set! {
    /// The subjects a visitor can choose.
    pub enum ContactSubject {
        Coaching = "coaching" => "Vraag over coaching",
        Kennismaking = "kennismaking" => "Kennismakingsgesprek",
        VertelavondWebinar = "vertelavond-webinar" => "Vertelavond of webinar",
        Cursus = "cursus" => "Cursus of Zelfbeeld-Ommekeer",
        Anders = "anders" => "Iets anders",
    }
}

pub const MAX_MESSAGE_CHARS: usize = 5000;

/// Missing fields count as empty.
#[derive(Deserialize, ToSchema)]
pub struct ContactRequest {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub phone: Option<String>,
    #[serde(default)]
    #[schema(value_type = ContactSubject)]
    pub subject: Choice<ContactSubject>,
    /// At most 5000 characters.
    #[serde(default)]
    pub message: String,
    /// Must be true: the visitor agrees that the message is stored to answer it.
    #[serde(default)]
    pub privacy_consent: bool,
    /// Honeypot: hidden from people, so it stays empty unless a bot fills it in.
    #[serde(default)]
    pub website: String,
}

#[derive(Serialize, ToSchema)]
pub struct ContactResponse {
    /// Dutch, fit to show a visitor.
    pub message: &'static str,
}

const SENT: &str = "Bedankt voor je bericht! Je krijgt zo een bevestiging per e-mail; ik antwoord meestal binnen twee werkdagen.";

struct NewMessage {
    name: String,
    email: EmailAddress,
    phone: Option<PhoneNumber>,
    subject: ContactSubject,
    message: String,
}

impl TryFrom<ContactRequest> for NewMessage {
    type Error = AppError;

    fn try_from(req: ContactRequest) -> Result<Self, AppError> {
        let mut f = Fields::default();
        let name = f.text("name", &req.name, "Je naam", Some("Vul je naam in."), 100);
        let email = EmailAddress::parse(&req.email)
            .map_err(|m| f.error("email", m))
            .ok();
        let phone = req
            .phone
            .as_deref()
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .and_then(|p| PhoneNumber::parse(p).map_err(|m| f.error("phone", m)).ok());
        let subject = f.choice("subject", req.subject, "Kies een onderwerp.");
        let message = f.multiline_text(
            "message",
            &req.message,
            "Je bericht",
            Some("Schrijf je bericht."),
            MAX_MESSAGE_CHARS,
        );
        if !req.privacy_consent {
            f.error(
                "privacy_consent",
                "Geef aan dat we je gegevens mogen gebruiken om je te antwoorden.",
            );
        }
        f.finish()?;
        Ok(Self {
            name,
            email: email.expect("checked above"),
            phone,
            subject: subject.expect("checked above"),
            message,
        })
    }
}

#[utoipa::path(
    post,
    path = "/contact",
    operation_id = "send_contact_message",
    tag = "contact",
    request_body = ContactRequest,
    responses(
        (status = 200, description = "Received; the coach is notified and the visitor gets an auto-reply", body = ContactResponse),
        (status = 400, description = "Malformed JSON", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 422, description = "Invalid fields", body = ErrorBody),
        (status = 429, description = "Too many messages from this client or e-mail address; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn send_message(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<ContactRequest>,
) -> Result<Json<ContactResponse>, AppError> {
    if !body.website.trim().is_empty() {
        // A bot: answer like a success, so it learns nothing, and keep nothing.
        tracing::info!("contact honeypot filled; message dropped");
        return Ok(Json(ContactResponse { message: SENT }));
    }
    let m = NewMessage::try_from(body)?;
    // The e-mail first: a request it refuses then costs the client address nothing.
    state
        .limits
        .contact_per_email
        .admit(&m.email.normalized())
        .await?;
    state.limits.contact_per_ip.admit(&ip).await?;
    let now = db::now();
    let mut tx = db::begin_write(&state.pool).await?;
    sqlx::query(
        "INSERT INTO contact_messages (name, email, phone, subject, message, status, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, 'unread', $6, $6)",
    )
    .bind(&m.name)
    .bind(m.email.as_ref())
    .bind(m.phone.as_ref().map(|p| p.as_ref().to_string()))
    .bind(m.subject)
    .bind(&m.message)
    .bind(&now)
    .execute(&mut *tx)
    .await?;
    outbox::enqueue_email(&mut tx, &to_coach(&state, &m)).await?;
    let reply = auto_reply(&mut tx, &state, &m).await?;
    outbox::enqueue_email(&mut tx, &reply).await?;
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok(Json(ContactResponse { message: SENT }))
}

fn to_coach(state: &AppState, m: &NewMessage) -> EmailMessage {
    let mut details = format!("Van: {} <{}>", m.name, m.email.as_ref());
    if let Some(phone) = &m.phone {
        details.push_str(&format!("\nTelefoon: {}", phone.as_ref()));
    }
    details.push_str(&format!("\nOnderwerp: {}", m.subject.label()));
    let blocks = [
        text("Er kwam een nieuw bericht binnen via het contactformulier."),
        text(details),
        text(m.message.clone()),
        link(
            "Naar je berichten",
            format!("{}/admin/berichten", state.public_url),
        ),
    ];
    let mut message = compose_for_coach(
        &state.site().contact.email,
        format!("Nieuw bericht van {}: {}", m.name, m.subject.label()),
        &blocks,
        &state.site(),
    );
    // "Beantwoorden" in her mail program writes to the visitor, not to herself.
    message.reply_to = Some(m.email.as_ref().to_string());
    message
}

// The message itself is not echoed: the form must not become a way to mail any text to anyone.
async fn auto_reply(tx: &mut Tx, state: &AppState, m: &NewMessage) -> anyhow::Result<EmailMessage> {
    let values = Values::new(&m.name, &state.site().brand);
    let (subject, blocks) = templates::load(tx, MailKind::ContactAutoReply)
        .await?
        .render(&values);
    Ok(compose(m.email.as_ref(), subject, &blocks, &state.site()))
}
