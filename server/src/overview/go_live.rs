//! The go-live checklist on the admin dashboard: what still stands between the site and real
//! visitors, each line with where to fix it. While sample details are live the whole admin
//! shows a banner (`samples_left`).
//!
//! The test mail carries a personal link: the coach opens it when the mail arrived, and only
//! then is the test mail line done. The link leads to a page (`/testmail/ontvangen`) that posts
//! its token once: a GET changes nothing, so mail scanners that open links do not confirm.

use axum::extract::State;
use axum::http::StatusCode;
use axum::{Extension, Json};
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::audience::newsletter::TokenRequest;
use crate::kit::configuration::PaymentProviderKind;
use crate::kit::db;
use crate::kit::error::{ApiJson, AppError, ErrorBody};
use crate::kit::secret_token::{hash_token, new_token};
use crate::kit::{brussels, dutch};
use crate::platform::auth::CurrentUser;
use crate::platform::backup;
use crate::platform::client_ip::ClientIp;
use crate::platform::outbox::{self, compose};
use crate::platform::state::{AppState, GoLiveFacts};

/// How long the link in a test mail works.
const TEST_MAIL_LINK_TTL: SignedDuration = SignedDuration::from_hours(7 * 24);

/// The checklist and its actions, under `/api/admin`.
pub mod admin {
    use utoipa_axum::router::OpenApiRouter;
    use utoipa_axum::routes;

    use crate::platform::state::AppState;

    pub fn routes() -> OpenApiRouter<AppState> {
        OpenApiRouter::new()
            .routes(routes!(super::checklist))
            .routes(routes!(super::send_test_mail))
            .routes(routes!(super::set_legal_pages_reviewed))
    }
}

/// The public part: the link in the test mail.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(test_mail_received))
}

#[derive(Serialize, ToSchema)]
pub struct GoLiveCheck {
    /// Stable id, e.g. `samples`.
    pub id: String,
    pub label: String,
    pub done: bool,
    /// What is wrong or how it stands, in Dutch.
    pub detail: String,
    /// Where to fix it: an admin or site path (`/admin/...`, `/privacy`), or `host` for server
    /// configuration that whoever runs her server sets (README, Configuration in production).
    pub fix: String,
    /// For an open line: in plain Dutch what it means for her visitors and what to do.
    pub help: Option<String>,
    /// For server configuration: a message she can send to whoever runs her server, as is.
    pub ask_host: Option<String>,
    /// Where to read on or sign up (e.g. a payment provider).
    pub links: Vec<GoLiveLink>,
}

#[derive(Serialize, ToSchema)]
pub struct GoLiveLink {
    /// Dutch, e.g. "Account aanmaken bij Mollie".
    pub label: String,
    pub url: String,
}

