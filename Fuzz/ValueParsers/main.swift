// libFuzzer target: NSEBenchCore's value parsers (durations, byte counts and rates, percentages,
// latency distributions, fault specs, status mixes, thresholds). The input, as UTF-8 text, goes to
// every parser; any crash or trap is a finding, a ValueParseError is expected.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValueParsers(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    _ = try? DurationValue(parsing: text)
    _ = try? ByteCount(parsing: text)
    _ = try? ByteRate(parsing: text)
    _ = try? Percentage(parsing: text)
    _ = try? LatencyDistribution(parsing: text)
    _ = try? FaultPlan(parsing: text)
    _ = try? StatusMix(parsing: text)
    _ = try? Threshold(parsing: text)
    return 0
}
