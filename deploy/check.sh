#!/usr/bin/env bash
# make check-deploy: the systemd unit passes `systemd-analyze verify` and the Caddyfile passes
# `caddy validate`, with the tools from Debian (installed here when missing). The unit is checked
# as installed on a server: in a scratch root with the binary at its ExecStart path.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
apt_updated=0
apt_install() {
  if [ "$apt_updated" -eq 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
command -v systemd-analyze >/dev/null || apt_install systemd
command -v caddy >/dev/null || apt_install caddy

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# systemd-analyze verify checks every directive, and that ExecStart's program exists and runs.
# The scratch root gets the system's own units (the targets the unit orders itself after).
mkdir -p "$work/etc/systemd/system" "$work/usr/local/bin" "$work/usr/lib/systemd"
cp -r "$(dirname "$(readlink -f /lib/systemd/system/multi-user.target)")" "$work/usr/lib/systemd/system"
cp "$root/deploy/inlumine.service" "$work/etc/systemd/system/"
printf '#!/bin/sh\n' >"$work/usr/local/bin/inlumine"
chmod 755 "$work/usr/local/bin/inlumine"
out="$(systemd-analyze verify --root="$work" /etc/systemd/system/inlumine.service 2>&1)" || {
  echo "$out"; echo "systemd-analyze verify rejects deploy/inlumine.service"; exit 1; }
# verify also reports problems without failing; anything about our unit counts.
if grep -i 'inlumine.service' <<<"$out"; then
  echo "systemd-analyze verify complains about deploy/inlumine.service"; exit 1
fi
for directive in 'NoNewPrivileges=yes' 'ProtectSystem=strict' 'ReadWritePaths=/var/lib/inlumine' 'User=inlumine'; do
  grep -qx "$directive" "$root/deploy/inlumine.service" || { echo "deploy/inlumine.service lacks $directive"; exit 1; }
done
echo "deploy/inlumine.service: systemd-analyze verify accepts it"

# caddy validate adapts the Caddyfile and loads every module it names, without serving.
XDG_DATA_HOME="$work/caddy-data" XDG_CONFIG_HOME="$work/caddy-config" \
  caddy validate --config "$root/deploy/Caddyfile" --adapter caddyfile >"$work/caddy.log" 2>&1 || {
  cat "$work/caddy.log"; echo "caddy validate rejects deploy/Caddyfile"; exit 1; }
echo "deploy/Caddyfile: caddy validate accepts it ($(caddy version | cut -d' ' -f1))"
