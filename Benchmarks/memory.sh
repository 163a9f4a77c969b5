#!/usr/bin/env bash
# Memory per invocation in flight, and where it goes (issue #18 item 4).
# One wave of N invocations (default 10,000) all in flight at once, each waiting 4 s for its first byte
# from the embedded server, so that the heap holds N parked invocations for seconds. Prints:
#  1. peak RSS per invocation in flight, without profiling (what summary.csv's peak_rss_bytes says);
#  2. with jemalloc's sampling profiler (a dump each 32 MB allocated; the largest live heap is taken):
#     the live heap at its peak, split into the Swift task allocator's slabs (each parked task's async
#     frames, in 1 KB slabs), charged to the function whose call needed a new slab; libcurl's own
#     allocations; and the rest, charged to the first frame that is not an allocator.
# Needs jeprof (libjemalloc-dev) and `swift demangle`.
#   Benchmarks/memory.sh [in flight, default 10000]
source "$(dirname "$0")/lib.sh"
COUNT=${1:-10000}
ensure_nse_bench
ulimit -n 20000 2>/dev/null || ulimit -n "$(ulimit -Hn)"

wave=(run --profile none --concurrency "$COUNT" --invocations "$COUNT" --ttfb 4s --media 1KB.jpg:1 --quiet)

echo "== 1. peak RSS, $COUNT in flight (one wave, first byte after 4 s)"
"$NSE_BENCH" run --profile none --concurrency 10 --invocations 10 --media 1KB.jpg:1 --quiet --out "$WORK/idle"
"$NSE_BENCH" "${wave[@]}" --out "$WORK/rss"
python3 - "$(column "$WORK/idle" peak_rss_bytes)" "$(column "$WORK/rss" peak_rss_bytes)" "$COUNT" <<'EOF'
import sys
idle, peak, count = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
print(f"peak RSS {peak / 1e6:.1f} MB ({idle / 1e6:.1f} MB at 10 in flight): "
      f"{(peak - idle) / count / 1024:.1f} KB per invocation in flight (target <= 24 KB)")
EOF

echo "== 2. the live heap at its peak, by owner (jemalloc's sampling profiler)"
mkdir -p "$WORK/prof"
MALLOC_CONF="prof:true,lg_prof_interval:25,lg_prof_sample:17,prof_prefix:$WORK/prof/heap" \
    "$NSE_BENCH" "${wave[@]}" --out "$WORK/prof-run"
python3 - "$NSE_BENCH" "$WORK/prof" "$COUNT" "$BENCH_DIR" <<'EOF'
import sys
binary, folder, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
sys.path.insert(0, sys.argv[4])
from heap_dumps import demangle, run_dumps, stacks, symbolizer

peak = max(run_dumps(folder), key=lambda d: sum(size for _, size, _ in stacks(d)))
name = symbolizer(binary, peak)

allocators = ('StackAllocator', 'swift_task_alloc', 'swift_task_create', 'swift_allocObject', 'swift_slowAlloc',
              'malloc', 'calloc', 'realloc', 'posix_memalign', 'je_', 'prof_', 'imalloc', 'operator new',
              'allocate', 'Allocate', 'Storage', 'Buffer')
slabs, curl, rest = {}, 0.0, {}
for _, size, addresses in stacks(peak):
    names = [name(a) for a in addresses]
    if any('StackAllocator' in n for n in names):
        last = max(i for i, n in enumerate(names)
                   if 'StackAllocator' in n or 'swift_task_alloc' in n or 'swift_task_create' in n)
        site = names[last + 1] if last + 1 < len(names) else '?'
        slabs[site] = slabs.get(site, 0) + size
        continue
    owner = next((n for n in names if not n.startswith('0x') and not any(a in n for a in allocators)), '?')
    if 'curl' in owner.lower() or 'CURL' in owner:
        curl += size
    else:
        rest[owner] = rest.get(owner, 0) + size

total = sum(slabs.values()) + curl + sum(rest.values())
per = lambda bytes: f"{bytes / count / 1024:5.2f} KB"
print(f"live heap at its peak: {total / 1e6:.1f} MB, {per(total)} per invocation in flight")
print(f"  task allocator slabs (parked async frames) {per(sum(slabs.values()))}")
for site, size in sorted(slabs.items(), key=lambda item: -item[1])[:12]:
    print(f"    {per(size)}  {demangle(site, 110)}")
print(f"  libcurl (easy handles, connections, buffers) {per(curl)}")
print(f"  everything else {per(sum(rest.values()))}, the largest by first non-allocator frame:")
for owner, size in sorted(rest.items(), key=lambda item: -item[1])[:8]:
    print(f"    {per(size)}  {demangle(owner, 110)}")
EOF
