extension FaultPlan {
    /// How many 64-bit draws ``draw(requestIndex:using:)`` takes, whatever the plan and the outcome.
    public static let drawsPerRequest = 9

    /// Decides what the server does for request number `requestIndex` (counting from 0 across the whole
    /// server), following the precedence documented on ``FaultPlan``.
    ///
    /// It always takes exactly ``drawsPerRequest`` draws from `generator`, so a plan's outcome for a
    /// request depends only on the generator's state: give each request its own stream
    /// (`root.fork(stream: requestIndex)`) and a run replays exactly from its seed.
    ///
    /// ```swift
    /// let plan = try FaultPlan(parsing: "status=503:2 reset-during:1")
    /// let root = Xoshiro256StarStar(seed: 2024)
    /// var stream = root.fork(stream: 41)
    /// let decision = plan.draw(requestIndex: 41, using: &stream)  // .normal 97% of the time
    /// ```
    public func draw(requestIndex: Int, using generator: inout some RandomNumberGenerator) -> FaultDecision {
        let resetBeforeRoll = generator.nextUnitInterval()
        let statusRoll = generator.nextUnitInterval()
        let resetDuringRoll = generator.nextUnitInterval()
        let resetDuringPoint = generator.nextUnitInterval()
        let truncateRoll = generator.nextUnitInterval()
        let truncatePoint = generator.nextUnitInterval()
        let stallRoll = generator.nextUnitInterval()
        let stallPoint = generator.nextUnitInterval()
        let slowCloseRoll = generator.nextUnitInterval()

        let closeDelay = slowClose.flatMap { Self.fires($0.chance, slowCloseRoll) ? $0.delay : nil }
        if let failFirst, requestIndex < failFirst.count {
            return .respond(status: failFirst.status, closeDelay: closeDelay)
        }
        if Self.fires(resetBefore, resetBeforeRoll) {
            return .resetBeforeResponse
        }
        if let code = status?.code(forRoll: statusRoll) {
            return .respond(status: code, closeDelay: closeDelay)
        }
        if Self.fires(resetDuring, resetDuringRoll) {
            return .resetDuringBody(atFraction: resetDuringPoint)
        }
        if Self.fires(truncate, truncateRoll) {
            return .truncateBody(atFraction: truncatePoint)
        }
        if let stall, Self.fires(stall.chance, stallRoll) {
            return .stallBody(
                atFraction: stallPoint, duration: stall.duration, closeDelay: stall.duration == nil ? nil : closeDelay)
        }
        return .respond(status: 200, closeDelay: closeDelay)
    }

    /// Whether a fault of `chance` fires for `roll`, uniform in `0..<1`: never at 0%, always at 100%.
    private static func fires(_ chance: Percentage?, _ roll: Double) -> Bool {
        guard let chance else { return false }
        return roll < chance.probability
    }
}

extension FaultPlan {
    /// The response header in which the embedded server names the fault it injected into a response
    /// (``FaultKind`` raw value), so that a client can tell an injected fault from a real one.
    public static let faultHeaderName = "X-NSE-Bench-Fault"

    /// The fault that shaped `decision` for request number `requestIndex`, by its ``FaultKind``: what the
    /// server names in ``faultHeaderName``; nil for a normal response.
    ///
    /// A status from `fail-first` is `.failFirst`, one from the status mix `.status`; a slow close is
    /// named only when nothing else fired (a status or a stall that also closes slowly is named as such).
    ///
    /// ```swift
    /// let plan = try FaultPlan(parsing: "fail-first=2")
    /// plan.injectedFault(for: .respond(status: 503, closeDelay: nil), requestIndex: 0)  // .failFirst
    /// plan.injectedFault(for: .normal, requestIndex: 5)  // nil
    /// ```
    public func injectedFault(for decision: FaultDecision, requestIndex: Int) -> FaultKind? {
        switch decision {
        case .respond(let status, let closeDelay):
            if status != 200 { return requestIndex < (failFirst?.count ?? 0) ? .failFirst : .status }
            return closeDelay == nil ? nil : .slowClose
        case .resetBeforeResponse: return .resetBefore
        case .resetDuringBody: return .resetDuring
        case .truncateBody: return .truncate
        case .stallBody: return .stall
        }
    }
}
