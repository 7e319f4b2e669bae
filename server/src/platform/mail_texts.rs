//! Beheer > Mails: the coach reads and changes the texts of the mails visitors receive (the
//! registry and rendering live in `outbox::templates`), sees them filled with sample values, sends
//! herself a test, or goes back to the default text.
use axum::extract::State;
use axum::http::StatusCode;
use axum::{Extension, Json};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;

use crate::kit::db::{self, Tx};
use crate::kit::error::{ApiJson, ApiPath, AppError, ErrorBody};
use crate::kit::validation::Fields;
use crate::platform::auth::CurrentUser;
use crate::platform::outbox::compose::compose;
use crate::platform::outbox::templates::{self, MailKind, Template, Values};
use crate::platform::outbox::{self, EmailMessage};
use crate::platform::state::AppState;

/// Beheer > Mails, under `/api/admin`.
pub mod admin {
    use utoipa_axum::router::OpenApiRouter;
    use utoipa_axum::routes;

    use crate::platform::state::AppState;

    pub fn routes() -> OpenApiRouter<AppState> {
        OpenApiRouter::new()
            .routes(routes!(super::list_mail_texts))
            .routes(routes!(
                super::get_mail_text,
                super::save_mail_text,
                super::restore_mail_text
            ))
            .routes(routes!(super::preview_mail_text))
            .routes(routes!(super::send_mail_text_test))
    }
}

