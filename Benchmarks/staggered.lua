-- wrk script: each connection waits a random 0-1000 ms before each request, so 10,000 connections
-- send their requests spread evenly instead of all at once. This measures whether the server holds
-- an injected delay, separately from how fast it answers a synchronised herd. Prints latency
-- percentiles in microseconds.
math.randomseed(os.time())
function delay()
    return math.random(0, 1000)
end
function done(summary, latency, requests)
    io.write(string.format("latency_us p50=%d p99=%d p999=%d max=%d requests=%d\n",
        latency:percentile(50), latency:percentile(99), latency:percentile(99.9), latency.max,
        summary.requests))
end
