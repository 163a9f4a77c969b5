import CNSEBenchLinux
import Glibc

/// Standard output kept for a process's messages to its parent, and out of reach of the code it loads.
///
/// An extension worker answers `run` on its standard output, one line per message. The user's extension
/// runs in the same process, and its `print` writes to standard output too: a line of its own, or the
/// end of a stdio buffer flushed in the middle of one of the worker's lines, would corrupt a message and
/// lose its invocation. ``take()`` moves the parent's pipe to a descriptor of the worker's own and points
/// descriptor 1 at standard error, so that what the loaded code prints goes where its errors go (the
/// run's `extension-stderr.log`), a line at a time.
///
/// ```swift
/// let channel = try MessageChannel.take()  // before any loaded code runs
/// CrashReporter.install(descriptor: channel.descriptor)
/// ```
public struct MessageChannel: Sendable {
    /// The descriptor the parent reads, formerly standard output; closed on exec.
    public let descriptor: Int32

    /// Takes standard output for messages: a new descriptor on it, and descriptor 1 on standard error.
    /// Whatever was buffered for standard output before is written to the channel first.
    ///
    /// - Throws: ``SystemError`` naming `fcntl` or `dup2` (standard output is then unchanged), or `setvbuf`.
    public static func take() throws(SystemError) -> MessageChannel {
        // Pending output first, to where it was meant to go.
        fflush(nil)
        let kept = try blockingSyscall("fcntl(1, F_DUPFD_CLOEXEC)") { fcntl(1, F_DUPFD_CLOEXEC, 3) }
        do {
            _ = try blockingSyscall("dup2(2, 1)") { dup2(2, 1) }
        } catch {
            close(kept)
            throw error
        }
        // A line at a time, as a terminal would show it: a crash loses no finished line of the
        // extension's own output.
        guard nseb_stdout_flush_and_line_buffer() == 0 else { throw SystemError(call: "setvbuf(stdout)", errno: errno) }
        return MessageChannel(descriptor: kept)
    }

    /// Takes standard input for the parent's requests: returns a descriptor of the process's own on it
    /// (closed on exec), and points descriptor 0 at `/dev/null`. Neither the loaded code nor a process it
    /// starts can then read a request, or share the mode the requests' reader sets on it (non-blocking).
    ///
    /// - Throws: ``SystemError`` naming `fcntl`, `open` or `dup2` (standard input is then unchanged).
    public static func takeInput() throws(SystemError) -> Int32 {
        let kept = try blockingSyscall("fcntl(0, F_DUPFD_CLOEXEC)") { fcntl(0, F_DUPFD_CLOEXEC, 3) }
        do {
            let null = try blockingSyscall("open(/dev/null)") { open("/dev/null", O_RDONLY | O_CLOEXEC) }
            defer { close(null) }
            _ = try blockingSyscall("dup2(/dev/null, 0)") { dup2(null, 0) }
        } catch {
            close(kept)
            throw error
        }
        return kept
    }

    /// Writes all of `bytes`, retrying after a signal or a short write.
    ///
    /// - Throws: ``SystemError`` naming `write`, such as EPIPE when the parent is gone.
    public func write(_ bytes: [UInt8]) throws(SystemError) {
        // withUnsafeBytes rethrows untyped errors: the typed one comes out as a Result.
        let written = bytes.withUnsafeBytes { buffer in
            Result { () throws(SystemError) in try Posix.writeAll(descriptor, buffer) }
        }
        try written.get()
    }
}
