//! Overview: views across domains (dashboard, people, her calendar, reminders, the go-live checklist,
//! her self-test).
pub mod calendar_feed; // her private calendar feed
pub mod dashboard; // the dashboard figures
pub mod go_live; // the go-live checklist
pub mod people; // people across every place they left data (GDPR)
pub mod reminders; // reminder mails a day before
pub mod search; // one admin search over people, orders, invoices, tickets, coupons, events
pub mod selftest; // her own self-test: versions, results, the mail with the result
pub mod today; // what needs her today, and the counts of what waits
pub mod visitors; // Beheer > Bezoekers: visitors per day, sources, and the path per week
