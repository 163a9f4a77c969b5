public import Foundation
import Synchronization

/// The writing end of a pipe to another process, which never holds up the thread that writes: an
/// event loop's, which must go on reading that process's replies. Each message is written whole and
/// in order; what the pipe has no room for waits, in order, and a thread of the writer's own writes
/// it as the reader makes room.
///
/// Before, a write blocked until the pipe had room. A `run` loop that both sends a worker its requests
/// and reads its replies then waited on a worker whose own loop waited on its full output pipe: both
/// stopped (measured: 5,000 in flight, 4,942 invocations lost when two workers stopped answering).
///
/// Messages are written under a lock: two writes longer than `PIPE_BUF` (4 KiB) at once may interleave
/// in the pipe, and a write racing the close would reach a closed, or reused, descriptor.
public final class PipeWriter: Sendable {
    private struct State {
        /// The pipe's write end; nil once closed.
        var handle: FileHandle?
        /// Bytes sent that the pipe had no room for yet, oldest first, from ``backlogStart``.
        var backlog: [UInt8] = []
        /// Where in ``backlog`` the bytes not yet written begin: moving the rest to the front after every
        /// write, under the lock the senders take, cost time in the square of a large backlog.
        var backlogStart = 0
        /// Whether the thread that writes the backlog runs.
        var draining = false
        /// Closed once the backlog is written.
        var closeWhenWritten = false

        var isBacklogEmpty: Bool { backlogStart == backlog.count }

        /// Drops the first `count` unwritten bytes; the buffer is compacted once its written head is
        /// the larger half.
        mutating func dropWritten(_ count: Int) {
            backlogStart += count
            if backlogStart == backlog.count {
                backlog = []
                backlogStart = 0
            } else if backlogStart > backlog.count / 2 {
                backlog.removeFirst(backlogStart)
                backlogStart = 0
            }
        }
    }

    /// How long the backlog's thread waits for room before it looks again whether the pipe was closed.
    static let pollMilliseconds: Int32 = 100

    private let state: Mutex<State>
    private let drainer: DispatchQueue

    /// Takes `handle`, a pipe's write end, made non-blocking here; closes it when closed or released.
    /// `SIGPIPE` is ignored from now on, process-wide: a reader gone is `EPIPE`, not the process's end.
    public init(_ handle: FileHandle, label: String) throws(SystemError) {
        ProcessResources.ignoreBrokenPipes()
        try Posix.setNonBlocking(handle.fileDescriptor)
        state = Mutex(State(handle: handle))
        drainer = DispatchQueue(label: label)
    }

    /// Writes `bytes` after everything sent before: at once when the pipe has room and nothing waits,
    /// otherwise later, in order. False when the writer was closed, or the reader is gone (`EPIPE`: the
    /// writer then closes, and drops what waited).
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        let (accepted, startDrainer) = state.withLock { state -> (Bool, Bool) in
            guard state.handle != nil, !state.closeWhenWritten else { return (false, false) }
            if state.isBacklogEmpty {
                let written = Self.write(bytes[...], &state)
                guard let written else { return (false, false) }
                if written == bytes.count { return (true, false) }
                state.backlog.append(contentsOf: bytes[written...])
            } else {
                state.backlog.append(contentsOf: bytes)
            }
            guard !state.draining else { return (true, false) }
            state.draining = true
            return (true, true)
        }
        if startDrainer { drainer.async { self.drain() } }
        return accepted
    }

    /// Closes once what was sent has been written (at once if nothing waits); later sends write nothing.
    public func close() {
        state.withLock { state in
            guard state.handle != nil else { return }
            if state.isBacklogEmpty { Self.close(&state) } else { state.closeWhenWritten = true }
        }
    }

    /// Closes now, dropping what waits: the reader is being ended.
    public func closeNow() {
        state.withLock { Self.close(&$0) }
    }

    /// Bytes sent and not yet written.
    public var backlogBytes: Int { state.withLock { $0.backlog.count - $0.backlogStart } }

    /// Whether it is closed (by ``close()`` once its backlog was written, ``closeNow()``, or a reader gone).
    public var isClosed: Bool { state.withLock { $0.handle == nil } }

    /// Writes the backlog as the pipe makes room, on the writer's own thread; ends when it is written
    /// or the writer closed.
    private func drain() {
        while true {
            let descriptor = state.withLock { state -> Int32? in
                guard let handle = state.handle, !state.isBacklogEmpty else {
                    state.draining = false
                    if state.closeWhenWritten { Self.close(&state) }
                    return nil
                }
                return handle.fileDescriptor
            }
            guard let descriptor else { return }
            // Outside the lock, so that senders go on queueing: the descriptor may be closed (and its number
            // reused) meanwhile, which at worst wakes this early; it is written to only under the lock, when
            // still open.
            do {
                _ = try Posix.waitUntilWritable(descriptor, milliseconds: Self.pollMilliseconds)
            } catch {
                // poll fails only on a bad descriptor or out of memory: the write below finds out which.
            }
            state.withLock { state in
                guard !state.isBacklogEmpty, let written = Self.write(state.backlog[state.backlogStart...], &state)
                else { return }
                state.dropWritten(written)
            }
        }
    }

    /// Writes what the pipe takes of `bytes` now; nil when the reader is gone or the write failed (the
    /// writer is then closed, its backlog dropped), otherwise the count written.
    private static func write(_ bytes: ArraySlice<UInt8>, _ state: inout State) -> Int? {
        guard let handle = state.handle else { return nil }
        var written = 0
        while written < bytes.count {
            let result = bytes[(bytes.startIndex + written)...].withUnsafeBytes {
                buffer -> Result<IOResult<Int>, SystemError> in
                Result { () throws(SystemError) in try Posix.write(handle.fileDescriptor, buffer) }
            }
            switch result {
            case .success(.processed(let count)): written += count
            case .success(.wouldBlock): return written
            case .failure:
                // EPIPE, the reader gone: nothing will be read again. (Any other failure is a bad descriptor,
                // the same end for the writer.)
                close(&state)
                return nil
            }
        }
        return written
    }

    private static func close(_ state: inout State) {
        state.backlog = []
        state.backlogStart = 0
        state.closeWhenWritten = false
        guard let handle = state.handle else { return }
        state.handle = nil
        do {
            try handle.close()
        } catch {
            // Linux releases the descriptor whatever close(2) reports.
        }
    }
}