#[derive(Serialize, ToSchema)]
pub struct GoLiveChecklist {
    /// Business details still at a placeholder of `config/site.json` (field names of
    /// `BusinessDetails`); the admin shows a banner while there are any.
    pub samples_left: Vec<String>,
    pub legal_pages_reviewed: bool,
    /// UTC, RFC 3339: the last test mail.
    pub test_mail_sent_at: Option<String>,
    /// UTC, RFC 3339: when the coach confirmed, with its link, that the last test mail arrived.
    pub test_mail_received_at: Option<String>,
    pub checks: Vec<GoLiveCheck>,
    pub all_done: bool,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LegalPagesReviewed {
    pub reviewed: bool,
}

/// Server configuration (README.md, Configuration in production): whoever runs her server.
const HOST: &str = "host";

fn check(id: &str, label: &str, done: bool, detail: String, fix: &str) -> GoLiveCheck {
    GoLiveCheck {
        id: id.into(),
        label: label.into(),
        done,
        detail,
        fix: fix.into(),
        help: None,
        ask_host: None,
        links: Vec::new(),
    }
}

impl GoLiveCheck {
    /// What an open line means and what to do, what to ask her host, and where to read on.
    fn explained(mut self, help: &str, ask_host: Option<String>, links: &[(&str, &str)]) -> Self {
        if !self.done {
            self.help = Some(help.into());
            self.ask_host = ask_host;
            self.links = links
                .iter()
                .map(|(label, url)| GoLiveLink {
                    label: (*label).into(),
                    url: (*url).into(),
                })
                .collect();
        }
        self
    }
}

async fn load(state: &AppState) -> Result<GoLiveChecklist, AppError> {
    let row = sqlx::query(
        "SELECT legal_pages_reviewed_at, test_mail_sent_at, test_mail_received_at FROM settings WHERE id = 1",
    )
    .fetch_optional(&state.pool)
    .await?;
    let (reviewed_at, test_mail_sent_at, test_mail_received_at): (
        Option<String>,
        Option<String>,
        Option<String>,
    ) = match row {
        Some(r) => (
            r.try_get("legal_pages_reviewed_at")?,
            r.try_get("test_mail_sent_at")?,
            r.try_get("test_mail_received_at")?,
        ),
        None => (None, None, None),
    };
    let site = state.site();
    let samples_left: Vec<String> = site
        .samples_left(state.business.defaults())
        .into_iter()
        .map(String::from)
        .collect();
    let real_payments = state.payments.kind() != PaymentProviderKind::Simulated;
    let https = state.public_url.starts_with("https://");
    let checks = vec![
        check(
            "samples",
            "Geen voorbeeldgegevens meer",
            samples_left.is_empty(),
            if samples_left.is_empty() {
                "Je naam, contactgegevens en ondernemingsnummer zijn ingevuld.".into()
            } else {
                "Nog voorbeeldwaarden op de site: vul je echte gegevens in bij Instellingen.".into()
            },
            "/admin/instellingen",
        ),
        check(
            "payments",
            "Echte betalingen",
            real_payments,
            if real_payments {
                "Betalingen lopen via je betaalprovider.".into()
            } else {
                "Bezoekers kunnen nog niet echt betalen: de site doet alleen alsof, met een proefbetaling.".into()
            },
            HOST,
        )
        .explained(
            "Om echt betaald te worden heb je een account nodig bij een betaalprovider: Mollie of \
             Stripe. Beide werken met Bancontact en kredietkaart en vragen een klein bedrag per \
             betaling. Maak een account aan en laat het goedkeuren (ze vragen je ondernemingsnummer \
             en je bankrekening). Daarna geef je de geheime sleutel (de ‘live API key’) aan wie je \
             website beheert. Stuur die sleutel nooit in dezelfde mail als de vraag hieronder.",
            Some(
                "Wil je de echte betalingen op mijn website aanzetten? Ik heb een account bij Mollie \
                 (of Stripe); de live API-sleutel bezorg ik je apart. Het gaat om PAYMENT_PROVIDER \
                 en MOLLIE_API_KEY (of STRIPE_SECRET_KEY en STRIPE_WEBHOOK_SECRET), zie ‘Payments \
                 in production’ in de README."
                    .into(),
            ),
            &[
                ("Mollie: een account aanmaken", "https://www.mollie.com/be"),
                ("Stripe: een account aanmaken", "https://stripe.com/be"),
            ],
        ),
        check(
            "mail",
            "E-mails worden verstuurd",
            state.go_live.mail_sent,
            if state.go_live.mail_sent {
                "Mails gaan via je mailserver (SMTP) naar buiten.".into()
            } else {
                "De site bewaart haar mails nu als bestand op de server, in plaats van ze te \
                 versturen: bezoekers krijgen geen bevestiging, ticket of nieuwsbrief."
                    .into()
            },
            HOST,
        )
        .explained(
            "Mails gaan naar buiten via een mailserver (SMTP), bijvoorbeeld die van je \
             e-mailprovider of je webhost. Je hebt een afzenderadres op je eigen domein nodig \
             (bijvoorbeeld hallo@jouwdomein.be) en de gegevens van die mailserver. Vraag er ook bij \
             dat je domein de site als afzender erkent (SPF en DKIM), anders belanden je mails \
             in de spam.",
            Some(
                "Wil je de mails van mijn website laten versturen via SMTP, met mijn eigen \
                 afzenderadres, en SPF en DKIM instellen voor mijn domein zodat ze niet in de spam \
                 belanden? Het gaat om MAIL_TRANSPORT=smtp, SMTP_URL en MAIL_FROM, zie \
                 ‘Configuration in production’ in de README."
                    .into(),
            ),
            &[],
        ),
        check(
            "test_mail",
            "De testmail kwam aan",
            test_mail_received_at.is_some(),
            match (&test_mail_sent_at, &test_mail_received_at) {
                (_, Some(_)) => "Je bevestigde dat je testmail aankwam.".into(),
                (Some(_), None) => "Testmail verstuurd, nog niet bevestigd: open hem en klik op „Ik heb deze mail ontvangen”.".into(),
                (None, None) => "Stuur jezelf een testmail en klik op de link erin.".into(),
            },
            "/admin/dashboard#go-live",
        ),
        check(
            "legal",
            "Privacyverklaring en algemene voorwaarden nagelezen",
            reviewed_at.is_some(),
            if reviewed_at.is_some() {
                "Je hebt ze nagelezen.".into()
            } else {
                "Lees /privacy en /algemene-voorwaarden na en vink dit aan.".into()
            },
            "/privacy",
        ),
        check(
            "backups",
            "Dagelijkse back-ups",
            state.go_live.backups_on,
            backups_detail(&state.go_live),
            HOST,
        )
        .explained(
            "Een back-up is een kopie van alles wat je site bewaart: bestellingen, facturen, \
             inschrijvingen, je teksten en je foto's. Gaat de server stuk of loopt er iets mis, \
             dan zet je met die kopie alles terug. De site maakt er elke dag zelf een, zodra wie je \
             server beheert dat aanzet. Vraag er ook bij dat die kopieën elke dag naar een andere \
             plek gaan (een andere server of een opslagdienst): een back-up op dezelfde server gaat \
             mee verloren als die server stukgaat.",
            Some(
                "Wil je de dagelijkse back-ups van mijn website aanzetten, en ze elke dag ook naar \
                 een andere plek kopiëren dan de server zelf? Het gaat om BACKUP_KEEP (en pg_dump \
                 op de server als de database PostgreSQL is), zie ‘Backups’ in de README."
                    .into(),
            ),
            &[],
        ),
        check(
            "https",
            "Een beveiligd webadres (https)",
            https,
            if https {
                format!("Het adres van de site is {}.", state.public_url)
            } else {
                format!(
                    "Het adres van de site is nu {}. Zonder https tonen browsers je bezoekers \
                     ‘Niet beveiligd’, en betalen kan zo niet.",
                    state.public_url
                )
            },
            HOST,
        )
        .explained(
            "Https (het slotje naast het adres) komt van een certificaat voor je domein. Dat is \
             gratis (Let's Encrypt), en de webserver die bij de site hoort (Caddy) regelt het \
             vanzelf zodra je domeinnaam naar de server wijst. Je domeinnaam koop je bij een \
             registrar; wie je server beheert, vertelt je welk adres je daar invult.",
            Some(format!(
                "Wil je mijn website op https zetten, met een certificaat (bijvoorbeeld van Let's \
                 Encrypt), en het webadres instellen als PUBLIC_URL=https://{}? Zie ‘Configuration \
                 in production’ in de README.",
                state
                    .public_url
                    .split("://")
                    .nth(1)
                    .unwrap_or(&state.public_url)
                    .trim_end_matches('/')
            )),
            &[(
                "Wat is Let's Encrypt?",
                "https://letsencrypt.org/nl/getting-started/",
            )],
        ),
    ];
    let all_done = checks.iter().all(|c| c.done);
    Ok(GoLiveChecklist {
        samples_left,
        legal_pages_reviewed: reviewed_at.is_some(),
        test_mail_sent_at,
        test_mail_received_at,
        checks,
        all_done,
    })
}

/// What the daily backups hold and how large the newest one is.
fn backups_detail(facts: &GoLiveFacts) -> String {
    if !facts.backups_on {
        return "Er wordt nog geen dagelijkse back-up gemaakt: gaat de server stuk, dan zijn je \
                bestellingen, inschrijvingen, teksten en foto's weg."
            .into();
    }
    let holds = if facts.photos_in_bucket {
        "de database (je foto's staan in de bucket, die zelf je back-up is)"
    } else {
        "de database en al je foto's"
    };
    match backup::newest_daily(&facts.backup_dir) {
        Some((file, size)) => {
            let day = std::fs::metadata(&file)
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| Timestamp::try_from(t).ok())
                .map(|t| format!(" ({})", dutch::day_month_year(brussels::at(t).date())))
                .unwrap_or_default();
            format!(
                "Elke dag een back-up van {holds}. De laatste{day} is {}: kopieer ze ook naar een andere plek.",
                dutch::size(size)
            )
        }
        None => format!("Elke dag een back-up van {holds}; de eerste wordt zo dadelijk gemaakt."),
    }
}

