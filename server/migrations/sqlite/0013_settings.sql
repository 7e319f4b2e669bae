-- The business details the coach saved in Beheer > Instellingen (one row; none = the defaults of
-- config/site.json), as a JSON object so a new detail needs no migration. The go-live checklist's
-- ticks sit next to it.
CREATE TABLE settings (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    details TEXT,
    legal_pages_reviewed_at TEXT,
    test_mail_sent_at TEXT,
    updated_at TEXT NOT NULL
);

INSERT INTO data_versions (name) VALUES ('settings');
CREATE TRIGGER settings_version_insert AFTER INSERT ON settings
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'settings'; END;
CREATE TRIGGER settings_version_update AFTER UPDATE ON settings
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'settings'; END;
CREATE TRIGGER settings_version_delete AFTER DELETE ON settings
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'settings'; END;
