import NSEBenchSystem
import NSERuntime
import Synchronization

/// Replies, one ``WorkerWire`` line each, written whole under a lock (many invocations finish at once) to
/// the worker's ``MessageChannel``, where nothing the user's extension prints can reach.
final class WorkerOutput: Sendable {
    private let channel: MessageChannel
    private let lock = Mutex(())

    init(channel: MessageChannel) {
        self.channel = channel
    }

    func send(_ reply: WorkerReply) {
        let line = WorkerWire.line(reply)
        lock.withLock { _ in
            do {
                try channel.write(line)
            } catch {
                // The run is gone (EPIPE): no one is left to answer. Its end also ends this worker's
                // standard input, and with it the worker.
            }
        }
    }
}
