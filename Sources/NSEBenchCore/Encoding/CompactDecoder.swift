/// Decodes a `Decodable` value from ``CompactFormat`` bytes written by ``CompactEncoder``.
///
/// Bytes that are not a whole value of the format (cut short, a length past the end, an unknown tag,
/// a number that does not fit the type asked for, trailing bytes) are a `DecodingError`, never a trap.
public struct CompactDecoder: Sendable {
    /// A decoder.
    public init() {}

    /// The value `bytes` hold.
    public func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws(DecodingError) -> Value {
        let source = CompactSource(bytes: bytes)
        do {
            let end = try source.end(ofValueAt: 0)
            guard end == bytes.count else {
                throw source.corrupted("\(bytes.count - end) bytes after the value", at: end)
            }
            return try Value(from: CompactValueDecoder(source: source, offset: 0))
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: "\(error)", underlyingError: error))
        }
    }
}

/// The bytes being decoded, read by offset with every bound checked.
final class CompactSource {
    let bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }

    func corrupted(_ reason: String, at offset: Int) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: [], debugDescription: "compact bytes: \(reason) at byte \(offset)"))
    }

    func mismatch(_ type: Any.Type, at offset: Int) -> DecodingError {
        let found = offset < bytes.count ? CompactFormat.Tag(rawValue: bytes[offset]).map { "\($0)" } ?? "?" : "the end"
        return DecodingError.typeMismatch(
            type,
            DecodingError.Context(
                codingPath: [], debugDescription: "expected \(type), found \(found) at byte \(offset)"))
    }

    func tag(at offset: Int) throws(DecodingError) -> CompactFormat.Tag {
        guard offset >= 0, offset < bytes.count else { throw corrupted("a value past the end", at: offset) }
        guard let tag = CompactFormat.Tag(rawValue: bytes[offset]) else {
            throw corrupted("unknown tag \(bytes[offset])", at: offset)
        }
        return tag
    }

    /// The varint at `offset`, which moves past it.
    func varint(at offset: inout Int) throws(DecodingError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count else { throw corrupted("a number cut short", at: offset) }
            guard shift < 64 else { throw corrupted("a number longer than 64 bits", at: offset) }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// The end of the `count` bytes starting at `offset`.
    func span(_ count: UInt64, from offset: Int) throws(DecodingError) -> Int {
        guard count <= UInt64(bytes.count - offset) else { throw corrupted("\(count) bytes past the end", at: offset) }
        return offset + Int(count)
    }

    /// Where a container's body ends (its body starts 5 bytes after `offset`).
    func containerEnd(at offset: Int) throws(DecodingError) -> Int {
        let body = offset + 1 + CompactFormat.lengthBytes
        guard body <= bytes.count else { throw corrupted("a container's length cut short", at: offset) }
        var length: UInt64 = 0
        for index in 0..<CompactFormat.lengthBytes {
            length |= UInt64(bytes[offset + 1 + index]) << (8 * UInt64(index))
        }
        return try span(length, from: body)
    }

    /// The offset just past the value at `offset`.
    func end(ofValueAt offset: Int) throws(DecodingError) -> Int {
        switch try tag(at: offset) {
        case .null, .false, .true: return offset + 1
        case .signed, .unsigned:
            var position = offset + 1
            _ = try varint(at: &position)
            return position
        case .double: return try span(8, from: offset + 1)
        case .string:
            var position = offset + 1
            let count = try varint(at: &position)
            return try span(count, from: position)
        case .keyed, .unkeyed: return try containerEnd(at: offset)
        }
    }

    func bool(at offset: Int) throws(DecodingError) -> Bool {
        switch try tag(at: offset) {
        case .true: return true
        case .false: return false
        default: throw mismatch(Bool.self, at: offset)
        }
    }

    func isNull(at offset: Int) throws(DecodingError) -> Bool { try tag(at: offset) == .null }

    func integer<Value: FixedWidthInteger>(_ type: Value.Type, at offset: Int) throws(DecodingError) -> Value {
        var position = offset + 1
        let converted: Value?
        switch try tag(at: offset) {
        case .signed: converted = Value(exactly: CompactFormat.unzigzag(try varint(at: &position)))
        case .unsigned: converted = Value(exactly: try varint(at: &position))
        default: throw mismatch(type, at: offset)
        }
        guard let converted else { throw corrupted("a number that does not fit \(type)", at: offset) }
        return converted
    }

    func double(at offset: Int) throws(DecodingError) -> Double {
        var position = offset + 1
        switch try tag(at: offset) {
        case .double:
            _ = try span(8, from: position)
            var pattern: UInt64 = 0
            for index in 0..<8 { pattern |= UInt64(bytes[position + index]) << (8 * UInt64(index)) }
            return Double(bitPattern: pattern)
        case .signed: return Double(CompactFormat.unzigzag(try varint(at: &position)))
        case .unsigned: return Double(try varint(at: &position))
        default: throw mismatch(Double.self, at: offset)
        }
    }

    func string(at offset: Int) throws(DecodingError) -> String {
        guard try tag(at: offset) == .string else { throw mismatch(String.self, at: offset) }
        var position = offset + 1
        return try rawString(at: &position)
    }

    /// A key or a string's body at `offset`, which moves past it.
    func rawString(at offset: inout Int) throws(DecodingError) -> String {
        let count = try varint(at: &offset)
        let end = try span(count, from: offset)
        defer { offset = end }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }
}

