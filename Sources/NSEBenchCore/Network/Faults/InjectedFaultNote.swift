/// One line of the embedded server's fault log: a fault it injected into a response that could not
/// say so itself (a reset before the response sends no head to carry ``FaultPlan/faultHeaderName``),
/// keyed by the request's ``FaultPlan/requestTagHeaderName`` value.
///
/// The server writes the line before it resets the connection, so a client that saw the reset finds it.
///
/// ```swift
/// InjectedFaultNote(tag: "4021-17", fault: .resetBefore).line  // "4021-17 reset-before\n"
/// InjectedFaultNote(line: "4021-17 reset-before")?.fault      // .resetBefore
/// ```
public struct InjectedFaultNote: Sendable, Hashable {
    /// The request's tag, as the client sent it.
    public var tag: String
    /// The fault injected.
    public var fault: FaultKind

    /// A note; nil when `tag` is not a valid tag (``isValidTag(_:)``), so that no client can write
    /// anything else into the log.
    public init?(tag: String, fault: FaultKind) {
        guard Self.isValidTag(tag) else { return nil }
        self.tag = tag
        self.fault = fault
    }

    /// Reads a line as ``line`` writes it (without or with its newline); nil for anything else.
    public init?(line: some StringProtocol) {
        let fields = line.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 2, let fault = FaultKind(rawValue: String(fields[1].trimmingWhitespace())) else {
            return nil
        }
        self.init(tag: String(fields[0]), fault: fault)
    }

    /// `<tag> <fault>` and a newline.
    public var line: String { "\(tag) \(fault.rawValue)\n" }

    /// Whether `tag` is 1 to 64 ASCII letters, digits, `.` or `-`: what a client's tagger makes.
    public static func isValidTag(_ tag: String) -> Bool {
        let utf8 = tag.utf8
        return (1...64).contains(utf8.count)
            && utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == 0x2E || byte == 0x2D
            }
    }
}

extension FaultPlan {
    /// The request header in which nse-bench's transport tags each request to the embedded server, so
    /// the server can report per request a fault the response cannot carry (``InjectedFaultNote``).
    public static let requestTagHeaderName = "X-NSE-Bench-Request"
}
