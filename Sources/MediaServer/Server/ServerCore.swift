import NSEBenchCore
import NSEBenchSystem

/// The media server's loop-confined state: listener, connections, planner, buffers and the shared
/// link bandwidth. Every method runs on the loop thread.
final class ServerCore {
    let loop: EventLoop
    let configuration: MediaServerConfiguration
    let statistics: ServerStatistics
    var planner: ResponsePlanner
    let idleTimeoutNanoseconds: UInt64
    /// Scratch space shared by every connection on this loop: read into, and gather writes in.
    let readBuffer: UnsafeMutableRawBufferPointer
    let writeBuffer: UnsafeMutableRawBufferPointer
    private var listener: Int32?
    private var connections: [Int32: Connection] = [:]
    private var link: TokenBucket?
    private(set) var isDraining = false
    /// How late delayed first bytes went out, in nanoseconds: the server's own timing error.
    private(set) var firstByteLateness = Histogram(highestTrackableValue: 1 << 36)
    private var drained: (() -> Void)?

    /// `originTier` is the CDN cache every core of the server shares; nil for none.
    init(
        loop: EventLoop, configuration: MediaServerConfiguration, statistics: ServerStatistics, listener: Int32,
        originTier: OriginTier? = nil
    ) throws(SystemError) {
        self.loop = loop
        self.configuration = configuration
        self.statistics = statistics
        self.listener = listener
        let directory = try configuration.mediaDirectory.map { (path) throws(SystemError) in
            try MediaDirectory(directory: path)
        }
        planner = ResponsePlanner(
            conditions: configuration.conditions, seed: configuration.seed, directory: directory,
            faultLog: configuration.faultLog, originTier: originTier, endpoints: configuration.endpoints)
        idleTimeoutNanoseconds = UInt64(max(1, configuration.idleTimeout.nanoseconds))
        readBuffer = .allocate(byteCount: 64 << 10, alignment: 16)
        writeBuffer = .allocate(byteCount: 256 << 10, alignment: 16)
        let linkRate = configuration.conditions.effectiveLinkBandwidth
        if !linkRate.isUnlimited {
            link = TokenBucket(
                bytesPerSecond: linkRate.bytesPerSecond,
                burst: TokenBucket.defaultBurst(bytesPerSecond: linkRate.bytesPerSecond), now: MonotonicClock.now())
        }
    }

    deinit {
        readBuffer.deallocate()
        writeBuffer.deallocate()
    }

    // MARK: Accepting

    func startAccepting() throws(EventLoopError) {
        guard let listener else { return }
        try loop.register(fd: listener, interest: .readable) { [unowned self] _ in self.acceptAll() }
    }

    private func acceptAll() {
        guard let listener else { return }
        while true {
            let accepted: IOResult<Int32>
            do {
                accepted = try Posix.accept(listener)
            } catch {
                if Posix.isOutOfDescriptors(error) { pauseAccepting() }
                return  // ECONNABORTED and the like: the next readable event tries again
            }
            guard case .processed(let fd) = accepted else { return }
            adopt(fd)
        }
    }

    /// Out of descriptors: stop watching the listener for 50 ms instead of spinning on it.
    private func pauseAccepting() {
        guard let listener else { return }
        _ = try? loop.deregister(fd: listener)
        _ = try? loop.scheduleTimer(at: MonotonicClock.now() + 50_000_000) { [unowned self] in
            _ = try? self.startAccepting()
        }
    }

    /// Takes on the accepted socket `fd` as a connection; one the server cannot take on (no TLS session,
    /// or the loop will not watch it) is closed and counted under that reason.
    func adopt(_ fd: Int32) {
        let io: ConnectionIO
        if let tls = configuration.tls {
            do {
                io = .tls(try tls.makeSession(descriptor: fd))
            } catch {
                closeUnadopted(fd, reason: .tlsSessionFailed)
                return
            }
        } else {
            io = .plain(fd)
        }
        let connection = Connection(fd: fd, server: self, io: io)
        let delay = planner.connectDelay()
        let interest = connection.initialInterest(connectDelay: delay)
        do {
            try loop.register(fd: fd, interest: interest) { [unowned connection] events in connection.handle(events) }
        } catch {
            closeUnadopted(fd, reason: .registrationFailed)
            return
        }
        connections[fd] = connection
        statistics.connectionsAccepted.add(1, ordering: .relaxed)
        statistics.connectionsOpen.add(1, ordering: .relaxed)
        connection.begin(after: delay, interest: interest)
    }

    /// Closes an accepted socket that never became a connection, counting it as accepted and closed for
    /// `reason`, so that the closes still add up to the connections accepted.
    private func closeUnadopted(_ fd: Int32, reason: ConnectionCloseReason) {
        statistics.connectionsAccepted.add(1, ordering: .relaxed)
        statistics.recordClose(reason)
        do {
            try Posix.close(fd)
        } catch {
            // Linux releases the descriptor even when close reports an error: nothing is left open,
            // and the close is counted under the reason that ended the connection.
        }
    }

    /// Forgets a closed connection and closes its socket.
    func remove(_ connection: Connection) {
        _ = try? loop.deregisterAndClose(fd: connection.fd)
        if connections.removeValue(forKey: connection.fd) != nil {
            statistics.connectionsOpen.subtract(1, ordering: .relaxed)
        }
        if isDraining, connections.isEmpty, let drained {
            self.drained = nil
            drained()
        }
    }

    func recordFirstByteLateness(_ nanoseconds: UInt64) {
        firstByteLateness.record(nanoseconds)
    }

    // MARK: Shared link bandwidth

    /// How many of `wanted` bytes the shared link lets through now.
    func linkAllowance(upTo wanted: Int, atLeast minimum: Int, now: UInt64) -> Int {
        guard link != nil else { return wanted }
        let granted = link!.take(upTo: wanted, atLeast: minimum, now: now)
        return granted
    }

    /// Nanoseconds until the shared link has `chunk` bytes to give again.
    func linkWait(for chunk: Int, now: UInt64) -> UInt64 {
        guard link != nil else { return 0 }
        return link!.nanosecondsUntil(available: chunk, now: now)
    }

    func returnLinkAllowance(_ count: Int) {
        link?.giveBack(count)
    }

    // MARK: Shutdown

    /// Closes the listening socket of a server whose loop never ran.
    func closeListener() {
        if let listener { try? Posix.close(listener) }
        listener = nil
    }

    /// Stops accepting, closes idle connections, and lets responses in flight finish for `grace`
    /// nanoseconds before closing the rest; calls `done` when no connection is left.
    func drain(grace: UInt64, done: @escaping () -> Void) {
        if let listener {
            _ = try? loop.deregister(fd: listener)
            try? Posix.close(listener)
            self.listener = nil
        }
        isDraining = true
        for connection in connections.values where connection.isIdle { connection.close() }
        guard !connections.isEmpty else {
            done()
            return
        }
        drained = done
        _ = try? loop.scheduleTimer(at: MonotonicClock.now() + grace) { [unowned self] in
            for connection in Array(self.connections.values) { connection.close() }
        }
    }
}
