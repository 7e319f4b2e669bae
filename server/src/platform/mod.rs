//! The platform: what every domain runs on (state, site details, mail, payments, photos, accounts, background passes).
pub mod auth; // admin accounts, sign-in, sessions and the guard on `/api/admin`
pub mod backup; // database snapshots and restore
pub mod client_ip; // the client's address as the limiters key it
pub mod leases; // claimed rows that several servers share, renewed while their server lives
pub mod limits; // limits on public writes per client address
pub mod live; // bytes rebuilt when data changes, served from memory
pub mod mail_texts; // Beheer > Mails: the texts of visitor mails
pub mod media; // photos: upload, variants, the library
pub mod media_store; // where photo variants are kept
pub mod notifications; // what the coach is told, at once or in a daily summary
pub mod outbox; // durable mails and webhooks, their templates and the worker
pub mod payments; // payment providers behind one interface
pub mod periodic; // background passes on a timer
pub mod photos; // what a chosen photo is: the slots, its markup, the reads that find it
pub mod prerendered; // the built web app in memory, with its CSP
pub mod retention; // forgets what is past its period
pub mod site; // the business details and where they are read from
pub mod site_settings; // Beheer > Instellingen: the business details she edits
pub mod state; // what every handler can reach
pub mod visit_counts; // the visitor counts per day in memory, written every few seconds
pub mod visits; // visitors counted without watching them: the beacon and what it may count
