//! Overview: views across domains (dashboard, people, her calendar, reminders, the go-live checklist).
pub mod calendar_feed; // her private calendar feed
pub mod dashboard; // the dashboard figures
pub mod go_live; // the go-live checklist
pub mod people; // people across every place they left data (GDPR)
pub mod reminders; // reminder mails a day before
