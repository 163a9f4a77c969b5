import Glibc
import Synchronization

/// Appends text to a file through a 64 KB buffer, from any thread: how `invocations.csv` is
/// streamed, so a run of any length keeps constant memory.
public final class BufferedFileWriter: Sendable {
    private struct State {
        var descriptor: Int32
        var buffer: [UInt8]
        var error: SystemError?
    }

    public let path: String
    private let state: Mutex<State>
    private static let flushThreshold = 64 << 10

    /// Creates or truncates `path` (mode 0644).
    public init(path: String) throws(SystemError) {
        self.path = path
        let descriptor = try blockingSyscall("open(\(path))") {
            open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        }
        state = Mutex(State(descriptor: descriptor, buffer: [], error: nil))
    }

    deinit {
        _ = try? close()
    }

    /// Appends `text`; writes the buffer out once it passes 64 KB. A write error is kept and
    /// reported by ``close()``.
    public func write(_ text: String) {
        state.withLock { state in
            state.buffer.append(contentsOf: text.utf8)
            if state.buffer.count >= Self.flushThreshold { Self.flush(&state, path: path) }
        }
    }

    /// Appends raw bytes, as ``write(_:)`` does text.
    public func write(bytes: UnsafeRawBufferPointer) {
        state.withLock { state in
            state.buffer.append(contentsOf: bytes)
            if state.buffer.count >= Self.flushThreshold { Self.flush(&state, path: path) }
        }
    }

    /// Writes out what is buffered.
    public func flush() throws(SystemError) {
        let error = state.withLock { state in
            Self.flush(&state, path: path)
            return state.error
        }
        if let error { throw error }
    }

    /// Flushes and closes; throws the first write error, if any happened.
    public func close() throws(SystemError) {
        let error = state.withLock { state -> SystemError? in
            guard state.descriptor >= 0 else { return nil }
            Self.flush(&state, path: path)
            let closeError: SystemError?
            do throws(SystemError) {
                try Posix.close(state.descriptor)
                closeError = nil
            } catch {
                closeError = SystemError(call: "close(\(path))", errno: error.errno)
            }
            state.descriptor = -1
            return state.error ?? closeError
        }
        if let error { throw error }
    }

    /// Writes the buffer out; the first failure is kept with the file's path and the kernel's errno
    /// (ENOSPC on a full disk), and later buffers are dropped, so a run on a full disk keeps constant
    /// memory and reports why.
    private static func flush(_ state: inout State, path: String) {
        guard state.descriptor >= 0, !state.buffer.isEmpty else { return }
        defer { state.buffer.removeAll(keepingCapacity: true) }
        guard state.error == nil else { return }
        let descriptor = state.descriptor
        let failure = state.buffer.withUnsafeBytes { bytes -> SystemError? in
            do throws(SystemError) {
                try Posix.writeAll(descriptor, bytes)
                return nil
            } catch {
                return SystemError(call: "write(\(path))", errno: error.errno)
            }
        }
        state.error = failure
    }
}
