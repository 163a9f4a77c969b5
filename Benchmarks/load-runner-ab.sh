#!/usr/bin/env bash
# The load runner's own cost, for two nse-bench builds side by side, alternated so that a noisy machine
# hurts both alike, on the loads where how the run holds its invocations shows (docs/performance.md,
# "Invocations in cohorts"):
#  1. open, 3,000 arrivals a second for 10 s, first bytes uniform over 100 ms..3 s: invocations end out of
#     arrival order with about 4,600 in flight;
#  2. closed, 10,000 in flight, first byte after 1 s, 50,000 invocations;
#  3. open, 5,000 a second for 10 s, first byte after 1 s (#18's case 4 load).
# Per round, build and load: invocations, throughput, deliver p99, the harness's CPU (summary.csv) and
# the process's (user + system), and the self-check's transport and admission lag p99.
#   Benchmarks/load-runner-ab.sh BEFORE_BINARY AFTER_BINARY [rounds, default 3]
source "$(dirname "$0")/lib.sh"
BEFORE=${1:?usage: Benchmarks/load-runner-ab.sh BEFORE_BINARY AFTER_BINARY [rounds]}
AFTER=${2:?usage: Benchmarks/load-runner-ab.sh BEFORE_BINARY AFTER_BINARY [rounds]}
ROUNDS=${3:-3}
COMMON=(run --extension media --profile none --media 1KB.jpg:1 --quiet)
LOADS=(
    "open-out-of-order:--rate 3000 --duration 10s --ttfb uniform:100ms..3s"
    "closed-10000:--concurrency 10000 --invocations 50000 --ttfb 1s"
    "open-5000:--rate 5000 --duration 10s --ttfb 1s"
)

for load in "${LOADS[@]}"; do
    name=${load%%:*}
    read -r -a flags <<<"${load#*:}"
    echo "== $name: ${load#*:}"
    for round in $(seq 1 "$ROUNDS"); do
        for which in before after; do
            binary=$BEFORE
            [ "$which" = after ] && binary=$AFTER
            out="$WORK/$name-$which-$round"
            /usr/bin/time -f "%U %S" -o "$out.time" "$binary" "${COMMON[@]}" "${flags[@]}" --out "$out" >/dev/null
            echo "round $round $which: $(column "$out" invocations) invocations, $(column "$out" throughput_per_s)/s," \
                "deliver p99 $(column "$out" deliver_p99_ms) ms, harness CPU $(column "$out" harness_cpu_s) s," \
                "process CPU $(awk '{print $1 + $2}' "$out.time") s, lag p99 transport" \
                "$(column "$out" transport_lag_p99_ms) admission $(column "$out" admission_lag_p99_ms) ms," \
                "valid $(column "$out" valid)"
        done
    done
done
