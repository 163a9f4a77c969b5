/// Each ``Phase``'s duration in nanoseconds, for the phases one invocation went through: a dictionary's
/// interface (a literal, a subscript, iteration) over a fixed array held in place.
///
/// Every invocation's record makes one: as a `[Phase: UInt64]` it cost an allocation, and a hash for
/// each phase set and read (its record, its row, the histograms; perf, issue #18).
///
/// ```swift
/// var phases: PhaseDurations = [.queued: 1_000, .download: 80_000_000]
/// phases[.connect] = 3_000_000
/// phases[.decrypt]                    // nil: not gone through
/// for (phase, duration) in phases {}  // queued, connect, download: in Phase.allCases order
/// ```
public struct PhaseDurations: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// The durations by phase position (room for every phase); 0 where a phase is absent, so that equal
    /// sets compare equal.
    private var durations = InlineArray<8, UInt64>(repeating: 0)
    /// Bit `position` is set for each phase present.
    private var present: UInt8 = 0

    /// No phases.
    public init() {}

    /// The phases given; a phase given twice keeps its last duration.
    public init(dictionaryLiteral elements: (Phase, UInt64)...) {
        for (phase, duration) in elements { self[phase] = duration }
    }

    /// The phase's duration, nil when the invocation did not go through it; setting nil removes it.
    public subscript(phase: Phase) -> UInt64? {
        get { present & Self.bit(phase) == 0 ? nil : durations[phase.position] }
        set {
            durations[phase.position] = newValue ?? 0
            if newValue == nil { present &= ~Self.bit(phase) } else { present |= Self.bit(phase) }
        }
    }

    /// Whether no phase is present.
    public var isEmpty: Bool { present == 0 }

    /// How many phases are present.
    public var count: Int { present.nonzeroBitCount }

    public static func == (left: PhaseDurations, right: PhaseDurations) -> Bool {
        guard left.present == right.present else { return false }
        for index in left.durations.indices where left.durations[index] != right.durations[index] { return false }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(present)
        for index in durations.indices { hasher.combine(durations[index]) }
    }

    /// The present phases and their durations, in ``Phase/allCases`` order.
    public func makeIterator() -> Iterator {
        Iterator(durations: durations, remaining: present)
    }

    /// Steps through the present phases, lowest position first.
    public struct Iterator: IteratorProtocol {
        fileprivate let durations: InlineArray<8, UInt64>
        fileprivate var remaining: UInt8

        public mutating func next() -> (Phase, UInt64)? {
            guard remaining != 0 else { return nil }
            let position = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            return (Phase.allCases[position], durations[position])
        }
    }

    private static func bit(_ phase: Phase) -> UInt8 {
        assert(phase.position < UInt8.bitWidth, "PhaseDurations holds 8 phases: widen it for \(phase)")
        return 1 << UInt8(phase.position)
    }
}

extension PhaseDurations: CustomStringConvertible {
    /// The present phases as a dictionary literal would print them, in ``Phase/allCases`` order.
    public var description: String {
        isEmpty ? "[:]" : "[" + map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "]"
    }
}
