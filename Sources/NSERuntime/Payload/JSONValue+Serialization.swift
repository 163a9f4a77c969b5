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
