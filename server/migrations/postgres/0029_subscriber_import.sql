-- Subscribers brought along from the coach's previous newsletter tool (a CSV import): when they
-- were imported, on which legal basis she confirmed she may write to them, the consent date and
-- the source the file gave. NULL on every row that signed up on the site itself.
ALTER TABLE newsletter_subscribers ADD COLUMN imported_at TEXT COLLATE "C" NULL;
ALTER TABLE newsletter_subscribers ADD COLUMN import_basis TEXT NULL CHECK (import_basis IN ('consent', 'customer'));
ALTER TABLE newsletter_subscribers ADD COLUMN consent_at TEXT COLLATE "C" NULL;
ALTER TABLE newsletter_subscribers ADD COLUMN import_source TEXT NULL;
