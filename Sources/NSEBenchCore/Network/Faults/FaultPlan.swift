/// The faults the media server injects, each with its chance per request; drawn per request by
/// ``draw(requestIndex:using:)`` into a ``FaultDecision``.
///
/// Every field is optional: nil means "not set here", so that plans layer with
/// ``merged(overriding:)`` (profile, then command line, then query parameters), and an explicit 0
/// switches off a fault a lower layer set. Written as a spec of whitespace-separated items
/// (see ``init(parsing:)``):
///
/// ```swift
/// let plan = try FaultPlan(parsing: "status=404:1,503:2 reset-before:1 stall=2s:5 slow-close=1s:10 fail-first=3")
/// var generator = Xoshiro256StarStar(seed: 1, stream: 17)
/// switch plan.draw(requestIndex: 17, using: &generator) {
/// case .respond(let status, let closeDelay): _ = (status, closeDelay)  // send it, maybe close late
/// case .resetBeforeResponse: break                                    // RST, nothing sent
/// default: break
/// }
/// ```
///
/// ## Precedence
/// Each fault is rolled independently, then the first that fired in this order decides, because the
/// earliest fault in a response's life ends it before later ones could act:
/// 1. `fail-first`: request index below N, so no roll;
/// 2. `reset-before`: nothing of the response is sent;
/// 3. `status`: an error response replaces the media, so body faults do not apply;
/// 4. `reset-during`, then 5. `truncate`, then 6. `stall`: one body fault per response.
///
/// `slow-close` is rolled on its own and applies to every response that is sent completely: normal and
/// error responses, and bodies that resume after a finite stall.
///
/// So a fault's observed rate is its chance times the chances that none above it fired: with
/// `reset-before:10 truncate:20`, 10% of requests are reset and 20% × 90% = 18% truncated.
public struct FaultPlan: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Error statuses instead of the media (`status=404:1,503:2`).
    public var status: StatusMix?
    /// Chance of a TCP reset before any response byte (`reset-before:P`).
    public var resetBefore: Percentage?
    /// Chance of a TCP reset at a random point of the body (`reset-during:P`).
    public var resetDuring: Percentage?
    /// Chance and length of a stall at a random point of the body (`stall:P`, `stall=2s:P`).
    public var stall: StallFault?
    /// Chance of closing the connection at a random point of the body, short of its Content-Length
    /// (`truncate:P`).
    public var truncate: Percentage?
    /// Chance and length of a delay before closing after a complete response (`slow-close=1s:P`).
    public var slowClose: SlowCloseFault?
    /// Error status for the first N requests the server receives (`fail-first=N[:CODE]`).
    public var failFirst: FailFirstFault?

    /// A plan with the given faults; every one left out is unset.
    ///
    /// ```swift
    /// let plan = FaultPlan(resetBefore: Percentage(clamping: 1), stall: StallFault(duration: nil, chance: .zero))
    /// ```
    public init(
        status: StatusMix? = nil, resetBefore: Percentage? = nil, resetDuring: Percentage? = nil,
        stall: StallFault? = nil, truncate: Percentage? = nil, slowClose: SlowCloseFault? = nil,
        failFirst: FailFirstFault? = nil
    ) {
        self.status = status
        self.resetBefore = resetBefore
        self.resetDuring = resetDuring
        self.stall = stall
        self.truncate = truncate
        self.slowClose = slowClose
        self.failFirst = failFirst
    }

    /// No fault set.
    public static let none = FaultPlan()

    /// Whether no fault is set at all (a fault set to 0% still counts as set: it overrides).
    ///
    /// ```swift
    /// FaultPlan.none.isEmpty  // true
    /// ```
    public var isEmpty: Bool { self == .none }

    /// This plan with every fault that `other` sets replaced by `other`'s; a status mix is replaced
    /// whole, not merged code by code.
    ///
    /// ```swift
    /// let profile = try FaultPlan(parsing: "reset-before:2 truncate:1")
    /// let effective = profile.merged(overriding: try FaultPlan(parsing: "reset-before:0"))
    /// effective.description  // "reset-before:0 truncate:1"
    /// ```
    public func merged(overriding other: FaultPlan) -> FaultPlan {
        FaultPlan(
            status: other.status ?? status, resetBefore: other.resetBefore ?? resetBefore,
            resetDuring: other.resetDuring ?? resetDuring, stall: other.stall ?? stall,
            truncate: other.truncate ?? truncate, slowClose: other.slowClose ?? slowClose,
            failFirst: other.failFirst ?? failFirst)
    }

    /// The spec that ``init(parsing:)`` reads back: the set faults in ``FaultKind`` order, such as
    /// `status=404:1,503:2 reset-before:2 stall=2s:5`, or `none`.
    public var description: String {
        let items = FaultKind.allCases.compactMap(specItem(for:))
        return items.isEmpty ? "none" : items.joined(separator: " ")
    }

    /// This plan's item for `kind` in spec form (`reset-before:2`, `stall=2s:5`), nil when `kind` is unset.
    func specItem(for kind: FaultKind) -> String? {
        guard let value = settingValue(for: kind) else { return nil }
        let bareChance =
            [.resetBefore, .resetDuring, .truncate].contains(kind) || (kind == .stall && stall?.duration == nil)
        return kind.rawValue + (bareChance ? ":" : "=") + value
    }

    /// This plan's value for `kind` in the form ``set(_:value:)`` reads (`404:1,503:2`, `2s:5`), nil when
    /// `kind` is unset.
    ///
    /// ```swift
    /// try FaultPlan(parsing: "stall=2s:5").settingValue(for: .stall)  // "2s:5"
    /// ```
    public func settingValue(for kind: FaultKind) -> String? {
        switch kind {
        case .status: status?.description
        case .resetBefore: resetBefore?.description
        case .resetDuring: resetDuring?.description
        case .truncate: truncate?.description
        case .stall: stall.map { stall in stall.duration.map { "\($0):\(stall.chance)" } ?? stall.chance.description }
        case .slowClose: slowClose.map { "\($0.delay):\($0.chance)" }
        case .failFirst:
            failFirst.map { $0.status == FailFirstFault.defaultStatus ? "\($0.count)" : "\($0.count):\($0.status)" }
        }
    }
}

