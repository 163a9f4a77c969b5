import Foundation
import MediaServer
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI

/// `--endpoint` and `--wind-down` on `run` and `serve`, and the SDK profiles' side calls end to end:
/// Customer.io waits for its delivered metric, OneSignal's receipts come over 0-25 s.
@Suite("nse-bench run: side endpoints", .serialized, .timeLimit(.minutes(3)))
struct SideEndpointRunTests {
    func parse(_ arguments: [String]) throws(UsageError) -> RunConfiguration {
        try RunCommand(parsing: ArgumentParser.parse(arguments, for: RunCommand.configuration)).configuration
    }

    func serve(_ arguments: [String]) throws(UsageError) -> ServeCommand {
        try ServeCommand(parsing: ArgumentParser.parse(arguments, for: ServeCommand.configuration))
    }

    @Test func endpointsAreRecordedAndServedScaled() throws {
        let settings = try parse([
            "--endpoint", "metrics:ttfb=40s", "--endpoint", "receipts:ttfb=lognormal:median=300ms,p99=3s,status=503:10",
        ]).settings
        #expect(settings.endpoints.map(\.endpoint) == [.metrics, .receipts])
        #expect(
            settings.columns["endpoints"]
                == "metrics:ttfb=40s receipts:ttfb=lognormal:median=300ms,p99=3s,status=503:10")
        #expect(try parse([]).settings.columns["endpoints"] == "")
        let command = try serve(["--endpoint", "metrics:ttfb=40s", "--time-scale", "0.1"])
        #expect(command.server.endpoints[.metrics]?.timeToFirstByte == .fixed(.seconds(4)))
        #expect(command.server.endpoints[.receipts] == nil)
    }

    @Test func aScenarioFileListsEndpoints() throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-endpoints")
        defer { directory.remove() }
        let path = directory.path("side.json")
        try #"{"endpoint": ["metrics:ttfb=40s", "receipts:status=503:10"], "wind-down": "25s"}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        let settings = try parse(["--scenario", path]).settings
        #expect(settings.endpoints.map(\.description) == ["metrics:ttfb=40s", "receipts:status=503:10"])
        #expect(settings.windDown == 25_000_000_000)
    }

    @Test func windDownIsASettingEmptyAtItsDefault() throws {
        #expect(try parse([]).settings.columns["wind_down_s"] == "")
        #expect(try parse(["--wind-down", "1s"]).settings.columns["wind_down_s"] == "")
        let longer = try parse(["--wind-down", "25s"]).settings
        #expect(longer.windDown == 25_000_000_000 && longer.columns["wind_down_s"] == "25.0")
    }

    @Test(arguments: [
        (["--endpoint", "inbox:ttfb=1s"], "'--endpoint'"),
        (["--endpoint", "metrics:ttfb=soon"], "'--endpoint'"),
        (["--endpoint", "metrics:ttfb=1s", "--endpoint", "metrics:status=503:1"], "metrics is given twice"),
        (["--endpoint", "metrics:ttfb=1s", "--target", "http://127.0.0.1:9/"], "drop --endpoint, or drop --target"),
        (["--wind-down", "soon"], "'--wind-down'"),
    ])
    func badFlagsAreNamed(arguments: [String], message: String) {
        let error = #expect(throws: UsageError.self) { try parse(arguments) }
        #expect(error.map { "\($0)" }?.contains(message) == true, "\(String(describing: error))")
    }

    @Test func customerIOWaitsForASlowMetricPastTheDeadlineAlthoughTheMediaCameInTime() async throws {
        let result = try await InProcessRun.runWithTimeline([
            "-n", "10", "-c", "10", "--extension", "customerio", "--media", "20KB.jpg:1",
            "--endpoint", "metrics:ttfb=40s", "--time-scale", "0.1", "--extension-processes", "0", "--deadline", "25s",
        ])
        #expect(result.rows.count == 10)
        // Each media download finished long before the 25 s deadline; the metric's 40 s first byte held
        // the display until the expiry delivered the best attempt (with its image). (With iOS's 30 s the
        // metric's own 30 s resource timeout, Customer.io's, would race the expiry.)
        for row in result.rows {
            #expect(row["outcome"] == "expired_best_attempt", "\(row)")
            // Blamed on the side call, and the record's download is the media's, not the metric's.
            #expect(row["blame"] == "side_call", "\(row)")
            #expect(row["http_status"] == "200" && row["bytes"] == "20000", "\(row)")
        }
        #expect(result.summary["blame_side_call"] == "10")
        #expect(result.summary["endpoints"] == "metrics:ttfb=40s")
        #expect(result.endpoints.map { Int($0["metrics"] ?? "") ?? 0 }.reduce(0, +) == 10, "\(result.endpoints)")
        #expect(result.text.contains("side endpoints: metrics 10 calls"), "\(result.text)")
        // Each metric is a POST of Customer.io's JSON (221 bytes with nse-bench's delivery id and token), read and counted by the server.
        let bytes = result.endpoints.map { Int($0["metrics_bytes_received"] ?? "") ?? 0 }.reduce(0, +)
        #expect(bytes % 10 == 0 && (150...300).contains(bytes / 10), "\(result.endpoints)")
        #expect(result.text.contains("\(bytes) body bytes received"), "\(result.text)")
    }

    @Test func customerIODeliversOnceTheMetricAndTheMediaAreBothDone() async throws {
        let result = try await InProcessRun.runWithTimeline([
            "-n", "10", "-c", "10", "--extension", "customerio", "--media", "20KB.jpg:1",
            "--endpoint", "metrics:ttfb=2s", "--time-scale", "0.1", "--extension-processes", "0",
        ])
        #expect(result.rows.allSatisfy { $0["outcome"] == "enriched" }, "\(result.rows.map { $0["outcome"] })")
        // The display waited for the metric: at least its 2 s (unscaled) first byte.
        #expect(result.rows.allSatisfy { (Double($0["time_to_deliver_ms"] ?? "") ?? 0) >= 2_000 })
    }

    /// A push without an image still sends Customer.io's metric, on the server of the phone's network
    /// class, and waits for it: before, only pushes with media did, and a text push was shown at once.
    @Test func customerIOWaitsForItsMetricWithoutAnImageToo() async throws {
        // At --time-scale 0.2 the deadline is 5 s away. At 0.1 (2.5 s) two of five full test runs on 2 cores
        // blamed all ten on expiry, no side call running at the deadline (alone it passed every time): the
        // metric's start, likely held up by test threads blocked on Dispatch's shared pool.
        let result = try await InProcessRun.runWithTimeline([
            "-n", "10", "-c", "10", "--extension", "customerio", "--with-media", "0", "--endpoint", "metrics:ttfb=40s",
            "--time-scale", "0.2", "--extension-processes", "0", "--deadline", "25s",
        ])
        #expect(result.rows.count == 10)
        let harness = ["valid", "invalid_reason", "timer_lateness_p99_ms", "transport_lag_p99_ms"].map {
            "\($0)=\(result.summary[$0] ?? "-")"
        }
        // The harness's promise, which this test holds it to: the outcomes are the extension's, or the run
        // says that the harness fell behind. One full test run in six blamed expiry for half the ten, each
        // delivered late (`expired_original`, not Customer.io's expiry delivery): what a stall of one of the
        // two transport loops (these invocations' executors) past the deadline would do. The loop's lag
        // probe counted such a stall as one late probe among hundreds, below the p99, until the probes it
        // skipped were counted too (HarnessLoopsTests).
        // Only a delay of the harness's excuses the outcomes (not its CPU, which counts every test running
        // beside this one in the test process).
        let reason = result.summary["invalid_reason"] ?? ""
        if result.summary["valid"] == "false", ["lag", "lateness", "waited"].contains(where: reason.contains) {
            return
        }
        for row in result.rows {
            #expect(
                row["outcome"]?.hasPrefix("expired") == true && row["blame"] == "side_call", "\(harness) \(row)")
        }
        #expect(result.endpoints.map { Int($0["metrics"] ?? "") ?? 0 }.reduce(0, +) == 10, "\(result.endpoints)")
    }

    /// `autoTrackPushEvents(false)` sends no metric, and the push is shown without waiting for one. Run in
    /// extension processes of their own: Customer.io keeps its process's first configuration, and this test
    /// process's first may be another test's.
    @Test func customerIOWithoutAutoTrackingSendsNoMetric() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        import CioMessagingPushAPN
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                MessagingPushAPN.initializeForExtension(
                    withConfig: MessagingPushConfigBuilder(cdpApiKey: "cdp-key").autoTrackPushEvents(false).build())
                MessagingPush.shared.didReceive(request, withContentHandler: contentHandler)
            }

            override func serviceExtensionTimeWillExpire() { MessagingPush.shared.serviceExtensionTimeWillExpire() }
        }
        """.write(to: folder.appendingPathComponent("NotificationService.swift"), atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        var environment = ProcessInfo.processInfo.environment
        environment["NSE_BENCH_CACHE"] =
            FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-extension-cache-cli").path
        let result = try await ChildProcess.run(
            ExtensionProcessTests.executable.path,
            [
                "run", "--quiet", "--out", out.path, "--extension", folder.path, "-n", "6", "-c", "3", "--with-media",
                "0", "--encrypted", "0", "--endpoint", "metrics:ttfb=40s", "--time-scale", "0.1", "--deadline", "25s",
            ] + onLoopback([]),
            environment: environment, currentDirectory: ExtensionProcessTests.root)
        #expect(result.status == 0, "\(result.output)")
        let rows = try ExtensionProcessTests.table(out.appendingPathComponent("invocations.csv"))
        #expect(rows.count == 6 && rows.allSatisfy { $0["outcome"] == "enriched" }, "\(rows)")
        // endpoints.csv is written only when some side endpoint was called.
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("endpoints.csv").path))
    }

    @Test func oneSignalsReceiptsArriveSpreadOverTwentyFiveSeconds() async throws {
        let result = try await InProcessRun.runWithTimeline([
            // At --time-scale 0.25 a second is 250 ms, long beside the stalls of a loaded test process.
            "-n", "100", "-c", "100", "--extension", "onesignal", "--media", "20KB.jpg:1", "--wind-down", "30s",
            "--time-scale", "0.25", "--extension-processes", "0",
        ])
        #expect(result.rows.allSatisfy { $0["outcome"] == "enriched" }, "the receipt never holds back the display")
        let perSecond = result.endpoints.map { Int($0["receipts"] ?? "") ?? 0 }
        #expect(perSecond.reduce(0, +) == 100, "one receipt per notification: \(perSecond)")
        // Each receipt is OneSignal's PUT of app_id, player_id and device_type: 116 bytes of JSON.
        let bytes = result.endpoints.map { Int($0["receipts_bytes_received"] ?? "") ?? 0 }.reduce(0, +)
        #expect(bytes == 11_600, "\(bytes) bytes")
        // Delays of 0 to 24 whole seconds from didReceive: calls spread over the 25 seconds, none past
        // second 30 (a loaded machine may add a few), and no second with half of them. A test process
        // stalled for a second (one core, every test at once) runs four seconds' receipts together, so
        // the spread is asked of at least 8.
        #expect(perSecond.filter { $0 > 0 }.count >= 8, "\(perSecond)")
        #expect(perSecond.count <= 31, "\(perSecond)")
        #expect((perSecond.max() ?? 0) < 50, "\(perSecond)")
    }

    @Test func oneSignalSendsItsReceiptForAPushWithoutMediaToo() async throws {
        let result = try await InProcessRun.runWithTimeline([
            "-n", "20", "-c", "20", "--extension", "onesignal", "--with-media", "0", "--wind-down", "30s",
            "--time-scale", "0.1", "--extension-processes", "0",
        ])
        #expect(result.rows.count == 20)
        let sent = result.endpoints.map { Int($0["receipts"] ?? "") ?? 0 }.reduce(0, +)
        #expect(sent == 20, "one receipt per notification, on the phone's API host: \(result.endpoints)")
    }

    @Test func aDefaultWindDownAbandonsTheLaterReceipts() async throws {
        let result = try await InProcessRun.runWithTimeline([
            "-n", "50", "-c", "50", "--extension", "onesignal", "--media", "20KB.jpg:1", "--time-scale", "0.1",
            "--extension-processes", "0",
        ])
        let sent = result.endpoints.map { Int($0["receipts"] ?? "") ?? 0 }.reduce(0, +)
        // Only receipts due within about a second of delivery are sent before the phone suspends the process.
        #expect(sent < 25, "\(sent) of 50 sent")
    }
}
