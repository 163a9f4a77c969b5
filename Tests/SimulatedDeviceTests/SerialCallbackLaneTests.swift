import Foundation
import Synchronization
import Testing

@testable import SimulatedDevice

/// Threads lent for callbacks that run nothing until the test says so: what was submitted waits here.
private final class HeldThreads: PhoneCallbackThreads {
    private let held = Mutex<[@Sendable () -> Void]>([])

    var waiting: Int { held.withLock { $0.count } }

    func submit(_ work: @escaping @Sendable () -> Void) { held.withLock { $0.append(work) } }

    /// Runs the oldest submitted work; false when none waits.
    func runOne() -> Bool {
        guard let work = held.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return false }
        work()
        return true
    }
}

@Suite("Serial callback lanes on lent threads", .timeLimit(.minutes(1)))
struct SerialCallbackLaneTests {
    @Test("callbacks run one at a time, in the order given, though the lent threads run many at once")
    func serialAndInOrder() async throws {
        let threads = CountingThreads()
        let lane = SerialCallbackLane(on: threads)
        let order = Mutex<[Int]>([])
        let running = Atomic<Int>(0)
        let overlapped = Atomic<Bool>(false)
        let done = Callback<Bool>()
        let queue = OperationQueue()
        let count = 200
        for index in 0..<count {
            lane.run {
                if running.add(1, ordering: .relaxed).newValue > 1 { overlapped.store(true, ordering: .relaxed) }
                usleep(50)
                order.withLock { $0.append(index) }
                running.subtract(1, ordering: .relaxed)
                if index == count - 1 { done.record(true, queue: queue) }
            }
        }
        _ = try await done.wait()
        #expect(order.withLock { $0 } == Array(0..<count))
        let overlaps = overlapped.load(ordering: .relaxed)
        #expect(!overlaps)
    }

    @Test("a lane asks for a thread only while it has a callback, and gives it back after each one")
    func oneThreadPerCallback() {
        let threads = HeldThreads()
        let lane = SerialCallbackLane(on: threads)
        let ran = Mutex<[String]>([])
        lane.run { ran.withLock { $0.append("first") } }
        lane.run { ran.withLock { $0.append("second") } }
        #expect(threads.waiting == 1, "one thread asked for, however many callbacks wait")
        #expect(ran.withLock { $0 }.isEmpty, "nothing runs on the caller's thread")
        #expect(threads.runOne())
        #expect(ran.withLock { $0 } == ["first"])
        #expect(threads.waiting == 1, "asked again for the second")
        #expect(threads.runOne())
        #expect(ran.withLock { $0 } == ["first", "second"])
        #expect(threads.waiting == 0, "none asked for with nothing to run")
        lane.run { ran.withLock { $0.append("third") } }
        #expect(threads.waiting == 1)
        #expect(threads.runOne())
        #expect(ran.withLock { $0 } == ["first", "second", "third"])
    }
}
