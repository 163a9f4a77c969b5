/// Polls `condition` every `interval` until it holds or `timeout` passes; returns whether it held.
///
/// For what a test cannot be told directly (a server's counters, a child process ending): the
/// timeout only bounds a failing test, so it is generous for a loaded 2-core machine, and a passing
/// test returns as soon as the condition holds.
///
/// The condition may itself wait or fail (a question put to an event loop's thread): its error ends
/// the polling and passes through.
///
/// ```swift
/// #expect(await eventually { server.statistics.requests == 2 })
/// #expect(try await eventually { try await pendingTimers(loop) == 0 })
/// ```
public func eventually<Failure: Error>(
    within timeout: Duration = .seconds(10), every interval: Duration = .milliseconds(1),
    _ condition: () async throws(Failure) -> Bool
) async throws(Failure) -> Bool {
    let clock = ContinuousClock()
    let end = clock.now + timeout
    while clock.now < end {
        if try await condition() { return true }
        do {
            try await Task.sleep(for: interval)
        } catch {
            // Cancelled: stop polling and report what holds now.
            break
        }
    }
    return try await condition()
}
