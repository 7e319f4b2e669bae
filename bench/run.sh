#!/usr/bin/env bash
# make bench: measures, on this machine, how fast the built site and its server are, each figure
# next to a reference measured in the same run (nginx serving the same bytes, React + ReactDOM
# minified, the same endpoint with 10 rows) and their ratio. Figures only: nothing here asserts.
#
# Everything runs on 127.0.0.1, the server and nginx each pinned to core 0 and wrk to core 1,
# with a fresh SQLite database and a copy of the build under a temporary folder that is removed,
# with every process started here, when the script ends.
#
# The visitor beacon runs at about 2,000 hits/s (PACE_MS per connection, default 25 ms) next to the
# same server answering prerendered pages at that pace, and prints how often and how long the
# counts were written (they are flushed every few seconds in one transaction: the write tail must
# not grow with the load or the run's length).
#
# Environment: INLUMINE_BIN (default target/release/inlumine), WEB_BUILD (default web/build/client),
# DURATION seconds per wrk run (5), LH_RUNS Lighthouse runs per page (5), SKIP_LIGHTHOUSE=1.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
target_dir="${CARGO_TARGET_DIR:-target}"
[[ "$target_dir" = /* ]] || target_dir="$root/$target_dir"
bin="${INLUMINE_BIN:-$target_dir/release/inlumine}"
build="${WEB_BUILD:-$root/web/build/client}"
duration="${DURATION:-5}"
lh_runs="${LH_RUNS:-5}"
[ -x "$bin" ] || { echo "missing $bin: run 'make server-release' (make bench does)"; exit 1; }
[ -f "$build/index.html" ] || { echo "missing $build/index.html: run 'make web' (make bench does)"; exit 1; }

# --- tools: Debian's packages, installed when missing -------------------------------------------
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
apt_updated=0
apt_install() {
  if [ "$apt_updated" -eq 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}
command -v wrk >/dev/null || apt_install wrk
command -v sqlite3 >/dev/null || apt_install sqlite3
command -v curl >/dev/null || apt_install curl
[ -x /usr/sbin/nginx ] || apt_install nginx-light 2>/dev/null || apt_install nginx
brotli_module=/usr/lib/nginx/modules/ngx_http_brotli_static_module.so
[ -f "$brotli_module" ] || apt_install libnginx-mod-http-brotli-static 2>/dev/null || true
[ -x /usr/bin/chromium ] || apt_install chromium fonts-dejavu-core
# A system nginx service may have started on install; ours runs on its own port, so it does not matter.

# --- scratch space and cleanup ------------------------------------------------------------------
tmp="$(mktemp -d /tmp/inlumine-bench.XXXXXX)"
chmod 755 "$tmp" # nginx's worker runs as an unprivileged user and must read the copy
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
port="$(free_port)"
nginx_port="$(free_port)"
base="http://127.0.0.1:$port"
ngx="http://127.0.0.1:$nginx_port"
cp -r "$build" "$tmp/www"
chmod -R a+rX "$tmp/www"

# --- the server ---------------------------------------------------------------------------------
export DATA_DIR="$tmp/data" PORT="$port" HOST=127.0.0.1 DATABASE_URL="" WEB_DIR="$tmp/www"
export SITE_CONFIG="$root/config/site.json" INLUMINE_CONFIG="$root/config/server.toml"
export PUBLIC_URL="$base" MAIL_TRANSPORT=file RUST_LOG=warn
# The signup bench sends each request from its own X-Forwarded-For address: it measures the
# write path, not the per-address rate limit.
export TRUST_FORWARDED_FOR=true
"$bin" seed-demo >/dev/null
server_pid=""
startup_ms=""
# Starts the server on core 0; startup_ms is how long it took to answer /healthz (~3 ms resolution:
# each poll is a curl process).
start_server() {
  local t0 t1
  t0=$(date +%s%N)
  taskset -c 0 "$bin" serve >>"$tmp/server.log" 2>&1 &
  server_pid=$!
  pids+=("$server_pid")
  for _ in $(seq 1 2000); do
    curl -sf -o /dev/null --max-time 1 "$base/healthz" && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$tmp/server.log"; exit 1; }
    sleep 0.001
  done
  t1=$(date +%s%N)
  startup_ms=$(((t1 - t0) / 1000000))
}
stop_server() { kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; }
rss_mb() { awk '/^VmRSS:/ {printf "%.1f", $2 / 1024}' "/proc/$1/status"; }
# Resident memory in its parts: anonymous (heap, the SQLite connections' caches, stacks) and
# file-backed (the binary's code and data as far as it was read; shared with the page cache).
rss_parts() { awk '/^RssAnon:/ {a = $2} /^RssFile:/ {f = $2} END {printf "%.1f MB anonymous + %.1f MB file-backed", a / 1024, f / 1024}' "/proc/$1/status"; }

# --- nginx, serving the same bytes ---------------------------------------------------------------
mkdir -p "$tmp/nginx"
{
  [ -f "$brotli_module" ] && echo "load_module $brotli_module;"
  cat <<EOF
daemon off;
worker_processes 1;
pid $tmp/nginx/nginx.pid;
error_log $tmp/nginx/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/json;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path $tmp/nginx/body;
  proxy_temp_path $tmp/nginx/proxy;
  fastcgi_temp_path $tmp/nginx/fastcgi;
  uwsgi_temp_path $tmp/nginx/uwsgi;
  scgi_temp_path $tmp/nginx/scgi;
  server {
    listen 127.0.0.1:$nginx_port;
    root $tmp/www;
    gzip_static on;
    $([ -f "$brotli_module" ] && echo "brotli_static on;")
    location / { try_files \$uri \$uri/index.html =404; }
  }
}
EOF
} >"$tmp/nginx/nginx.conf"
taskset -c 0 /usr/sbin/nginx -c "$tmp/nginx/nginx.conf" -p "$tmp/nginx" -e "$tmp/nginx/error.log" &
pids+=($!)
html_enc=gzip
[ -f "$brotli_module" ] && html_enc=br

# --- wrk -----------------------------------------------------------------------------------------
# wrk URL [wrk options]: 50 connections from core 1; sets rps, p50, p99 and errors (non-2xx + socket).
wrk_run() {
  local out
  out=$(timeout $((duration + 30)) taskset -c 1 wrk -t1 -c50 -d"${duration}s" --timeout 5s --latency "$@" 2>&1) || true
  rps=$(awk '/^Requests\/sec:/ {printf "%.0f", $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  p90=$(awk '$1 == "90%" {print $2}' <<<"$out")
  lmax=$(awk '$1 == "Latency" {print $4}' <<<"$out")
  errors=$(awk '/Non-2xx or 3xx responses:/ {n += $NF} /Socket errors:/ {gsub(",", ""); n += $4 + $6 + $8 + $10} END {print n + 0}' <<<"$out")
  [ -n "$rps" ] || { echo "wrk failed: $out" >&2; rps=0; }
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
row() { printf '  %-58s %14s %14s %7s\n' "$@"; }
# "ENCODING BYTES" of one answer to URL asked with Accept-Encoding ENC.
answer() {
  curl -s -D "$tmp/headers" -o "$tmp/body" -H "Accept-Encoding: $2" "$1"
  echo "$(awk -F': *' 'tolower($1) == "content-encoding" {print $2}' "$tmp/headers" | tr -d '\r') $(wc -c <"$tmp/body")"
}
# compare LABEL OURS_URL NGINX_URL ENCODING: the same request against both, one row.
compare() {
  local label=$1 ours=$2 theirs=$3 enc=$4 a_ours a_nginx
  a_ours=$(answer "$ours" "$enc")
  a_nginx=$(answer "$theirs" "$enc")
  wrk_run -H "Accept-Encoding: $enc" "$ours"
  local o_rps=$rps o_p99=$p99 o_err=$errors
  wrk_run -H "Accept-Encoding: $enc" "$theirs"
  row "$label (${a_ours% *}, ${a_ours#* } B)" "$o_rps req/s" "$rps req/s" "$(ratio "$o_rps" "$rps")"
  echo "    p99: ours $o_p99, nginx $p99; nginx sent ${a_nginx% *}, ${a_nginx#* } B"
  [ "$o_err$errors" = "00" ] || echo "    errors: ours $o_err, nginx $errors"
}
same_file() { # URL NAME: the server's answer (JSON, a page with its live fields) as a static file
  # for nginx, precompressed like the build
  curl -sf "$1" >"$tmp/www/$2"
  gzip -9 -k "$tmp/www/$2"
  node -e 'const z=require("zlib"),fs=require("fs"),f=process.argv[1];fs.writeFileSync(f+".br",z.brotliCompressSync(fs.readFileSync(f)))' "$tmp/www/$2"
  chmod a+r "$tmp/www/$2"*
}
set_reviews() { # N: add reviews (older than the demo ones) until the table holds N rows
  local db="$DATA_DIR/inlumine.db" missing
  missing=$(($1 - $(sqlite3 "$db" "SELECT COUNT(*) FROM reviews")))
  [ "$missing" -gt 0 ] || return 0
  sqlite3 "$db" >/dev/null <<SQL
PRAGMA busy_timeout = 5000;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $missing)
INSERT INTO reviews (name, avatar_url, rating, text, created_at)
SELECT 'Lezer ' || i, NULL, 1 + i % 5, 'Een recensie voor de benchmark, nummer ' || i || '.',
       strftime('%Y-%m-%dT%H:%M:%S.000000Z', '2020-01-01', '-' || i || ' minutes')
FROM n;
SQL
}

echo "In Lumine benchmark — $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "server $bin, build $build; wrk: 50 connections, ${duration} s per run"

# --- start-up and memory ---------------------------------------------------------------------------
start_server
sleep 2
echo
echo "Server"
echo "  start to healthy: ${startup_ms} ms    idle RSS: $(rss_mb "$server_pid") MB = $(rss_parts "$server_pid")    (goal: under 20 MB anonymous)"

# --- JavaScript size -------------------------------------------------------------------------------
echo
node "$root/bench/page-js-size.mjs" "$tmp/www"

# --- Lighthouse --------------------------------------------------------------------------------------
if [ "${SKIP_LIGHTHOUSE:-}" != 1 ]; then
  echo
  # As PageSpeed and the Lighthouse CLI measure (a fresh Chromium per run), then with one Chromium
  # reused for all runs (the figure kept from earlier rounds).
  lh_pages=(/ /vertelavond /checkout /gratis-kennismakingsgesprek /wees-eerlijk /wees-eerlijk/zelftest /contact)
  FRESH=1 RUNS="$lh_runs" timeout 1800 node "$root/bench/lighthouse.mjs" "$base" "${lh_pages[@]}" ||
    echo "  Lighthouse did not finish (see above); the other figures follow."
  echo
  RUNS="$lh_runs" timeout 900 node "$root/bench/lighthouse.mjs" "$base" "${lh_pages[@]}" ||
    echo "  Lighthouse did not finish (see above); the other figures follow."
  # The home page as a coach makes it hers: a hero photo and a portrait chosen in Beheer > Media
  # (photo-like PNGs, made into the server's own variants), then / again (issue 12: stays 100).
  email=bench@inlumine.test password="$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')"
  printf '%s\n' "$password" | "$bin" create-admin --email "$email" >/dev/null
  token=$(curl -sf "$base/api/auth/login" -H 'Content-Type: application/json' \
    -d "{\"email\":\"$email\",\"password\":\"$password\"}" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).access_token))')
  choose_photo() { # SLOT WIDTH HEIGHT SEED ALT
    python3 "$root/bench/photo.py" "$tmp/$1.png" "$2" "$3" "$4"
    local id
    id=$(curl -sf -H "Authorization: Bearer $token" -F "alt=$5" -F "file=@$tmp/$1.png;type=image/png" \
      "$base/api/admin/media" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).id))')
    curl -sf -o /dev/null -X PUT -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
      -d "{\"media_id\":$id}" "$base/api/admin/media/slots/$1"
  }
  choose_photo hero 1600 1067 1 "Zonlicht door de bomen"
  choose_photo portrait 900 1050 2 "De coach in haar praktijk"
  echo
  echo "With a hero photo and a portrait chosen in Beheer > Media:"
  FRESH=1 RUNS="$lh_runs" timeout 600 node "$root/bench/lighthouse.mjs" "$base" / ||
    echo "  Lighthouse did not finish (see above); the other figures follow."
  choose_none() { curl -sf -o /dev/null -X PUT -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/json' -d '{"media_id":null}' "$base/api/admin/media/slots/$1"; }
  choose_none hero
  choose_none portrait
fi

# --- serving, against nginx --------------------------------------------------------------------------
set_reviews 10
stop_server
start_server
for _ in $(seq 1 50); do curl -sf -o /dev/null "$ngx/index.html" && break; sleep 0.1; done
asset="$(cd "$tmp/www" && ls -S assets/public-*.js 2>/dev/null | head -1)"
[ -n "$asset" ] || asset="$(cd "$tmp/www" && ls -S assets/*.js | head -1)"
static_page=/gratis-kennismakingsgesprek
[ -f "$tmp/www$static_page/index.html" ] || static_page="/$(cd "$tmp/www" && ls -d */ | grep -v -e assets -e admin -e 404 | head -1 | tr -d /)"
product_slug=$(curl -sf "$base/api/products" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const p=JSON.parse(s);console.log((p.find(x=>x.kind==="event")||p[0]).slug)})')
same_file "$base/" home.html
same_file "$base/api/reviews" reviews.json
same_file "$base/api/products" products.json
same_file "$base/api/products/$product_slug" product.json
same_file "$base/api/events/upcoming" events.json
same_file "$base/api/drempel-videos" videos.json

