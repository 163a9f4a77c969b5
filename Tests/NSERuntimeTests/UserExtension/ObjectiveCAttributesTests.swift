import Foundation
import Testing

@testable import NSERuntime

/// Objective-C attributes, which Swift on Linux refuses: blanked out where they stand, so the compile goes
/// on and its messages keep the user's lines and columns.
@Suite("User extension: Objective-C attributes")
struct ObjectiveCAttributesTests {
    @Test func attributesAreBlankedInPlaceAndStringsLeftAlone() throws {
        let text = """
            @objc(NotificationService)
            final class NotificationService: UNNotificationServiceExtension {
                @objc dynamic var label = "@objc stays in a string"
                @nonobjc func helper() {}
                @objcMembers class Inner {}
                let name = "\\"@objc\\" stays"
                @objcThing var other = 1
            }
            """
        let blanked = try #require(ObjectiveCAttributes.blanked(text))
        #expect(blanked.count == text.count)
        #expect(blanked.split(separator: "\n", omittingEmptySubsequences: false).count == 8)
        #expect(!blanked.contains("@objc("))
        #expect(!blanked.contains("@objc dynamic"))
        #expect(!blanked.contains("@nonobjc"))
        #expect(!blanked.contains("@objcMembers"))
        #expect(blanked.contains("\"@objc stays in a string\""))
        #expect(blanked.contains("\"\\\"@objc\\\" stays\""))
        #expect(blanked.contains("@objcThing"), "another attribute's name")
        #expect(blanked.contains("      dynamic var label"))
        #expect(ObjectiveCAttributes.blanked("class A {}") == nil)
    }

    @Test(
        "a class declared @objc(Name), importing Compression, compiles and loads; an error after it names the user's file and line"
    )
    func objcClassCompilesAndKeepsItsLines() throws {
        let service = """
            import Compression
            import UserNotifications
            @objc(NotificationService)
            final class NotificationService: UNNotificationServiceExtension {
                @objc dynamic var label = "@objc"
                @nonobjc func inflate(_ data: [UInt8]) -> Int {
                    var out = [UInt8](repeating: 0, count: 64)
                    return compression_decode_buffer(&out, out.count, data, data.count, nil, COMPRESSION_ZLIB)
                }
            }
            """
        let factory = try CompiledExamples.factory(of: ["Service.swift": service])
        #expect(String(describing: type(of: factory.make())) == "NotificationService")

        let folder = try CompiledExamples.folder(["Service.swift": service + "\nlet broken: Int = \"not a number\"\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try CompiledExamples.builder().build(try UserExtensionSource.locate(folder.path))
            Issue.record("a type error compiled")
        } catch let error as UserExtensionError {
            guard case .compileFailed(_, let messages, _) = error else {
                Issue.record("expected compileFailed, got \(error)")
                return
            }
            #expect(messages.contains("\(folder.path)/Service.swift:11:19: error: cannot convert"), "\(messages)")
            #expect(messages.contains("let broken: Int = \"not a number\"\n                  ^"), "\(messages)")
            #expect(!messages.contains(" | "), "no excerpt numbered by the copy's lines: \(messages)")
        }
    }
}
