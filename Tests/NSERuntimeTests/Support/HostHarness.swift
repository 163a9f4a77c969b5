import Foundation
import SDKProfiles

@testable import NSERuntime

/// One second in nanoseconds.
let second: UInt64 = 1_000_000_000

/// A host on a manual clock with a scripted downloader, an event log, and a run directory holding the
/// attachment store, the temporary files and an App Group container with ``key``. ``remove()`` deletes it.
struct HostHarness {
    static let key: [UInt8] = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 11 &+ 3) }

    let clock: ManualClock
    let downloader: FakeDownloader
    let events: EventLog
    let directory: URL
    let container: SharedContainer
    let store: AttachmentStore
    let host: ExtensionHost

    init(
        settings: HostSettings = HostSettings(), now: UInt64 = 0, payloadKey: [UInt8]? = HostHarness.key,
        script: @escaping @Sendable (MediaDownload) -> FakeDownloader.Reply = { _ in
            .respond(FakeDownloader.Response(after: second, contentType: "image/jpeg"))
        }
    ) throws {
        clock = ManualClock(now: now)
        downloader = FakeDownloader(clock: clock, script: script)
        events = EventLog()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nse-bench-runtime-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        container = try SharedContainer(creatingIn: directory, key: Self.key)
        store = try AttachmentStore(directory: directory.appendingPathComponent("attachments"))
        let environment = HostEnvironment(
            clock: clock, timers: clock, downloader: downloader, attachmentStore: store,
            temporaryDirectory: directory.appendingPathComponent("tmp"), sharedContainer: container,
            payloadKey: payloadKey, trace: events.trace)
        host = ExtensionHost(settings: settings, environment: environment)
    }

    /// Starts an invocation; await the task's value for its record.
    func start(_ input: InvocationInput) -> Task<InvocationRecord, Never> {
        let host = host
        return Task { await host.invoke(input) }
    }

    /// An input for `payload`, arriving at `arrival`.
    func input(
        _ payload: NotificationPayload, extension factory: ExtensionFactory, id: Int = 1, arrival: UInt64 = 0
    ) -> InvocationInput {
        InvocationInput(id: id, payload: payload, arrival: arrival, extension: factory)
    }

    /// The files in the attachment store.
    var storedFiles: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: (store.directory?.path ?? "")).sorted()) ?? []
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Payloads for host tests.
enum TestPayloads {
    static let mediaURL = URL(string: "http://127.0.0.1:8080/media/200KB.jpg")!
    static let secret = NotificationText(title: "New message from Alex", body: "Are we still on for 7?")
    static let placeholder = NotificationAlert(title: "New notification", body: "Open the app to read it.")

    static func plain(title: String = "Flash sale", body: String = "40% off", mediaURL: URL? = nil)
        -> NotificationPayload
    {
        NotificationPayload(alert: NotificationAlert(title: title, body: body), mediaURL: mediaURL)
    }

    /// ``plain(title:body:mediaURL:)`` with the media URL where the SDK profile or built-in `name` reads it
    /// (``BuiltInExtensions/mediaField(for:)``), and the SDK's own fields (Customer.io's delivery id and
    /// token), as a run generates it.
    static func plain(title: String = "Flash sale", mediaURL: URL?, for name: String) -> NotificationPayload {
        var payload = plain(title: title, mediaURL: mediaURL)
        payload.mediaField = BuiltInExtensions.mediaField(for: name)
        for (key, value) in SDKProfile(rawValue: name)?.payloadFields(messageIdentifier: "00000000000000a1") ?? [:] {
            payload.customFields[key] = .string(value)
        }
        return payload
    }

    /// The secret sealed under the harness key, behind the placeholder alert.
    static func encrypted(mediaURL: URL? = nil) throws -> NotificationPayload {
        let sealed = try PayloadCrypto.seal(secret, key: HostHarness.key, nonce: [UInt8](repeating: 7, count: 12))
        return NotificationPayload(alert: placeholder, encryptedData: sealed, mediaURL: mediaURL)
    }
}
