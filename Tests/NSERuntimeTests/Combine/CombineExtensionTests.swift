import Foundation
import NSEBenchCore
import Testing

@testable import NSERuntime

/// An extension whose shared store is an `ObservableObject`: a download sets a `@Published` property, and a
/// subscription to it (`compactMap`, `first`, `receive(on:)`, `sink`) delivers the content, as app code in
/// Swift 5 mode writes it. Compiled unchanged against nse-bench's Combine, it runs; a failed download falls back.
/// (`receive(on: DispatchQueue.global())` once dropped the value when `first()`'s completion overtook it on the
/// pool: this test hung one run in three.)
@Suite("Combine: an extension delivering from a published store", .timeLimit(.minutes(3)))
struct CombineExtensionTests {
    static let service = """
        import Combine
        import UserNotifications

        final class Attachments: ObservableObject {
            @Published var file: URL?
        }

        class NotificationService: UNNotificationServiceExtension {
            private var cancellables = Set<AnyCancellable>()
            private let attachments = Attachments()

            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                var changes = 0
                attachments.objectWillChange.sink { changes += 1 }.store(in: &cancellables)
                attachments.$file.compactMap { $0 }.first().receive(on: DispatchQueue.global()).sink { file in
                    if let attachment = try? UNNotificationAttachment(identifier: "media", url: file) {
                        content.attachments = [attachment]
                    }
                    content.title = "\\(content.title) [\\(changes)]"
                    contentHandler(content)
                }.store(in: &cancellables)
                guard let text = content.userInfo["media_url"] as? String, let url = URL(string: text) else {
                    return contentHandler(content)
                }
                URLSession.shared.downloadTask(with: url) { [attachments] location, _, _ in
                    guard let location else { return contentHandler(content) }
                    let file = location.deletingLastPathComponent().appendingPathComponent(UUID().uuidString + ".jpg")
                    try? FileManager.default.moveItem(at: location, to: file)
                    attachments.file = file
                }.resume()
            }
        }
        """

    @Test(
        "a download published to the store is attached, after one objectWillChange; a refused one delivers the original"
    )
    func publishedStore() async throws {
        let factory = try await CompiledExamples.factory(of: ["NotificationService.swift": Self.service])
        let image = FakeDownloader.Response(
            after: second, contentType: "image/jpeg", body: .bytes(Array(repeating: 7, count: 2_000)))
        let refused = FakeDownloader.Response(
            after: second, status: 0, error: MediaDownloadError(.connectFailed, "refused"))
        for (response, title, attachments) in [(image, "Flash sale [1]", 1), (refused, "Flash sale", 0)] {
            let harness = try HostHarness { _ in .respond(response) }
            defer { harness.remove() }
            let task = harness.start(
                harness.input(TestPayloads.plain(mediaURL: TestPayloads.mediaURL), extension: factory))
            await harness.downloader.waitForRequests(1)
            harness.clock.advance(by: second)
            let record = await task.value
            #expect(record.visible.title == title)
            #expect(record.visible.attachments.count == attachments)
        }
    }

    static let publisherService = """
        import Combine
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            private var download: AnyCancellable?

            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                guard let text = content.userInfo["media_url"] as? String, let url = URL(string: text) else {
                    return contentHandler(content)
                }
                // Subscribed on the pool: the task is made there, off the phone's thread, and is still its request.
                download = URLSession.shared.dataTaskPublisher(for: url)
                    .subscribe(on: DispatchQueue.global())
                    .tryMap { output -> Data in
                        guard (output.response as? HTTPURLResponse)?.statusCode == 200 else {
                            throw URLError(.badServerResponse)
                        }
                        return output.data
                    }
                    .sink(
                        receiveCompletion: { completion in
                            guard case .failure(let error) = completion else { return }
                            content.title = "failed \\((error as? URLError)?.code.rawValue ?? 0)"
                            contentHandler(content)
                        },
                        receiveValue: { data in
                            content.title = "\\(data.count) bytes"
                            contentHandler(content)
                        })
            }
        }
        """

    @Test("dataTaskPublisher makes the phone's request: its body arrives, a refused one fails with its URLError")
    func dataTaskPublisher() async throws {
        let factory = try await CompiledExamples.factory(of: ["NotificationService.swift": Self.publisherService])
        let image = FakeDownloader.Response(
            after: second, contentType: "image/jpeg", body: .bytes(Array(repeating: 7, count: 2_000)))
        let missing = FakeDownloader.Response(after: second, status: 404, contentType: "text/html", body: .bytes([1]))
        let refused = FakeDownloader.Response(
            after: second, status: 0, error: MediaDownloadError(.connectFailed, "refused"))
        for (response, title) in [(image, "2000 bytes"), (missing, "failed -1011"), (refused, "failed -1004")] {
            let harness = try HostHarness { _ in .respond(response) }
            defer { harness.remove() }
            let task = harness.start(
                harness.input(TestPayloads.plain(mediaURL: TestPayloads.mediaURL), extension: factory))
            await harness.downloader.waitForRequests(1)
            harness.clock.advance(by: second)
            let record = await task.value
            #expect(record.visible.title == title)
            #expect(harness.downloader.requests.count == 1, "one request, the phone's")
        }
    }
}
