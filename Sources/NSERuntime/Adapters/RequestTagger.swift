public import NSEBenchCore
import NSEBenchSystem
import Synchronization

/// Gives every download to the embedded media server a tag of its own, sent as
/// ``FaultPlan/requestTagHeaderName``, so that the server can note a fault its response cannot carry
/// against it (``InjectedFaultNote``). Tags are `<process id>-<count>`: unique across a run's extension
/// worker processes too. Not used with `--target`: a foreign host is sent nothing of nse-bench's.
///
/// The count is an `Atomic`.
public final class RequestTagger: Sendable {
    private let prefix: String
    private let count = Atomic<UInt64>(0)

    /// A tagger for this process.
    public init() {
        prefix = String(ParentProcess.currentIdentifier)
    }

    /// The next tag, such as `4021-17`.
    public func next() -> String {
        let number = count.add(1, ordering: .relaxed).newValue
        return "\(prefix)-\(number)"
    }
}
