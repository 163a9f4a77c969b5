/// Polls `condition` every `interval` until it holds or `timeout` passes; returns whether it held.
///
/// For what a test cannot be told directly (a server's counters, a child process ending): the
/// timeout only bounds a failing test, so it is generous for a loaded 2-core machine, and a passing
/// test returns as soon as the condition holds.
///
/// ```swift
/// #expect(await eventually { server.statistics.requests == 2 })
/// ```
public func eventually(
    within timeout: Duration = .seconds(10), every interval: Duration = .milliseconds(1), _ condition: () -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let end = clock.now + timeout
    while clock.now < end {
        if condition() { return true }
        do {
            try await Task.sleep(for: interval)
        } catch {
            // Cancelled: stop polling and report what holds now.
            break
        }
    }
    return condition()
}
