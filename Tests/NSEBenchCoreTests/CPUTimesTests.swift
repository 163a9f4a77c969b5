import Testing

@testable import NSEBenchCore

@Suite struct CPUTimesTests {
    @Test func theCPULineCountsStealAsBusyAndIowaitAsIdle() throws {
        // user nice system idle iowait irq softirq steal guest guest_nice
        let times = try #require(CPUTimes(procStatLine: "cpu  10 1 20 300 40 2 3 4 9 9"))
        #expect(times.busy == 10 + 1 + 20 + 2 + 3 + 4, "guest time is already in user")
        #expect(times.total == times.busy + 300 + 40)
        #expect(times.steal == 4)
    }

    @Test func theStealShareIsOfAllTicksBetweenTwoReadings() throws {
        // 200 ticks pass, 50 of them stolen by the host.
        let earlier = try #require(CPUTimes(procStatLine: "cpu  100 0 100 800 0 0 0 10 0 0"))
        let later = try #require(CPUTimes(procStatLine: "cpu  150 0 150 850 0 0 0 60 0 0"))
        #expect(later.stealShare(since: earlier) == 0.25)
        #expect(earlier.stealShare(since: earlier) == nil, "no tick passed")
        #expect(earlier.stealShare(since: later) == nil, "counters do not go back")
    }

    @Test func theBusyShareIsOfTheTicksBetweenTwoReadings() throws {
        let earlier = try #require(CPUTimes(procStatLine: "cpu  100 0 100 800 0 0 0 0 0 0"))
        let later = try #require(CPUTimes(procStatLine: "cpu  250 0 250 900 0 0 0 0 0 0"))
        #expect(later.busyShare(since: earlier) == 0.75)
        #expect(earlier.busyShare(since: earlier) == nil, "no tick passed")
        #expect(earlier.busyShare(since: later) == nil, "counters do not go back")
    }

    @Test func aWholeProcStatIsReadByItsCPULineOnly() throws {
        let text = "cpu  4 0 4 2 0 0 0 0 0 0\ncpu0 2 0 2 1 0 0 0 0 0 0\nctxt 99\n"
        #expect(CPUTimes(procStat: text) == CPUTimes(busy: 8, total: 10, steal: 0))
        #expect(CPUTimes(procStat: "intr 1 2 3\n") == nil)
    }

    @Test func otherLinesAndDamagedFieldsAreRefused() {
        #expect(CPUTimes(procStatLine: "cpu0 1 2 3 4") == nil, "one core's line, not the machine's")
        #expect(CPUTimes(procStatLine: "cpu  1 2 3") == nil, "fewer than four fields")
        #expect(CPUTimes(procStatLine: "cpu  1 x 3 4 5") == nil)
        #expect(CPUTimes(procStatLine: "cpu  1 2 3 4") == CPUTimes(busy: 6, total: 10), "older kernels: four fields")
    }
}
