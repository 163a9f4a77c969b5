/// A value that nse-bench's own processes send each other (an extension worker's requests and records),
/// written out field by field in a fixed order with no keys and no type tags: both ends are the same
/// nse-bench executable, so they agree on the order, and reading costs no key matching, no boxing in
/// `Codable`'s generic containers and no allocation beyond the values' own.
///
/// A conformance writes its stored properties in declaration order and reads them back in the same
/// order:
///
/// ```swift
/// extension PhaseSpan: WireCodable {
///     public func write(to writer: inout WireWriter) {
///         writer.write(start)
///         writer.write(end)
///     }
///     public init(from reader: inout WireReader) throws(WireFormatError) {
///         self.init(start: try reader.read(), end: try reader.read())
///     }
/// }
/// ```
///
/// The encodings: an unsigned integer is a LEB128 varint, a signed one its zigzag varint, a `Bool` one
/// byte (0 or 1), a `Double` its bit pattern in 8 bytes little-endian, a `String` its UTF-8 byte count
/// and bytes, an `Optional` a byte (0: nil, 1: a value follows), an array or a dictionary its count and
/// then its elements (a dictionary's as key, value pairs), an enum with `String` raw values its raw
/// value. Bytes that are not a whole value (cut short, an unknown case, a number too wide for its type)
/// are a ``WireFormatError``, never a trap.
public protocol WireCodable {
    /// Appends the value's fields to `writer`.
    func write(to writer: inout WireWriter)
    /// Reads the value's fields from `reader`, in the order ``write(to:)`` wrote them.
    init(from reader: inout WireReader) throws(WireFormatError)
}

/// Why bytes are not a ``WireCodable`` value: the reason, and the byte where reading stopped.
public struct WireFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public var reason: String
    /// The offset of the byte being read.
    public var offset: Int

    /// An error for `reason` at `offset`.
    public init(_ reason: String, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String { "\(reason) at byte \(offset)" }
}

/// The bytes of ``WireCodable`` values, appended as they are written.
///
/// Its members are `@inlinable`, as are the standard types' conformances: the other modules' conformances
/// then read and write their fields through code specialized for each field's type, not through the
/// generic entry points (measured in an extension worker: their unspecialized `Optional` and `Dictionary`
/// readers, with the runtime's metadata look-ups, were most of a request's and a record's decoding).
@frozen
public struct WireWriter: Sendable {
    /// What has been written.
    @inlinable public var bytes: [UInt8] { written }
    @usableFromInline var written: [UInt8] = []

    /// A writer whose buffer first holds `capacity` bytes.
    @inlinable
    public init(capacity: Int = 512) { written.reserveCapacity(capacity) }

    /// Appends one byte.
    @inlinable
    public mutating func byte(_ value: UInt8) { written.append(value) }

    /// Appends `value` as a LEB128 varint: 7 bits a byte, low bits first, the high bit set on all but
    /// the last.
    @inlinable
    public mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            written.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        written.append(UInt8(rest))
    }

    /// Appends raw bytes.
    @inlinable
    public mutating func append(contentsOf raw: some Collection<UInt8>) { written.append(contentsOf: raw) }

    /// Appends `value`'s fields.
    @inlinable
    public mutating func write<Value: WireCodable>(_ value: Value) { value.write(to: &self) }
}

/// Reads ``WireCodable`` values from bytes, in the order they were written, every bound checked. Its
/// members are `@inlinable`, as ``WireWriter``'s are.
@frozen
public struct WireReader: Sendable {
    @usableFromInline let bytes: [UInt8]
    /// The offset of the next byte to read.
    @inlinable public var offset: Int { position }
    @usableFromInline var position = 0

    /// A reader at the start of `bytes`.
    @inlinable
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    @inlinable
    public var isAtEnd: Bool { offset >= bytes.count }

    /// How many bytes are left to read.
    @inlinable
    public var remaining: Int { bytes.count - offset }

    /// An error for `reason` at the current offset.
    @inlinable
    public func failure(_ reason: String) -> WireFormatError { WireFormatError(reason, at: offset) }

    /// The next byte.
    @inlinable
    public mutating func byte() throws(WireFormatError) -> UInt8 {
        guard offset < bytes.count else { throw failure("a value cut short") }
        defer { position += 1 }
        return bytes[offset]
    }

    /// The next LEB128 varint.
    @inlinable
    public mutating func varint() throws(WireFormatError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try byte()
            guard shift < 64, shift < 63 || byte <= 1 else { throw failure("a number wider than 64 bits") }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// The next `count` bytes, as they are.
    @inlinable
    public mutating func raw(_ count: Int) throws(WireFormatError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw failure("\(count) bytes past the end") }
        defer { position += count }
        return bytes[offset..<offset + count]
    }

    /// A count of elements that follow, each at least one byte: more than the bytes left is an error,
    /// not a huge allocation.
    @inlinable
    public mutating func count() throws(WireFormatError) -> Int {
        let count = try varint()
        guard count <= UInt64(remaining) else { throw failure("a count of \(count) past the end") }
        return Int(count)
    }

    /// The next value of type `Value`.
    @inlinable
    public mutating func read<Value: WireCodable>(_ type: Value.Type = Value.self) throws(WireFormatError) -> Value {
        try Value(from: &self)
    }
}
