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

/// Notes the thread of its `didReceive` and of its `URLSession.shared` completion handler, then
/// delivers from the handler.
private final class HandlerThreadService: UNNotificationServiceExtension {
    let threads: ThreadNames

    init(threads: ThreadNames) {
        self.threads = threads
        super.init()
    }

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let handler = ContentHandler(contentHandler)
        let content = request.content
        let threads = threads
        threads.note()
        SimulatedURLSession.shared.dataTask(with: TestPayloads.mediaURL) { _, _, _ in
            threads.note()
            handler(content)
        }.resume()
    }
}

@Suite("User extension: where its session callbacks run", .timeLimit(.minutes(1)))
struct SessionCallbackThreadTests {
    @Test("a user's URLSession.shared completion handler runs on the host's callback threads, not libdispatch's")
    func completionHandlersShareTheCallThreads() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let threads = ThreadNames()
        let factory = ExtensionFactory(name: "callback-threads") { HandlerThreadService(threads: threads) }
        #expect(factory.callsMayBlock)
        let task = harness.start(harness.input(TestPayloads.plain(), extension: factory))
        await harness.downloader.waitForRequests(1)
        harness.clock.advance(by: second)
        let record = await task.value
        #expect(record.outcome == .enriched)
        #expect(threads.noted == ["nseb-ext-call", "nseb-callback"], "didReceive, then the handler")
    }
}
