-- The go-live test mail carries a link the coach opens once it arrived (issue 12 item 5): the
-- SHA-256 of its token (cleared when used), until when it works, and when it was used.
ALTER TABLE settings ADD COLUMN test_mail_token_hash TEXT;
ALTER TABLE settings ADD COLUMN test_mail_token_expires_at TEXT;
ALTER TABLE settings ADD COLUMN test_mail_received_at TEXT;
