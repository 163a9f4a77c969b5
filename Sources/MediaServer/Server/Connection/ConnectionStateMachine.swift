import NSEBenchSystem

/// One client connection of the media server as a pure state machine: its driver (``Connection``)
/// feeds it events with the time they happened and does what the returned ``ConnectionAction`` says.
/// No clock, no syscalls, no timers: a test drives it with plain values.
///
/// ```
/// connecting ─(connect delay)→ handshaking (TLS) ─→ waitingForHead ─(head)→ planning
///   planning ─(plan)→ [waitingForOrigin ─(origin fetch)→] waitingForFirstByte ─(ttfb)→ sending ─(stop offset)→
///     { waitingForHead (keep-alive) | stalled → sending | closingAfterDelay | closed(reason) }
/// ```
///
/// Each state carries its own data: the response (plan, progress, pacing) lives in the states that
/// send it, the first byte's due time in the state that waits for it, the close reason in `closed`.
/// The connection has at most one timer, and the state says what it is for: the connect delay, the
/// idle timeout (handshake and head), a cache miss's origin fetch, the first byte, a pacing wait, a
/// stall, or a slow close.
///
/// The handshake's and the head's timer is the idle timeout, which partial bytes do not extend, so a
/// stalled TLS handshake or a slow-loris head cannot hold the connection past it. It covers a request's
/// body too (the parser returns the head once the body is in): an upload still arriving at the idle
/// timeout (30 s by default) is answered 408. Bytes read past a
/// head (pipelined requests) wait in an inbox and are parsed once its response is over.
struct ConnectionStateMachine {
    /// What a connection needs to know of its server's configuration.
    struct Configuration {
        var parserLimits: HTTPParserLimits
        /// Nanoseconds a connection may sit in a handshake or a head, or between requests.
        var idleTimeout: UInt64
        /// Whether the connection speaks TLS (and so starts with a handshake).
        var isTLS: Bool

        /// The most pipelined bytes kept while a response is in progress (64 KiB by default): a
        /// pipelined request's body counts towards it, so a client that pipelines a larger upload
        /// behind a request still being answered is closed (`pipelineOverflow`); one sent on its own,
        /// or after the response, is read as it arrives, up to ``HTTPParserLimits/maxBodyLength``.
        var pipelineLimit: Int { parserLimits.maxHeadLength * 4 }
    }

    /// What the planner is asked for.
    enum PlanRequest: Equatable {
        /// A parsed head: plan its response (the request is already counted).
        case head(HTTPRequestHead)
        /// A head that failed to parse: its error response, then close.
        case malformed(HTTPParseError)
        /// A head still incomplete at the idle timeout: a 408, then close.
        case timedOut

        var origin: Origin {
            switch self {
            case .head: .request
            case .malformed: .malformed
            case .timedOut: .timedOut
            }
        }
    }

    /// Why a response is sent, which decides the close reason when it does not keep the connection.
    enum Origin: Equatable {
        case request
        case malformed
        case timedOut

        var closeReason: ConnectionCloseReason {
            switch self {
            case .request: .responseEnded
            case .malformed: .protocolError
            case .timedOut: .requestTimeout
            }
        }
    }

    /// A response on its way: its plan, how far it got, and its own pacing.
    struct Response {
        /// The plan, immutable and shared by every copy of the response, so that a state change
        /// retains one reference instead of each of the plan's buffers.
        private final class Storage {
            let plan: ResponsePlan
            init(_ plan: ResponsePlan) { self.plan = plan }
        }

        private let storage: Storage
        var plan: ResponsePlan { storage.plan }
        let origin: Origin
        /// Head and body bytes the socket took so far.
        var headSent = 0
        var bodySent = 0
        /// Whether the plan's stall is behind it (the rest of the body follows it).
        var stallDone = false
        /// The response's own bandwidth; nil when only the shared link paces it.
        var pacing: TokenBucket?

        init(plan: ResponsePlan, origin: Origin, now: UInt64) {
            storage = Storage(plan)
            self.origin = origin
            let rate = plan.bandwidth.bytesPerSecond
            pacing =
                plan.bandwidth.isUnlimited
                ? nil
                : TokenBucket(bytesPerSecond: rate, burst: TokenBucket.defaultBurst(bytesPerSecond: rate), now: now)
        }
    }

    /// Where the connection is.
    enum State {
        /// Accepted; the connect delay runs.
        case connecting
        /// The TLS handshake runs under the idle timeout.
        case handshaking
        /// Reading a request head under the idle timeout.
        case waitingForHead
        /// A head (or its failure, or the idle timeout in a head) was reported; the planner decides.
        case planning(PlanRequest)
        /// A cache miss: the response waits for the origin fetch due then (its own or, coalesced,
        /// another request's); its first byte's delay starts after it.
        case waitingForOrigin(Response, due: UInt64)
        /// The response waits for its first byte's time.
        case waitingForFirstByte(Response, due: UInt64)
        /// Writing, as fast as the socket, the pacing and the shared link allow.
        case sending(Response)
        /// An injected stall: nothing goes out until the timer (or, for a stall forever, the idle timeout).
        case stalled(Response)
        /// An injected slow close: the response is complete; the socket closes at the timer.
        case closingAfterDelay
        /// Closed; every later event is ignored.
        case closed(ConnectionCloseReason)
    }

