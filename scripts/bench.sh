#!/usr/bin/env bash
# HTTP load benchmark, all in one run:
#  - live updates in instructions: for one representative form of every game (tests/data/live/),
#    callgrind's count per `POST /{game}/live`, split into reading the form, judging, drawing and
#    the rest (routing, layers): benches/live.rs. Needs valgrind.
#  - reads: the release server's share page and live-figures endpoint under wrk, each beside
#    nginx serving the very same response bytes as static files and beside bare axum
#    (benches/baseline.rs) answering them with none of Drydock's layers, routing or rendering;
#    then every game's live route, for each representative form, beside bare axum reading that
#    form and answering the same bytes; requests/s, p99 latency, the ratios, the share page once
#    more as a browser asks for it (compressed), and the designer page's size over the wire. For
#    each live route, also what one request cost the server's process on the cores under wrk
#    (user and system time per request, and how often its threads were preempted), Drydock's
#    beside bare axum's, and the server time per request at which the route would be at 0.6 of
#    bare axum (wrk shares the cores: bare axum's rate gives wrk's own part);
#  - writes: a fresh server on a fresh database, write rate limit off, WRITE_CLIENTS clients saving
#    a design as fast as it answers (benches/writes.rs): saves/s, latency, the WAL's size; then the
#    server is killed (SIGKILL) during a second burst of saves, and every save it acknowledged
#    must be in the database when it is reopened.
# Installs wrk, nginx, curl, jq and valgrind if they are missing. A missed target is marked MISSED and the run
# goes on, so every number is shown; it exits non-zero only if something failed outright or an
# acknowledged save was lost.
#
# --scale measures Drydock on several instances instead (and nothing else): one instance on a
# fresh SQLite file beside two instances on one PostgreSQL database behind nginx as a load
# balancer (scripts/nginx-drydock.conf, the production example, with its ports changed), all with
# the write limit off. For each: the share page under wrk, and SCALE_WRITE_DURATION of saves by
# WRITE_CLIENTS clients (benches/writes.rs); then the ratio two PostgreSQL instances / one SQLite
# (reported, no target: on a small machine the instances, nginx, PostgreSQL and the load all share
# the same cores), one PostgreSQL instance alone without nginx for reference, and how nginx
# spread the requests. Every save acknowledged by a PostgreSQL instance (through nginx or not) must
# be in PostgreSQL, and every one the SQLite instance acknowledged in its file, or the run fails.
# PostgreSQL is a throwaway server in a temp dir (scripts/pg.sh; Debian's postgresql is installed
# if missing).
#
#   scripts/bench.sh                            # 10 s per read measurement, 60 s of writes
#   DURATION=30s WRITE_DURATION=120s scripts/bench.sh
#   scripts/bench.sh --scale                    # 10 s per read measurement, 20 s of saves each
#   DURATION=5s SCALE_WRITE_DURATION=5s scripts/bench.sh --scale
set -euo pipefail
cd "$(dirname "$0")/.."

scale=''
case "${1:-}" in
  '') ;;
  --scale) scale=1 ;;
  *) echo "usage: scripts/bench.sh [--scale]" >&2; exit 2 ;;
esac

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
WRITE_DURATION=${WRITE_DURATION:-60s}
WRITE_CLIENTS=${WRITE_CLIENTS:-32}
KILL_BURST=${KILL_BURST:-3s}          # the second burst of saves, during which the server is killed
APP_PORT=${APP_PORT:-3901}
NGINX_PORT=${NGINX_PORT:-3902}
BARE_PORT=${BARE_PORT:-3903}
WRITE_PORT=${WRITE_PORT:-3904}
SCALE_WRITE_DURATION=${SCALE_WRITE_DURATION:-20s}
SCALE_LB_PORT=${SCALE_LB_PORT:-3910}          # nginx in front of the two PostgreSQL instances
SCALE_SQLITE_PORT=${SCALE_SQLITE_PORT:-3911}
SCALE_PG_PORT1=${SCALE_PG_PORT1:-3912}
SCALE_PG_PORT2=${SCALE_PG_PORT2:-3913}

