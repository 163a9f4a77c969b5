import Foundation
import NSEBenchCore
import Testing

@testable import NSERuntime

/// Blocks a user's extension hands to queues of its own run as its invocation's code: a request made in
/// one is that invocation's, as on a phone, where the extension's process serves one notification.
@Suite("User extension: work sent to its own queues", .serialized, .timeLimit(.minutes(3)))
struct UserExtensionQueuesTests {
    /// Each payload's body names the way the extension gets off its `didReceive` thread before it
    /// downloads through `URLSession.shared`, unchanged code as real extensions write it.
    static let service = """
        import Combine
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            var subscriptions = Set<AnyCancellable>()

            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                let url = URL(string: content.userInfo["media_url"] as! String)!
                func download() {
                    URLSession.shared.downloadTask(with: url) { file, _, _ in
                        if let file {
                            let named = file.deletingPathExtension().appendingPathExtension("jpg")
                            try? FileManager.default.moveItem(at: file, to: named)
                            if let attachment = try? UNNotificationAttachment(identifier: "image", url: named) {
                                content.attachments = [attachment]
                            }
                        }
                        contentHandler(content)
                    }.resume()
                }
                switch content.body {
                case "global": DispatchQueue.global().async { download() }
                case "main": DispatchQueue.main.async { download() }
                case "after": DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 0.01) { download() }
                case "wall": DispatchQueue.global().asyncAfter(wallDeadline: .now() + 0.01) { download() }
                case "own queue": DispatchQueue(label: "own").async(qos: .userInitiated, flags: .barrier) { download() }
                case "work item": DispatchQueue.global().async(execute: DispatchWorkItem { download() })
                case "late work item":
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.01, execute: DispatchWorkItem { download() })
                case "group":
                    let group = DispatchGroup()
                    group.enter()
                    DispatchQueue.global().async { group.leave() }
                    group.notify(queue: .global()) { download() }
                case "operation": OperationQueue().addOperation { download() }
                case "block operation": OperationQueue().addOperation(BlockOperation { download() })
                case "execution block":
                    let operation = BlockOperation()
                    operation.addExecutionBlock { download() }
                    OperationQueue().addOperations([operation], waitUntilFinished: false)
                case "barrier": OperationQueue().addBarrierBlock { download() }
                case "item notify":
                    let item = DispatchWorkItem {}
                    item.notify(queue: .global()) { download() }
                    DispatchQueue.global().async(execute: item)
                case "detached": Task.detached { download() }
                case "throwing detached": Task.detached { () throws in download() }
                case "thread": Thread.detachNewThread { download() }
                case "thread block": Thread { download() }.start()
                case "thread init":
                    let thread = Thread(block: { download() })
                    thread.stackSize = 1 << 20
                    thread.start()
                case "source":
                    let timer = DispatchSource.makeTimerSource(queue: .global())
                    timer.setEventHandler { timer.cancel() }
                    timer.setCancelHandler { download() }
                    timer.schedule(deadline: .now() + 0.01)
                    timer.resume()
                case "center": UNUserNotificationCenter.current().getDeliveredNotifications { _ in download() }
                case "combine":
                    Just(1).receive(on: DispatchQueue.global()).sink { _ in download() }.store(in: &subscriptions)
                default: contentHandler(content)
                }
            }
        }
        """

    static let hops = [
        "global", "main", "after", "wall", "own queue", "work item", "late work item", "group", "operation",
        "block operation", "execution block", "barrier",
        "item notify", "detached", "throwing detached", "thread", "thread block", "thread init", "source", "center",
        "combine",
    ]

