// The standard library's types as ``WireCodable``: the encodings listed there.

extension UInt64: WireCodable {
    @inlinable
    public func write(to writer: inout WireWriter) { writer.varint(self) }
    @inlinable
    public init(from reader: inout WireReader) throws(WireFormatError) { self = try reader.varint() }
}

extension Int: WireCodable {
    @inlinable
    public func write(to writer: inout WireWriter) {
        let value = Int64(self)
        writer.varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    @inlinable
    public init(from reader: inout WireReader) throws(WireFormatError) {
        let zigzag = try reader.varint()
        let value = Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
        guard let exact = Int(exactly: value) else { throw reader.failure("\(value) does not fit Int") }
        self = exact
    }
}

extension Bool: WireCodable {
    @inlinable
    public func write(to writer: inout WireWriter) { writer.byte(self ? 1 : 0) }

    @inlinable
    public init(from reader: inout WireReader) throws(WireFormatError) {
        switch try reader.byte() {
        case 0: self = false
        case 1: self = true
        case let other: throw reader.failure("\(other) is not a Bool")
        }
    }
}

extension Double: WireCodable {
    @inlinable
    public func write(to writer: inout WireWriter) {
        let pattern = bitPattern.littleEndian
        withUnsafeBytes(of: pattern) { writer.append(contentsOf: $0) }
    }

    @inlinable
    public init(from reader: inout WireReader) throws(WireFormatError) {
        var pattern: UInt64 = 0
        for (index, byte) in try reader.raw(8).enumerated() { pattern |= UInt64(byte) << (8 * UInt64(index)) }
        self = Double(bitPattern: pattern)
    }
}

extension String: WireCodable {
    @inlinable
    public func write(to writer: inout WireWriter) {
        var text = self
        text.withUTF8 { utf8 in
            writer.varint(UInt64(utf8.count))
            writer.append(contentsOf: utf8)
        }
    }

    @inlinable
    public init(from reader: inout WireReader) throws(WireFormatError) {
        let count = try reader.count()
        self = String(decoding: try reader.raw(count), as: UTF8.self)
    }
}

extension Optional: WireCodable where Wrapped: WireCodable {
    @inlinable
    public func write(to writer: inout WireWriter) {
        switch self {
        case .none: writer.byte(0)
        case .some(let value):
            writer.byte(1)
            value.write(to: &writer)
        }
    }

    @inlinable
    public init(from reader: inout WireReader) throws(WireFormatError) {
        switch try reader.byte() {
        case 0: self = .none
        case 1: self = .some(try Wrapped(from: &reader))
        case let other: throw reader.failure("\(other) is neither nil (0) nor a value (1)")
        }
    }
}

extension Array: WireCodable where Element: WireCodable {
    @inlinable
    public func write(to writer: inout WireWriter) {
        writer.varint(UInt64(count))
        for element in self { element.write(to: &writer) }
    }

    @inlinable
    public init(from reader: inout WireReader) throws(WireFormatError) {
        let count = try reader.count()
        self = []
        reserveCapacity(count)
        for _ in 0..<count { append(try Element(from: &reader)) }
    }
}

extension Dictionary: WireCodable where Key: WireCodable, Value: WireCodable {
    @inlinable
    public func write(to writer: inout WireWriter) {
        writer.varint(UInt64(count))
        for (key, value) in self {
            key.write(to: &writer)
            value.write(to: &writer)
        }
    }

    @inlinable
    public init(from reader: inout WireReader) throws(WireFormatError) {
        let count = try reader.count()
        self = [:]
        reserveCapacity(count)
        for _ in 0..<count {
            let key = try Key(from: &reader)
            guard updateValue(try Value(from: &reader), forKey: key) == nil else {
                throw reader.failure("the key \(key) twice")
            }
        }
    }
}

/// An enum with `String` raw values travels as its raw value, as it does in JSON and CSV.
extension WireCodable where Self: RawRepresentable, RawValue == String {
    @inlinable
    public func write(to writer: inout WireWriter) { rawValue.write(to: &writer) }

    @inlinable
    public init(from reader: inout WireReader) throws(WireFormatError) {
        let start = reader.offset
        let raw = try String(from: &reader)
        guard let value = Self(rawValue: raw) else {
            throw WireFormatError("no \(Self.self) is named \"\(raw)\"", at: start)
        }
        self = value
    }
}
