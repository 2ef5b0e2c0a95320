# shellcheck shell=bash
# A throwaway PostgreSQL server for the tests and the benchmark. Source it, do not run it:
#
#   . scripts/pg.sh
#   pg_start                  # installs PostgreSQL if missing, starts a fresh server, exports:
#                             #   DRYDOCK_TEST_POSTGRES=postgres://postgres@127.0.0.1:$PG_PORT/postgres
#                             #   PG_DIR (its temp dir), PG_PORT, PG_BIN (initdb, pg_ctl, psql...)
#                             #   DRYDOCK_TEST_PG_TLS_CA (the CA that signed its certificate)
#   trap pg_stop EXIT         # or call pg_stop from your own EXIT trap
#
# The server is a new cluster in a new temp dir (superuser postgres, trust auth, UTF8) listening on
# 127.0.0.1 at a free port, its socket and log (server.log) in that dir. It never touches a system
# cluster: when the package has to be installed, the Debian "main" cluster is turned off before it
# can be created. Run as root, the server runs as the postgres system user (or nobody), because
# PostgreSQL refuses to run as root. fsync stays on (the durability tests kill processes).
#
# It speaks TLS too, with a certificate made here (openssl, installed if missing): a throwaway CA
# ($PG_DIR/tls/ca.crt) signs one for localhost and 127.0.0.1. The role drydock_tls may connect
# over TLS only (pg_hba refuses it in the clear), so a test connecting as it knows TLS was used.
#
# Settings: PG_SEARCH, glob patterns of bin dirs to look in instead of /usr/lib/postgresql/*/bin and
# PATH (e.g. PG_SEARCH=/nonexistent to see the install path); PG_CREATECLUSTER_CONF, the file where
# the install turns the main cluster off (for testing that path on a copy); PG_VERBOSE=1 to see
# pg_ctl's output.
# bash, set -u safe.

# Our own server's state, not exported: a PG_DIR inherited from a parent shell is that shell's
# server, which pg_stop must leave alone.
_pg_dir=${_pg_dir:-} _pg_user=${_pg_user:-} _pg_bin=${_pg_bin:-}

if ! declare -F need_root >/dev/null; then
  need_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
      echo "need root to run: $*" >&2; return 1; fi
  }
fi