need_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
    echo "need root to run: $*" >&2; return 1; fi
}
missing=()
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
command -v curl >/dev/null 2>&1 || missing+=(curl)
command -v jq >/dev/null 2>&1 || missing+=(jq)
[ -n "${1:-}" ] || command -v valgrind >/dev/null 2>&1 || missing+=(valgrind)
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing ${missing[*]}"
  need_root apt-get update -qq
  need_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

if [ -n "$scale" ]; then
  benches=(--bench writes)
  echo "== building the release server and the load tool (benches/writes.rs)"
else
  benches=(--bench baseline --bench live --bench writes)
  echo "== building the release server and the load tools (benches/baseline.rs, live.rs, writes.rs)"
fi
# Ask cargo where it put each executable (a bench's file name carries a hash, and
# CARGO_TARGET_DIR may move them all).
built=$(cargo build --release --locked --quiet --bin drydock --message-format=json-render-diagnostics)
built+=$'\n'$(cargo bench --locked --quiet --no-run "${benches[@]}" --message-format=json-render-diagnostics)
executable() {
  local exe
  exe=$(printf '%s\n' "$built" | jq -r --arg n "$1" \
    'select(.reason == "compiler-artifact" and .target.name == $n and .executable != null) | .executable' | tail -n1)
  [ -x "$exe" ] || { echo "cargo built no executable for $1 (got '$exe')" >&2; return 1; }
  echo "$exe"
}
DRYDOCK=$(executable drydock)
[ -n "$scale" ] || BASELINE=$(executable baseline)
[ -n "$scale" ] || LIVE=$(executable live)
WRITES=$(executable writes)

