/// The faults the media server can inject, by the name used in flags, query parameters and fault specs.
///
/// ```swift
/// FaultKind(rawValue: "reset-before")  // .resetBefore
/// FaultKind.allCases.map(\.rawValue)  // ["status", "reset-before", "reset-during", "stall", "truncate", ...]
/// ```
public enum FaultKind: String, CaseIterable, Sendable, Hashable {
    /// Answer with an error status instead of the media: value `CODE:PERCENT[,CODE:PERCENT...]`.
    case status
    /// Reset the connection (TCP RST) before any byte of the response: value `PERCENT`.
    case resetBefore = "reset-before"
    /// Reset the connection at a random point of the body: value `PERCENT`.
    case resetDuring = "reset-during"
    /// Stop sending at a random point of the body, forever or for a while: value `[DURATION:]PERCENT`.
    case stall
    /// Close the connection at a random point of the body, short of the announced Content-Length:
    /// value `PERCENT`.
    case truncate
    /// After a complete response, wait before closing the connection: value `DURATION:PERCENT`.
    case slowClose = "slow-close"
    /// Answer the first N requests the server receives with an error status: value `N[:CODE]`
    /// (CODE defaults to 503).
    case failFirst = "fail-first"

    /// The value's form, with an example, for error messages.
    public var valueForm: String {
        switch self {
        case .status: "CODE:PERCENT[,CODE:PERCENT...] with percentages adding up to at most 100, such as 404:1,503:2"
        case .resetBefore, .resetDuring, .truncate: "a percentage from 0 to 100 such as 2 or 0.5"
        case .stall: "PERCENT to stall forever or DURATION:PERCENT to stall for a while, such as 5 or 2s:5"
        case .slowClose: "DURATION:PERCENT such as 1s:10"
        case .failFirst: "N or N:CODE (CODE defaults to 503), such as 5 or 5:500"
        }
    }
}
