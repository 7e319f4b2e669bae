//! Newsletters the coach writes and sends herself (DESIGN.md section 9): a campaign is written in
//! Markdown (rendered and sanitised on the server), goes to all confirmed subscribers or to a
//! segment, and is sent by `sender` from one recipient row per address, at a configured rate.
//! Sent campaigns can be published on the public archive (`archive`).
pub mod admin;
pub mod archive;
mod render;
pub mod sender;

use sqlx::any::AnyRow;
use sqlx::{AssertSqlSafe, Row};

use crate::kit::closed_set::closed_set;
use crate::kit::db::{self, Tx};
use crate::kit::error::AppError;

closed_set! {
    pub enum CampaignStatus {
        Draft = "draft" => "Concept",
        /// Waits for its `scheduled_at`.
        Scheduled = "scheduled" => "Gepland",
        Sending = "sending" => "Wordt verstuurd",
        Paused = "paused" => "Gepauzeerd",
        Sent = "sent" => "Verstuurd",
    }
}

closed_set! {
    /// Who a campaign goes to.
    pub enum Audience {
        /// Every confirmed subscriber.
        All = "all" => "Alle abonnees",
        /// Holders of a valid ticket for a storytelling evening or course date (`audience_id`).
        Event = "event" => "Tickethouders van een activiteit",
        /// Buyers (paid orders) of a product (`audience_id`).
        Product = "product" => "Kopers van een product",
        /// Registrants of a webinar (`audience_id`).
        Webinar = "webinar" => "Deelnemers van een webinar",
    }
}

/// The addresses of a segment as `(email_normalized, email, first_name)`, `$2` being the
/// segment's id. Lower-cased like `newsletter_subscribers.email_normalized`. Tickets and orders
/// kept after an erasure have no address: they are nobody to write to.
fn segment_sql(audience: Audience) -> Option<&'static str> {
    match audience {
        Audience::All => None,
        Audience::Event | Audience::Webinar => Some(
            "SELECT LOWER(email) AS email_normalized, MIN(email) AS email, MIN(holder_name) AS first_name \
             FROM tickets WHERE event_id = $2 AND status <> 'cancelled' AND email <> '' \
             GROUP BY LOWER(email)",
        ),
        Audience::Product => Some(
            "SELECT LOWER(email) AS email_normalized, MIN(email) AS email, MIN(first_name) AS first_name \
             FROM orders WHERE product_id = $2 AND status = 'paid' AND email <> '' \
             GROUP BY LOWER(email)",
        ),
    }
}

/// The recipients as `SELECT $1 (campaign), subscriber_id, email, email_normalized, first_name`:
/// confirmed subscribers (of the segment), or for a service message everyone in the segment.
fn recipients_sql(audience: Audience, service_message: bool) -> String {
    match (segment_sql(audience), service_message) {
        (None, _) => {
            "SELECT $1, id, email, email_normalized, first_name FROM newsletter_subscribers \
                      WHERE status = 'confirmed' AND $2 = $2"
                .to_string()
        }
        (Some(segment), false) => format!(
            "SELECT $1, s.id, s.email, s.email_normalized, s.first_name FROM newsletter_subscribers s \
             WHERE s.status = 'confirmed' AND s.email_normalized IN (SELECT email_normalized FROM ({segment}) seg)"
        ),
        (Some(segment), true) => format!(
            "SELECT $1, (SELECT s.id FROM newsletter_subscribers s WHERE s.email_normalized = seg.email_normalized), \
             seg.email, seg.email_normalized, seg.first_name FROM ({segment}) seg"
        ),
    }
}

/// How many addresses the campaign would go to now.
pub async fn audience_size(
    tx: &mut Tx,
    audience: Audience,
    audience_id: Option<i64>,
    service_message: bool,
) -> Result<i64, sqlx::Error> {
    let sql = format!(
        "SELECT COUNT(*) AS n FROM ({}) r",
        recipients_sql(audience, service_message)
    );
    sqlx::query(AssertSqlSafe(sql))
        .bind(0_i64)
        .bind(audience_id.unwrap_or(0))
        .fetch_one(&mut **tx)
        .await?
        .try_get("n")
}

