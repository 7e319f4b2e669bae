# The two commands of the README: `make run` and `make test`. Everything else here serves them.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := run

PORT ?= 8080
HOST ?= 127.0.0.1
DEV_ADMIN_EMAIL ?= admin@inlumine.local
# The dev admin's password is generated once and kept here (outside git, readable by you only).
DEV_ADMIN_PASSWORD_FILE := data/dev-admin-password
BIN_RELEASE := target/release/inlumine
BIN_DEBUG := target/debug/inlumine
NPM_STAMP := web/node_modules/.install-stamp

VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' server/Cargo.toml | head -1)
DIST_NAME := inlumine-$(VERSION)-linux-x86_64


.PHONY: web-checked test-e2e-built fuzz-then-unit
.PHONY: run test web web-deps server-release server-debug check-rust test-server check-web test-e2e test-api-fuzz api-types check-api-drift bench mail-logo dist test-dist check-deploy

## make run: build everything and serve the site with demo content on http://$(HOST):$(PORT)
run: web server-release
	$(BIN_RELEASE) migrate
	$(BIN_RELEASE) seed-demo
	@mkdir -p data && [ -s $(DEV_ADMIN_PASSWORD_FILE) ] || (umask 077 && head -c 18 /dev/urandom | base64 | tr '+/' '-_' > $(DEV_ADMIN_PASSWORD_FILE))
	@$(BIN_RELEASE) create-admin --email $(DEV_ADMIN_EMAIL) --keep-existing < $(DEV_ADMIN_PASSWORD_FILE)
	@echo "In Lumine draait op http://$(HOST):$(PORT)  (stoppen: Ctrl+C)"
	@echo "Beheer: http://$(HOST):$(PORT)/admin/login  e-mail: $(DEV_ADMIN_EMAIL)  wachtwoord: $$(cat $(DEV_ADMIN_PASSWORD_FILE))"
	HOST=$(HOST) PORT=$(PORT) PUBLIC_URL=$${PUBLIC_URL:-http://$(HOST):$(PORT)} $(BIN_RELEASE) serve

## make test: every check and test (server on SQLite and PostgreSQL, web unit tests, end-to-end in Chromium)
# Clippy lints while the server's test build compiles: cargo hands our own crate (every target, its
# build script too) to clippy-driver, which lints it and then compiles it as rustc would, and the
# dependencies to rustc, so there is no second, check-only build of every crate as with
# `cargo clippy` (about 5 minutes of a cold run on two cores). The same variables hold for every
# cargo command below, or cargo would compile our crate again. On two cores the web checks and build
# run beside that build, which leaves a core idle at times. The API tests mostly wait on the
# databases, so the fuzz and the web unit tests run beside them, one after the other; the browser
# tests run alone (beside other suites they overloaded the machine and timed out).
test: export RUSTC_WORKSPACE_WRAPPER := $(shell command -v clippy-driver)
test: export CLIPPY_ARGS := -Dwarnings__CLIPPY_HACKERY__
test:
	@[ -n "$$RUSTC_WORKSPACE_WRAPPER" ] || { echo "clippy-driver not found: rustup component add clippy"; exit 1; }
	cargo fmt --all --check
	$(MAKE) --no-print-directory -j2 --output-sync=target server-debug web-checked
	$(MAKE) --no-print-directory check-api-drift check-deploy
	$(MAKE) --no-print-directory -j2 --output-sync=target test-server fuzz-then-unit
	cd web && npm run test:e2e
	@echo "All checks and tests passed."

fuzz-then-unit: test-api-fuzz
	cd web && npm run test:unit

# One after the other: both write the router's generated types.
web-checked:
	$(MAKE) --no-print-directory check-web
	$(MAKE) --no-print-directory web

# `npm install` follows package-lock.json like `npm ci` would, but `npm ci` refuses a lock that lacks
# other platforms' optional builds, which happens when the registry mirror lags behind on them.
$(NPM_STAMP): web/package.json web/package-lock.json
	cd web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund
	touch $@

web-deps: $(NPM_STAMP)

web: web-deps
	cd web && npm run build

# The release binary carries the built web app (feature embed-web, see server/build.rs): build it after `make web`.
server-release:
	cargo build --release --locked -p inlumine --features embed-web

# --tests: the binary is built with the features the test targets unify (dev-dependencies), so
# `cargo test` afterwards reuses it instead of compiling the crate and some dependencies again.
server-debug:
	cargo build --locked -p inlumine --tests

check-rust:
	cargo fmt --all --check
	cargo clippy --locked --all-targets -- -D warnings

check-web: web-deps
	cd web && npm run typecheck
	cd web && npm run lint

# Server integration tests start the real server against fresh SQLite and PostgreSQL databases.
# They mostly wait on the databases (a whole run of the API tests took 2.5 minutes of CPU in 16.7 of
# wall time on a busy two-core machine), so four run at once.
test-server:
	RUST_TEST_THREADS=$${RUST_TEST_THREADS:-4} cargo test --locked -p inlumine

# Schemathesis (pinned, installed into target/schemathesis-venv) fuzzes every public and admin
# operation of the running debug server for ~2.5 minutes: no 5xx, no answer outside the document.
test-api-fuzz: server-debug
	bash server/fuzz/run.sh

# The web client's API types are generated from the server's OpenAPI document; both must match what is committed.
api-types: server-debug web-deps
	$(BIN_DEBUG) openapi > server/openapi.json
	cd web && npm run gen:api

check-api-drift: server-debug web-deps
	$(BIN_DEBUG) openapi | diff -u server/openapi.json - || { echo "server/openapi.json is stale: run 'make api-types'"; exit 1; }
	cd web && npx openapi-typescript ../server/openapi.json -o /tmp/inlumine-api-schema.d.ts >/dev/null && diff -u app/lib/api-schema.d.ts /tmp/inlumine-api-schema.d.ts || { echo "web/app/lib/api-schema.d.ts is stale: run 'make api-types'"; exit 1; }

# The mails' logo: Gmail and Outlook show no SVG, so the letterhead uses this PNG of logo.svg, drawn
# by headless Chromium at twice the 48 px it is shown at. Run after changing logo.svg; commit the PNG.
mail-logo:
	page=$$(mktemp --suffix=.html) && printf '<style>html,body{margin:0;background:transparent}img{display:block;width:96px;height:96px}</style><img src="file://$(CURDIR)/web/public/images/logo.svg">' > $$page && \
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --allow-file-access-from-files --default-background-color=00000000 \
	  --window-size=96,96 --screenshot=web/public/images/logo.png file://$$page; rm -f $$page

test-e2e: web server-debug
	$(MAKE) --no-print-directory test-e2e-built

# The web unit tests and the browser tests against the site and server already built.
test-e2e-built:
	cd web && npm run test:unit && npm run test:e2e

## make dist: dist/$(DIST_NAME).tar.gz, everything a server needs (README, "Going live"): the binary with the
## web app, default configuration, migrations and mail assets inside, an example configuration and environment,
## a hardened systemd unit and a Caddyfile.
dist: web server-release
	rm -rf dist/$(DIST_NAME) && mkdir -p dist/$(DIST_NAME)
	cp $(BIN_RELEASE) dist/$(DIST_NAME)/inlumine
	strip dist/$(DIST_NAME)/inlumine
	cp config/server.toml dist/$(DIST_NAME)/server.toml
	cp config/site.json dist/$(DIST_NAME)/site.json
	cp deploy/inlumine.service deploy/Caddyfile deploy/env.example README.md dist/$(DIST_NAME)/
	tar -C dist --owner=0 --group=0 -czf dist/$(DIST_NAME).tar.gz $(DIST_NAME)
	@ls -l dist/$(DIST_NAME).tar.gz

## make test-dist: unpacks the archive of make dist and runs its binary alone in an empty folder (see deploy/test-dist.sh).
test-dist: dist
	bash deploy/test-dist.sh dist/$(DIST_NAME).tar.gz

# The systemd unit (systemd-analyze verify) and the Caddyfile (caddy validate); installs both tools when missing.
check-deploy:
	bash deploy/check.sh

## make bench: speed figures of this machine next to same-run references (nginx, React, 10 rows); not part of make test
bench: web server-release
	bash bench/run.sh