    @Test("each way off the didReceive thread keeps the invocation's phone: every download is its own, attached")
    func everyHopKeepsItsPhone() async throws {
        let factory = try await CompiledExamples.factory(of: ["NotificationService.swift": Self.service])
        let harness = try HostHarness { _ in
            .respond(.init(after: second, contentType: "image/jpeg", body: .bytes(UserExtensionHostTests.jpeg)))
        }
        defer { harness.remove() }
        // All in flight together, so that a request attributed to another invocation would show in its record.
        let tasks = Self.hops.enumerated().map { index, hop in
            harness.start(
                harness.input(
                    TestPayloads.plain(body: hop, mediaURL: TestPayloads.mediaURL), extension: factory, id: index + 1))
        }
        // A request no phone can be found for fails at once and never reaches the downloader: wait a bounded
        // time for all of them, then let the clock run either way.
        for _ in 0..<500 where harness.downloader.requests.count < Self.hops.count {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(harness.downloader.requests.count == Self.hops.count)
        harness.clock.advance(by: second)
        for (hop, task) in zip(Self.hops, tasks) {
            let record = await task.value
            #expect(record.outcome == .enriched, "\(hop)")
            #expect(record.download?.count == 1, "\(hop): its own download, once")
            #expect(record.download?.status == 200, "\(hop)")
            #expect(record.visible.attachments.count == 1, "\(hop)")
        }
    }

    @Test("NSData(contentsOf:) of an http URL is a request of the phone, timed, as Data(contentsOf:) is")
    func nsDataContentsOf() async throws {
        // ecommerceApp's and NotificationHandler's extensions read their image so; before, the read bypassed
        // the phone: slowed by the network profile, yet its bytes and phases unrecorded.
        let factory = try await CompiledExamples.factory(of: [
            "NotificationService.swift": """
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    let url = URL(string: content.userInfo["media_url"] as! String)!
                    DispatchQueue.global().async {
                        let data = NSData(contentsOf: url)
                        let thrown = try? NSData(contentsOf: url, options: .mappedIfSafe)
                        content.title = "\\(data?.length ?? -1) and \\(thrown?.length ?? -1) bytes"
                        contentHandler(content)
                    }
                }
            }
            """
        ])
        let harness = try HostHarness { _ in
            .respond(.init(after: second, contentType: "image/jpeg", body: .bytes(UserExtensionHostTests.jpeg)))
        }
        defer { harness.remove() }
        let task = harness.start(
            harness.input(TestPayloads.plain(mediaURL: TestPayloads.mediaURL), extension: factory, id: 1))
        for count in 1...2 {
            for _ in 0..<500 where harness.downloader.requests.count < count {
                try await Task.sleep(for: .milliseconds(10))
            }
            harness.clock.advance(by: second)
        }
        let record = await task.value
        #expect(record.visible.title == "8 and 8 bytes")
        #expect(record.download?.count == 2)
        #expect(record.download?.bytes == 16)
    }

    @Test("a barrier work item sent to a concurrent queue inside an invocation still waits for the readers")
    func barrierWorkItemKeepsItsBarrier() async throws {
        let factory = try await CompiledExamples.factory(of: [
            "NotificationService.swift": """
            import UserNotifications
            final class Flag: @unchecked Sendable { let lock = NSLock(); var running = 0; var overlap = false }
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    let queue = DispatchQueue(label: "cache", attributes: .concurrent)
                    let flag = Flag()
                    for _ in 0..<3 {
                        queue.async { flag.lock.withLock { flag.running += 1 }; usleep(100_000); flag.lock.withLock { flag.running -= 1 } }
                    }
                    let write = DispatchWorkItem(flags: .barrier) { flag.lock.withLock { flag.overlap = flag.running > 0 } }
                    queue.async(execute: write)
                    write.wait()
                    content.title = flag.overlap ? "barrier ran beside readers" : "barrier alone"
                    contentHandler(content)
                }
            }
            """
        ])
        let harness = try HostHarness()
        defer { harness.remove() }
        let record = await harness.start(harness.input(TestPayloads.plain(), extension: factory, id: 1)).value
        #expect(record.visible.title == "barrier alone")
    }

    @Test("a user's OperationQueue subclass overriding addOperation(_:) still compiles")
    func operationQueueSubclassOverride() async throws {
        _ = try await CompiledExamples.factory(of: [
            "NotificationService.swift": """
            import UserNotifications
            final class CountingQueue: OperationQueue, @unchecked Sendable {
                private(set) var submitted = 0
                override func addOperation(_ block: @escaping @Sendable () -> Void) { submitted += 1; super.addOperation(block) }
            }
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    CountingQueue().addOperation { contentHandler(request.content) }
                }
            }
            """
        ])
    }

    @Test("an @inlinable function that dispatches still compiles")
    func inlinableDispatch() async throws {
        _ = try await CompiledExamples.factory(of: [
            "NotificationService.swift": """
            import UserNotifications
            @inlinable public func background(_ work: @escaping @Sendable () -> Void) { DispatchQueue.global().async(execute: work) }
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    contentHandler(request.content)
                }
            }
            """
        ])
    }

    @Test("a helper of the user's with the same signature as a shadow is kept, its group left out")
    func ownHelperWithTheShadowsSignature() async throws {
        let text = """
            extension OperationQueue {
                func addOperation (_ block: @escaping @Sendable () -> Void) { addOperations([BlockOperation(block: block)], waitUntilFinished: false) }
            }
            extension Task where Failure == Never { static func detached(_ label: String) {} }
            """
        #expect(GeneratedShadow.clashing(in: text) == [.operationQueue, .task])
        #expect(
            GeneratedShadow.clashing(in: "DispatchQueue.global().async { }\nlet item = DispatchWorkItem {}").isEmpty)
        let generated = ExtensionEntryFile.text(
            principalClass: "NotificationService", path: "", aliasesFileManager: true, leavingOut: [.operationQueue])
        #expect(!generated.contains("func addOperation("))
        #expect(generated.contains("func asyncAfter("))
        _ = try await CompiledExamples.factory(of: [
            "NotificationService.swift": """
            import UserNotifications
            \(text)
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    OperationQueue().addOperation { contentHandler(request.content) }
                }
            }
            """
        ])
    }

