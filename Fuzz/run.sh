#!/usr/bin/env bash
# Bounded libFuzzer runs of the parsers' fuzz targets (Sources/FuzzTargets), from the seeds in Fuzz/corpus.
#
# Usage: Fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]     (default 60 s; targets http csv payload values)
#
# Builds nse-bench-fuzz with -sanitize=fuzzer,address into .build/fuzz, then runs each target for
# SECONDS (-max_total_time) with a 10 s limit per input (a hang) and libFuzzer's 2 GB RSS limit (growth
# without bound). New corpus entries go to $FUZZ_WORK/corpus-TARGET (default .build/fuzz-work, outside
# git; later runs start from them); Fuzz/corpus is only read. FUZZ_MERGE=1 merges the entries that add
# coverage into Fuzz/corpus/TARGET afterwards, for a commit. A crash, trap, broken invariant, sanitizer
# report, timeout or out-of-memory lands in $FUZZ_WORK/findings and makes the script exit 1. Replay a
# finding with the normal build: swift run nse-bench-fuzz TARGET FILE.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(http csv payload values)
work=${FUZZ_WORK:-.build/fuzz-work}
mkdir -p "$work/findings"

swift build -c release --product nse-bench-fuzz --scratch-path .build/fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
binary=$(swift build -c release --product nse-bench-fuzz --scratch-path .build/fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING --show-bin-path)/nse-bench-fuzz

status=0
printf '%-8s %8s %12s %9s %8s %8s  %s\n' target seconds execs execs/s corpus rss_mb findings
for target in "${targets[@]}"; do
    [ -d "Fuzz/corpus/$target" ] || { echo "Fuzz/run.sh: no seed corpus Fuzz/corpus/$target" >&2; exit 64; }
    mkdir -p "$work/corpus-$target"
    dict=()
    [ -f "Fuzz/dict/$target.dict" ] && dict=(-dict="Fuzz/dict/$target.dict")
    log="$work/$target.log"
    rm -f "$work/findings/$target-"*
    start=$(date +%s)
    # The Swift backtracer would hold a crashing process for seconds; libFuzzer reports crashes itself.
    if ! SWIFT_BACKTRACE=enable=no NSE_BENCH_FUZZ_TARGET=$target "$binary" -max_total_time="$seconds" \
        -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "${dict[@]}" \
        -artifact_prefix="$work/findings/$target-" "$work/corpus-$target" "Fuzz/corpus/$target" >"$log" 2>&1; then
        status=1
    fi
    elapsed=$(($(date +%s) - start))
    stat() { sed -n "s/^stat::$1: *//p" "$log" | tail -1; }
    findings=$(find "$work/findings" -name "$target-*" | sort | tr '\n' ' ')
    printf '%-8s %8s %12s %9s %8s %8s  %s\n' "$target" "$elapsed" "$(stat number_of_executed_units)" \
        "$(stat average_exec_per_sec)" "$(find "$work/corpus-$target" -type f | wc -l)" "$(stat peak_rss_mb)" \
        "${findings:-none}"
    if [ -n "$findings" ]; then
        grep -m1 -E "Fatal error|ERROR: (AddressSanitizer|libFuzzer)|SUMMARY" "$log" || true
        echo "  log: $log"
    fi
    if [ "${FUZZ_MERGE:-0}" = 1 ]; then
        SWIFT_BACKTRACE=enable=no NSE_BENCH_FUZZ_TARGET=$target "$binary" -merge=1 -max_len=4096 \
            "Fuzz/corpus/$target" "$work/corpus-$target" >>"$log" 2>&1
    fi
done
exit $status
