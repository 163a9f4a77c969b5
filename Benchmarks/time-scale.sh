#!/usr/bin/env bash
# Does a scenario's time scale keep its outcomes? Each suite scenario (Benchmarks/*.json) runs at its
# own --time-scale and in real time (--time-scale 1) with the same seeds, and the outcome rates are
# printed side by side (issue #12 item 3). CPU costs do not scale, so a scaled run can turn harness
# time into network time; a pair that differs by more than the gate's minimum effect (1 point,
# Benchmarks/thresholds.json) says the scenario's scale distorts it. Real-time runs take as long as the
# scenario's phone time (slow-cdn-near-deadline: about two minutes).
#   Benchmarks/time-scale.sh [seeds, default 1] [scenario names...]
source "$(dirname "$0")/lib.sh"
SEEDS=${1:-1}
shift || true
ensure_nse_bench
scenarios=("$@")
if [ ${#scenarios[@]} -eq 0 ]; then
    for file in "$BENCH_DIR"/*.json; do
        name=$(basename "$file" .json)
        [ "$name" = thresholds ] || scenarios+=("$name")
    done
fi

for name in "${scenarios[@]}"; do
    for seed in $(seq 1 "$SEEDS"); do
        "$NSE_BENCH" run --scenario "$BENCH_DIR/$name.json" --seed "$seed" --quiet --out "$WORK/$name/scaled-$seed" || true
        "$NSE_BENCH" run --scenario "$BENCH_DIR/$name.json" --seed "$seed" --time-scale 1 --quiet \
            --out "$WORK/$name/real-$seed" || true
    done
done

python3 - "$WORK" "${scenarios[@]}" <<'PY'
import csv, glob, os, sys
work, names = sys.argv[1], sys.argv[2:]
def rows(name, kind):
    return [next(csv.DictReader(open(f))) for f in sorted(glob.glob(f"{work}/{name}/{kind}-*/summary.csv"))]
def pooled(rs, column):
    invocations = sum(int(r["invocations"]) for r in rs)
    return sum(float(r[column]) * int(r["invocations"]) for r in rs) / invocations if invocations else float("nan")
print(f"{'scenario':24} {'scale':>6} {'metric':15} {'scaled':>8} {'real':>8} {'diff':>8}  verdict")
for name in names:
    scaled, real = rows(name, "scaled"), rows(name, "real")
    if not scaled or not real:
        print(f"{name:24} (no results)")
        continue
    scale = scaled[0]["time_scale"]
    invalid = [f"{kind} seed {i + 1}: {r['invalid_reason']}" for kind, rs in (("scaled", scaled), ("real", real))
               for i, r in enumerate(rs) if r["valid"] != "true"]
    for metric in ("enriched_rate", "fallback_rate", "finished_before_deadline_rate"):
        a, b = pooled(scaled, metric), pooled(real, metric)
        diff = (a - b) * 100
        verdict = "agree" if abs(diff) <= 1.0 else "DIFFER (> 1 point)"
        print(f"{name:24} {scale:>6} {metric:15.15} {a * 100:7.1f}% {b * 100:7.1f}% {diff:+7.1f}pt  {verdict}")
    for line in invalid:
        print(f"{'':24} not valid: {line}")
PY
