#!/usr/bin/env bash
# Starts the real server (debug build) for the end-to-end tests: fresh data folder, demo content, the built site.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/target/debug/inlumine"
[ -x "$bin" ] || { echo "missing $bin: run 'cargo build -p inlumine' (make test does)"; exit 1; }
export DATA_DIR="${E2E_DATA_DIR:?}" PORT="${E2E_PORT:?}" HOST=127.0.0.1
export DATABASE_URL="" WEB_DIR="$root/web/build/client" SITE_CONFIG="$root/config/site.json"
export PUBLIC_URL="http://127.0.0.1:$PORT" MAIL_TRANSPORT=file OUTBOX_POLL_INTERVAL_MS=100 OUTBOX_BASE_BACKOFF_MS=200
# The review invitations of e2e/review-invitations.spec.ts go out within seconds of an evening
# moved into the past (the delay stays the real 3 days).
export REMINDER_INTERVAL_SECS=2
export INLUMINE_CONFIG="$root/config/server.toml" RUST_LOG="${RUST_LOG:-warn}"
# Freed seats reach the waiting list within a second instead of half a minute.
export WAITLIST_INTERVAL_SECS=1
# Every e2e visitor comes from 127.0.0.1 and the suite buys, books and writes far more than one
# person would in an hour: lift the per-address limits here. They are tested with their real
# values in server/tests/api/abuse.rs.
export LIMIT_CHECKOUT_PER_IP_PER_HOUR=100000 LIMIT_COUPON_CHECKS_PER_IP_PER_HOUR=100000
export LIMIT_NEWSLETTER_PER_IP_PER_HOUR=100000 LIMIT_INTRO_CALLS_PER_IP_PER_HOUR=100000
export LIMIT_WEBINAR_PER_IP_PER_HOUR=100000 LIMIT_CONTACT_PER_IP_PER_10_MIN=100000
# The same for connections: two workers' browsers and request contexts all come from 127.0.0.1
# (the caps are tested in server/tests/api/connections.rs).
export MAX_CONNECTIONS_PER_ADDRESS=1024 NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS=100000
export NEW_CONNECTIONS_BURST_PER_ADDRESS=100000
export LIMIT_INTRO_CALLS_UPCOMING_PER_IP=100000 LIMIT_INTRO_CALLS_UPCOMING_PER_EMAIL=100000
export LIMIT_INTRO_CALL_LINKS_PER_IP_PER_HOUR=100000
export LIMIT_NEWSLETTER_LINKS_PER_IP_PER_HOUR=100000 LIMIT_OFFER_QUOTES_PER_IP_PER_HOUR=100000
export LIMIT_SELFTEST_RESULTS_PER_IP_PER_HOUR=100000 LIMIT_SELFTEST_MAIL_PER_IP_PER_HOUR=100000
export LIMIT_SELFTEST_MAIL_PER_EMAIL_PER_HOUR=100000 LIMIT_SELFTEST_LINKS_PER_IP_PER_HOUR=100000
export LIMIT_REFRESH_PER_IP_PER_HOUR=100000 LIMIT_LOGOUT_PER_IP_PER_HOUR=100000
export LIMIT_SIMULATED_PAYMENTS_PER_IP_PER_HOUR=100000 LIMIT_PAYMENT_WEBHOOKS_PER_IP_PER_HOUR=100000
"$bin" seed-demo
printf '%s\n' "${E2E_ADMIN_PASSWORD:?}" | "$bin" create-admin --email "${E2E_ADMIN_EMAIL:?}"
export ACCESS_TOKEN_TTL_SECS="${E2E_ACCESS_TOKEN_TTL:-100}"
exec "$bin" serve
