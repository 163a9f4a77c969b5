import Foundation
import NSEBenchSystem

/// Standard input's lines, as bytes (``WorkerWire`` lines are not text), read on a thread of their own
/// (a blocking read must not hold one of the few threads Swift's concurrency runs on) and handed out
/// there, so that a request reaches the task that runs it without passing through another thread.
enum StandardInputLines {
    /// Starts the reading thread, which reads once `begin` returns: `line` gets each line on it, then
    /// `ended` once the input has ended (or could not be read: the error goes to standard error first).
    /// Throws when the system would not make the thread.
    static func read(
        after begin: @escaping @Sendable () -> Void, _ line: @escaping @Sendable (ArraySlice<UInt8>) -> Void,
        ended: @escaping @Sendable () -> Void
    ) throws(SystemError) {
        try PosixThread.detach(name: "nse-bench-worker-input") {
            begin()
            do {
                try LineSplitter.readLines(from: STDIN_FILENO, line)
            } catch {
                // The run's end of the pipe is gone wrong: it hears of it as this worker's end.
                FileHandle.standardError.write(Data("nse-bench extension-worker: \(error)\n".utf8))
            }
            ended()
        }
    }
}

/// Cuts a byte stream into its non-empty lines, without their newlines; a last line without a
/// newline is never handed out (the stream ended in the middle of it).
struct LineSplitter {
    private var pending: [UInt8] = []

    /// Adds `chunk` and hands each line it completes to `line`.
    mutating func append<Bytes: Collection<UInt8>>(_ chunk: Bytes, line: (ArraySlice<UInt8>) -> Void) {
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

    /// Reads `descriptor` (a blocking one) until its end, handing each line to `line`, into one buffer
    /// for every read (FileHandle.availableData made a Data per read). Throws the read's error; the lines
    /// before it were handed out.
    static func readLines(from descriptor: Int32, _ line: (ArraySlice<UInt8>) -> Void) throws(SystemError) {
        var lines = LineSplitter()
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        while case .processed(let count) = try Posix.read(descriptor, into: chunk), count > 0 {
            lines.append(UnsafeRawBufferPointer(rebasing: chunk[..<count]), line: line)
        }
    }
}
