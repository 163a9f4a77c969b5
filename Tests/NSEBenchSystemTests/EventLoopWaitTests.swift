import Foundation
import NSEBenchSystem
import NSEBenchTestSupport
import Testing

private let millisecond: UInt64 = 1_000_000

/// The loop's wait: the millisecond fallback, and interrupted waits. An extension of the
/// `EventLoop` suite so that it stays serialized with it.
extension EventLoopTests {
    @Test("with epoll_wait's whole milliseconds (the fallback), timers still fire in order, never early")
    func millisecondFallback() async throws {
        let loop = try EventLoop(name: "nseb-ms", waitPrecision: .milliseconds)
        try loop.start()
        let fired = Recorder<(deadline: UInt64, at: UInt64)>()
        try await onLoop(loop) {
            let start = MonotonicClock.now()
            for index in 0..<20 {
                let deadline = start + UInt64((index * 7) % 20 + 1) * millisecond + 333_333
                try loop.scheduleTimer(at: deadline) { fired.append((deadline, MonotonicClock.now())) }
            }
        }
        #expect(await eventually { fired.count == 20 })
        try loop.shutdown()
        let values = fired.values
        #expect(values.map(\.deadline) == values.map(\.deadline).sorted())
        #expect(values.allSatisfy { $0.at >= $0.deadline }, "a timer fired early")
    }

    @Test("signals interrupting epoll_wait (EINTR) neither stop the loop nor lose or hasten a timer")
    func interruptedWait() async throws {
        // A handler, so that the signal interrupts the wait instead of being ignored or fatal.
        signal(SIGUSR1) { _ in }
        let loop = try EventLoop(name: "nseb-eintr")
        try loop.start()
        let fired = Recorder<(deadline: UInt64, at: UInt64)>()
        let thread = try await onLoop(loop) { () -> pthread_t in
            let deadline = MonotonicClock.now() + 40 * millisecond
            try loop.scheduleTimer(at: deadline) { fired.append((deadline, MonotonicClock.now())) }
            return pthread_self()
        }
        for _ in 0..<100 {
            pthread_kill(thread, SIGUSR1)
            try await Task.sleep(for: .microseconds(200))
        }
        #expect(await eventually { fired.count == 1 })
        #expect(fired.values.allSatisfy { $0.at >= $0.deadline })
        #expect(try await onLoop(loop) { loop.inEventLoop })
        try loop.shutdown()
    }
}
