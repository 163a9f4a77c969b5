import CNSEBenchLinux
import Glibc
import NSEBenchCore

/// The loop thread's body: wait, dispatch I/O, run timers, run handed-in work.
extension EventLoop {
    /// Runs iterations until shutdown is requested or a system call fails, then releases
    /// loop-confined state. Called once, on the loop thread.
    func run() {
        loopThreadID.store(LoopThread.currentID, ordering: .relaxed)
        // Ask the kernel for wakeups within 1 ns of the timeout instead of the default 50 µs.
        _ = nseb_set_timer_slack(1)
        do throws(SystemError) {
            try runIterations()
        } catch {
            shared.withLock { state in
                state.failure = error
                state.acceptingWork = false
            }
        }
        // Release handlers, timer callbacks and work left by a failure here, on the thread that
        // owns them, and outside the lock in case a closure's captures call back into the loop. Task
        // jobs left by a failure go on, on the global executor.
        registrations = []
        wheel = TimingWheel(now: 0)
        var abandoned = SharedState.WorkQueue()
        swap(&running, &abandoned)
        EventLoopWork.rescueJobs(from: abandoned)
        abandoned = []
        shared.withLock { state in swap(&state.queue, &abandoned) }
        EventLoopWork.rescueJobs(from: abandoned)
        shared.withLock { $0.stopped = true }
        loopThreadID.store(0, ordering: .relaxed)
    }

    private func runIterations() throws(SystemError) {
        while true {
            let count = try waitForEvents(timeout: sleepTimeout())
            // The calls an iteration hands to threads (a phone's completion handlers as its transfers end,
            // a worker's `didReceive` calls as its requests are read) wake those threads a few at a time.
            let stop = try HandOverBatch.collecting { (batch) throws(SystemError) -> Bool in
                try runIteration(eventCount: count, handingOver: batch)
            }
            if stop { return }
        }
    }

    /// Dispatches the `eventCount` events waited for, runs the timers due and the work handed in; returns
    /// whether shutdown was requested. Every 16 events and jobs, the calls in `batch` that have waited
    /// their pool's hand-over wait are handed over: a call waits no longer for a long iteration's end.
    private func runIteration(eventCount count: Int, handingOver batch: HandOverBatch?) throws(SystemError) -> Bool {
        let stop = shared.withLock { state in
            swap(&state.queue, &running)
            state.loopMaySleep = false
            state.sleepingUntil = nil
            return state.shutdownRequested
        }
        for index in 0..<count {
            let token = events[index].data.u64
            if token == Self.wakeupToken {
                try EventFD.drain(wakeup)
            } else if token == Self.deferredWakeupToken {
                try TimerFD.drain(deferredWakeup)
                deferredWakeupFired = true
            } else {
                dispatch(token: token, events: events[index].events)
            }
            if index & 15 == 15 { batch?.handOverDue(now: MonotonicClock.now()) }
        }
        runDueTimers(now: MonotonicClock.now())
        batch?.handOverDue(now: MonotonicClock.now())
        let executor = asUnownedTaskExecutor()
        for (index, item) in running.enumerated() {
            switch item {
            case .work(let work): work()
            case .job(let job): job.runSynchronously(on: executor)
            }
            if index & 15 == 15 { batch?.handOverDue(now: MonotonicClock.now()) }
        }
        running.removeAll(keepingCapacity: true)
        return stop
    }

    /// How long the loop may sleep: not at all if work is queued or shutdown was requested,
    /// otherwise until the timing wheel's next deadline (nil: until an event).
    private func sleepTimeout() -> UInt64? {
        let now = MonotonicClock.now()
        let nextTimer = wheel.nextDeadline
        let fired = deferredWakeupFired
        deferredWakeupFired = false
        let mustNotSleep = shared.withLock { state in
            // Cleared before the loop may sleep again, so a producer never trusts a fired arming.
            if fired { state.deferredWakeAt = nil }
            guard state.queue.isEmpty, !state.shutdownRequested else { return true }
            state.loopMaySleep = true
            state.sleepingUntil = nextTimer
            return false
        }
        if mustNotSleep { return 0 }
        guard let deadline = nextTimer else { return nil }
        return deadline > now ? deadline - now : 0
    }

    private func waitForEvents(timeout: UInt64?) throws(SystemError) -> Int {
        try events.withUnsafeMutableBufferPointer { (buffer) throws(SystemError) -> Int in
            if waitPrecision == .nanoseconds {
                do throws(SystemError) {
                    return try Epoll.waitPrecisely(epoll, into: buffer, timeout: timeout)
                } catch  where error.errno == ENOSYS {
                    waitPrecision = .milliseconds
                }
            }
            return try Epoll.waitMilliseconds(epoll, into: buffer, timeout: timeout)
        }
    }
}
