-- Photos the coach uploads (DESIGN.md section 7). The file itself is never kept: only its
-- re-encoded variants, stored by content hash as {hash}-{width}.webp and .jpg for each width in
-- `widths` (ascending; the last one is the photo's own width, never upscaled).
CREATE TABLE media (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    hash TEXT NOT NULL UNIQUE,
    alt TEXT NOT NULL,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    widths TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX media_created_at_idx ON media (created_at DESC, id DESC);

-- The page-level photos: the coach portrait, the home hero and the share image (Open Graph).
CREATE TABLE media_slots (
    slot TEXT PRIMARY KEY CHECK (slot IN ('portrait', 'hero', 'share')),
    media_id INTEGER NOT NULL REFERENCES media (id)
);

-- The references keep a photo that is in use from being deleted, whoever deletes it.
ALTER TABLE reviews ADD COLUMN avatar_media_id INTEGER NULL REFERENCES media (id);
ALTER TABLE events ADD COLUMN image_id INTEGER NULL REFERENCES media (id);

INSERT INTO data_versions (name) VALUES ('media');
CREATE TRIGGER media_version_insert AFTER INSERT ON media
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'media'; END;
CREATE TRIGGER media_version_delete AFTER DELETE ON media
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'media'; END;
CREATE TRIGGER media_slots_version_insert AFTER INSERT ON media_slots
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'media'; END;
CREATE TRIGGER media_slots_version_update AFTER UPDATE ON media_slots
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'media'; END;
CREATE TRIGGER media_slots_version_delete AFTER DELETE ON media_slots
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'media'; END;
