-- Free intro calls (the coach's availability and the booked calls), contact messages, and
-- reminders for free webinar registrations (tickets from 0003). Timestamps are UTC text as in 0001.

-- One row (id 1): how slots are cut from the weekly availability. Booking transactions also
-- update this row first, which serialises them (a row lock on PostgreSQL).
CREATE TABLE availability_settings (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    slot_minutes INTEGER NOT NULL CHECK (slot_minutes BETWEEN 10 AND 240),
    buffer_minutes INTEGER NOT NULL CHECK (buffer_minutes BETWEEN 0 AND 240),
    min_notice_hours INTEGER NOT NULL CHECK (min_notice_hours BETWEEN 0 AND 720),
    weeks_ahead INTEGER NOT NULL CHECK (weeks_ahead BETWEEN 1 AND 52),
    updated_at TEXT NOT NULL
);
INSERT INTO availability_settings (id, slot_minutes, buffer_minutes, min_notice_hours, weeks_ahead, updated_at)
VALUES (1, 30, 15, 24, 4, '2026-01-01T00:00:00.000000Z');

-- Weekly time ranges in Brussels wall time: weekday 1 = Monday, minutes since midnight.
CREATE TABLE availability_rules (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    weekday INTEGER NOT NULL CHECK (weekday BETWEEN 1 AND 7),
    start_minute INTEGER NOT NULL CHECK (start_minute BETWEEN 0 AND 1439),
    end_minute INTEGER NOT NULL CHECK (end_minute BETWEEN 1 AND 1440),
    CHECK (start_minute < end_minute)
);

-- Days without calls (holidays), Brussels dates `YYYY-MM-DD`, both ends included.
CREATE TABLE blocked_periods (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    first_day TEXT NOT NULL,
    last_day TEXT NOT NULL,
    note TEXT NOT NULL,
    CHECK (first_day <= last_day)
);

CREATE TABLE intro_calls (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    starts_at TEXT NOT NULL,
    ends_at TEXT NOT NULL,
    mode TEXT NOT NULL CHECK (mode IN ('phone', 'video', 'in_person')),
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    phone TEXT NULL,
    question TEXT NULL,
    status TEXT NOT NULL CHECK (status IN ('booked', 'cancelled')),
    -- SHA-256 of the links in the visitor's mail: one only cancels, the other only moves.
    -- Both are cleared on cancel and replaced on move.
    cancel_token_hash TEXT NULL UNIQUE,
    move_token_hash TEXT NULL UNIQUE,
    cancelled_by TEXT NULL CHECK (cancelled_by IN ('visitor', 'coach')),
    cancel_message TEXT NULL,
    cancelled_at TEXT NULL,
    -- When this time was chosen (booked or moved); decides whether a reminder still makes sense.
    booked_at TEXT NOT NULL,
    reminder_sent_at TEXT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
-- A moment can be booked once: the database refuses a second active booking of it.
CREATE UNIQUE INDEX intro_calls_booked_slot_idx ON intro_calls (starts_at) WHERE status = 'booked';
CREATE INDEX intro_calls_starts_at_idx ON intro_calls (starts_at);

CREATE TABLE contact_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    phone TEXT NULL,
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('unread', 'read', 'archived')),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX contact_messages_status_idx ON contact_messages (status, created_at);

-- Contact form submissions per client IP in a fixed window (rows are removed once it passed).
CREATE TABLE contact_rate (
    ip TEXT PRIMARY KEY,
    window_start TEXT NOT NULL,
    count INTEGER NOT NULL
);

-- Webinar reminders go out once per registration.
ALTER TABLE tickets ADD COLUMN reminder_sent_at TEXT NULL;
-- One free registration per address and webinar.
CREATE UNIQUE INDEX tickets_free_registration_idx ON tickets (event_id, LOWER(email))
    WHERE order_id IS NULL AND status <> 'cancelled';