#[utoipa::path(
    get,
    path = "/admin/go-live",
    operation_id = "admin_go_live",
    tag = "admin",
    responses((status = 200, description = "The go-live checklist", body = GoLiveChecklist))
)]
pub async fn checklist(State(state): State<AppState>) -> Result<Json<GoLiveChecklist>, AppError> {
    Ok(Json(load(&state).await?))
}

#[utoipa::path(
    post,
    path = "/admin/go-live/test-mail",
    operation_id = "admin_send_test_mail",
    tag = "admin",
    responses((status = 200, description = "A test mail to the signed-in admin is on its way, with a new confirmation link (an earlier one stops working and the test mail counts as not yet received)", body = GoLiveChecklist))
)]
pub async fn send_test_mail(
    State(state): State<AppState>,
    Extension(user): Extension<CurrentUser>,
) -> Result<Json<GoLiveChecklist>, AppError> {
    let email: String = sqlx::query("SELECT email FROM users WHERE id = $1")
        .bind(user.id)
        .fetch_one(&state.pool)
        .await?
        .try_get("email")?;
    let site = state.site();
    let token = new_token();
    let message = compose::compose(
        &email,
        format!("Testmail van {}", site.brand),
        &[
            compose::text(
                "Deze testmail komt van je website. Kwam hij aan? Klik dan op de link hieronder: \
                 zo weet je website dat je mails goed aankomen.",
            ),
            compose::link(
                "Ik heb deze mail ontvangen",
                format!("{}/testmail/ontvangen?token={token}", state.public_url),
            ),
            compose::text("De link werkt één keer, 7 dagen lang."),
        ],
        &site,
    )
    .with_secret(&token);
    let now = Timestamp::now();
    let mut tx = db::begin_write(&state.pool).await?;
    outbox::enqueue_email(&mut tx, &message).await?;
    // The latest test mail counts: a new one waits for its own confirmation.
    sqlx::query(
        "INSERT INTO settings (id, test_mail_sent_at, test_mail_token_hash, test_mail_token_expires_at, \
         test_mail_received_at, updated_at) VALUES (1, $1, $2, $3, NULL, $1) \
         ON CONFLICT (id) DO UPDATE SET test_mail_sent_at = excluded.test_mail_sent_at, \
         test_mail_token_hash = excluded.test_mail_token_hash, \
         test_mail_token_expires_at = excluded.test_mail_token_expires_at, \
         test_mail_received_at = NULL, updated_at = excluded.updated_at",
    )
    .bind(db::format_ts(now))
    .bind(hash_token(&token))
    .bind(db::format_ts(now + TEST_MAIL_LINK_TTL))
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok(Json(load(&state).await?))
}

