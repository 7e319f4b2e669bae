-- Newsletters the coach writes and sends herself (DESIGN.md section 9). The body is kept as she
-- typed it (Markdown) and as rendered and sanitised on save, so every mail and the public
-- archive page show exactly what the preview showed.
CREATE TABLE campaigns (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    subject TEXT NOT NULL,
    preheader TEXT NOT NULL,
    body_markdown TEXT NOT NULL,
    body_html TEXT NOT NULL,
    body_text TEXT NOT NULL,
    audience TEXT NOT NULL CHECK (audience IN ('all', 'event', 'product', 'webinar')),
    -- The event, product or webinar of a segment; NULL for all subscribers.
    audience_id INTEGER NULL,
    -- 1: a message about the recipients' own booking, also to people without a subscription.
    service_message INTEGER NOT NULL DEFAULT 0 CHECK (service_message IN (0, 1)),
    status TEXT NOT NULL CHECK (status IN ('draft', 'scheduled', 'sending', 'paused', 'sent')),
    scheduled_at TEXT NULL,
    started_at TEXT NULL,
    finished_at TEXT NULL,
    -- Set while the campaign is on the public archive.
    slug TEXT NULL UNIQUE,
    published_at TEXT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX campaigns_status_idx ON campaigns (status, scheduled_at);
CREATE INDEX campaigns_created_at_idx ON campaigns (created_at DESC, id DESC);

-- One row per address a campaign goes to, made in one transaction when sending starts. The
-- sender claims pending rows with a lease (lease_until) and marks each sent: a crash repeats at
-- most the claimed rows and skips none. 'skipped': unsubscribed (or erased) before their turn came.
CREATE TABLE campaign_recipients (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    subscriber_id INTEGER NULL REFERENCES newsletter_subscribers (id) ON DELETE SET NULL,
    email TEXT NOT NULL,
    email_normalized TEXT NOT NULL,
    first_name TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'skipped')),
    attempts INTEGER NOT NULL DEFAULT 0,
    lease_until TEXT NULL,
    last_error TEXT NULL,
    sent_at TEXT NULL,
    UNIQUE (campaign_id, email_normalized)
);
CREATE INDEX campaign_recipients_due_idx ON campaign_recipients (status, lease_until, id);
CREATE INDEX campaign_recipients_subscriber_idx ON campaign_recipients (subscriber_id);