echo
echo "Serving (wrk; nginx serves a copy of the same bytes, precompressed; goals: assets 0.9, pages 0.8, API 0.5)"
row "what" "ours" "nginx" "ratio"
compare "hashed JS asset /$asset" "$base/$asset" "$ngx/$asset" gzip
compare "home page / (prerendered, live review count)" "$base/" "$ngx/home.html" "$html_enc"
compare "page $static_page (prerendered)" "$base$static_page" "$ngx$static_page/index.html" "$html_enc"
compare "/api/reviews, 10 reviews" "$base/api/reviews" "$ngx/reviews.json" gzip
compare "/api/products" "$base/api/products" "$ngx/products.json" gzip
compare "/api/products/$product_slug" "$base/api/products/$product_slug" "$ngx/product.json" gzip
compare "/api/events/upcoming" "$base/api/events/upcoming" "$ngx/events.json" gzip
compare "/api/drempel-videos" "$base/api/drempel-videos" "$ngx/videos.json" gzip

# --- growth: the same reads with 100,000 reviews -------------------------------------------------------
echo
echo "Growth (the same server, 10 vs 100,000 reviews; restarted after the rows are inserted)"
row "what" "100,000" "10" "ratio"
wrk_run -H "Accept-Encoding: gzip" "$base/api/reviews"
r10=$rps r10_p50=$p50
wrk_run -H "Accept-Encoding: $html_enc" "$base/"
h10=$rps
set_reviews 100000
stop_server
start_server
total=$(curl -sf "$base/api/reviews" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).total))')
wrk_run -H "Accept-Encoding: gzip" "$base/api/reviews"
row "/api/reviews (total $total)" "$rps req/s" "$r10 req/s" "$(ratio "$rps" "$r10")"
echo "    p50: 100,000 $p50, 10 $r10_p50"
wrk_run -H "Accept-Encoding: $html_enc" "$base/"
row "home page / ($html_enc)" "$rps req/s" "$h10 req/s" "$(ratio "$rps" "$h10")"

