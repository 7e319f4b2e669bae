-- That a person's data was erased (GDPR): when, by which admin, and how many records of each
-- kind (JSON of counts); nothing about the person herself.
CREATE TABLE erasures (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    erased_at TEXT NOT NULL,
    admin_user_id INTEGER NULL REFERENCES users (id) ON DELETE SET NULL,
    -- The admin's address at the time, so the record still says who after her account is gone.
    erased_by TEXT NOT NULL,
    counts TEXT NOT NULL
);
CREATE INDEX erasures_erased_at_idx ON erasures (erased_at DESC, id DESC);
