#!/usr/bin/env bash
# Cost per invocation of two nse-bench binaries side by side (issue #18), alternated so that a shared,
# noisy machine hurts both alike; medians of the rounds:
#  - run.sh's case 1: the media extension at 100 in flight, 1 KB media, keep-alive off, against nginx,
#    as a ratio to wrk -c100 with Connection: close on the same nginx (measured once per round), and the
#    harness's CPU per invocation (summary.csv's harness_cpu_s / invocations);
#  - run.sh's case 3: 100,000 invocations at 10,000 in flight, first byte after 1 s: peak RSS, and the
#    RSS per in-flight invocation above an idle run's (the same flags at 1 in flight, 1,000 invocations).
# Both report mallocs_per_invocation as the summary has it.
#   Benchmarks/invocation-cost.sh BEFORE_BINARY AFTER_BINARY [rounds, default 3] [case-1 invocations, default 40000]
source "$(dirname "$0")/lib.sh"
BEFORE=$1
AFTER=$2
ROUNDS=${3:-3}
COUNT=${4:-40000}
ensure_peers

median() { python3 -c "import statistics,sys; print(f'{statistics.median(map(float, sys.argv[1:])):.3f}')" "$@"; }

NGINX_PORT=$(free_port)
start_nginx "$NGINX_PORT"
declare -A ratio cpu mallocs rss perflight
for round in $(seq 1 "$ROUNDS"); do
    wrk=$(wrk_rate 100 10s "http://127.0.0.1:$NGINX_PORT/media/1KB.jpg" -H "Connection: close")
    for which in before after; do
        binary=$BEFORE
        [ "$which" = after ] && binary=$AFTER
        out="$WORK/$which-$round"
        # Bare loopback: the default population of phones came later; older binaries have no `none`.
        loopback=(); "$binary" run --help | grep -q "or phones (a population" && loopback=(--profile none)
        taskset -c 1 "$binary" run --target "http://127.0.0.1:$NGINX_PORT" --extension media --concurrency 100 \
            --invocations "$COUNT" --media 1KB.jpg:1 --quiet --out "$out-1"
        rate=$(column "$out-1" throughput_per_s)
        r=$(ratio "$rate" "$wrk")
        c=$(python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]) * 1e6:.1f}')" \
            "$(column "$out-1" harness_cpu_s)" "$(column "$out-1" invocations)")
        "$binary" run "${loopback[@]}" --concurrency 1 --invocations 1000 --ttfb 1ms --media 1KB.jpg:1 --quiet \
            --out "$out-idle"
        "$binary" run "${loopback[@]}" --concurrency 10000 --invocations 100000 --ttfb 1s --media 1KB.jpg:1 \
            --quiet --out "$out-3"
        peak=$(column "$out-3" peak_rss_bytes)
        each=$(python3 -c "import sys; print(f'{(int(sys.argv[1]) - int(sys.argv[2])) / 10000 / 1024:.1f}')" \
            "$peak" "$(column "$out-idle" peak_rss_bytes)")
        ratio[$which]+="$r "
        cpu[$which]+="$c "
        mallocs[$which]+="$(column "$out-1" mallocs_per_invocation) "
        rss[$which]+="$((peak >> 20)) "
        perflight[$which]+="$each "
        echo "round $round $which: wrk $wrk req/s, case 1 $rate/s (ratio $r), $c µs CPU per invocation," \
            "$(column "$out-1" mallocs_per_invocation) mallocs per invocation; case 3 peak RSS $((peak >> 20)) MiB" \
            "($each KiB per in-flight invocation), valid $(column "$out-3" valid)"
    done
done
for which in before after; do
    # shellcheck disable=SC2086
    echo "$which (median of $ROUNDS): ratio to wrk $(median ${ratio[$which]}), CPU $(median ${cpu[$which]}) µs per" \
        "invocation, $(median ${mallocs[$which]}) mallocs per invocation, case 3 peak RSS $(median ${rss[$which]})" \
        "MiB, $(median ${perflight[$which]}) KiB per in-flight invocation"
done
