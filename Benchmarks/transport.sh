#!/usr/bin/env bash
# The timer service and the libcurl transport, side by side with their peers in one run:
#  1. 100,000 pending deadline timers vs Task.sleep (lateness p99, bytes per timer);
#  2. 10,000 concurrent 1 KB downloads from the media server answering after 1 s (a separate
#     process), through CurlTransport (its own HTTP client, then libcurl) and through URLSession
#     (CPU per download, memory per in-flight download, first-byte p99);
#  3. 100 concurrent 1 KB downloads without keep-alive from nginx: CurlTransport (own client, then
#     libcurl) vs wrk with Connection: close (ratios).
#   Benchmarks/transport.sh [downloads for case 3, default 60000]
source "$(dirname "$0")/lib.sh"
COUNT=${1:-60000}
ensure_peers
ensure_nse_bench

echo "== 1. timers"
"$NSE_BENCH" bench-transport --case timers --count 100000

echo "== 2. 10,000 concurrent downloads, server answering after 1 s"
DELAY_PORT=$(free_port)
taskset -c 0 "$NSE_BENCH" serve --port "$DELAY_PORT" --quiet > "$WORK/delay.log" 2>&1 &
PIDS+=($!)
wait_for_port "$DELAY_PORT"
URL="http://127.0.0.1:$DELAY_PORT/media/1KB.jpg?ttfb=1s"
taskset -c 1 "$NSE_BENCH" bench-transport --case curl --url "$URL" --count 10000 --concurrency 10000
taskset -c 1 "$NSE_BENCH" bench-transport --case curl --client libcurl --url "$URL" --count 10000 --concurrency 10000
taskset -c 1 "$NSE_BENCH" bench-transport --case urlsession --url "$URL" --count 10000 --concurrency 10000

echo "== 3. 100 concurrent, no delay, keep-alive off, against nginx"
NGINX_PORT=$(free_port)
start_nginx "$NGINX_PORT"
wrk=$(wrk_rate 100 10s "http://127.0.0.1:$NGINX_PORT/media/1KB.jpg" -H "Connection: close")
for client in own libcurl; do
    line=$(taskset -c 1 "$NSE_BENCH" bench-transport --case curl --client "$client" \
        --url "http://127.0.0.1:$NGINX_PORT/media/1KB.jpg" --count "$COUNT" --concurrency 100)
    echo "$line"
    rate=$(echo "$line" | sed -E 's/.* ok, ([0-9]+) downloads\/s.*/\1/')
    echo "wrk -c100 Connection: close: $wrk req/s; CurlTransport ($client client): $rate downloads/s;" \
        "ratio $(ratio "$rate" "$wrk") (target >= 0.75)"
done
