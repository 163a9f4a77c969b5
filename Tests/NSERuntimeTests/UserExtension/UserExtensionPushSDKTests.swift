import Foundation
import NSEBenchCore
import Synchronization
import Testing
import UserNotifications

@testable import NSERuntime
@testable import SDKProfiles

/// Extensions that hand their work to a push SDK, written as each SDK's documentation has apps write
/// them, compile unchanged against nse-bench's modules of the SDKs' names and run the SDK's helper
/// (the one the built-in profile runs), which reads the media URL where the SDK reads it.
@Suite("User extensions calling push SDKs", .serialized, .timeLimit(.minutes(3)))
struct UserExtensionPushSDKTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46]

    /// The template's stored handler and best attempt, around `received` and `expiring`.
    static func template(importing module: String, received: String, expiring: String) -> String {
        """
        import UserNotifications
        import \(module)

        class NotificationService: UNNotificationServiceExtension {
            var contentHandler: ((UNNotificationContent) -> Void)?
            var receivedRequest: UNNotificationRequest!
            var bestAttemptContent: UNMutableNotificationContent?

            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                self.receivedRequest = request
                self.contentHandler = contentHandler
                self.bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
                if let bestAttemptContent = bestAttemptContent {
                    \(received)
                }
            }

            override func serviceExtensionTimeWillExpire() {
                if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
                    \(expiring)
                }
            }
        }
        """
    }

    static let sources: [SDKProfile: String] = [
        .firebase: template(
            importing: "FirebaseMessaging",
            received: """
                Messaging.serviceExtension().exportDeliveryMetricsToBigQuery(withMessageInfo: request.content.userInfo)
                Messaging.serviceExtension().populateNotificationContent(bestAttemptContent, withContentHandler: contentHandler)
                """,
            expiring: "contentHandler(bestAttemptContent)"),
        .onesignal: template(
            importing: "OneSignalExtension",
            received: """
                OneSignalExtension.didReceiveNotificationExtensionRequest(self.receivedRequest, with: bestAttemptContent, withContentHandler: self.contentHandler)
                """,
            expiring: """
                OneSignalExtension.serviceExtensionTimeWillExpireRequest(self.receivedRequest, with: self.bestAttemptContent)
                contentHandler(bestAttemptContent)
                """),
        .klaviyo: template(
            importing: "KlaviyoSwiftExtension",
            received: """
                KlaviyoExtensionSDK.handleNotificationServiceDidReceivedRequest(
                    request: request, bestAttemptContent: bestAttemptContent, contentHandler: contentHandler)
                """,
            expiring: """
                KlaviyoExtensionSDK.handleNotificationServiceExtensionTimeWillExpireRequest(
                    request: receivedRequest, bestAttemptContent: bestAttemptContent, contentHandler: contentHandler)
                """),
        .airship:
            "import AirshipNotificationServiceExtension\n\nclass NotificationService: UANotificationServiceExtension {}\n",
        .batch: "import BatchExtension\n\nclass NotificationService: BAENotificationServiceExtension {}\n",
        // Customer.io's sample (customerio-ios `Apps/APN-UIKit/NotificationServiceExtension`), its API key a
        // string where the sample reads its build settings.
        .customerio: """
        import CioInternalCommon
        import CioMessagingPush
        import CioMessagingPushAPN
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                MessagingPushAPN.initializeForExtension(
                    withConfig: MessagingPushConfigBuilder(cdpApiKey: "cdp-key")
                        .logLevel(.debug)
                        .appGroupId("group.io.customer.ios-sample.apn-spm.APN-UIKit.cio")
                        .build()
                )

                MessagingPush.shared.didReceive(request, withContentHandler: contentHandler)
            }

            override func serviceExtensionTimeWillExpire() {
                MessagingPush.shared.serviceExtensionTimeWillExpire()
            }
        }
        """,
        // CleverTap's Swift sample (CleverTap/CTNotificationService `ExampleSwift`): its module alone, which
        // brings UserNotifications, and a handler and best attempt of its own beside the superclass's.
        .clevertap: """
        import CTNotificationService

        class NotificationService: CTNotificationServiceExtension {
            var contentHandler: ((UNNotificationContent) -> Void)?
            var bestAttemptContent: UNMutableNotificationContent?

            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                super.didReceive(request, withContentHandler: contentHandler)
            }
        }
        """,
        // Pushwoosh's form before 7.1 (Pushwoosh/pushwoosh-ios-sample before its 7.1 release): the template
        // handing the push to the manager.
        .pushwoosh: template(
            importing: "PushwooshFramework",
            received: "PWNotificationExtensionManager.shared().handle(request, contentHandler: contentHandler)",
            expiring: "contentHandler(bestAttemptContent)"),
        // A subclass of its own, calling the SDK's didReceive.
        .iterable: """
        import IterableAppExtensions
        import UserNotifications

        class NotificationService: ITBNotificationServiceExtension {
            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                super.didReceive(request) { content in
                    let marked = content.mutableCopy() as! UNMutableNotificationContent
                    marked.subtitle = "via Iterable"
                    contentHandler(marked)
                }
            }
        }
        """,
    ]

    /// One invocation of the extension compiled from `source`, given a payload whose media URL is where
    /// `sdk` reads it.
    func run(
        _ source: String, sdk: SDKProfile, payload: NotificationPayload? = nil
    ) async throws -> (InvocationRecord, [MediaDownload]) {
        try await run(files: ["NotificationService.swift": source], sdk: sdk, payload: payload)
    }

    /// ``run(_:sdk:payload:)`` of the extension compiled from `files` (name → text).
    func run(
        files: [String: String], sdk: SDKProfile, payload: NotificationPayload? = nil
    ) async throws -> (InvocationRecord, [MediaDownload]) {
        let factory = try await CompiledExamples.factory(of: files)
        let harness = try HostHarness { _ in
            .respond(.init(after: second, contentType: "image/jpeg", body: .bytes(Self.jpeg)))
        }
        defer { harness.remove() }
        let task = harness.start(
            harness.input(
                payload ?? TestPayloads.plain(title: "Sale", mediaURL: TestPayloads.mediaURL, for: sdk.rawValue),
                extension: factory))
        // The media's request (and Customer.io's metric, sent beside it), answered a second later on the
        // manual clock.
        await harness.downloader.waitForRequests([.customerio, .pushwoosh].contains(sdk) ? 2 : 1)
        harness.clock.advance(by: second)
        await harness.events.wait(for: .handlerCalled)
        // Work that outlives the delivery (OneSignal's receipt) ends with the wind-down.
        try await Task.sleep(for: .milliseconds(50))
        harness.clock.advance(by: 2 * second)
        return (await task.value, harness.downloader.requests)
    }

    @Test(arguments: [
        SDKProfile.firebase, .onesignal, .klaviyo, .airship, .batch, .iterable, .customerio, .clevertap, .pushwoosh,
    ])
    func theSDKsHelperDownloadsFromItsOwnKeyAndAttaches(sdk: SDKProfile) async throws {
        let source = try #require(Self.sources[sdk])
        let (record, requests) = try await run(source, sdk: sdk)
        #expect(record.outcome == .enriched, "\(sdk): \(record.outcome) \(record.stageErrors)")
        #expect(record.visible.attachments.count == 1, "\(sdk)")
        #expect(requests.contains { $0.url == TestPayloads.mediaURL }, "\(sdk): \(requests.map(\.url))")
        if sdk == .iterable { #expect(record.visible.subtitle == "via Iterable") }
    }

    /// Customer.io's helper leaves alone a push without its delivery fields, as Customer.io's does: the
    /// handler is never called (the sample ignores `didReceive`'s false), so the user sees the original at
    /// the deadline. With them, it sends the delivered metric beside the image and delivers only when both
    /// are done: here the image after 1 s, the metric after 20 s.
    @Test func customerIOLeavesOtherPushesAloneAndWaitsForItsMetric() async throws {
        let source = try #require(Self.sources[.customerio])
        let folder = try CompiledExamples.folder(["NotificationService.swift": source])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try UserExtensionSource.locate(folder.path).sdk == .customerio)
        let factory = try await CompiledExamples.factory(of: ["NotificationService.swift": source])
        let harness = try HostHarness { request in
            .respond(
                .init(
                    after: request.url.path == "/metrics/track" ? 20 * second : second, contentType: "image/jpeg",
                    body: .bytes(Self.jpeg)))
        }
        defer { harness.remove() }
        var other = TestPayloads.plain(title: "Sale", mediaURL: TestPayloads.mediaURL, for: "customerio")
        other.customFields["CIO-Delivery-Token"] = nil
        let ignored = harness.start(harness.input(other, extension: factory, id: 1))
        let handled = harness.start(
            harness.input(
                TestPayloads.plain(title: "Sale", mediaURL: TestPayloads.mediaURL, for: "customerio"),
                extension: factory, id: 2))
        await harness.downloader.waitForRequests(2)
        let metric = try #require(harness.downloader.requests.first { $0.url.path == "/metrics/track" })
        #expect(metric.method == "POST")
        // The key is the process's first configuration's (Customer.io keeps the first): another test's may be.
        #expect(metric.headerLines.contains { $0.hasPrefix("Authorization: Basic ") }, "\(metric.headerLines)")
        #expect(harness.downloader.requests.contains { $0.url == TestPayloads.mediaURL })
        harness.clock.advance(by: second)
        try await Task.sleep(for: .milliseconds(50))
        harness.clock.advance(by: 19 * second)
        let record = await handled.value
        #expect(record.outcome == .enriched, "\(record.outcome) \(record.stageErrors)")
        #expect(record.visible.attachments.count == 1)
        #expect(try #require(record.times.delivered) >= 20 * second, "delivered once the metric was done")
        harness.clock.advance(by: 20 * second)
        let expired = await ignored.value
        #expect(expired.outcome == .expiredOriginal, "\(expired.outcome)")
        #expect(expired.times.expiryCalled != nil)
    }

    /// Customer.io's expiry cancels the pushes its process holds; each invocation here is a phone of its
    /// own, so one phone's expiry leaves another's push to finish: A's image never comes in time and A
    /// expires at 20 s, while B's, started at 15 s, arrives at 22 s.
    @Test func customerIOsExpiryEndsOnlyItsOwnPhonesPushes() async throws {
        let source = try #require(Self.sources[.customerio])
        let factory = try await CompiledExamples.factory(of: ["NotificationService.swift": source])
        let slow = URL(string: "http://127.0.0.1:8080/media/slow.jpg")!
        let fast = URL(string: "http://127.0.0.1:8080/media/fast.jpg")!
        let harness = try HostHarness(settings: HostSettings(timeBudget: 20 * second)) { request in
            let after: UInt64 =
                switch request.url {
                case slow: 25 * second
                case fast: 7 * second
                default: 0  // the metric
                }
            return .respond(.init(after: after, contentType: "image/jpeg", body: .bytes(Self.jpeg)))
        }
        defer { harness.remove() }
        let pushA = harness.start(
            harness.input(TestPayloads.plain(title: "A", mediaURL: slow, for: "customerio"), extension: factory, id: 1))
        await harness.downloader.waitForRequests(2)
        harness.clock.advance(by: 15 * second)
        let pushB = harness.start(
            harness.input(
                TestPayloads.plain(title: "B", mediaURL: fast, for: "customerio"), extension: factory, id: 2,
                arrival: 15 * second))
        await harness.downloader.waitForRequests(4)
        // A's expiry at 20 s, B's image at 22 s; A's download, not cancelled, ends with its wind-down.
        harness.clock.advance(by: 5 * second)
        try await Task.sleep(for: .milliseconds(50))
        harness.clock.advance(by: 2 * second)
        try await Task.sleep(for: .milliseconds(50))
        harness.clock.advance(by: 10 * second)
        let expired = await pushA.value
        #expect(expired.outcome == .expiredOriginal, "\(expired.outcome)")
        let finished = await pushB.value
        #expect(finished.outcome == .enriched, "another phone's expiry ended it: \(finished.outcome)")
        #expect(finished.visible.attachments.count == 1)
    }

    /// Before `initializeForExtension`, Customer.io hands the content straight back and says false; a push
    /// without its delivery fields gets false and no call; the builder keeps what it is told and Customer.io's
    /// defaults. (That `autoTrackPushEvents(false)` sends no metric is checked in extension processes of
    /// its own, `SideEndpointRunTests`: the first configuration of a process stays, and here other tests'
    /// come first.)
    @Test func customerIOsAPIBeforeInitializationAndForAnotherPush() async throws {
        let push = MessagingPush()
        let request = UNNotificationRequest(
            identifier: "a", content: UNNotificationContent(), trigger: nil)
        let handed = Mutex(0)
        #expect(!push.didReceive(request) { _ in handed.withLock { $0 += 1 } })
        #expect(handed.withLock { $0 } == 1)
        MessagingPush.initializeForExtension(withConfig: MessagingPushConfigBuilder(cdpApiKey: "k").build())
        #expect(!MessagingPush.shared.didReceive(request) { _ in handed.withLock { $0 += 1 } })
        #expect(handed.withLock { $0 } == 1, "a push that is not Customer.io's is left alone")
        let options = MessagingPushConfigBuilder(cdpApiKey: "k").autoTrackPushEvents(false).region(.EU).build()
        #expect(!options.autoTrackPushEvents && options.region == .EU && options.logLevel == .error)
    }

    /// CleverTap's sample names keys of its own (`self.mediaUrlKey = "myMediaUrlKey"`): the run writes the media's
    /// URL and kind there, and the helper downloads from them.
    @Test func cleverTapsOwnKeysAreWhereTheRunWritesTheMedia() async throws {
        let source = """
            import CTNotificationService

            class NotificationService: CTNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    // self.mediaUrlKey = "commentedOut"
                    self.mediaUrlKey = "myMediaUrlKey"
                    mediaTypeKey="myMediaTypeKey"
                    super.didReceive(request, withContentHandler: contentHandler)
                }
            }
            """
        let folder = try CompiledExamples.folder(["NotificationService.swift": source])
        defer { try? FileManager.default.removeItem(at: folder) }
        let located = try UserExtensionSource.locate(folder.path)
        let field = try #require(located.mediaField)
        #expect(field.keys == ["myMediaUrlKey"] && field.typeHintKey == "myMediaTypeKey")
        #expect(field.typeHint(for: TestPayloads.mediaURL) == "image")
        #expect(ExtensionSourceScan.assignedString(to: "mediaUrlKey", in: "let mediaUrlKeys = \"x\"") == nil)

        var payload = TestPayloads.plain(title: "Sale", mediaURL: TestPayloads.mediaURL)
        payload.mediaField = field
        let (record, _) = try await run(source, sdk: .clevertap, payload: payload)
        #expect(record.outcome == .enriched, "\(record.outcome) \(record.stageErrors)")
        #expect(record.visible.attachments.count == 1)
    }

    /// CleverTap's SDK reads no media: an extension importing it beside Firebase's module is Firebase's, its
    /// payloads carrying the URL where Firebase reads it. Its `recordEvent` is named where the file imports it,
    /// and another SDK's method of that name is not.
    @Test func cleverTapsSDKBesideAnotherSDKLeavesThePayloadsToIt() throws {
        let source = """
            import CleverTapSDK
            import FirebaseMessaging
            import UserNotifications

            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    CleverTap.sharedInstance()?.recordEvent("received")
                    contentHandler(request.content)
                }
            }
            """
        let folder = try CompiledExamples.folder(["NotificationService.swift": source])
        defer { try? FileManager.default.removeItem(at: folder) }
        let located = try UserExtensionSource.locate(folder.path)
        #expect(located.sdk == .firebase)
        #expect(located.mediaField?.keys == ["fcm_options", "image"])
        #expect(located.untimedCalls.contains { $0.contains("CleverTap's recordEvent") }, "\(located.untimedCalls)")
        let other = "import Countly\nfunc f() { Countly.sharedInstance().recordEvent(\"x\") } // not CleverTap\n"
        #expect(ExtensionSourceScan.untimedCalls(in: other, file: "F.swift").isEmpty)
    }

    /// Pushwoosh's 7.1 subclass, under the module's name before 6.7.3, with the app's own step first (its
    /// sample prefetches stories): Pushwoosh's event and attachment start once the app's step completes,
    /// here a request answered after 1 s, and the content is delivered once both are done, 1 s later.
    @Test func pushwooshStartsAfterTheAppsPrepareStep() async throws {
        let source = """
            import Pushwoosh

            class NotificationService: PushwooshNotificationServiceExtension {
                override func pushwooshAppGroupsName() -> String? { "group.com.example.delivery" }

                override func pushwooshPrepare(for request: UNNotificationRequest, completion: @escaping () -> Void) {
                    URLSession.shared.dataTask(with: URL(string: "http://127.0.0.1:8080/stories")!) { _, _, _ in
                        completion()
                    }.resume()
                }
            }
            """
        let folder = try CompiledExamples.folder(["NotificationService.swift": source])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try UserExtensionSource.locate(folder.path).sdk == .pushwoosh)
        let factory = try await CompiledExamples.factory(of: ["NotificationService.swift": source])
        let harness = try HostHarness { _ in
            .respond(.init(after: second, contentType: "image/jpeg", body: .bytes(Self.jpeg)))
        }
        defer { harness.remove() }
        let task = harness.start(
            harness.input(
                TestPayloads.plain(title: "Sale", mediaURL: TestPayloads.mediaURL, for: "pushwoosh"),
                extension: factory))
        await harness.downloader.waitForRequests(1)
        try await Task.sleep(for: .milliseconds(50))
        #expect(harness.downloader.requests.map(\.url.path) == ["/stories"], "Pushwoosh's work waits for the app's")
        harness.clock.advance(by: second)
        await harness.downloader.waitForRequests(3)
        let paths = Set(harness.downloader.requests.map(\.url.path))
        #expect(paths == ["/stories", TestPayloads.mediaURL.path, "/metrics/messageDeliveryEvent"], "\(paths)")
        harness.clock.advance(by: second)
        await harness.events.wait(for: .handlerCalled)
        try await Task.sleep(for: .milliseconds(50))
        harness.clock.advance(by: 2 * second)
        let record = await task.value
        #expect(record.outcome == .enriched, "\(record.outcome) \(record.stageErrors)")
        #expect(record.visible.attachments.count == 1)
        #expect(record.times.delivered == 2 * second)
    }

    /// `import Firebase`, the umbrella many CocoaPods apps import, reaches Firebase Messaging's helper.
    @Test func theFirebaseUmbrellaModuleReachesTheHelper() async throws {
        try await expectAnotherModuleReachesTheHelper(
            of: .firebase, replacing: "import FirebaseMessaging", with: "import Firebase")
    }

    /// `sdk`'s extension of ``sources`` with `text` replaced by `replacement` (another module of the same
    /// SDK) is found as `sdk`'s by the scan, compiles, and is enriched with one attachment.
    func expectAnotherModuleReachesTheHelper(
        of sdk: SDKProfile, replacing text: String, with replacement: String
    ) async throws {
        let source = try #require(Self.sources[sdk]).replacingOccurrences(of: text, with: replacement)
        let folder = try CompiledExamples.folder(["NotificationService.swift": source])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try UserExtensionSource.locate(folder.path).sdk == sdk)
        let (record, _) = try await run(source, sdk: sdk)
        #expect(record.outcome == .enriched)
        #expect(record.visible.attachments.count == 1)
    }

    /// Swift 6 code declares the handler `@escaping @Sendable`, as Apple's current SDK does (an Airship
    /// subclass restating Airship's newest signature too); Xcode's template does not. Both compile in both
    /// language modes, and run.
    @Test(arguments: ["5", "6"])
    func aHandlerDeclaredSendableOrNotCompilesInEitherMode(swiftVersion: String) async throws {
        let sendable = """
            import UserNotifications

            final class NotificationService: UNNotificationServiceExtension, @unchecked Sendable {
                override func didReceive(
                    _ request: UNNotificationRequest,
                    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
                ) {
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    content.title = "sendable"
                    Task { contentHandler(content) }
                }
            }
            """
        let airship = """
            import AirshipServiceExtension
            import UserNotifications

            final class NotificationService: UANotificationServiceExtension, @unchecked Sendable {
                override func didReceive(
                    _ request: UNNotificationRequest,
                    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
                ) {
                    super.didReceive(request, withContentHandler: contentHandler)
                }
            }
            """
        let template = try String(
            contentsOf: CompiledExamples.examples.appendingPathComponent("XcodeTemplate/NotificationService.swift"),
            encoding: .utf8)
        for source in [sendable, airship, template] {
            let folder = try CompiledExamples.folder(["NotificationService.swift": source])
            defer { try? FileManager.default.removeItem(at: folder) }
            let factory = try await UserExtensionLoader.loadOffThePool(
                folder.path, swiftVersion: swiftVersion, builder: try CompiledExamples.builder()
            ).factory
            let harness = try HostHarness { _ in .respond(.init(after: 0, contentType: "image/jpeg")) }
            defer { harness.remove() }
            let record = await harness.start(harness.input(TestPayloads.plain(title: "Sale"), extension: factory)).value
            #expect(
                record.outcome != .crashed && record.times.delivered != nil, "Swift \(swiftVersion): \(record.outcome)")
        }
    }

    /// `import OneSignal` and `OneSignal.didReceiveNotificationExtensionRequest`, as OneSignal v3 and v4 had
    /// apps write it.
    @Test func oneSignalsModuleBeforeV5ReachesTheHelper() async throws {
        // v5's calls, on the class of the same names in the module before it.
        try await expectAnotherModuleReachesTheHelper(
            of: .onesignal, replacing: "OneSignalExtension", with: "OneSignal")
    }

    /// An app that keeps its own extension and asks Batch's helper for the rich data.
    @Test func batchsHelperAppendsTheRichDataToAnAppsOwnContent() async throws {
        let source = """
            import BatchExtension
            import UserNotifications

            class NotificationService: UNNotificationServiceExtension {
                let helper = RichNotificationHelper()

                override func didReceive(
                    _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
                ) {
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    content.subtitle = "own"
                    helper.appendRichData(toContent: content) { rich, error in
                        contentHandler(error == nil ? (rich ?? content) : content)
                    }
                }
            }
            """
        let (record, _) = try await run(source, sdk: .batch)
        #expect(record.outcome == .enriched)
        #expect(record.visible.attachments.count == 1 && record.visible.subtitle == "own")
    }

    /// OneSignal's deprecated form without a handler waits for the download and returns the content.
    @Test func oneSignalsFormWithoutAHandlerReturnsTheContentWithItsAttachment() async throws {
        let source = Self.template(
            importing: "OneSignalExtension",
            received: """
                let content = OneSignalExtension.didReceiveNotificationExtensionRequest(self.receivedRequest, with: bestAttemptContent)
                contentHandler(content ?? bestAttemptContent)
                """,
            expiring: "contentHandler(bestAttemptContent)")
        let (record, _) = try await run(source, sdk: .onesignal)
        #expect(record.outcome == .enriched)
        #expect(record.visible.attachments.count == 1)
    }

    /// Batch attaches nothing without the type (`t`) beside the URL (`u`), and delivers the original.
    @Test func batchWithoutItsTypeFallsBack() async throws {
        let factory = try await CompiledExamples.factory(of: [
            "NotificationService.swift": try #require(Self.sources[.batch])
        ]
        )
        let harness = try HostHarness { _ in
            .respond(.init(after: 0, contentType: "image/jpeg", body: .bytes(Self.jpeg)))
        }
        defer { harness.remove() }
        var payload = TestPayloads.plain(title: "Sale", mediaURL: TestPayloads.mediaURL)
        payload.mediaField = MediaField(keys: ["com.batch", "at", "u"])
        #expect(
            payload.jsonValue.objectValue?["com.batch"]
                == .object(["at": .object(["u": .string(TestPayloads.mediaURL.absoluteString)])]))
        let record = await harness.start(harness.input(payload, extension: factory)).value
        #expect(record.outcome == .unchanged)
        #expect(harness.downloader.requests.isEmpty)
        // As a run writes it: the type iOS names for the URL's extension, beside it.
        payload.mediaField = BuiltInExtensions.mediaField(for: "batch")
        let at = payload.jsonValue.objectValue?["com.batch"]?.objectValue?["at"]
        #expect(at == .object(["u": .string(TestPayloads.mediaURL.absoluteString), "t": .string("public.jpeg")]))
    }

    @Test func aPayloadWithTheURLAtMediaURLIsNotTheSDKsAndFallsBack() async throws {
        let factory = try await CompiledExamples.factory(of: [
            "NotificationService.swift": try #require(Self.sources[.firebase])
        ])
        let harness = try HostHarness { _ in
            .respond(.init(after: 0, contentType: "image/jpeg", body: .bytes(Self.jpeg)))
        }
        defer { harness.remove() }
        let record = await harness.start(
            harness.input(TestPayloads.plain(title: "Sale", mediaURL: TestPayloads.mediaURL), extension: factory)
        ).value
        #expect(record.outcome == .unchanged, "Firebase's helper reads fcm_options.image only")
        #expect(harness.downloader.requests.isEmpty)
    }

    @Test func theSourcesNameTheirSDKAndTheSDKsBaseClassesArePrincipalClasses() throws {
        #expect(
            ExtensionSourceScan.importedModules(
                in:
                    "import Foundation\n@preconcurrency import FirebaseMessaging\nimport class os.Logger\n  import A.B;\n"
            )
                == ["Foundation", "FirebaseMessaging", "os", "A"])
        for (sdk, source) in Self.sources {
            let folder = try CompiledExamples.folder(["NotificationService.swift": source])
            defer { try? FileManager.default.removeItem(at: folder) }
            let located = try UserExtensionSource.locate(folder.path)
            #expect(located.sdk == sdk)
            #expect(located.principalClass == "NotificationService", "\(sdk)")
            #expect(located.mediaField == BuiltInExtensions.mediaField(for: sdk.rawValue))
        }
        let plain = try CompiledExamples.folder([
            "NotificationService.swift": "import UserNotifications\nclass S: UNNotificationServiceExtension {}\n"
        ])
        defer { try? FileManager.default.removeItem(at: plain) }
        #expect(try UserExtensionSource.locate(plain.path).mediaField == nil)
    }
}