work=$(mktemp -d)
chmod 755 "$work"
cleanup() {
  for pid in "${app_pid:-}" "${bare_pid:-}" "${write_pid:-}" "${load_pid:-}" "${burst_pid:-}" \
    "${sqlite_pid:-}" "${pg1_pid:-}" "${pg2_pid:-}"; do
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  done
  for f in "$work/nginx.pid" "$work/lb.pid"; do
    [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  pg_stop # --scale's PostgreSQL; nothing when it was not started
  rm -rf "$work"
}
. scripts/pg.sh
trap cleanup EXIT

wait_for() { # url [pid]: until it answers, at most 10 s, or until process pid has ended
  for _ in $(seq 1 100); do
    curl -fs "$1" >/dev/null 2>&1 && return 0
    if [ -n "${2:-}" ] && ! kill -0 "$2" 2>/dev/null; then break; fi
    sleep 0.1
  done
  echo "nothing answered at $1" >&2
  return 1
}

missed=0
# check NAME VALUE OP TARGET UNIT: one line with the verdict; OP is ">=" or "<".
check() {
  local ok
  ok=$(awk -v v="$2" -v op="$3" -v t="$4" 'BEGIN { if (v == "n/a") print 0; else if (op == ">=") print (v + 0 >= t + 0); else print (v + 0 < t + 0) }')
  if [ "$ok" = 1 ]; then
    printf '%-30s %10s %-5s target %s %s %s\n' "$1" "$2" "$5" "$3" "$4" "$5"
  else
    printf '%-30s %10s %-5s target %s %s %s   MISSED\n' "$1" "$2" "$5" "$3" "$4" "$5"
    missed=$((missed + 1))
  fi
}

# A saved design to share: the Minnow. The write benchmark saves the same document.
cat >"$work/minnow.json" <<'EOF'
{"name":"Minnow","hull":"dinghy","plant":"medium","propellers":[{},{}],"crew":[{"role":"pilot"},{"role":"passenger","count":2}],"weapons":[{"weapon":"mml","mount":"F","ammo":"ap"},{"weapon":"mg","mount":"B","ammo":"hd"}],"accessories":[{"item":"targeting-computer"},{"item":"marine-radio"}],"armor":{"type":"fireproof","points":{"F":12,"R":10,"L":10,"B":10,"U":10}}}
EOF

# wrk's latency ("850.00us", "4.52ms", "1.20s") in milliseconds.
to_ms() {
  awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n = n; else if (v ~ /m$/) n *= 60000;
    else if (v ~ /s$/) n *= 1000; else { print "n/a"; exit } printf "%.2f", n }'
}
# The CPU time a process has used so far, all its threads: user and system, in clock ticks.
cpu_ticks() { awk '{ print $14, $15 }' "/proc/$1/stat" 2>/dev/null || echo "0 0"; }
# The involuntary context switches of all its threads so far (a thread taken off a core while it
# still had work: on two cores, mostly for wrk's own threads).
preempted() { { cat /proc/"$1"/task/*/status 2>/dev/null || true; } | awk '/^nonvoluntary_ctxt_switches/ { n += $2 } END { print n + 0 }'; }
TICKS=$(getconf CLK_TCK)
run() { # name url [script] [server pid] -> prints the row on stderr, "rps p99_ms cpu_us" on stdout
  # With the server's pid, the row also says what each request cost the server's process on the
  # cores (user and system time over the requests wrk counted) and how often one of its threads
  # was taken off a core: what the rate is made of, beside it.
  local out before='' after switched=0
  if [ -n "${4:-}" ]; then before=$(cpu_ticks "$4"); switched=$(preempted "$4"); fi
  if [ -n "${3:-}" ]; then
    out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$3" "$2")
  else
    out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$2")
  fi
  local rps p99 errors requests cpu='n/a' costs=''
  rps=$(printf '%s\n' "$out" | awk '/^Requests\/sec/ {print $2}')
  p99=$(printf '%s\n' "$out" | awk '$1 == "99%" {print $2}')
  errors=$(printf '%s\n' "$out" | awk '/Non-2xx|Socket errors/ {print}' | tr '\n' ' ')
  requests=$(printf '%s\n' "$out" | awk '/ requests in / {print $1}')
  if [ -n "$before" ] && [ "${requests:-0}" -gt 0 ]; then
    after=$(cpu_ticks "$4")
    switched=$(( $(preempted "$4") - switched ))
    read -r cpu costs <<<"$(awk -v b="$before" -v a="$after" -v n="$requests" -v t="$TICKS" -v s="$switched" 'BEGIN {
      split(b, x, " "); split(a, y, " "); u = (y[1] - x[1]) * 1e6 / t / n; k = (y[2] - x[2]) * 1e6 / t / n
      printf "%.1f server %.1f us/req (user %.1f, system %.1f), %.2f preempted/req", u + k, u + k, u, k, s / n }')"
  fi
  printf '%-40s %12s req/s   p99 %9s   %s%s\n' "$1" "${rps:-n/a}" "${p99:-n/a}" "$costs" "${errors:+   $errors}" >&2
  echo "${rps:-0} $(to_ms "${p99:-}") $cpu"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }

if [ -n "$scale" ]; then
  # -------------------------------------------------------------------------------------------
  # --scale: one instance on SQLite beside two on PostgreSQL behind nginx

  echo "== PostgreSQL for the two instances"
  pg_start
  PSQL=$PG_BIN/psql
  [ -x "$PSQL" ] || PSQL=psql
  "$PSQL" -q -v ON_ERROR_STOP=1 "$DRYDOCK_TEST_POSTGRES" -c 'CREATE DATABASE drydock_bench'
  pg_url="postgres://postgres@127.0.0.1:$PG_PORT/drydock_bench"
  lb="http://127.0.0.1:$SCALE_LB_PORT"

  start_instance() { # name port flags... -> the pid in $started_pid, once it is ready (/readyz)
    "$DRYDOCK" --bind "127.0.0.1:$2" --writes-per-minute 0 --judging-per-second 0 --connections-per-client 0 \
      "${@:3}" >"$work/$1.log" 2>&1 &
    started_pid=$!
    wait_for "http://127.0.0.1:$2/readyz" "$started_pid" || { cat "$work/$1.log" >&2; exit 1; }
  }
  start_instance sqlite "$SCALE_SQLITE_PORT" --database "$work/scale.db"
  sqlite_pid=$started_pid
  # One after the other: the first creates the schema, the second finds it migrated. Both write
  # their links with nginx's address, as every instance behind one name must.
  start_instance pg1 "$SCALE_PG_PORT1" --database "$pg_url" --trusted-proxy 127.0.0.1 --public-url "$lb"
  pg1_pid=$started_pid
  start_instance pg2 "$SCALE_PG_PORT2" --database "$pg_url" --trusted-proxy 127.0.0.1 --public-url "$lb"
  pg2_pid=$started_pid

  # nginx: the production example (scripts/nginx-drydock.conf) with this run's ports, inside an
  # http block of this run's own. Each sed must have matched, or the example has changed under
  # the benchmark and what is measured would no longer be what is documented.
  sed -e "s/server 127\.0\.0\.1:3001 /server 127.0.0.1:$SCALE_PG_PORT1 /" \
    -e "s/server 127\.0\.0\.1:3002 /server 127.0.0.1:$SCALE_PG_PORT2 /" \
    -e "s/^\([[:space:]]*\)listen 80;/\1listen 127.0.0.1:$SCALE_LB_PORT;/" \
    scripts/nginx-drydock.conf >"$work/drydock-lb.conf"
  for want in "server 127.0.0.1:$SCALE_PG_PORT1 " "server 127.0.0.1:$SCALE_PG_PORT2 " "listen 127.0.0.1:$SCALE_LB_PORT;"; do
    grep -qF "$want" "$work/drydock-lb.conf" ||
      { echo "scripts/nginx-drydock.conf no longer has the lines the benchmark rewrites (wanted: $want)" >&2; exit 1; }
  done
  mkdir -p "$work/lb-temp"
  cat >"$work/lb.conf" <<EOF
worker_processes 2;
pid $work/lb.pid;
error_log $work/lb.err warn;
events { worker_connections 4096; }
http {
  # Which instance answered each request, to show how the load was spread.
  log_format upstream '\$upstream_addr \$status';
  access_log $work/lb-access.log upstream buffer=256k flush=1s;
  # wrk's few connections stand for many players: let them stay open (the default closes a
  # connection after 1000 requests).
  keepalive_requests 1000000;
  # Bodies and large answers spill here, not into the system's nginx directories.
  client_body_temp_path $work/lb-temp/body;
  proxy_temp_path $work/lb-temp/proxy;
  include $work/drydock-lb.conf;
}
EOF
  "$NGINX" -c "$work/lb.conf" -p "$work"
  wait_for "$lb/readyz" || { cat "$work/lb.err" >&2; exit 1; }

  # The Minnow saved once through each setup: the page the read load asks for.
  save_minnow() { curl -fs -X POST "$1/api/boats" -H 'content-type: application/json' --data-binary @"$work/minnow.json" | jq -er .id; }
  sqlite_id=$(save_minnow "http://127.0.0.1:$SCALE_SQLITE_PORT")
  lb_id=$(save_minnow "$lb")
  echo "$sqlite_id" >"$work/scale-acked-sqlite-first.txt"
  echo "$lb_id" >"$work/scale-acked-lb-first.txt"
  curl -fs -o /dev/null "$lb/boats/$lb_id" || { echo "nginx does not serve the share page /boats/$lb_id" >&2; exit 1; }

  echo "== share page: wrk, $THREADS threads, $CONNECTIONS connections, $DURATION each"
  read -r sqlite_share_rps _ <<<"$(run "one instance, SQLite  GET /boats/$sqlite_id" "http://127.0.0.1:$SCALE_SQLITE_PORT/boats/$sqlite_id")"
  read -r lb_share_rps _ <<<"$(run "two on PostgreSQL, nginx  GET /boats/$lb_id" "$lb/boats/$lb_id")"
  # For reference, not in the ratio: one of the two without nginx, to tell what PostgreSQL costs
  # from what the balancer costs.
  read -r pg1_share_rps _ <<<"$(run "one on PostgreSQL, direct  GET /boats/$lb_id" "http://127.0.0.1:$SCALE_PG_PORT1/boats/$lb_id")"

  # saves SETUP ADDR IDFILE: runs the write load, prints its report, echoes saves/s (0 on failure).
  saves() {
    local out
    echo "-- $1" >&2
    if out=$("$WRITES" "$2" "$WRITE_CLIENTS" "$SCALE_WRITE_DURATION" "$3" "$work/minnow.json"); then
      printf '%s\n' "$out" >&2
      printf '%s\n' "$out" | sed -n 's/.*: \([0-9.]*\) saves\/s.*/\1/p' | head -n1
    else
      printf '%s\n' "$out" >&2
      echo "the write load on $1 failed" >&2
      echo 0
    fi
  }
  echo "== saves: $WRITE_CLIENTS clients POST /api/boats for $SCALE_WRITE_DURATION each"
  sqlite_saves=$(saves "one instance, SQLite" "127.0.0.1:$SCALE_SQLITE_PORT" "$work/scale-acked-sqlite.txt")
  lb_saves=$(saves "two on PostgreSQL, nginx" "127.0.0.1:$SCALE_LB_PORT" "$work/scale-acked-lb.txt")
  pg1_saves=$(saves "one on PostgreSQL, direct" "127.0.0.1:$SCALE_PG_PORT1" "$work/scale-acked-pg1.txt")

  # The instances stop (cleanly: SIGTERM) before their saves are counted.
  kill "$sqlite_pid" "$pg1_pid" "$pg2_pid" 2>/dev/null || true
  wait "$sqlite_pid" "$pg1_pid" "$pg2_pid" 2>/dev/null || true
  sqlite_pid='' pg1_pid='' pg2_pid=''
  kill -QUIT "$(cat "$work/lb.pid")" 2>/dev/null || true # graceful: flushes the access log
  for _ in $(seq 1 50); do [ -f "$work/lb.pid" ] || break; sleep 0.1; done

  echo "== results"
  printf '%-34s %18s %10s\n' "setup" "share page req/s" "saves/s"
  printf '%-34s %18s %10s\n' "one instance, SQLite" "$sqlite_share_rps" "$sqlite_saves"
  printf '%-34s %18s %10s\n' "two instances, PostgreSQL, nginx" "$lb_share_rps" "$lb_saves"
  printf '%-34s %18s %10s\n' "two PostgreSQL / one SQLite" "$(ratio "$lb_share_rps" "$sqlite_share_rps")" \
    "$(ratio "$lb_saves" "$sqlite_saves")"
  printf '%-34s %18s %10s\n' "(one PostgreSQL instance, direct)" "$pg1_share_rps" "$pg1_saves"
  echo "(no target: $(nproc) cores shared by the instances, nginx, PostgreSQL and the load)"

  if [ -s "$work/lb-access.log" ]; then
    echo "== requests nginx passed to each instance, the whole run (address, status)"
    awk '{ n[$0]++ } END { for (k in n) printf "  %-28s %9d\n", k, n[k] }' "$work/lb-access.log" | sort
  fi

  # An instance that answered 5xx says why in its log (a full pool, a lost connection...).
  for name in sqlite pg1 pg2; do
    n=$(grep -c 'ERROR' "$work/$name.log" || true)
    if [ "$n" -gt 0 ]; then
      echo "-- instance $name logged $n error line(s), the first ones:"
      grep -m3 'ERROR' "$work/$name.log" | cut -c1-300
    fi
  done

  echo "== every acknowledged save is stored"
  scale_status=0
  if [ "${sqlite_saves:-0}" = 0 ] || [ "${lb_saves:-0}" = 0 ] || [ "${pg1_saves:-0}" = 0 ]; then scale_status=1; fi
  echo "-- one instance, SQLite"
  "$WRITES" --verify "$work/scale.db" "$work/scale-acked-sqlite-first.txt" "$work/scale-acked-sqlite.txt" || scale_status=1
  echo "-- two instances, PostgreSQL"
  "$PSQL" -q -At -v ON_ERROR_STOP=1 "$pg_url" -c 'SELECT id FROM builds' | sort -u >"$work/pg-stored.txt"
  cat "$work/scale-acked-lb-first.txt" "$work/scale-acked-lb.txt" "$work/scale-acked-pg1.txt" 2>/dev/null | sed '/^$/d' | sort -u >"$work/pg-acked.txt"
  not_stored=$(comm -23 "$work/pg-acked.txt" "$work/pg-stored.txt")
  echo "$(wc -l <"$work/pg-stored.txt") builds stored"
  if [ -z "$not_stored" ]; then
    echo "$(wc -l <"$work/pg-acked.txt") acknowledged saves, all present"
  else
    echo "$(printf '%s\n' "$not_stored" | wc -l) of $(wc -l <"$work/pg-acked.txt") acknowledged saves MISSING:"
    printf '%s\n' "$not_stored" | sed 's/^/  /'
    scale_status=1
  fi
  if [ "$scale_status" -ne 0 ]; then echo "SCALE RUN FAILED (see above)" >&2; fi
  exit "$scale_status"
fi

# ---------------------------------------------------------------------------------------------
# Live updates, in instructions (callgrind): one process at a time, before any load.

echo "== live updates: instructions per request by stage (callgrind; benches/live.rs)"
"$LIVE"

# ---------------------------------------------------------------------------------------------
# Reads

# One address hammers the server here (wrk's CONNECTIONS, /live in a loop): no judging limit and
# no per-client share of the connections, or the benchmark would measure the refusals.
"$DRYDOCK" --bind "127.0.0.1:$APP_PORT" --database "$work/bench.db" --judging-per-second 0 \
  --connections-per-client 0 >"$work/app.log" 2>&1 &
app_pid=$!
wait_for "http://127.0.0.1:$APP_PORT/api/boats/catalog" "$app_pid" || { cat "$work/app.log" >&2; exit 1; }

id=$(curl -fs -X POST "http://127.0.0.1:$APP_PORT/api/boats" -H 'content-type: application/json' \
  --data-binary @"$work/minnow.json" | jq -r .id)
share="/boats/$id"

# The live-figures requests the designers send while a player types: one or more representative
# forms per game (tests/data/live/; the Minnow's is every field of its form as the page posts
# them), each with its name, its game's live address and its file.
mapfile -t live_forms < <("$LIVE" list)
# What a browser sends: every answer is compressed on the way out.
cat >"$work/browser.lua" <<'EOF'
wrk.headers["Accept-Encoding"] = "gzip, deflate, br, zstd"
EOF
for entry in "${live_forms[@]}"; do
  read -r name path file <<<"$entry"
  cat >"$work/live-$name.lua" <<EOF
wrk.method = "POST"
wrk.body = "$(cat "$file")"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["HX-Request"] = "true"
EOF
done

# nginx serves the same bytes as static files; bare axum answers them from memory.
mkdir -p "$work/www"
curl -fs "http://127.0.0.1:$APP_PORT$share" -o "$work/www/share.html"
bare_lives=()
for entry in "${live_forms[@]}"; do
  read -r name path file <<<"$entry"
  curl -fs -X POST "http://127.0.0.1:$APP_PORT$path" -H 'content-type: application/x-www-form-urlencoded' \
    -H 'HX-Request: true' --data-binary @"$file" -o "$work/www/live-$name.html"
  bare_lives+=("$name=$work/www/live-$name.html")
done
# nginx serves the Minnow's answer, the live figures it is compared with.
cp "$work/www/live-boat-minnow.html" "$work/www/live.html"
chmod -R a+rX "$work/www"
cat >"$work/nginx.conf" <<EOF
worker_processes 2;
pid $work/nginx.pid;
error_log $work/nginx.err warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  keepalive_requests 1000000;
  types { text/html html; }
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $work/www;
  }
}
EOF
"$NGINX" -c "$work/nginx.conf" -p "$work"
wait_for "http://127.0.0.1:$NGINX_PORT/share.html"
"$BASELINE" "$BARE_PORT" "$work/www/share.html" "${bare_lives[@]}" >"$work/bare.log" 2>&1 &
bare_pid=$!
wait_for "http://127.0.0.1:$BARE_PORT/share" "$bare_pid" || { cat "$work/bare.log" >&2; exit 1; }
curl -fs "http://127.0.0.1:$BARE_PORT/share" | cmp -s - "$work/www/share.html" ||
  { echo "bare axum does not answer the share page's bytes" >&2; exit 1; }
