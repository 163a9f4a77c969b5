#!/usr/bin/env bash
# Cost per invocation, end to end, with perf (issue #18): where the harness's CPU goes and where its
# allocations come from, for one run of the media extension against the embedded server.
#  1. CPU: `perf record` of the run; the top symbols by self %, for the harness's threads (the
#     embedded server's process, "media-server", is left out).
#  2. Allocations: uprobes on jemalloc's malloc, calloc, realloc and posix_memalign with frame-pointer
#     call chains; every call is charged to the first nse-bench frame above it and divided by the
#     invocations. Two run lengths are counted so that start-up and the end-of-run files cancel out:
#     "raw allocations per invocation" counts every call, while the summary's mallocs_per_invocation
#     (jemalloc's arena nmalloc) only sees what the thread caches do not recycle.
# Needs root (perf probes) and linux-perf. Frames inside libcurl and libc show as "[unknown]".
#   Benchmarks/profile.sh [invocations, default 3000] [extra `nse-bench run` flags...]
#   NSE_BENCH=/path/to/nse-bench Benchmarks/profile.sh ...   profiles that binary instead of building one
#   (default flags: --concurrency 100 --media 1KB.jpg:1)
source "$(dirname "$0")/lib.sh"
COUNT=${1:-3000}
shift || true
FLAGS=("$@")
[ ${#FLAGS[@]} -eq 0 ] && FLAGS=(--concurrency 100 --media 1KB.jpg:1 --profile none)
ensure_perf_and_jemalloc
# Probes of its own name, recorded by name: a `probe_libjemalloc:*` recording also counted any other
# probe left on the library (a free, a return), which inflated the count fourfold.
own_jemalloc_probes nsbp_
EVENTS=()
for function in malloc calloc realloc posix_memalign; do
    perf probe -q -x "$JEMALLOC" -a "nsbp_$function=$function" \
        || { echo "perf could not add a probe on $function in $JEMALLOC" >&2; exit 1; }
    EVENTS+=(-e "probe_libjemalloc:nsbp_$function")
done
run() { "$NSE_BENCH" run "${FLAGS[@]}" --invocations "$1" --quiet --out "$WORK/run-$1"; }

echo "== 1. CPU: top symbols by self %, harness threads"
perf record -q -F 999 -o "$WORK/cpu.data" -- "$NSE_BENCH" run "${FLAGS[@]}" --invocations "$COUNT" \
    --quiet --out "$WORK/cpu" >/dev/null 2>&1
# (head ends the pipe early; pipefail would take that SIGPIPE for a failure)
perf report -i "$WORK/cpu.data" --no-children --sort dso,sym -q --stdio 2>/dev/null \
    | grep -v '^$' | swift demangle --simplified --compact | cut -c1-140 | head -20 || true

echo "== 2. allocations per invocation by the first nse-bench frame"
for length in "$COUNT" "$((COUNT * 2))"; do
    perf record -q "${EVENTS[@]}" --call-graph fp -o "$WORK/malloc-$length.data" -- \
        "$NSE_BENCH" run "${FLAGS[@]}" --invocations "$length" --quiet --out "$WORK/m-$length" \
        >/dev/null 2>&1
    perf script -i "$WORK/malloc-$length.data" -F comm,ip,sym 2>/dev/null > "$WORK/malloc-$length.txt"
done
python3 - "$WORK/malloc-$COUNT.txt" "$WORK/malloc-$((COUNT * 2)).txt" "$COUNT" <<'PY'
import collections, re, subprocess, sys
own = re.compile(r"\$s\d+(NSERuntime|NSEBenchCore|NSEBenchSystem|NSEBenchCLI|SimulatedDevice|UserNotifications|SDKProfiles|CryptoKit)")
def charge(path):
    counts, comm, frames = collections.Counter(), None, []
    def flush():
        if comm is None or comm.startswith("media-server"): return
        first = next((f for f in frames if own.search(f)), None)
        counts[first or f"[{comm}: no nse-bench frame]"] += 1
    for line in open(path):
        if not line.strip():
            flush(); comm, frames = None, []
        elif not line[0].isspace():
            comm, frames = line.split()[0], []
        elif len(line.split()) >= 2:
            frames.append(line.split()[1])
    flush()
    return counts
short, long, n = charge(sys.argv[1]), charge(sys.argv[2]), int(sys.argv[3])
per = {k: (long[k] - short[k]) / n for k in set(short) | set(long)}
print(f"{sum(per.values()):.1f} raw allocations per invocation")
top = sorted(per.items(), key=lambda kv: -kv[1])[:30]
names = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(k for k, _ in top),
                       capture_output=True, text=True).stdout.split("\n")
for (_, value), name in zip(top, names):
    if value >= 0.5: print(f"{value:7.1f}  {name[:150]}")
PY
echo "mallocs_per_invocation (jemalloc nmalloc), run of $((COUNT * 2)): $(python3 -c "import csv,sys; print(next(csv.DictReader(open(sys.argv[1])))['mallocs_per_invocation'])" "$WORK/m-$((COUNT * 2))/summary.csv")"
