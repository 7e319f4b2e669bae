//! Beheer > Nieuwsbrief: write, preview, test, send or schedule, pause and resume, publish.
use axum::extract::State;
use axum::http::StatusCode;
use axum::{Extension, Json};
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::{AssertSqlSafe, Row};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::render::{self, Content, Recipient};
use super::{
    Audience, CampaignStatus, FIGURE_COLUMNS, Figures, audience_size, slugify, start_sending,
};
use crate::agenda::events::EventKind;
use crate::kit::brussels;
use crate::kit::closed_set::Choice;
use crate::kit::db::{self, Tx};
use crate::kit::error::{ApiJson, ApiPath, ApiQuery, AppError, ErrorBody};
use crate::kit::paging::{self, ListSql, Page, PageQuery};
use crate::kit::validation::Fields;
use crate::platform::auth::CurrentUser;
use crate::platform::outbox;
use crate::platform::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_campaigns, create_campaign))
        .routes(routes!(get_campaign, update_campaign, delete_campaign))
        .routes(routes!(preview_campaign))
        .routes(routes!(audience_options))
        .routes(routes!(send_test))
        .routes(routes!(campaign_audience))
        .routes(routes!(send_campaign))
        .routes(routes!(pause_campaign))
        .routes(routes!(resume_campaign))
        .routes(routes!(unschedule_campaign))
        .routes(routes!(publish_campaign))
        .routes(routes!(unpublish_campaign))
}

#[derive(Serialize, ToSchema)]
pub struct Campaign {
    pub id: i64,
    pub subject: String,
    pub preheader: String,
    /// The body as written (Markdown).
    pub body: String,
    /// The body rendered and sanitised, as it goes out.
    pub body_html: String,
    pub audience: Audience,
    pub audience_id: Option<i64>,
    pub service_message: bool,
    pub status: CampaignStatus,
    /// UTC, RFC 3339.
    pub scheduled_at: Option<String>,
    pub started_at: Option<String>,
    pub finished_at: Option<String>,
    /// Set while on the public archive, at `/nieuwsbrief/archief/{slug}`.
    pub slug: Option<String>,
    pub published_at: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    pub figures: Figures,
}

const COLUMNS: &str = "c.id, c.subject, c.preheader, c.body_markdown, c.body_html, c.audience, c.audience_id, \
    c.service_message, c.status, c.scheduled_at, c.started_at, c.finished_at, c.slug, c.published_at, \
    c.created_at, c.updated_at";

impl Campaign {
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: row.try_get("id")?,
            subject: row.try_get("subject")?,
            preheader: row.try_get("preheader")?,
            body: row.try_get("body_markdown")?,
            body_html: row.try_get("body_html")?,
            audience: row.try_get("audience")?,
            audience_id: row.try_get("audience_id")?,
            service_message: row.try_get::<i64, _>("service_message")? != 0,
            status: row.try_get("status")?,
            scheduled_at: row.try_get("scheduled_at")?,
            started_at: row.try_get("started_at")?,
            finished_at: row.try_get("finished_at")?,
            slug: row.try_get("slug")?,
            published_at: row.try_get("published_at")?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
            figures: Figures::from_row(row)?,
        })
    }
}

fn not_found() -> AppError {
    AppError::NotFound("Deze nieuwsbrief bestaat niet (meer).".into())
}

async fn fetch(tx: &mut Tx, id: i64) -> Result<Campaign, AppError> {
    let row = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS}, {FIGURE_COLUMNS} FROM campaigns c WHERE c.id = $1"
    )))
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?
    .ok_or_else(not_found)?;
    Ok(Campaign::from_row(&row)?)
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CampaignInput {
    #[serde(default)]
    pub subject: String,
    /// The short line mail programs show after the subject.
    #[serde(default)]
    pub preheader: String,
    /// Markdown: headings, links, lists, images by URL.
    #[serde(default)]
    pub body: String,
    #[schema(value_type = Audience)]
    #[serde(default)]
    pub audience: Choice<Audience>,
    /// The event, product or webinar of a segment; ignored for `all`.
    pub audience_id: Option<i64>,
    /// A message about the recipients' own booking: also to those without a subscription.
    #[serde(default)]
    pub service_message: bool,
}

struct ValidCampaign {
    subject: String,
    preheader: String,
    body: String,
    html: String,
    text: String,
    audience: Audience,
    audience_id: Option<i64>,
    service_message: bool,
}

