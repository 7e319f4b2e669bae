#!/usr/bin/env bash
# make test-dist: the archive of `make dist` holds what a server needs, and its binary alone, in
# an empty folder with no configuration files, migrates, seeds and serves the whole site: `/`, the
# assets that page loads, the API and the admin's sign-in page. Only the listen address and the
# public URL come from the environment (an http URL: the simulated payments refuse https).
set -euo pipefail
archive="$(readlink -f "${1:?usage: test-dist.sh dist/inlumine-VERSION-linux-x86_64.tar.gz}")"
work="$(mktemp -d)"
server=""
cleanup() {
  local status=$?
  # The server ends on this TERM; its exit status (143) is not the test's.
  if [ -n "$server" ]; then kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true; fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
fail() { echo "test-dist: $*" >&2; [ -f "$work/site/server.log" ] && tail -20 "$work/site/server.log" >&2; exit 1; }

tar -C "$work" -xzf "$archive"
unpacked="$work/$(basename "$archive" .tar.gz)"
for file in inlumine server.toml site.json inlumine.service Caddyfile env.example README.md; do
  [ -f "$unpacked/$file" ] || fail "the archive lacks $file"
done
mkdir "$work/site"
cp "$unpacked/inlumine" "$work/site/"
cd "$work/site"
[ "$(ls)" = inlumine ] || fail "the folder is not empty but for the binary"

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
base="http://127.0.0.1:$port"
# Nothing from this machine's environment leaks in: only what a host would set.
host_env=(env -i PATH=/usr/bin:/bin HOME="$work" PORT="$port" PUBLIC_URL="$base" RUST_LOG=warn)
"${host_env[@]}" ./inlumine migrate
"${host_env[@]}" ./inlumine seed-demo
# A simple command, not a function: `$!` is then the server itself (env execs it), so the
# cleanup's kill reaches it instead of leaving it running.
"${host_env[@]}" ./inlumine serve >server.out 2>server.log &
server=$!
for _ in $(seq 1 300); do grep -q '^Listening on ' server.out 2>/dev/null && break; sleep 0.1; done
grep -q "^Listening on $base" server.out || fail "the server did not start"

status() { curl -s -o "$work/body" -w '%{http_code}' "$@"; }
[ "$(status "$base/")" = 200 ] || fail "/ is not 200"
grep -q '<html lang="nl-BE"' "$work/body" || fail "/ is not the prerendered home page"
cp "$work/body" "$work/home.html"
assets="$(grep -o '/assets/[A-Za-z0-9._-]*\.\(js\|css\)' "$work/home.html" | sort -u)"
[ -n "$assets" ] || fail "/ names no assets"
for asset in $assets; do
  [ "$(status "$base$asset")" = 200 ] || fail "$asset is not 200"
  [ -s "$work/body" ] || fail "$asset is empty"
done
[ "$(status -H 'Accept-Encoding: br' -D "$work/headers" "$base$(head -1 <<<"$assets")")" = 200 ] || fail "no brotli asset"
grep -qi '^content-encoding: br' "$work/headers" || fail "the precompressed brotli asset is not served"
[ "$(status "$base/api/products")" = 200 ] || fail "/api/products is not 200"
grep -q '"slug"' "$work/body" || fail "/api/products has no products (seed)"
[ "$(status "$base/api/reviews")" = 200 ] || fail "/api/reviews is not 200"
grep -q '"total":[1-9]' "$work/body" || fail "/api/reviews has no demo reviews"
[ "$(status "$base/admin/login")" = 200 ] || fail "/admin/login is not 200"
grep -q '<html' "$work/body" || fail "/admin/login is not the admin app"
[ "$(status "$base/healthz")" = 200 ] || fail "/healthz is not 200"
[ "$(status "$base/bestaat-niet")" = 404 ] || fail "an unknown page is not 404"
# What the server wrote stayed in its data folder.
extra="$(ls | grep -v -e '^inlumine$' -e '^data$' -e '^server\.\(out\|log\)$' || true)"
[ -z "$extra" ] || fail "the server wrote outside its data folder: $extra"
[ -f data/inlumine.db ] || fail "no database in data/"
echo "test-dist: $(basename "$archive") ($(du -h "$archive" | cut -f1); binary $(du -h inlumine | cut -f1)) serves /, $(wc -w <<<"$assets") assets, the API and /admin/login from an empty folder"
