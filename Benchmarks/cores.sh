#!/usr/bin/env bash
# Every core (issue #18 item 2): the media extension against nginx (--target, 1 KB, keep-alive off,
# 200 in flight) on 1, 2, ... cores (taskset), with --transport-loops 1 and with one loop per core, and
# the throughput each reached relative to one core. nginx (one worker) runs on core 0 throughout, so on
# a small machine it shares a core with nse-bench: the ratios then show the machine, not the harness.
# Then the capacity on 1, 2, ... cores: `nse-bench capacity` (embedded server, 1 s first byte, 3 s
# probes, not saved) under the same taskset, so harness and server share those cores.
#   Benchmarks/cores.sh [invocations per run, default 20000]
source "$(dirname "$0")/lib.sh"
COUNT=${1:-20000}
ensure_peers
ensure_nse_bench


NGINX_PORT=$(free_port)
start_nginx "$NGINX_PORT"
CORES=$(nproc)
echo "== $CORES cores; nginx on core 0"
base=""
for n in $(seq 1 "$CORES"); do
    choices=(1)
    [ "$n" -gt 1 ] && choices+=("$n")
    for loops in "${choices[@]}"; do
        out="$WORK/cores$n-loops$loops"
        taskset -c "0-$((n - 1))" "$NSE_BENCH" run --target "http://127.0.0.1:$NGINX_PORT" --extension media \
            --concurrency 200 --invocations "$COUNT" --media 1KB.jpg:1 --transport-loops "$loops" --quiet \
            --out "$out" || true
        rate=$(column "$out" throughput_per_s)
        [ -z "$base" ] && base=$rate
        echo "cores $n, transport loops $loops: $rate invocations/s ($(ratio "$rate" "$base")x one core), deliver p99 $(column "$out" deliver_p99_ms) ms, CPU $(column "$out" cpu_utilisation), busiest second $(column "$out" machine_busy_peak), valid $(column "$out" valid)"
    done
done

echo "== capacity on 1, 2, ... cores (nse-bench capacity --duration 3s --from 250, embedded server on the same cores)"
held_one=""
for n in $(seq 1 "$CORES"); do
    line=$(taskset -c "0-$((n - 1))" "$NSE_BENCH" capacity --no-save --duration 3s --from 250 --probes 6 \
        --out "$WORK/capacity$n" | grep '^capacity:' || true)
    held=$(echo "$line" | sed -nE 's/^capacity: ([0-9]+) arrivals a second.*/\1/p')
    [ -z "$held_one" ] && held_one=${held:-0}
    echo "cores $n: ${line:-no capacity line} (${held:+$(ratio "$held" "$held_one")x one core})"
done
