-- The coach edits a photo's alt text: pages, event and review lists that show it are made
-- again, so an update of a photo moves the media version like an insert or a delete does.
CREATE TRIGGER media_version_update AFTER UPDATE ON media
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'media'; END;
