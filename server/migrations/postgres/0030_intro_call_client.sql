-- compatible: a new nullable column and an index; an older server neither reads nor writes them.
-- Which client address booked an intro call (a SHA-256 of it, never the address itself), so
-- one address cannot hold every slot of the calendar. NULL for calls booked before, or by the
-- coach.
ALTER TABLE intro_calls ADD COLUMN client_key_hash TEXT COLLATE "C" NULL;
CREATE INDEX intro_calls_client_key ON intro_calls (client_key_hash, starts_at);
