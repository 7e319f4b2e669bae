//! What the coach is told: a mail for every paid order, Zelfbeeld booking, webinar registration
//! and intro call booked, moved or cancelled, either at once or in one daily summary (her
//! choice per kind, Beheer > Meldingen), and the settings of her calendar feed (`calendar_feed`)
//! and of the default link of video calls. Callers build the `Notice`; this module decides how
//! it goes out, in the caller's transaction.
pub mod admin;
pub mod summary;

use sqlx::{AssertSqlSafe, Row};

use crate::kit::closed_set::closed_set;
use crate::kit::db::{self, Tx};
use crate::platform::outbox::compose::{compose_for_coach, link, text};
use crate::platform::outbox::{self, Attachment};
use crate::platform::state::AppState;

closed_set! {
    /// What a notification is about; each kind has its own setting.
    pub enum NoticeKind {
        Order = "order" => "Bestellingen",
        Booking = "booking" => "Zelfbeeld-boekingen",
        Webinar = "webinar" => "Webinarinschrijvingen",
        IntroCall = "intro_call" => "Kennismakingsgesprekken",
    }
}

closed_set! {
    /// How the coach hears of one kind.
    pub enum Delivery {
        Immediate = "immediate" => "Meteen een e-mail",
        Daily = "daily" => "Eén samenvatting per dag",
    }
}

impl NoticeKind {
    /// Its column in `notification_settings`.
    fn column(self) -> &'static str {
        match self {
            NoticeKind::Order => "orders",
            NoticeKind::Booking => "bookings",
            NoticeKind::Webinar => "webinars",
            NoticeKind::IntroCall => "intro_calls",
        }
    }
}

/// One thing that happened, as the coach reads it.
pub struct Notice {
    pub kind: NoticeKind,
    /// The mail's subject, e.g. "Nieuwe bestelling: Spiegelgevecht, € 19,00".
    pub subject: String,
    /// The key facts, one per line (who, what, when, amount).
    pub details: String,
    /// The page of this item in the admin, e.g. `/admin/orders?q=ab12cd34ef`.
    pub admin_path: String,
    /// E.g. the `.ics` of an intro call (immediate mails only).
    pub attachments: Vec<Attachment>,
    /// The buyer or visitor it is about: "Beantwoorden" in her mail program writes to them.
    pub reply_to: Option<String>,
}

/// Sends `notice` to the coach now, or keeps it for the daily summary, as she chose for its
/// kind; in the caller's transaction, so it exists exactly when the event does.
pub async fn tell_coach(tx: &mut Tx, state: &AppState, notice: Notice) -> anyhow::Result<()> {
    let delivery: Delivery = sqlx::query(AssertSqlSafe(format!(
        "SELECT {} AS delivery FROM notification_settings WHERE id = 1",
        notice.kind.column()
    )))
    .fetch_one(&mut **tx)
    .await?
    .try_get("delivery")?;
    let url = format!("{}{}", state.public_url, notice.admin_path);
    match delivery {
        Delivery::Immediate => {
            let blocks = [text(notice.details), link("Bekijk het in het beheer", url)];
            let mut message = compose_for_coach(
                &state.site().contact.email,
                notice.subject,
                &blocks,
                &state.site(),
            );
            message.attachments = notice.attachments;
            message.reply_to = notice.reply_to.filter(|r| !r.is_empty());
            outbox::enqueue_email(tx, &message).await?;
        }
        Delivery::Daily => {
            // Kept with the address of the person it is about, so an erasure finds it.
            sqlx::query(
                "INSERT INTO coach_notices (kind, subject, details, admin_url, created_at, \
                 email_normalized) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(notice.kind)
            .bind(&notice.subject)
            .bind(&notice.details)
            .bind(&url)
            .bind(db::now())
            .bind(
                notice
                    .reply_to
                    .map(|r| r.trim().to_lowercase())
                    .filter(|r| !r.is_empty()),
            )
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

/// The subscription URL of the calendar feed (`calendar_feed`) with `token`.
pub fn calendar_feed_url(public_url: &str, token: &str) -> String {
    format!("{public_url}/api/calendar/{token}.ics")
}
