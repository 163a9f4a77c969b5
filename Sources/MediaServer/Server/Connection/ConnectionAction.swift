import NSEBenchSystem

/// What the connection's driver must do after an event of its ``ConnectionStateMachine``.
///
/// All parts apply in order: change the registration, change the timer, bump the counters, then do
/// ``next``. Plain data with no references, so the driver's hot path (seven actions for a 1 KB
/// keep-alive response) copies a few words and retains nothing.
struct ConnectionAction: Equatable {
    /// The connection's one timer.
    enum Timer: Equatable {
        /// Schedule it to fire at this monotonic time (nanoseconds), replacing any pending one.
        case schedule(at: UInt64)
        /// Cancel the pending one.
        case cancel
    }

    /// The step after the registration and timer changes.
    enum Next: Equatable {
        /// Wait for the next socket event or the timer.
        case none
        /// Drive the TLS handshake; report with ``ConnectionStateMachine/handshakeProgressed(_:now:)``.
        case handshake
        /// Read from the socket; report with ``ConnectionStateMachine/received(_:now:)`` and its siblings.
        case read
        /// Plan the response with ``ConnectionStateMachine/plan(now:using:)``, which hands the driver's
        /// planner the ``ConnectionStateMachine/PlanRequest`` (kept in the state, so that this action
        /// stays a plain value with nothing to retain).
        case plan
        /// Ask for the next write with ``ConnectionStateMachine/writable(now:capacity:draining:link:)``.
        case send
        /// Copy these bytes of the plan into the write buffer and send them; report with
        /// ``ConnectionStateMachine/sent(_:of:link:)`` or ``ConnectionStateMachine/writeBlocked(_:of:link:)``.
        case write(ResponseWrite)
        /// Close the socket, with a TCP RST when `reset`, and count the close under `reason`.
        case close(ConnectionCloseReason, reset: Bool)
    }

    /// What to watch the descriptor for from now on; nil keeps the registration as it is.
    var interest: IOEvents?
    /// A change to the timer; nil leaves it alone.
    var timer: Timer?
    /// Server counters this step adds one to.
    var tally: ConnectionTally = []
    /// How late a delayed first byte went out, in nanoseconds, for the server's lateness histogram.
    var firstByteLateness: UInt64?
    var next: Next = .none
}

/// The ``ServerStatistics`` counters one step of a connection adds one to.
struct ConnectionTally: OptionSet, Hashable {
    let rawValue: UInt16

    /// A request head was parsed.
    static let request = ConnectionTally(rawValue: 1 << 0)
    /// A request failed to parse.
    static let protocolError = ConnectionTally(rawValue: 1 << 1)
    /// The idle timeout fired (between requests, in a head, or in a TLS handshake).
    static let idleTimeout = ConnectionTally(rawValue: 1 << 2)
    /// A response was written completely.
    static let responseCompleted = ConnectionTally(rawValue: 1 << 3)
    /// Injected faults, by kind.
    static let injectedStatus = ConnectionTally(rawValue: 1 << 4)
    static let injectedReset = ConnectionTally(rawValue: 1 << 5)
    static let injectedStall = ConnectionTally(rawValue: 1 << 6)
    static let injectedTruncation = ConnectionTally(rawValue: 1 << 7)
    static let injectedSlowClose = ConnectionTally(rawValue: 1 << 8)
    /// The origin cache's answer to a request: a miss that went to the origin, a miss that waits for
    /// another request's origin fetch, or a hit.
    static let originFetch = ConnectionTally(rawValue: 1 << 9)
    static let originCoalesced = ConnectionTally(rawValue: 1 << 10)
    static let cacheHit = ConnectionTally(rawValue: 1 << 11)
}

/// One write a sending connection asks its driver for: which bytes of the plan, and how many of the
/// pacing's and the link's tokens were granted for it (returned when the socket takes fewer).
struct ResponseWrite: Equatable {
    /// Where in the plan's head the write starts, and how many head bytes it carries.
    var headOffset: Int
    var headCount: Int
    /// Where in the plan's body the head's bytes are followed from, and how many body bytes follow.
    var bodyOffset: Int
    var bodyCount: Int
    /// Tokens taken from the pacing and the link for this write.
    var granted: Int
    /// Set `TCP_NODELAY` before this write: a response sent in one write never waits for Nagle.
    var setsNoDelay: Bool

    /// The bytes the write carries.
    var count: Int { headCount + bodyCount }
}
