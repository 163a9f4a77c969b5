import Foundation
import NSEBenchCore
import NSEBenchSystem
import NSEBenchTestSupport
import Testing

@testable import NSERuntime

/// The `media` extension's naming of the download and its presets' timeouts.
@Suite("Media extension", .timeLimit(.minutes(1)))
struct MediaExtensionTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46]

    /// Runs `media` for `url` against a server answering with `contentType` and `body`.
    private func run(url: String, contentType: String?, body: [UInt8]) async throws -> (InvocationRecord, HostHarness) {
        let harness = try HostHarness { _ in
            .respond(.init(after: second / 2, contentType: contentType, body: .bytes(body)))
        }
        let payload = TestPayloads.plain(mediaURL: URL(string: url)!)
        let task = harness.start(harness.input(payload, extension: try BuiltInExtensions.named("media")))
        await harness.downloader.waitForRequests(1)
        #expect(harness.downloader.requests.first?.destinationPath.hasSuffix(".tmp") == true)
        harness.clock.advance(by: second / 2)
        return (await task.value, harness)
    }

    @Test("a URL without an extension is named by its Content-Type")
    func namedByContentType() async throws {
        let (record, harness) = try await run(
            url: "http://127.0.0.1:8080/media/asset?id=7", contentType: "image/png; charset=binary", body: Self.png)
        defer { harness.remove() }
        #expect(record.outcome == .enriched)
        #expect(record.visible.attachments.first?.url?.pathExtension == "png")
        #expect(harness.storedFiles.count == 1)
        #expect(harness.storedFiles.first?.hasSuffix(".png") == true)
    }

    @Test("without a usable extension or Content-Type the magic bytes decide")
    func namedByMagicBytes() async throws {
        let (record, harness) = try await run(
            url: "http://127.0.0.1:8080/media/asset", contentType: "application/octet-stream", body: Self.jpeg)
        defer { harness.remove() }
        #expect(record.outcome == .enriched)
        #expect(record.visible.attachments.first?.url?.pathExtension == "jpg")
    }

    @Test("the URL's own extension comes first, as in Airship")
    func urlExtensionFirst() async throws {
        let (record, harness) = try await run(
            url: "http://127.0.0.1:8080/media/banner.gif", contentType: "image/png", body: Self.png)
        defer { harness.remove() }
        #expect(record.visible.attachments.first?.url?.pathExtension == "gif")
    }

    @Test("a file nothing identifies is not attached: the text alone, as it arrived, unchanged")
    func unidentifiable() async throws {
        let (record, harness) = try await run(
            url: "http://127.0.0.1:8080/media/asset", contentType: "application/octet-stream", body: [1, 2, 3, 4])
        defer { harness.remove() }
        #expect(record.outcome == .unchanged)
        #expect(record.stageErrors[.attach]?.contains("cannot tell the type") == true)
        #expect(harness.storedFiles.isEmpty)
    }

    @Test("media sets no timeout of its own; the presets set Batch's 20 s, 25 s (no SDK's) and Customer.io's 30 s")
    func presetTimeouts() async throws {
        for (name, timeout) in [
            ("media", nil), ("media-20s", 20 * second), ("media-25s", 25 * second),
            ("media-30s", 30 * second),
        ] as [(String, UInt64?)] {
            let harness = try HostHarness()
            defer { harness.remove() }
            let task = harness.start(
                harness.input(
                    TestPayloads.plain(mediaURL: TestPayloads.mediaURL), extension: try BuiltInExtensions.named(name)))
            await harness.downloader.waitForRequests(1)
            harness.clock.advance(by: second)
            _ = await task.value
            let request = try #require(harness.downloader.requests.first)
            #expect(request.timeout == timeout, "\(name)")
            #expect(request.idleTimeout == 60 * second, "\(name): URLSession's 60 s without data")
        }
    }

    /// One media-20s invocation of a plain media payload against `reply`, the clock run to its 20 s timeout.
    static func media20s(until20s reply: FakeDownloader.Reply) async throws -> InvocationRecord {
        let harness = try HostHarness { _ in reply }
        defer { harness.remove() }
        let payload = TestPayloads.plain(mediaURL: TestPayloads.mediaURL)
        let task = harness.start(harness.input(payload, extension: try BuiltInExtensions.named("media-20s")))
        await harness.downloader.waitForRequests(1)
        harness.clock.advance(to: 20 * second)
        return await task.value
    }

    @Test("a preset's timeout ends a slow download before the deadline: unchanged (the text alone), not expired")
    func presetBeatsTheDeadline() async throws {
        let record = try await Self.media20s(until20s: .respond(.init(after: 40 * second)))

        #expect(record.outcome == .unchanged)
        #expect(record.download?.errorKind == .timedOut)
        // Cut before the first byte: nothing says how far it was from its end, so no uncertainty is judged.
        #expect(record.measurement.miss?.cause == .extensionTimeout)
        #expect(record.measurement.lateDownloadExcess == nil)
        #expect(record.timeToDeliver == 20 * second)
    }

    @Test("a timeout mid-body: the time the rest would have taken is what the harness's delay is judged against")
    func timeoutMidBodyKnowsWhatWasLeft() async throws {
        // First byte at 10 s, the body due by 30.5 s: media-20s's timeout cuts it at 20 s, with 1,000,000 of
        // 2,050,000 bytes announced received: at that even rate the rest needed 10.5 s more.
        let record = try await Self.media20s(
            until20s: .respond(
                .init(after: 30_500_000_000, streams: (firstByteAfter: 10 * second, announcedBytes: 2_050_000))))

        #expect(record.outcome == .unchanged)
        #expect(record.download?.lastBytes == 1_000_000)
        #expect(record.download?.announcedBytes == 2_050_000)
        let measurement = record.measurement
        #expect(measurement.miss?.cause == .extensionTimeout)
        let needed = try #require(measurement.lateDownloadExcess)
        #expect(needed >= 10_499_000_000 && needed <= 10_501_000_000, "\(needed)")

        var aggregate = RunAggregate()
        aggregate.record(measurement)
        #expect(aggregate.uncertain(lagBound: 5_000_000) == 0, "10.5 s short: the harness's 5 ms did not decide it")
        #expect(aggregate.uncertain(lagBound: 11 * second) == 1)
    }

    @Test(
        "magic bytes name every attachment type the media server makes",
        arguments: [
            ([0xFF, 0xD8, 0xFF, 0xDB], "jpg"),
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "png"),
            (Array("GIF89a".utf8), "gif"),
            (Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVE".utf8), "wav"),
            (Array("ID3".utf8) + [4, 0], "mp3"),
            ([0xFF, 0xFB, 0x90, 0x64], "mp3"),
            ([0xFF, 0xF1, 0x50, 0x80], "aac"),
            ([0, 0, 0, 28] + Array("ftypM4A ".utf8), "m4a"),
            ([0, 0, 0, 32] + Array("ftypisom".utf8), "mp4"),
            (Array("FORM".utf8) + [0, 0, 0, 0] + Array("AIFF".utf8), "aiff"),
            ([0, 0, 1, 0xBA], "mpg"),
        ] as [([UInt8], String)])
    func magicBytes(bytes: [UInt8], fileExtension: String) {
        #expect(MediaFileType.fromMagicBytes(bytes) == fileExtension)
    }

    @Test(
        "renaming swaps the last component's extension, or adds one, as URL's path-extension edits do",
        arguments: [
            ("/tmp/run/CFNetworkDownload_7_1.tmp", "/tmp/run/CFNetworkDownload_7_1.jpg"),
            ("/tmp/run/CFNetworkDownload_7_1", "/tmp/run/CFNetworkDownload_7_1.jpg"),
            ("/tmp/run.d/download", "/tmp/run.d/download.jpg"),
            ("/tmp/run/.hidden", "/tmp/run/.hidden.jpg"),
            ("/tmp/run/a.b.tmp", "/tmp/run/a.b.jpg"),
        ])
    func renaming(path: String, renamed: String) {
        #expect(FilePathExtension.of(path) == URL(fileURLWithPath: path).pathExtension)
        #expect(FilePathExtension.replacing(in: path, with: "jpg") == renamed)
        #expect(
            URL(fileURLWithPath: path).deletingPathExtension().appendingPathExtension("jpg").path == renamed)
    }

    @Test("the file's first bytes are read only when neither the URL nor the Content-Type names the type")
    func theFileIsTheLastResort() throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-media-type")
        defer { directory.remove() }
        let file = directory.path("CFNetworkDownload_1.tmp")
        try Data(Self.png).write(to: URL(fileURLWithPath: file))
        let bare = try #require(URL(string: "https://cdn.example.com/media/42"))
        #expect(try MediaFileType.fileExtension(for: bare, contentType: nil, filePath: file) == "png")
        #expect(try MediaFileType.fileExtension(for: bare, contentType: "image/jpeg", filePath: file) == "jpg")

        // A file that is not there is not read when the URL or the type says; otherwise its error comes back.
        let missing = directory.path("gone.tmp")
        let named = try #require(URL(string: "https://cdn.example.com/a.gif"))
        #expect(try MediaFileType.fileExtension(for: named, contentType: nil, filePath: missing) == "gif")
        #expect(try MediaFileType.fileExtension(for: bare, contentType: "video/mp4", filePath: missing) == "mp4")
        let error = try #require(throws: SystemError.self) {
            try MediaFileType.fileExtension(for: bare, contentType: nil, filePath: missing)
        }
        #expect(error.errno == ENOENT)
    }

    @Test("MIME types map to extensions iOS accepts; others do not")
    func mimeTypes() {
        #expect(MediaFileType.fromMIMEType("IMAGE/JPEG") == "jpg")
        #expect(MediaFileType.fromMIMEType("audio/mp4") == "m4a")
        #expect(MediaFileType.fromMIMEType("video/quicktime") == nil)
        #expect(MediaFileType.fromMIMEType("image/webp") == nil)
        #expect(MediaFileType.fromURL(URL(string: "https://cdn.example.com/a.JPEG?x=1")!) == "jpeg")
        #expect(MediaFileType.fromURL(URL(string: "https://cdn.example.com/a.webp")!) == nil)
    }
}
