import NSEBenchCore
import Synchronization

/// Downloads over libcurl's multi interface, driven by event loops: many thousands of transfers in
/// flight on one or a few threads, each as an `async` call.
///
/// The plain-HTTP `GET`s that make up a load (an `http://` address, a connection of its own) run on
/// the transport's own HTTP/1.1 client instead (``PlainHTTPExchange``; ``Configuration/plainHTTP``),
/// which sends the bytes libcurl would and reports the same errors, for a fraction of libcurl's cost
/// per transfer. Everything else (TLS, names, reuse, other methods) stays on libcurl.
///
/// Each loop runs ``Configuration/multiHandlesPerLoop`` libcurl multi handles through
/// `curl_multi_socket_action`: libcurl's sockets are watched by the loop's epoll and its timeouts by
/// one timer on the loop's wheel. A download started on one of the loops runs on that loop (its
/// completion then needs no other thread); others are spread over the loops round-robin, and over a
/// loop's multi handles by least load.
///
/// Admission is in Swift. Requests wait in a FIFO queue beyond ``Configuration/maxConcurrentTransfers``
/// and, in a burst, beyond ``Configuration/startsPerIteration`` per loop iteration;
/// ``DownloadTimings/queued`` reports the wait, and the request's timeouts start at admission, so
/// queueing never eats into them. For a budget that does include queueing, give the
/// request an absolute ``DownloadRequest/deadline``. libcurl itself never queues
/// (CURLMOPT_MAX_HOST_CONNECTIONS is 0).
///
/// ```swift
/// let transport = try CurlTransport(loopCount: 1)
/// let result = await transport.download(DownloadRequest(url: "http://127.0.0.1:8080/media/1KB.jpg"))
/// if result.completed, result.status == 200 { use(result.body.bytes) }
/// await transport.shutdown()
/// ```
public final class CurlTransport: Sendable {
    /// How a transport is laid out and how much it admits.
    public struct Configuration: Sendable, Hashable {
        /// Multi handles per loop by default: one. Measured at 10,000 concurrent 1 KB transfers to
        /// one host:port with libcurl 7.88, 4 or 16 multi handles per loop made no difference to
        /// client CPU or latency beyond run-to-run noise (about 110-140 µs per transfer either way).
        public static let defaultMultiHandlesPerLoop = 1

        /// Transfers a loop starts per iteration by default; see ``startsPerIteration``. Measured
        /// with 10,000 concurrent downloads on one core: 8, 16, 32 and 256 starts per iteration gave
        /// connect p99 of 1-4, 5-8, 16-22 and 55-59 ms (time from libcurl's start to the
        /// connection, on loopback), for the same overall start rate.
        public static let defaultStartsPerIteration = 16

        /// The most transfers running at once, across the transport; nil for no limit. With several
        /// loops each loop admits an equal share (the remainder to the first loops).
        public var maxConcurrentTransfers: Int?
        /// libcurl multi handles per loop (at least 1).
        public var multiHandlesPerLoop: Int
        /// The most transfers a loop starts before it looks at I/O again (at least 1).
        ///
        /// Starting a transfer (libcurl's setup, `socket`, `connect`) costs tens of microseconds;
        /// started all at once, a burst of 10,000 would hold the loop for about half a second, and
        /// every transfer's request would wait that long to be sent, adding it to its time to first
        /// byte (and delaying every timer on the loop). Paced, the rest of the burst waits in the
        /// admission queue, where the wait is measured as ``DownloadTimings/queued``.
        public var startsPerIteration: Int
        /// Which client runs the plain-HTTP requests it can (``PlainHTTPClient``); the transport's own
        /// by default.
        public var plainHTTP: PlainHTTPClient

        public init(
            maxConcurrentTransfers: Int? = nil,
            multiHandlesPerLoop: Int = Configuration.defaultMultiHandlesPerLoop,
            startsPerIteration: Int = Configuration.defaultStartsPerIteration,
            plainHTTP: PlainHTTPClient = .own
        ) {
            self.maxConcurrentTransfers = maxConcurrentTransfers
            self.multiHandlesPerLoop = multiHandlesPerLoop
            self.startsPerIteration = startsPerIteration
            self.plainHTTP = plainHTTP
        }
    }

    /// One loop's share of the transport, and the inbox its commands go through.
    struct Lane: Sendable {
        let lane: TransportLane
        let inbox: EventLoopInbox<TransportCommand>
    }

