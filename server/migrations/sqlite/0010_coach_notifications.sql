-- After the sale: the coach's notifications (immediate or one daily summary per kind), her
-- private calendar feed, meeting links for video calls, and course enrolments of paid orders.
-- Timestamps are UTC text as in 0001.

-- One row (id 1), edited in Beheer > Meldingen.
CREATE TABLE notification_settings (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    orders TEXT NOT NULL DEFAULT 'immediate' CHECK (orders IN ('immediate', 'daily')),
    bookings TEXT NOT NULL DEFAULT 'immediate' CHECK (bookings IN ('immediate', 'daily')),
    webinars TEXT NOT NULL DEFAULT 'immediate' CHECK (webinars IN ('immediate', 'daily')),
    intro_calls TEXT NOT NULL DEFAULT 'immediate' CHECK (intro_calls IN ('immediate', 'daily')),
    -- Brussels wall time `HH:MM` of the daily summary.
    summary_time TEXT NOT NULL DEFAULT '08:00',
    -- The video link of intro calls that have none of their own.
    meeting_url TEXT NULL,
    -- SHA-256 of the secret in the calendar feed's URL; NULL = no feed.
    calendar_token_hash TEXT NULL,
    calendar_token_created_at TEXT NULL,
    updated_at TEXT NOT NULL
);
INSERT INTO notification_settings (id, updated_at) VALUES (1, '2026-01-01T00:00:00.000000Z');

-- One row per Brussels day whose summary was sent: inserting it claims the day, so the summary
-- goes out once, whatever number of servers or restarts.
CREATE TABLE notice_summaries (
    day TEXT PRIMARY KEY,
    notices INTEGER NOT NULL,
    sent_at TEXT NOT NULL
);

-- Notices of the kinds set to the daily summary; summary_day is set when one carried it.
CREATE TABLE coach_notices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('order', 'booking', 'webinar', 'intro_call')),
    subject TEXT NOT NULL,
    details TEXT NOT NULL,
    admin_url TEXT NOT NULL,
    created_at TEXT NOT NULL,
    summary_day TEXT NULL REFERENCES notice_summaries (day)
);
CREATE INDEX coach_notices_pending_idx ON coach_notices (created_at) WHERE summary_day IS NULL;

-- The coach's own link for one video call (NULL = the default of notification_settings).
ALTER TABLE intro_calls ADD COLUMN meeting_url TEXT NULL;

-- How the buyer of an online course gets access: the platform's webhook (its latest delivery
-- in the outbox) or a personal access code in the mail.
CREATE TABLE course_enrolments (
    order_id INTEGER PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    method TEXT NOT NULL CHECK (method IN ('webhook', 'access_code')),
    access_code TEXT NULL,
    outbox_id INTEGER NULL REFERENCES outbox (id) ON DELETE SET NULL,
    sends INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
