import Testing

@testable import NSERuntime

/// Sleeping on ``InvocationTimers``.
@Suite("Timer sleep", .timeLimit(.minutes(1)))
struct TimerSleepTests {
    @Test("a sleep ends when the clock reaches its deadline")
    func reached() async {
        let clock = ManualClock()
        let task = Task { await clock.sleep(until: 5 * second) }
        await clock.waitForPendingTimers(atLeast: 1)
        clock.advance(to: 4 * second)
        #expect(clock.pendingDeadlines == [5 * second])
        clock.advance(to: 5 * second)
        #expect(await task.value)
    }

    @Test("cancelling the task ends the sleep early and cancels its timer")
    func cancelled() async {
        let clock = ManualClock()
        let task = Task { await clock.sleep(until: 5 * second) }
        await clock.waitForPendingTimers(atLeast: 1)
        task.cancel()
        #expect(await task.value == false)
        #expect(clock.pendingDeadlines.isEmpty)
    }

    @Test("a task cancelled before it sleeps does not sleep")
    func cancelledBefore() async {
        let clock = ManualClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await clock.sleep(until: 5 * second)
        }
        #expect(await task.value == false)
        #expect(clock.pendingDeadlines.isEmpty)
    }
}
