-- One version per kind of data that the server keeps rendered in memory (public API answers,
-- pages with live fields). Triggers bump it in the same transaction as any write to the table,
-- whoever writes (the server, a CLI command, a script), so a server only has to compare numbers.
CREATE TABLE data_versions (
    name TEXT PRIMARY KEY,
    version INTEGER NOT NULL DEFAULT 0
);
INSERT INTO data_versions (name) VALUES ('reviews'), ('events'), ('products'), ('drempel_videos');

CREATE TRIGGER reviews_version_insert AFTER INSERT ON reviews
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'reviews'; END;
CREATE TRIGGER reviews_version_update AFTER UPDATE ON reviews
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'reviews'; END;
CREATE TRIGGER reviews_version_delete AFTER DELETE ON reviews
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'reviews'; END;

CREATE TRIGGER events_version_insert AFTER INSERT ON events
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'events'; END;
CREATE TRIGGER events_version_update AFTER UPDATE ON events
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'events'; END;
CREATE TRIGGER events_version_delete AFTER DELETE ON events
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'events'; END;

CREATE TRIGGER products_version_insert AFTER INSERT ON products
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'products'; END;
CREATE TRIGGER products_version_update AFTER UPDATE ON products
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'products'; END;
CREATE TRIGGER products_version_delete AFTER DELETE ON products
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'products'; END;

CREATE TRIGGER drempel_videos_version_insert AFTER INSERT ON drempel_videos
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'drempel_videos'; END;
CREATE TRIGGER drempel_videos_version_update AFTER UPDATE ON drempel_videos
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'drempel_videos'; END;
CREATE TRIGGER drempel_videos_version_delete AFTER DELETE ON drempel_videos
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'drempel_videos'; END;
