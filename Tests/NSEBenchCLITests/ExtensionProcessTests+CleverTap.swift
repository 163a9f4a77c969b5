import Foundation
import NSEBenchTestSupport
import Testing

/// CleverTap's SDK sample (clevertap-ios-sdk `SwiftUIStarter/NotificationService`), run as a user runs it: the
/// viewed event is queued before the download and flushed a second later, a POST to the side endpoint `metrics`
/// that nothing waits for; `recordEvent` sends nothing and the run names it.
extension ExtensionProcessTests {
    @Test func cleverTapsViewedEventIsSentASecondLaterAndNothingWaitsForIt() async throws {
        let folder = try extensionFolder(
            "CleverTapSDK",
            """
            import CTNotificationService
            import CleverTapSDK

            class NotificationService: CTNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    CleverTap.setDebugLevel(CleverTapLogLevel.debug.rawValue)
                    CleverTap.sharedInstance()?.recordEvent("testEventFromNotificationService")
                    let profile: Dictionary<String, AnyObject> = ["Identity": 63344 as AnyObject]
                    CleverTap.sharedInstance()?.profilePush(profile)
                    CleverTap.sharedInstance()?.recordNotificationViewedEvent(withData: request.content.userInfo)
                    super.didReceive(request, withContentHandler: contentHandler)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A wind-down of 5 s lets every flush, due a second after its didReceive, go out; the media comes at once.
        let (result, out) = try await runWithOut(
            onLoopback(["--extension", folder.path, "-n", "6", "-c", "3", "--profile", "none", "--wind-down", "5s"]))
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("not faithful: Service.swift:7: CleverTap's recordEvent"))
        let rows = try Self.table(out.appendingPathComponent("invocations.csv"))
        #expect(rows.count == 6 && rows.allSatisfy { $0["outcome"] == "enriched" }, "\(rows.map { $0["outcome"] })")
        let delivered = rows.compactMap { Double($0["time_to_deliver_ms"] ?? "") }
        #expect(delivered.count == 6 && delivered.allSatisfy { $0 < 1000 }, "delivered before the flush: \(delivered)")
        let seconds = try Self.table(out.appendingPathComponent("endpoints.csv"))
        #expect(seconds.compactMap { Int($0["metrics"] ?? "") }.reduce(0, +) == 6, "one viewed event each: \(seconds)")
        #expect(seconds.first?["metrics"] == "0", "none in the first second: each waits its second")
        let bytes = seconds.compactMap { Int($0["metrics_bytes_received"] ?? "") }.reduce(0, +)
        #expect(bytes > 6 * 100, "each a JSON array naming the event: \(bytes) bytes")
    }
}
