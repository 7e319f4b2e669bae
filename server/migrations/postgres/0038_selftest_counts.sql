-- Anonymous self-test results are kept only as counts (issue 25): once a result without an e-mail
-- address is past the retention period (30 days, platform::retention), its profile is counted
-- here per version and Brussels day and the row (answers, scores, the link's hash) is deleted.
-- The funnel and Beheer > Zelftest read the rows and these counts together.
CREATE TABLE selftest_result_counts (
    version_id BIGINT NOT NULL REFERENCES selftest_versions (id),
    day TEXT NOT NULL,
    profile_id TEXT NOT NULL,
    count BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (version_id, day, profile_id)
);
