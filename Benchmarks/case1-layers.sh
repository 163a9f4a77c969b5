#!/usr/bin/env bash
# What separates run.sh's case 1 from wrk, layer by layer (issue #18's target: case 1 >= 0.5x wrk).
# Each round measures, on the same nginx and the same core (taskset -c 1), one after another:
#  1. wrk -c100 with Connection: close (the peer);
#  2. the transport alone: 100 downloads in flight, keep-alive off, bodies kept in memory
#     (`bench-transport --case curl`);
#  3. the transport with the file work iOS makes an extension pay: each download into a file of its
#     own, renamed, checked twice and removed (`bench-transport --case curl --files`);
#  4. case 1 itself: the media extension, 100 in flight (`nse-bench run --target`).
# Each is printed as a ratio to that round's wrk; the last lines are the medians. Layer 3 is the most
# case 1 can reach without leaving out what a phone does.
#   Benchmarks/case1-layers.sh [rounds, default 3] [downloads per layer, default 30000]
source "$(dirname "$0")/lib.sh"
ROUNDS=${1:-3}
COUNT=${2:-30000}
ensure_peers
ensure_nse_bench

median() { python3 -c "import statistics,sys; print(f'{statistics.median(map(float, sys.argv[1:])):.2f}')" "$@"; }
downloads_per_s() { sed -E 's/.* ok, ([0-9]+) downloads\/s.*/\1/'; }

NGINX_PORT=$(free_port)
start_nginx "$NGINX_PORT"
URL="http://127.0.0.1:$NGINX_PORT/media/1KB.jpg"
declare -A ratios rates
for round in $(seq 1 "$ROUNDS"); do
    wrk=$(wrk_rate 100 10s "$URL" -H "Connection: close")
    memory=$(taskset -c 1 "$NSE_BENCH" bench-transport --case curl --url "$URL" --count "$COUNT" --concurrency 100 \
        | tail -1)
    files=$(taskset -c 1 "$NSE_BENCH" bench-transport --case curl --files --url "$URL" --count "$COUNT" \
        --concurrency 100 | tail -1)
    taskset -c 1 "$NSE_BENCH" run --target "http://127.0.0.1:$NGINX_PORT" --extension media --concurrency 100 \
        --invocations "$COUNT" --media 1KB.jpg:1 --quiet --out "$WORK/case1-$round"
    rates=([transport]=$(echo "$memory" | downloads_per_s) [files]=$(echo "$files" | downloads_per_s)
        [invocation]=$(column "$WORK/case1-$round" throughput_per_s))
    line="round $round: wrk $wrk req/s"
    for layer in transport files invocation; do
        r=$(ratio "${rates[$layer]}" "$wrk")
        ratios[$layer]+="$r "
        line+="; $layer ${rates[$layer]}/s ($r)"
    done
    echo "$line"
    echo "  transport into files: $files"
done
for layer in transport files invocation; do
    # shellcheck disable=SC2086
    echo "median of $ROUNDS, $layer: $(median ${ratios[$layer]})x wrk"
done
