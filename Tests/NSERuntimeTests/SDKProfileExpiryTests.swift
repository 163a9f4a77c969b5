import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Synchronization
import Testing

@testable import NSERuntime
@testable import SDKProfiles

/// What each SDK profile shows when its media download is still running at the deadline, and what a
/// download that completes after the expiry delivery does (docs/run.md's SDK table, each profile's doc
/// comment). Firebase, OneSignal, Klaviyo and Notifee leave the expiry to the app's template (the best
/// attempt), cancel nothing and guard nothing, and CleverTap's own expiry does the same; Airship delivers
/// the original; Pushwoosh its best attempt, once.
@Suite("SDK profiles at the deadline", .timeLimit(.minutes(1)))
struct SDKProfileExpiryTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46]
    /// The deadline: the 30 s budget from an arrival at 0.
    static let deadline = 30 * second

    /// The extension instance an invocation made, kept so a test can reach its best attempt.
    final class Kept: Sendable {
        private let instance = Mutex<SDKServiceBase?>(nil)

        /// `profile`'s factory, keeping each instance it makes.
        func factory(_ profile: SDKProfile) -> ExtensionFactory {
            ExtensionFactory(name: profile.rawValue) { [self] in
                let made = profile.make()
                instance.withLock { $0 = made as? SDKServiceBase }
                return made
            }
        }

        var profile: SDKServiceBase? { instance.withLock { $0 } }
    }

    /// Runs `profile` on one media payload titled "Sale": the media answers at `mediaAnswersAt` (nil:
    /// never), side calls at once. `beforeDeadline` runs once the media was requested. The clock goes to
    /// the deadline; once the expiry delivery is in, to the media's answer when it comes before the
    /// wind-down's end (waiting for the second handler call it makes, `secondCall`), then past the
    /// wind-down and the grace period. `endsItsWorkWithTheMedia`: the media's answer ends the extension's work,
    /// so the record completes before the wind-down's end (waited for, bounded).
    func run(
        _ profile: SDKProfile, mediaAnswersAt: UInt64? = nil, secondCall: Bool = false,
        endsItsWorkAtExpiry: Bool = false, endsItsWorkWithTheMedia: Bool = false,
        beforeDeadline: (SDKServiceBase?) -> Void = { _ in }
    ) async throws -> InvocationRecord {
        let harness = try HostHarness { request in
            guard request.url.path.hasPrefix("/media/") else {
                return .respond(.init(after: second / 10, contentType: "application/json"))
            }
            guard let mediaAnswersAt else { return .hang }
            return .respond(.init(after: mediaAnswersAt, contentType: "image/jpeg", body: .bytes(Self.jpeg)))
        }
        defer { harness.remove() }
        let kept = Kept()
        let task = harness.start(
            harness.input(
                TestPayloads.plain(title: "Sale", mediaURL: TestPayloads.mediaURL, for: profile.rawValue),
                extension: kept.factory(profile)))
        await harness.downloader.waitForRequests(profile == .pushwoosh ? 2 : 1)
        beforeDeadline(kept.profile)
        harness.clock.advance(to: Self.deadline)
        await harness.events.wait(for: .handlerCalled)
        if endsItsWorkAtExpiry { await expectTheRecordCompletes(harness, "its work did not end at expiry") }
        try await Task.sleep(for: .milliseconds(50))
        if let mediaAnswersAt {
            harness.clock.advance(to: mediaAnswersAt)
            if secondCall { await harness.events.wait { $0 == .violation(.doubleDelivery) } }
            if endsItsWorkWithTheMedia {
                await expectTheRecordCompletes(harness, "its work did not end with the media")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        // The wind-down's end (30 + 1 s), then the grace period's (30 + 2 s), each once the host got there.
        for step in [31, 32, 35] as [UInt64] {
            harness.clock.advance(to: step * second)
            try await Task.sleep(for: .milliseconds(50))
        }
        return await task.value
    }

    /// Its work ends on its own: the record comes before the wind-down's end, however long a busy machine takes
    /// to get there (a fixed wait was sometimes too short). Bounded: a profile that no longer ends its work must
    /// fail here, not hang until the wind-down's end.
    func expectTheRecordCompletes(_ harness: HostHarness, _ failure: Comment) async {
        let ended = await eventually(within: .seconds(20), every: .milliseconds(5)) {
            harness.events.kinds.contains { if case .completed = $0 { true } else { false } }
        }
        #expect(ended, failure)
    }

    /// The profiles whose expiry is the app's template: the best attempt, the download left running.
    static let templateExpiry: [SDKProfile] = [.firebase, .onesignal, .klaviyo, .notifee, .clevertap]

    @Test(
        "a hung download: the template's best attempt (the content as it arrived), the download not cancelled",
        arguments: templateExpiry)
    func hungDownload(profile: SDKProfile) async throws {
        let record = try await run(profile)
        #expect(record.outcome == .expiredOriginal, "its best attempt is the content as it arrived")
        #expect(record.visible.title == "Sale")
        #expect(record.visible.attachments.isEmpty)
        #expect(record.times.delivered == Self.deadline, "delivered by the expiry call itself")
        #expect(record.violations.doubleDelivery == 0, "the download never ends, so nothing calls again")
        #expect(record.workAbandoned, "nothing cancels the download: it still runs when the process is suspended")
    }

    @Test(
        "a download done after the expiry delivery calls the unguarded handler again: a double delivery",
        arguments: templateExpiry)
    func lateDownload(profile: SDKProfile) async throws {
        let record = try await run(profile, mediaAnswersAt: Self.deadline + second / 2, secondCall: true)
        #expect(record.outcome == .expiredOriginal, "the expiry's delivery is the one shown")
        #expect(record.visible.attachments.isEmpty, "the image came with the second call, which iOS ignores")
        #expect(record.violations.doubleDelivery == 1)
        #expect(record.violations.lateDelivery == 0)
        // The download ended within the wind-down; OneSignal's receive receipt is work of its own (due
        // 0 to 24 s after didReceive), still waiting when the process is suspended.
        #expect(record.workAbandoned == (profile == .onesignal))
    }

    @Test("Pushwoosh delivers its best attempt on expiry, once: a download done later calls nothing")
    func pushwooshDeliversOnce() async throws {
        let hung = try await run(.pushwoosh)
        #expect(hung.outcome == .expiredOriginal, "its best attempt is the content as it arrived")
        #expect(hung.times.delivered == Self.deadline, "delivered by the expiry call itself")
        #expect(hung.workAbandoned, "nothing cancels the download")
        let late = try await run(.pushwoosh, mediaAnswersAt: Self.deadline + second / 2, endsItsWorkWithTheMedia: true)
        #expect(late.outcome == .expiredOriginal)
        #expect(late.violations.doubleDelivery == 0, "its handler is called once")
        #expect(!late.workAbandoned, "the download ended within the wind-down, where a second call would show")
        #expect(late.violations.lateDelivery == 0)
    }

    @Test("Airship delivers the original on expiry, not its best attempt; the template delivers the best attempt")
    func airshipOriginalNotBestAttempt() async throws {
        // A best attempt that differs from the original by the deadline (as a mutation that set a field
        // would make it): delivering it instead of the original would show this title.
        let changeBestAttempt: (SDKServiceBase?) -> Void = { profile in
            profile?.lock.withLock { profile?.bestAttemptContent?.title = "Sale: best attempt" }
        }
        let airship = try await run(.airship, endsItsWorkAtExpiry: true, beforeDeadline: changeBestAttempt)
        #expect(airship.visible.title == "Sale", "the original request content")
        #expect(airship.outcome == .expiredOriginal)
        #expect(airship.visible.attachments.isEmpty)
        #expect(airship.violations.doubleDelivery == 0, "the cancelled download's failure meets the guard")
        #expect(!airship.workAbandoned, "it cancels the download")

        // The same change on a profile whose expiry is the template's shows: the test tells the two apart.
        let firebase = try await run(.firebase, beforeDeadline: changeBestAttempt)
        #expect(firebase.visible.title == "Sale: best attempt")
        #expect(firebase.outcome == .expiredBestAttempt)
    }
}
