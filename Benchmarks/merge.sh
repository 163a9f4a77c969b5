#!/usr/bin/env bash
# nse-bench merge at scale, on synthesised instance results (a real run of 1,000,000 invocations per
# instance would take hours here): 100 instances of 1,000,000 invocations each, every histogram with
# thousands of buckets (target: <= 10 s and <= 200 MB, from the histograms); then invocations.csv
# streaming, 100 instances of ROWS rows each.
#   Benchmarks/merge.sh [instances, default 100] [rows of invocations.csv per instance, default 20000]
source "$(dirname "$0")/lib.sh"
INSTANCES=${1:-100}
ROWS=${2:-20000}
ensure_nse_bench

echo "== synthesising $INSTANCES instances of 1,000,000 invocations (summary.csv, histograms.csv)"
"$NSE_BENCH" run --profile none --rate 1000 --invocations 200 --time-scale 0.01 --media 1KB.jpg:1 --quiet --out "$WORK/template" || true
python3 - "$WORK" "$INSTANCES" "$ROWS" <<'PY'
import csv, os, random, sys
work, instances, rows = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
template = next(csv.DictReader(open(f"{work}/template/summary.csv")))
header = list(template.keys())
with open(f"{work}/template/invocations.csv") as f:
    invocation_header = f.readline()
    invocation_row = f.readline().split(",", 1)[1]
names = ["deliver", "slack", "queued", "decrypt", "connect", "first_byte", "download", "attach"]
for i in range(instances):
    folder = f"{work}/instance-{i}"
    os.makedirs(folder, exist_ok=True)
    row = dict(template)
    counts = {"enriched": 950_000, "degraded": 30_000, "killed": 20_000}
    for outcome in ["enriched", "degraded", "discarded", "expired_best_attempt", "expired_original", "killed", "crashed"]:
        row[outcome] = str(counts.get(outcome, 0))
    row.update(invocations="1000000", enriched_rate="0.95", finished_before_deadline_rate="0.98",
               fallback_rate="0.02", segment=f"{i}/{instances}", valid="true", invalid_reason="", partial="false",
               invocations_target=str(1_000_000 * instances))
    with open(f"{folder}/summary.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\r\n"); w.writerow(header); w.writerow([row[h] for h in header])
    rng = random.Random(i)
    with open(f"{folder}/histograms.csv", "w") as f:
        f.write("histogram,value_ns,count\r\n")
        for name in names:
            left = 1_000_000
            values = sorted(set(int(rng.lognormvariate(20, 1.2)) for _ in range(4000)))
            for j, value in enumerate(values):
                count = left if j == len(values) - 1 else min(left, rng.randint(1, 2 * 1_000_000 // len(values)))
                left -= count
                if count: f.write(f"{name},{value},{count}\r\n")
    with open(f"{folder}/invocations.csv", "w") as f:
        f.write(invocation_header)
        for k in range(rows):
            f.write(f"{k * instances + i},{invocation_row}")
PY
echo "== merge of $INSTANCES x 1,000,000 invocations from histograms (--skip-invocations)"
/usr/bin/time -f "wall %e s, max RSS %M KB" "$NSE_BENCH" merge "$WORK"/instance-* -o "$WORK/merged" --skip-invocations --quiet
echo "== the same, concatenating invocations.csv ($INSTANCES x $ROWS rows, $(du -shc "$WORK"/instance-*/invocations.csv | tail -1 | cut -f1))"
/usr/bin/time -f "wall %e s, max RSS %M KB" "$NSE_BENCH" merge "$WORK"/instance-* -o "$WORK/merged-all" --quiet
echo "merged invocations.csv: $(($(wc -l < "$WORK/merged-all/invocations.csv") - 1)) rows, $(du -sh "$WORK/merged-all/invocations.csv" | cut -f1)"
