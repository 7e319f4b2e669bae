-- compatible: a wider CHECK for a new counter (link_account: tries of one account's live reset or
-- invitation link, over all client addresses); an older server writes only the scopes it knows,
-- which stay allowed.
ALTER TABLE auth_throttle DROP CONSTRAINT auth_throttle_scope_check;
ALTER TABLE auth_throttle ADD CONSTRAINT auth_throttle_scope_check
    CHECK (scope IN ('pair', 'ip', 'account', 'reset_ip', 'reset_email', 'link_ip', 'link_account'));
