/// Byte stuffing that lets any bytes travel as one line: every newline (0x0A) becomes 0x1B 0x01 and
/// every 0x1B becomes 0x1B 0x02, so the stuffed bytes hold no newline and a reader splits a stream
/// into messages at newlines, and finds the next message after a torn one.
///
/// ```swift
/// var line: [UInt8] = []
/// LineStuffing.stuff([0x0A, 0x41], into: &line)  // [0x1B, 0x01, 0x41]
/// LineStuffing.unstuff(line)                       // [0x0A, 0x41]
/// ```
public enum LineStuffing {
    static let escape: UInt8 = 0x1B
    static let newline: UInt8 = 0x0A

    /// Appends `bytes`, stuffed, to `line`.
    public static func stuff(_ bytes: [UInt8], into line: inout [UInt8]) {
        line.reserveCapacity(line.count + bytes.count + bytes.count / 64 + 2)
        for byte in bytes {
            switch byte {
            case newline: line.append(contentsOf: [escape, 0x01])
            case escape: line.append(contentsOf: [escape, 0x02])
            default: line.append(byte)
            }
        }
    }

    /// The bytes `line` stuffs, or only its first `limit` of them (what follows is not read, and may be
    /// anything); nil when what is read is not stuffed bytes (a newline in it, an escape followed by
    /// anything but 0x01 or 0x02, or at its end).
    public static func unstuff(_ line: ArraySlice<UInt8>, upTo limit: Int = .max) -> [UInt8]? {
        line.withUnsafeBufferPointer { input -> [UInt8]? in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(min(input.count, limit))
            var index = 0
            while index < input.count, bytes.count < limit {
                let byte = input[index]
                index += 1
                switch byte {
                case escape:
                    guard index < input.count else { return nil }
                    switch input[index] {
                    case 0x01: bytes.append(newline)
                    case 0x02: bytes.append(escape)
                    default: return nil
                    }
                    index += 1
                case newline: return nil
                default: bytes.append(byte)
                }
            }
            return bytes
        }
    }

    /// The bytes `line` stuffs; nil when it is not stuffed bytes.
    public static func unstuff(_ line: [UInt8]) -> [UInt8]? { unstuff(line[...]) }
}