    public let configuration: Configuration
    /// The loops the transport runs on.
    public let loops: [EventLoop]
    /// One per loop, in the loops' order.
    let lanes: [Lane]
    private let ownsLoops: Bool
    private let nextLane = Atomic<Int>(0)

    /// A transport on loops the caller owns (started or not); the caller shuts them down after
    /// ``shutdown()``. Sharing a loop with a ``TimerService`` or other work is fine.
    ///
    /// - Throws: ``CurlTransportError/invalidConfiguration(option:value:)`` for no loops, fewer
    ///   than one multi handle per loop, or a limit below the number of loops;
    ///   ``CurlTransportError/curl(_:)`` if libcurl cannot create a multi handle.
    public convenience init(loops: [EventLoop], configuration: Configuration = Configuration())
        throws(CurlTransportError)
    {
        try self.init(loops: loops, configuration: configuration, ownsLoops: false)
    }

    /// A transport on `loopCount` loops of its own (threads named `nseb-curl-<n>`), which
    /// ``shutdown()`` stops; call it, or the threads keep running.
    ///
    /// One loop by default. Measured on 2 cores with the server on the same machine: 2 loops
    /// started a burst of 10,000 downloads 15-20% sooner, but raised neither the request rate at 100
    /// concurrent nor the CPU per download, and competing with the server for cores they once
    /// pushed first-byte p99 from ~10 ms to ~115 ms past the server's delay. With the server
    /// elsewhere, a loop per core is worth measuring.
    public convenience init(loopCount: Int = 1, configuration: Configuration = Configuration())
        throws(CurlTransportError)
    {
        guard loopCount >= 1 else { throw .invalidConfiguration(option: "loopCount", value: "\(loopCount)") }
        try Self.validate(configuration, loopCount: loopCount)
        var loops: [EventLoop] = []
        do throws(EventLoopError) {
            for index in 0..<loopCount {
                let loop: EventLoop
                do throws(SystemError) { loop = try EventLoop(name: "nseb-curl-\(index)") } catch {
                    throw .system(error)
                }
                try loop.start()
                loops.append(loop)
            }
        } catch {
            for loop in loops { try? loop.shutdown() }
            throw .eventLoop(error)
        }
        do {
            try self.init(loops: loops, configuration: configuration, ownsLoops: true)
        } catch {
            for loop in loops { try? loop.shutdown() }
            throw error
        }
    }

    private init(loops: [EventLoop], configuration: Configuration, ownsLoops: Bool) throws(CurlTransportError) {
        guard !loops.isEmpty else { throw .invalidConfiguration(option: "loops", value: "[]") }
        try Self.validate(configuration, loopCount: loops.count)
        var lanes: [Lane] = []
        for (index, loop) in loops.enumerated() {
            let share = configuration.maxConcurrentTransfers.map { limit in
                limit / loops.count + (index < limit % loops.count ? 1 : 0)
            }
            let lane: TransportLane
            do throws(CurlError) {
                lane = try TransportLane(
                    loop: loop, limit: share ?? .max, startsPerIteration: configuration.startsPerIteration,
                    multiHandles: configuration.multiHandlesPerLoop, plainHTTP: configuration.plainHTTP)
            } catch {
                throw .curl(error)
            }
            let inbox = EventLoopInbox<TransportCommand>(
                loop: loop, handle: { command in lane.handle(command) },
                reject: { command, _ in Self.refuse(command) })
            lanes.append(Lane(lane: lane, inbox: inbox))
        }
        self.configuration = configuration
        self.loops = loops
        self.lanes = lanes
        self.ownsLoops = ownsLoops
    }

    private static func validate(_ configuration: Configuration, loopCount: Int) throws(CurlTransportError) {
        guard configuration.multiHandlesPerLoop >= 1 else {
            throw .invalidConfiguration(
                option: "multiHandlesPerLoop", value: "\(configuration.multiHandlesPerLoop)")
        }
        guard configuration.startsPerIteration >= 1 else {
            throw .invalidConfiguration(option: "startsPerIteration", value: "\(configuration.startsPerIteration)")
        }
        if let limit = configuration.maxConcurrentTransfers, limit < loopCount {
            throw .invalidConfiguration(option: "maxConcurrentTransfers", value: "\(limit)")
        }
    }

