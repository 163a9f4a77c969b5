import Dispatch
import NSEBenchCore
import NSEBenchSystem
import NSEBenchTestSupport
import Synchronization
import Testing

private let millisecond: UInt64 = 1_000_000

/// Serialized: timing checks are noisy enough on a shared 2-core machine without the suite
/// competing with itself, and the descriptor count must not see another test's loop.
@Suite("EventLoop", .serialized)
struct EventLoopTests {
    @Test("execute from many threads runs every closure exactly once, on the loop thread")
    func executeFromManyThreads() async throws {
        let loop = try EventLoop(name: "nseb-exec")
        try loop.start()
        let threads = 8
        let perThread = 5_000
        let runs = Mutex([Int](repeating: 0, count: threads * perThread))
        let offLoop = Recorder<Int>()
        let rejected = Recorder<String>()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for item in 0..<perThread {
                let slot = thread * perThread + item
                do {
                    try loop.execute {
                        if !loop.inEventLoop { offLoop.append(slot) }
                        runs.withLock { $0[slot] += 1 }
                    }
                } catch {
                    rejected.append("\(error)")
                }
            }
        }
        #expect(await eventually { runs.withLock { $0.reduce(0, +) } == threads * perThread })
        try loop.shutdown()
        #expect(runs.withLock { $0.allSatisfy { $0 == 1 } })
        #expect(offLoop.count == 0)
        #expect(rejected.count == 0)
        #expect(!loop.inEventLoop)
    }

    @Test("a loop says it has stopped only once its thread has let go of its handlers")
    func hasStoppedOnlyOnceItsThreadEnded() throws {
        let loop = try EventLoop(name: "nseb-stopped")
        #expect(!loop.hasStopped, "not started is not stopped")
        try loop.start()
        let ran = Recorder<Bool>()
        try loop.execute { ran.append(loop.hasStopped) }
        try loop.shutdown()
        #expect(ran.values == [false], "running, it has not stopped")
        #expect(loop.hasStopped)
    }

    @Test("work accepted before shutdown still runs; work after it is refused")
    func shutdownRunsAcceptedWork() throws {
        let loop = try EventLoop(name: "nseb-drain")
        try loop.start()
        let ran = Recorder<Int>()
        for item in 0..<1_000 { try loop.execute { ran.append(item) } }
        try loop.shutdown()
        #expect(ran.values == Array(0..<1_000))
        #expect(throws: EventLoopError.shutDown(loop: "nseb-drain")) { try loop.execute {} }
        #expect(throws: EventLoopError.shutDown(loop: "nseb-drain")) { try loop.start() }
        try loop.shutdown()
    }

    @Test("timers fire in deadline order and never early")
    func timersInOrder() async throws {
        let loop = try EventLoop(name: "nseb-timers")
        try loop.start()
        let fired = Recorder<(deadline: UInt64, at: UInt64)>()
        let count = 60
        try await onLoop(loop) {
            let start = MonotonicClock.now()
            for index in 0..<count {
                // A scrambled order of deadlines 1...60 ms out, some sharing a millisecond.
                let deadline = start + UInt64((index * 37) % 50 + 1) * millisecond + UInt64(index)
                try loop.scheduleTimer(at: deadline) { fired.append((deadline, MonotonicClock.now())) }
            }
        }
        #expect(await eventually { fired.count == count })
        try loop.shutdown()
        let values = fired.values
        #expect(values.map(\.deadline) == values.map(\.deadline).sorted())
        #expect(values.allSatisfy { $0.at >= $0.deadline }, "a timer fired early")
        // Generous: the machine is shared and noisy. Typical lateness is tens of microseconds.
        let lateness = values.map { $0.at - $0.deadline }.sorted()
        #expect(lateness[lateness.count / 2] <= 20 * millisecond)
        #expect(lateness.last.map { $0 <= 200 * millisecond } == true)
    }

    @Test("a cancelled timer never runs; cancelling twice, or after firing, reports false")
    func cancelTimer() async throws {
        let loop = try EventLoop(name: "nseb-cancel")
        try loop.start()
        let fired = Recorder<String>()
        let results = try await onLoop(loop) { () -> [Bool] in
            let now = MonotonicClock.now()
            let early = try loop.scheduleTimer(at: now + 5 * millisecond) { fired.append("early") }
            let doomed = try loop.scheduleTimer(at: now + 10 * millisecond) { fired.append("doomed") }
            // Cancelled from another timer's callback, before its own deadline.
            let victim = try loop.scheduleTimer(at: now + 30 * millisecond) { fired.append("victim") }
            try loop.scheduleTimer(at: now + 20 * millisecond) {
                fired.append("canceller")
                _ = try? loop.cancelTimer(victim)
            }
            try loop.scheduleTimer(at: now + 40 * millisecond) { fired.append("last") }
            return [try loop.cancelTimer(doomed), try loop.cancelTimer(doomed), try loop.pendingTimerCount() == 4]
                + [try loop.cancelTimer(early) == true]
        }
        #expect(results == [true, false, true, true])
        #expect(await eventually { fired.values.contains("last") })
        #expect(fired.values == ["canceller", "last"])
        #expect(try await onLoop(loop) { try loop.pendingTimerCount() } == 0)
        try loop.shutdown()
    }

    @Test("a timer callback can schedule the next timer")
    func timerChain() async throws {
        let loop = try EventLoop(name: "nseb-chain")
        try loop.start()
        let ticks = Recorder<UInt64>()
        @Sendable func tick(_ remaining: Int) {
            ticks.append(MonotonicClock.now())
            guard remaining > 0 else { return }
            _ = try? loop.scheduleTimer(at: MonotonicClock.now() + millisecond) { tick(remaining - 1) }
        }
        _ = try await onLoop(loop) { try loop.scheduleTimer(at: MonotonicClock.now() + millisecond) { tick(9) } }
        #expect(await eventually { ticks.count == 10 })
        let values = ticks.values
        #expect(zip(values, values.dropFirst()).allSatisfy { $1 - $0 >= millisecond })
        try loop.shutdown()
    }

    @Test("readiness: a readable socket's handler runs with the data; modify switches interest")
    func readiness() async throws {
        let loop = try EventLoop(name: "nseb-io")
        try loop.start()
        let (local, remote) = try Posix.socketPair()
        var remoteOpen = true
        defer {
            // Never close a descriptor twice: its number may already belong to another test's socket.
            try? Posix.close(local)
            if remoteOpen { try? Posix.close(remote) }
        }
        let received = Recorder<String>()
        let events = Recorder<IOEvents>()
        try await onLoop(loop) {
            try loop.register(fd: local, interest: .readable) { ready in
                events.append(ready)
                if ready.contains(.readable), let text = try? readAvailable(from: local), !text.isEmpty {
                    received.append(text)
                }
            }
        }
        try write("hello", to: remote)
        #expect(await eventually { received.values == ["hello"] })
        try write("again", to: remote)
        #expect(await eventually { received.values == ["hello", "again"] })
        // An idle socket asked for writability is reported writable.
        try await onLoop(loop) { try loop.modify(fd: local, interest: .writable) }
        #expect(await eventually { events.values.last == .writable })
        #expect(try await onLoop(loop) { try loop.interest(of: local) } == .writable)
        try await onLoop(loop) { try loop.modify(fd: local, interest: [.readable, .readHangup]) }
        try Posix.close(remote)
        remoteOpen = false
        #expect(await eventually { events.values.last?.contains(.readHangup) == true })
        try await onLoop(loop) { try loop.deregister(fd: local) }
        try loop.shutdown()
        #expect(events.values.allSatisfy { !$0.contains(.error) })
    }

    @Test("a handler that deregisters itself and another descriptor: no event reaches either again")
    func deregisterDuringDispatch() async throws {
        let loop = try EventLoop(name: "nseb-dereg")
        try loop.start()
        let first = try Posix.socketPair()
        let second = try Posix.socketPair()
        defer { for fd in [first.0, first.1, second.0, second.1] { try? Posix.close(fd) } }
        // Both readable before registration, so one epoll_wait reports both.
        try write("x", to: first.1)
        try write("y", to: second.1)
        let calls = Recorder<Int32>()
        let errors = Recorder<String>()
        try await onLoop(loop) {
            for fd in [first.0, second.0] {
                try loop.register(fd: fd, interest: .readable) { _ in
                    calls.append(fd)
                    for victim in [first.0, second.0] where (try? loop.interest(of: victim)) != nil {
                        do { try loop.deregister(fd: victim) } catch { errors.append("\(error)") }
                    }
                }
            }
        }
        #expect(await eventually { calls.count >= 1 })
        // Level-triggered and still readable: any surviving registration would be called again.
        try await Task.sleep(for: .milliseconds(50))
        #expect(calls.count == 1)
        #expect(errors.values.isEmpty)
        try loop.shutdown()
    }

    @Test("an event collected for a descriptor re-registered during dispatch is not delivered to the new handler")
    func reregisterDuringDispatch() async throws {
        let loop = try EventLoop(name: "nseb-rereg")
        try loop.start()
        let first = try Posix.socketPair()
        let second = try Posix.socketPair()
        defer { for fd in [first.0, first.1, second.0, second.1] { try? Posix.close(fd) } }
        try write("x", to: first.1)
        try write("y", to: second.1)
        let swapped = Mutex(false)
        let newHandlerEvents = Recorder<IOEvents>()
        try await onLoop(loop) {
            for (fd, other) in [(first.0, second.0), (second.0, first.0)] {
                try loop.register(fd: fd, interest: .readable) { _ in
                    guard
                        swapped.withLock({ done in
                            defer { done = true }
                            return !done
                        })
                    else { return }
                    // Replace the other descriptor's registration: the readable event already
                    // collected for it belongs to the old one.
                    _ = try? loop.deregister(fd: other)
                    _ = try? loop.register(fd: other, interest: .writable) { newHandlerEvents.append($0) }
                    _ = try? loop.deregister(fd: fd)
                }
            }
        }
        #expect(await eventually { newHandlerEvents.count >= 1 })
        try await onLoop(loop) {
            for fd in [first.0, second.0] where try loop.interest(of: fd) != nil { try loop.deregister(fd: fd) }
        }
        #expect(newHandlerEvents.values.allSatisfy { !$0.contains(.readable) })
        try loop.shutdown()
    }

    @Test("loop-thread-only calls are refused elsewhere, with the loop's name")
    func threadChecks() async throws {
        let loop = try EventLoop(name: "nseb-checks")
        #expect(throws: EventLoopError.notOnLoopThread(loop: "nseb-checks", operation: "register")) {
            try loop.register(fd: 0, interest: .readable) { _ in }
        }
        #expect(throws: EventLoopError.notOnLoopThread(loop: "nseb-checks", operation: "scheduleTimer")) {
            try loop.scheduleTimer(at: 0) {}
        }
        try loop.start()
        #expect(throws: EventLoopError.alreadyStarted(loop: "nseb-checks")) { try loop.start() }
        let onLoopErrors = try await onLoop(loop) { () -> [EventLoopError] in
            var errors: [EventLoopError] = []
            do throws(EventLoopError) { try loop.shutdown() } catch { errors.append(error) }
            do throws(EventLoopError) { try loop.register(fd: -1, interest: .readable) { _ in } } catch {
                errors.append(error)
            }
            do throws(EventLoopError) { try loop.deregister(fd: 12_345) } catch { errors.append(error) }
            return errors
        }
        #expect(
            onLoopErrors == [
                .onLoopThread(loop: "nseb-checks", operation: "shutdown"),
                .invalidDescriptor(loop: "nseb-checks", fd: -1),
                .notRegistered(loop: "nseb-checks", fd: 12_345),
            ])
        try loop.shutdown()
    }

    @Test("shutdown joins the thread and closes the loop's descriptors")
    func shutdownClosesDescriptors() async throws {
        try await Task.sleep(for: .milliseconds(1))  // libdispatch's own timerfds exist from here on
        // The count is the whole process's, and other suites' runs open and close event loops while
        // this one runs, so one attempt may see their churn. An attempt counts only when nothing else
        // moved the count in between; a loop that leaked would leak in every attempt and never pass.
        var attempts: [String] = []
        for _ in 0..<8 {
            let baseline = eventLoopDescriptorCount()
            let started = try EventLoop(name: "nseb-fds-a")
            let idle = try EventLoop(name: "nseb-fds-b")
            try started.start()
            let open = eventLoopDescriptorCount()
            #expect(await eventually { threadNames().contains("nseb-fds-a") })
            try started.shutdown()
            try idle.shutdown()
            #expect(!threadNames().contains("nseb-fds-a"))
            let afterShutdown = eventLoopDescriptorCount()
            do {
                // Never started, never shut down: released by deinit.
                _ = try EventLoop(name: "nseb-fds-c")
            }
            let afterDeinit = eventLoopDescriptorCount()
            if open == baseline + 6, afterShutdown == baseline, afterDeinit == baseline { return }
            attempts.append(
                "baseline \(baseline), with two loops \(open) (an epoll, an eventfd and a timerfd each: +6 expected), "
                    + "after shutdown \(afterShutdown), after deinit \(afterDeinit)")
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("descriptors were not released in any attempt: \(attempts.joined(separator: "; "))")
    }
}
