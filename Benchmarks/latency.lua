-- wrk script: prints latency percentiles in microseconds (wrk's own summary rounds to 10 ms at 1 s).
function done(summary, latency, requests)
    io.write(string.format("latency_us p50=%d p99=%d p999=%d max=%d requests=%d\n",
        latency:percentile(50), latency:percentile(99), latency:percentile(99.9), latency.max,
        summary.requests))
end
