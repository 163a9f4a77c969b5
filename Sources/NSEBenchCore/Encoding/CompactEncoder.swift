/// Encodes any `Encodable` value in ``CompactFormat``: the binary counterpart of `JSONEncoder` for
/// messages between nse-bench's own processes.
///
/// ```swift
/// let bytes = try CompactEncoder().encode(record)
/// let back = try CompactDecoder().decode(InvocationRecord.self, from: bytes)  // == record
/// ```
///
/// It writes as it goes, so a value must encode depth-first, as synthesized conformances do: a
/// container written to after a later sibling container was opened, or a `superEncoder`, is reported
/// as an `EncodingError` rather than written wrongly.
public struct CompactEncoder: Sendable {
    /// An encoder.
    public init() {}

    /// The bytes of `value`.
    public func encode<Value: Encodable>(_ value: Value) throws(EncodingError) -> [UInt8] {
        let sink = CompactSink()
        do {
            try sink.appendValue(value, depth: 0)
        } catch let error as EncodingError {
            throw error
        } catch {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: [], debugDescription: "\(error)", underlyingError: error))
        }
        if let failure = sink.failure {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: failure))
        }
        sink.closeContainers(above: 0)
        return sink.bytes
    }
}

/// The bytes being written and the containers still open, outermost first. Owned by one `encode`
/// call, on one thread.
final class CompactSink {
    var bytes: [UInt8] = []
    /// The start offsets of the open containers; the one at index d holds values at depth d + 1.
    private var open: [Int] = []
    /// Why the value cannot be encoded, found where the `Encoder` API cannot throw.
    var failure: String?

    init() { bytes.reserveCapacity(512) }

    /// Checks that the container starting at `start` at `depth` is still open, and closes every
    /// container opened after it (their values are complete).
    func enter(depth: Int, start: Int) throws(EncodingError) {
        guard depth < open.count, open[depth] == start else {
            throw EncodingError.invalidValue(
                start,
                EncodingError.Context(
                    codingPath: [],
                    debugDescription: "a container was written to after a later one was opened (not depth-first)"))
        }
        closeContainers(above: depth + 1)
    }

    /// Opens a container of `tag` at `depth`; returns its start offset.
    func beginContainer(_ tag: CompactFormat.Tag, depth: Int) -> Int {
        closeContainers(above: depth)
        let start = bytes.count
        bytes.append(tag.rawValue)
        bytes.append(contentsOf: repeatElement(0, count: CompactFormat.lengthBytes))
        open.append(start)
        return start
    }

    /// Writes the length of every container past the first `depth`, and forgets them.
    func closeContainers(above depth: Int) {
        while open.count > depth {
            let start = open.removeLast()
            let length = UInt32(truncatingIfNeeded: bytes.count - start - 1 - CompactFormat.lengthBytes)
            for index in 0..<CompactFormat.lengthBytes {
                bytes[start + 1 + index] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(index)))
            }
        }
    }

    func appendTag(_ tag: CompactFormat.Tag) { bytes.append(tag.rawValue) }

    func appendBool(_ value: Bool) { appendTag(value ? .true : .false) }

    func appendSigned(_ value: Int64) {
        appendTag(.signed)
        CompactFormat.appendVarint(CompactFormat.zigzag(value), to: &bytes)
    }

    func appendUnsigned(_ value: UInt64) {
        appendTag(.unsigned)
        CompactFormat.appendVarint(value, to: &bytes)
    }

    func appendDouble(_ value: Double) {
        appendTag(.double)
        let pattern = value.bitPattern
        for index in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: pattern >> (8 * UInt64(index)))) }
    }

    func appendString(_ value: String) {
        appendTag(.string)
        appendRawString(value)
    }

    /// A key or a string's body: its UTF-8 byte count, then the bytes.
    func appendRawString(_ value: String) {
        var text = value
        text.withUTF8 { utf8 in
            CompactFormat.appendVarint(UInt64(utf8.count), to: &bytes)
            bytes.append(contentsOf: utf8)
        }
    }

    /// Writes `value` as one value at `depth`; one that writes nothing is an empty keyed container,
    /// as JSONEncoder writes `{}`.
    func appendValue<Value: Encodable>(_ value: Value, depth: Int) throws {
        closeContainers(above: depth)
        let before = bytes.count
        try value.encode(to: CompactValueEncoder(sink: self, depth: depth))
        if bytes.count == before { _ = beginContainer(.keyed, depth: depth) }
    }
}

