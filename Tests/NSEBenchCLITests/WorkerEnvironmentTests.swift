import Testing

@testable import NSEBenchCLI

@Suite("Extension worker's environment")
struct WorkerEnvironmentTests {
    @Test("the run's environment goes on, with backtraces off and one jemalloc arena per core")
    func inheritsAndAdds() {
        let environment = WorkerEnvironment.forWorker(inheriting: ["PATH": "/usr/bin", "HOME": "/root"], cores: 2)
        #expect(environment["PATH"] == "/usr/bin")
        #expect(environment["HOME"] == "/root")
        #expect(environment["SWIFT_BACKTRACE"] == "enable=no")
        #expect(environment["MALLOC_CONF"] == "narenas:2")
    }

    @Test("a MALLOC_CONF of the run's own keeps its options, and the arenas are added after them")
    func appendsToTheRunsOwnOptions() {
        let environment = WorkerEnvironment.forWorker(
            inheriting: ["MALLOC_CONF": "dirty_decay_ms:0,stats_print:true"], cores: 16)
        #expect(environment["MALLOC_CONF"] == "dirty_decay_ms:0,stats_print:true,narenas:16")
        #expect(WorkerEnvironment.forWorker(inheriting: ["MALLOC_CONF": ""], cores: 4)["MALLOC_CONF"] == "narenas:4")
    }

    @Test("arenas the run's MALLOC_CONF sets are left as set, among its other options")
    func leavesTheRunsOwnArenas() {
        let environment = WorkerEnvironment.forWorker(inheriting: ["MALLOC_CONF": "narenas:64"], cores: 2)
        #expect(environment["MALLOC_CONF"] == "narenas:64")
        let among = WorkerEnvironment.forWorker(
            inheriting: ["MALLOC_CONF": "dirty_decay_ms:0,narenas:3,stats_print:true"], cores: 2)
        #expect(among["MALLOC_CONF"] == "dirty_decay_ms:0,narenas:3,stats_print:true")
    }

    @Test("an option whose name only starts with narenas, or a value naming it, is not the arenas' count")
    func onlyTheOptionNamedNarenasCounts() {
        let ratio = WorkerEnvironment.forWorker(inheriting: ["MALLOC_CONF": "narenas_ratio:2"], cores: 2)
        #expect(ratio["MALLOC_CONF"] == "narenas_ratio:2,narenas:2")
        let path = WorkerEnvironment.forWorker(inheriting: ["MALLOC_CONF": "prof_prefix:/tmp/narenas"], cores: 2)
        #expect(path["MALLOC_CONF"] == "prof_prefix:/tmp/narenas,narenas:2")
    }

    @Test("empty options and spaces, at which jemalloc stops reading, are dropped before the arenas are added")
    func emptyOptionsAreDropped() {
        let trailing = WorkerEnvironment.forWorker(inheriting: ["MALLOC_CONF": "dirty_decay_ms:0,"], cores: 2)
        #expect(trailing["MALLOC_CONF"] == "dirty_decay_ms:0,narenas:2")
        let spaced = WorkerEnvironment.forWorker(
            inheriting: ["MALLOC_CONF": " dirty_decay_ms:0 ,, stats_print:true "], cores: 2)
        #expect(spaced["MALLOC_CONF"] == "dirty_decay_ms:0,stats_print:true,narenas:2")
    }

    @Test("a machine that reports no cores still gets one arena")
    func atLeastOneArena() {
        #expect(WorkerEnvironment.forWorker(inheriting: [:], cores: 0)["MALLOC_CONF"] == "narenas:1")
    }

    @Test("a backtrace setting of the run's own is replaced: a crash must end the worker at once")
    func backtracesOff() {
        let environment = WorkerEnvironment.forWorker(inheriting: ["SWIFT_BACKTRACE": "enable=yes"], cores: 2)
        #expect(environment["SWIFT_BACKTRACE"] == "enable=no")
    }
}
