/// The byte format of ``CompactEncoder`` and ``CompactDecoder``: a self-describing binary form of any
/// `Codable` value, for messages between nse-bench's own processes (an extension worker's requests and
/// records), where JSON's text cost a third of the CPU a worker's invocation took.
///
/// Every value starts with a one-byte tag:
///
/// | tag | value | followed by |
/// |---|---|---|
/// | 0 | nil | nothing |
/// | 1, 2 | false, true | nothing |
/// | 3 | a signed integer | its zigzag LEB128 varint |
/// | 4 | an unsigned integer | its LEB128 varint |
/// | 5 | a floating-point number | its IEEE 754 double's bit pattern, 8 bytes little-endian |
/// | 6 | a string | its UTF-8 byte count (varint), then the bytes |
/// | 7 | a keyed container | its body's byte count (4 bytes little-endian), then entries: a key (count varint, UTF-8 bytes) and its value |
/// | 8 | an unkeyed container | its body's byte count (4 bytes little-endian), then its values |
///
/// Containers carry their length so that a decoder skips one it does not read in constant time.
/// Keys are kept, so that dictionaries with `CodingKeyRepresentable` keys and enums with associated
/// values (whose synthesized decoding asks for `allKeys`) decode as they do from JSON.
enum CompactFormat {
    enum Tag: UInt8 {
        case null = 0
        case `false` = 1
        case `true` = 2
        case signed = 3
        case unsigned = 4
        case double = 5
        case string = 6
        case keyed = 7
        case unkeyed = 8
    }

    /// The bytes of a container's length field.
    static let lengthBytes = 4

    static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

    static func unzigzag(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }

    static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}