/// One mail type in the list.
#[derive(Serialize, ToSchema)]
pub struct MailTextSummary {
    pub kind: MailKind,
    /// E.g. "Bestelling: tickets".
    pub label: String,
    /// When it goes out and what the site adds by itself.
    pub description: String,
    /// True when the coach saved her own text.
    pub customised: bool,
    /// UTC, RFC 3339; None for the default text.
    pub updated_at: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct MailPlaceholder {
    /// Written between braces, e.g. `voornaam` for `{voornaam}`.
    pub name: String,
    pub description: String,
    /// What the preview and the test mail show.
    pub sample: String,
    /// The mail does not work without it.
    pub required: bool,
}

/// One mail type with its current and default texts.
#[derive(Serialize, ToSchema)]
pub struct MailText {
    pub kind: MailKind,
    pub label: String,
    pub description: String,
    pub subject: String,
    /// Paragraphs separated by a blank line; `**bold**`, `[label](https://…)`, `{placeholder}`.
    pub body: String,
    pub default_subject: String,
    pub default_body: String,
    pub placeholders: Vec<MailPlaceholder>,
    pub customised: bool,
    pub updated_at: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MailTextInput {
    #[serde(default)]
    pub subject: String,
    #[serde(default)]
    pub body: String,
}

/// A mail as it goes out, filled with sample values.
#[derive(Serialize, ToSchema)]
pub struct MailTextPreview {
    pub subject: String,
    pub html: String,
    pub text: String,
}

#[derive(Serialize, ToSchema)]
pub struct MailTextTestSent {
    /// Where the test went: the signed-in admin's address.
    pub to: String,
}

/// The saved rows (a handful at most) as (kind, subject, body, updated_at).
async fn saved(tx: &mut Tx) -> Result<Vec<(MailKind, String, String, String)>, AppError> {
    let rows = sqlx::query("SELECT kind, subject, body, updated_at FROM mail_templates")
        .fetch_all(&mut **tx)
        .await?;
    let mut out = Vec::new();
    for row in rows {
        // A row of a type this build no longer has is ignored (its default is gone too).
        if let Ok(kind) = row.try_get::<String, _>("kind")?.parse::<MailKind>() {
            out.push((
                kind,
                row.try_get("subject")?,
                row.try_get("body")?,
                row.try_get("updated_at")?,
            ));
        }
    }
    Ok(out)
}

async fn fetch(tx: &mut Tx, kind: MailKind) -> Result<MailText, AppError> {
    let spec = templates::spec(kind);
    let row = saved(tx).await?.into_iter().find(|row| row.0 == kind);
    let (subject, body, updated_at) = match row {
        Some((_, subject, body, at)) => (subject, body, Some(at)),
        None => (spec.subject.to_string(), spec.body.to_string(), None),
    };
    Ok(MailText {
        kind,
        label: spec.label.into(),
        description: spec.description.into(),
        subject,
        body,
        default_subject: spec.subject.into(),
        default_body: spec.body.into(),
        placeholders: spec
            .placeholders
            .iter()
            .map(|p| MailPlaceholder {
                name: p.name.into(),
                description: p.description.into(),
                sample: p.sample.into(),
                required: p.required,
            })
            .collect(),
        customised: updated_at.is_some(),
        updated_at,
    })
}

/// The input as a template of `kind`, or a Dutch message per field.
fn validate(kind: MailKind, input: &MailTextInput) -> Result<Template, AppError> {
    let mut f = Fields::default();
    let subject = f.text(
        "subject",
        &input.subject,
        "Het onderwerp",
        Some("Geef de mail een onderwerp."),
        200,
    );
    let body = f.multiline_text(
        "body",
        &input.body,
        "De tekst",
        Some("Schrijf de tekst van de mail."),
        10_000,
    );
    if let Err(message) = templates::check(kind, &subject, false) {
        f.error("subject", message);
    }
    if let Err(message) = templates::check(kind, &body, true) {
        f.error("body", message);
    }
    f.finish()?;
    Ok(Template {
        kind,
        subject,
        body,
    })
}

/// The mail of `template` to `to`, with every placeholder's sample value.
fn sample(state: &AppState, template: &Template, to: &str) -> EmailMessage {
    let (subject, blocks) = template.render(&Values::samples(template.kind, &state.site().brand));
    compose(to, subject, &blocks, &state.site())
}

#[utoipa::path(
    get,
    path = "/admin/mails",
    operation_id = "admin_list_mail_texts",
    tag = "admin",
    responses((status = 200, description = "Every mail type visitors receive", body = Vec<MailTextSummary>))
)]
pub async fn list_mail_texts(
    State(state): State<AppState>,
) -> Result<Json<Vec<MailTextSummary>>, AppError> {
    let mut tx = state.pool.begin().await?;
    let saved = saved(&mut tx).await?;
    Ok(Json(
        MailKind::ALL
            .iter()
            .map(|&kind| {
                let spec = templates::spec(kind);
                let updated_at = saved
                    .iter()
                    .find(|row| row.0 == kind)
                    .map(|row| row.3.clone());
                MailTextSummary {
                    kind,
                    label: spec.label.into(),
                    description: spec.description.into(),
                    customised: updated_at.is_some(),
                    updated_at,
                }
            })
            .collect(),
    ))
}

#[utoipa::path(
    get,
    path = "/admin/mails/{kind}",
    operation_id = "admin_get_mail_text",
    tag = "admin",
    params(("kind" = MailKind, Path, description = "Mail type")),
    responses(
        (status = 200, description = "The mail's texts and placeholders", body = MailText),
        (status = 404, description = "No such mail type", body = ErrorBody),
    )
)]
pub async fn get_mail_text(
    State(state): State<AppState>,
    ApiPath(kind): ApiPath<MailKind>,
) -> Result<Json<MailText>, AppError> {
    let mut tx = state.pool.begin().await?;
    Ok(Json(fetch(&mut tx, kind).await?))
}