# --- the admin search over 100,000 orders and 100,000 people ------------------------------------------
# Issue 27: answered from the search_terms index (migration 0035), never a scan. The rows go in with
# sqlite3 (the triggers index them as the server's own writes would); one connection, so the figures
# are the answer time of one search, not a queue.
add_search_rows() {
  sqlite3 "$DATA_DIR/inlumine.db" >/dev/null <<SQL
PRAGMA busy_timeout = 5000;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
INSERT INTO orders (public_id, idempotency_key, product_id, quantity, first_name, last_name, email,
  unit_price_cents, subtotal_cents, discount_cents, total_cents, terms_accepted_at, consent_text, status,
  provider, expires_at, created_at, updated_at)
SELECT 'Bench' || i, 'bench-' || i, 1, 1,
  CASE i % 4 WHEN 0 THEN 'Sofie' WHEN 1 THEN 'Sander' WHEN 2 THEN 'Lotte' ELSE 'Pieter' END,
  'Klant' || i, 'klant' || i || '@example.be', 1900, 1900, 0, 1900, '2026-01-01T00:00:00.000000Z', 'Ja',
  'paid', 'simulated', '2026-01-01T00:00:00.000000Z', '2026-01-01T00:00:00.000000Z',
  '2026-01-01T00:00:00.000000Z'
FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
INSERT INTO newsletter_subscribers (first_name, email, email_normalized, status, unsubscribe_token_hash,
  created_at, updated_at)
SELECT CASE i % 3 WHEN 0 THEN 'Sofie' WHEN 1 THEN 'Mira' ELSE 'Wout' END, 'lezer' || i || '@example.be',
  'lezer' || i || '@example.be', 'confirmed', 'bench' || i, '2026-01-01T00:00:00.000000Z',
  '2026-01-01T00:00:00.000000Z'
FROM n;
SQL
}
echo
echo "Admin search (100,000 orders and 100,000 subscribers; 1 connection; goal: under 50 ms)"
add_search_rows
stop_server
start_server
search_email=search-bench@inlumine.test search_password="$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')"
printf '%s\n' "$search_password" | "$bin" create-admin --email "$search_email" >/dev/null
search_token=$(curl -sf "$base/api/auth/login" -H 'Content-Type: application/json' \
  -d "{\"email\":\"$search_email\",\"password\":\"$search_password\"}" |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).access_token))')
