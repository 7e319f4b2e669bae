-- Her own self-test (issue 25). One draft she edits; publishing freezes it as the next version,
-- and a result keeps the version it was scored with. Definitions are JSON (see
-- overview::selftest::definition); results hold no personal data until the visitor asks for
-- the result by mail (double opt-in), and then only her e-mail address.
CREATE TABLE selftest_draft (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    definition TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE TABLE selftest_versions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    version INTEGER NOT NULL UNIQUE CHECK (version >= 1),
    definition TEXT NOT NULL,
    published_at TEXT NOT NULL
);

CREATE TABLE selftest_results (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    -- SHA-256 of the result link's token (kit::secret_token).
    token_hash TEXT NOT NULL UNIQUE,
    version_id INTEGER NOT NULL REFERENCES selftest_versions (id),
    -- JSON array: the chosen choice's index per question, in order.
    answers TEXT NOT NULL,
    -- JSON object: theme key to score 0..100.
    scores TEXT NOT NULL,
    primary_profile_id TEXT NOT NULL,
    -- Set when she asks for the result by mail; dropped again when not confirmed in time.
    email TEXT NULL,
    email_normalized TEXT NULL,
    mail_status TEXT NOT NULL DEFAULT 'none' CHECK (mail_status IN ('none', 'pending', 'confirmed')),
    -- SHA-256 of the token in the confirmation link.
    confirm_token_hash TEXT NULL UNIQUE,
    -- The result's token sealed under the confirmation token, so the confirmation can lead back
    -- to the result without the result's token being stored.
    result_token_sealed TEXT NULL,
    -- She ticked the newsletter: subscribed (as confirmed) by the same click.
    newsletter INTEGER NOT NULL DEFAULT 0 CHECK (newsletter IN (0, 1)),
    -- The personal single-use coupon of her profile, made on confirmation.
    coupon_id INTEGER NULL REFERENCES coupons (id) ON DELETE SET NULL,
    mail_requested_at TEXT NULL,
    confirmed_at TEXT NULL,
    -- UTC RFC 3339; the funnel counts completed tests by it.
    created_at TEXT NOT NULL
);
CREATE INDEX selftest_results_created_idx ON selftest_results (created_at);
CREATE INDEX selftest_results_version_idx ON selftest_results (version_id);
CREATE INDEX selftest_results_email_idx ON selftest_results (email_normalized);
CREATE INDEX selftest_results_pending_idx ON selftest_results (mail_status, mail_requested_at);

-- Beheer > Instellingen: "Doe de test" leads to her own test (once a version is published)
-- instead of the external quiz URL.
ALTER TABLE settings ADD COLUMN selftest_own INTEGER NOT NULL DEFAULT 0 CHECK (selftest_own IN (0, 1));