#[utoipa::path(
    put,
    path = "/admin/mails/{kind}",
    operation_id = "admin_save_mail_text",
    tag = "admin",
    params(("kind" = MailKind, Path, description = "Mail type")),
    request_body = MailTextInput,
    responses(
        (status = 200, description = "Saved: the next mail of this type uses it", body = MailText),
        (status = 404, description = "No such mail type", body = ErrorBody),
        (status = 422, description = "Empty, too long, an unknown placeholder or a bad link", body = ErrorBody),
    )
)]
pub async fn save_mail_text(
    State(state): State<AppState>,
    ApiPath(kind): ApiPath<MailKind>,
    ApiJson(input): ApiJson<MailTextInput>,
) -> Result<Json<MailText>, AppError> {
    let template = validate(kind, &input)?;
    let mut tx = db::begin_write(&state.pool).await?;
    sqlx::query(
        "INSERT INTO mail_templates (kind, subject, body, updated_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (kind) DO UPDATE SET subject = excluded.subject, body = excluded.body, \
         updated_at = excluded.updated_at",
    )
    .bind(kind)
    .bind(&template.subject)
    .bind(&template.body)
    .bind(db::now())
    .execute(&mut *tx)
    .await?;
    let saved = fetch(&mut tx, kind).await?;
    tx.commit().await?;
    Ok(Json(saved))
}

#[utoipa::path(
    delete,
    path = "/admin/mails/{kind}",
    operation_id = "admin_restore_mail_text",
    tag = "admin",
    params(("kind" = MailKind, Path, description = "Mail type")),
    responses(
        (status = 200, description = "Back to the default text", body = MailText),
        (status = 404, description = "No such mail type", body = ErrorBody),
    )
)]
pub async fn restore_mail_text(
    State(state): State<AppState>,
    ApiPath(kind): ApiPath<MailKind>,
) -> Result<Json<MailText>, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    sqlx::query("DELETE FROM mail_templates WHERE kind = $1")
        .bind(kind)
        .execute(&mut *tx)
        .await?;
    let restored = fetch(&mut tx, kind).await?;
    tx.commit().await?;
    Ok(Json(restored))
}

#[utoipa::path(
    post,
    path = "/admin/mails/{kind}/preview",
    operation_id = "admin_preview_mail_text",
    tag = "admin",
    params(("kind" = MailKind, Path, description = "Mail type")),
    request_body = MailTextInput,
    responses(
        (status = 200, description = "The mail with sample values, as the server renders it", body = MailTextPreview),
        (status = 404, description = "No such mail type", body = ErrorBody),
        (status = 422, description = "The text cannot be saved like this", body = ErrorBody),
    )
)]
pub async fn preview_mail_text(
    State(state): State<AppState>,
    ApiPath(kind): ApiPath<MailKind>,
    ApiJson(input): ApiJson<MailTextInput>,
) -> Result<Json<MailTextPreview>, AppError> {
    let template = validate(kind, &input)?;
    let mail = sample(&state, &template, "voorbeeld@example.org");
    Ok(Json(MailTextPreview {
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
    }))
}

#[utoipa::path(
    post,
    path = "/admin/mails/{kind}/test",
    operation_id = "admin_send_mail_text_test",
    tag = "admin",
    params(("kind" = MailKind, Path, description = "Mail type")),
    request_body = MailTextInput,
    responses(
        (status = 202, description = "The text as typed, with sample values, is on its way to the signed-in admin", body = MailTextTestSent),
        (status = 404, description = "No such mail type", body = ErrorBody),
        (status = 422, description = "The text cannot be saved like this", body = ErrorBody),
    )
)]
pub async fn send_mail_text_test(
    State(state): State<AppState>,
    Extension(user): Extension<CurrentUser>,
    ApiPath(kind): ApiPath<MailKind>,
    ApiJson(input): ApiJson<MailTextInput>,
) -> Result<(StatusCode, Json<MailTextTestSent>), AppError> {
    let template = validate(kind, &input)?;
    let mut tx = db::begin_write(&state.pool).await?;
    let to: String = sqlx::query("SELECT email FROM users WHERE id = $1")
        .bind(user.id)
        .fetch_one(&mut *tx)
        .await?
        .try_get("email")?;
    let mut mail = sample(&state, &template, &to);
    mail.subject = format!("[Test] {}", mail.subject);
    outbox::enqueue_email(&mut tx, &mail).await?;
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok((StatusCode::ACCEPTED, Json(MailTextTestSent { to })))
}
