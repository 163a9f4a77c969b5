import NSEBenchCore
import Testing

/// The one key type of the network settings: the names flags, query parameters and files use, pinned,
/// since a user's scripts and scenario files name them.
@Suite("NetworkSettingKey")
struct NetworkSettingKeyTests {
    @Test func everyKeyHasTheNameFlagsAndQueriesUse() {
        #expect(
            NetworkSettingKey.allCases.map(\.name) == [
                "ttfb", "connect-delay", "bandwidth", "link-bandwidth", "redirects", "status", "reset-before",
                "reset-during",
                "stall", "truncate", "slow-close", "fail-first",
            ])
        #expect(NetworkSettingKey.allCases.map(\.description) == NetworkSettingKey.allCases.map(\.name))
    }

    @Test func aNameReadsBackAsItsKey() {
        for key in NetworkSettingKey.allCases { #expect(NetworkSettingKey(name: key.name) == key) }
        #expect(NetworkSettingKey(name: "slow-close") == .fault(.slowClose))
        #expect(NetworkSettingKey(name: "latency") == nil)
        #expect(NetworkSettingKey(name: "TTFB") == nil)
    }

    @Test func aRequestMaySetEveryKeyButTheServerWideOnes() {
        let serverWide: [NetworkSettingKey] = [.connectDelay, .linkBandwidth, .fault(.failFirst)]
        #expect(NetworkSettingKey.allowed(in: .server) == NetworkSettingKey.allCases)
        #expect(
            NetworkSettingKey.allowed(in: .request) == NetworkSettingKey.allCases.filter { !serverWide.contains($0) })
        for key in serverWide { #expect(key.serverOnlyReason?.contains("--\(key.name)") == true) }
    }
}
