import Foundation
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

    /// A run is checked against the capacity measured with its own extension; one never measured,
    /// against the built-in media's only when beyond even that, saying so.
    @Test func eachExtensionIsCheckedAgainstItsOwnCapacity() throws {
        var user = Self.capacity
        user.extensionName = "/work/Examples/MediaDownload"
        user.arrivalsPerSecond = 1_000
        user.inFlight = 1_000
        let both = [Self.capacity, user]
        let load = LoadModel.closed(concurrency: 2_000)
        #expect(
            HarnessCapacity.warning(for: load, timeScale: 1, extensionName: "media", among: both, on: Self.host) == nil)
        let own = try #require(
            HarnessCapacity.warning(
                for: load, timeScale: 1, extensionName: user.extensionName, among: both, on: Self.host))
        #expect(own.contains("1000 in flight (nse-bench capacity --extension /work/Examples/MediaDownload,"))
        #expect(!own.contains("measured with the built-in"))

        // Never measured: silent within the built-in's capacity, and beyond it a warning that says
        // whose capacity it is and how to measure the extension's own.
        let other = "/work/Other"
        #expect(
            HarnessCapacity.warning(for: load, timeScale: 1, extensionName: other, among: both, on: Self.host) == nil)
        let fallback = try #require(
            HarnessCapacity.warning(
                for: .closed(concurrency: 5_000), timeScale: 1, extensionName: other, among: both, on: Self.host))
        #expect(fallback.hasPrefix("5000 in flight is beyond"))
        #expect(
            fallback.hasSuffix(
                "; measured with the built-in media extension, not /work/Other: measure its own with nse-bench capacity --extension /work/Other"
            ))

        // Capacities from another host say nothing here.
        var elsewhere = Self.host
        elsewhere.logicalCores = 64
        #expect(
            HarnessCapacity.warning(
                for: .closed(concurrency: 50_000), timeScale: 1, extensionName: "media", among: both, on: elsewhere)
                == nil)
    }

    @Test func aCapacitySavedBeforeExtensionsWereNamedIsTheBuiltInMedias() throws {
        var fields = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.capacity)) as? [String: Any])
        #expect(fields["extensionName"] as? String == "media")
        fields.removeValue(forKey: "extensionName")
        let decoded = try JSONDecoder().decode(
            HarnessCapacity.self, from: JSONSerialization.data(withJSONObject: fields))
        #expect(decoded == Self.capacity)
    }
}
