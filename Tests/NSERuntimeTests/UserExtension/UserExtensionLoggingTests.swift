import Foundation
import OSLog
import Testing

@testable import NSERuntime

/// An extension that logs, as most do (`import os`, `import os.log`, `import OSLog`; `Logger` with privacy
/// and formats, `os_log` with printf formats), compiles unchanged and runs: its messages are dropped.
@Suite("User extension: logging with os", .timeLimit(.minutes(3)))
struct UserExtensionLoggingTests {
    /// The principal class: logs through every form, then delivers its title changed.
    static let service = """
        import UserNotifications
        import os.log

        class NotificationService: UNNotificationServiceExtension {
            static let log = OSLog(subsystem: "com.example.app.nse", category: "push")
            let logger = Logger(subsystem: "com.example.app.nse", category: "push")

            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                let count = content.userInfo.count
                logger.info("received \\(request.identifier, privacy: .public) with \\(count) keys")
                logger.debug("hex \\(count, format: .hex, align: .right(columns: 4)) \\(0.5, format: .fixed(precision: 2))")
                logger.error("title \\(content.title, privacy: .private(mask: .hash)) \\(true) \\(Self.self)")
                logger.log(level: .fault, "optional \\(content.userInfo["media_url"] as? String ?? "none")")
                logger.notice("an error: \\(URLError(.timedOut)) \\(URLError(.timedOut).localizedDescription)")
                os_log("legacy %{public}@ %d", log: Self.log, type: .info, request.identifier, count)
                os_log(.error, log: .default, "no arguments")
                os_log("plain")
                if Self.log.isEnabled(type: .debug) { fatalError("nothing is written, so nothing is enabled") }
                content.title = "logged"
                contentHandler(content)
            }
        }
        """

    /// More files of the same module, importing the other two spellings.
    static let helpers = """
        import os

        enum Trace {
            static let logger = Logger()
            static func note(_ text: String) { logger.trace("\\(text)") }
        }
        """

    static let signposts = """
        import OSLog

        let moduleLogger = Logger(OSLog.disabled)
        func noteStart() { moduleLogger.warning("start"); os_log(.info, log: .disabled, "%{private}s", "x") }
        """

    @Test("Logger and os_log compile from import os, os.log and OSLog, and the extension runs")
    func loggingCompilesAndRuns() async throws {
        let record = try await CompiledExamples.record(
            of: [
                "NotificationService.swift": Self.service, "Trace.swift": Self.helpers, "Start.swift": Self.signposts,
            ],
            title: "Sale")
        #expect(record.outcome == .enriched)
        #expect(record.visible.title == "logged")
    }

