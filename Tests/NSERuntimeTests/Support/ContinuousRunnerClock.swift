import NSERuntime

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
