/// The monotonic time and sleeping the load runner uses: nanoseconds, and a sleep that ends at an
/// absolute instant. The real one is the event loop's timer service; tests may use any clock.
public protocol RunnerClock: Sendable {
    /// Monotonic nanoseconds.
    func now() -> UInt64
    /// Returns at `deadline` (monotonic nanoseconds) or later; throws CancellationError when the
    /// calling task is cancelled.
    func sleep(until deadline: UInt64) async throws
}

/// A ``RunnerClock`` on Swift's `ContinuousClock` and `Task.sleep`, for tests and small runs.
/// Large runs use the event loop's timer service, whose lateness stays low with many sleepers.
public struct ContinuousRunnerClock: RunnerClock {
    private let origin = ContinuousClock.now

    public init() {}

    public func now() -> UInt64 {
        let elapsed = ContinuousClock.now - origin
        let (seconds, attoseconds) = elapsed.components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds / 1_000_000_000))
    }

    public func sleep(until deadline: UInt64) async throws {
        let current = now()
        guard deadline > current else { return }
        try await Task.sleep(for: .nanoseconds(Int64(deadline - current)))
    }
}
