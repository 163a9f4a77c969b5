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

    /// Appends `bytes`, stuffed, to `line`: the runs between newlines and escapes copied whole (a worker's
    /// request or record is hundreds of bytes with few of either; one append a byte was 2 µs an invocation
    /// in `perf` of `Examples/MediaDownload`, issue #11).
    public static func stuff(_ bytes: [UInt8], into line: inout [UInt8]) {
        line.reserveCapacity(line.count + bytes.count + bytes.count / 64 + 2)
        bytes.withUnsafeBufferPointer { input in
            var runStart = 0
            for index in input.indices {
                let byte = input[index]
                guard byte == newline || byte == escape else { continue }
                line.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
                line.append(escape)
                line.append(byte == newline ? 0x01 : 0x02)
                runStart = index + 1
            }
            line.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart...]))
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
                // The run up to the next escape or newline (or the limit), copied whole.
                var end = index
                let wanted = limit - bytes.count
                let runLimit = wanted >= input.count - index ? input.count : index + wanted
                while end < runLimit, input[end] != escape, input[end] != newline { end += 1 }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[index..<end]))
                index = end
                guard index < input.count, bytes.count < limit else { break }
                let byte = input[index]
                index += 1
                guard byte == escape, index < input.count else { return nil }  // a newline, or an escape at the end
                switch input[index] {
                case 0x01: bytes.append(newline)
                case 0x02: bytes.append(escape)
                default: return nil
                }
                index += 1
            }
            return bytes
        }
    }

    /// The bytes `line` stuffs; nil when it is not stuffed bytes.
    public static func unstuff(_ line: [UInt8]) -> [UInt8]? { unstuff(line[...]) }
}
