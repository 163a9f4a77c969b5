extension FaultPlan {
    /// The spec form, quoted in error messages.
    static let expectedSpecForm =
        "NAME=VALUE or NAME:VALUE items separated by spaces, such as "
        + "\"status=404:1,503:2 reset-before:1 reset-during:1 stall=2s:5 truncate:1 slow-close=1s:10 fail-first=3\", "
        + "or none"

    /// Reads a whole fault spec: whitespace-separated items, each a fault name, `=` or `:`, and its value.
    ///
    /// | item | value |
    /// |---|---|
    /// | `status=404:1,503:2` | `CODE:PERCENT[,CODE:PERCENT...]`, adding up to at most 100 |
    /// | `reset-before:P` | chance of a reset before the response |
    /// | `reset-during:P` | chance of a reset at a random point of the body |
    /// | `stall:P`, `stall=2s:P` | chance of a stall, forever or for a duration |
    /// | `truncate:P` | chance of a short body under the full Content-Length |
    /// | `slow-close=1s:P` | chance of waiting before closing after a complete response |
    /// | `fail-first=N`, `fail-first=N:CODE` | the first N requests get CODE (503 by default) |
    ///
    /// Percentages are fortio-style numbers from 0 to 100 without a sign (a trailing `%` is accepted).
    /// `none` or an empty spec sets nothing. Each fault may appear once.
    ///
    /// ```swift
    /// let plan = try FaultPlan(parsing: "status=503:2 stall=2s:5")
    /// plan.stall  // StallFault(duration: 2s, chance: 5)
    /// try FaultPlan(parsing: "jitter:5")
    /// // throws: invalid fault spec "jitter:5": unknown fault "jitter"; expected one of status, reset-before, ...
    /// ```
    public init(parsing text: some StringProtocol) throws(ValueParseError) {
        self.init()
        let items = text.split(whereSeparator: \.isWhitespace)
        if items.count == 1, items[0].lowercased() == "none" { return }
        var seen: Set<FaultKind> = []
        for item in items {
            let kind = try apply(spec: item)
            guard seen.insert(kind).inserted else {
                throw ValueParseError(
                    subject: "fault spec", input: text, expected: Self.expectedSpecForm,
                    reason: "\(kind.rawValue) is given twice")
            }
        }
    }

    /// Sets the fault that one spec item names, such as `stall=2s:5` or `reset-before:1` (the form of a
    /// repeatable `--fault` flag), and returns which fault it was.
    ///
    /// ```swift
    /// var plan = FaultPlan()
    /// try plan.apply(spec: "slow-close=1s:10")  // .slowClose
    /// ```
    @discardableResult
    public mutating func apply(spec item: some StringProtocol) throws(ValueParseError) -> FaultKind {
        let item = item.trimmingWhitespace()
        guard let separator = item.firstIndex(where: { $0 == "=" || $0 == ":" }) else {
            throw ValueParseError(
                subject: "fault spec", input: item, expected: Self.expectedSpecForm,
                reason: "\"\(item)\" has no value after an = or :")
        }
        let name = item[..<separator]
        guard let kind = FaultKind(rawValue: name.lowercased()) else {
            throw ValueParseError(
                subject: "fault spec", input: item,
                expected: "one of " + FaultKind.allCases.map(\.rawValue).joined(separator: ", "),
                reason: "unknown fault \"\(name)\"")
        }
        try set(kind, value: item[item.index(after: separator)...], input: item)
        return kind
    }

    /// Sets one fault from its value alone, as given to a flag such as `--status 404:1,503:2` or a query
    /// parameter such as `stall=2s:5`; the value forms are listed on ``init(parsing:)`` and ``FaultKind``.
    ///
    /// ```swift
    /// var plan = FaultPlan()
    /// try plan.set(.status, value: "404:1,503:2")
    /// try plan.set(.failFirst, value: "5:500")
    /// ```
    public mutating func set(_ kind: FaultKind, value: some StringProtocol) throws(ValueParseError) {
        try set(kind, value: Substring(value), input: Substring(value))
    }

    /// Sets `kind` from `value`; errors quote `input`, which is the value or the whole spec item.
    private mutating func set(_ kind: FaultKind, value: Substring, input: Substring) throws(ValueParseError) {
        func failure(_ reason: String) -> ValueParseError {
            ValueParseError(subject: "\(kind.rawValue) fault", input: input, expected: kind.valueForm, reason: reason)
        }
        func chance(_ text: Substring) throws(ValueParseError) -> Percentage {
            do { return try Percentage(parsing: text) } catch {
                throw failure("\"\(text)\" is not a percentage from 0 to 100")
            }
        }
        func duration(_ text: Substring) throws(ValueParseError) -> DurationValue {
            do { return try DurationValue(parsing: text) } catch {
                throw failure("\"\(text)\" is not a duration such as 2s or 500ms")
            }
        }
        /// `DURATION:PERCENT` split at its last colon; the duration part is nil when there is no colon.
        func durationAndChance() -> (duration: Substring?, chance: Substring) {
            guard let colon = value.lastIndex(of: ":") else { return (nil, value) }
            return (value[..<colon], value[value.index(after: colon)...])
        }

        switch kind {
        case .status:
            do { status = try StatusMix(parsing: value) } catch {
                throw failure(error.reason ?? "it is not CODE:PERCENT")
            }
        case .resetBefore: resetBefore = try chance(value)
        case .resetDuring: resetDuring = try chance(value)
        case .truncate: truncate = try chance(value)
        case .stall:
            let parts = durationAndChance()
            let forever = parts.duration.map { $0.trimmingWhitespace().lowercased() == "forever" } ?? true
            stall = StallFault(
                duration: forever ? nil : try duration(parts.duration!), chance: try chance(parts.chance))
        case .slowClose:
            let parts = durationAndChance()
            guard let delayText = parts.duration else { throw failure("the delay before the \":\" is missing") }
            slowClose = SlowCloseFault(delay: try duration(delayText), chance: try chance(parts.chance))
        case .failFirst:
            let parts = value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let countText = parts[0].trimmingWhitespace()
            guard let count = Int(countText), count >= 0 else {
                throw failure("\"\(countText)\" is not a whole number of requests")
            }
            var code = FailFirstFault.defaultStatus
            if parts.count == 2 {
                let codeText = parts[1].trimmingWhitespace()
                guard let parsed = Int(codeText), (200...599).contains(parsed) else {
                    throw failure("\"\(codeText)\" is not an HTTP status code from 200 to 599")
                }
                code = parsed
            }
            failFirst = FailFirstFault(count: count, status: code)
        }
    }
}
