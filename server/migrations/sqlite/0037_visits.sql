-- Visitors counted without watching them (DESIGN §12, platform/visits.rs): counts per Brussels
-- day, never a row per visit. The only per-visitor values are the day's salted hashes, kept for
-- that day alone so that several servers count a visitor once; at the day's end they and the
-- day's salt are deleted and only the number of visitors stays (`visit_days`).

-- Page views per day and path (normalised, no query string).
CREATE TABLE visit_pages (
    day TEXT NOT NULL,
    path TEXT NOT NULL,
    views INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (day, path)
);
-- Other counts per day: kind 'source' (referrer domain or utm_source), 'campaign'
-- (utm_campaign), 'device' (phone, tablet, desktop), 'event' (e.g. selftest_started).
CREATE TABLE visit_counts (
    day TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('source', 'campaign', 'device', 'event')),
    name TEXT NOT NULL,
    count INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (day, kind, name)
);
-- Unique visitors of days that have ended (today's are counted from `visitor_hashes`).
CREATE TABLE visit_days (
    day TEXT PRIMARY KEY,
    visitors INTEGER NOT NULL DEFAULT 0
);
-- The salt of the current day, random, shared by every server; deleted when the day ends.
CREATE TABLE visit_salts (
    day TEXT PRIMARY KEY,
    salt TEXT NOT NULL
);
-- The current day's visitor hashes: SHA-256(salt, address, user agent), its first 16 bytes. Deleted with
-- the salt when the day ends.
CREATE TABLE visitor_hashes (
    day TEXT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (day, hash)
);
