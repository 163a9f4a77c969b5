#!/usr/bin/env bash
# One scenario as 4 segments on this machine (4 processes with --target at one shared `nse-bench
# serve`, started together with --start-at), merged, against the same scenario as one process:
#  1. deterministic (a fixed 200 ms first byte, no faults): outcome counts must be equal, and the
#     percentiles within histogram precision plus the two runs' scheduling noise;
#  2. with injected faults (503s and resets drawn by the server as requests arrive, so which
#     invocation meets one depends on the order): counts within sampling noise (two-proportion z < 3).
#   Benchmarks/segments.sh [invocations, default 4000]
source "$(dirname "$0")/lib.sh"
COUNT=${1:-4000}
ensure_nse_bench
ulimit -n 20000 2>/dev/null || true

compare_runs() {
    python3 - "$1" "$2" "$3" <<'PY'
import csv, math, sys
whole = next(csv.DictReader(open(sys.argv[1] + "/summary.csv")))
merged = next(csv.DictReader(open(sys.argv[2] + "/summary.csv")))
deterministic = sys.argv[3] == "deterministic"
n1, n2 = int(whole["invocations"]), int(merged["invocations"])
print(f"invocations: whole {n1}, merged {n2} ({merged['instances']} instances)")
worst = 0.0
for outcome in ["enriched", "degraded", "discarded", "expired_best_attempt", "expired_original", "killed", "crashed"]:
    a, b = int(whole[outcome]), int(merged[outcome])
    p = (a + b) / (n1 + n2)
    z = 0.0 if p in (0, 1) else abs(a / n1 - b / n2) / math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    worst = max(worst, z)
    print(f"  {outcome:22} whole {a:6}  merged {b:6}  z {z:.2f}")
for column in ["deliver_p50_ms", "deliver_p90_ms", "deliver_p99_ms", "phase_first_byte_p50_ms", "phase_first_byte_p99_ms"]:
    a, b = float(whole[column]), float(merged[column])
    print(f"  {column:24} whole {a:10.3f}  merged {b:10.3f}  ({(b - a) / a * 100 if a else 0:+.2f}%)")
print(f"  valid: whole {whole['valid']}, merged {merged['valid']}; start lag (worst instance) {merged['start_lag_ms']} ms")
if deterministic:
    same = all(whole[o] == merged[o] for o in ["invocations", "enriched", "degraded", "killed", "crashed"])
    print("outcome counts equal: " + ("yes" if same else "NO"))
else:
    print(f"largest two-proportion z: {worst:.2f} (within sampling noise below 3)")
PY
}

# Starts `nse-bench serve` with the case's flags on $PORT; sets SERVE.
start_server() {
    local name=$1; shift
    "$NSE_BENCH" serve --port "$PORT" --seed 5 "$@" > "$WORK/$name.log" 2>&1 &
    SERVE=$!
    PIDS+=("$SERVE")
    sleep 1
}

# Each side gets a fresh server with the same seed, so neither inherits the other's connections.
run_case() {
    local name=$1; shift
    common() {
        echo --rate 400 --arrivals poisson --invocations "$COUNT" --max-in-flight 2000 --media 1KB.jpg:1 \
            --target "http://127.0.0.1:$PORT" --seed 11 --quiet
    }
    # One port for both sides: --target is a setting, so it must be the same for compare.
    PORT=$(free_port)
    start_server "$name-serve-segments" "$@"
    local start; start=$(( $(date +%s) + 3 ))
    local segments=()
    for i in 0 1 2 3; do
        # shellcheck disable=SC2046
        "$NSE_BENCH" run $(common) --segment "$i/4" --start-at "$start" --out "$WORK/$name-$i" &
        segments+=($!)
    done
    for pid in "${segments[@]}"; do wait "$pid" || true; done
    kill "$SERVE" 2>/dev/null || true
    wait "$SERVE" 2>/dev/null || true
    /usr/bin/time -f "merge: wall %e s, max RSS %M KB" "$NSE_BENCH" merge "$WORK"/"$name"-[0-3] -o "$WORK/$name-merged" --quiet
    start_server "$name-serve-whole" "$@"
    # shellcheck disable=SC2046
    "$NSE_BENCH" run $(common) --out "$WORK/$name-whole" || true
    kill "$SERVE" 2>/dev/null || true
    wait "$SERVE" 2>/dev/null || true
    compare_runs "$WORK/$name-whole" "$WORK/$name-merged" "$name"
    "$NSE_BENCH" compare "$WORK/$name-whole" "$WORK/$name-merged" --thresholds none | head -1 || true
}

echo "== 1. deterministic: first byte after 200 ms, no faults"
run_case deterministic --ttfb 200ms
echo "== 2. faults: 5% 503, 3% reset before the response"
run_case faults --ttfb 200ms --status 503:5 --reset-before 3
