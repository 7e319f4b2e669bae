-- Admin accounts, sessions, sign-in throttling and threshold videos.
CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL,
    email_normalized TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('admin', 'user')),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

-- Opaque refresh tokens, stored as SHA-256. A family is one sign-in; every refresh adds a token
-- to it and marks the presented one used, so a used token coming back reveals theft.
CREATE TABLE refresh_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    family_id TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT NULL,
    revoked_at TEXT NULL
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

-- Failed sign-ins per account (normalized e-mail) and per client IP, kept for the throttle window.
CREATE TABLE login_failures (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    scope TEXT NOT NULL CHECK (scope IN ('account', 'ip')),
    key TEXT NOT NULL,
    failed_at TEXT NOT NULL
);
CREATE INDEX login_failures_key_idx ON login_failures (scope, key, failed_at);

CREATE TABLE drempel_videos (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    video_url TEXT NOT NULL,
    position INTEGER NOT NULL,
    published INTEGER NOT NULL CHECK (published IN (0, 1)),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX drempel_videos_position_idx ON drempel_videos (position);

-- Admin lists of subscribers are newest first.
CREATE INDEX newsletter_subscribers_created_at_idx ON newsletter_subscribers (created_at DESC, id DESC);