for entry in "${live_forms[@]}"; do
  read -r name path file <<<"$entry"
  curl -fs -X POST "http://127.0.0.1:$BARE_PORT/live/$name" --data-binary @"$file" | cmp -s - "$work/www/live-$name.html" ||
    { echo "bare axum does not answer the live figures' bytes of $name" >&2; exit 1; }
done

echo "== wrk: $THREADS threads, $CONNECTIONS connections, $DURATION each (bytes: share $(wc -c <"$work/www/share.html"), live $(wc -c <"$work/www/live.html"))"
read -r share_rps share_p99 _ <<<"$(run "drydock share page  GET $share" "http://127.0.0.1:$APP_PORT$share")"
read -r nginx_share_rps _ <<<"$(run "nginx same bytes    GET /share.html" "http://127.0.0.1:$NGINX_PORT/share.html")"
read -r bare_share_rps _ <<<"$(run "bare axum same bytes GET /share" "http://127.0.0.1:$BARE_PORT/share")"
read -r live_rps live_p99 live_cpu <<<"$(run "drydock live figures POST /boats/live" "http://127.0.0.1:$APP_PORT/boats/live" "$work/live-boat-minnow.lua" "$app_pid")"
read -r nginx_live_rps _ <<<"$(run "nginx same bytes    GET /live.html" "http://127.0.0.1:$NGINX_PORT/live.html")"
# Every game's live route, each form beside bare axum reading it (the Minnow's measured above).
declare -A game_rps game_p99 game_cpu bare_rps bare_cpu
for entry in "${live_forms[@]}"; do
  read -r name path file <<<"$entry"
  if [ "$name" = boat-minnow ]; then
    game_rps[$name]=$live_rps game_p99[$name]=$live_p99 game_cpu[$name]=$live_cpu
  else
    read -r "game_rps[$name]" "game_p99[$name]" "game_cpu[$name]" <<<"$(run "drydock $name POST $path" "http://127.0.0.1:$APP_PORT$path" "$work/live-$name.lua" "$app_pid")"
  fi
  read -r "bare_rps[$name]" _ "bare_cpu[$name]" <<<"$(run "bare axum $name (reads the form)" "http://127.0.0.1:$BARE_PORT/live/$name" "$work/live-$name.lua" "$bare_pid")"
