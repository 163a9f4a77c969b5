#!/usr/bin/env bash
# Soak (issue #13): COUNT invocations of the media extension on the default population of phones with
# injected network faults (503s, resets during the body, truncation) and crypto faults (tampered,
# truncated and wrongly keyed encrypted_data), open load, time-scaled. Then, from invocations.csv alone
# and not from the harness's own summary, it counts the invocations lost (ids never written) and
# doubled (ids written twice), and reports the peak memory of the harness (summary.csv's
# peak_rss_bytes) and of the embedded server (its VmHWM, sampled from /proc while it runs).
#   Benchmarks/soak.sh [COUNT] [RATE] [TIME_SCALE]
# Defaults 1000000 166 0.1: 1,660 arrivals a second of real time, about 10 minutes. Exit status 1 when
# an invocation was lost or doubled. NSE_BENCH=path skips the release build.
source "$(dirname "$0")/lib.sh"
COUNT=${1:-1000000}
RATE=${2:-166}
SCALE=${3:-0.1}
ensure_nse_bench
ulimit -n 20000 2>/dev/null || ulimit -n "$(ulimit -Hn)"

OUT="$WORK/soak"
start=$(date +%s)
"$NSE_BENCH" run --rate "$RATE" --invocations "$COUNT" --time-scale "$SCALE" --max-in-flight 5000 \
    --media 20KB.jpg:80,200KB.jpg:20 --status 503:1 --reset-during 1 --truncate 0.5 \
    --encrypted 0.5 --tamper 0.01 --truncate-payload 0.01 --wrong-key 0.01 --extension priority \
    --quiet --out "$OUT" &
RUN=$!
# The embedded server is the run's child `nse-bench serve --managed`: its high-water mark, sampled.
SERVER_PEAK_KB=0
while kill -0 "$RUN" 2>/dev/null; do
    for child in $(pgrep -P "$RUN" 2>/dev/null || true); do
        kb=$(awk '/VmHWM/ {print $2}' "/proc/$child/status" 2>/dev/null || echo 0)
        [ "${kb:-0}" -gt "$SERVER_PEAK_KB" ] && SERVER_PEAK_KB=$kb
    done
    sleep 1
done
wait "$RUN" || true # an invalid run (exit 1 or 2) still has its files; the counts below decide
seconds=$(($(date +%s) - start))

python3 - "$OUT" "$COUNT" "$seconds" "$SERVER_PEAK_KB" <<'PY'
import csv, sys, collections
out, count, seconds, server_kb = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
seen = collections.Counter()
outcomes = collections.Counter()
with open(f"{out}/invocations.csv", newline="") as f:
    for row in csv.DictReader(f):
        seen[int(row["id"])] += 1
        outcomes[row["outcome"]] += 1
lost = count - sum(1 for i in range(count) if seen[i] > 0)
doubled = sum(1 for n in seen.values() if n > 1)
strays = sum(1 for i in seen if not 0 <= i < count)
summary = next(csv.DictReader(open(f"{out}/summary.csv", newline="")))
print(f"soak: {count} invocations scheduled in {seconds} s of wall time")
print(f"  from invocations.csv: {sum(seen.values())} rows, lost {lost}, doubled {doubled}, ids out of range {strays}")
print(f"  summary.csv says {summary['invocations']} invocations; valid={summary['valid']} {summary['invalid_reason']}")
print("  outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))
print(f"  peak memory: harness {int(summary['peak_rss_bytes']) >> 20} MiB, embedded server {server_kb >> 10} MiB")
sys.exit(1 if lost or doubled or strays else 0)
PY
