import CCurl
import NSEBenchCore
import Synchronization

/// What callers ask of a ``TransportLane``, through its inbox.
enum TransportCommand: Sendable {
    case start(Transfer)
    case cancel(Transfer)
    case shutdown(UnsafeContinuation<Void, Never>)
}

/// The part of a ``CurlTransport`` that runs on one event loop: admission, the queue, and the
/// loop's libcurl multi handles (``CurlShard``).
///
/// Admission happens here, in Swift: at most ``limit`` transfers run at once, and at most
/// ``startsPerIteration`` start per loop iteration; the rest wait in a FIFO queue, timed by
/// ``DownloadTimings/queued``, and libcurl never sees them, so queue time never counts against
/// libcurl's timeouts.
final class TransportLane: @unchecked Sendable {
    // @unchecked Sendable: every `var` is touched only on `loop`'s thread (commands arrive through an
    // inbox); the shards are created in init, before the lane is published to the loop; the
    // counters are Atomics, written on the loop and read anywhere.
    let loop: EventLoop
    /// The most transfers attached at once on this lane.
    let limit: Int
    /// The most transfers started between two looks at I/O (see
    /// ``CurlTransport/Configuration/startsPerIteration``).
    let startsPerIteration: Int
    /// Starts left before the lane yields to I/O, and whether the refill is scheduled.
    private var startBudget: Int
    private var refillScheduled = false
    private var shards: [CurlShard] = []
    /// Whether plain-HTTP requests go to the transport's own client (``PlainHTTPExchange``).
    let ownsPlainHTTP: Bool
    /// The transfers the plain-HTTP client runs: this table keeps them alive. Loop thread only.
    private(set) var exchanges: [ObjectIdentifier: Transfer] = [:]
    /// What the plain-HTTP client reads into: one buffer for every exchange on the loop, which runs
    /// one handler at a time.
    let readBuffer: UnsafeMutableRawBufferPointer
    private var waiting = FIFOQueue<Transfer>()
    private var active = 0
    private var closed = false
    /// Transfers attached to libcurl, and transfers queued for admission; for monitoring.
    let activeCount = Atomic<Int>(0)
    let queuedCount = Atomic<Int>(0)

    init(loop: EventLoop, limit: Int, startsPerIteration: Int, multiHandles: Int, plainHTTP: PlainHTTPClient)
        throws(CurlError)
    {
        self.loop = loop
        self.ownsPlainHTTP = plainHTTP == .own
        self.readBuffer = .allocate(byteCount: ReceiveBufferPolicy.largeBufferBytes, alignment: 16)
        self.limit = limit
        self.startsPerIteration = startsPerIteration
        self.startBudget = startsPerIteration
        for _ in 0..<multiHandles { shards.append(try CurlShard(lane: self, loop: loop)) }
    }

    deinit { readBuffer.deallocate() }

    /// Acts on a command. Loop thread only.
    func handle(_ command: TransportCommand) {
        switch command {
        case .start(let transfer): start(transfer)
        case .cancel(let transfer): cancel(transfer)
        case .shutdown(let continuation):
            shutDown()
            continuation.resume()
        }
    }

    // MARK: Admission

    private func start(_ transfer: Transfer) {
        guard !closed else {
            transfer.complete(transfer.unstartedResult(.shutDown))
            return
        }
        // Through the queue even when a slot is free, so that arrivals never overtake waiters.
        transfer.phase = .queued
        waiting.push(transfer)
        queuedCount.add(1, ordering: .relaxed)
        admitWaiting()
        if transfer.phase == .queued, let deadline = transfer.request.deadline {
            transfer.queueTimer = try? loop.scheduleTimer(at: deadline) { [self] in expire(transfer) }
        }
    }

    /// Admits queued transfers while slots and this iteration's starts last. Not from inside a
    /// libcurl callback.
    func admitWaiting() {
        while active < limit, startBudget > 0, let next = waiting.popFirst() {
            guard next.phase == .queued else { continue }
            queuedCount.subtract(1, ordering: .relaxed)
            admit(next, now: MonotonicClock.now())
        }
    }

