import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import NSERuntime
@testable import SDKProfiles

/// The push SDKs' extension helpers, each on the host with a scripted network: the limits it sets on
/// its URLSession and what it shows when the deadline comes first (docs/run.md's SDK table).
@Suite("SDK profiles", .timeLimit(.minutes(1)))
struct SDKProfileTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46]

    /// Runs `profile` on one payload; `hang` keeps the download from answering.
    func run(
        _ profile: SDKProfile, hang: Bool = false, secondCall: Bool = false, timesOutFirst: Bool = false,
        mediaURL: URL = TestPayloads.mediaURL,
        contentType: String = "image/jpeg"
    ) async throws -> (InvocationRecord, MediaDownload) {
        let harness = try HostHarness { _ in
            hang ? .hang : .respond(.init(after: second, contentType: contentType, body: .bytes(Self.jpeg)))
        }
        defer { harness.remove() }
        let task = harness.start(
            harness.input(
                TestPayloads.plain(title: "Sale", mediaURL: mediaURL, for: profile.rawValue),
                extension: try BuiltInExtensions.named(profile.rawValue)))
        // Customer.io sends its delivered metric beside the media (OneSignal its receipt, later): the
        // media's request is the one asked about.
        await harness.downloader.waitForRequests([.customerio, .pushwoosh].contains(profile) ? 2 : 1)
        let request = try #require(harness.downloader.requests.first { $0.url.path.hasPrefix("/media/") })
        guard hang else {
            harness.clock.advance(by: second)
            // Work that outlives the delivery (OneSignal waits for its receipt) ends with the wind-down.
            await harness.events.wait(for: .handlerCalled)
            try await Task.sleep(for: .milliseconds(50))
            harness.clock.advance(by: 2 * second)
            return (await task.value, request)
        }
        // Hung: up to the deadline, then each step once the host has reached it (a loaded machine runs
        // the callbacks late), the end of the grace period and the wind-down.
        harness.clock.advance(by: 21 * second)
        if timesOutFirst { await harness.events.wait(for: .handlerCalled) }
        try await Task.sleep(for: .milliseconds(50))
        harness.clock.advance(by: 8 * second)
        try await Task.sleep(for: .milliseconds(50))
        harness.clock.advance(by: 1 * second)
        await harness.events.wait(for: .handlerCalled)
        if secondCall { await harness.events.wait { if case .violation = $0 { true } else { false } } }
        for step in [3, 2] as [UInt64] {
            harness.clock.advance(by: step * second)
            try await Task.sleep(for: .milliseconds(50))
        }
        return (await task.value, request)
    }

    /// A push without media still makes its SDK's side call, on the phone's API host (the media server over
    /// its network class, which a run gives every invocation): Customer.io's metric, which it waits for
    /// before delivering. A phone without one (a test's, a host that named none) makes none.
    @Test("a push without media sends Customer.io's metric to the phone's API host, and waits for it")
    func sideCallWithoutMedia() async throws {
        let harness = try HostHarness { _ in .respond(.init(after: 5 * second, body: .bytes(Array("{}".utf8)))) }
        defer { harness.remove() }
        let factory = try BuiltInExtensions.named("customerio")
        var hosted = harness.input(
            TestPayloads.plain(title: "Sale", mediaURL: nil, for: "customerio"), extension: factory)
        hosted.apiHost = URL(string: "http://127.0.0.1:8080")
        let withHost = harness.start(hosted)
        let without = harness.start(
            harness.input(
                TestPayloads.plain(title: "Sale", mediaURL: nil, for: "customerio"), extension: factory, id: 2))
        await harness.downloader.waitForRequests(1)
        let metric = try #require(harness.downloader.requests.first)
        #expect(metric.url.absoluteString == "http://127.0.0.1:8080/metrics/track" && metric.method == "POST")
        harness.clock.advance(by: 5 * second)
        await harness.events.wait(for: .handlerCalled)
        try await Task.sleep(for: .milliseconds(50))
        harness.clock.advance(by: 2 * second)
        let waited = await withHost.value
        #expect(try #require(waited.times.delivered) >= 5 * second, "delivered once the metric was done")
        let unhosted = await without.value
        #expect(try #require(unhosted.times.delivered) < second, "no host, no metric to wait for")
        #expect(harness.downloader.requests.count == 1)
    }

    /// Pushwoosh sends its delivery event beside the attachment and delivers once both are done: here the
    /// image after 1 s, the event's answer after 5 s. A push without its `pw_msg` is delivered untouched at
    /// once, with no request.
    @Test("Pushwoosh waits for its delivery event; a push that is not Pushwoosh's is handed back at once")
    func pushwooshWaitsForItsEvent() async throws {
        let harness = try HostHarness { request in
            request.url.path.hasPrefix("/media/")
                ? .respond(.init(after: second, contentType: "image/jpeg", body: .bytes(Self.jpeg)))
                : .respond(.init(after: 5 * second, contentType: "application/json", body: .bytes(Array("{}".utf8))))
        }
        defer { harness.remove() }
        let factory = try BuiltInExtensions.named("pushwoosh")
        let handled = harness.start(
            harness.input(
                TestPayloads.plain(title: "Sale", mediaURL: TestPayloads.mediaURL, for: "pushwoosh"), extension: factory
            ))
        var other = TestPayloads.plain(title: "Sale", mediaURL: TestPayloads.mediaURL, for: "pushwoosh")
        other.customFields["pw_msg"] = nil
        let untouched = harness.start(harness.input(other, extension: factory, id: 2))
        await harness.downloader.waitForRequests(2)
        let event = try #require(harness.downloader.requests.first { $0.url.path == "/metrics/messageDeliveryEvent" })
        #expect(event.method == "POST")
        #expect(event.headerLines.contains("Authorization: Token \(PushwooshNotificationProcessor.apiToken)"))
        // The other push is handed back at once: its delivery is in before the clock moves (on a loaded
        // machine it had not yet run when the clock went to 1 s, and was recorded there).
        let handedBack = await eventually(within: .seconds(20), every: .milliseconds(5)) {
            harness.events.kinds.contains(.handlerCalled)
        }
        #expect(handedBack, "the push that is not Pushwoosh's was not handed back at once")
        harness.clock.advance(by: second)
        try await Task.sleep(for: .milliseconds(50))
        harness.clock.advance(by: 4 * second)
        // Both handlers: the other push's, at once, and this one's once the event is answered.
        let both = await eventually(within: .seconds(20), every: .milliseconds(5)) {
            harness.events.kinds.filter { $0 == .handlerCalled }.count == 2
        }
        #expect(both, "the Pushwoosh push was not delivered once its event was answered")
        try await Task.sleep(for: .milliseconds(50))
        harness.clock.advance(by: 2 * second)
        let record = await handled.value
        #expect(record.outcome == .enriched, "\(record.outcome)")
        #expect(record.times.delivered == 5 * second, "delivered once the event was answered")
        let notPushwooshs = await untouched.value
        #expect(notPushwooshs.outcome == .unchanged, "\(notPushwooshs.outcome)")
        #expect(notPushwooshs.times.delivered == 0)
        #expect(harness.downloader.requests.count == 2, "the other push made no request")
    }

    /// CleverTap names the file by its payload's type word, else by the MIME type, else a bare dot; without a
    /// type word in the payload it delivers at once, downloading nothing.
    @Test("CleverTap: the file by its type word or MIME type; no ct_mediaType, no download")
    func cleverTapNaming() async throws {
        #expect(CTNotificationServiceExtension.fileSuffix(type: "image", mimeType: "image/png") == ".jpg")
        #expect(CTNotificationServiceExtension.fileSuffix(type: "video", mimeType: nil) == ".mp4")
        #expect(CTNotificationServiceExtension.fileSuffix(type: "audio", mimeType: nil) == ".mp3")
        #expect(CTNotificationServiceExtension.fileSuffix(type: "gif", mimeType: "image/gif") == ".gif")
        #expect(CTNotificationServiceExtension.fileSuffix(type: "gif", mimeType: "image/jpeg") == ".jpeg")
        #expect(CTNotificationServiceExtension.fileSuffix(type: "gif", mimeType: "text/html") == ".")

        let gif = URL(string: "http://127.0.0.1:8080/media/a.gif")!
        let (typed, _) = try await run(.clevertap, mediaURL: gif, contentType: "image/gif")
        #expect(typed.outcome == .enriched, "the run writes \"gif\" beside a GIF's URL, named by its MIME type")

        let harness = try HostHarness { _ in .respond(.init(after: second, contentType: "image/jpeg")) }
        defer { harness.remove() }
        var untyped = TestPayloads.plain(title: "Sale", mediaURL: TestPayloads.mediaURL, for: "clevertap")
        untyped.mediaField = untyped.mediaField?.withoutTypeHint
        let task = harness.start(harness.input(untyped, extension: try BuiltInExtensions.named("clevertap")))
        await harness.events.wait(for: .handlerCalled)
        try await Task.sleep(for: .milliseconds(50))
        #expect(harness.downloader.requests.isEmpty)
        harness.clock.advance(by: 3 * second)
        let record = await task.value
        #expect(record.outcome == .unchanged, "\(record.outcome)")
        #expect(record.times.delivered == 0)
    }

    @Test("each profile's timeouts reach the transport as its SDK sets them")
    func timeouts() async throws {
        let expected: [SDKProfile: (resource: UInt64?, idle: UInt64)] = [
            .firebase: (nil, 60 * second), .onesignal: (nil, 60 * second), .airship: (nil, 60 * second),
            .customerio: (30 * second, 60 * second), .batch: (20 * second, 60 * second),
            .iterable: (nil, 60 * second), .klaviyo: (nil, 60 * second), .notifee: (nil, 60 * second),
            .clevertap: (nil, 60 * second), .pushwoosh: (nil, 60 * second),
        ]
        for profile in SDKProfile.allCases {
            let (record, request) = try await run(profile)
            #expect(request.timeout == expected[profile]?.resource, "\(profile)")
            #expect(request.idleTimeout == expected[profile]?.idle, "\(profile)")
            #expect(record.outcome == .enriched, "\(profile)")
        }
    }

    /// Airship's original, and the profiles whose expiry is the app's template: ``SDKProfileExpiryTests``.
    @Test("a hung download: Iterable's best attempt (twice), Customer.io's and Batch's 20 s: the original")
    func expiry() async throws {
        let (batch, _) = try await run(.batch, hang: true, timesOutFirst: true)
        #expect(batch.visible.title == "Sale", "Batch's 20 s timeout delivers the original before the deadline")
        #expect(batch.times.delivered.map { $0 < 30 * second } == true)

        let (iterable, _) = try await run(.iterable, hang: true, secondCall: true)
        #expect(iterable.outcome == .expiredOriginal, "its best attempt is the content as it arrived")
        #expect(iterable.violations.doubleDelivery == 1, "the cancelled download's completion calls again")

        let (customerIO, _) = try await run(.customerio, hang: true)
        #expect(customerIO.outcome == .expiredOriginal, "its best attempt is the content as it arrived")
        #expect(customerIO.violations.doubleDelivery == 0, "Customer.io's handler is guarded")
    }

    @Test("file names: Firebase by suggestedFilename or an image/ MIME subtype, Klaviyo always .jpg, Batch by its type")
    func naming() async throws {
        let bare = URL(string: "http://127.0.0.1:8080/media/asset")!
        let (firebase, _) = try await run(.firebase, mediaURL: bare, contentType: "image/png")
        #expect(firebase.outcome == .enriched)
        let (klaviyo, _) = try await run(.klaviyo, mediaURL: URL(string: "http://127.0.0.1:8080/media/a.png")!)
        #expect(klaviyo.outcome == .enriched)
        // Batch attaches the file as it is, typed by the payload's `t`: named by neither.
        let (batch, _) = try await run(.batch, mediaURL: URL(string: "http://127.0.0.1:8080/media/a.jpg")!)
        #expect(batch.outcome == .enriched)
        // A bare URL has no type the run can write beside it: UserExtensionPushSDKTests.batchWithoutItsTypeFallsBack.
    }
}
