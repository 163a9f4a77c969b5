import Foundation

/// Objective-C attributes, which Swift on Linux refuses ("Objective-C interoperability is disabled"): an
/// extension's principal class is often declared `@objc(NotificationService)`, so that Info.plist can name
/// it without the module. Linux has no Objective-C runtime, and nse-bench finds the class by its Swift name,
/// so the compile drops the attributes: `@objc`, `@objc(Name)`, `@objcMembers` and `@nonobjc` are blanked
/// out with spaces (lines and columns stay where they were), in a copy of the file whose
/// `#sourceLocation` names the original, so that the compiler's messages point into the user's file.
/// What needs the runtime itself (`#selector`, `@objc optional` requirements, key-value observing) is not
/// there, and the compile says so.
enum ObjectiveCAttributes {
    /// The attribute names dropped.
    static let names = ["objcMembers", "nonobjc", "objc"]

    /// `text` with its Objective-C attributes blanked out, or nil when it has none. Occurrences inside a
    /// string literal on their line (an odd number of unescaped quotes before them) are left alone.
    static func blanked(_ text: String) -> String? {
        guard text.contains("@objc") || text.contains("@nonobjc") else { return nil }
        var bytes = Array(text.utf8)
        var changed = false
        var index = 0
        var quotes = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                quotes = 0
            case UInt8(ascii: "\\"):
                index += 1
            case UInt8(ascii: "\""):
                quotes += 1
            case UInt8(ascii: "@") where quotes % 2 == 0:
                if let end = attributeEnd(in: bytes, at: index) {
                    for position in index..<end where bytes[position] != UInt8(ascii: "\n") {
                        bytes[position] = UInt8(ascii: " ")
                    }
                    changed = true
                    index = end
                    continue
                }
            default:
                break
            }
            index += 1
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// The end of the Objective-C attribute starting at `start` (its `@`), its parenthesised name included,
    /// or nil when none starts there.
    private static func attributeEnd(in bytes: [UInt8], at start: Int) -> Int? {
        for name in names {
            let word = Array(name.utf8)
            let end = start + 1 + word.count
            guard end <= bytes.count, Array(bytes[(start + 1)..<end]) == word else { continue }
            // A longer identifier (`@objcThing`) is not this attribute.
            if end < bytes.count, isIdentifierByte(bytes[end]) { continue }
            guard end < bytes.count, bytes[end] == UInt8(ascii: "("),
                let close = bytes[end...].firstIndex(of: UInt8(ascii: ")"))
            else { return end }
            return close + 1
        }
        return nil
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// The compiler's diagnostic style for `compiled`, the files compiled for `sources`: LLVM's when a copy
    /// is among them. Swift's style numbers the lines of its excerpts as the copy has them, one after the
    /// `#sourceLocation` line, while the message's own `file:line:column` is right; LLVM's prints the line
    /// without numbers.
    static func diagnosticStyle(compiling compiled: [URL], of sources: [URL]) -> [String] {
        compiled == sources ? [] : ["-diagnostic-style", "llvm"]
    }

    /// The files to compile for `sources`: each as it is, or, when it has Objective-C attributes, a copy in
    /// `folder` with them blanked, whose first line is a `#sourceLocation` naming the original.
    static func compiledSources(_ sources: [URL], copiesIn folder: URL) throws(UserExtensionError) -> [URL] {
        var compiled: [URL] = []
        for source in sources {
            let text: String
            do {
                text = try String(contentsOf: source, encoding: .utf8)
            } catch {
                throw .cache(path: source.path, reason: error.localizedDescription)
            }
            guard let blanked = blanked(text) else {
                compiled.append(source)
                continue
            }
            // The same file name (the compiler refuses two of one name in a module), in a folder of its own.
            let copy = folder.appendingPathComponent(source.lastPathComponent)
            let escaped = source.path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                of: "\"", with: "\\\"")
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try "#sourceLocation(file: \"\(escaped)\", line: 1)\n\(blanked)".write(
                    to: copy, atomically: false, encoding: .utf8)
            } catch {
                throw .cache(path: copy.path, reason: error.localizedDescription)
            }
            compiled.append(copy)
        }
        return compiled
    }
}
