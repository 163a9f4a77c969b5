#!/usr/bin/env bash
# The objects each invocation holds while in flight, by the first nse-bench frame that allocated them
# (issue #18). A run's first wave of invocations takes every object it holds from jemalloc's arenas,
# which is most of the summary's mallocs_per_invocation on a short run (docs/performance.md); this says
# which allocations those are, so that the next cut is chosen by count, not by guess.
# One wave of N invocations (default 2,000) waits 4 s for its first byte, with jemalloc's profiler
# recording every allocation (lg_prof_sample:0) and dumping the live heap as it grows; the dump with
# the most live objects is compared with the first (start-up, as the wave begins) and the difference divided by N.
# Needs jeprof (libjemalloc-dev, which the build installs); about a minute.
#   Benchmarks/live-objects.sh [invocations in flight, default 2000] [rows, default 40]
source "$(dirname "$0")/lib.sh"
COUNT=${1:-2000}
ROWS=${2:-40}
ensure_nse_bench
command -v jeprof >/dev/null || { echo "jeprof is missing: apt-get install -y libjemalloc-dev" >&2; exit 1; }
ulimit -n 20000 2>/dev/null || ulimit -n "$(ulimit -Hn)"

mkdir -p "$WORK/prof"
MALLOC_CONF="prof:true,lg_prof_sample:0,lg_prof_interval:23,prof_prefix:$WORK/prof/heap" \
    "$NSE_BENCH" run --profile none --concurrency "$COUNT" --invocations "$COUNT" --ttfb 4s --media 1KB.jpg:1 \
    --quiet --out "$WORK/run" >/dev/null
python3 - "$NSE_BENCH" "$WORK/prof" "$COUNT" "$ROWS" "$BENCH_DIR" <<'EOF'
import collections, re, sys
binary, folder, count, rows = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
sys.path.insert(0, sys.argv[5])
from heap_dumps import demangle, run_dumps, stacks, symbolizer

def live(path):
    return sum(objects for objects, _, _ in stacks(path))

dumps = run_dumps(folder)
base, peak = dumps[0], max(dumps, key=live)
name = symbolizer(binary, peak)
own = re.compile(r"\$s\d*(NSERuntime|NSEBenchCore|NSEBenchSystem|NSEBenchCLI|SimulatedDevice|UserNotifications|SDKProfiles)")

def charge(path):
    counts = collections.Counter()
    for objects, _, addresses in stacks(path):
        names = [name(a) for a in addresses]
        counts[next((n for n in names if own.search(n)), '(no nse-bench frame)')] += objects
    return counts

before, at_peak = charge(base), charge(peak)
delta = {site: at_peak[site] - before.get(site, 0) for site in at_peak}
total = sum(delta.values())
print(f"{total / count:.1f} live objects per invocation in flight ({live(peak):.0f} at the peak, "
      f"{live(base):.0f} in the first dump)")
for site, objects in sorted(delta.items(), key=lambda item: -item[1])[:rows]:
    if objects / count < 0.05:
        break
    print(f"{objects / count:6.2f}  {demangle(site)}")
EOF
