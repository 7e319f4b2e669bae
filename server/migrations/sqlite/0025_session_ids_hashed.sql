-- An access token names its session by a random id of its own, kept here only as SHA-256 (one per
-- refresh token, like token_hash), so whoever reads the database holds nothing a client presents.
-- family_id now groups a session's rotations and never leaves the server. Access tokens issued
-- before this name their family instead: they are refused and their holders refresh or sign in
-- again (refresh tokens keep working).
ALTER TABLE refresh_tokens ADD COLUMN session_hash TEXT NULL;
CREATE UNIQUE INDEX refresh_tokens_session_hash_idx ON refresh_tokens (session_hash);