    @Test("a module's own Logger type wins over the one imported implicitly")
    func ownLoggerType() async throws {
        let folder = try CompiledExamples.folder([
            "Service.swift": CompiledExamples.minimal + """

                struct Logger {
                    let prefix: String
                    func info(_ text: String) -> String { prefix + text }
                }
                let check: String = Logger(prefix: "a").info("b")
                """
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let built = try await CompiledExamples.builder().buildOffThePool(try UserExtensionSource.locate(folder.path))
        #expect(FileManager.default.fileExists(atPath: built.libraryPath))
    }

    /// Logs a value with a side effect at each level, then delivers which were evaluated as the title; takes
    /// and releases each kind of lock `os` offers, and marks signposts.
    static let evaluating = """
        import UserNotifications
        import os
        import os.signpost
        import Foundation

        nonisolated(unsafe) var evaluated: [String] = []
        func note(_ level: String) -> String {
            evaluated.append(level)
            return level
        }

        class NotificationService: UNNotificationServiceExtension {
            private var rawLock = os_unfair_lock()
            private let counter = OSAllocatedUnfairLock(initialState: 0)

            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                let logger = Logger(subsystem: "nse", category: "levels")
                logger.debug("\\(note("debug"))")
                logger.info("\\(note("info"))")
                logger.trace("\\(note("trace"))")
                logger.notice("\\(note("notice"))")
                logger.error("\\(note("error"))")
                logger.log(level: .info, "\\(note("level-info"))")
                logger.log(level: .fault, "\\(note("level-fault"))")
                Logger(OSLog.disabled).fault("\\(note("disabled"))")
                os_log("%@ %@", log: .default, type: .error, NSError(domain: "d", code: 1), NSURL(string: "https://a")!)
                let signposter = OSSignposter(subsystem: "nse", category: .pointsOfInterest)
                let interval = signposter.beginInterval("work", id: signposter.makeSignpostID())
                os_signpost(.event, log: OSLog(subsystem: "nse", category: .pointsOfInterest), name: "mark")
                os_unfair_lock_lock(&rawLock)
                let locked = !os_unfair_lock_trylock(&rawLock)
                os_unfair_lock_unlock(&rawLock)
                let count = counter.withLock { value -> Int in
                    value += 1
                    return value
                }
                signposter.endInterval("work", interval)
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                content.title = evaluated.joined(separator: ",") + " \\(locked) \\(count)"
                contentHandler(content)
            }
        }
        """

    @Test("values are evaluated at the levels a phone keeps, not at debug or trace; os's locks lock")
    func evaluationAndLocks() async throws {
        let record = try await CompiledExamples.record(
            of: ["NotificationService.swift": Self.evaluating], title: "Sale")
        #expect(record.visible.title == "info,notice,error,level-info,level-fault true 1")
    }

    @Test("every build shares one os module folder in the cache")
    func oneModuleFolder() throws {
        let builder = try CompiledExamples.builder()
        #expect(try builder.osModuleFolder() == (try builder.osModuleFolder()))
        let folders = try FileManager.default.contentsOfDirectory(atPath: builder.cacheDirectory.path)
            // A folder being written (`os-module-<hash>.writing-<uuid>`) is another test's build under way.
            .filter { $0.hasPrefix("os-module-") && !$0.contains(".writing-") }
        #expect(folders.count == 1, "\(folders)")
        let map = try String(
            contentsOf: try builder.osModuleFolder().appendingPathComponent("module.modulemap"), encoding: .utf8)
        #expect(map == OSModuleMap.moduleMap)
    }

    @Test("os's other submodules are not provided, and the error names the one imported")
    func otherSubmodulesAreMissing() async throws {
        let folder = try CompiledExamples.folder(["Service.swift": "import os.activity\n" + CompiledExamples.minimal])
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try await CompiledExamples.builder().buildOffThePool(try UserExtensionSource.locate(folder.path))
            Issue.record("os.activity compiled")
        } catch let error as UserExtensionError {
            guard case .compileFailed(_, _, let missing) = error else {
                Issue.record("expected compileFailed, got \(error)")
                return
            }
            #expect(missing == ["os.activity"])
        }
    }
}

/// The OSLog module's own behaviour, apart from a compiled extension.
@Suite("OSLog: levels and locks")
struct OSLogModuleTests {
    @Test("a handle keeps every level but debug, and a disabled one none")
    func levels() {
        let log = OSLog(subsystem: "nse", category: "t")
        #expect([OSLogType.default, .info, .error, .fault].allSatisfy { log.isEnabled(type: $0) })
        #expect(!log.isEnabled(type: .debug))
        #expect(!OSLog.disabled.isEnabled(type: .fault))
    }

    @Test("OSAllocatedUnfairLock guards its state, with and without state, and says when it is held")
    func allocatedLock() {
        let counter = OSAllocatedUnfairLock(initialState: 0)
        DispatchQueue.concurrentPerform(iterations: 1_000) { _ in counter.withLock { $0 += 1 } }
        #expect(counter.withLock { $0 } == 1_000)
        let plain = OSAllocatedUnfairLock()
        #expect(plain.withLock { 1 } == 1)
        #expect(plain.withLockUnchecked { 2 } == 2)
        plain.lock()
        #expect(plain.withLockIfAvailable { 3 } == nil, "held")
        #expect(!plain.lockIfAvailable())
        plain.unlock()
        #expect(plain.withLockIfAvailableUnchecked { 4 } == 4)
    }
}
