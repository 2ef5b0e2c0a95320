#!/usr/bin/env bash
# Runs every check and test Drydock has, on a fresh machine: fmt, clippy, then every test on
# SQLite, with the store tests on PostgreSQL too, then the HTTP and flow tests again on PostgreSQL.
# Whatever the tests need that is missing (Chromium and ChromeDriver for the browser tests, and
# axe-core from npm for their accessibility checks, and poppler-utils to read their printed pages
# back; rustfmt and clippy, through rustup; Debian's postgresql, pgbouncer and nginx-light) is
# installed first; the services those packages bring are never started (a policy-rc.d says no
# while they install). PostgreSQL is a throwaway
# server of the script's own in a temp dir (scripts/pg.sh; as an unprivileged user when run as
# root), stopped and removed on exit; a system cluster is never created, started or touched.
set -euo pipefail
cd "$(dirname "$0")/.."

need_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
    echo "need root to run: $*" >&2; return 1; fi
}

if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  echo "== installing chromium and chromium-driver for the browser tests"
  need_root apt-get update -qq
  need_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi

# axe-core, the accessibility checker the browser tests run in every page, pinned by
# tests/browser/axe/package-lock.json.
if [ ! -f tests/browser/axe/node_modules/axe-core/axe.min.js ]; then
  echo "== installing axe-core (npm) for the browser tests"
  if ! command -v npm >/dev/null 2>&1; then
    need_root apt-get update -qq
    need_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null
  fi
  npm ci --prefix tests/browser/axe --no-audit --no-fund
fi

# Installs Debian packages without starting the services they bring: where no policy-rc.d
# stands, one saying no stands for the length of the install.
install_without_services() {
  local made='' rc=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\n# scripts/test.sh: no service starts while its packages install\nexit 101\n' |
      need_root tee /usr/sbin/policy-rc.d >/dev/null && need_root chmod +x /usr/sbin/policy-rc.d && made=1
  fi
  need_root apt-get update -qq && need_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null || rc=$?
  if [ -n "$made" ]; then need_root rm -f /usr/sbin/policy-rc.d; fi
  return $rc
}

# PgBouncer (the pooler tests run their own, in both pooling modes) and nginx (the load balancer
# test runs scripts/nginx-drydock.conf), as Debian packages.
wanted=()
[ -x /usr/sbin/pgbouncer ] || command -v pgbouncer >/dev/null 2>&1 || wanted+=(pgbouncer)
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1 || wanted+=(nginx-light)
if [ ${#wanted[@]} -gt 0 ]; then
  echo "== installing ${wanted[*]} (their services are not started)"
  install_without_services "${wanted[@]}"
fi

if ! command -v pdftoppm >/dev/null 2>&1 || ! command -v pdftotext >/dev/null 2>&1; then
  echo "== installing poppler-utils (the browser tests read printed pages back: their text and QR codes)"
  need_root apt-get update -qq
  need_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null
fi

if ! cargo fmt --version >/dev/null 2>&1 || ! cargo clippy --version >/dev/null 2>&1; then
  echo "== installing rustfmt and clippy"
  if command -v rustup >/dev/null 2>&1; then rustup component add rustfmt clippy; fi
fi

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy (all targets, warnings are errors)"
cargo clippy --all-targets --locked -- -D warnings

# The tests find it through DRYDOCK_TEST_POSTGRES, which pg_start exports.
. scripts/pg.sh
trap pg_stop EXIT
pg_start

echo "== cargo test (SQLite; store tests on both backends)"
# The database outage test bounds every answer's time: it runs next, alone, so that it measures
# the instances rather than the other tests sharing the cores.
cargo test --locked -- --skip operations::outage
echo "== the database outage test"
cargo test --locked --test http operations::outage
echo "== HTTP and flow tests again, on PostgreSQL"
# (instances:: and operations:: bring their own PostgreSQL servers or schemas; they ran above.)
DRYDOCK_TEST_BACKEND=postgres cargo test --locked --test http -- --skip instances:: --skip operations::
echo "== all tests passed"