/// The `Encoder` a value encodes itself with: one value at `depth`.
final class CompactValueEncoder: Encoder {
    let sink: CompactSink
    let depth: Int
    /// The container this value opened, if it did.
    private var container: (tag: CompactFormat.Tag, start: Int)?
    private var wroteSingleValue = false

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(sink: CompactSink, depth: Int) {
        self.sink = sink
        self.depth = depth
    }

    private func open(_ tag: CompactFormat.Tag) -> Int {
        if let container {
            if container.tag != tag { sink.failure = "a value asked for a keyed and an unkeyed container" }
            return container.start
        }
        let start = sink.beginContainer(tag, depth: depth)
        container = (tag, start)
        return start
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(CompactKeyedEncoder<Key>(sink: sink, depth: depth, start: open(.keyed)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        CompactUnkeyedEncoder(sink: sink, depth: depth, start: open(.unkeyed))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { CompactSingleValueEncoder(encoder: self) }

    /// Called before a single value is written: one value per encoder.
    func claimSingleValue() throws(EncodingError) {
        guard !wroteSingleValue, container == nil else {
            throw EncodingError.invalidValue(
                depth, EncodingError.Context(codingPath: [], debugDescription: "a value encoded more than one value"))
        }
        wroteSingleValue = true
        sink.closeContainers(above: depth)
    }
}

struct CompactKeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: CompactSink
    let depth: Int
    let start: Int
    var codingPath: [any CodingKey] { [] }

    private func key(_ key: Key) throws(EncodingError) {
        try sink.enter(depth: depth, start: start)
        sink.appendRawString(key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws {
        try self.key(key)
        sink.appendTag(.null)
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try self.key(key)
        sink.appendBool(value)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        try self.key(key)
        sink.appendString(value)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        try self.key(key)
        sink.appendDouble(value)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        try self.key(key)
        sink.appendDouble(Double(value))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        try self.key(key)
        sink.appendSigned(Int64(value))
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
        try self.key(key)
        sink.appendSigned(Int64(value))
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        try self.key(key)
        sink.appendSigned(Int64(value))
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        try self.key(key)
        sink.appendSigned(Int64(value))
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        try self.key(key)
        sink.appendSigned(value)
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        try self.key(key)
        sink.appendUnsigned(UInt64(value))
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        try self.key(key)
        sink.appendUnsigned(UInt64(value))
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        try self.key(key)
        sink.appendUnsigned(UInt64(value))
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        try self.key(key)
        sink.appendUnsigned(UInt64(value))
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        try self.key(key)
        sink.appendUnsigned(value)
    }
    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try self.key(key)
        try sink.appendValue(value, depth: depth + 1)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        record { () throws(EncodingError) in try self.key(key) }
        return KeyedEncodingContainer(
            CompactKeyedEncoder<NestedKey>(
                sink: sink, depth: depth + 1, start: sink.beginContainer(.keyed, depth: depth + 1)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        record { () throws(EncodingError) in try self.key(key) }
        return CompactUnkeyedEncoder(
            sink: sink, depth: depth + 1, start: sink.beginContainer(.unkeyed, depth: depth + 1))
    }

    mutating func superEncoder() -> any Encoder { unsupportedSuperEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { unsupportedSuperEncoder() }

    private func unsupportedSuperEncoder() -> any Encoder {
        sink.failure = "superEncoder is not supported by CompactEncoder"
        return CompactValueEncoder(sink: sink, depth: depth + 1)
    }

    /// Runs a step of a method that cannot throw; its error fails the whole encoding.
    private func record(_ step: () throws(EncodingError) -> Void) {
        do { try step() } catch { sink.failure = "\(error)" }
    }
}

struct CompactUnkeyedEncoder: UnkeyedEncodingContainer {
    let sink: CompactSink
    let depth: Int
    let start: Int
    private(set) var count = 0
    var codingPath: [any CodingKey] { [] }

    init(sink: CompactSink, depth: Int, start: Int) {
        self.sink = sink
        self.depth = depth
        self.start = start
    }

    private mutating func element() throws(EncodingError) {
        try sink.enter(depth: depth, start: start)
        count += 1
    }

    mutating func encodeNil() throws {
        try element()
        sink.appendTag(.null)
    }
    mutating func encode(_ value: Bool) throws {
        try element()
        sink.appendBool(value)
    }
    mutating func encode(_ value: String) throws {
        try element()
        sink.appendString(value)
    }
    mutating func encode(_ value: Double) throws {
        try element()
        sink.appendDouble(value)
    }
    mutating func encode(_ value: Int) throws {
        try element()
        sink.appendSigned(Int64(value))
    }
    mutating func encode(_ value: UInt64) throws {
        try element()
        sink.appendUnsigned(value)
    }
    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try element()
        try sink.appendValue(value, depth: depth + 1)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        recordElement()
        return KeyedEncodingContainer(
            CompactKeyedEncoder<NestedKey>(
                sink: sink, depth: depth + 1, start: sink.beginContainer(.keyed, depth: depth + 1)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        recordElement()
        return CompactUnkeyedEncoder(
            sink: sink, depth: depth + 1, start: sink.beginContainer(.unkeyed, depth: depth + 1))
    }

    mutating func superEncoder() -> any Encoder {
        sink.failure = "superEncoder is not supported by CompactEncoder"
        return CompactValueEncoder(sink: sink, depth: depth + 1)
    }

    private mutating func recordElement() {
        do { try element() } catch { sink.failure = "\(error)" }
    }
}

struct CompactSingleValueEncoder: SingleValueEncodingContainer {
    let encoder: CompactValueEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {
        try encoder.claimSingleValue()
        encoder.sink.appendTag(.null)
    }
    mutating func encode(_ value: Bool) throws {
        try encoder.claimSingleValue()
        encoder.sink.appendBool(value)
    }
    mutating func encode(_ value: String) throws {
        try encoder.claimSingleValue()
        encoder.sink.appendString(value)
    }
    mutating func encode(_ value: Double) throws {
        try encoder.claimSingleValue()
        encoder.sink.appendDouble(value)
    }
    mutating func encode(_ value: Float) throws {
        try encoder.claimSingleValue()
        encoder.sink.appendDouble(Double(value))
    }
    mutating func encode(_ value: Int) throws {
        try encoder.claimSingleValue()
        encoder.sink.appendSigned(Int64(value))
    }
    mutating func encode(_ value: Int8) throws {
        try encoder.claimSingleValue()
        encoder.sink.appendSigned(Int64(value))
    }
    mutating func encode(_ value: Int16) throws {
        try encoder.claimSingleValue()
        encoder.sink.appendSigned(Int64(value))
    }
    mutating func encode(_ value: Int32) throws {
        try encoder.claimSingleValue()
        encoder.sink.appendSigned(Int64(value))
    }
    mutating func encode(_ value: Int64) throws {
        try encoder.claimSingleValue()
        encoder.sink.appendSigned(value)
    }
    mutating func encode(_ value: UInt) throws {
        try encoder.claimSingleValue()
        encoder.sink.appendUnsigned(UInt64(value))
    }
    mutating func encode(_ value: UInt8) throws {
        try encoder.claimSingleValue()
        encoder.sink.appendUnsigned(UInt64(value))
    }
    mutating func encode(_ value: UInt16) throws {
        try encoder.claimSingleValue()
        encoder.sink.appendUnsigned(UInt64(value))
    }
    mutating func encode(_ value: UInt32) throws {
        try encoder.claimSingleValue()
        encoder.sink.appendUnsigned(UInt64(value))
    }
    mutating func encode(_ value: UInt64) throws {
        try encoder.claimSingleValue()
        encoder.sink.appendUnsigned(value)
    }
    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try encoder.claimSingleValue()
        try encoder.sink.appendValue(value, depth: encoder.depth)
    }
}