    /// Foundation's `Thread` cannot be subclassed with this toolchain on Linux (its `_attr` member does not
    /// deserialize), so a user's own initializer is in an extension: only one of the shadow's own signature
    /// (whatever its internal name or line breaks) clashes.
    @Test("a user's own Thread(block:) keeps its module's; another initializer taking a block keeps the shadow")
    func ownThreadInitializer() async throws {
        let own = """
            nonisolated(unsafe) var madeBy = ""
            extension Thread {
                convenience init(
                    block body: @escaping @Sendable () -> Void
                ) {
                    self.init()
                    madeBy = "own"
                }
            }
            """
        #expect(GeneratedShadow.clashing(in: own) == [.threadBlock])
        #expect(
            GeneratedShadow.clashing(in: "extension Thread { convenience init(block b: @escaping () -> Void) {} }")
                == [.threadBlock])
        let named = """
            extension Thread {
                convenience init(block: @escaping @Sendable () -> Void, named name: String) {
                    self.init(block: block)
                    self.name = name
                }
            }
            """
        #expect(GeneratedShadow.clashing(in: named).isEmpty)
        #expect(GeneratedShadow.clashing(in: "private var worker: Thread?\nworker = Thread.init(block: {})").isEmpty)
        #expect(
            GeneratedShadow.clashing(
                in: "var t: Thread?\nclass Step: BlockOperation { init(block: @escaping () -> Void) {} }"
            ).isEmpty)
        #expect(
            GeneratedShadow.clashing(in: "extension ThreadSafeBox { init(block: @escaping () -> Void) {} }").isEmpty)
        for (text, expected) in [(own, "own"), (named, "worker")] {
            let factory = try await CompiledExamples.factory(of: [
                "NotificationService.swift": """
                import UserNotifications
                \(text)
                class NotificationService: UNNotificationServiceExtension {
                    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                        let content = request.content.mutableCopy() as! UNMutableNotificationContent
                        \(expected == "own"
                            ? "_ = Thread(block: {}); content.title = madeBy; contentHandler(content)"
                            : "Thread(block: { content.title = \"worker\"; contentHandler(content) }, named: \"worker\").start()")
                    }
                }
                """
            ])
            let harness = try HostHarness { _ in .respond(.init(after: 0, contentType: "image/jpeg")) }
            defer { harness.remove() }
            let record = await harness.start(harness.input(TestPayloads.plain(title: "plain"), extension: factory))
                .value
            #expect(record.visible.title == expected)
        }
    }

    @Test("a module's own BlockOperation class (PSOperations') is kept: the alias is left out, the rest stays")
    func ownBlockOperationClass() async throws {
        let own = """
            open class BlockOperation: Operation, @unchecked Sendable {
                let block: () -> Void
                public init(block: @escaping () -> Void) { self.block = block }
                open override func main() { block() }
            }
            """
        #expect(GeneratedShadow.clashing(in: own) == [.blockOperation])
        let record = try await CompiledExamples.record(
            of: [
                "NotificationService.swift": """
                import UserNotifications
                \(own)
                class NotificationService: UNNotificationServiceExtension {
                    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                        let content = request.content.mutableCopy() as! UNMutableNotificationContent
                        let queue = OperationQueue()
                        queue.addOperations([BlockOperation { content.title = "own" }], waitUntilFinished: true)
                        contentHandler(content)
                    }
                }
                """
            ], title: "x")
        #expect(record.visible.title == "own")
    }
}