    /// Downloads `request`, waiting for a transfer slot first if the transport is at its limit.
    ///
    /// Never throws: every outcome, failures included, is a ``DownloadResult`` with its timings; an
    /// HTTP error status is a completed transfer. Cancelling the calling task cancels the download
    /// (it leaves the queue, or libcurl, on the loop) and returns a result whose error is
    /// ``DownloadError/cancelled``.
    public func download(_ request: DownloadRequest) async -> DownloadResult {
        let (transfer, lane) = prepare(request)
        return await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                submit(transfer, to: lane) { continuation.resume(returning: $0) }
            }
        } onCancel: {
            DownloadCancellation(transfer: transfer, inbox: lane.inbox).cancel()
        }
    }

    /// Starts downloading `request` and returns at once; `completion` is called once, on a loop's
    /// thread (on this one for a request refused before it starts), with the result. What
    /// ``download(_:)`` does, for a caller that waits without a task of its own: no async frame is
    /// held for the transfer. ``DownloadCancellation/cancel()`` on the returned handle cancels it.
    public func start(
        _ request: DownloadRequest, completion: @escaping @Sendable (DownloadResult) -> Void
    ) -> DownloadCancellation {
        let (transfer, lane) = prepare(request)
        submit(transfer, to: lane, completion: completion)
        return DownloadCancellation(transfer: transfer, inbox: lane.inbox)
    }

    /// Gives `transfer` to its lane's loop, which calls `completion` with its result; a request that
    /// is not valid, or was cancelled first, gets its result here at once.
    private func submit(
        _ transfer: Transfer, to lane: Lane, completion: @escaping @Sendable (DownloadResult) -> Void
    ) {
        if let invalid = transfer.request.validationError {
            completion(transfer.unstartedResult(invalid))
        } else if transfer.begin(completion) {
            lane.inbox.submit(.start(transfer))
        }
    }

    /// A transfer for `request`, and the lane it goes to: the caller's own loop's, when it runs on
    /// one of the transport's loops (its completion then needs no other thread), else round robin.
    private func prepare(_ request: DownloadRequest) -> (Transfer, Lane) {
        let transfer = Transfer(request: request, enqueued: MonotonicClock.now())
        if lanes.count == 1 { return (transfer, lanes[0]) }
        if let own = lanes.first(where: { $0.lane.loop.inEventLoop }) { return (transfer, own) }
        let turn = UInt(bitPattern: nextLane.wrappingAdd(1, ordering: .relaxed).oldValue)
        return (transfer, lanes[Int(turn % UInt(lanes.count))])
    }

    /// Transfers attached to libcurl now, across loops (a monitoring snapshot).
    public var activeTransfers: Int { lanes.reduce(0) { $0 + $1.lane.activeCount.load(ordering: .relaxed) } }

    /// Requests waiting for admission now, across loops (a monitoring snapshot).
    public var queuedTransfers: Int { lanes.reduce(0) { $0 + $1.lane.queuedCount.load(ordering: .relaxed) } }

    /// Ends every queued and running download with ``DownloadError/shutDown``, releases libcurl's
    /// handles, and stops the loops the transport created. Later downloads fail with
    /// ``DownloadError/shutDown``. Shut the transport down before the loops it was given.
    public func shutdown() async {
        for lane in lanes {
            await withUnsafeContinuation { continuation in lane.inbox.submit(.shutdown(continuation)) }
        }
        guard ownsLoops else { return }
        for loop in loops { try? loop.shutdown() }
    }

    /// A command the loop refused (it is shut down): end what it carried here.
    private static func refuse(_ command: TransportCommand) {
        switch command {
        case .start(let transfer): transfer.complete(transfer.unstartedResult(.shutDown))
        case .cancel: break
        case .shutdown(let continuation): continuation.resume()
        }
    }
}

/// Why a ``CurlTransport`` could not be created.
public enum CurlTransportError: Error, Equatable, CustomStringConvertible {
    /// A configuration value out of range; carries the option and its value.
    case invalidConfiguration(option: String, value: String)
    /// libcurl refused to create or configure a multi handle.
    case curl(CurlError)
    /// A loop of the transport's own could not be created or started.
    case eventLoop(EventLoopError)

    public var description: String {
        switch self {
        case .invalidConfiguration(let option, let value): "invalid transport configuration: \(option) = \(value)"
        case .curl(let error): "transport: \(error)"
        case .eventLoop(let error): "transport: \(error)"
        }
    }
}
