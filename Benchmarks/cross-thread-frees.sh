#!/usr/bin/env bash
# What the summary's mallocs_per_invocation counts, and where it comes from (issue #18's allocation
# target): jemalloc's arena nmalloc grows when a thread cache refills from the arena, which in steady
# state is when memory allocated on one thread is freed on another (the freeing thread's cache fills
# and flushes; the allocating one's empties and refills). This traces every malloc and calloc (with
# its call stack and returned pointer) and every free, pairs them by pointer, and charges each block
# freed on another thread than its own to the first nse-bench frame that allocated it, with the two
# threads' names. Compare its per-invocation total with the run's mallocs_per_invocation.
# Needs root (perf probes) and linux-perf; a few minutes for the default 2,000 invocations, most of it pairing the events.
#   Benchmarks/cross-thread-frees.sh [invocations, default 2000] [extra `nse-bench run` flags...]
#   (default flags: --concurrency 100 --media 1KB.jpg:1 --profile none)
source "$(dirname "$0")/lib.sh"
COUNT=${1:-2000}
shift || true
FLAGS=("$@")
[ ${#FLAGS[@]} -eq 0 ] && FLAGS=(--concurrency 100 --media 1KB.jpg:1 --profile none)
ensure_perf_and_jemalloc
own_jemalloc_probes nsbx_
PROBES=(nsbx_malloc=malloc 'nsbx_malloc_ret=malloc%return $retval' nsbx_calloc=calloc
    'nsbx_calloc_ret=calloc%return $retval' 'nsbx_free=free ptr=%di:u64')
for probe in "${PROBES[@]}"; do perf probe -q -x "$JEMALLOC" -a "$probe"; done

# Call stacks for the allocations only: the returns and frees need just their thread and pointer.
EVENTS=(-e probe_libjemalloc:nsbx_malloc -e probe_libjemalloc:nsbx_calloc)
for event in nsbx_malloc_ret__return nsbx_calloc_ret__return nsbx_free; do
    EVENTS+=(-e "probe_libjemalloc:$event/call-graph=no/")
done
# The run's own output is dropped (its summary.csv is read below); perf's warnings, lost events
# included, are shown. A run that exits non-zero (an invalid run, exit 1) is still counted.
perf record -q -m 16M "${EVENTS[@]}" --call-graph fp -o "$WORK/frees.data" -- \
    "$NSE_BENCH" run "${FLAGS[@]}" --invocations "$COUNT" --quiet --out "$WORK/run" >/dev/null \
    || echo "note: the run exited with status $?"
perf script -i "$WORK/frees.data" -F comm,pid,tid,event,trace,ip,sym 2>/dev/null > "$WORK/frees.txt"
python3 - "$WORK/frees.txt" "$COUNT" "$WORK/run/summary.csv" <<'PY'
import collections, csv, re, subprocess, sys
own = re.compile(r"\$s\d+(NSERuntime|NSEBenchCore|NSEBenchSystem|NSEBenchCLI|SimulatedDevice|UserNotifications|SDKProfiles|CryptoKit|MediaServer)")
head = re.compile(r"\s*(.*?)\s+(\d+)/(\d+)\s+probe_libjemalloc:(nsbx_\w+):\s*(.*)")
blocks, pending, owner = [], {}, {}
cross, same, run = collections.Counter(), 0, None
def handle(block):
    global same, run
    match = head.match(block[0])
    if not match: return
    comm, pid, tid, event, rest = match.groups()
    # The run's own process only (the first to allocate): the embedded server is its child, traced too,
    # with addresses of its own, and the summary's figure is the run process's.
    run = run or pid
    if pid != run: return
    if event in ("nsbx_malloc", "nsbx_calloc"):
        frames = [line.split()[1] for line in block[1:] if len(line.split()) >= 2]
        pending[tid] = next((f for f in frames if own.search(f)), "[no nse-bench frame]")
    elif event.endswith("_ret__return"):
        pointer = re.search(r"arg1=0x([0-9a-f]+)", rest)
        if pointer and tid in pending: owner[int(pointer.group(1), 16)] = (tid, comm, pending.pop(tid))
    elif event == "nsbx_free":
        pointer = re.search(r"ptr=(\d+)", rest)
        if pointer and int(pointer.group(1)) in owner:
            allocating, allocator, site = owner.pop(int(pointer.group(1)))
            if allocating != tid: cross[(site, allocator, comm)] += 1
            else: same += 1
block = []
for line in open(sys.argv[1]):
    if head.match(line):
        if block: handle(block)
        block = [line]
    elif line.strip():
        block.append(line)
if block: handle(block)
n = int(sys.argv[2])
print(f"{sum(cross.values()) / n:.1f} blocks per invocation freed on another thread than the one that allocated "
      f"them ({same / n:.1f} on their own); the run's mallocs_per_invocation: "
      f"{next(csv.DictReader(open(sys.argv[3])))['mallocs_per_invocation']}")
top = cross.most_common(30)
names = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(k[0] for k, _ in top),
                       capture_output=True, text=True).stdout.split("\n")
print("per invocation  allocated on -> freed on      allocated by (first nse-bench frame)")
for ((_, allocator, freer), count), name in zip(top, names):
    if count / n >= 0.2: print(f"{count / n:6.2f}  {allocator[:15]:>15} -> {freer[:15]:15} {name[:110]}")
PY