done
# Not compared with anything: what compressing every answer costs (wrk asks for no compression).
read -r browser_share_rps browser_share_p99 _ <<<"$(run "drydock share page, browser's Accept-Encoding" "http://127.0.0.1:$APP_PORT$share" "$work/browser.lua")"

echo "== ratios"
check "share page / nginx" "$(ratio "$share_rps" "$nginx_share_rps")" ">=" 0.60 ""
check "live figures / nginx" "$(ratio "$live_rps" "$nginx_live_rps")" ">=" 0.60 ""
check "share page / bare axum" "$(ratio "$share_rps" "$bare_share_rps")" ">=" 0.85 ""
for entry in "${live_forms[@]}"; do
  read -r name _ <<<"$entry"
  check "live $name / bare axum" "$(ratio "${game_rps[$name]}" "${bare_rps[$name]}")" ">=" 0.60 ""
done
# What the rates are made of: each live request's cost to the server's process on the cores,
# Drydock's beside bare axum's (no target; the instruction counts above say where Drydock's goes).
# wrk and the server share the machine's cores, all of them busy: bare axum's rate says what a
# request costs the cores in all (cores / rate), of which the rest of that is wrk's own part; the
# server time per request at which Drydock's rate would be 0.6 of bare axum's follows.
cores=$(nproc)
echo "== server CPU per live request under wrk (user + system time / requests; $cores cores shared with wrk)"
for entry in "${live_forms[@]}"; do
  read -r name _ <<<"$entry"
  awk -v n="$name" -v d="${game_cpu[$name]:-n/a}" -v b="${bare_cpu[$name]:-n/a}" -v r="${bare_rps[$name]:-0}" -v c="$cores" 'BEGIN {
    if (d == "n/a" || b == "n/a" || r <= 0) { printf "  %-18s n/a\n", n; exit }
    all = c * 1e6 / r; client = all - b
    printf "  %-18s drydock %6.1f us   bare axum %6.1f us   beyond bare %6.1f us   at 0.6 of bare: drydock <= %6.1f us\n", n, d, b, d - b, all / 0.6 - client }'