/// A stall: the server stops sending at a random point of the body, for `duration` or forever.
///
/// ```swift
/// StallFault(duration: .seconds(2), chance: Percentage(clamping: 5))  // stall=2s:5
/// ```
public struct StallFault: Sendable, Hashable, Codable {
    /// How long sending stops; nil for ever (the client must time out).
    public var duration: DurationValue?
    /// The chance per request.
    public var chance: Percentage

    /// A stall of `duration` (nil: forever) with `chance` per request.
    public init(duration: DurationValue?, chance: Percentage) {
        self.duration = duration
        self.chance = chance
    }
}

/// A slow close: after a complete response the server waits `delay` before closing the connection.
///
/// ```swift
/// SlowCloseFault(delay: .seconds(1), chance: Percentage(clamping: 10))  // slow-close=1s:10
/// ```
public struct SlowCloseFault: Sendable, Hashable, Codable {
    /// How long the server waits before closing.
    public var delay: DurationValue
    /// The chance per request.
    public var chance: Percentage

    /// A delay of `delay` before closing, with `chance` per request.
    public init(delay: DurationValue, chance: Percentage) {
        self.delay = delay
        self.chance = chance
    }
}

/// The first `count` requests the server receives get `status` instead of the media, as when a cold
/// cache or a restarting origin fails the start of a campaign.
///
/// ```swift
/// FailFirstFault(count: 3)  // fail-first=3, answered with 503
/// ```
public struct FailFirstFault: Sendable, Hashable, Codable {
    /// The status used when none is given: 503 Service Unavailable.
    public static let defaultStatus = 503
    /// How many requests fail, counting from the server's first.
    public var count: Int
    /// The status they get.
    public var status: Int

    /// The first `count` requests get `status` (503 by default).
    public init(count: Int, status: Int = FailFirstFault.defaultStatus) {
        self.count = count
        self.status = status
    }
}
