import CCurl
import NSEBenchCore

/// One libcurl multi handle driven by an ``EventLoop`` through `curl_multi_socket_action`.
///
/// libcurl tells the shard which sockets to watch (CURLMOPT_SOCKETFUNCTION: the shard registers,
/// modifies and deregisters them with the loop's epoll) and when it next needs to run
/// (CURLMOPT_TIMERFUNCTION: one timer on the loop's wheel). Readiness and that timer call
/// `curl_multi_socket_action`; finished transfers go back to the ``TransportLane``.
///
/// Several shards may share a loop (``CurlTransport/Configuration/multiHandlesPerLoop``), each with
/// its own connection cache and timer.
///
/// Loop thread only, after creation; not `Sendable`.
final class CurlShard {
    unowned let lane: TransportLane
    let loop: EventLoop
    /// Nil once closed.
    private var multi: CurlMultiHandle?
    private var timer: TimerID?
    /// The deadline of ``timer``, while it is pending.
    private var timerDeadline: UInt64 = 0
    /// The attached transfers: this table keeps them (and what libcurl points at) alive.
    private var transfers: [ObjectIdentifier: Transfer] = [:]

    /// How many transfers are attached.
    var count: Int { transfers.count }

    init(lane: TransportLane, loop: EventLoop) throws(CurlError) {
        self.lane = lane
        self.loop = loop
        let multi = try CurlMultiHandle()
        // No libcurl-side queueing: admission happens in Swift, so queue time never counts against
        // libcurl's timeouts.
        try multi.setMaximumHostConnections(0)
        let context = Unmanaged.passUnretained(self).toOpaque()
        try multi.setSocketCallback(curlSocketCallback, context: context)
        try multi.setTimerCallback(curlTimerCallback, context: context)
        self.multi = multi
    }

    /// Starts running `transfer`'s handle.
    func attach(_ transfer: Transfer) throws(CurlError) {
        guard let multi, let easy = transfer.easy else {
            throw CurlError(call: "curl_multi_add_handle", multiCode: CURLM_BAD_HANDLE)
        }
        try multi.add(easy)
        transfers[ObjectIdentifier(transfer)] = transfer
        transfer.shard = self
        transfer.phase = .attached
    }

    /// Stops running `transfer`'s handle, finished or not. Not from inside a libcurl callback.
    func detach(_ transfer: Transfer) {
        if let easy = transfer.easy { _ = try? multi?.remove(easy) }
        transfers[ObjectIdentifier(transfer)] = nil
        transfer.shard = nil
    }

    /// Detaches every transfer, returning them, then releases the multi handle (which closes the
    /// sockets it kept, telling this shard to deregister them). The shard is unusable afterwards.
    func close() -> [Transfer] {
        let remaining = Array(transfers.values)
        for transfer in remaining { detach(transfer) }
        multi = nil
        if let timer = timer.take() { _ = try? loop.cancelTimer(timer) }
        return remaining
    }

    // MARK: libcurl → loop

    /// CURLMOPT_SOCKETFUNCTION: watch `socket` for what libcurl asks, or stop watching it.
    /// Returns -1 (libcurl then fails the current call) if the loop refuses.
    func watch(_ socket: Int32, what: Int32) -> Int32 {
        let interest: IOEvents
        switch what {
        case CURL_POLL_IN: interest = .readable
        case CURL_POLL_OUT: interest = .writable
        case CURL_POLL_INOUT: interest = [.readable, .writable]
        default:
            if (try? loop.interest(of: socket)) != nil { _ = try? loop.deregister(fd: socket) }
            return 0
        }
        do {
            if try loop.interest(of: socket) != nil {
                try loop.modify(fd: socket, interest: interest)
            } else {
                try loop.register(fd: socket, interest: interest) { [self] events in
                    socketReady(socket, events)
                }
            }
            return 0
        } catch {
            return -1
        }
    }

    /// CURLMOPT_TIMERFUNCTION: run libcurl again in `milliseconds` (-1: never).
    ///
    /// A pending timer that is due no later than the new request is kept: running libcurl early is
    /// harmless (a timeout call makes it report its next timeout again), while moving the timer
    /// later each time libcurl asks for "now" would starve it. That happens when transfers are
    /// started in every timer pass: each start asks for a timeout of 0, and a timer rescheduled
    /// to "now" always lands after the current pass, so libcurl would not run until the starts
    /// stopped, and then would set up thousands of transfers in one call.
    func setTimer(milliseconds: Int) {
        guard milliseconds >= 0 else {
            if let timer = timer.take() { _ = try? loop.cancelTimer(timer) }
            return
        }
        let deadline = MonotonicClock.now() + UInt64(milliseconds) * 1_000_000
        guard Self.replacesTimer(pending: timer == nil ? nil : timerDeadline, requested: deadline) else { return }
        if let timer = timer.take() { _ = try? loop.cancelTimer(timer) }
        timer = try? loop.scheduleTimer(at: deadline) { [self] in timerFired() }
        timerDeadline = deadline
    }

    /// Whether a timer libcurl asks for at `requested` replaces the one pending at `pending`: only
    /// when it is due earlier (or none is pending).
    static func replacesTimer(pending: UInt64?, requested: UInt64) -> Bool {
        guard let pending else { return true }
        return requested < pending
    }

    // MARK: loop → libcurl

    private func socketReady(_ socket: Int32, _ events: IOEvents) {
        var flags: Int32 = 0
        if events.contains(.readable) { flags |= CURL_CSELECT_IN }
        if events.contains(.writable) { flags |= CURL_CSELECT_OUT }
        if !events.isDisjoint(with: [.error, .hangup]) { flags |= CURL_CSELECT_ERR }
        run(socket: socket, events: flags)
    }

    private func timerFired() {
        timer = nil
        run(socket: nil, events: 0)
    }

    private func run(socket: Int32?, events: Int32) {
        guard let multi else { return }
        // A failure here is a multi-level one (a socket callback refusing); the transfers it hit
        // still finish, by their own timeouts at worst, and are reported below.
        _ = try? multi.socketAction(socket: socket, events: events)
        let observed = MonotonicClock.now()
        while let (raw, code) = multi.nextCompletion() {
            guard let context = CurlEasyHandle.privatePointer(of: raw) else { continue }
            let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
            guard transfers[ObjectIdentifier(transfer)] != nil else { continue }
            lane.transferFinished(transfer, code: code, observedAt: observed)
        }
        lane.admitWaiting()
    }
}

/// CURLMOPT_SOCKETFUNCTION: the context is the shard, unretained (a shard outlives its multi handle).
private let curlSocketCallback: curl_socket_callback = { _, socket, what, context, _ in
    guard let context else { return 0 }
    return Unmanaged<CurlShard>.fromOpaque(context).takeUnretainedValue().watch(socket, what: what)
}

/// CURLMOPT_TIMERFUNCTION: the context is the shard, unretained.
private let curlTimerCallback: curl_multi_timer_callback = { _, milliseconds, context in
    guard let context else { return 0 }
    Unmanaged<CurlShard>.fromOpaque(context).takeUnretainedValue().setTimer(milliseconds: milliseconds)
    return 0
}