async fn validate(
    state: &AppState,
    tx: &mut Tx,
    input: CampaignInput,
) -> Result<ValidCampaign, AppError> {
    let mut f = Fields::default();
    let subject = f.text(
        "subject",
        &input.subject,
        "Het onderwerp",
        Some("Geef de nieuwsbrief een onderwerp."),
        150,
    );
    let preheader = f.text("preheader", &input.preheader, "De voorregel", None, 200);
    let body = f.multiline_text(
        "body",
        &input.body,
        "De tekst",
        Some("Schrijf de tekst van de nieuwsbrief."),
        50_000,
    );
    let audience = f.choice(
        "audience",
        input.audience,
        "Kies naar wie de nieuwsbrief gaat: alle abonnees, tickethouders, kopers of webinardeelnemers.",
    );
    let audience_id = match audience {
        None | Some(Audience::All) => None,
        Some(segment) => {
            let (sql, message) = match segment {
                Audience::Event => (
                    "SELECT id FROM events WHERE id = $1 AND kind <> 'webinar'",
                    "Kies de activiteit van wie een ticket heeft.",
                ),
                Audience::Webinar => (
                    "SELECT id FROM events WHERE id = $1 AND kind = 'webinar'",
                    "Kies het webinar.",
                ),
                _ => ("SELECT id FROM products WHERE id = $1", "Kies het product."),
            };
            let found = match input.audience_id {
                Some(id) => sqlx::query(sql)
                    .bind(id)
                    .fetch_optional(&mut **tx)
                    .await?
                    .is_some(),
                None => false,
            };
            if !found {
                f.error("audience_id", message);
            }
            input.audience_id
        }
    };
    if input.service_message && audience == Some(Audience::All) {
        f.error(
            "service_message",
            "Een dienstbericht gaat over een boeking: kies de activiteit, het product of het webinar.",
        );
    }
    f.finish()?;
    let rendered = render::body(&body, &state.public_url);
    Ok(ValidCampaign {
        subject,
        preheader,
        body,
        html: rendered.html,
        text: rendered.text,
        audience: audience.expect("checked above"),
        audience_id,
        service_message: input.service_message,
    })
}

#[utoipa::path(
    get,
    path = "/admin/campaigns",
    operation_id = "admin_list_campaigns",
    tag = "admin",
    params(PageQuery),
    responses(
        (status = 200, description = "One page of newsletters, newest first, with their figures; q searches the subject", body = Page<Campaign>),
    )
)]
pub async fn list_campaigns(
    State(state): State<AppState>,
    ApiQuery(paging): ApiQuery<PageQuery>,
) -> Result<Json<Page<Campaign>>, AppError> {
    let pattern = paging.like_pattern_or_all();
    let columns = format!("{COLUMNS}, {FIGURE_COLUMNS}");
    let sql = ListSql {
        columns: &columns,
        from: "campaigns c",
        filter: "WHERE LOWER(c.subject) LIKE $1 ESCAPE '\\'",
        order_by: "c.created_at DESC, c.id DESC",
    };
    let page = paging::fetch_page(
        &state.pool,
        paging.info(),
        &sql,
        |q| q.bind(&pattern),
        Campaign::from_row,
    )
    .await?;
    Ok(Json(page))
}

#[utoipa::path(
    post,
    path = "/admin/campaigns",
    operation_id = "admin_create_campaign",
    tag = "admin",
    request_body = CampaignInput,
    responses(
        (status = 201, description = "Saved as a draft", body = Campaign),
        (status = 422, description = "Invalid input, with a message per field", body = ErrorBody),
    )
)]
pub async fn create_campaign(
    State(state): State<AppState>,
    ApiJson(input): ApiJson<CampaignInput>,
) -> Result<(StatusCode, Json<Campaign>), AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    let c = validate(&state, &mut tx, input).await?;
    let now = db::now();
    let id: i64 = sqlx::query(
        "INSERT INTO campaigns (subject, preheader, body_markdown, body_html, body_text, audience, audience_id, \
         service_message, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'draft', $9, $9) \
         RETURNING id",
    )
    .bind(c.subject)
    .bind(c.preheader)
    .bind(c.body)
    .bind(c.html)
    .bind(c.text)
    .bind(c.audience)
    .bind(c.audience_id)
    .bind(i64::from(c.service_message))
    .bind(&now)
    .fetch_one(&mut *tx)
    .await?
    .try_get("id")?;
    let campaign = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(campaign)))
}

