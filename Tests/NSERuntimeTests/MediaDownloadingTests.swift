import Foundation
import NSEBenchTestSupport
import Synchronization
import Testing

@testable import NSERuntime

/// `MediaDownloading.download(_:)`, the one async form over every downloader's callback: a cancelled
/// calling task cancels the download whether the cancel comes before or after it starts.
@Suite("media downloading: the async form over the callback", .timeLimit(.minutes(1)))
struct MediaDownloadingTests {
    private func request() -> MediaDownload {
        MediaDownload(url: TestPayloads.mediaURL, destinationPath: "/dev/null/never-written", timeout: nil)
    }

    @Test func aTaskCancelledBeforeTheDownloadStartsCancelsIt() async {
        let downloader = FakeDownloader(clock: ManualClock()) { _ in .hang }
        let request = request()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await downloader.download(request)
        }
        let result = await task.value
        #expect(result.error?.kind == .cancelled, "\(String(describing: result.error))")
    }

    @Test func aTaskCancelledWhileTheDownloadRunsCancelsIt() async {
        let downloader = FakeDownloader(clock: ManualClock()) { _ in .hang }
        let request = request()
        let task = Task { await downloader.download(request) }
        await downloader.waitForRequests(1)
        task.cancel()
        let result = await task.value
        #expect(result.error?.kind == .cancelled, "\(String(describing: result.error))")
    }

    @Test func aCallbackAlreadyGivenIsTheResult() async {
        let downloader = Immediate()
        let result = await downloader.download(request())
        #expect(result.status == 204)
        #expect(downloader.cancels.load(ordering: .relaxed) == 0, "nothing to cancel")
    }

    @Test("a cancellation made from a downloader's handle cancels through that handle, every time it is called")
    func cancellationThroughAHandle() {
        struct Handle: MediaDownloadCancelling {
            let calls: Counter
            func cancel() { calls.count.add(1, ordering: .relaxed) }
        }
        final class Counter: Sendable { let count = Atomic(0) }
        let calls = Counter()
        let cancellation = MediaDownloadCancellation(Handle(calls: calls))
        cancellation.cancel()
        cancellation.cancel()
        #expect(calls.count.load(ordering: .relaxed) == 2)
        let viaClosure = MediaDownloadCancellation { calls.count.add(10, ordering: .relaxed) }
        viaClosure.cancel()
        #expect(calls.count.load(ordering: .relaxed) == 12)
        MediaDownloadCancellation.none.cancel()
        #expect(calls.count.load(ordering: .relaxed) == 12)
    }

    /// Calls back inside `start`, before returning its handle.
    private final class Immediate: MediaDownloading {
        let cancels = Atomic(0)

        func start(
            _ request: MediaDownload, completion: @escaping @Sendable (MediaDownloadResult) -> Void
        ) -> MediaDownloadCancellation {
            completion(MediaDownloadResult(status: 204, bytes: 0, timings: MediaDownloadTimings()))
            return MediaDownloadCancellation { [self] in cancels.add(1, ordering: .relaxed) }
        }
    }
}
