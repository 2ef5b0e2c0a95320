#!/usr/bin/env bash
# Runs every check and test Drydock has, on a fresh machine: fmt, clippy, then every test on
# SQLite, with the store tests on PostgreSQL too, then the HTTP and flow tests again on PostgreSQL.
# Whatever the tests need that is missing (Chromium and ChromeDriver for the browser tests, and
# poppler-utils to read their printed pages back; rustfmt
# and clippy, through rustup; Debian's postgresql) is installed first. PostgreSQL is a throwaway
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
cargo test --locked
echo "== HTTP and flow tests again, on PostgreSQL"
# (instances:: is on PostgreSQL already; it ran above.)
DRYDOCK_TEST_BACKEND=postgres cargo test --locked --test http -- --skip instances::
echo "== all tests passed"