#[utoipa::path(
    get,
    path = "/admin/campaigns/{id}",
    operation_id = "admin_get_campaign",
    tag = "admin",
    params(("id" = i64, Path, description = "Campaign id")),
    responses(
        (status = 200, description = "The newsletter with its progress", body = Campaign),
        (status = 404, description = "No such newsletter", body = ErrorBody),
    )
)]
pub async fn get_campaign(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Campaign>, AppError> {
    let mut tx = state.pool.begin().await?;
    let campaign = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Json(campaign))
}

fn only_drafts() -> AppError {
    AppError::Conflict(
        "Deze nieuwsbrief is al gepland of verstuurd en kan niet meer veranderen.".into(),
    )
}

#[utoipa::path(
    put,
    path = "/admin/campaigns/{id}",
    operation_id = "admin_update_campaign",
    tag = "admin",
    params(("id" = i64, Path, description = "Campaign id")),
    request_body = CampaignInput,
    responses(
        (status = 200, description = "Saved", body = Campaign),
        (status = 404, description = "No such newsletter", body = ErrorBody),
        (status = 409, description = "Not a draft any more", body = ErrorBody),
        (status = 422, description = "Invalid input, with a message per field", body = ErrorBody),
    )
)]
pub async fn update_campaign(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiJson(input): ApiJson<CampaignInput>,
) -> Result<Json<Campaign>, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    fetch(&mut tx, id).await?;
    let c = validate(&state, &mut tx, input).await?;
    let updated = sqlx::query(
        "UPDATE campaigns SET subject = $1, preheader = $2, body_markdown = $3, body_html = $4, body_text = $5, \
         audience = $6, audience_id = $7, service_message = $8, updated_at = $9 WHERE id = $10 AND status = 'draft'",
    )
    .bind(c.subject)
    .bind(c.preheader)
    .bind(c.body)
    .bind(c.html)
    .bind(c.text)
    .bind(c.audience)
    .bind(c.audience_id)
    .bind(i64::from(c.service_message))
    .bind(db::now())
    .bind(id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if updated == 0 {
        return Err(only_drafts());
    }
    let campaign = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Json(campaign))
}

#[utoipa::path(
    delete,
    path = "/admin/campaigns/{id}",
    operation_id = "admin_delete_campaign",
    tag = "admin",
    params(("id" = i64, Path, description = "Campaign id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such newsletter", body = ErrorBody),
        (status = 409, description = "Not a draft: sent newsletters stay in the archive", body = ErrorBody),
    )
)]
pub async fn delete_campaign(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<StatusCode, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    fetch(&mut tx, id).await?;
    let deleted = sqlx::query("DELETE FROM campaigns WHERE id = $1 AND status = 'draft'")
        .bind(id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if deleted == 0 {
        return Err(only_drafts());
    }
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A draft as it is being written: every field may still be empty, but a field the editor does
/// not send is a mistake.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PreviewInput {
    #[serde(default)]
    pub subject: String,
    #[serde(default)]
    pub preheader: String,
    #[serde(default)]
    pub body: String,
}

#[derive(Serialize, ToSchema)]
pub struct PreviewMail {
    /// The whole mail as HTML, as a subscriber gets it (with a sample unsubscribe link).
    pub html: String,
    /// The plain-text part.
    pub text: String,
}

fn sample_mail(state: &AppState, content: &Content, to: &str) -> outbox::EmailMessage {
    let sample = format!(
        "{}/nieuwsbrief/uitschrijven?token=voorbeeld",
        state.public_url
    );
    render::mail(
        &state.site(),
        content,
        &Recipient {
            email: to,
            unsubscribe: Some((sample.clone(), sample)),
        },
    )
}

#[utoipa::path(
    post,
    path = "/admin/campaigns/preview",
    operation_id = "admin_preview_campaign",
    tag = "admin",
    request_body = PreviewInput,
    responses(
        (status = 200, description = "The mail as it would go out, rendered by the server", body = PreviewMail),
    )
)]
pub async fn preview_campaign(
    State(state): State<AppState>,
    ApiJson(input): ApiJson<PreviewInput>,
) -> Result<Json<PreviewMail>, AppError> {
    let mut f = Fields::default();
    let body = f.multiline_text("body", &input.body, "De tekst", None, 50_000);
    let subject = f.text("subject", &input.subject, "Het onderwerp", None, 150);
    let preheader = f.text("preheader", &input.preheader, "De voorregel", None, 200);
    f.finish()?;
    let rendered = render::body(&body, &state.public_url);
    let mail = sample_mail(
        &state,
        &Content {
            subject,
            preheader,
            html: rendered.html,
            text: rendered.text,
        },
        "voorbeeld@example.org",
    );
    Ok(Json(PreviewMail {
        html: mail.html,
        text: mail.text,
    }))
}

