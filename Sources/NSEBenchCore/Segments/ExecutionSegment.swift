/// One instance's share of a run split across N instances (`--segment i/N`), as k6's execution
/// segments: invocation `k` of the single-machine run belongs to segment `k mod N`.
///
/// Every instance walks the whole arrival schedule (same seed, so the same times) and keeps the
/// arrivals it owns, so the union of the N segments is the single-machine schedule, each arrival
/// exactly once, with its own index, seed and payload. Slots (closed concurrency, `--max-in-flight`)
/// and closed invocation counts are dealt out the same way: slot `s` belongs to segment `s mod N`.
///
/// ```swift
/// let segment = try ExecutionSegment(parsing: "1/4")
/// segment.owns(5)              // true: 5 mod 4 == 1
/// segment.share(of: 10)        // 3: invocations 1, 5 and 9
/// segment.globalIndex(local: 2) // 9
/// ```
public struct ExecutionSegment: Sendable, Hashable, CustomStringConvertible {
    /// This instance's position, `0..<count`.
    public let index: Int
    /// How many instances share the run.
    public let count: Int

    /// The whole run on one machine: `0/1`.
    public static let whole = ExecutionSegment(uncheckedIndex: 0, count: 1)

    /// Segment `index` of `count`; throws unless `0 <= index < count`.
    public init(index: Int, count: Int) throws(ExecutionSegmentError) {
        guard count >= 1, count <= Self.maximumCount else { throw .invalidCount(count) }
        guard index >= 0, index < count else { throw .indexOutOfRange(index: index, count: count) }
        self.index = index
        self.count = count
    }

    private init(uncheckedIndex: Int, count: Int) {
        self.index = uncheckedIndex
        self.count = count
    }

    /// Parses `i/N`, such as `0/4`.
    public init(parsing text: String) throws(ExecutionSegmentError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw .malformed(text)
        }
        try self.init(index: index, count: count)
    }

    /// The most instances one run may be split across.
    public static let maximumCount = 100_000

    /// Whether this is the whole run (`0/1`).
    public var isWhole: Bool { count == 1 }

    /// `i/N`.
    public var description: String { "\(index)/\(count)" }

    /// Whether invocation (or slot) `globalIndex` of the single-machine run is this segment's.
    public func owns(_ globalIndex: Int) -> Bool { globalIndex % count == index }

    /// How many of `total` invocations or slots (`0..<total`) this segment owns.
    public func share(of total: Int) -> Int {
        total / count + (index < total % count ? 1 : 0)
    }

    /// The single-machine index of this segment's `local`-th invocation (0-based, in arrival order).
    public func globalIndex(local: Int) -> Int { local * count + index }

    /// This segment's share of a load: its slots (closed concurrency, open and burst
    /// `maxInFlight`). Arrivals are not divided here: the ``ArrivalSchedule`` keeps the owned ones.
    public func share(of load: LoadModel) -> LoadModel {
        switch load {
        case .closed(let concurrency): .closed(concurrency: share(of: concurrency))
        case .open(let rate, let arrivals, let maxInFlight):
            .open(ratePerSecond: rate, arrivals: arrivals, maxInFlight: share(of: maxInFlight))
        case .burst(let count, let maxInFlight): .burst(count: count, maxInFlight: share(of: maxInFlight))
        }
    }

    /// Why `load` cannot be split into ``count`` segments (a segment would own no slot), or nil.
    public func problem(splitting load: LoadModel) -> String? {
        let (name, slots) =
            switch load {
            case .closed(let concurrency): ("--concurrency", concurrency)
            case .open(_, _, let maxInFlight), .burst(_, let maxInFlight): ("--max-in-flight", maxInFlight)
            }
        guard slots < count else { return nil }
        return "\(name) \(slots) is fewer slots than the \(count) segments, so a segment would run nothing"
    }

    /// Whether `segments` are disjoint and together cover the run: exactly one of each `i` for one
    /// `N`. Returns what is wrong (overlap, missing, mixed counts), empty when they partition it.
    public static func partitionProblems(_ segments: [ExecutionSegment]) -> [String] {
        guard let first = segments.first else { return ["no segments"] }
        let counts = Set(segments.map(\.count))
        guard counts.count == 1 else {
            return ["segments of different splits: " + counts.sorted().map { "of \($0)" }.joined(separator: ", ")]
        }
        var seen: [Int: Int] = [:]
        for segment in segments { seen[segment.index, default: 0] += 1 }
        var problems: [String] = []
        let overlapping = seen.filter { $0.value > 1 }.keys.sorted()
        if !overlapping.isEmpty {
            problems.append(
                "segments overlap: "
                    + overlapping.map { "\($0)/\(first.count) given \(seen[$0]!) times" }.joined(separator: ", "))
        }
        let missing = (0..<first.count).filter { seen[$0] == nil }
        if !missing.isEmpty {
            let shown = missing.prefix(10).map { "\($0)/\(first.count)" }.joined(separator: ", ")
            problems.append("segments missing: \(shown)\(missing.count > 10 ? " and \(missing.count - 10) more" : "")")
        }
        return problems
    }
}

/// A `--segment` that is not `i/N` with `0 <= i < N`.
public enum ExecutionSegmentError: Error, Equatable, CustomStringConvertible {
    case malformed(String)
    case invalidCount(Int)
    case indexOutOfRange(index: Int, count: Int)
    /// `--segment auto` found `variable` unset (nil) or not a whole number.
    case environment(variable: String, value: String?)

    public var description: String {
        switch self {
        case .environment(let variable, let value):
            value.map { "\(variable)=\"\($0)\" is not a whole number" }
                ?? "\(variable) is not set (a Kubernetes Indexed Job sets \(ExecutionSegment.indexVariable); set "
                + "\(ExecutionSegment.countVariable) to its completions)"
        case .malformed(let text): "\"\(text)\" is not a segment i/N, such as 0/4"
        case .invalidCount(let count): "\(count) segments: the count must be 1 to \(ExecutionSegment.maximumCount)"
        case .indexOutOfRange(let index, let count): "segment \(index) of \(count): the index must be 0 to \(count - 1)"
        }
    }
}

extension ExecutionSegment {
    /// Where `--segment auto` finds its index: set by Kubernetes for each pod of an Indexed Job.
    public static let indexVariable = "JOB_COMPLETION_INDEX"
    /// Where `--segment auto` finds the count (the Job's `completions`), set by the manifest.
    public static let countVariable = "NSE_BENCH_SEGMENTS"

    /// `--segment auto`: the segment that ``indexVariable`` and ``countVariable`` name in
    /// `environment`.
    public init(environment: [String: String]) throws(ExecutionSegmentError) {
        guard let indexText = environment[Self.indexVariable], let index = Int(indexText) else {
            throw .environment(variable: Self.indexVariable, value: environment[Self.indexVariable])
        }
        guard let countText = environment[Self.countVariable], let count = Int(countText) else {
            throw .environment(variable: Self.countVariable, value: environment[Self.countVariable])
        }
        try self.init(index: index, count: count)
    }
}
