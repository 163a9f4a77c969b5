import NSEBenchCore
import NSERuntime

/// ``FuzzTarget/values``: the input, as UTF-8 text, goes to every value parser; each value accepted
/// must read back from the text it renders as (``CustomStringConvertible/description``, or
/// ``NetworkMix/argument``), the form summary.csv and error messages show it in.
enum ValueParsersTarget {
    static func run(_ input: [UInt8]) throws(FuzzFinding) {
        let text = String(decoding: input, as: UTF8.self)
        try readsBack("duration", text) { (text) throws(ValueParseError) in try DurationValue(parsing: text) }
        try readsBack("byte count", text) { (text) throws(ValueParseError) in try ByteCount(parsing: text) }
        try readsBack("byte rate", text) { (text) throws(ValueParseError) in try ByteRate(parsing: text) }
        try readsBack("percentage", text) { (text) throws(ValueParseError) in try Percentage(parsing: text) }
        try readsBack("latency distribution", text) { (text) throws(ValueParseError) in
            try LatencyDistribution(parsing: text)
        }
        try readsBack("fault plan", text) { (text) throws(ValueParseError) in try FaultPlan(parsing: text) }
        try readsBack("status mix", text) { (text) throws(ValueParseError) in try StatusMix(parsing: text) }
        try readsBack("media mix", text) { (text) throws(ValueParseError) in try MediaMix(parsing: text) }
        try readsBack("threshold", text) { (text) throws(ThresholdError) in try Threshold(parsing: text) }
        // A single class's weight is no part of its argument ("wifi:60" is "wifi"): mixes compare by it.
        try readsBack(
            "network mix", text, render: \.argument, same: { $0.argument == $1.argument },
            parse: { (text) throws(ValueParseError) in try NetworkMix(parsing: text) })
        try checkLatencySamples(text)
    }

    /// A value `parse` accepts from `text` is the value it accepts from the value's rendering.
    private static func readsBack<Value: Equatable, Failure: Error>(
        _ subject: String, _ text: String, render: (Value) -> String = { "\($0)" },
        same: (Value, Value) -> Bool = { $0 == $1 }, parse: (String) throws(Failure) -> Value
    ) throws(FuzzFinding) {
        let value: Value
        do {
            value = try parse(text)
        } catch {
            return  // the typed rejection: expected
        }
        let rendered = render(value)
        let again: Value
        do {
            again = try parse(rendered)
        } catch {
            throw finding(
                "a \(subject) reads back from its rendering",
                "\(quoted(text)) renders as \(quoted(rendered)), which is rejected: \(error)")
        }
        guard same(again, value) else {
            throw finding(
                "a \(subject) reads back as the same value",
                "\(quoted(text)) renders as \(quoted(rendered)), which reads back as \(quoted(render(again)))")
        }
    }

    /// The input as a latency sample file (`--ttfb file:PATH`): at most one sample per line, none negative.
    private static func checkLatencySamples(_ text: String) throws(FuzzFinding) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let distribution: LatencyDistribution
        do {
            distribution = try LatencyDistribution.empirical(parsingLines: lines)
        } catch {
            return
        }
        guard case .empirical(let samples) = distribution, !samples.isEmpty, samples.count <= lines.count,
            samples.allSatisfy({ $0 >= 0 })
        else {
            throw finding(
                "a latency sample file gives one non-negative sample per duration line",
                "\(quoted(text)) (\(lines.count) lines) gave \(distribution)")
        }
    }

    private static func finding(_ invariant: String, _ detail: String) -> FuzzFinding {
        FuzzFinding(target: .values, invariant: invariant, detail: detail)
    }
}
