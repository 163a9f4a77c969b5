#!/usr/bin/env bash
# nse-bench run end to end, with its peers in the same run:
#  1. the media extension at 100 in flight, no injected latency, 1 KB media, keep-alive off, against
#     nginx, vs wrk -c100 with Connection: close on the same nginx (target >= 0.5x);
#  2. 10,000 in flight with a 1 s first byte from the embedded server: time-to-deliver p99 within
#     25 ms of 1 s (closed load: the first wave of 10,000 starts at once);
#  3. scale: 100,000 invocations with 10,000 in flight, peak RSS and validity;
#  4. where the harness's own overhead stays within 25 ms: open arrivals at 1,000 to 5,000 a second
#     (as many in flight) with a 1 s first byte, time-to-deliver p99 against the server's own lateness.
#   Benchmarks/run.sh [invocations for case 1, default 40000]
source "$(dirname "$0")/lib.sh"
COUNT=${1:-40000}
ensure_peers
ensure_nse_bench


echo "== 1. media extension at 100 in flight against nginx, vs wrk Connection: close"
NGINX_PORT=$(free_port)
start_nginx "$NGINX_PORT"
wrk=$(wrk_rate 100 10s "http://127.0.0.1:$NGINX_PORT/media/1KB.jpg" -H "Connection: close")
taskset -c 1 "$NSE_BENCH" run --target "http://127.0.0.1:$NGINX_PORT" --extension media --concurrency 100 \
    --invocations "$COUNT" --media 1KB.jpg:1 --quiet --out "$WORK/case1"
rate=$(column "$WORK/case1" throughput_per_s)
echo "wrk: $wrk req/s; nse-bench media extension: $rate invocations/s ($(column "$WORK/case1" enriched) enriched of $(column "$WORK/case1" invocations)); ratio $(ratio "$rate" "$wrk") (target >= 0.5)"

echo "== 2. 10,000 in flight, first byte after 1 s"
"$NSE_BENCH" run --profile none --concurrency 10000 --invocations 30000 --ttfb 1s --media 1KB.jpg:1 --quiet --out "$WORK/case2"
echo "deliver p50 $(column "$WORK/case2" deliver_p50_ms) ms, p99 $(column "$WORK/case2" deliver_p99_ms) ms, p99.9 $(column "$WORK/case2" deliver_p999_ms) ms (target p99 <= 1025 ms); first byte p99 $(column "$WORK/case2" phase_first_byte_p99_ms) ms, queued p99 $(column "$WORK/case2" phase_queued_p99_ms) ms, connect p99 $(column "$WORK/case2" phase_connect_p99_ms) ms; $(column "$WORK/case2" invocations) invocations, CPU $(column "$WORK/case2" cpu_utilisation), valid $(column "$WORK/case2" valid) $(column "$WORK/case2" invalid_reason)"
grep "first-byte lateness" "$WORK/case2/server.log" || true

echo "== 3. 100,000 invocations, 10,000 in flight"
/usr/bin/time -f "wall %e s, max RSS %M KB" "$NSE_BENCH" run --profile none --concurrency 10000 --invocations 100000 --ttfb 1s \
    --media 1KB.jpg:1 --quiet --out "$WORK/case3"
echo "$(column "$WORK/case3" invocations) invocations: enriched $(column "$WORK/case3" enriched), killed $(column "$WORK/case3" killed), crashed $(column "$WORK/case3" crashed), expired $(column "$WORK/case3" expired_original)+$(column "$WORK/case3" expired_best_attempt); peak RSS $(column "$WORK/case3" peak_rss_bytes) B; valid $(column "$WORK/case3" valid) $(column "$WORK/case3" invalid_reason)"

echo "== 4. harness overhead by arrival rate, first byte after 1 s (in flight = rate x 1 s)"
for rate in 1000 2000 3000 4000 5000 6000 7000 8000; do
    "$NSE_BENCH" run --profile none --rate "$rate" --arrivals constant --duration 10s --ttfb 1s --media 1KB.jpg:1 --quiet \
        --out "$WORK/case4-$rate"
    echo "rate $rate/s: deliver p50 $(column "$WORK/case4-$rate" deliver_p50_ms) ms, p99 $(column "$WORK/case4-$rate" deliver_p99_ms) ms, p99.9 $(column "$WORK/case4-$rate" deliver_p999_ms) ms; transport lag p99 $(column "$WORK/case4-$rate" transport_lag_p99_ms) ms; CPU $(column "$WORK/case4-$rate" cpu_utilisation); valid $(column "$WORK/case4-$rate" valid); server: $(grep -o 'p99 [0-9.]*ms' "$WORK/case4-$rate/server.log" | head -1)"
done
