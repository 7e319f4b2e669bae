-- compatible: the same table under a wider CHECK, for a new counter (link_account: tries of one
-- account's live reset or invitation link, over all client addresses). SQLite cannot change a
-- CHECK in place, so the table is rebuilt with its rows; an older server writes only the scopes
-- it knows, which stay allowed.
CREATE TABLE auth_throttle_new (
    scope TEXT NOT NULL CHECK (scope IN ('pair', 'ip', 'account', 'reset_ip', 'reset_email', 'link_ip', 'link_account')),
    key TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    window_start TEXT NOT NULL,
    last_at TEXT NOT NULL,
    -- When the coach was last told about this counter reaching its ceiling.
    alerted_at TEXT NULL,
    PRIMARY KEY (scope, key)
);
INSERT INTO auth_throttle_new (scope, key, attempts, window_start, last_at, alerted_at)
    SELECT scope, key, attempts, window_start, last_at, alerted_at FROM auth_throttle;
DROP TABLE auth_throttle;
ALTER TABLE auth_throttle_new RENAME TO auth_throttle;
CREATE INDEX auth_throttle_last_at_idx ON auth_throttle (last_at);
