#!/usr/bin/env bash
# The stampede on a cold CDN (issue #16 item 4): the same broadcast (Benchmarks/stampede/
# cold-cache-broadcast.json) with request coalescing on and off, printing for each the enriched rate,
# the origin fetches, the coalesced misses, the cache hits and time to deliver. Not in the gated suite.
#   Benchmarks/cold-cache.sh [seeds, default 1] [more run flags, such as --origin-fetch 10s]
# NSE_BENCH=path/to/nse-bench uses that build instead of building a release one.
source "$(dirname "$0")/lib.sh"
SEEDS=${1:-1}
shift || true
ensure_nse_bench
SCENARIO="$BENCH_DIR/stampede/cold-cache-broadcast.json"

for coalesce in on off; do
    for seed in $(seq 1 "$SEEDS"); do
        "$NSE_BENCH" run --scenario "$SCENARIO" --coalesce "$coalesce" --seed "$seed" --quiet \
            --out "$WORK/$coalesce-$seed" "$@" || true
    done
done

python3 - "$WORK" "$SEEDS" <<'PY'
import csv, sys
work, seeds = sys.argv[1], int(sys.argv[2])
print(f"{'coalesce':9} {'seed':>4} {'enriched':>9} {'origin':>7} {'coalesced':>10} {'hits':>6} "
      f"{'deliver p50':>12} {'p99 ms':>9}  valid")
for coalesce in ("on", "off"):
    for seed in range(1, seeds + 1):
        try:
            row = next(csv.DictReader(open(f"{work}/{coalesce}-{seed}/summary.csv")))
        except (OSError, StopIteration):
            print(f"{coalesce:9} {seed:>4}  (no summary)")
            continue
        print(f"{coalesce:9} {seed:>4} {float(row['enriched_rate']) * 100:>8.1f}% {row['origin_fetches']:>7} "
              f"{row['origin_coalesced']:>10} {row['cache_hits']:>6} {row['deliver_p50_ms']:>12} "
              f"{row['deliver_p99_ms']:>9}  {row['valid']}{' (' + row['invalid_reason'] + ')' if row['valid'] != 'true' else ''}")
PY
