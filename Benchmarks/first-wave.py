#!/usr/bin/env python3
"""Where the first wave's tail goes, for a run whose invocations all start together (issue #11's 5,000 x 1 s:
`--concurrency 5000 --ttfb 1s`): for the first `concurrency` invocations by arrival, the percentiles of each
phase column of invocations.csv, when their starts came (from time zero), and the mean phases of the last 50
delivered, whose deliver time is the run's p99. Two runs side by side (a user's extension and the built-in
`media`) show which phase their tails differ in: the starts (queued), the first byte, or body to delivery.

    Benchmarks/first-wave.py RUN_DIR [RUN_DIR...]     (each holding summary.csv and invocations.csv)
"""
import csv
import os
import sys

PHASES = ["time_to_deliver_ms", "queued_ms", "connect_ms", "first_byte_ms", "download_ms", "harness_ms"]


def report(folder):
    summary = next(csv.DictReader(open(os.path.join(folder, "summary.csv"))))
    rows = sorted(csv.DictReader(open(os.path.join(folder, "invocations.csv"))), key=lambda r: int(r["scheduled_ns"]))
    wave = rows[: int(summary["concurrency"] or len(rows))]
    zero = int(wave[0]["scheduled_ns"])

    def value(row, column):
        return float(row[column] or 0)

    print(f"{folder}: {len(wave)} invocations in the first wave, {summary['extension']}")
    for percentile in (0.5, 0.9, 0.99, 1.0):
        cells = []
        for column in PHASES:
            ordered = sorted(value(row, column) for row in wave)
            cells.append(f"{column[:-3]} {ordered[int(percentile * (len(ordered) - 1))]:.1f}")
        print(f"  p{percentile * 100:g}: " + ", ".join(cells) + " ms")
    starts = sorted((int(row["started_ns"]) - zero) / 1e6 for row in wave if row["started_ns"])
    if starts:
        print(f"  started: p50 {starts[len(starts) // 2]:.0f} ms, last {starts[-1]:.0f} ms after time zero")
    tail = sorted(wave, key=lambda row: value(row, "time_to_deliver_ms"))[-50:]
    means = ", ".join(f"{column[:-3]} {sum(value(row, column) for row in tail) / len(tail):.1f}" for column in PHASES)
    print(f"  the last {len(tail)} delivered, mean: {means} ms")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for path in sys.argv[1:]:
        report(path)
