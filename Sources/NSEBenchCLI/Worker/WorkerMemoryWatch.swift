import Foundation
import NSEBenchCore
import NSEBenchSystem
import Synchronization

/// Watches an extension worker's real heap, as jetsam watches an extension process's footprint.
///
/// A thread of its own reads jemalloc's live-heap figure every ``period`` and charges each invocation
/// in flight its share (``SharedProcessFootprint``); the first time that passes the memory limit it
/// calls `exceeded` with the footprint and the invocations held, once, and stops.
final class WorkerMemoryWatch: Sendable {
    /// How often the heap is read: often enough that an invocation holding its media in memory for a
    /// tenth of a second is seen. Each read merges every jemalloc arena's statistics: about 125 µs with
    /// jemalloc's default four arenas per core, about 40 µs with the worker's one per core
    /// (``WorkerEnvironment``), from perf samples of a 5,000-in-flight run on 2 cores.
    static let period: TimeInterval = 0.01

    /// The rule, with the heap when the worker became ready.
    let rule: SharedProcessFootprint
    private let limit: Int
    private let peak = Atomic<Int>(0)
    /// Heap left behind by invocations whose code trapped (``setAsideTrappedShare(inFlight:)``): not
    /// counted against the others.
    private let setAside = Atomic<Int>(0)
    /// Whether the heap can be read (it could be at the start).
    private let watching: Bool
    private let running = Atomic<Bool>(true)
    private let failure = Mutex<MemoryStatisticsError?>(nil)

    /// Reads the heap now (the process is ready: the extension loaded, nothing run) and starts watching.
    ///
    /// When jemalloc's statistics cannot be read (an nse-bench not linked with jemalloc) nothing is
    /// watched and ``readFailure`` says why: the worker still runs, and the run reports that memory was
    /// judged by the model only. A worker that refused to start would be replaced for every invocation.
    /// Throws when the system would not make the watching thread: a worker unwatched would pass for one
    /// whose extension stayed within the limit.
    init(
        baseline: Int, limit: Int, inFlight: @escaping @Sendable () -> Int,
        exceeded: @escaping @Sendable (_ footprint: Int, _ inFlight: Int) -> Void
    ) throws(SystemError) {
        self.limit = limit
        peak.store(baseline, ordering: .relaxed)
        let heapAtReady: Int
        do {
            heapAtReady = try MemoryStatistics().snapshot().allocatedBytes
        } catch {
            rule = SharedProcessFootprint(baseline: baseline, heapAtReady: 0)
            watching = false
            failure.withLock { $0 = error }
            return
        }
        rule = SharedProcessFootprint(baseline: baseline, heapAtReady: heapAtReady)
        watching = true
        try PosixThread.detach(name: "nse-bench-worker-memory") { [self] in
            watch(inFlight: inFlight, exceeded: exceeded)
        }
    }

    /// An invocation's code trapped, its thread held for ever with what it had allocated: the heap then
    /// holds that invocation's share (one of `inFlight`, it included, as ``SharedProcessFootprint``
    /// charges it), which a phone would have freed with its process. It is set aside from now on, so the
    /// invocations still running are not charged for it (the last of them would be charged it all).
    func setAsideTrappedShare(inFlight: Int) {
        guard watching else { return }
        do {
            let heap = try MemoryStatistics().snapshot().allocatedBytes - setAside.load(ordering: .relaxed)
            setAside.add(rule.share(heap: heap, inFlight: inFlight), ordering: .relaxed)
        } catch {
            failure.withLock { $0 = error }
        }
    }

    /// The largest footprint charged to one invocation so far (at least the baseline), in bytes.
    var peakFootprint: Int { peak.load(ordering: .relaxed) }

    /// Why the heap could not be read, at the start or mid-run, if it could not.
    var readFailure: MemoryStatisticsError? { failure.withLock { $0 } }

    /// Stops watching (the worker's input ended).
    func stop() { running.store(false, ordering: .relaxed) }

    private func watch(inFlight: @Sendable () -> Int, exceeded: @Sendable (Int, Int) -> Void) {
        let statistics: MemoryStatistics
        do {
            statistics = try MemoryStatistics()
        } catch {
            failure.withLock { $0 = error }
            return
        }
        while running.load(ordering: .relaxed) {
            Thread.sleep(forTimeInterval: Self.period)
            let heap: Int
            do {
                heap = try statistics.snapshot().allocatedBytes
            } catch {
                failure.withLock { $0 = error }
                return
            }
            let held = inFlight()
            let footprint = rule.perInvocation(heap: heap - setAside.load(ordering: .relaxed), inFlight: held)
            peak.store(max(peak.load(ordering: .relaxed), footprint), ordering: .relaxed)
            // An idle process is not killed: what it keeps is charged to its next invocation.
            if held > 0, footprint > limit {
                running.store(false, ordering: .relaxed)
                exceeded(footprint, held)
                return
            }
        }
    }
}
