import Foundation
import Testing

@testable import NSERuntime

/// `--module`: an extension that imports modules of the user's own compiles them first, loads them from
/// beside its library, and their `URLSession` is the simulated phone's, as the extension's is.
@Suite("User extension: its own modules, compiled and run", .timeLimit(.minutes(3)))
struct UserExtensionModulesTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46]

    static let sharedModule = CompiledExamples.examples.appendingPathComponent("SharedModule")

    /// Examples/SharedModule's extension with its two modules, given in the order that does not compile.
    func sharedModuleSource() throws -> UserExtensionSource {
        try UserExtensionSource.locate(
            Self.sharedModule.appendingPathComponent("NotificationService").path,
            modules: ["MediaKit", "PushModels"].map { Self.sharedModule.appendingPathComponent($0).path })
    }

    @Test("Examples/SharedModule: its modules compile in import order, and MediaKit's download is the phone's")
    func sharedModuleDownloads() async throws {
        let source = try sharedModuleSource()
        #expect(source.modules.map(\.name) == ["PushModels", "MediaKit"])
        let built = try await CompiledExamples.builder().buildOffThePool(source)
        let folder = URL(fileURLWithPath: built.libraryPath).deletingLastPathComponent()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        for module in ["PushModels", "MediaKit"] {
            #expect(files.contains { $0.hasPrefix("lib\(module)-") && $0.hasSuffix(".so") }, "\(files)")
        }
        let factory = try UserExtensionLoader.factory(name: source.path, libraryPath: built.libraryPath)
        let harness = try HostHarness { _ in
            .respond(.init(after: second, contentType: "image/png", body: .bytes(Self.jpeg)))
        }
        defer { harness.remove() }
        let task = harness.start(harness.input(TestPayloads.plain(mediaURL: TestPayloads.mediaURL), extension: factory))
        await harness.downloader.waitForRequests(1)
        #expect(harness.downloader.requests.first?.url == TestPayloads.mediaURL)
        harness.clock.advance(by: second)
        let record = await task.value
        #expect(record.outcome == .enriched)
        #expect(record.visible.attachments.first?.url?.pathExtension == "png", "MediaKit names the file by its type")
        #expect(record.phases.download.map { $0.end - $0.start } == second, "timed on the run's clock")
    }

    @Test("a changed module compiles again: its sources are part of the cache key")
    func moduleInCacheKey() async throws {
        let folder = try CompiledExamples.folder([
            "Ext/Service.swift": "import Greeting\n" + CompiledExamples.minimal + "\nlet greeting = Greeting.text\n",
            "Greeting/Greeting.swift": "public enum Greeting { public static let text = \"hello\" }\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let builder = try CompiledExamples.builder()
        func build() async throws -> UserExtensionBuilder.Built {
            try await builder.buildOffThePool(
                try UserExtensionSource.locate(
                    folder.appendingPathComponent("Ext").path,
                    modules: [folder.appendingPathComponent("Greeting").path]))
        }
        let first = try await build()
        #expect(!first.cached)
        let again = try await build()
        #expect(again.cached)
        try "public enum Greeting { public static let text = \"hi\" }\n".write(
            to: folder.appendingPathComponent("Greeting/Greeting.swift"), atomically: true, encoding: .utf8)
        let changed = try await build()
        #expect(!changed.cached)
        #expect(changed.libraryPath != first.libraryPath)
    }

    @Test("a module that does not compile is named, with the compiler's message and its own path and line")
    func moduleCompileError() async throws {
        let folder = try CompiledExamples.folder([
            "Ext/Service.swift": "import Broken\n" + CompiledExamples.minimal,
            "Broken/Broken.swift": "public let broken: Int = \"not a number\"\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let modulePath = folder.appendingPathComponent("Broken").path
        let source = try UserExtensionSource.locate(folder.appendingPathComponent("Ext").path, modules: [modulePath])
        do {
            _ = try await CompiledExamples.builder().buildOffThePool(source)
            Issue.record("a type error compiled")
        } catch let error as UserExtensionError {
            guard case .moduleCompileFailed(let module, let path, "--module", let messages, _) = error else {
                Issue.record("expected moduleCompileFailed, got \(error)")
                return
            }
            #expect(module == "Broken")
            #expect(path == modulePath)
            #expect(messages.contains("/Broken/Broken.swift:1:26: error: cannot convert"))
            #expect(!error.isUsageError, "exit 1, as for the extension's own compile error")
            #expect(error.description.hasPrefix("the module Broken at \(modulePath) (--module) did not compile"))
        }
    }

    @Test("a message pointing into the removed build folder names it as nse-bench's build")
    func generatedFileNamed() {
        let folder = URL(fileURLWithPath: "/cache/extensions/abc.building-1234")
        let output =
            "/src/Store/Store.swift:4:10: error: initializer cannot be declared public\n"
            + "/cache/extensions/abc.building-1234/Store-NSEBenchGeneratedAliases.swift:10:11: note: type declared here"
        let named = UserExtensionBuilder.naming(folder, in: output)
        #expect(named.contains("<nse-bench build>/Store-NSEBenchGeneratedAliases.swift:10:11: note"))
        #expect(named.contains("/src/Store/Store.swift:4:10"), "the user's own paths stay")
        #expect(!named.contains(".building-"))
    }

    @Test("an import of neither Apple's nor nse-bench's says to give its sources with --module")
    func missingOwnModule() async throws {
        let folder = try CompiledExamples.folder(["Service.swift": "import AppModels\n" + CompiledExamples.minimal])
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try await CompiledExamples.builder().buildOffThePool(try UserExtensionSource.locate(folder.path))
            Issue.record("an unknown module compiled")
        } catch let error as UserExtensionError {
            guard case .compileFailed(_, _, let missing) = error else {
                Issue.record("expected compileFailed, got \(error)")
                return
            }
            #expect(missing == ["AppModels"])
            #expect(error.description.contains("give its Swift sources with --module AppModels=PATH"))
            #expect(!error.description.contains("Apple framework"))
        }
    }

    @Test("a module named as one nse-bench provides, or as the extension's own, is refused")
    func takenNames() throws {
        let folder = try CompiledExamples.folder([
            "Ext/Service.swift": CompiledExamples.minimal, "Mine/Mine.swift": "public struct Mine {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = folder.appendingPathComponent("Mine").path
        for name in ["UIKit", "FirebaseMessaging", "UserNotifications", "Ext", "MediaServer", "Foundation", "os"] {
            do {
                _ = try UserExtensionSource.locate(
                    folder.appendingPathComponent("Ext").path, modules: ["\(name)=\(mine)"])
                Issue.record("\(name) was taken as the user's module")
            } catch {
                guard case .badModule(_, let reason) = error else {
                    Issue.record("expected badModule, got \(error)")
                    continue
                }
                let expected =
                    switch name {
                    case "Ext": "the extension's own module's name"
                    case "MediaServer", "Foundation", "os": "a module of nse-bench's or Swift's own"
                    default: "nse-bench provides"
                    }
                #expect(reason.contains(expected), "\(name): \(reason)")
            }
        }
    }

    @Test("what a module does untimed is said under its name, and the push SDK it imports places the media")
    func moduleScanned() throws {
        let folder = try CompiledExamples.folder([
            "Ext/Service.swift": CompiledExamples.minimal,
            "Helpers/Sub/Wait.swift":
                "import FirebaseMessaging\nfunc wait() {\n    Thread.sleep(forTimeInterval: 1)\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try UserExtensionSource.locate(
            folder.appendingPathComponent("Ext").path, modules: [folder.appendingPathComponent("Helpers").path])
        #expect(source.untimedCalls.contains { $0.hasPrefix("Helpers/Sub/Wait.swift:3: Thread.sleep") })
        #expect(source.sdk == .firebase)
    }

    @Test("a folder inside the extension's is not a module of its own: its files are the extension's")
    func overlapRefused() throws {
        let folder = try CompiledExamples.folder([
            "Ext/Service.swift": CompiledExamples.minimal, "Ext/Shared/Helper.swift": "public func help() {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let ext = folder.appendingPathComponent("Ext").path
        for module in ["\(ext)/Shared", "Other=\(ext)"] {
            do {
                _ = try UserExtensionSource.locate(ext, modules: [module])
                Issue.record("\(module) was taken though its files are the extension's")
            } catch {
                guard case .badModule(_, let reason) = error else {
                    Issue.record("expected badModule, got \(error)")
                    continue
                }
                #expect(reason.contains("its files are the extension's own too ("), "\(reason)")
                #expect(reason.contains("Shared/Helper.swift"), "\(reason)")
            }
        }
    }

    /// An extension importing `module` that delivers the notification titled by the Swift expression `title`.
    static func titling(importing module: String, title: String) -> String {
        """
        import \(module)
        import UserNotifications
        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(
                _ request: UNNotificationRequest,
                withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                content.title = \(title)
                contentHandler(content)
            }
        }
        """
    }

    /// An extension whose module `Greeting` says `text`, in a folder of its own, built and loaded.
    func greetingExtension(_ text: String, builder: UserExtensionBuilder) async throws -> ExtensionFactory {
        let folder = try CompiledExamples.folder([
            "Ext/Service.swift": Self.titling(importing: "Greeting", title: "greeting()"),
            "Greeting/Greeting.swift": "public func greeting() -> String { \"\(text)\" }\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try UserExtensionSource.locate(
            folder.appendingPathComponent("Ext").path, modules: [folder.appendingPathComponent("Greeting").path])
        return try UserExtensionLoader.factory(
            name: source.path, libraryPath: try await builder.buildOffThePool(source).libraryPath)
    }

    @Test("two extensions loaded in one process, each with its own module of one name, each run their own")
    func sameNamedModulesInOneProcess() async throws {
        let builder = try CompiledExamples.builder()
        let before = try await greetingExtension("before \(UUID().uuidString.prefix(6))", builder: builder)
        let after = try await greetingExtension("after", builder: builder)
        for (factory, prefix) in [(before, "before "), (after, "after"), (before, "before ")] {
            let harness = try HostHarness()
            defer { harness.remove() }
            let record = await harness.start(harness.input(TestPayloads.plain(), extension: factory)).value
            #expect(record.visible.title.hasPrefix(prefix), "\(record.visible.title)")
        }
    }

    @Test("a module's public API may take the phone's FileManager and URLSession, as the extension passes them")
    func publicAPITakesFileManager() async throws {
        let folder = try CompiledExamples.folder([
            "Ext/Service.swift": Self.titling(
                importing: "Store",
                title: "Store(fileManager: FileManager.default, session: URLSession.shared).describe()"),
            "Store/Store.swift": """
            import Foundation
            public final class Store {
                public let fileManager: FileManager
                public let session: URLSession
                public init(fileManager: FileManager = .default, session: URLSession = .shared) {
                    self.fileManager = fileManager
                    self.session = session
                }
                public func describe() -> String { "\\(type(of: fileManager)) \\(type(of: session))" }
            }
            """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try UserExtensionSource.locate(
            folder.appendingPathComponent("Ext").path, modules: [folder.appendingPathComponent("Store").path])
        let built = try await CompiledExamples.builder().buildOffThePool(source)
        let factory = try UserExtensionLoader.factory(name: source.path, libraryPath: built.libraryPath)
        let harness = try HostHarness()
        defer { harness.remove() }
        let record = await harness.start(harness.input(TestPayloads.plain(), extension: factory)).value
        #expect(record.visible.title == "PhoneFileManager SimulatedURLSession")
    }
}
