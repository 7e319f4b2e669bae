-- Passkeys (WebAuthn) of the admins. `policy`: optional (password or passkey), required (a
-- password alone is refused), after_reset (required, but a reset link set a new password and a
-- new passkey is wanted first: password sign-ins work until one is added, then it is required
-- again). An older server ignores the column and the tables (it knows only passwords).
ALTER TABLE users ADD COLUMN passkey_policy TEXT NOT NULL DEFAULT 'optional'
    CHECK (passkey_policy IN ('optional', 'required', 'after_reset'));
-- The user handle the authenticator keeps with her passkeys (a random UUID, set with the first).
ALTER TABLE users ADD COLUMN passkey_handle TEXT NULL;
CREATE UNIQUE INDEX users_passkey_handle_idx ON users (passkey_handle);

CREATE TABLE passkeys (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- base64url of the credential id, as the browser names it.
    credential_id TEXT NOT NULL UNIQUE,
    -- The name she gave it ("Laptop", "Telefoon").
    name TEXT NOT NULL,
    -- webauthn-rs's Passkey (public key, counter) as JSON.
    credential TEXT NOT NULL,
    created_at TEXT NOT NULL,
    last_used_at TEXT NULL
);
CREATE INDEX passkeys_user_idx ON passkeys (user_id);

-- A ceremony under way (adding a passkey, signing in with one): its state, kept here so that any
-- server sharing the database can finish it, and removed when it is used (single use).
CREATE TABLE passkey_challenges (
    id TEXT NOT NULL PRIMARY KEY,
    purpose TEXT NOT NULL CHECK (purpose IN ('register', 'login')),
    -- The admin adding a passkey; NULL for a sign-in.
    user_id INTEGER NULL REFERENCES users (id) ON DELETE CASCADE,
    state TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
CREATE INDEX passkey_challenges_expires_idx ON passkey_challenges (expires_at);
