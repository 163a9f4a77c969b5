import Foundation
import Synchronization
import UserNotifications

@testable import NSERuntime

/// Keeps the handler and never calls it: the extension that loses every notification.
final class SilentService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        self.contentHandler = contentHandler
    }
}

/// Delivers "first", then "second": a missing "called once" guard.
final class DoubleDeliveryService: UNNotificationServiceExtension {
    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        for title in ["first", "second"] {
            let content = UNMutableNotificationContent()
            content.title = title
            content.body = request.content.body
            contentHandler(content)
        }
    }
}

/// Delivers content with no title, subtitle or body.
final class NoAlertTextService: UNNotificationServiceExtension {
    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let content = UNMutableNotificationContent()
        content.badge = 3
        contentHandler(content)
    }
}

/// Waits on the invocation's timers until `deliverAt`, then delivers the request's content.
final class SleepyService: UNNotificationServiceExtension, HostAwareExtension {
    var invocationContext: InvocationContext?
    let deliverAt: UInt64

    init(deliverAt: UInt64) {
        self.deliverAt = deliverAt
        super.init()
    }

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let handler = ContentHandler(contentHandler)
        let content = request.content
        let deliverAt = deliverAt
        guard let context = invocationContext else { return }
        context.run {
            _ = await context.timers.sleep(until: deliverAt)
            handler(content)
        }
    }
}

/// Reports holding `bytes` through its meter, then delivers.
final class MemoryHogService: UNNotificationServiceExtension, HostAwareExtension {
    var invocationContext: InvocationContext?
    let bytes: Int

    init(bytes: Int) {
        self.bytes = bytes
        super.init()
    }

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        invocationContext?.memory.allocate(bytes)
        contentHandler(request.content)
    }
}

/// Downloads `media_url` and reads the whole file into memory (`Data(contentsOf:)`, the tutorials' way),
/// reporting the bytes through its meter before attaching.
final class InMemoryMediaService: UNNotificationServiceExtension, HostAwareExtension {
    var invocationContext: InvocationContext?

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let handler = ContentHandler(contentHandler)
        let content = request.content
        guard let context = invocationContext, let text = content.userInfo["media_url"] as? String,
            let url = URL(string: text)
        else { return handler(content) }
        context.run {
            let file = try context.makeTemporaryFileURL(pathExtension: "jpg")
            let start = context.now()
            let result = await context.downloader.download(MediaDownload(url: url, destinationPath: file.path))
            context.recordDownload(result, start: start)
            context.memory.allocate(result.bytes)
            handler(content)
        }
    }
}

/// Crashes in `didReceive`.
final class CrashingService: UNNotificationServiceExtension, HostAwareExtension {
    var invocationContext: InvocationContext?

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        invocationContext?.simulateCrash(reason: "EXC_BAD_ACCESS in didReceive")
        contentHandler(request.content)
    }
}

/// Its tracked work throws.
final class ThrowingService: UNNotificationServiceExtension, HostAwareExtension {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "the image decoder failed" }
    }

    var invocationContext: InvocationContext?

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        invocationContext?.run { throw Failure() }
    }
}

/// Notes, for each callback, whether it ran inside a Swift task: the host's extension threads are plain
/// dispatch threads, so a callback made synchronously from `invoke` (or from a task) would show one. When
/// told to, it delivers a best attempt from the expiry call, after noting it.
final class CallbackThreadService: UNNotificationServiceExtension {
    /// What each callback saw; a test can wait until a callback has returned.
    final class Notes: Sendable {
        private let state = Mutex(
            (calls: [String: Bool](), waiters: [(callback: String, continuation: CheckedContinuation<Void, Never>)]()))

        /// Whether each callback, by name, ran inside a task.
        var inTask: [String: Bool] { state.withLock { $0.calls } }

        func note(_ callback: String) {
            let inTask = withUnsafeCurrentTask { $0 != nil }
            let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.calls[callback] = inTask
                let ready = state.waiters.filter { $0.callback == callback }.map(\.continuation)
                state.waiters.removeAll { $0.callback == callback }
                return ready
            }
            for continuation in ready { continuation.resume() }
        }

        /// Returns once `callback` has been noted.
        func wait(for callback: String) async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let seen = state.withLock { state -> Bool in
                    guard state.calls[callback] == nil else { return true }
                    state.waiters.append((callback, continuation))
                    return false
                }
                if seen { continuation.resume() }
            }
        }
    }

    private let notes: Notes
    private let deliversOnExpiry: Bool
    private let handler = Mutex<ContentHandler?>(nil)

    init(notes: Notes, deliversOnExpiry: Bool = true) {
        self.notes = notes
        self.deliversOnExpiry = deliversOnExpiry
        super.init()
    }

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        handler.withLock { $0 = ContentHandler(contentHandler) }
        notes.note("didReceive")
    }

    override func serviceExtensionTimeWillExpire() {
        notes.note("expire")
        guard deliversOnExpiry else { return }
        let content = UNMutableNotificationContent()
        content.title = "best attempt"
        handler.withLock { $0 }?(content)
    }
}

/// Counts the instances a factory makes.
final class InstanceCounter: Sendable {
    private let count = Atomic(0)

    var value: Int { count.load(ordering: .relaxed) }

    func factory(_ make: @escaping @Sendable () -> UNNotificationServiceExtension) -> ExtensionFactory {
        ExtensionFactory(name: "counted") { [self] in
            count.add(1, ordering: .relaxed)
            return make()
        }
    }
}

/// Runs `work` with the invocation's context as its tracked work and delivers what it returns: for tests
/// that need a few lines of host-aware extension and no class of their own.
final class ContextWorkService: UNNotificationServiceExtension, HostAwareExtension {
    var invocationContext: InvocationContext?
    let work: @Sendable (InvocationContext, UNNotificationContent) async throws -> UNNotificationContent

    init(_ work: @escaping @Sendable (InvocationContext, UNNotificationContent) async throws -> UNNotificationContent) {
        self.work = work
    }

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let context = invocationContext else { return contentHandler(request.content) }
        let handler = ContentHandler(contentHandler)
        let (content, work) = (request.content, work)
        context.run { handler(try await work(context, content)) }
    }
}

/// Names two temporary files, writes both, attaches the first and delivers: what the host keeps (the
/// attachment, moved to the store) and what it removes (the other file) when the invocation ends.
final class ScratchFilesService: UNNotificationServiceExtension, HostAwareExtension {
    /// The files an instance was given, for the test to look at afterwards.
    final class Log: Sendable {
        let files = Mutex<[URL]>([])
    }

    var invocationContext: InvocationContext?
    let log: Log

    init(log: Log) { self.log = log }

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let context = invocationContext else { return contentHandler(request.content) }
        let handler = ContentHandler(contentHandler)
        let content = request.content
        let log = log
        context.run {
            let attached = try context.makeTemporaryFileURL(pathExtension: "jpg")
            let leftOver = try context.makeTemporaryFileURL()
            log.files.withLock { $0 = [attached, leftOver] }
            for file in [attached, leftOver] { try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: file) }
            guard let mutable = content.mutableCopy() as? UNMutableNotificationContent else { return handler(content) }
            mutable.attachments = [try UNNotificationAttachment(identifier: "image", url: attached, options: nil)]
            handler(mutable)
        }
    }
}
