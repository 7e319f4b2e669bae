-- The coach edits a photo's alt text. Here the statement trigger of 0014 already moves the
-- media version on an UPDATE (SQLite needed its own trigger); this keeps the two lists equal.
SELECT 1;