#[derive(Serialize, ToSchema)]
pub struct AudienceOption {
    pub audience: Audience,
    pub id: i64,
    /// E.g. "Vertelavond — donderdag 27 november 2025".
    pub label: String,
}

#[utoipa::path(
    get,
    path = "/admin/campaigns/audiences",
    operation_id = "admin_campaign_audiences",
    tag = "admin",
    responses(
        (status = 200, description = "The segments one can choose: events, webinars (newest first) and products", body = Vec<AudienceOption>),
    )
)]
pub async fn audience_options(
    State(state): State<AppState>,
) -> Result<Json<Vec<AudienceOption>>, AppError> {
    let mut options = Vec::new();
    let events = sqlx::query(
        "SELECT id, kind, title, starts_at FROM events WHERE status <> 'draft' ORDER BY starts_at DESC, id DESC LIMIT 200",
    )
    .fetch_all(&state.pool)
    .await?;
    for row in events {
        let kind: EventKind = row.try_get("kind")?;
        let starts_at: String = row.try_get("starts_at")?;
        options.push(AudienceOption {
            audience: if kind == EventKind::Webinar {
                Audience::Webinar
            } else {
                Audience::Event
            },
            id: row.try_get("id")?,
            label: format!(
                "{} — {}",
                row.try_get::<String, _>("title")?,
                brussels::format(&starts_at, "%d/%m/%Y %H:%M")?
            ),
        });
    }
    let products = sqlx::query("SELECT id, name FROM products ORDER BY name")
        .fetch_all(&state.pool)
        .await?;
    for row in products {
        options.push(AudienceOption {
            audience: Audience::Product,
            id: row.try_get("id")?,
            label: row.try_get("name")?,
        });
    }
    Ok(Json(options))
}

#[derive(Serialize, ToSchema)]
pub struct AudienceSummary {
    /// Dutch, e.g. "Alle abonnees" or "Tickethouders van Vertelavond — 27/11/2025 19:30".
    pub label: String,
    /// How many addresses the newsletter would go to if it were sent now.
    pub count: i64,
}

#[utoipa::path(
    get,
    path = "/admin/campaigns/{id}/audience",
    operation_id = "admin_campaign_audience",
    tag = "admin",
    params(("id" = i64, Path, description = "Campaign id")),
    responses(
        (status = 200, description = "Who the saved newsletter goes to, and how many they are now", body = AudienceSummary),
        (status = 404, description = "No such newsletter", body = ErrorBody),
    )
)]
pub async fn campaign_audience(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<AudienceSummary>, AppError> {
    let mut tx = state.pool.begin().await?;
    let c = fetch(&mut tx, id).await?;
    let count = audience_size(&mut tx, c.audience, c.audience_id, c.service_message).await?;
    let what = match (c.audience, c.audience_id) {
        (Audience::All, _) | (_, None) => None,
        (Audience::Product, Some(product)) => {
            sqlx::query("SELECT name FROM products WHERE id = $1")
                .bind(product)
                .fetch_optional(&mut *tx)
                .await?
                .map(|row| row.try_get::<String, _>("name"))
                .transpose()?
        }
        (_, Some(event)) => match sqlx::query("SELECT title, starts_at FROM events WHERE id = $1")
            .bind(event)
            .fetch_optional(&mut *tx)
            .await?
        {
            Some(row) => {
                let starts_at: String = row.try_get("starts_at")?;
                Some(format!(
                    "{} — {}",
                    row.try_get::<String, _>("title")?,
                    brussels::format(&starts_at, "%d/%m/%Y %H:%M")?
                ))
            }
            None => None,
        },
    };
    tx.commit().await?;
    let who = match c.audience {
        Audience::All => "Alle abonnees met een bevestigde inschrijving",
        Audience::Event => "Tickethouders",
        Audience::Product => "Kopers",
        Audience::Webinar => "Deelnemers",
    };
    let mut label = match what {
        Some(what) => format!("{who} van {what}"),
        None => who.to_string(),
    };
    if c.audience != Audience::All {
        label.push_str(if c.service_message {
            " (dienstbericht: ook wie niet op de nieuwsbrief staat)"
        } else {
            " die op de nieuwsbrief staan"
        });
    }
    Ok(Json(AudienceSummary { label, count }))
}

#[derive(Serialize, ToSchema)]
pub struct TestSent {
    /// Where the test went: the signed-in admin's address.
    pub to: String,
}

#[utoipa::path(
    post,
    path = "/admin/campaigns/{id}/test",
    operation_id = "admin_send_campaign_test",
    tag = "admin",
    params(("id" = i64, Path, description = "Campaign id")),
    responses(
        (status = 202, description = "The test mail is on its way to the signed-in admin", body = TestSent),
        (status = 404, description = "No such newsletter", body = ErrorBody),
    )
)]
pub async fn send_test(
    State(state): State<AppState>,
    Extension(user): Extension<CurrentUser>,
    ApiPath(id): ApiPath<i64>,
) -> Result<(StatusCode, Json<TestSent>), AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    let campaign = fetch(&mut tx, id).await?;
    let to: String = sqlx::query("SELECT email FROM users WHERE id = $1")
        .bind(user.id)
        .fetch_one(&mut *tx)
        .await?
        .try_get("email")?;
    let text = render::body(&campaign.body, &state.public_url).text;
    let mut mail = sample_mail(
        &state,
        &Content {
            subject: format!("[Test] {}", campaign.subject),
            preheader: campaign.preheader,
            html: campaign.body_html,
            text,
        },
        &to,
    );
    // A test carries no working one-click header: it would point at nobody.
    mail.headers.clear();
    outbox::enqueue_email(&mut tx, &mail).await?;
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok((StatusCode::ACCEPTED, Json(TestSent { to })))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SendInput {
    /// Brussels wall time `YYYY-MM-DDTHH:MM` to send at; missing or empty = now.
    pub send_at: Option<String>,
}