row "what" "req/s" "p50" "p99"
for q in sof klant4242 lezer77777 bench9876; do
  wrk_run -c1 -H "Authorization: Bearer $search_token" "$base/api/admin/search?q=$q"
  row "/api/admin/search?q=$q" "$rps" "$p50" "$p99"
  [ "$errors" = 0 ] || echo "    errors: $errors"
done

# --- writes -------------------------------------------------------------------------------------------
echo
echo "Writes (SQLite, synchronous=FULL; goal: 50 at once ≥ 2,000/s with p99 ≤ 100 ms)"
row "what" "50 at once" "1 at a time" "ratio"
wrk_run -s "$root/bench/newsletter.lua" "$base/api/newsletter"
n50=$rps n50_p50=$p50 n50_p99=$p99 n50_err=$errors
wrk_run -s "$root/bench/newsletter.lua" -c1 "$base/api/newsletter"
row "newsletter signups" "$n50/s" "$rps/s" "$(ratio "$n50" "$rps")"
echo "    p50 / p99: 50 at once $n50_p50 / $n50_p99, 1 at a time $p50 / $p99; errors: $n50_err, $errors"

# --- the visitor beacon: 2,000 hits/s ------------------------------------------------------------------
# Counts are kept in memory and written every few seconds in one transaction (platform/visit_counts.rs):
# the beacon's latency should stay with a page's, and the flushes should not grow over the run. The
# server logs each flush (JSON, at debug for that module only).
pace_ms="${PACE_MS:-25}"
flush_stats() { # LINE: the flushes logged from that line of the server log on
  tail -n +"$1" "$tmp/server.log" | sed -n 's/.*"micros":\([0-9]*\).*"message":"visits flushed".*/\1/p; s/.*"message":"visits flushed".*"micros":\([0-9]*\).*/\1/p' |
    awk '{a[NR] = $1; s += $1; if ($1 > m) m = $1}
      END {
        n = NR; if (n == 0) { print "    no flush logged"; exit }
        h = int(n / 2); for (i = 1; i <= h; i++) f += a[i]; for (i = h + 1; i <= n; i++) l += a[i]
        printf "    flushes: %d, mean %.2f ms, longest %.2f ms; first half mean %.2f ms, second half %.2f ms\n",
          n, s / n / 1000, m / 1000, (h ? f / h : 0) / 1000, (n - h ? l / (n - h) : 0) / 1000
      }'
}
echo
echo "Visitor beacon (50 connections, one request every ${pace_ms} ms each ≈ $((50 * 1000 / pace_ms)) req/s; reference: the same server answering prerendered pages at the same pace)"
stop_server
export RUST_LOG="warn,inlumine::platform::visit_counts=debug" LOG_FORMAT=json
start_server
row "what" "req/s" "p50 / p90" "p99 / max"
export PACE_MS="$pace_ms" PATH_ONLY=1
wrk_run -s "$root/bench/visits.lua" "$base/"
row "prerendered pages (reference)" "$rps" "$p50 / $p90" "$p99 / $lmax"
[ "$errors" = 0 ] || echo "    errors: $errors"
export PATH_ONLY=0
log_from=$(($(wc -l <"$tmp/server.log") + 1))
wrk_run -s "$root/bench/visits.lua" "$base/api/visits"
row "POST /api/visits (${duration} s)" "$rps" "$p50 / $p90" "$p99 / $lmax"
[ "$errors" = 0 ] || echo "    errors: $errors"
sleep 4 # the last flush of the run
flush_stats "$log_from"
long=$((duration * 4))
log_from=$(($(wc -l <"$tmp/server.log") + 1))
duration_before=$duration
duration=$long
wrk_run -s "$root/bench/visits.lua" "$base/api/visits"
duration=$duration_before
row "POST /api/visits (${long} s)" "$rps" "$p50 / $p90" "$p99 / $lmax"
[ "$errors" = 0 ] || echo "    errors: $errors"
sleep 4
flush_stats "$log_from"
views=$(sqlite3 "$DATA_DIR/inlumine.db" "SELECT COALESCE(SUM(views), 0) FROM visit_pages")
visitors=$(sqlite3 "$DATA_DIR/inlumine.db" "SELECT COUNT(*) FROM visitor_hashes")
echo "    counted: $views page views, $visitors visitors today (500 simulated)"
unset PATH_ONLY PACE_MS

# --- floods of password work (issue 23) -----------------------------------------------------------
# Last, since what they leave in memory would show in the figures above. One server, fresh.
echo
echo "Floods of password work (the server alone on core 0; goal: RSS under 100 MB, back to idle within a minute)"
stop_server
export RUST_LOG=warn LOG_FORMAT=text
start_server
sleep 2
node "$root/bench/flood.mjs" "$base" "$server_pid"