#[utoipa::path(
    post,
    path = "/go-live/test-mail/received",
    operation_id = "confirm_test_mail_received",
    tag = "go-live",
    request_body = TokenRequest,
    responses(
        (status = 204, description = "The test mail counts as received"),
        (status = 404, description = "Unknown, used or expired link, or not the latest test mail", body = ErrorBody),
        (status = 429, description = "Too many link uses from this client address; see Retry-After", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn test_mail_received(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<TokenRequest>,
) -> Result<StatusCode, AppError> {
    state.limits.test_mail_links_per_ip.admit(&ip).await?;
    let unusable = || {
        AppError::NotFound(
            "Deze link werkt niet (meer): hij is al gebruikt, verlopen of hoort bij een oudere testmail. \
             Stuur jezelf een nieuwe testmail vanuit je dashboard."
                .into(),
        )
    };
    let token = body.token.trim();
    if token.is_empty() {
        return Err(unusable());
    }
    let now = db::now();
    let mut tx = db::begin_write(&state.pool).await?;
    // One conditional update: the link works once, and only before it expires.
    let claimed = sqlx::query(
        "UPDATE settings SET test_mail_received_at = $1, test_mail_token_hash = NULL, \
         test_mail_token_expires_at = NULL, updated_at = $1 \
         WHERE id = 1 AND test_mail_token_hash = $2 AND test_mail_token_expires_at > $1",
    )
    .bind(&now)
    .bind(hash_token(token))
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if claimed != 1 {
        return Err(unusable());
    }
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(
    put,
    path = "/admin/go-live/legal-pages",
    operation_id = "admin_set_legal_pages_reviewed",
    tag = "admin",
    request_body = LegalPagesReviewed,
    responses((status = 200, description = "Saved", body = GoLiveChecklist))
)]
pub async fn set_legal_pages_reviewed(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<LegalPagesReviewed>,
) -> Result<Json<GoLiveChecklist>, AppError> {
    let now = db::now();
    let reviewed_at = body.reviewed.then(|| now.clone());
    let mut tx = db::begin_write(&state.pool).await?;
    sqlx::query(
        "INSERT INTO settings (id, legal_pages_reviewed_at, updated_at) VALUES (1, $1, $2) \
         ON CONFLICT (id) DO UPDATE SET legal_pages_reviewed_at = excluded.legal_pages_reviewed_at, updated_at = excluded.updated_at",
    )
    .bind(reviewed_at)
    .bind(&now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Json(load(&state).await?))
}
