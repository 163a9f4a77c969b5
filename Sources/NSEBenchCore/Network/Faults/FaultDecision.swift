/// Exactly what the media server does for one request, as drawn from a ``FaultPlan``.
///
/// Points in the body are fractions in `0..<1` of its length; ``byteOffset(atFraction:bodyLength:)``
/// turns one into the byte at which to act.
///
/// ```swift
/// switch decision {
/// case .respond(let status, let closeDelay): break  // send `status` in full; wait closeDelay, if any, then close
/// case .resetBeforeResponse: break                  // RST without sending anything
/// case .resetDuringBody(let fraction): break        // send the headers and part of the body, then RST
/// case .truncateBody(let fraction): break           // send part of the body under the full Content-Length, then FIN
/// case .stallBody(let fraction, let duration, let closeDelay): break  // pause there: for duration, or forever if nil
/// }
/// ```
public enum FaultDecision: Sendable, Hashable {
    /// Send the response with `status` (200 when no status fault fired) in full, then wait `closeDelay`
    /// (a slow close) before closing, or close at once when it is nil.
    case respond(status: Int, closeDelay: DurationValue?)
    /// Reset the connection (TCP RST) before sending any byte of the response.
    case resetBeforeResponse
    /// Send the headers and the body up to `atFraction` of it, then reset the connection.
    case resetDuringBody(atFraction: Double)
    /// Send the headers (with the full Content-Length) and the body up to `atFraction` of it, then close
    /// normally, leaving the body short.
    case truncateBody(atFraction: Double)
    /// Send the headers and the body up to `atFraction` of it, then stop: resume after `duration`, or never
    /// when it is nil. After resuming and finishing, wait `closeDelay` before closing, if set.
    case stallBody(atFraction: Double, duration: DurationValue?, closeDelay: DurationValue?)

    /// The decision when no fault fires: a 200, closed at once.
    public static let normal = FaultDecision.respond(status: 200, closeDelay: nil)

    /// What happened, without the parameters, for counting outcomes.
    public enum Kind: String, CaseIterable, Sendable, Hashable {
        /// A 200 sent in full.
        case ok
        /// Another status sent in full (status mix or fail-first).
        case status
        /// Reset before the response.
        case resetBefore = "reset-before"
        /// Reset during the body.
        case resetDuring = "reset-during"
        /// Body cut short.
        case truncate
        /// Body stalled.
        case stall
    }

    /// What happened, without the parameters.
    ///
    /// ```swift
    /// FaultDecision.normal.kind  // .ok
    /// ```
    public var kind: Kind {
        switch self {
        case .respond(let status, _): status == 200 ? .ok : .status
        case .resetBeforeResponse: .resetBefore
        case .resetDuringBody: .resetDuring
        case .truncateBody: .truncate
        case .stallBody: .stall
        }
    }

    /// The slow-close delay this decision carries, if any.
    ///
    /// ```swift
    /// FaultDecision.respond(status: 200, closeDelay: .seconds(1)).closeDelay  // 1s
    /// ```
    public var closeDelay: DurationValue? {
        switch self {
        case .respond(_, let delay), .stallBody(_, _, let delay): delay
        case .resetBeforeResponse, .resetDuringBody, .truncateBody: nil
        }
    }

    /// The byte of a `bodyLength`-byte body at `fraction` of it: in `0..<bodyLength` (0 for an empty body),
    /// so a truncated body is always short by at least one byte.
    ///
    /// ```swift
    /// FaultDecision.byteOffset(atFraction: 0.5, bodyLength: 1_000)  // 500
    /// ```
    public static func byteOffset(atFraction fraction: Double, bodyLength: Int64) -> Int64 {
        guard bodyLength > 0, fraction > 0 else { return 0 }
        let offset = (fraction * Double(bodyLength)).rounded(.down)
        return offset < Double(bodyLength) ? min(Int64(offset), bodyLength - 1) : bodyLength - 1
    }
}
