#!/usr/bin/env bash
# The HTML report of a suite's folder the size of Benchmarks/ and more: how long `nse-bench report
# SUITE_DIR` takes and how big the page is (the brief asks for well under 5 s for 21 scenarios).
#
# The report's work per run is that of a one-run report (summary.csv, histograms.csv, timeline.csv;
# never invocations.csv), so the script runs a real suite of three short scenarios, each about a
# minute of unscaled time (timelines of some 60 rows, as long as the longest of Benchmarks/): an
# open, a closed and a burst load, one on the population of phones (a bar per network class). It
# then copies their folders into a suite's folder of N runs (run-01 ... run-N, each row's scenario
# renamed to its folder, as suite names them) with a summary.csv of their rows.
#   Benchmarks/suite-report.sh [runs, default 21]      NSE_BENCH=path skips the release build
source "$(dirname "$0")/lib.sh"
RUNS=${1:-21}
ensure_nse_bench

mkdir -p "$WORK/scenarios"
cat > "$WORK/scenarios/open-3g.json" <<'JSON'
{"rate": 20, "duration": "60s", "profile": "3g", "extension": "media", "media": "200KB.jpg:60,1MB.png:40", "time-scale": 0.1}
JSON
cat > "$WORK/scenarios/closed-lossy.json" <<'JSON'
{"concurrency": 50, "invocations": 600, "profile": "lossy", "extension": "media-25s", "media": "200KB.jpg:1", "time-scale": 0.1}
JSON
cat > "$WORK/scenarios/burst-phones.json" <<'JSON'
{"burst": 600, "fanout": "60s", "profile": "phones", "extension": "media", "media": "200KB.jpg:1", "time-scale": 0.1}
JSON
echo "== a real suite of 3 scenarios (about a minute unscaled each, at --time-scale 0.1)"
"$NSE_BENCH" suite "$WORK/scenarios" --out "$WORK/real" --quiet \
    || true # a run the self-check calls invalid still has its files; the report shows why
python3 - "$WORK/real" "$WORK/suite" "$RUNS" <<'PY'
import csv, os, shutil, sys
real, suite, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
sources = sorted(name for name in os.listdir(real) if os.path.isdir(os.path.join(real, name)))
os.makedirs(suite)
header, rows = None, []
for index in range(runs):
    source = os.path.join(real, sources[index % len(sources)])
    name = f"run-{index + 1:02d}"
    target = os.path.join(suite, name)
    os.makedirs(target)
    for file in ["histograms.csv", "timeline.csv", "server.log"]:
        if os.path.exists(os.path.join(source, file)):
            shutil.copy(os.path.join(source, file), target)
    with open(os.path.join(source, "summary.csv"), newline="") as f:
        header, row = list(csv.reader(f))[:2]
    row[header.index("scenario")] = name
    with open(os.path.join(target, "summary.csv"), "w", newline="") as f:
        csv.writer(f, lineterminator="\r\n").writerows([header, row])
    rows.append(row)
with open(os.path.join(suite, "summary.csv"), "w", newline="") as f:
    csv.writer(f, lineterminator="\r\n").writerows([header, *rows])
print(f"a suite's folder of {runs} runs, copied from {', '.join(sources)}")
PY
echo "== nse-bench report (3 times)"
wc -l "$WORK"/real/*/timeline.csv | sed 's/^/   /'
worst=0
for attempt in 1 2 3; do
    start=$(date +%s.%N)
    "$NSE_BENCH" report "$WORK/suite" -o "$WORK/report.html" >/dev/null
    end=$(date +%s.%N)
    seconds=$(python3 -c "print(f'{$end - $start:.2f}')")
    echo "   attempt $attempt: $seconds s"
    worst=$(python3 -c "print(max($worst, $seconds))")
done
bytes=$(stat -c %s "$WORK/report.html")
echo "report of a $RUNS-run suite: built in at most $worst s, $bytes bytes"
python3 -c "import sys; sys.exit(0 if $worst <= 5 else 1)" \
    && echo "within the budget (5 s)" || { echo "over the budget (5 s)"; exit 1; }