/// The `Decoder` of one value, and its single-value container.
struct CompactValueDecoder: Decoder, SingleValueDecodingContainer {
    let source: CompactSource
    let offset: Int

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(try CompactKeyedDecoder<Key>(source: source, offset: offset))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try CompactUnkeyedDecoder(source: source, offset: offset)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { (try? source.isNull(at: offset)) ?? false }
    func decode(_ type: Bool.Type) throws -> Bool { try source.bool(at: offset) }
    func decode(_ type: String.Type) throws -> String { try source.string(at: offset) }
    func decode(_ type: Double.Type) throws -> Double { try source.double(at: offset) }
    func decode(_ type: Float.Type) throws -> Float { Float(try source.double(at: offset)) }
    func decode(_ type: Int.Type) throws -> Int { try source.integer(type, at: offset) }
    func decode(_ type: Int8.Type) throws -> Int8 { try source.integer(type, at: offset) }
    func decode(_ type: Int16.Type) throws -> Int16 { try source.integer(type, at: offset) }
    func decode(_ type: Int32.Type) throws -> Int32 { try source.integer(type, at: offset) }
    func decode(_ type: Int64.Type) throws -> Int64 { try source.integer(type, at: offset) }
    func decode(_ type: UInt.Type) throws -> UInt { try source.integer(type, at: offset) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try source.integer(type, at: offset) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try source.integer(type, at: offset) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try source.integer(type, at: offset) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try source.integer(type, at: offset) }
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try Value(from: CompactValueDecoder(source: source, offset: offset))
    }
}

/// A keyed container's entries, and where the next lookup starts: synthesized decoding asks for the
/// keys in the order they were written, so the entry after the last one found is nearly always next.
final class CompactEntries {
    /// One entry: where its key's bytes are and where its value starts.
    struct Entry {
        var keyStart: Int
        var keyCount: Int
        var value: Int
    }

    let items: [Entry]
    private var cursor = 0

    init(_ items: [Entry]) { self.items = items }

    /// The offset of the value whose key is `name` in `bytes`; nil when there is none.
    func value(of name: String, in bytes: [UInt8]) -> Int? {
        let count = items.count
        guard count > 0 else { return nil }
        var name = name
        return name.withUTF8 { utf8 -> Int? in
            for step in 0..<count {
                let index = (cursor + step) % count
                let entry = items[index]
                guard entry.keyCount == utf8.count else { continue }
                var same = true
                for offset in 0..<entry.keyCount where bytes[entry.keyStart + offset] != utf8[offset] {
                    same = false
                    break
                }
                if same {
                    cursor = index + 1
                    return entry.value
                }
            }
            return nil
        }
    }
}

