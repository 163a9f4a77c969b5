extension JSONValue {
    /// Compact UTF-8 JSON with keys sorted by their UTF-8 bytes: the same value always gives the same bytes.
    ///
    /// Strings are written as UTF-8 with only `"`, `\` and control characters escaped (no `\/`, no `\u`
    /// for non-ASCII), the shortest form, which is what APNs counts against its 4096-byte limit.
    /// Fractional numbers use Swift's shortest round-trip form (`0.1`, `2.0`, `1e+20`); a non-finite
    /// number, which JSON cannot express, is written as `null`.
    ///
    /// ```swift
    /// JSONValue.object(["b": .integer(1), "a": .string("x/y")]).compactJSONBytes
    /// // the bytes of {"a":"x/y","b":1}
    /// ```
    public var compactJSONBytes: [UInt8] {
        var output: [UInt8] = []
        // One allocation for a typical payload (a few hundred bytes) instead of a doubling from empty,
        // about ten per payload (perf, issue #18).
        output.reserveCapacity(1024)
        write(to: &output)
        return output
    }

    /// ``compactJSONBytes`` as a string.
    ///
    /// ```swift
    /// JSONValue.array([.null, .bool(false)]).compactJSONText  // [null,false]
    /// ```
    public var compactJSONText: String {
        String(decoding: compactJSONBytes, as: UTF8.self)
    }

    /// The number of bytes ``compactJSONBytes`` would have, counted without writing them: no buffer,
    /// no sorted key list (the count does not depend on the keys' order).
    ///
    /// ```swift
    /// JSONValue.object(["a": .string("x\"y")]).compactJSONByteCount  // 12, as {"a":"x\"y"}
    /// ```
    public var compactJSONByteCount: Int {
        switch self {
        case .null: 4
        case .bool(let value): value ? 4 : 5
        case .integer(let value): Self.digitCount(value)
        case .double(let value): value.isFinite ? value.description.utf8.count : 4
        case .string(let text): Self.stringByteCount(text)
        case .array(let elements):
            // The brackets, and a comma between elements.
            elements.reduce(2 + max(0, elements.count - 1)) { $0 + $1.compactJSONByteCount }
        case .object(let members):
            // The braces, a comma between members, and a colon in each.
            members.reduce(2 + max(0, members.count - 1)) {
                $0 + Self.stringByteCount($1.key) + 1 + $1.value.compactJSONByteCount
            }
        }
    }

    /// The length of `String(value)`: its digits and a minus sign.
    private static func digitCount(_ value: Int) -> Int {
        var count = value < 0 ? 2 : 1
        var rest = value.magnitude
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// The length of a string as ``writeString(_:to:)`` writes it, quotes included.
    static func stringByteCount(_ text: String) -> Int {
        // Over the string's contiguous bytes where it has them: stepping its UTF-8 view's iterator made
        // this 0.7% of case 1's CPU (perf, issue #18), for a payload whose every string is counted.
        let utf8 = text.utf8
        let extra = utf8.withContiguousStorageIfAvailable(escapedExtra) ?? escapedExtra(utf8)
        return 2 + utf8.count + extra
    }

    /// The bytes escaping adds to `bytes`: one for a two-character escape (`\n`), five for `\u00XX`.
    private static func escapedExtra(_ bytes: some Sequence<UInt8>) -> Int {
        var extra = 0
        for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09, 0x08, 0x0C: extra += 1
            default: extra += 5
            }
        }
        return extra
    }

    /// Appends this value's compact JSON to `output`.
    func write(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .integer(let value): output.append(contentsOf: String(value).utf8)
        case .double(let value): output.append(contentsOf: (value.isFinite ? value.description : "null").utf8)
        case .string(let text): Self.writeString(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (position, key) in keys.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                members[key, default: .null].write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escape: copied whole rather than byte by byte.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output.append(contentsOf: text.utf8)
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x08: output += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: output += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0..<0x20:
                output += Array("\\u00".utf8)
                output += [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