done
echo "== Drydock's p99 at $CONNECTIONS connections"
check "share page p99" "$share_p99" "<" 5 ms
for entry in "${live_forms[@]}"; do
  read -r name _ <<<"$entry"
  check "live $name p99" "${game_p99[$name]}" "<" 5 ms
done
echo "share page compressed for a browser: $(ratio "$browser_share_rps" "$share_rps") of the uncompressed rate, p99 $browser_share_p99 ms (no target)"

echo "== designer page over the wire (gzip)"
total=0
for path in "/boats/new?from=minnow" /static/drydock.css /static/htmx-2.0.11.min.js /static/drydock.js /static/icon.svg; do
  n=$(curl -fs --compressed -o /dev/null -w '%{size_download}' -H 'accept-encoding: gzip, br' "http://127.0.0.1:$APP_PORT$path")
  printf '  %-36s %7d bytes\n' "$path" "$n"
  total=$((total + n))
done
check "designer page, total" "$(awk -v t="$total" 'BEGIN { printf "%.1f", t / 1024 }')" "<" 60 KB
third=$(curl -fs "http://127.0.0.1:$APP_PORT/boats/new?from=minnow" | grep -oE '(src|href|action)="(https?:)?//[^"]*"' || true)
if [ -z "$third" ]; then echo "third-party requests: none"; else echo "third-party requests: $third   MISSED"; missed=$((missed + 1)); fi

