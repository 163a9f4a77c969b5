import Foundation
import NSEBenchSystem
import Synchronization

/// A worker's standard input as the run writes it: each request line written whole under a lock, and
/// the descriptor closed once, under the same lock.
///
/// Invocations are sent from many tasks at once; two lines longer than `PIPE_BUF` (4 KiB, a large
/// payload's) written at once may interleave in the pipe and corrupt both. And a write racing the close
/// would reach a closed, or reused, descriptor.
final class WorkerInput: Sendable {
    /// The pipe's write end; nil once closed.
    private let handle: Mutex<FileHandle?>

    init(_ handle: FileHandle) {
        self.handle = Mutex(handle)
    }

    /// Writes `line` whole; false when the input was closed or the process is gone (`EPIPE`).
    @discardableResult
    func send(_ line: [UInt8]) -> Bool {
        handle.withLock { handle in
            guard let handle else { return false }
            let written = line.withUnsafeBytes { bytes in
                Result { () throws(SystemError) in try Posix.writeAll(handle.fileDescriptor, bytes) }
            }
            do {
                try written.get()
                return true
            } catch {
                return false
            }
        }
    }

    /// Closes the descriptor, ending the worker's input; later sends write nothing.
    func close() {
        handle.withLock { handle in
            guard let open = handle else { return }
            handle = nil
            do {
                try open.close()
            } catch {
                // Linux releases the descriptor whatever close(2) reports.
            }
        }
    }
}
