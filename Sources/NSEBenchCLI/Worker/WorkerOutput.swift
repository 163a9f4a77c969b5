import Foundation
import NSERuntime
import Synchronization

/// Replies, one ``WorkerWire`` line each, written whole under a lock: many invocations finish at once.
final class WorkerOutput: Sendable {
    private let lock = Mutex(())

    func send(_ reply: WorkerReply) {
        let line = WorkerWire.line(reply)
        lock.withLock { _ in FileHandle.standardOutput.write(Data(line)) }
    }
}
