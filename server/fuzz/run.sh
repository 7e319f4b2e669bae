#!/usr/bin/env bash
# Fuzzes the API with schemathesis against the real server: a fresh SQLite database with the demo
# content, and an admin bearer token on every request so the admin operations are exercised too.
# Fails on a server error (5xx), a response that does not match the OpenAPI document, or a status
# the document does not list for that operation.
#
# Nothing is excluded: sign-out (POST /api/auth/logout) revokes only the session whose refresh
# token it is given, and the fuzzer never has ours. An operation that could end the fuzzer's own
# session must get its own token here, not an exclusion.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="${INLUMINE_BIN:-$root/target/debug/inlumine}"
venv="$root/target/schemathesis-venv"
version=4.32.5
# Wall-clock budget of the run in seconds: the fuzzing phase repeats until it is spent.
max_time="${FUZZ_MAX_TIME:-150}"

[ -x "$bin" ] || { echo "missing $bin: run 'cargo build -p inlumine' (make test does)"; exit 1; }
if [ ! -f "$venv/.schemathesis-$version" ]; then
  echo "Installing schemathesis $version into $venv"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version"
  touch "$venv/.schemathesis-$version"
fi

work="$(mktemp -d)"
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

export DATA_DIR="$work" DATABASE_URL="" HOST=127.0.0.1 PORT=0 INLUMINE_CONFIG=/dev/null
export SITE_CONFIG="$root/config/site.json" WEB_DIR="$root/server/tests/fixtures/site"
export MAIL_TRANSPORT=file BACKUP_KEEP=0 RUST_LOG="${RUST_LOG:-warn}"
# A local address: the simulated payment provider refuses to run on an https one.
export PUBLIC_URL=http://127.0.0.1
# The fuzzer opens connections far faster than one visitor (its coverage phase reconnects for many
# cases at once), all from 127.0.0.1: lift the per-address connection caps, or the server resets
# them and the run fails on "connection reset". The caps are tested in server/tests/api/connections.rs.
export MAX_CONNECTIONS_PER_ADDRESS=1024 NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS=100000
export NEW_CONNECTIONS_BURST_PER_ADDRESS=100000
"$bin" seed-demo
email=fuzz@inlumine.test
password="$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')"
printf '%s\n' "$password" | "$bin" create-admin --email "$email" >/dev/null
"$bin" serve >"$work/stdout" 2>"$work/server.log" &
server=$!
for _ in $(seq 1 100); do grep -q '^Listening on ' "$work/stdout" && break; sleep 0.1; done
base="$(sed -n 's/^Listening on //p' "$work/stdout")"
[ -n "$base" ] || { cat "$work/server.log"; echo "the server did not start"; exit 1; }

token="$(EMAIL="$email" PASSWORD="$password" BASE="$base" "$venv/bin/python" - <<'PY'
import json, os, urllib.request
body = json.dumps({"email": os.environ["EMAIL"], "password": os.environ["PASSWORD"]}).encode()
request = urllib.request.Request(os.environ["BASE"] + "/api/auth/login", body, {"Content-Type": "application/json"})
print(json.load(urllib.request.urlopen(request))["access_token"])
PY
)"

status=0
# One worker: with two threads, hypothesis's ast.parse of lambda sources can hit CPython 3.11's
# thread-unsafe "AST constructor recursion depth mismatch" and fail the run on the tool's own
# error (seen in CI on 2026-11-24). The run is time-bounded either way.
# Run from the scratch folder: schemathesis keeps a cache in the current directory.
cd "$work"
"$venv/bin/schemathesis" run "$base/api/openapi.json" --url "$base" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
  --header "Authorization: Bearer $token" \
  --workers 1 --max-time "$max_time" --request-timeout 10 \
  --suppress-health-check too_slow,filter_too_much \
  --no-color || status=$?
if [ "$status" -ne 0 ]; then
  echo "--- server log (errors are logged here) ---"
  tail -n 100 "$work/server.log"
fi
exit "$status"
