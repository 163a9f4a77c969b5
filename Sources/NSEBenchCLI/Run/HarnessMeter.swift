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
    /// jemalloc's counters, or why they cannot be read (jemalloc is not the allocator, under a
    /// sanitizer): the allocation count is a figure, not a check, so the run goes on without it.
    private let memory: Result<MemoryStatistics, MemoryStatisticsError>
    private let mallocsAtStart: Result<UInt64, MemoryStatisticsError>

    /// - Parameter memory: jemalloc's counters, or why they cannot be read (by default, this process's).
    init(
        server: EmbeddedServerProcess?,
        memory: Result<MemoryStatistics, MemoryStatisticsError> = Result { () throws(MemoryStatisticsError) in
            try MemoryStatistics()
        }
    ) {
        serverCPUAtStart = server?.cpuSeconds ?? 0
        self.memory = memory
        mallocsAtStart = Self.mallocCount(memory)
    }

    /// Allocations since the load started; nil when they could not be counted.
    private func mallocsSinceStart() -> UInt64? {
        guard case .success(let start) = mallocsAtStart, case .success(let end) = Self.mallocCount(memory) else {
            return nil
        }
        return end &- start
    }

    private static func mallocCount(_ memory: Result<MemoryStatistics, MemoryStatisticsError>) -> Result<
        UInt64, MemoryStatisticsError
    > {
        memory.flatMap { statistics in
            Result { () throws(MemoryStatisticsError) in try statistics.snapshot().mallocCount }
        }
    }

    /// Seconds since the load started.
    func wallSeconds() -> Double { Double(MonotonicClock.now() - wallStart) / 1e9 }

    /// The harness's figures over `wallSeconds`, its workers' included: their CPU summed, their memory as
    /// `workersResidentAtOnce` says it (the most they held together, ``PeakAtOnce``), or else the sum of
    /// their peaks.
    func figures(wallSeconds: Double, workers: [WorkerFigures], workersResidentAtOnce: Int? = nil)
        -> SummaryRow.HarnessFigures
    {
        SummaryRow.HarnessFigures(
            wallSeconds: wallSeconds,
            cpuSeconds: ProcessResources.cpuSeconds() - cpuAtStart + workers.map(\.cpuSeconds).reduce(0, +),
            peakResidentBytes: ProcessResources.peakResidentBytes()
                + (workersResidentAtOnce ?? workers.map(\.peakResidentBytes).reduce(0, +)),
            mallocs: mallocsSinceStart())
    }

    /// The embedded server's CPU seconds since the load started.
    func serverCPU(_ server: EmbeddedServerProcess?) -> Double {
        max(0, (server?.cpuSeconds ?? 0) - serverCPUAtStart)
    }
}
