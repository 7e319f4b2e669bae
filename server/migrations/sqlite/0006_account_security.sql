-- Sign-in and recovery throttling: one counter per (scope, key). The decision and the record
-- happen in one write transaction that locks the row, so parallel attempts cannot slip past.
DROP TABLE login_failures;
CREATE TABLE auth_throttle (
    scope TEXT NOT NULL CHECK (scope IN ('pair', 'ip', 'account', 'reset_ip', 'reset_email')),
    key TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    window_start TEXT NOT NULL,
    last_at TEXT NOT NULL,
    -- When the coach was last told about this counter reaching its ceiling.
    alerted_at TEXT NULL,
    PRIMARY KEY (scope, key)
);
CREATE INDEX auth_throttle_last_at_idx ON auth_throttle (last_at);

-- Single-use links sent by e-mail, stored as SHA-256: a password reset for an existing account
-- (user_id) or an invitation to become admin (email only, the account is made on acceptance).
CREATE TABLE account_links (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    purpose TEXT NOT NULL CHECK (purpose IN ('reset', 'invite')),
    user_id INTEGER NULL REFERENCES users (id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    email_normalized TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    invited_by INTEGER NULL REFERENCES users (id) ON DELETE SET NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT NULL
);
CREATE INDEX account_links_email_idx ON account_links (purpose, email_normalized);
