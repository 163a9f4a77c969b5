/// The environment an extension worker process starts with: the run's own, and two settings of the
/// harness's.
enum WorkerEnvironment {
    /// `environment` with:
    /// - `SWIFT_BACKTRACE=enable=no`: a crash ends the process at once (the runtime's backtracer takes
    ///   seconds per crash);
    /// - jemalloc's arenas at one per core (`MALLOC_CONF`'s `narenas`, jemalloc's default is four per
    ///   core), unless the run's own `MALLOC_CONF` sets it. The worker's memory watch reads the heap
    ///   every 10 ms, and each reading merges every arena's statistics: at 5,000 in flight on 2 cores,
    ///   a worker's watch took 277 perf samples of a run's 10,400 with 8 arenas, 93 with 2.
    static func forWorker(inheriting environment: [String: String], cores: Int) -> [String: String] {
        var environment = environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let arenas = "narenas:\(max(1, cores))"
        switch environment["MALLOC_CONF"] {
        case nil, "": environment["MALLOC_CONF"] = arenas
        case let conf? where !conf.contains("narenas"): environment["MALLOC_CONF"] = conf + "," + arenas
        default: break
        }
        return environment
    }
}
