//! The kit: small tools every layer uses; it knows no domain and imports nothing above it.
pub mod access_tokens; // signed admin access tokens (JWT) and their key
pub mod brussels; // Brussels time: parsing, day bounds and the zone every date is read in
pub mod clock; // the server's time, which tests can move forward
pub mod closed_set; // `closed_set!`: enums declared once with their strings, serde, OpenAPI and database text
pub mod configuration; // `config/server.toml` plus environment, typed and validated at start
pub mod csv_export; // CSV files for Excel in Belgium
pub mod db; // the database pool, engines, migrations and query helpers shared by SQLite and PostgreSQL
pub mod domain; // parsed input types: e-mail address, first name, phone number, VAT number
pub mod dutch; // Dutch (nl-BE) words for dates and times
pub mod encoded; // a response body with its compressed variants
pub mod error; // `AppError`, the one error every handler returns
pub mod hash_gate; // at most a few password hashes at once, a short queue, then 503
pub mod html; // HTML and XML text escaped, the one place
pub mod ics; // iCalendar text
pub mod markdown; // Markdown read, the one place: page blocks, newsletters and mail texts
pub mod money; // euro cents written out
pub mod paging; // admin lists: one query, one page type, one fetch
pub mod process; // process-wide settings made at start: private file modes, memory given back
pub mod qr; // QR codes as PNG
pub mod secret_token; // random link and session tokens, stored as SHA-256
pub mod validation; // one Dutch message per invalid field
pub mod video_url; // which video links the site can embed