/// Moves the campaign from `from` to sending and writes its recipients, one row per address, in
/// the caller's transaction. Err(Conflict) when it is no longer in `from` (another server or
/// request started it first).
pub async fn start_sending(tx: &mut Tx, id: i64, from: CampaignStatus) -> Result<(), AppError> {
    let now = db::now();
    let row = sqlx::query(
        "UPDATE campaigns SET status = 'sending', started_at = $1, updated_at = $1 \
         WHERE id = $2 AND status = $3 RETURNING audience, audience_id, service_message",
    )
    .bind(&now)
    .bind(id)
    .bind(from)
    .fetch_optional(&mut **tx)
    .await?
    .ok_or_else(|| {
        AppError::Conflict(
            "Deze nieuwsbrief is intussen al verstuurd of gewijzigd. Laad de pagina opnieuw."
                .into(),
        )
    })?;
    let audience: Audience = row.try_get("audience")?;
    let audience_id: Option<i64> = row.try_get("audience_id")?;
    let service_message = row.try_get::<i64, _>("service_message")? != 0;
    let sql = format!(
        "INSERT INTO campaign_recipients (campaign_id, subscriber_id, email, email_normalized, first_name) {}",
        recipients_sql(audience, service_message)
    );
    sqlx::query(AssertSqlSafe(sql))
        .bind(id)
        .bind(audience_id.unwrap_or(0))
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Progress and results of one campaign.
#[derive(Debug, Clone, Copy, Default, serde::Serialize, utoipa::ToSchema)]
pub struct Figures {
    /// Recipients written when sending started.
    pub total: i64,
    pub sent: i64,
    /// Gave up after repeated transport errors.
    pub failed: i64,
    /// Unsubscribed (or removed) before their turn came.
    pub skipped: i64,
    /// Recipients who unsubscribed after they received it.
    pub unsubscribed_after: i64,
}

/// The figures as extra columns of a `campaigns c` query.
pub const FIGURE_COLUMNS: &str = "\
    (SELECT COUNT(*) FROM campaign_recipients r WHERE r.campaign_id = c.id) AS total, \
    (SELECT COUNT(*) FROM campaign_recipients r WHERE r.campaign_id = c.id AND r.status = 'sent') AS sent, \
    (SELECT COUNT(*) FROM campaign_recipients r WHERE r.campaign_id = c.id AND r.status = 'failed') AS failed, \
    (SELECT COUNT(*) FROM campaign_recipients r WHERE r.campaign_id = c.id AND r.status = 'skipped') AS skipped, \
    (SELECT COUNT(*) FROM campaign_recipients r JOIN newsletter_subscribers s ON s.id = r.subscriber_id \
     WHERE r.campaign_id = c.id AND r.status = 'sent' AND s.status = 'unsubscribed' \
     AND s.unsubscribed_at >= r.sent_at) AS unsubscribed_after";

impl Figures {
    pub fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            total: row.try_get("total")?,
            sent: row.try_get("sent")?,
            failed: row.try_get("failed")?,
            skipped: row.try_get("skipped")?,
            unsubscribed_after: row.try_get("unsubscribed_after")?,
        })
    }
}

/// A URL part made from a subject: lower-case letters, digits and dashes, at most 60 characters.
pub fn slugify(text: &str) -> String {
    let mut slug = String::new();
    for c in text.chars().flat_map(char::to_lowercase) {
        let c = match c {
            'à' | 'á' | 'â' | 'ä' | 'ã' | 'å' => 'a',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ò' | 'ó' | 'ô' | 'ö' | 'õ' => 'o',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            'ñ' => 'n',
            c => c,
        };
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
        if slug.len() >= 60 {
            break;
        }
    }
    let slug = slug.trim_matches('-').to_string();
    if slug.is_empty() {
        "nieuwsbrief".into()
    } else {
        slug
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_plain_lower_case_words() {
        assert_eq!(
            slugify("Wie ben jij écht? — Nieuws van november!"),
            "wie-ben-jij-echt-nieuws-van-november"
        );
        assert_eq!(slugify("???"), "nieuwsbrief");
    }
}
