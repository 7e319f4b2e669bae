-- Public-write limits counted in the database, so several servers on one database together
-- allow what one allows (platform/limits.rs). One row per limit and key: the SHA-256 of the
-- limit's name and the address or e-mail address, never the address itself. `tat_ms` is the
-- GCRA's theoretical arrival time in Unix milliseconds; rows in the past are swept.
CREATE TABLE rate_limits (
    key_hash TEXT PRIMARY KEY,
    tat_ms BIGINT NOT NULL
);
