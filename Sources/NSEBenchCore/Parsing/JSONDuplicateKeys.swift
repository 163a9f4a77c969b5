/// Finds a key that appears twice in one JSON object, which JSON parsers (Foundation's included)
/// accept silently, keeping one of the values: a payload with two `"aps"` objects would run with
/// whichever the parser kept, while APNs or another parser might keep the other.
///
/// ```swift
/// JSONDuplicateKeys.first(in: Array(#"{"aps":{},"aps":{"alert":"x"}}"#.utf8))  // "aps"
/// JSONDuplicateKeys.first(in: Array(#"{"aps":{"alert":{"title":"a","title":"b"}}}"#.utf8))  // "aps.alert.title"
/// ```
///
/// Meant for text a JSON parser has already accepted: on malformed input it returns nil rather
/// than an error. Keys are compared after unescaping (`"a\u0070s"` is `"aps"`).
public enum JSONDuplicateKeys {
    /// The dotted key path of the first key repeated within an object (array elements as `[index]`);
    /// nil when every object's keys are distinct.
    public static func first(in bytes: [UInt8]) -> String? {
        var scanner = Scanner(bytes: bytes)
        return scanner.duplicate()
    }

    private enum Container {
        case object(keys: Set<String>, current: String?)
        case array(index: Int)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var stack: [Container] = []
        /// In an object, whether the next string is a key.
        var expectingKey = false

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func duplicate() -> String? {
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "{"):
                    stack.append(.object(keys: [], current: nil))
                    expectingKey = true
                    index += 1
                case UInt8(ascii: "["):
                    stack.append(.array(index: 0))
                    expectingKey = false
                    index += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    _ = stack.popLast()
                    expectingKey = false
                    index += 1
                case UInt8(ascii: ","):
                    if case .array(let position)? = stack.last {
                        stack[stack.count - 1] = .array(index: position + 1)
                    } else {
                        expectingKey = true
                    }
                    index += 1
                case UInt8(ascii: "\""):
                    guard let text = string() else { return nil }
                    if expectingKey, case .object(var keys, _)? = stack.last {
                        if !keys.insert(text).inserted { return path(ending: text) }
                        stack[stack.count - 1] = .object(keys: keys, current: text)
                        expectingKey = false
                    }
                default:
                    index += 1
                }
            }
            return nil
        }

        /// The path of the containers, then `key`.
        func path(ending key: String) -> String {
            var path = ""
            for container in stack.dropLast() {
                switch container {
                case .object(_, let current): path += (path.isEmpty ? "" : ".") + (current ?? "")
                case .array(let position): path += "[\(position)]"
                }
            }
            return path.isEmpty ? key : path + "." + key
        }

        /// Reads the string starting at `index` (a quote), unescaped; nil if it never ends.
        mutating func string() -> String? {
            index += 1
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flushRaw() {
                scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                raw.removeAll()
            }
            var pendingHighSurrogate: UInt32?
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") {
                    flushRaw()
                    return String(scalars)
                }
                guard byte == UInt8(ascii: "\\"), index < bytes.count else {
                    raw.append(byte)
                    continue
                }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count,
                        let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                    else { return nil }
                    index += 4
                    flushRaw()
                    if (0xD800..<0xDC00).contains(value) {
                        pendingHighSurrogate = value
                    } else if (0xDC00..<0xE000).contains(value), let high = pendingHighSurrogate {
                        let combined = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)
                        if let scalar = Unicode.Scalar(combined) { scalars.append(scalar) }
                        pendingHighSurrogate = nil
                    } else if let scalar = Unicode.Scalar(value) {
                        scalars.append(scalar)
                    }
                case UInt8(ascii: "n"): raw.append(0x0A)
                case UInt8(ascii: "t"): raw.append(0x09)
                case UInt8(ascii: "r"): raw.append(0x0D)
                case UInt8(ascii: "b"): raw.append(0x08)
                case UInt8(ascii: "f"): raw.append(0x0C)
                default: raw.append(escape)  // \" \\ \/
                }
            }
            return nil
        }
    }
}
