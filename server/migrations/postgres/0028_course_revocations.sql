-- A refunded course's access is withdrawn: the platform is told (enrolment.revoked webhook)
-- and the access is not sent again. NULL: the access stands.
ALTER TABLE course_enrolments ADD COLUMN revoked_at TEXT COLLATE "C" NULL;
