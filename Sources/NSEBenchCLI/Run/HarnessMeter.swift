import NSEBenchCore
import NSEBenchSystem
import NSERuntime
import SimulatedDevice

/// What the harness itself used during a run: readings taken as the load starts, turned into the
/// summary's harness figures as it ends. The extension's processes are the harness too, so their CPU
/// and memory count with the run's own; the embedded server's CPU is kept apart (it is the media
/// host's), counted from the load's start so that its own start-up is not the run's.
struct HarnessMeter {
    private let cpuAtStart = ProcessResources.cpuSeconds()
    private let serverCPUAtStart: Double
    /// The requests no simulated phone could be told for, before the run (they are counted per process).
    let unattributedAtStart = SimulatedURLSession.unattributedRequestCount
    private let wallStart = MonotonicClock.now()
    /// jemalloc's counters, when they can be read: the allocation count is a figure, not a check.
    private let memory = try? MemoryStatistics()
    private let mallocsAtStart: UInt64

    init(server: EmbeddedServerProcess?) {
        serverCPUAtStart = server?.cpuSeconds ?? 0
        mallocsAtStart = (try? memory?.snapshot())??.mallocCount ?? 0
    }

    /// Seconds since the load started.
    func wallSeconds() -> Double { Double(MonotonicClock.now() - wallStart) / 1e9 }

    /// The harness's figures over `wallSeconds`, its workers' included.
    func figures(wallSeconds: Double, workers: [WorkerFigures]) -> SummaryRow.HarnessFigures {
        SummaryRow.HarnessFigures(
            wallSeconds: wallSeconds,
            cpuSeconds: ProcessResources.cpuSeconds() - cpuAtStart + workers.map(\.cpuSeconds).reduce(0, +),
            peakResidentBytes: ProcessResources.peakResidentBytes() + workers.map(\.peakResidentBytes).reduce(0, +),
            mallocs: ((try? memory?.snapshot())??.mallocCount ?? 0) &- mallocsAtStart)
    }

    /// The embedded server's CPU seconds since the load started.
    func serverCPU(_ server: EmbeddedServerProcess?) -> Double {
        max(0, (server?.cpuSeconds ?? 0) - serverCPUAtStart)
    }
}
