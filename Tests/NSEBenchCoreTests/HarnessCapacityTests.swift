import NSEBenchCore
import Testing

@Suite("harness capacity")
struct HarnessCapacityTests {
    static let host = HostFingerprint(
        cpuModel: "AMD EPYC", logicalCores: 2, operatingSystem: "Debian", swiftVersion: "6.3", libcurlVersion: "7.88.1",
        opensslVersion: "3.0", allocator: "jemalloc")
    static let capacity = HarnessCapacity(
        arrivalsPerSecond: 3_000, inFlight: 3_000, firstByteMilliseconds: 1_000, budgetMilliseconds: 25,
        measuredAt: "2026-12-01T14:00:00Z", version: "0.1.0", host: host)

    @Test func loadsWithinTheCapacityGetNoWarning() {
        for load in [
            LoadModel.open(ratePerSecond: 3_000, arrivals: .constant, maxInFlight: 10_000), .closed(concurrency: 500),
            .burst(count: 10_000, maxInFlight: 2_000),
        ] {
            #expect(Self.capacity.warning(for: load, timeScale: 1, on: Self.host) == nil, "\(load)")
        }
    }

    @Test func anOpenRateBeyondItIsNamedInRealTime() throws {
        // 200/s at --time-scale 0.01 arrives at 20,000 a second.
        let warning = try #require(
            Self.capacity.warning(
                for: .open(ratePerSecond: 200, arrivals: .poisson, maxInFlight: 10_000), timeScale: 0.01, on: Self.host)
        )
        #expect(warning.hasPrefix("20000 arrivals a second (200/s at --time-scale 0.01) is beyond"))
        #expect(
            warning.contains("3000 arrivals a second and 3000 in flight (nse-bench capacity, 2026-12-01T14:00:00Z)"))
    }

    @Test func inFlightBeyondItIsNamedForClosedAndBurstLoads() {
        #expect(
            Self.capacity.warning(for: .closed(concurrency: 5_000), timeScale: 1, on: Self.host)?
                .hasPrefix("5000 in flight is beyond") == true)
        #expect(
            Self.capacity.warning(for: .burst(count: 10_000, maxInFlight: 10_000), timeScale: 1, on: Self.host)?
                .hasPrefix("a burst of 10000 at once is beyond") == true)
    }

    @Test func aCapacityMeasuredOnAnotherHostSaysNothing() {
        var other = Self.host
        other.logicalCores = 16
        #expect(Self.capacity.warning(for: .closed(concurrency: 50_000), timeScale: 1, on: other) == nil)
    }
}
