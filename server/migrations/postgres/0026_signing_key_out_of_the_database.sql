-- compatible: the access-token signing key moves to a file in the data folder (or JWT_SECRET), so
-- a copy of the database or a backup cannot sign a session. An older server still running keeps
-- the key it loaded at start; sessions it signed are refused by the new servers and sign in again.
DELETE FROM app_meta WHERE key = 'jwt_secret';
