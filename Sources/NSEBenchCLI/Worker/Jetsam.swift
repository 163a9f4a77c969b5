import Foundation
import NSEBenchSystem
import NSERuntime
import Synchronization

/// How a worker dies for its memory, as jetsam kills an extension's process: the invocations it holds
/// end `killed` (without the expiry call) and are reported, requests that reach it meanwhile are declined
/// (they run in another process), and then the process ends with SIGKILL.
final class Jetsam: Sendable {
    /// How long the killed invocations' records may take to be written before the process ends anyway;
    /// the run counts any left unanswered as run again elsewhere.
    static let reportingLimit: TimeInterval = 2

    private let host: ExtensionHost
    private let output: WorkerOutput
    private let dying = Atomic<Bool>(false)
    /// Requests admitted whose reply is not yet written.
    private let unanswered = Atomic<Int>(0)

    init(host: ExtensionHost, output: WorkerOutput) {
        self.host = host
        self.output = output
    }

    /// Whether a request may run here; each admitted one must be ``answered()``.
    func admit() -> Bool {
        unanswered.add(1, ordering: .sequentiallyConsistent)
        guard !dying.load(ordering: .sequentiallyConsistent) else {
            unanswered.subtract(1, ordering: .sequentiallyConsistent)
            return false
        }
        return true
    }

    /// An admitted request's reply was written.
    func answered() { unanswered.subtract(1, ordering: .sequentiallyConsistent) }

    /// Kills every invocation held (each charged `footprint` bytes), reports them and ends the process.
    func kill(footprint: Int, inFlight: Int) -> Never {
        dying.store(true, ordering: .sequentiallyConsistent)
        output.send(.memoryExceeded(footprint: footprint, inFlight: inFlight))
        host.killForMemory(footprint: footprint)
        let giveUp = Date().addingTimeInterval(Self.reportingLimit)
        while unanswered.load(ordering: .sequentiallyConsistent) > 0, Date() < giveUp {
            Thread.sleep(forTimeInterval: 0.001)
        }
        ProcessResources.killImmediately()
    }
}
