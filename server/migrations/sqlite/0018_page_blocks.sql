-- The page texts the coach edited (DESIGN.md section 7): one row per named block she changed
-- (a block without a row shows the default built into the page), with every saved version
-- kept so she can go back to one.
CREATE TABLE page_blocks (
    key TEXT PRIMARY KEY,
    markdown TEXT NOT NULL,
    -- Rendered and sanitized on save: what the page shows.
    html TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE TABLE page_block_history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL,
    markdown TEXT NOT NULL,
    html TEXT NOT NULL,
    saved_at TEXT NOT NULL
);
CREATE INDEX page_block_history_key_idx ON page_block_history (key, id);

INSERT INTO data_versions (name) VALUES ('page_blocks');
CREATE TRIGGER page_blocks_version_insert AFTER INSERT ON page_blocks
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'page_blocks'; END;
CREATE TRIGGER page_blocks_version_update AFTER UPDATE ON page_blocks
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'page_blocks'; END;
CREATE TRIGGER page_blocks_version_delete AFTER DELETE ON page_blocks
BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'page_blocks'; END;
