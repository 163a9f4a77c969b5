import Foundation
import NSERuntime
import Synchronization

/// Replies, one ``WorkerWire`` line each, written whole under a lock: many invocations finish at once.
final class WorkerOutput: Sendable {
    private let lock = Mutex(())

    func send(_ reply: WorkerReply) {
        let line: [UInt8]
        do {
            line = try WorkerWire.line(reply)
        } catch {
            line = Array(#"{"rejected":{"id":-1,"reason":"a reply did not encode"}}"#.utf8) + [UInt8(ascii: "\n")]
        }
        lock.withLock { _ in FileHandle.standardOutput.write(Data(line)) }
    }
}
