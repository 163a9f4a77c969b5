import Testing

@testable import NSEBenchCore

@Suite("NetworkConditions")
struct NetworkConditionsTests {
    @Test func readsEveryKey() throws {
        let conditions = try NetworkConditions(
            settings: [
                ("ttfb", "lognormal:median=300ms,p99=3s"), ("connect-delay", "uniform:10ms..50ms"),
                ("bandwidth", "8Mbit/s"), ("link-bandwidth", "unlimited"), ("status", "503:2"), ("reset-before", "1"),
                ("reset-during", "0.5"), ("stall", "2s:5"), ("truncate", "1"), ("slow-close", "1s:10"),
                ("fail-first", "3"),
            ], scope: .server)
        #expect(conditions.timeToFirstByte == .lognormal(median: .milliseconds(300), p99: .seconds(3)))
        #expect(conditions.connectDelay == .uniform(lower: .milliseconds(10), upper: .milliseconds(50)))
        #expect(conditions.bandwidth == ByteRate(bytesPerSecond: 1_000_000))
        #expect(conditions.linkBandwidth == .unlimited)
        #expect(
            conditions.faults
                == (try FaultPlan(
                    parsing:
                        "status=503:2 reset-before:1 reset-during:0.5 stall=2s:5 truncate:1 "
                        + "slow-close=1s:10 fail-first=3"
                )))
    }

    @Test func queryItemsSkipTheAllowListAndRefuseOtherUnknownKeys() throws {
        let conditions = try NetworkConditions(
            queryItems: [("type", "jpeg"), ("ttfb", "2s"), ("content-type", "image/png")],
            ignoring: ["type", "content-type"])
        #expect(conditions == NetworkConditions(timeToFirstByte: .fixed(.seconds(2))))
        let error = #expect(throws: NetworkSettingError.self) {
            try NetworkConditions(queryItems: [("ttfb", "2s"), ("tfb", "1s")], ignoring: ["type"])
        }
        guard case .unknownKey(let key, let validKeys) = error else {
            Issue.record("expected unknownKey, got \(String(describing: error))")
            return
        }
        #expect(key == "tfb")
        #expect(validKeys.contains("ttfb") && validKeys.contains("type") && !validKeys.contains("link-bandwidth"))
        #expect(error?.description.hasPrefix("unknown network setting \"tfb\": expected one of ttfb, ") == true)
    }

    // connect-delay: the connection exists before its request is read, so a query could only be
    // accepted and ignored.
    @Test(arguments: ["link-bandwidth", "fail-first", "connect-delay"])
    func queryItemsRefuseServerWideSettings(key: String) {
        let error = #expect(throws: NetworkSettingError.self) {
            try NetworkConditions(queryItems: [(key, "1MB/s")])
        }
        guard case .notPerRequest(let refused, _) = error else {
            Issue.record("expected notPerRequest, got \(String(describing: error))")
            return
        }
        #expect(refused.name == key)
        #expect(error?.description.hasPrefix("\"\(key)\" cannot be set per request: ") == true)
        #expect(error?.description.contains("--\(key)") == true)
    }

    @Test(arguments: [NetworkSettingKey.timeToFirstByte])
    func aRequestMayNotNameALatencyFile(key: NetworkSettingKey) throws {
        #expect(throws: NetworkSettingError.fileNotPerRequest(key, path: "lat5s.txt")) {
            try NetworkConditions(queryItems: [(key.name, "file:lat5s.txt")])
        }
        let message = NetworkSettingError.fileNotPerRequest(key, path: "lat5s.txt").description
        #expect(message.contains("file:lat5s.txt names a file on the server, which a request may not open"))
        // The server's own settings still may: the file is read once, at start.
        var flags = NetworkConditions()
        try flags.set(key, value: "file:lat5s.txt", scope: .server)
    }

    @Test func refusesRepeatedKeys() {
        let error = #expect(throws: NetworkSettingError.self) {
            try NetworkConditions(queryItems: [("ttfb", "1s"), ("ttfb", "2s")])
        }
        #expect(error == .duplicateKey(.timeToFirstByte))
        #expect(error?.description.contains("\"ttfb\"") == true)
    }

    @Test(
        "names the key and the value of a bad setting",
        arguments: [
            ("ttfb", "20x"), ("ttfb", "uniform:2s..1s"), ("bandwidth", "1MB"), ("status", "503:200"),
            ("stall", "2s:x"), ("truncate", "lots"), ("reset-during", ""),
        ])
    func refusesBadValues(key: String, value: String) {
        let error = #expect(throws: NetworkSettingError.self) {
            try NetworkConditions(queryItems: [(key, value)])
        }
        guard case .invalidValue(let badKey, let parseError) = error else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
        #expect(badKey.name == key)
        #expect(parseError.input == value)
        #expect(error?.description.hasPrefix("setting \"\(key)\": invalid ") == true)
        #expect(error?.description.contains("\"\(value)\"") == true)
    }

    @Test func setAcceptsServerSettingsOnlyInServerScope() throws {
        var flags = NetworkConditions()
        try flags.set(.linkBandwidth, value: "100Mbit/s", scope: .server)
        try flags.set(.fault(.failFirst), value: "2:500", scope: .server)
        #expect(flags.linkBandwidth == ByteRate(bytesPerSecond: 12_500_000))
        #expect(flags.faults.failFirst == FailFirstFault(count: 2, status: 500))
        #expect(
            throws: NetworkSettingError.notPerRequest(
                .linkBandwidth, reason: NetworkSettingKey.linkBandwidth.serverOnlyReason!)
        ) {
            try flags.set(.linkBandwidth, value: "1MB/s", scope: .request)
        }
    }

    @Test func layersMergeProfileThenFlagsThenQuery() throws {
        let profile = try NetworkConditions(
            settings: [
                ("ttfb", "lognormal:median=70ms,p99=500ms"), ("connect-delay", "100ms"), ("bandwidth", "12Mbit/s"),
                ("link-bandwidth", "100Mbit/s"), ("status", "503:5"), ("truncate", "1"),
            ], scope: .server)
        let flags = try NetworkConditions(settings: [("bandwidth", "2MB/s"), ("ttfb", "300ms")], scope: .server)
        let query = try NetworkConditions(queryItems: [("ttfb", "3s"), ("status", "404:100"), ("truncate", "0")])
        let effective = profile.merged(overriding: flags).merged(overriding: query)
        #expect(effective.timeToFirstByte == .fixed(.seconds(3)))  // query beats flag beats profile
        #expect(effective.connectDelay == .fixed(.milliseconds(100)))  // only the profile set it
        #expect(effective.bandwidth == ByteRate(bytesPerSecond: 2_000_000))  // flag beats profile
        #expect(effective.linkBandwidth == ByteRate(bytesPerSecond: 12_500_000))
        #expect(effective.faults.status?.description == "404:100")
        #expect(effective.faults.truncate == .zero)  // an explicit 0 switches the profile's fault off
        var stepwise = profile
        stepwise.merge(overriding: flags)
        stepwise.merge(overriding: query)
        #expect(stepwise == effective)
        #expect(profile.merged(overriding: .unconstrained) == profile)
        #expect(NetworkConditions.unconstrained.merged(overriding: profile) == profile)
    }

    @Test func effectiveValuesDefaultToNoDelayAndNoLimit() {
        let none = NetworkConditions.unconstrained
        #expect(none.effectiveTimeToFirstByte == .fixed(.zero))
        #expect(none.effectiveConnectDelay == .fixed(.zero))
        #expect(none.effectiveBandwidth.isUnlimited)
        #expect(none.effectiveLinkBandwidth.isUnlimited)
        #expect(none.description == "unconstrained")
    }

    @Test func settingsRoundTrip() throws {
        let text: [(String, String)] = [
            ("ttfb", "pareto:scale=100ms,shape=1.5,cap=30s"), ("connect-delay", "normal:200ms,50ms"),
            ("bandwidth", "1MB/s"), ("link-bandwidth", "unlimited"), ("status", "404:1,503:2"), ("stall", "5"),
            ("slow-close", "1s:10"), ("fail-first", "3:500"),
        ]
        let conditions = try NetworkConditions(settings: text, scope: .server)
        #expect(conditions.settings.map { "\($0.key)=\($0.value)" } == text.map { "\($0)=\($1)" })
        #expect(
            try NetworkConditions(settings: conditions.settings.map { ($0.key.name, $0.value) }, scope: .server)
                == conditions)
        #expect(conditions.description.hasPrefix("ttfb=pareto:scale=100ms,shape=1.5,cap=30s connect-delay="))
    }

    @Test func fileDistributionsResolveThroughTheCaller() throws {
        let conditions = try NetworkConditions(
            settings: [("ttfb", "file:ttfb.txt"), ("connect-delay", "file:connect.txt")], scope: .server)
        #expect(conditions.unresolvedPaths == ["ttfb.txt", "connect.txt"])
        let files: [String: [Substring]] = ["ttfb.txt": ["120", "130"], "connect.txt": ["5ms"]]
        var settings: [NetworkSettingKey] = []
        let resolved = try conditions.resolvingFiles { setting, path throws(EmpiricalSamplesError) in
            settings.append(setting)
            return try LatencyDistribution.empirical(parsingLines: files[path] ?? [])
        }
        #expect(settings == [.timeToFirstByte, .connectDelay])
        #expect(resolved.timeToFirstByte == .empirical([120_000_000, 130_000_000]))
        #expect(resolved.connectDelay == .empirical([5_000_000]))
        #expect(resolved.unresolvedPaths.isEmpty)
        #expect(throws: EmpiricalSamplesError.noSamples(lineCount: 0)) {
            try conditions.resolvingFiles { _, _ throws(EmpiricalSamplesError) in
                try LatencyDistribution.empirical(parsingLines: [Substring]())
            }
        }
    }
}
