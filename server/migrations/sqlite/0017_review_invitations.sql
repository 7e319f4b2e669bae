-- Reviews from real participants. A review is pending until the coach approves it; the ones she
-- typed herself were public at once, so existing rows are approved. `event_id` names the evening
-- or course date a participant took part in (NULL for a review the coach typed).
ALTER TABLE reviews ADD COLUMN status TEXT NOT NULL DEFAULT 'approved'
    CHECK (status IN ('pending', 'approved', 'declined'));
ALTER TABLE reviews ADD COLUMN event_id INTEGER NULL REFERENCES events (id);
CREATE INDEX reviews_status_created_at_idx ON reviews (status, created_at DESC, id DESC);

-- One invitation per person (address) per event: the unique key keeps it at one across restarts
-- and several servers. Only the token's SHA-256 is kept; `used_at` makes the link work once.
CREATE TABLE review_invitations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id INTEGER NOT NULL REFERENCES events (id),
    email_normalized TEXT NOT NULL,
    first_name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT NULL,
    UNIQUE (event_id, email_normalized)
);

-- Addresses that asked for no more review invitations.
CREATE TABLE review_opt_outs (
    email_normalized TEXT PRIMARY KEY,
    created_at TEXT NOT NULL
);