struct CompactKeyedDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let source: CompactSource
    private let entries: CompactEntries
    var codingPath: [any CodingKey] { [] }

    init(source: CompactSource, offset: Int) throws(DecodingError) {
        self.source = source
        guard try source.tag(at: offset) == .keyed else { throw source.mismatch([String: Any].self, at: offset) }
        let end = try source.containerEnd(at: offset)
        var position = offset + 1 + CompactFormat.lengthBytes
        var entries: [CompactEntries.Entry] = []
        while position < end {
            let count = try source.varint(at: &position)
            let keyStart = position
            position = try source.span(count, from: position)
            let value = position
            position = try source.end(ofValueAt: value)
            guard position <= end else { throw source.corrupted("an entry past its container's end", at: value) }
            entries.append(CompactEntries.Entry(keyStart: keyStart, keyCount: Int(count), value: value))
        }
        self.entries = CompactEntries(entries)
    }

    var allKeys: [Key] {
        entries.items.compactMap { entry in
            Key(
                stringValue: String(
                    decoding: source.bytes[entry.keyStart..<entry.keyStart + entry.keyCount], as: UTF8.self))
        }
    }

    /// The offset of `key`'s value, or nil when the container lacks it.
    private func find(_ key: Key) -> Int? { entries.value(of: key.stringValue, in: source.bytes) }

    /// The value for `key` read by `read`, or nil when the key is absent or its value is nil: one
    /// lookup, where the protocol's default asks three times (`contains`, `decodeNil`, `decode`).
    private func optional<Value>(_ key: Key, _ read: (Int) throws(DecodingError) -> Value) throws(DecodingError)
        -> Value?
    {
        guard let offset = find(key), try !source.isNull(at: offset) else { return nil }
        return try read(offset)
    }

    private func value(_ key: Key) throws(DecodingError) -> Int {
        guard let offset = find(key) else {
            throw DecodingError.keyNotFound(
                key, DecodingError.Context(codingPath: [], debugDescription: "no value for \"\(key.stringValue)\""))
        }
        return offset
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }
    func decodeNil(forKey key: Key) throws -> Bool { try source.isNull(at: try value(key)) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try source.bool(at: try value(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try source.string(at: try value(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try source.double(at: try value(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try source.double(at: try value(key))) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try source.integer(type, at: try value(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try source.integer(type, at: try value(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try source.integer(type, at: try value(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try source.integer(type, at: try value(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try source.integer(type, at: try value(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try source.integer(type, at: try value(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try source.integer(type, at: try value(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try source.integer(type, at: try value(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try source.integer(type, at: try value(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try source.integer(type, at: try value(key)) }
    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try Value(from: CompactValueDecoder(source: source, offset: try value(key)))
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(key, source.bool) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(key, source.string) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(key, source.double) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try optional(key) { offset throws(DecodingError) in try source.integer(type, at: offset) }
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try optional(key) { offset throws(DecodingError) in try source.integer(type, at: offset) }
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try optional(key) { offset throws(DecodingError) in try source.integer(type, at: offset) }
    }
    func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
        guard let offset = find(key), try !source.isNull(at: offset) else { return nil }
        return try Value(from: CompactValueDecoder(source: source, offset: offset))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(try CompactKeyedDecoder<NestedKey>(source: source, offset: try value(key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try CompactUnkeyedDecoder(source: source, offset: try value(key))
    }

    func superDecoder() throws -> any Decoder { throw unsupportedSuperDecoder() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw unsupportedSuperDecoder() }

    private func unsupportedSuperDecoder() -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: [], debugDescription: "superDecoder is not supported by CompactDecoder"))
    }
}

struct CompactUnkeyedDecoder: UnkeyedDecodingContainer {
    let source: CompactSource
    /// Where each element starts.
    private let elements: [Int]
    private(set) var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(source: CompactSource, offset: Int) throws(DecodingError) {
        self.source = source
        guard try source.tag(at: offset) == .unkeyed else { throw source.mismatch([Any].self, at: offset) }
        let end = try source.containerEnd(at: offset)
        var position = offset + 1 + CompactFormat.lengthBytes
        var elements: [Int] = []
        while position < end {
            elements.append(position)
            position = try source.end(ofValueAt: position)
            guard position <= end else { throw source.corrupted("an element past its container's end", at: position) }
        }
        self.elements = elements
    }

    /// The next element's offset, moving past it.
    private mutating func next(_ type: Any.Type) throws(DecodingError) -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, DecodingError.Context(codingPath: [], debugDescription: "no element \(currentIndex)"))
        }
        defer { currentIndex += 1 }
        return elements[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, try source.isNull(at: elements[currentIndex]) else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try source.bool(at: try next(type)) }
    mutating func decode(_ type: String.Type) throws -> String { try source.string(at: try next(type)) }
    mutating func decode(_ type: Double.Type) throws -> Double { try source.double(at: try next(type)) }
    mutating func decode(_ type: Float.Type) throws -> Float { Float(try source.double(at: try next(type))) }
    mutating func decode(_ type: Int.Type) throws -> Int { try source.integer(type, at: try next(type)) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try source.integer(type, at: try next(type)) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try source.integer(type, at: try next(type)) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try source.integer(type, at: try next(type)) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try source.integer(type, at: try next(type)) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try source.integer(type, at: try next(type)) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try source.integer(type, at: try next(type)) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try source.integer(type, at: try next(type)) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try source.integer(type, at: try next(type)) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try source.integer(type, at: try next(type)) }
    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try Value(from: CompactValueDecoder(source: source, offset: try next(type)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(try CompactKeyedDecoder<NestedKey>(source: source, offset: try next([String: Any].self)))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try CompactUnkeyedDecoder(source: source, offset: try next([Any].self))
    }

    mutating func superDecoder() throws -> any Decoder {
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: [], debugDescription: "superDecoder is not supported by CompactDecoder"))
    }
}
