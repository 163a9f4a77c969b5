#!/usr/bin/env bash
# nse-bench serve against nginx (one worker), both driven by wrk in the same run, pinned: server on
# core 0, wrk on core 1. Prints each figure and the ratio nse-bench / nginx.
#
#   Benchmarks/media-server.sh [seconds per run, default 5]
#
# Targets (issue 3): 1 KB keep-alive at 100 and 10,000 connections >= 1.0x nginx; 1 KB with
# Connection: close at 100 connections >= 0.9x nginx; 10,000 connections each delayed 1 s: first-byte
# p99 within 5 ms of 1 s; a 1 MB/s per-connection bandwidth held within 5%.
source "$(dirname "$0")/lib.sh"
SECONDS_PER_RUN=${1:-5}

ensure_peers
ensure_nse_bench

NGINX_PORT=$(free_port)
start_nginx "$NGINX_PORT"
NSE_PORT=$(free_port)
taskset -c 0 "$NSE_BENCH" serve --port "$NSE_PORT" --quiet > "$WORK/serve.log" 2>&1 &
PIDS+=($!)
wait_for_port "$NSE_PORT"

echo "nse-bench serve vs nginx $(nginx -v 2>&1 | sed 's/.*\///'), wrk, ${SECONDS_PER_RUN}s per run, $(nproc) cores"
printf '%-44s %12s %12s %7s\n' "case" "nginx" "nse-bench" "ratio"

compare() {
    local name=$1 connections=$2
    shift 2
    local nginx nse
    nginx=$(wrk_rate "$connections" "${SECONDS_PER_RUN}s" "http://127.0.0.1:$NGINX_PORT/media/1KB.jpg" "$@")
    nse=$(wrk_rate "$connections" "${SECONDS_PER_RUN}s" "http://127.0.0.1:$NSE_PORT/media/1KB.jpg" "$@")
    printf '%-44s %12s %12s %7s\n' "$name" "$nginx" "$nse" "$(ratio "$nse" "$nginx")"
}

compare "1 KB keep-alive, 100 connections (req/s)" 100
compare "1 KB keep-alive, 10000 connections (req/s)" 10000
compare "1 KB Connection: close, 100 connections" 100 -H "Connection: close"

# 10,000 connections, each response delayed 1 s by the server, each case on a server instance of its
# own so that the server's self-measured lateness covers that case alone. wrk's latency is the time
# to the whole 1 KB response: the first byte plus one loopback read.
delay_case() {
    local name=$1 script=$2
    local port
    port=$(free_port)
    taskset -c 0 "$NSE_BENCH" serve --port "$port" --quiet > "$WORK/delay-serve.log" 2>&1 &
    local server=$!
    PIDS+=($server)
    wait_for_port "$port"
    taskset -c 1 wrk -t1 -c10000 -d"$((SECONDS_PER_RUN + 5))s" --timeout 10s -s "$script" \
        "http://127.0.0.1:$port/media/1KB.jpg?ttfb=1s" > "$WORK/delay.log" 2>&1
    kill -INT "$server"
    wait "$server" 2>/dev/null || true
    echo "10000 connections, ttfb=1s, $name:"
    echo "    client (wrk): $(grep latency_us "$WORK/delay.log")"
    echo "    server: $(grep 'first-byte lateness' "$WORK/delay-serve.log" | sed 's/.*over/over/')"
}
delay_case "all connections in step (a herd: 10,000 responses due at once)" "$BENCH_DIR/latency.lua"
delay_case "arrivals spread by Benchmarks/staggered.lua" "$BENCH_DIR/staggered.lua"

# Ten parallel 3 MB downloads, each paced at 1 MB/s by the server.
rates=()
for _ in $(seq 1 10); do
    curl -s -o /dev/null -w '%{speed_download}\n' "http://127.0.0.1:$NSE_PORT/media/3MB.mp4?bandwidth=1MB/s" \
        >> "$WORK/speeds" &
done
wait_downloads() { while [ "$(wc -l < "$WORK/speeds" 2>/dev/null || echo 0)" -lt 10 ]; do sleep 0.2; done; }
wait_downloads
python3 - "$WORK/speeds" <<'PY'
import sys
speeds = [float(line) for line in open(sys.argv[1]) if line.strip()]
errors = [abs(s / 1e6 - 1) * 100 for s in speeds]
print(f"bandwidth=1MB/s, 10 parallel 3 MB downloads: mean {sum(speeds)/len(speeds)/1e6:.3f} MB/s, "
      f"worst deviation {max(errors):.1f}% (target <= 5%)")
PY