    private func admit(_ transfer: Transfer, now: UInt64) {
        if let timer = transfer.queueTimer.take() { _ = try? loop.cancelTimer(timer) }
        startBudget -= 1
        scheduleRefill()
        transfer.admittedNow(now)
        if let deadline = transfer.request.deadline, now >= deadline {
            finish(transfer, .deadlineExpiredWhileQueued(deadline: deadline))
            return
        }
        do throws(DownloadError) {
            if ownsPlainHTTP, let plain = PlainHTTPExchange.accepts(transfer.request) {
                TransferSetup.setTotalLimit(transfer, now: now)
                transfer.exchange = try PlainHTTPExchange(
                    transfer: transfer, plain: plain, lane: self, now: now,
                    readLimit: transfer.request.receiveBufferBytes ?? ReceiveBufferPolicy.largeBufferBytes)
                exchanges[ObjectIdentifier(transfer)] = transfer
                transfer.phase = .attached
            } else {
                try TransferSetup.prepare(transfer, now: now, inFlight: active)
                guard let shard = shards.min(by: { $0.count < $1.count }) else { throw .shutDown }
                do throws(CurlError) { try shard.attach(transfer) } catch { throw .setup(error) }
            }
        } catch {
            finish(transfer, error)
            return
        }
        active += 1
        activeCount.add(1, ordering: .relaxed)
    }

    /// Gives the lane a fresh ``startsPerIteration`` once the loop has looked at I/O again: the
    /// timer is due just after the current timer pass's instant, so it runs in the next iteration's
    /// pass, after that iteration's I/O handlers.
    private func scheduleRefill() {
        guard !refillScheduled else { return }
        do {
            try loop.scheduleTimer(at: MonotonicClock.now() + 1) { [self] in
                refillScheduled = false
                startBudget = startsPerIteration
                admitWaiting()
            }
            refillScheduled = true
        } catch {
            startBudget = startsPerIteration
        }
    }

    private func expire(_ transfer: Transfer) {
        transfer.queueTimer = nil
        guard transfer.phase == .queued, let deadline = transfer.request.deadline else { return }
        queuedCount.subtract(1, ordering: .relaxed)
        finish(transfer, .deadlineExpiredWhileQueued(deadline: deadline))
    }

    // MARK: Ending transfers

    /// libcurl finished `transfer` (read by a shard after `curl_multi_socket_action`).
    func transferFinished(_ transfer: Transfer, code: CURLcode, observedAt: UInt64) {
        transfer.shard?.detach(transfer)
        releaseSlot()
        var error: DownloadError?
        if code != CURLE_OK, let easy = transfer.easy {
            error = TransferOutcome.error(for: transfer, easy: easy, code: code)
        }
        finish(transfer, error, observedCompletion: observedAt)
    }

    /// The plain-HTTP client ended `transfer`'s exchange, with `error` or none.
    func exchangeFinished(_ transfer: Transfer, error: DownloadError?) {
        let observed = MonotonicClock.now()
        exchanges[ObjectIdentifier(transfer)] = nil
        releaseSlot()
        finish(transfer, error, observedCompletion: observed)
        admitWaiting()
    }

    /// Stops running `transfer`, on libcurl or the plain-HTTP client, without ending it.
    private func detach(_ transfer: Transfer) {
        if let exchange = transfer.exchange {
            exchange.close()
            exchanges[ObjectIdentifier(transfer)] = nil
        } else {
            transfer.shard?.detach(transfer)
        }
    }

    private func cancel(_ transfer: Transfer) {
        switch transfer.phase {
        case .queued:
            if let timer = transfer.queueTimer.take() { _ = try? loop.cancelTimer(timer) }
            queuedCount.subtract(1, ordering: .relaxed)
            finish(transfer, .cancelled)
        case .attached:
            detach(transfer)
            releaseSlot()
            finish(transfer, .cancelled)
            admitWaiting()
        case .new, .done:
            break
        }
    }

    private func shutDown() {
        closed = true
        for transfer in waiting.removeAll() where transfer.phase == .queued {
            if let timer = transfer.queueTimer.take() { _ = try? loop.cancelTimer(timer) }
            queuedCount.subtract(1, ordering: .relaxed)
            finish(transfer, .shutDown)
        }
        for transfer in Array(exchanges.values) {
            detach(transfer)
            releaseSlot()
            finish(transfer, .shutDown)
        }
        for shard in shards {
            for transfer in shard.close() {
                releaseSlot()
                finish(transfer, .shutDown)
            }
        }
        shards = []
    }

    private func releaseSlot() {
        active -= 1
        activeCount.subtract(1, ordering: .relaxed)
    }

    /// Hands the result back and releases what the transfer held (handle, file).
    private func finish(_ transfer: Transfer, _ error: DownloadError?, observedCompletion: UInt64? = nil) {
        transfer.phase = .done
        let result = TransferOutcome.result(for: transfer, error: error, observedCompletion: observedCompletion)
        transfer.easy = nil
        transfer.exchange = nil
        transfer.complete(result)
    }
}