    /// How one step of a TLS handshake went.
    enum HandshakeStep: Equatable {
        case done
        case wantRead
        case wantWrite
        /// The peer closed the connection.
        case closed
        /// The handshake failed (not TLS, or rejected).
        case failed
    }

    /// The smallest write a response paced only by the shared link makes (except its last); a
    /// response with its own bandwidth uses its bucket's ``TokenBucket/pacedChunk``.
    static let minimumPacedChunk = 1_024
    /// The shortest pacing wait scheduled, so a writer never spins on a timer that is already due.
    static let minimumPacingWait: UInt64 = 50_000

    let configuration: Configuration
    // The events in ConnectionStateMachine+Events.swift and +Sending.swift change the properties
    // below, so they cannot be private(set); nothing else writes them.

    /// Where the connection is.
    var state: State = .connecting
    /// What the descriptor is registered for.
    var interest: IOEvents = []
    var parser: HTTPRequestParser
    /// Bytes read past the head being served (pipelined requests), parsed after its response.
    var inbox: [UInt8] = []
    /// TCP_NODELAY is set lazily, before a response's second write: a response sent in one write
    /// never waits for Nagle, and most are.
    var noDelaySet = false

    /// A connection just accepted, not yet registered with the loop.
    init(configuration: Configuration) {
        self.configuration = configuration
        self.parser = HTTPRequestParser(limits: configuration.parserLimits)
    }

    /// The interest to register a new connection with: straight to reading a plain connection with
    /// no connect delay, saving an `epoll_ctl` per connection.
    static func initialInterest(isTLS: Bool, connectDelay: UInt64) -> IOEvents {
        !isTLS && connectDelay == 0 ? [.readable, .readHangup] : [.readHangup]
    }

    /// Whether the connection sits between requests, so shutdown may close it at once.
    var isIdle: Bool {
        guard case .waitingForHead = state else { return false }
        return !parser.hasPartialHead && inbox.isEmpty
    }

    /// Whether the connection is reading a head, so its driver keeps reading.
    var isWaitingForHead: Bool {
        if case .waitingForHead = state { return true }
        return false
    }

    /// What the planner is to be asked for, in ``State/planning(_:)``.
    var planRequest: PlanRequest? {
        if case .planning(let request) = state { return request }
        return nil
    }

    /// Why the connection closed; nil while it is open.
    var closeReason: ConnectionCloseReason? {
        if case .closed(let reason) = state { return reason }
        return nil
    }

    // MARK: Shared steps

    /// Registers for `events` unless the descriptor already is.
    mutating func watch(_ events: IOEvents, into action: inout ConnectionAction) {
        guard events != interest else { return }
        interest = events
        action.interest = events
    }

    /// Ends the connection with `reason`; the driver closes the socket and cancels the timer.
    mutating func close(_ reason: ConnectionCloseReason, reset: Bool = false, into action: inout ConnectionAction) {
        state = .closed(reason)
        action.next = .close(reason, reset: reset)
    }

    /// Enters ``State/waitingForHead``, parsing what is in the inbox first; `readNow` makes the
    /// driver read at once (after a handshake or a response) rather than wait for the next event.
    mutating func enterWaitingForHead(now: UInt64, readNow: Bool, into action: inout ConnectionAction) {
        state = .waitingForHead
        watch([.readable, .readHangup], into: &action)
        action.timer = .schedule(at: now &+ configuration.idleTimeout)
        guard !inbox.isEmpty else {
            action.next = readNow ? .read : .none
            return
        }
        let pending = inbox
        inbox = []
        pending.withUnsafeBytes { parse($0, into: &action) }
    }

    /// Feeds bytes to the parser; stops at the first complete head (or failure) and keeps the rest
    /// in the inbox. Without a complete head, asks the driver to read on.
    mutating func parse(_ bytes: UnsafeRawBufferPointer, into action: inout ConnectionAction) {
        var offset = 0
        while offset < bytes.count {
            let result: HTTPParseResult
            do {
                result = try parser.parse(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            } catch {
                action.tally.insert(.protocolError)
                state = .planning(.malformed(error))
                action.next = .plan
                return
            }
            offset += result.consumed
            guard let head = result.head else { continue }
            action.tally.insert(.request)
            if offset < bytes.count {
                inbox.append(contentsOf: bytes[offset...])
                if inbox.count > configuration.pipelineLimit { return close(.pipelineOverflow, into: &action) }
            }
            state = .planning(.head(head))
            action.next = .plan
            return
        }
        action.next = .read
    }
}
