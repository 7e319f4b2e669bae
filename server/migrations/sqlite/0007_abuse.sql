-- Public-write limits are counted in memory now (src/limits.rs); the contact form's own table goes.
DROP TABLE contact_rate;

-- The random seed of a pending newsletter signup's links, so a repeated signup can mail the same
-- links again and earlier mails stay valid; cleared once the signup is confirmed or ended.
ALTER TABLE newsletter_subscribers ADD COLUMN opt_in_seed TEXT NULL;

-- When the retention job emptied a sent mail's body (30 days after sending); see src/retention.rs.
ALTER TABLE outbox ADD COLUMN body_purged_at TEXT NULL;
