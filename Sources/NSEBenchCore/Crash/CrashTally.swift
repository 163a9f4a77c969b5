/// An extension's crashes counted by reason, as summary.csv's `crash_reasons` column keeps them, so
/// that `compare` can name a place in the extension's code that crashed in the candidate and never in
/// the baseline, and `merge` and `report` can read them without invocations.csv.
///
/// The column's text is its entries, largest first, joined by `; `, each `COUNT REASON`; the crashes
/// of reasons beyond those kept are one last entry, `COUNT (other reasons)`. A `;` or `%` inside a
/// reason is written `%3B` or `%25`, so the entries split cleanly:
///
/// ```
/// 40 the extension crashed at Service.swift:25:78 in NotificationService.didReceive(_:withContentHandler:) (signal 4, SIGILL); 2 (other reasons)
/// ```
public struct CrashTally: Sendable, Equatable {
    /// One reason and how many invocations crashed of it.
    public struct Entry: Sendable, Equatable {
        public var reason: String
        public var count: Int

        public init(reason: String, count: Int) {
            self.reason = reason
            self.count = count
        }
    }

    /// The reasons, largest first (ties by reason).
    public private(set) var entries: [Entry]
    /// Crashes of reasons not told apart (beyond the reasons a run keeps).
    public private(set) var otherReasons: Int

    /// How many reasons that name no place in the extension's code the column keeps:
    /// ``RunAggregate/crashReasonLimit``; crashes of the rest are counted together. A reason that names a
    /// place (``CrashPlace``) is always kept: `compare` would otherwise miss it in one run and call it new
    /// in the next.
    public static let limit = RunAggregate.crashReasonLimit

    /// The entry of the crashes not told apart.
    static let otherReasonsText = "(other reasons)"
    /// How an empty reason is written.
    static let noReasonText = "(no reason)"
    /// What a merge writes when an instance kept no crash reasons (written before the column): unknown,
    /// not none.
    public static let notKeptText = "(not kept)"

    /// How many reasons of one place that carry a message the runtime printed (``RuntimeMessage``) the
    /// column keeps: a message may hold data of its own, one reason per crash. The place's other
    /// messages are counted together, as its reason with `(other messages)` for the message.
    public static let messagesPerPlace = 5

    /// A tally of `counts` by reason, keeping every reason with a place (up to ``messagesPerPlace`` of
    /// each place that carry a message, the rest counted together) and the ``limit`` largest others, and
    /// adding the rest to `otherReasons`.
    public init(_ counts: [String: Int], otherReasons: Int = 0) {
        let ranked = Self.ranked(Self.otherMessagesFolded(counts))
        var kept: [Entry] = []
        var others = 0
        var rest = otherReasons
        for entry in ranked {
            if CrashPlace(reason: entry.reason) != nil {
                kept.append(entry)
            } else if others < Self.limit {
                kept.append(entry)
                others += 1
            } else {
                rest += entry.count
            }
        }
        entries = kept
        self.otherReasons = rest
    }

    /// Largest first, ties by reason; none of no crash.
    private static func ranked(_ counts: [String: Int]) -> [Entry] {
        counts.filter { $0.value > 0 }.map { Entry(reason: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.reason < $1.reason }
    }

    /// `counts` with each place's reasons that carry a message beyond its ``messagesPerPlace`` largest
    /// counted as one, the first of them with `(other messages)` for its message.
    private static func otherMessagesFolded(_ counts: [String: Int]) -> [String: Int] {
        var folded: [String: Int] = [:]
        var messagesKept: [CrashPlace: Int] = [:]
        var otherMessages: [CrashPlace: String] = [:]
        for entry in ranked(counts) {
            guard let place = CrashPlace(reason: entry.reason),
                let other = RuntimeMessage.withOtherMessages(entry.reason)
            else {
                folded[entry.reason, default: 0] += entry.count
                continue
            }
            if entry.reason != other, messagesKept[place, default: 0] < messagesPerPlace {
                messagesKept[place, default: 0] += 1
                folded[entry.reason, default: 0] += entry.count
            } else {
                let reason = otherMessages[place] ?? other
                otherMessages[place] = reason
                folded[reason, default: 0] += entry.count
            }
        }
        return folded
    }

    /// The aggregate's crash reasons.
    public init(_ aggregate: RunAggregate) {
        self.init(aggregate.crashReasons, otherReasons: aggregate.crashesOfOtherReasons)
    }

    /// Reads the column's text; empty text is no crash.
    public init(text: String) throws(CrashTallyError) {
        var counts: [String: Int] = [:]
        var other = 0
        for part in text.split(separator: ";", omittingEmptySubsequences: false) where !text.isEmpty {
            let entry = part.drop { $0 == " " }
            guard let space = entry.firstIndex(of: " "), let count = Int(entry[..<space]), count > 0 else {
                throw CrashTallyError(text: text, entry: String(entry))
            }
            let written = entry[entry.index(after: space)...]
            guard !written.isEmpty else { throw CrashTallyError(text: text, entry: String(entry)) }
            switch written {
            case Self.otherReasonsText: other += count
            case Self.noReasonText: counts["", default: 0] += count
            default: counts[Self.decoded(written), default: 0] += count
            }
        }
        self.init(counts, otherReasons: other)
    }

    /// The column's text.
    public var text: String {
        var parts = entries.map { "\($0.count) \(Self.encoded($0.reason))" }
        if otherReasons > 0 { parts.append("\(otherReasons) \(Self.otherReasonsText)") }
        return parts.joined(separator: "; ")
    }

    /// Every crash counted.
    public var total: Int { entries.reduce(otherReasons) { $0 + $1.count } }

    /// Both tallies' crashes: what the runs of several instances or rounds crashed of together.
    public func adding(_ other: CrashTally) -> CrashTally {
        var counts = Dictionary(uniqueKeysWithValues: entries.map { ($0.reason, $0.count) })
        for entry in other.entries { counts[entry.reason, default: 0] += entry.count }
        return CrashTally(counts, otherReasons: otherReasons + other.otherReasons)
    }

    /// `reason` as the column writes it: `%` and `;` escaped, and a `(` that begins it, so that it is never
    /// read as one of the column's own words (`(other reasons)`); an empty reason as `(no reason)`.
    private static func encoded(_ reason: String) -> String {
        if reason.isEmpty { return noReasonText }
        var text = reason.hasPrefix("(") ? "%28" : ""
        for character in reason.dropFirst(reason.hasPrefix("(") ? 1 : 0) {
            switch character {
            case "%": text += "%25"
            case ";": text += "%3B"
            default: text.append(character)
            }
        }
        return text
    }

    private static func decoded(_ written: Substring) -> String {
        var text = ""
        var rest = written[...]
        while let percent = rest.firstIndex(of: "%") {
            text += rest[..<percent]
            let code = rest[percent...].prefix(3)
            switch code {
            case "%25": text += "%"
            case "%3B", "%3b": text += ";"
            case "%28": text += "("
            default: text += code
            }
            rest = rest[percent...].dropFirst(code.count)
        }
        return text + rest
    }
}

/// A `crash_reasons` field that is not a tally: an entry without a count of at least 1 and a reason.
public struct CrashTallyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The whole field.
    public let text: String
    /// The entry that could not be read.
    public let entry: String

    public var description: String {
        "'\(entry)' is not COUNT REASON (a whole number of at least 1, a space and the reason)"
    }
}
