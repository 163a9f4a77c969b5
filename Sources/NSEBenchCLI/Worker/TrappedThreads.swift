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

    /// `record`, marked as the harness's when it ran to its expiry while a thread of this process waited
    /// for a lock a held thread holds (``LockWaits``); as it is otherwise. Only an invocation that
    /// expired is judged: one that delivered in time was not held up.
    func judged(_ record: InvocationRecord) -> InvocationRecord {
        guard record.outcome == .expiredBestAttempt || record.outcome == .expiredOriginal,
            record.harnessFailure == nil
        else { return record }
        let owners = threads.withLock { $0 }
        guard !owners.isEmpty else { return record }
        let waiting = LockWaits.threads(waitingOnLocksHeldBy: owners)
        guard waiting > 0 else { return record }
        var marked = record
        marked.lostToHarness = .lockHeldByTrap
        marked.crashReason = HarnessFailure.lockHeldByTrap.errorText(
            detail: "\(waiting) thread\(waiting == 1 ? "" : "s") of its process waited for a lock a held trap holds")
        return marked
    }
}
