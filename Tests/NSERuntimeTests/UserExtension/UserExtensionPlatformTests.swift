import Foundation
import Testing

@testable import NSERuntime

/// `#if os(iOS)`: the branch an iPhone compiles is the one compiled and run, and where it uses what
/// nse-bench lacks, the other branch is, with a note saying so.
@Suite("User extension: an iPhone's platform conditions", .timeLimit(.minutes(3)))
struct UserExtensionPlatformTests {
    /// An extension delivering the title `platform` names, set by `conditions` (Swift lines before the class).
    static func service(_ conditions: String) -> String {
        """
        import UserNotifications
        \(conditions)
        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                content.title = platform
                contentHandler(content)
            }
        }
        """
    }

    static func deliveredTitle(_ folder: URL) async throws -> String {
        let loaded = try await UserExtensionLoader.loadOffThePool(folder.path, builder: try CompiledExamples.builder())
        let harness = try HostHarness { _ in .respond(.init(after: 0, contentType: "image/jpeg")) }
        defer { harness.remove() }
        return await harness.start(harness.input(TestPayloads.plain(title: "plain"), extension: loaded.factory))
            .value.visible.title
    }

    @Test("shared code's os(iOS) branch is the one compiled, UIKit's import with it")
    func theIPhonesBranch() async throws {
        let folder = try CompiledExamples.folder([
            "Service.swift": Self.service(
                """
                #if os(iOS)
                let platform = "iPhone"
                #elseif os(Linux)
                let platform = "Linux"
                #else
                let platform = "other"
                #endif
                """),
            "Shared/Image.swift": """
            #if os(iOS)
            import UIKit
            typealias PlatformImage = UIImage
            #elseif os(macOS)
            import AppKit
            typealias PlatformImage = NSImage
            #endif
            func thumbnail(_ data: Data) -> PlatformImage? { PlatformImage(data: data) }
            """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let built = try await CompiledExamples.builder().buildOffThePool(try UserExtensionSource.locate(folder.path))
        #expect(built.notes.isEmpty, "\(built.notes)")
        #expect(try await Self.deliveredTitle(folder) == "iPhone")
    }

    @Test("an os(iOS) branch using what nse-bench lacks: the other branch, with a note naming the error")
    func theLinuxBranchWhereTheIPhonesDoesNotCompile() async throws {
        let folder = try CompiledExamples.folder([
            "Service.swift": Self.service(
                """
                #if os(iOS)
                let platform = UIDevice.current.systemName
                #else
                let platform = "Linux"
                #endif
                """)
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let builder = try CompiledExamples.builder()
        let built = try await builder.buildOffThePool(try UserExtensionSource.locate(folder.path))
        #expect(!built.cached)
        #expect(built.notes.count == 1, "\(built.notes)")
        let note = try #require(built.notes.first)
        #expect(note.hasPrefix("the extension is compiled with os(iOS) false, as Swift on Linux holds it"))
        #expect(note.contains("(Service.swift:3:16: error: cannot find 'UIDevice' in scope)"), "relative: \(note)")
        let cached = try await builder.buildOffThePool(try UserExtensionSource.locate(folder.path))
        #expect(cached.cached)
        #expect(cached.notes == built.notes, "kept with the cached build")
        #expect(try await Self.deliveredTitle(folder) == "Linux")
    }

    @Test("where neither compiles, the iPhone's compile's errors, in the user's files")
    func neitherCompiles() async throws {
        let folder = try CompiledExamples.folder([
            "Service.swift": Self.service(
                """
                #if os(iOS)
                let platform = UIDevice.current.systemName
                #else
                let platform: String = 42
                #endif
                """)
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        await #expect {
            _ = try await CompiledExamples.builder().buildOffThePool(try UserExtensionSource.locate(folder.path))
        } throws: { error in
            guard case .compileFailed(_, let messages, _) = error as? UserExtensionError else { return false }
            return messages.contains("\(folder.path)/Service.swift:3:16: error: cannot find 'UIDevice' in scope")
                && !messages.contains("cannot convert") && !messages.contains("/copies/")
                && messages.hasSuffix(
                    "(compiled again with os(iOS) false, as Swift on Linux holds it: that did not compile either)")
        }
    }

    @Test("a module compiled without its os(iOS) branches: its note, then the extension's error that follows")
    func aModulesNoteComesWithTheExtensionsError() async throws {
        let folder = try CompiledExamples.folder([
            "Ext/Service.swift": "import Haptics\n" + CompiledExamples.minimal
                + "\nlet tap: () -> Void = Haptics.tap\n",
            "Haptics/Haptics.swift": """
            public enum Haptics {
            #if os(iOS)
                public static let model = UIDevice.current.model
                public static func tap() {}
            #endif
            }
            """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try UserExtensionSource.locate(
            folder.appendingPathComponent("Ext").path, modules: [folder.appendingPathComponent("Haptics").path])
        await #expect {
            _ = try await CompiledExamples.builder().buildOffThePool(source)
        } throws: { error in
            guard case .compileFailed(_, let messages, _) = error as? UserExtensionError else { return false }
            return messages.contains("error: type 'Haptics' has no member 'tap'")
                && messages.contains(
                    "(module Haptics is compiled with os(iOS) false, as Swift on Linux holds it: with os(iOS) true, "
                        + "as an iPhone compiles it, it did not compile (Haptics.swift:3:31: error: cannot find 'UIDevice'"
                )
        }
    }
}
