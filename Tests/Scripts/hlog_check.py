#!/usr/bin/env python3
"""Decodes an nse-bench histograms.hlog with the PyPI hdrhistogram package and checks its
percentiles against expected figures (milliseconds), within the histogram's 3 significant digits.

    hlog_check.py FILE EXPECTED    EXPECTED: lines "tag percentile milliseconds"
Exit 0 when all match, 1 naming each that does not, 77 when the package is absent (a skip)."""
import sys

try:
    from hdrh.histogram import HdrHistogram
except ImportError:
    print("the PyPI hdrhistogram package is not installed (pip install hdrhistogram)")
    sys.exit(77)

histograms = {}
for line in open(sys.argv[1]):
    if not line.startswith("Tag="):
        continue
    tag, _start, _length, _maximum, encoded = line.strip()[4:].split(",", 4)
    histograms[tag] = HdrHistogram.decode(encoded)

failures = []
for line in open(sys.argv[2]):
    tag, percentile, expected = line.split()
    value = histograms[tag].get_value_at_percentile(float(percentile)) / 1e6
    if abs(value - float(expected)) > float(expected) / 1000 + 0.001:
        failures.append(f"{tag} p{percentile}: hlog {value} ms, summary {expected} ms")
print("\n".join(failures) or f"{len(histograms)} histograms decoded; every percentile matches")
sys.exit(1 if failures else 0)
