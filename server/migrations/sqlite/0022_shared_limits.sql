-- SQLite runs one server: its public-write limits are counted in memory (platform/limits.rs),
-- and only PostgreSQL gets the shared `rate_limits` table.
SELECT 1;
