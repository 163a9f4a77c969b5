#!/usr/bin/env bash
# A user's own extension against the built-in `media`, for two nse-bench builds side by side, alternated
# so that a noisy machine hurts both alike: per round and build, Examples/MediaDownload and `media` on the
# same load, then the example's throughput ÷ the built-in's and its deliver p99 against the built-in's.
# The load is issue #11's:
#   lte      500 in flight, 200 KB, --profile lte (its valid load on 2 cores; targets >= 0.8x, within 5%);
#   none     the same without injected latency (saturated on 2 cores);
#   5000x1s  5,000 in flight, first byte after 1 s, 1 KB, 20,000 invocations unless given (target: deliver
#            p99 within 50 ms of the built-in's). Its p99 is the first wave's tail (the 5,000 that start
#            together), so a second line gives, for that wave, how long after time zero its last invocation
#            started and its last was delivered, for each extension.
# Each binary must sit in a build folder (.build/release, or a folder with a `Modules` link to one), which
# holds the modules a user's extension compiles against.
#   Benchmarks/user-extension-ab.sh BEFORE_BINARY AFTER_BINARY [rounds, default 3] [invocations, default
#       10000; 20000 for 5000x1s] [load, default lte]
source "$(dirname "$0")/lib.sh"
BEFORE=${1:?usage: Benchmarks/user-extension-ab.sh BEFORE_BINARY AFTER_BINARY [rounds] [invocations]}
AFTER=${2:?usage: Benchmarks/user-extension-ab.sh BEFORE_BINARY AFTER_BINARY [rounds] [invocations]}
ROUNDS=${3:-3}
LOAD=${5:-lte}
case "$LOAD" in
    lte | none) COUNT=${4:-10000}; SHAPE=(--concurrency 500 --media 200KB.jpg:1 --profile "$LOAD") ;;
    5000x1s) COUNT=${4:-20000}; SHAPE=(--concurrency 5000 --ttfb 1s --media 1KB.jpg:1 --profile none) ;;
    *) echo "unknown load '$LOAD': expected lte, none or 5000x1s" >&2; exit 64 ;;
esac
EXAMPLE="$ROOT/Examples/MediaDownload"
export NSE_BENCH_CACHE="$WORK/cache"

for round in $(seq 1 "$ROUNDS"); do
    for which in before after; do
        binary=$BEFORE
        [ "$which" = after ] && binary=$AFTER
        # The example's build is cached first, so that no round times a compile.
        "$binary" run --extension "$EXAMPLE" --profile none --invocations 1 --quiet --out "$WORK/warm-$which" >/dev/null
        for extension in media "$EXAMPLE"; do
            name=$([ "$extension" = media ] && echo builtin || echo user)
            "$binary" run --extension "$extension" --invocations "$COUNT" "${SHAPE[@]}" --quiet \
                --out "$WORK/$which-$round-$name" >/dev/null
        done
        python3 - "$round" "$which" "$WORK/$which-$round-builtin/summary.csv" "$WORK/$which-$round-user/summary.csv" \
            "$LOAD" <<'PY'
import csv, sys
built, user = (next(csv.DictReader(open(path))) for path in sys.argv[3:5])
ratio = float(user["throughput_per_s"]) / float(built["throughput_per_s"])
p99_user, p99_built = float(user["deliver_p99_ms"]), float(built["deliver_p99_ms"])
target = "{:+.0f} ms, target within 50 ms".format(p99_user - p99_built) if sys.argv[5] == "5000x1s" else \
    "{:+.1f}%, target within 5%".format((p99_user / p99_built - 1) * 100)
print(f"round {sys.argv[1]} {sys.argv[2]}: throughput ratio {ratio:.2f} (target >= 0.8); deliver p99 {p99_user:.0f} vs "
      f"{p99_built:.0f} ms ({target}); harness CPU {user['harness_cpu_s']} "
      f"vs {built['harness_cpu_s']} s; footprint peak {int(user['extension_footprint_peak_bytes'] or 0) / 2**20:.1f} MiB "
      f"per invocation, killed {user['killed']}; valid {user['valid']}/{built['valid']} {user['invalid_reason']}")
if sys.argv[5] == "5000x1s":
    def first_wave(summary):
        rows = list(csv.DictReader(open(summary.replace("summary.csv", "invocations.csv"))))
        rows.sort(key=lambda row: int(row["scheduled_ns"]))
        zero = int(rows[0]["scheduled_ns"])
        wave = rows[:int(next(csv.DictReader(open(summary)))["concurrency"])]
        # An invocation killed before it started has no start, one that delivered nothing no delivery.
        last = lambda column: max((int(row[column]) - zero for row in wave if row[column]), default=0) / 1e6
        delivered = sum(1 for row in wave if row["delivered_ns"])
        return (f"{len(wave)} started by {last('started_ns'):.0f} ms, {delivered} delivered by "
                f"{last('delivered_ns'):.0f} ms")
    print(f"  first wave: example {first_wave(sys.argv[4])}; built-in {first_wave(sys.argv[3])}")
PY
    done
done