# The bin dir holding initdb, pg_ctl and postgres: the newest /usr/lib/postgresql/N/bin, else PATH.
# Prints it, or returns 1.
pg_find_bin() {
  local pattern dir
  local -a dirs=()
  for pattern in ${PG_SEARCH:-/usr/lib/postgresql/*/bin}; do
    for dir in $pattern; do [ -d "$dir" ] && dirs+=("$dir"); done
  done
  if [ ${#dirs[@]} -gt 0 ]; then
    # Newest version first: 16 before 15 before 9.6.
    while IFS= read -r dir; do
      if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ]; then
        echo "$dir"
        return 0
      fi
    done < <(printf '%s\n' "${dirs[@]}" | sort -V -r)
  fi
  if [ -z "${PG_SEARCH:-}" ] && command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1 &&
    command -v postgres >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
    return 0
  fi
  return 1
}

# Installs Debian's postgresql without letting it create (and start) the system "main" cluster:
# postgresql-common first, whose createcluster.conf then says create_main_cluster = false, and only
# then postgresql, whose server package would otherwise create and start that cluster.
pg_install() {
  local conf=${PG_CREATECLUSTER_CONF:-/etc/postgresql-common/createcluster.conf}
  echo "== installing postgresql (no system cluster: create_main_cluster = false in $conf)"
  need_root apt-get update -qq || return 1
  need_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-common >/dev/null || return 1
  if [ ! -f "$conf" ]; then
    echo "postgresql-common installed but $conf is missing: not installing postgresql" >&2
    return 1
  fi
  if grep -qE '^[[:space:]]*#?[[:space:]]*create_main_cluster[[:space:]]*=' "$conf"; then
    need_root sed -i -E 's/^[[:space:]]*#?[[:space:]]*create_main_cluster[[:space:]]*=.*/create_main_cluster = false/' "$conf" ||
      return 1
  else
    printf 'create_main_cluster = false\n' | need_root tee -a "$conf" >/dev/null || return 1
  fi
  if ! grep -qE '^create_main_cluster = false$' "$conf"; then
    echo "could not set create_main_cluster = false in $conf: not installing postgresql" >&2
    return 1
  fi
  need_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
}

# Runs a command as the server's user (postgres or nobody when root; yourself otherwise), from its dir so a
# user who cannot read the caller's working directory does not trip on it.
pg_as() {
  if [ -n "${_pg_user:-}" ]; then
    if command -v runuser >/dev/null 2>&1; then
      (cd "$_pg_dir" && runuser -u "$_pg_user" -- "$@")
    else
      (cd "$_pg_dir" && su -s /bin/sh "$_pg_user" -c "$(printf '%q ' "$@")")
    fi
  else
    (cd "$_pg_dir" && "$@")
  fi
}

# True when something already listens on 127.0.0.1:$1.
pg_port_busy() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# TLS for the server in $_pg_dir: a throwaway CA and a certificate it signs for localhost and
# 127.0.0.1 (in $_pg_dir/tls), ssl on, and the role drydock_tls allowed over TLS only (pg_hba is
# read top down: these lines come first).
pg_tls() {
  if ! command -v openssl >/dev/null 2>&1; then
    echo "== installing openssl for the TLS tests"
    need_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssl >/dev/null || return 1
  fi
  local tls=$_pg_dir/tls
  mkdir -p "$tls" || return 1
  printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n' >"$tls/server.ext"
  if ! {
    openssl req -x509 -new -nodes -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -days 7 \
      -subj "/CN=Drydock test CA" -keyout "$tls/ca.key" -out "$tls/ca.crt" &&
      openssl req -new -nodes -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 \
        -subj "/CN=localhost" -keyout "$tls/server.key" -out "$tls/server.csr" &&
      openssl x509 -req -in "$tls/server.csr" -CA "$tls/ca.crt" -CAkey "$tls/ca.key" -CAcreateserial \
        -days 7 -extfile "$tls/server.ext" -out "$tls/server.crt"
  } >"$tls/openssl.log" 2>&1; then
    echo "pg_start: making the TLS certificate failed:" >&2
    cat "$tls/openssl.log" >&2
    return 1
  fi
  chmod 600 "$tls/server.key"
  if [ -n "$_pg_user" ]; then chown -R "$_pg_user" "$tls" || return 1; fi
  cat >>"$_pg_dir/data/postgresql.conf" <<EOF
ssl = on
ssl_cert_file = '$tls/server.crt'
ssl_key_file = '$tls/server.key'
EOF
  local hba=$_pg_dir/data/pg_hba.conf
  { printf 'hostssl all drydock_tls 127.0.0.1/32 trust\nhostnossl all drydock_tls 127.0.0.1/32 reject\n'; cat "$hba"; } >"$hba.new" &&
    cat "$hba.new" >"$hba" && rm -f "$hba.new"
}

pg_start() {
  if [ -n "${_pg_dir:-}" ] && [ -d "$_pg_dir" ]; then
    echo "pg_start: a server is already running in $_pg_dir (pg_stop it first)" >&2
    return 1
  fi
  local bin
  if ! bin=$(pg_find_bin); then
    pg_install || { echo "pg_start: installing postgresql failed" >&2; return 1; }
    bin=$(pg_find_bin) || { echo "pg_start: postgresql installed, but no initdb/pg_ctl/postgres found" >&2; return 1; }
  fi

  _pg_user=''
  if [ "$(id -u)" -eq 0 ]; then
    if id -u postgres >/dev/null 2>&1; then _pg_user=postgres; else _pg_user=nobody; fi
  fi
  _pg_dir=$(mktemp -d "${TMPDIR:-/tmp}/drydock-pg.XXXXXX") || return 1
  if [ -n "$_pg_user" ]; then
    chown "$_pg_user" "$_pg_dir" || { rm -rf "$_pg_dir"; _pg_dir=''; return 1; }
  fi
  local out=/dev/null
  [ "${PG_VERBOSE:-0}" = 1 ] && out=/dev/stderr

  # C.UTF-8 where the C library has it (Debian does): byte order, but Unicode-aware upper/lower.
  local locale=C
  locale -a 2>/dev/null | grep -qiE '^c\.utf-?8$' && locale=C.UTF-8
  if ! pg_as "$bin/initdb" -D "$_pg_dir/data" -U postgres --auth=trust --encoding=UTF8 --locale="$locale" \
    >"$_pg_dir/initdb.log" 2>&1; then
    echo "pg_start: initdb failed:" >&2
    cat "$_pg_dir/initdb.log" >&2
    rm -rf "$_pg_dir"; _pg_dir=''
    return 1
  fi
  # A throwaway server that still behaves like production where the tests look: fsync and
  # synchronous commits stay on; many tests each open a small pool at once.
  cat >>"$_pg_dir/data/postgresql.conf" <<EOF

# drydock's throwaway test server (scripts/pg.sh)
listen_addresses = '127.0.0.1'
unix_socket_directories = '$_pg_dir'
max_connections = 300
shared_buffers = 128MB
fsync = on
synchronous_commit = on
EOF

  pg_tls || {
    rm -rf "$_pg_dir"; _pg_dir=''
    return 1
  }

  # A random free port in 20000-40000; another process may take it between the probe and the
  # bind, so a failed start on a port that has become busy tries another.
  local port started='' try
  for try in 1 2 3 4 5 6 7 8 9 10; do
    port=$((20000 + RANDOM % 20001))
    pg_port_busy "$port" && continue
    if pg_as "$bin/pg_ctl" start -D "$_pg_dir/data" -l "$_pg_dir/server.log" -w -t 30 -o "-p $port" >"$out" 2>&1; then
      started=1
      break
    fi
    pg_port_busy "$port" || break # not the port: a real failure
  done
  if [ -z "$started" ]; then
    echo "pg_start: the server did not start (tried $try time(s)); its log:" >&2
    cat "$_pg_dir/server.log" >&2 2>/dev/null || true
    pg_as "$bin/pg_ctl" stop -D "$_pg_dir/data" -m immediate >/dev/null 2>&1 || true
    rm -rf "$_pg_dir"; _pg_dir=''
    return 1
  fi

  # pg_ctl -w waited for it; ask once more over TCP, the way the tests connect (at most ~30 s).
  local ready=''
  for _ in $(seq 1 60); do
    if "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres 2>/dev/null; then ready=1; break; fi
    sleep 0.5
  done
  if [ -z "$ready" ]; then
    echo "pg_start: the server does not accept connections on 127.0.0.1:$port; its log:" >&2
    cat "$_pg_dir/server.log" >&2 2>/dev/null || true
    _pg_bin=$bin
    pg_stop
    return 1
  fi

  # The role that may only connect over TLS (see pg_tls).
  if ! pg_as "$bin/psql" -q -h "$_pg_dir" -p "$port" -U postgres -d postgres \
    -c "CREATE ROLE drydock_tls LOGIN SUPERUSER" >/dev/null 2>&1; then
    echo "pg_start: could not create the role drydock_tls" >&2
    _pg_bin=$bin
    pg_stop
    return 1
  fi

  _pg_bin=$bin
  export PG_DIR=$_pg_dir PG_BIN=$bin PG_PORT=$port DRYDOCK_TEST_PG_TLS_CA=$_pg_dir/tls/ca.crt
  export DRYDOCK_TEST_POSTGRES="postgres://postgres@127.0.0.1:$port/postgres"
  echo "== throwaway $("$bin/postgres" --version) on 127.0.0.1:$port, as ${_pg_user:-$(id -un)}, in $_pg_dir"
}

# Stops the server and removes its dir; does nothing when none is running, so it is safe to call
# twice (say, once by hand and once from an EXIT trap).
pg_stop() {
  if [ -z "${_pg_dir:-}" ] || [ ! -d "$_pg_dir" ]; then
    _pg_dir=''
    return 0
  fi
  local pid
  if [ -f "$_pg_dir/data/postmaster.pid" ]; then
    pid=$(head -n1 "$_pg_dir/data/postmaster.pid")
    # Immediate: no shutdown checkpoint, the data is thrown away next.
    if [ -z "${_pg_bin:-}" ] ||
      ! pg_as "$_pg_bin/pg_ctl" stop -D "$_pg_dir/data" -m immediate -w -t 30 >/dev/null 2>&1; then
      # Its backends exit on their own once the postmaster is gone.
      echo "pg_stop: pg_ctl stop failed; killing the postmaster ($pid)" >&2
      kill -KILL "$pid" 2>/dev/null || true
    fi
  fi
  rm -rf "$_pg_dir"
  _pg_dir=''
  unset DRYDOCK_TEST_POSTGRES PG_DIR PG_PORT PG_BIN DRYDOCK_TEST_PG_TLS_CA
}