#[utoipa::path(
    post,
    path = "/admin/campaigns/{id}/send",
    operation_id = "admin_send_campaign",
    tag = "admin",
    params(("id" = i64, Path, description = "Campaign id")),
    request_body = SendInput,
    responses(
        (status = 200, description = "Sending started (its recipients are written) or scheduled", body = Campaign),
        (status = 404, description = "No such newsletter", body = ErrorBody),
        (status = 409, description = "Not a draft any more", body = ErrorBody),
        (status = 422, description = "A time in the past, or nobody to send to", body = ErrorBody),
    )
)]
pub async fn send_campaign(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiJson(input): ApiJson<SendInput>,
) -> Result<Json<Campaign>, AppError> {
    let at = match input.send_at.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => match brussels::parse_wall_time(text) {
            Some(at) if at > jiff::Timestamp::now() => Some(at),
            Some(_) => {
                return Err(Fields::one(
                    "send_at",
                    "Kies een moment in de toekomst, of verstuur meteen.",
                ));
            }
            None => {
                return Err(Fields::one("send_at", "Kies een geldige datum en een uur."));
            }
        },
    };
    let mut tx = db::begin_write(&state.pool).await?;
    let campaign = fetch(&mut tx, id).await?;
    if campaign.status != CampaignStatus::Draft {
        return Err(only_drafts());
    }
    match at {
        Some(at) => {
            sqlx::query(
                "UPDATE campaigns SET status = 'scheduled', scheduled_at = $1, updated_at = $2 WHERE id = $3 AND status = 'draft'",
            )
            .bind(db::format_ts(at))
            .bind(db::now())
            .bind(id)
            .execute(&mut *tx)
            .await?;
        }
        None => {
            let size = audience_size(
                &mut tx,
                campaign.audience,
                campaign.audience_id,
                campaign.service_message,
            )
            .await?;
            if size == 0 {
                return Err(AppError::invalid(
                    "Er is (nog) niemand om deze nieuwsbrief naar te sturen: niemand in dit publiek heeft een bevestigde inschrijving.",
                ));
            }
            start_sending(&mut tx, id, CampaignStatus::Draft).await?;
        }
    }
    let campaign = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Json(campaign))
}

/// One conditional status change; 409 when the campaign is not in `from`.
async fn transition(
    state: &AppState,
    id: i64,
    from: CampaignStatus,
    to: CampaignStatus,
    message: &str,
) -> Result<Json<Campaign>, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    fetch(&mut tx, id).await?;
    let changed = sqlx::query(
        "UPDATE campaigns SET status = $1, updated_at = $2, \
         scheduled_at = CASE WHEN $1 = 'draft' THEN NULL ELSE scheduled_at END WHERE id = $3 AND status = $4",
    )
    .bind(to)
    .bind(db::now())
    .bind(id)
    .bind(from)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if changed == 0 {
        return Err(AppError::Conflict(message.into()));
    }
    let campaign = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Json(campaign))
}

