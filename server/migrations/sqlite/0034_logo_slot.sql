-- compatible: the slot list only widens ('logo' is added, issue 22 item 3); an older server reads
-- and writes the slots it knows by name and never one it does not, except where it lists the
-- uses of a photo (Beheer > Media): deleting the logo's photo then fails until it is upgraded.
-- SQLite cannot change a CHECK, so the table is made again with its rows and its triggers.
CREATE TABLE media_slots_new (
    slot TEXT PRIMARY KEY CHECK (slot IN ('portrait', 'hero', 'share', 'logo')),
    media_id INTEGER NOT NULL REFERENCES media (id)
);
INSERT INTO media_slots_new (slot, media_id) SELECT slot, media_id FROM media_slots;
DROP TABLE media_slots;
ALTER TABLE media_slots_new RENAME TO media_slots;
CREATE TRIGGER media_slots_version_insert AFTER INSERT ON media_slots
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'media'; END;
CREATE TRIGGER media_slots_version_update AFTER UPDATE ON media_slots
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'media'; END;
CREATE TRIGGER media_slots_version_delete AFTER DELETE ON media_slots
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'media'; END;
