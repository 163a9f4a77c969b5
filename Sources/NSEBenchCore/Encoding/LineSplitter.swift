/// Cuts a byte stream into its non-empty lines, without their newlines; a last line without a
/// newline is never handed out (the stream ended in the middle of it).
///
/// ```swift
/// var lines = LineSplitter()
/// lines.append(Array("fir".utf8)) { _ in }               // nothing yet
/// lines.append(Array("st\nsec".utf8)) { print($0) }      // the bytes of "first"
/// ```
public struct LineSplitter: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// Adds `chunk` and hands each line it completes to `line`. A line is a slice of the splitter's own
    /// buffer, valid only during the call: a caller that keeps it copies it.
    public mutating func append<Bytes: Collection<UInt8>>(_ chunk: Bytes, line: (ArraySlice<UInt8>) -> Void) {
        pending.append(contentsOf: chunk)
        // Lines are cut out by index and the remainder kept once: removing each line from the front
        // would copy the rest of the buffer per line.
        var start = pending.startIndex
        while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
            if newline > start { line(pending[start..<newline]) }
            start = newline + 1
        }
        pending.removeFirst(start)
    }

    /// Bytes of a line not yet ended.
    public var pendingByteCount: Int { pending.count }
}
