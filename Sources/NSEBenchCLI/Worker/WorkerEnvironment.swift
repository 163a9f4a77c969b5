import Foundation

/// The environment an extension worker process starts with: the run's own, and settings of the
/// harness's.
enum WorkerEnvironment {
    /// `environment` with:
    /// - `SWIFT_BACKTRACE=enable=no`: a crash ends the process at once (the runtime's backtracer takes
    ///   seconds per crash);
    /// - jemalloc's arenas at one per core (`MALLOC_CONF`'s `narenas`; jemalloc's default is four per
    ///   core), added after the options of a `MALLOC_CONF` of the run's own (empty ones and spaces
    ///   around them dropped: jemalloc stops reading at either) unless one of them is `narenas`. The
    ///   worker's memory watch reads the heap every 10 ms, and each reading merges every arena's
    ///   statistics: at 5,000 in flight on 2 cores, the workers' watch threads took 233 and 240 perf
    ///   samples of a run's 10,100 with 8 arenas, 93 and 100 with 2.
    ///
    /// And the `extra` variables, which replace the run's own: the App Group container's `UserDefaults`
    /// suites (``SharedContainer/userDefaultsEnvironment``), which CoreFoundation reads only as it loads.
    static func forWorker(
        inheriting environment: [String: String], cores: Int, extra: [String: String] = [:]
    ) -> [String: String] {
        var environment = environment.merging(extra) { _, harness in harness }
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let options = (environment["MALLOC_CONF"] ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        let setsArenas = options.contains { $0.prefix { $0 != ":" } == "narenas" }
        if !setsArenas {
            environment["MALLOC_CONF"] = (options + ["narenas:\(max(1, cores))"]).joined(separator: ",")
        }
        return environment
    }
}
