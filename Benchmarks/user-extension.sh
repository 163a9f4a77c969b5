#!/usr/bin/env bash
# A user's own extension (compiled from Examples/, URLSession through the simulated phone) against the
# built-in `media` extension on the same loads, in one run:
#  1. build: the first, uncached compile of Examples/MediaDownload, then a cached start
#     (`--invocations 1` end to end, target <= 2 s);
#  2. 500 in flight, 200 KB, no injected latency: throughput (target >= 0.8x the built-in's) and
#     deliver p99 (target within 5%); then the same on --profile lte;
#  3. 5,000 in flight, first byte after 1 s, 1 KB: deliver p99 (target within 50 ms of the built-in's).
# The user's extension runs in its worker processes (the default, one per core); case 2 also runs it
# inside nse-bench (--extension-processes 0) to show what the isolation costs.
#   Benchmarks/user-extension.sh [invocations for case 2, default 10000]
source "$(dirname "$0")/lib.sh"
COUNT=${1:-10000}
ensure_nse_bench
EXAMPLE="$ROOT/Examples/MediaDownload"
export NSE_BENCH_CACHE="$WORK/cache"

figures() {
    echo "$(column "$1" throughput_per_s)/s, deliver p50 $(column "$1" deliver_p50_ms) p99 $(column "$1" deliver_p99_ms) ms, enriched $(column "$1" enriched) of $(column "$1" invocations), CPU $(column "$1" harness_cpu_s) s, valid $(column "$1" valid) $(column "$1" invalid_reason)"
}
compare_pair() { # name, built-in folder, user folder
    local built user
    built=$(column "$2" throughput_per_s); user=$(column "$3" throughput_per_s)
    echo "  built-in media:      $(figures "$2")"
    echo "  Examples/MediaDownload: $(figures "$3")"
    echo "  $1: throughput ratio $(ratio "$user" "$built") (target >= 0.8); deliver p99 $(column "$3" deliver_p99_ms) vs $(column "$2" deliver_p99_ms) ms"
}

echo "== 1. build of Examples/MediaDownload"
/usr/bin/time -f "uncached: wall %e s" "$NSE_BENCH" run --extension "$EXAMPLE" --profile none --invocations 1 --quiet --out "$WORK/b1"
/usr/bin/time -f "cached:   wall %e s (target <= 2 s)" "$NSE_BENCH" run --extension "$EXAMPLE" --profile none --invocations 1 --quiet --out "$WORK/b2"

for profile in none lte; do
    echo "== 2. 500 in flight, 200 KB, profile $profile, $COUNT invocations"
    for extension in media "$EXAMPLE"; do
        name=$([ "$extension" = media ] && echo builtin || echo user)
        network=(--profile "$profile")
        "$NSE_BENCH" run --extension "$extension" --concurrency 500 --invocations "$COUNT" --media 200KB.jpg:1 \
            "${network[@]}" --quiet --out "$WORK/c2-$profile-$name"
    done
    compare_pair "$profile" "$WORK/c2-$profile-builtin" "$WORK/c2-$profile-user"
    "$NSE_BENCH" run --extension "$EXAMPLE" --extension-processes 0 --concurrency 500 --invocations "$COUNT" \
        --media 200KB.jpg:1 "${network[@]}" --quiet --out "$WORK/c2-$profile-inprocess"
    echo "  the same, in-process (--extension-processes 0): $(figures "$WORK/c2-$profile-inprocess")"
done

echo "== 3. 5,000 in flight, first byte after 1 s, 1 KB"
for extension in media "$EXAMPLE"; do
    name=$([ "$extension" = media ] && echo builtin || echo user)
    "$NSE_BENCH" run --extension "$extension" --concurrency 5000 --invocations 20000 --profile none --ttfb 1s \
        --media 1KB.jpg:1 --quiet --out "$WORK/c3-$name"
done
compare_pair "5000 x 1 s" "$WORK/c3-builtin" "$WORK/c3-user"
