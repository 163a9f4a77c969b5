/// The monotonic time and sleeping the load runner uses: nanoseconds, and a sleep that ends at an
/// absolute instant. The real one is the event loop's timer service; tests may use any clock.
public protocol RunnerClock: Sendable {
    /// Monotonic nanoseconds.
    func now() -> UInt64
    /// Returns at `deadline` (monotonic nanoseconds) or later; throws CancellationError when the
    /// calling task is cancelled.
    func sleep(until deadline: UInt64) async throws
}
