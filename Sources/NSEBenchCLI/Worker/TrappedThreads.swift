import Foundation
import NSEBenchCore
import NSEBenchSystem
import NSERuntime
import Synchronization

/// The threads of an extension worker held after a trap in its invocations' code, and the invocations
/// their locks held up.
///
/// A held thread keeps every lock the trapped code held. On a phone the trap would have ended the
/// process and the lock with it; here the process runs other phones' invocations, and one that waits for
/// such a lock runs to its expiry for the harness's sake. Such an invocation's record is marked as the
/// harness's (``HarnessFailure/lockHeldByTrap``), so that the run says it is not valid rather than count
/// the expiry against the extension.
final class TrappedThreads: Sendable {
    private let threads = Mutex<Set<Int32>>([])

    /// Thread `thread` is held for ever.
    func held(_ thread: Int32) {
        threads.withLock { _ = $0.insert(thread) }
    }

    /// Judges `record` (``judged(_:)``) and hands it to `send`: at once when no thread is held or it did
    /// not expire, else on a queue of its own, off the loop that ended it (the timers' loop, whose lateness
    /// is every other invocation's), as reading the threads' states takes a system call or two for each.
    func judge(_ record: InvocationRecord, then send: @escaping @Sendable (InvocationRecord) -> Void) {
        guard Self.mayBeHeldUp(record), threads.withLock({ !$0.isEmpty }) else { return send(record) }
        Self.judging.async { send(self.judged(record)) }
    }

    private static let judging = DispatchQueue(label: "nseb-trapped-lock-judge")

    /// Only an invocation that expired, with no crash or harness failure of its own, may have been held up.
    private static func mayBeHeldUp(_ record: InvocationRecord) -> Bool {
        (record.outcome == .expiredBestAttempt || record.outcome == .expiredOriginal) && record.harnessFailure == nil
            && record.crashReason == nil
    }

    /// `record`, marked as the harness's when it ran to its expiry while a thread marked with it waited for
    /// a lock a held thread holds (``LockWaits``, ``CrashReporter/mark(ofThread:)``); as it is otherwise.
    func judged(_ record: InvocationRecord) -> InvocationRecord {
        guard Self.mayBeHeldUp(record) else { return record }
        let owners = threads.withLock { $0 }
        guard !owners.isEmpty else { return record }
        let waiting = LockWaits.threads(waitingOnLocksHeldBy: owners).filter {
            CrashReporter.mark(ofThread: $0) == record.id
        }
        guard !waiting.isEmpty else { return record }
        var marked = record
        marked.lostToHarness = .lockHeldByTrap
        marked.crashReason = HarnessFailure.lockHeldByTrap.errorText(
            detail: "its thread waited for a lock that a trapped thread of its process holds")
        return marked
    }
}
