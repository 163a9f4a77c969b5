import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import SimulatedDevice
import Synchronization
import Testing
import UserNotifications

@testable import NSERuntime

/// The names of the threads calls ran on, in order.
private final class ThreadNames: Sendable {
    private let names = Mutex<[String]>([])

    func note() { names.withLock { $0.append(currentThreadName()) } }
    var noted: [String] { names.withLock { $0 } }
}

/// Runs `inDidReceive`, starts a `URLSession.shared` data task whose completion handler runs `inHandler`
/// and then delivers.
private final class HandlerService: UNNotificationServiceExtension {
    let inDidReceive: @Sendable () -> Void
    let inHandler: @Sendable () -> Void

    init(inDidReceive: @escaping @Sendable () -> Void = {}, inHandler: @escaping @Sendable () -> Void) {
        self.inDidReceive = inDidReceive
        self.inHandler = inHandler
        super.init()
    }

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let handler = ContentHandler(contentHandler)
        let content = request.content
        let inHandler = inHandler
        inDidReceive()
        SimulatedURLSession.shared.dataTask(with: TestPayloads.mediaURL) { _, _, _ in
            inHandler()
            handler(content)
        }.resume()
    }
}

/// Holds each caller until `parties` have arrived, or for 10 s at most.
private final class CallbackBarrier: Sendable {
    private let arrived = Mutex(0)
    private let timedOut = Mutex(0)
    private let open = DispatchSemaphore(value: 0)
    private let parties: Int

    init(parties: Int) { self.parties = parties }

    /// Waits for the others; a wait that ends at the 10 s limit is counted in ``timeouts``.
    func arriveAndWait() {
        let isLast = arrived.withLock { count in
            count += 1
            return count == parties
        }
        if isLast {
            for _ in 1..<parties { open.signal() }
        } else if open.wait(timeout: .now() + .seconds(10)) == .timedOut {
            timedOut.withLock { $0 += 1 }
        }
    }

    /// Callers that gave up waiting for the others.
    var timeouts: Int { timedOut.withLock { $0 } }
}

@Suite("User extension: where its session callbacks run", .timeLimit(.minutes(1)))
struct SessionCallbackThreadTests {
    @Test("a user's URLSession.shared completion handler runs on the host's callback threads, not libdispatch's")
    func completionHandlersShareTheCallThreads() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let threads = ThreadNames()
        let factory = ExtensionFactory(name: "callback-threads") {
            HandlerService(inDidReceive: threads.note, inHandler: threads.note)
        }
        #expect(factory.callsMayBlock)
        let task = harness.start(harness.input(TestPayloads.plain(), extension: factory))
        await harness.downloader.waitForRequests(1)
        harness.clock.advance(by: second)
        let record = await task.value
        #expect(record.outcome == .enriched)
        #expect(threads.noted == ["nseb-ext-call", "nseb-callback"], "didReceive, then the handler")
    }

    @Test("completion handlers that block get threads of their own, counted apart from didReceive's")
    func blockedCallbacksAreCounted() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        // More handlers waiting for each other than the callback pool has core threads: they all arrive
        // only if the pool adds a thread for each blocked one.
        let parties = ProcessInfo.processInfo.activeProcessorCount + 2
        let barrier = CallbackBarrier(parties: parties)
        // Each completion handler waits for the others': callbacks that block their threads, from a
        // `didReceive` that does not.
        let factory = ExtensionFactory(name: "blocking-handlers") { HandlerService(inHandler: barrier.arriveAndWait) }
        let tasks = (1...parties).map { id in
            harness.start(harness.input(TestPayloads.plain(), extension: factory, id: id))
        }
        await harness.downloader.waitForRequests(parties)
        harness.clock.advance(by: second)
        for task in tasks { #expect(await task.value.outcome == .enriched) }
        #expect(barrier.timeouts == 0, "every handler waited for the others on a thread of its own")
        #expect(harness.host.peakThreadsForBlockedCallbacks >= parties - ProcessInfo.processInfo.activeProcessorCount)
    }
}
