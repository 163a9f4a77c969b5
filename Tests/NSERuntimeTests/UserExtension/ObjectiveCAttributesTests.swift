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

    /// Comments and every kind of string literal are left as they are; the attributes around them are not.
    @Test(arguments: [
        ("let doc = \"\"\"\n    Mark it @objc to expose it\n    \"\"\"\n@objc class A {}", "@objc to expose", 1),
        (##"let raw = #"a "@objc" b"#; @objc class A {}"##, #""@objc""#, 1),
        (##"let path = #"C:\"#; @objc func f() {}"##, ##"#"C:\"#"##, 1),
        ("/* \" */ @objc class A {}", "/* \" */", 1),
        ("/* outer /* @objc */ still */ @objc class A {}", "/* @objc */", 1),
        ("let s = \"\\(d[\"@objc\"]) @objc\"\n@objc class A {}", "[\"@objc\"]) @objc\"", 1),
        ("// @objc( in a comment\nlet x = (1)", "// @objc( in a comment", 0),
    ])
    func commentsAndStringsAreLeftAlone(text: String, kept: String, attributes: Int) {
        let blanked = ObjectiveCAttributes.blanked(text)
        #expect((blanked ?? text).contains(kept), "\(blanked ?? text)")
        #expect((blanked ?? text).count == text.count)
        let left = (blanked ?? text).components(separatedBy: "@objc").count - 1
        let before = text.components(separatedBy: "@objc").count - 1
        #expect(before - left == attributes, "\(blanked ?? text)")
    }

    @Test func aNameAfterASpaceGoesWithItsAttributeAndAnUnclosedOneStaysPut() throws {
        let spaced = try #require(ObjectiveCAttributes.blanked("@objc (NotificationService)\nfinal class N {}"))
        #expect(spaced.trimmingCharacters(in: .whitespacesAndNewlines) == "final class N {}")
        let unclosed = try #require(ObjectiveCAttributes.blanked("@objc(Name\nlet x = f(1)"))
        #expect(unclosed.hasSuffix("(Name\nlet x = f(1)"), "only the attribute's name is blanked: \(unclosed)")
    }

    @Test(
        "a class declared @objc(Name), importing Compression, compiles and loads; an error after it names the user's file and line"
    )
    func objcClassCompilesAndKeepsItsLines() async throws {
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
        let factory = try await CompiledExamples.factory(of: ["Service.swift": service])
        #expect(String(describing: type(of: factory.make())) == "NotificationService")

        let folder = try CompiledExamples.folder(["Service.swift": service + "\nlet broken: Int = \"not a number\"\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try await CompiledExamples.builder().buildOffThePool(try UserExtensionSource.locate(folder.path))
            Issue.record("a type error compiled")
        } catch let error as UserExtensionError {
            guard case .compileFailed(_, let messages, _) = error else {
                Issue.record("expected compileFailed, got \(error)")
                return
            }
            #expect(messages.contains("\(folder.path)/Service.swift:11:19: error: cannot convert"), "\(messages)")
            #expect(
                messages.contains("11 | let broken: Int = \"not a number\""),
                "excerpts keep the file's lines: \(messages)")
            #expect(!messages.contains("/copies/"), "the copy's path is the original's: \(messages)")
        }
    }
}