#[utoipa::path(
    post,
    path = "/admin/campaigns/{id}/pause",
    operation_id = "admin_pause_campaign",
    tag = "admin",
    params(("id" = i64, Path, description = "Campaign id")),
    responses(
        (status = 200, description = "Paused: mails already handed to a sender still go out", body = Campaign),
        (status = 404, description = "No such newsletter", body = ErrorBody),
        (status = 409, description = "Not sending", body = ErrorBody),
    )
)]
pub async fn pause_campaign(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Campaign>, AppError> {
    transition(
        &state,
        id,
        CampaignStatus::Sending,
        CampaignStatus::Paused,
        "Deze nieuwsbrief wordt niet verstuurd en kan dus niet pauzeren.",
    )
    .await
}

#[utoipa::path(
    post,
    path = "/admin/campaigns/{id}/resume",
    operation_id = "admin_resume_campaign",
    tag = "admin",
    params(("id" = i64, Path, description = "Campaign id")),
    responses(
        (status = 200, description = "Sending again", body = Campaign),
        (status = 404, description = "No such newsletter", body = ErrorBody),
        (status = 409, description = "Not paused", body = ErrorBody),
    )
)]
pub async fn resume_campaign(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Campaign>, AppError> {
    transition(
        &state,
        id,
        CampaignStatus::Paused,
        CampaignStatus::Sending,
        "Deze nieuwsbrief is niet gepauzeerd.",
    )
    .await
}

#[utoipa::path(
    post,
    path = "/admin/campaigns/{id}/unschedule",
    operation_id = "admin_unschedule_campaign",
    tag = "admin",
    params(("id" = i64, Path, description = "Campaign id")),
    responses(
        (status = 200, description = "Back to a draft", body = Campaign),
        (status = 404, description = "No such newsletter", body = ErrorBody),
        (status = 409, description = "Not scheduled (any more)", body = ErrorBody),
    )
)]
pub async fn unschedule_campaign(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Campaign>, AppError> {
    transition(
        &state,
        id,
        CampaignStatus::Scheduled,
        CampaignStatus::Draft,
        "Deze nieuwsbrief is niet (meer) gepland.",
    )
    .await
}

#[utoipa::path(
    post,
    path = "/admin/campaigns/{id}/publish",
    operation_id = "admin_publish_campaign",
    tag = "admin",
    params(("id" = i64, Path, description = "Campaign id")),
    responses(
        (status = 200, description = "On the public archive at /nieuwsbrief/archief/{slug}", body = Campaign),
        (status = 404, description = "No such newsletter", body = ErrorBody),
        (status = 409, description = "Not sent yet, or a service message (those stay private)", body = ErrorBody),
    )
)]
pub async fn publish_campaign(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Campaign>, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    let campaign = fetch(&mut tx, id).await?;
    if campaign.status != CampaignStatus::Sent || campaign.service_message {
        return Err(AppError::Conflict(
            "Alleen een verstuurde nieuwsbrief (geen dienstbericht) kan in het archief.".into(),
        ));
    }
    if campaign.slug.is_none() {
        let base = slugify(&campaign.subject);
        let taken = sqlx::query("SELECT 1 AS one FROM campaigns WHERE slug = $1")
            .bind(&base)
            .fetch_optional(&mut *tx)
            .await?
            .is_some();
        let slug = if taken { format!("{base}-{id}") } else { base };
        let now = db::now();
        sqlx::query(
            "UPDATE campaigns SET slug = $1, published_at = $2, updated_at = $2 WHERE id = $3",
        )
        .bind(slug)
        .bind(&now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    }
    let campaign = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Json(campaign))
}

#[utoipa::path(
    post,
    path = "/admin/campaigns/{id}/unpublish",
    operation_id = "admin_unpublish_campaign",
    tag = "admin",
    params(("id" = i64, Path, description = "Campaign id")),
    responses(
        (status = 200, description = "Off the public archive", body = Campaign),
        (status = 404, description = "No such newsletter", body = ErrorBody),
    )
)]
pub async fn unpublish_campaign(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Campaign>, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    fetch(&mut tx, id).await?;
    sqlx::query(
        "UPDATE campaigns SET slug = NULL, published_at = NULL, updated_at = $1 WHERE id = $2",
    )
    .bind(db::now())
    .bind(id)
    .execute(&mut *tx)
    .await?;
    let campaign = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Json(campaign))
}
