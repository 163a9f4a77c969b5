public import NSEBenchCore
import Synchronization

/// Live counters of a running media server, written by its loop and read from any thread (the
/// `serve` command's status line, a scenario's report).
public final class ServerStatistics: Sendable {
    /// Connections accepted.
    let connectionsAccepted = Atomic<Int>(0)
    /// Connections currently open.
    let connectionsOpen = Atomic<Int>(0)
    /// Requests whose head was parsed (including those answered with an error status).
    let requests = Atomic<Int>(0)
    /// Responses written completely.
    let responsesCompleted = Atomic<Int>(0)
    /// Body and head bytes written to sockets.
    let bytesSent = Atomic<Int>(0)
    /// Malformed requests answered with 4xx/5xx and closed.
    let protocolErrors = Atomic<Int>(0)
    /// Injected faults, by kind.
    let injectedStatus = Atomic<Int>(0)
    let injectedResets = Atomic<Int>(0)
    let injectedStalls = Atomic<Int>(0)
    let injectedTruncations = Atomic<Int>(0)
    let injectedSlowCloses = Atomic<Int>(0)
    /// Connections closed for being idle past the idle timeout.
    let idleTimeouts = Atomic<Int>(0)
    /// Requests behind the origin cache, by what the cache found: sent to the origin, waiting for
    /// another request's origin fetch, or served from the cache.
    let originFetches = Atomic<Int>(0)
    let originCoalesced = Atomic<Int>(0)
    let cacheHits = Atomic<Int>(0)
    /// Connections closed, one counter per ``ConnectionCloseReason`` (indexed by its raw value).
    let closes: InlineArray<21, Atomic<Int>> = InlineArray { _ in Atomic(0) }

    /// Each side call (when its request was in, its body bytes), per endpoint; one entry a call, so
    /// at most the few side calls of each invocation.
    private let recordedSideCalls = Mutex<[SideEndpoint: [SideCall]]>([:])

    public init() {}

    /// Notes a side call to `endpoint` whose request (head and `bodyBytes` of body) was in at `time`
    /// (monotonic nanoseconds).
    func recordSideCall(_ endpoint: SideEndpoint, at time: UInt64, bodyBytes: Int = 0) {
        recordedSideCalls.withLock { $0[endpoint, default: []].append(SideCall(time: time, bodyBytes: bodyBytes)) }
    }

    /// Every side call so far, in arrival order, per endpoint; an endpoint nobody called is absent.
    public var sideCalls: [SideEndpoint: [SideCall]] { recordedSideCalls.withLock { $0 } }

    /// When each side call's request was in (monotonic nanoseconds, in arrival order), per endpoint.
    public var sideCallTimes: [SideEndpoint: [UInt64]] { sideCalls.mapValues { $0.map(\.time) } }

    /// Each side call's request body bytes, in the order of ``sideCallTimes``, per endpoint.
    public var sideCallBodyBytes: [SideEndpoint: [Int]] { sideCalls.mapValues { $0.map(\.bodyBytes) } }

    /// A consistent-enough copy for display (each counter is read once).
    public var snapshot: Snapshot {
        Snapshot(
            connectionsAccepted: connectionsAccepted.load(ordering: .relaxed),
            connectionsOpen: connectionsOpen.load(ordering: .relaxed),
            requests: requests.load(ordering: .relaxed),
            responsesCompleted: responsesCompleted.load(ordering: .relaxed),
            bytesSent: bytesSent.load(ordering: .relaxed),
            protocolErrors: protocolErrors.load(ordering: .relaxed),
            faults: injectedStatus.load(ordering: .relaxed) + injectedResets.load(ordering: .relaxed)
                + injectedStalls.load(ordering: .relaxed) + injectedTruncations.load(ordering: .relaxed)
                + injectedSlowCloses.load(ordering: .relaxed),
            idleTimeouts: idleTimeouts.load(ordering: .relaxed),
            closes: ConnectionCloseReasonCounts(closes),
            originCache: OriginCacheCounts(
                originFetches: originFetches.load(ordering: .relaxed),
                coalesced: originCoalesced.load(ordering: .relaxed), hits: cacheHits.load(ordering: .relaxed)))
    }

    /// Counts a connection closed for `reason`.
    func recordClose(_ reason: ConnectionCloseReason) {
        closes[reason.rawValue].add(1, ordering: .relaxed)
    }

    /// Counter values at one moment.
    public struct Snapshot: Sendable, Equatable {
        public var connectionsAccepted: Int
        public var connectionsOpen: Int
        public var requests: Int
        public var responsesCompleted: Int
        public var bytesSent: Int
        public var protocolErrors: Int
        public var faults: Int
        public var idleTimeouts: Int
        /// Connections closed so far, by reason.
        public var closes: ConnectionCloseReasonCounts
        /// Requests behind the origin cache, by what it found (all 0 without one).
        public var originCache = OriginCacheCounts()
    }
}
