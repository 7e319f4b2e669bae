-- The mail texts the coach edited (DESIGN.md section 7): one row per mail type she changed.
-- A type without a row uses the default text in code (`outbox::templates`); deleting the row
-- restores it.
CREATE TABLE mail_templates (
    kind TEXT PRIMARY KEY,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    updated_at TEXT COLLATE "C" NOT NULL
);
