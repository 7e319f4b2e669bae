//! The go-live checklist on the admin dashboard: what still stands between the site and real
//! visitors, each line with where to fix it. While sample details are live the whole admin
//! shows a banner (`samples_left`).
use axum::extract::State;
use axum::{Extension, Json};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentUser;
use crate::configuration::PaymentProviderKind;
use crate::db;
use crate::error::{ApiJson, AppError};
use crate::outbox::{self, compose};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(checklist))
        .routes(routes!(send_test_mail))
        .routes(routes!(set_legal_pages_reviewed))
}

#[derive(Serialize, ToSchema)]
pub struct GoLiveCheck {
    /// Stable id, e.g. `samples`.
    pub id: String,
    pub label: String,
    pub done: bool,
    /// What is wrong or how it stands, in Dutch.
    pub detail: String,
    /// Where to fix it: an admin path (`/admin/...`) or, for server configuration, the README.
    pub fix: String,
}

#[derive(Serialize, ToSchema)]
pub struct GoLiveChecklist {
    /// Business details still at a placeholder of `config/site.json` (field names of
    /// `BusinessDetails`); the admin shows a banner while there are any.
    pub samples_left: Vec<String>,
    pub legal_pages_reviewed: bool,
    /// UTC, RFC 3339: the last test mail.
    pub test_mail_sent_at: Option<String>,
    pub checks: Vec<GoLiveCheck>,
    pub all_done: bool,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LegalPagesReviewed {
    pub reviewed: bool,
}

const README: &str = "README.md, Configuration in production";

fn check(id: &str, label: &str, done: bool, detail: String, fix: &str) -> GoLiveCheck {
    GoLiveCheck {
        id: id.into(),
        label: label.into(),
        done,
        detail,
        fix: fix.into(),
    }
}

async fn load(state: &AppState) -> Result<GoLiveChecklist, AppError> {
    let row =
        sqlx::query("SELECT legal_pages_reviewed_at, test_mail_sent_at FROM settings WHERE id = 1")
            .fetch_optional(&state.pool)
            .await?;
    let (reviewed_at, test_mail_sent_at): (Option<String>, Option<String>) = match row {
        Some(r) => (
            r.try_get("legal_pages_reviewed_at")?,
            r.try_get("test_mail_sent_at")?,
        ),
        None => (None, None),
    };
    let site = state.site();
    let samples_left: Vec<String> = site
        .samples_left(state.business.defaults())
        .into_iter()
        .map(String::from)
        .collect();
    let real_payments = state.payments.kind() != PaymentProviderKind::Simulated;
    let https = state.public_url.starts_with("https://");
    let mail_tested = state.go_live.mail_sent && test_mail_sent_at.is_some();
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
                "Betalingen zijn gesimuleerd: stel Mollie of Stripe in (PAYMENT_PROVIDER).".into()
            },
            README,
        ),
        check(
            "mail",
            "E-mails worden verstuurd en de testmail kwam aan",
            mail_tested,
            match (state.go_live.mail_sent, &test_mail_sent_at) {
                (false, _) => "Mails worden als bestand bewaard, niet verstuurd: stel SMTP in (MAIL_TRANSPORT=smtp).".into(),
                (true, None) => "Stuur jezelf een testmail en kijk of hij aankomt.".into(),
                (true, Some(_)) => "Er ging een testmail naar je toe.".into(),
            },
            if state.go_live.mail_sent { "/admin/dashboard#go-live" } else { README },
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
            if state.go_live.backups_on {
                "Er wordt elke dag een kopie van de database bewaard.".into()
            } else {
                "Er worden geen dagelijkse back-ups gemaakt (BACKUP_KEEP, pg_dump).".into()
            },
            README,
        ),
        check(
            "https",
            "Een beveiligd webadres (https)",
            https,
            format!("Het adres van de site is {}.", state.public_url),
            README,
        ),
    ];
    let all_done = checks.iter().all(|c| c.done);
    Ok(GoLiveChecklist {
        samples_left,
        legal_pages_reviewed: reviewed_at.is_some(),
        test_mail_sent_at,
        checks,
        all_done,
    })
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
    responses((status = 200, description = "A test mail to the signed-in admin is on its way", body = GoLiveChecklist))
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
    let message = compose::compose(
        &email,
        format!("Testmail van {}", site.brand),
        &[compose::text(
            "Deze testmail komt van je website. Kwam hij aan? Dan worden je mails goed verstuurd.",
        )],
        &site,
    );
    let now = db::now();
    let mut tx = db::begin_write(&state.pool).await?;
    outbox::enqueue_email(&mut tx, &message).await?;
    sqlx::query(
        "INSERT INTO settings (id, test_mail_sent_at, updated_at) VALUES (1, $1, $1) \
         ON CONFLICT (id) DO UPDATE SET test_mail_sent_at = excluded.test_mail_sent_at, updated_at = excluded.updated_at",
    )
    .bind(&now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok(Json(load(&state).await?))
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
