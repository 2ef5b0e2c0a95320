#!/usr/bin/env bash
# HTTP load benchmark: the release server's share page and live-figures endpoint, measured with
# wrk beside nginx serving the very same response bytes as static files, in the same run.
# Installs wrk and nginx if they are missing. Prints requests/s, p99 latency and the ratios, and
# the designer page's size over the wire.
#
#   scripts/bench.sh            # 10 s per measurement, 64 connections, 2 threads
#   DURATION=30s scripts/bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
APP_PORT=${APP_PORT:-3901}
NGINX_PORT=${NGINX_PORT:-3902}

need_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
    echo "need root to run: $*" >&2; return 1; fi
}
missing=()
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
command -v curl >/dev/null 2>&1 || missing+=(curl)
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing ${missing[*]}"
  need_root apt-get update -qq
  need_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

echo "== building the release server"
cargo build --release --locked --quiet

work=$(mktemp -d)
chmod 755 "$work"
cleanup() {
  [ -n "${app_pid:-}" ] && kill "$app_pid" 2>/dev/null || true
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

./target/release/drydock --bind "127.0.0.1:$APP_PORT" --database "$work/bench.db" >"$work/app.log" 2>&1 &
app_pid=$!
for _ in $(seq 1 100); do
  curl -fs "http://127.0.0.1:$APP_PORT/api/boats/catalog" >/dev/null 2>&1 && break
  sleep 0.1
done

# A saved design to share: the Minnow.
save=$(curl -fs -X POST "http://127.0.0.1:$APP_PORT/api/boats" -H 'content-type: application/json' \
  -d '{"name":"Minnow","hull":"dinghy","plant":"medium","propellers":[{},{}],"crew":[{"role":"pilot"},{"role":"passenger","count":2}],"weapons":[{"weapon":"mml","mount":"F","ammo":"ap"},{"weapon":"mg","mount":"B","ammo":"hd"}],"accessories":[{"item":"targeting-computer"},{"item":"marine-radio"}],"armor":{"type":"fireproof","points":{"F":12,"R":10,"L":10,"B":10,"U":10}}}')
id=$(printf '%s' "$save" | sed -E 's/.*"id":"([a-z2-7]+)".*/\1/')
share="/boats/$id"

# The live-figures request the designer sends while a player types: every field the Minnow's
# form has, as the page posts them (unchecked boxes are not sent).
form='ledger_open=&maneuvers_open=&version=1&name=Minnow&hull=dinghy&top=none&plant=medium&propellers.0.size=&propellers.0.guard=0&propellers.1.size=&propellers.1.guard=0&oars=0&crew.0.role=pilot&crew.0.count=1&crew.1.role=passenger&crew.1.count=2&new_crew=gunner&armor.type=fireproof&armor.F=12&armor.L=10&armor.R=10&armor.B=10&armor.U=10&weapons.0.weapon=mml&weapons.0.mount=F&weapons.0.count=1&weapons.0.ammo=ap&weapons.0.extra_magazines=0&weapons.1.weapon=mg&weapons.1.mount=B&weapons.1.count=1&weapons.1.ammo=hd&weapons.1.extra_magazines=0&new_weapon=mg&accessories.0.item=targeting-computer&accessories.0.count=1&accessories.1.item=marine-radio&accessories.1.count=1&new_accessory=fire-extinguisher'
cat >"$work/live.lua" <<EOF
wrk.method = "POST"
wrk.body = "$form"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["HX-Request"] = "true"
EOF

# nginx serves the same bytes as static files.
mkdir -p "$work/www"
curl -fs "http://127.0.0.1:$APP_PORT$share" -o "$work/www/share.html"
curl -fs -X POST "http://127.0.0.1:$APP_PORT/boats/live" -H 'content-type: application/x-www-form-urlencoded' \
  --data "$form" -o "$work/www/live.html"
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
for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$NGINX_PORT/share.html" >/dev/null 2>&1 && break; sleep 0.1; done

run() { # name url [script] -> prints "rps p99"
  local out
  if [ -n "${3:-}" ]; then
    out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$3" "$2")
  else
    out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$2")
  fi
  local rps p99 errors
  rps=$(printf '%s\n' "$out" | awk '/^Requests\/sec/ {print $2}')
  p99=$(printf '%s\n' "$out" | awk '$1 == "99%" {print $2}')
  errors=$(printf '%s\n' "$out" | awk '/Non-2xx|Socket errors/ {print}' | tr '\n' ' ')
  printf '%-34s %12s req/s   p99 %9s   %s\n' "$1" "$rps" "$p99" "$errors" >&2
  echo "$rps"
}

echo "== wrk: $THREADS threads, $CONNECTIONS connections, $DURATION each (bytes: share $(wc -c <"$work/www/share.html"), live $(wc -c <"$work/www/live.html"))"
share_rps=$(run "drydock share page  GET $share" "http://127.0.0.1:$APP_PORT$share")
static_share_rps=$(run "nginx same bytes    GET /share.html" "http://127.0.0.1:$NGINX_PORT/share.html")
live_rps=$(run "drydock live figures POST /boats/live" "http://127.0.0.1:$APP_PORT/boats/live" "$work/live.lua")
static_live_rps=$(run "nginx same bytes    GET /live.html" "http://127.0.0.1:$NGINX_PORT/live.html")

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }
echo "== ratio to static (target >= 0.60)"
echo "share page:   $(ratio "$share_rps" "$static_share_rps")"
echo "live figures: $(ratio "$live_rps" "$static_live_rps")"

echo "== designer page over the wire (gzip), target < 60 KB"
total=0
for path in "/boats/new?from=minnow" /static/drydock.css /static/htmx-2.0.11.min.js /static/drydock.js /static/icon.svg; do
  n=$(curl -fs --compressed -o /dev/null -w '%{size_download}' -H 'accept-encoding: gzip, br' "http://127.0.0.1:$APP_PORT$path")
  printf '  %-36s %7d bytes\n' "$path" "$n"
  total=$((total + n))
done
printf '  %-36s %7d bytes (%s KB)\n' "total" "$total" "$(awk -v t="$total" 'BEGIN { printf "%.1f", t / 1024 }')"
third=$(curl -fs "http://127.0.0.1:$APP_PORT/boats/new?from=minnow" | grep -oE '(src|href|action)="(https?:)?//[^"]*"' || true)
if [ -z "$third" ]; then echo "third-party requests: none"; else echo "third-party requests: $third"; fi
