-- Waiting lists for sold-out events, and the coach's messages to the people of one event.

-- One person in line for one event. An 'offered' entry holds one seat (counted in
-- events.seats_taken) until offered_until; 'claimed' moved that seat to the order its link
-- started; 'expired' and 'removed' gave it back.
CREATE TABLE waitlist_entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    email_normalized TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('waiting', 'offered', 'claimed', 'expired', 'removed')),
    -- SHA-256 of the offer link's token; kept after the offer so an old link can say why not.
    offer_token_hash TEXT NULL UNIQUE,
    offered_at TEXT NULL,
    offered_until TEXT NULL,
    order_id INTEGER NULL REFERENCES orders (id) ON DELETE SET NULL,
    joined_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (event_id, email_normalized)
);
CREATE INDEX waitlist_line_idx ON waitlist_entries (event_id, status, joined_at, id);
CREATE INDEX waitlist_offers_idx ON waitlist_entries (status, offered_until);

-- What the coach wrote to the ticket holders of one event: the event's history of messages.
CREATE TABLE event_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    recipients INTEGER NOT NULL CHECK (recipients >= 0),
    sent_by TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX event_messages_event_idx ON event_messages (event_id, created_at DESC, id DESC);
