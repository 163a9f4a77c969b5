import Foundation
import Testing

/// Examples/SenderAvatar, an illustrative communication notification: the sender's avatar and the media
/// fetched in parallel, delivered once both are done, so a slow avatar host holds the display.
@Suite("Examples/SenderAvatar under load", .serialized, .timeLimit(.minutes(3)))
struct SenderAvatarExampleTests {
    @Test func aFastAvatarHostLetsEveryNotificationBeEnriched() async throws {
        let (status, summary, rows) = try await ExtensionProcessTests().run([
            "--extension", "Examples/SenderAvatar", "-n", "20", "-c", "20", "--media", "200KB.jpg:1",
            "--time-scale", "0.1",
        ])
        #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
        #expect(rows.count == 20)
        #expect(rows.allSatisfy { $0["outcome"] == "enriched" }, "\(rows.map { $0["outcome"] ?? "" })")
        #expect(summary["blame_side_call"] == "0", "\(summary)")
    }

    @Test func aSlowAvatarHostSplitsTheOutcomesAndIsBlamed() async throws {
        // Avatars whose first byte comes past the deadline (about half, from this lognormal) hold the
        // display until the expiry delivers the best attempt; the others are enriched.
        let (status, summary, rows) = try await ExtensionProcessTests().run([
            "--extension", "Examples/SenderAvatar", "-n", "40", "-c", "40", "--media", "200KB.jpg:1",
            "--endpoint", "avatars:ttfb=lognormal:median=30s,p99=120s", "--time-scale", "0.1",
        ])
        #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
        let outcomes = Dictionary(grouping: rows, by: { $0["outcome"] ?? "" }).mapValues(\.count)
        #expect(Set(outcomes.keys) == ["enriched", "expired_best_attempt"], "\(outcomes)")
        let expired = outcomes["expired_best_attempt"] ?? 0
        #expect(expired >= 8 && expired <= 36, "\(outcomes)")
        // Blamed on the avatar: a side call running at the deadline's instant. An avatar that ended just
        // before it, with the delivery after it (the completion handler's own work, slowed on a loaded
        // machine), is the extension's `expiry`; a few at most, in a window about the deadline.
        let sideCall = Int(summary["blame_side_call"] ?? "") ?? -1
        let expiry = Int(summary["blame_expiry"] ?? "") ?? -1
        #expect(sideCall + expiry == expired, "\(summary)")
        #expect(sideCall * 4 >= expired * 3, "most are the avatar's: \(summary)")
        // The record's download is the media's: every row has its 200 KB.
        #expect(rows.allSatisfy { $0["bytes"] == "200000" }, "\(rows.map { $0["bytes"] ?? "" })")
    }
}
