-- One version per kind of data that the server keeps rendered in memory (public API answers,
-- pages with live fields). Triggers bump it in the same transaction as any write to the table,
-- whoever writes (the server, a CLI command, a script), so a server only has to compare numbers.
CREATE TABLE data_versions (
    name TEXT PRIMARY KEY,
    version BIGINT NOT NULL DEFAULT 0
);
INSERT INTO data_versions (name) VALUES ('reviews'), ('events'), ('products'), ('drempel_videos');

-- Once per statement: a bulk insert bumps the version once.
CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE data_versions SET version = version + 1 WHERE name = TG_ARGV[0];
    RETURN NULL;
END;
$$;

CREATE TRIGGER reviews_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('reviews');
CREATE TRIGGER events_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('events');
CREATE TRIGGER products_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('products');
CREATE TRIGGER drempel_videos_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON drempel_videos
    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('drempel_videos');
