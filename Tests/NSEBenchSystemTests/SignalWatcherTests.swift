import Glibc
import NSEBenchSystem
import NSEBenchTestSupport
import Testing

/// The watcher catches a signal from the moment it exists and hands it to every watcher of it. The
/// tests use SIGUSR2 and SIGWINCH, which nothing else in the test process uses (SIGTERM would reach
/// the runs of other tests; EventLoopWaitTests interrupts a thread with SIGUSR1).
@Suite("SignalWatcher", .serialized)
struct SignalWatcherTests {
    /// A Dispatch signal source registered itself later than its init returned: a signal sent at once
    /// was dropped, and a server stopped right after it started never ended.
    @Test func aSignalSentTheMomentTheWatcherExistsArrives() async throws {
        for _ in 0..<50 {
            let watcher = SignalWatcher(watching: [SIGUSR2])
            SignalWatcher.sendToSelf(SIGUSR2)
            var signals = watcher.signals.makeAsyncIterator()
            #expect(await signals.next() == SIGUSR2)
            watcher.stop()
        }
    }

    @Test func everyWatcherOfASignalGetsItAndAStoppedOneNoLonger() async throws {
        let first = SignalWatcher(watching: [SIGUSR2])
        let second = SignalWatcher(watching: [SIGUSR2])
        SignalWatcher.sendToSelf(SIGUSR2)
        var firstSignals = first.signals.makeAsyncIterator()
        var secondSignals = second.signals.makeAsyncIterator()
        #expect(await firstSignals.next() == SIGUSR2)
        #expect(await secondSignals.next() == SIGUSR2)
        first.stop()
        #expect(await firstSignals.next() == nil, "a stopped watcher's stream ends")
        SignalWatcher.sendToSelf(SIGUSR2)
        #expect(await secondSignals.next() == SIGUSR2, "the other still watches")
        second.stop()
    }

    /// Two signals in a row are two values, in order.
    @Test func signalsArriveInOrder() async throws {
        let watcher = SignalWatcher(watching: [SIGUSR2, SIGWINCH])
        defer { watcher.stop() }
        var signals = watcher.signals.makeAsyncIterator()
        SignalWatcher.sendToSelf(SIGWINCH)
        #expect(await signals.next() == SIGWINCH)
        SignalWatcher.sendToSelf(SIGUSR2)
        #expect(await signals.next() == SIGUSR2)
    }
}
