import Foundation
import NSEBenchSystem

/// Standard input's lines, as bytes (``WorkerWire`` lines are not text), read on a thread of their own
/// (a blocking read must not hold one of the few threads Swift's concurrency runs on).
enum StandardInputLines {
    /// The lines, from a reading thread started now; throws when the system would not make it.
    static func stream() throws(SystemError) -> AsyncStream<ArraySlice<UInt8>> {
        let (stream, continuation) = AsyncStream<ArraySlice<UInt8>>.makeStream()
        try PosixThread.detach(name: "nse-bench-worker-input") {
            var lines = LineSplitter()
            while true {
                let chunk = FileHandle.standardInput.availableData
                if chunk.isEmpty { break }
                lines.append(chunk) { continuation.yield($0) }
            }
            continuation.finish()
        }
        return stream
    }
}

/// Cuts a byte stream into its non-empty lines, without their newlines; a last line without a
/// newline is never handed out (the stream ended in the middle of it).
struct LineSplitter {
    private var pending: [UInt8] = []

    /// Adds `chunk` and hands each line it completes to `line`.
    mutating func append(_ chunk: Data, line: (ArraySlice<UInt8>) -> Void) {
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
}
