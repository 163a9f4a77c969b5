import NSERuntime
import Synchronization

/// A ``RunnerClock`` on Swift's `ContinuousClock` and `Task.sleep`, for tests of the load runner on
/// real time. Runs use the event loop's timer service, whose lateness stays low with many sleepers.
struct ContinuousRunnerClock: RunnerClock {
    private let origin = ContinuousClock.now

    init() {}

    func now() -> UInt64 {
        let elapsed = ContinuousClock.now - origin
        let (seconds, attoseconds) = elapsed.components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds / 1_000_000_000))
    }

    func sleep(until deadline: UInt64) async throws {
        let current = now()
        guard deadline > current else { return }
        try await Task.sleep(for: .nanoseconds(Int64(deadline - current)))
    }
}

/// Real time that counts its sleeps.
final class CountingSleepsRunnerClock: RunnerClock {
    private let time = ContinuousRunnerClock()
    private let count = Atomic<Int>(0)

    /// The sleeps begun so far.
    var sleeps: Int { count.load(ordering: .relaxed) }

    func now() -> UInt64 { time.now() }

    func sleep(until deadline: UInt64) async throws {
        count.add(1, ordering: .relaxed)
        try await time.sleep(until: deadline)
    }
}

/// Real time whose sleeps end only when cancelled: a run that waits for a timer of its own to go on
/// never does.
struct StalledTimersRunnerClock: RunnerClock {
    private let time = ContinuousRunnerClock()

    func now() -> UInt64 { time.now() }

    func sleep(until deadline: UInt64) async throws {
        try await Task.sleep(for: .seconds(3_600))
    }
}