# The read servers are done; the write run gets the machine to itself.
kill "$app_pid" "$bare_pid" 2>/dev/null || true
kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
wait "$app_pid" "$bare_pid" 2>/dev/null || true
app_pid='' bare_pid=''

# ---------------------------------------------------------------------------------------------
# Writes

db="$work/writes.db"
wal_bytes() { if [ -f "$db-wal" ]; then stat -c %s "$db-wal"; else echo 0; fi; }
mb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1048576 }'; }

start_writer() { # extra flags...
  "$DRYDOCK" --bind "127.0.0.1:$WRITE_PORT" --database "$db" "$@" >>"$work/write.log" 2>&1 &
  write_pid=$!
}
start_writer --writes-per-minute 0
if ! wait_for "http://127.0.0.1:$WRITE_PORT/api/boats/catalog" "$write_pid"; then
  # Until the binary has the flag, run with its default limit: the refused saves show as 429s.
  echo "the server refused --writes-per-minute 0 (its log follows); writing with its default rate limit:" >&2
  cat "$work/write.log" >&2
  wait "$write_pid" 2>/dev/null || true
  rm -f "$db" "$db-wal" "$db-shm"
  start_writer
  wait_for "http://127.0.0.1:$WRITE_PORT/api/boats/catalog" "$write_pid" || { cat "$work/write.log" >&2; exit 1; }
fi

echo "== sustained saves: $WRITE_CLIENTS clients POST /api/boats for $WRITE_DURATION (fresh database, no write limit)"
"$WRITES" "127.0.0.1:$WRITE_PORT" "$WRITE_CLIENTS" "$WRITE_DURATION" "$work/acked-load.txt" "$work/minnow.json" &
load_pid=$!
# The log's size moves with the checkpoints: watch it while the load runs (until the client ends).
wal_peak=0
while kill -0 "$load_pid" 2>/dev/null; do
  w=$(wal_bytes)
  [ "$w" -gt "$wal_peak" ] && wal_peak=$w
  sleep 0.2
done
wait "$load_pid"
load_pid=''
check "WAL at the end of the load" "$(mb "$(wal_bytes)")" "<" 64 MB
check "WAL, largest during the load" "$(mb "$wal_peak")" "<" 64 MB

echo "== SIGKILL during a $KILL_BURST burst of saves"
"$WRITES" "127.0.0.1:$WRITE_PORT" "$WRITE_CLIENTS" "$KILL_BURST" "$work/acked-burst.txt" "$work/minnow.json" &
burst_pid=$!
half=$(awk -v d="$KILL_BURST" 'BEGIN { n = d + 0; if (d ~ /ms$/) n /= 1000; else if (d ~ /m$/) n *= 60; printf "%.2f", n / 2 }')
sleep "$half"
kill -KILL "$write_pid"
wait "$write_pid" 2>/dev/null || true
write_pid=''
wait "$burst_pid" || echo "(no save of the burst was acknowledged before the kill)"
burst_pid=''
echo "WAL after the kill: $(wal_bytes) bytes ($(mb "$(wal_bytes)") MB)"

echo "== every acknowledged save is in the reopened database"
lost=0
"$WRITES" --verify "$db" "$work/acked-load.txt" "$work/acked-burst.txt" || lost=1
echo "WAL after the check closed the database: $(wal_bytes) bytes"

echo "== done: $missed target(s) missed"
if [ "$lost" -ne 0 ]; then
  echo "ACKNOWLEDGED SAVES WERE LOST" >&2
  exit 1
fi
