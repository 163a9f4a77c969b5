import Foundation
import NSEBenchTestSupport
import Synchronization
import Testing

@testable import SimulatedDevice

/// `NSFileCoordinator`, which Linux's Foundation lacks: a writer holds an item's folder alone, readers
/// share it, and an item whose folder is missing still gets its accessor, as on iOS.
@Suite("Foundation additions: NSFileCoordinator")
struct FileCoordinatorTests {
    let scratch: OwnedTemporaryDirectory
    init() throws { scratch = try OwnedTemporaryDirectory(prefix: "nse-bench-coordination") }

    /// Starts `second` on a thread of its own while `first`'s accessor holds the folder, and says whether
    /// `second`'s accessor ran before `first` let go (it waits up to `within`).
    func overlaps(_ first: Bool, _ second: Bool, within: TimeInterval) -> Bool {
        let url = scratch.url.appendingPathComponent("shared.json")
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        let firstDone = Atomic(false)
        let sawFirstHolding = Atomic(false)
        @Sendable func access(writes: Bool, _ body: () -> Void) {
            var error: NSError?
            let coordinator = NSFileCoordinator(filePresenter: nil)
            if writes {
                coordinator.coordinate(writingItemAt: url, options: .forMerging, error: &error) { _ in body() }
            } else {
                coordinator.coordinate(readingItemAt: url, options: [], error: &error) { _ in body() }
            }
        }
        let firstThread = Thread {
            access(writes: first) {
                holding.signal()
                release.wait()
                firstDone.store(true, ordering: .sequentiallyConsistent)
            }
        }
        firstThread.start()
        holding.wait()
        Thread {
            access(writes: second) {
                sawFirstHolding.store(
                    !firstDone.load(ordering: .sequentiallyConsistent), ordering: .sequentiallyConsistent)
                entered.signal()
            }
        }.start()
        let enteredWhileHeld = entered.wait(timeout: .now() + within) == .success
        release.signal()
        if !enteredWhileHeld { entered.wait() }
        return enteredWhileHeld && sawFirstHolding.load(ordering: .sequentiallyConsistent)
    }

    @Test func readersShareAFolder() {
        #expect(overlaps(false, false, within: 10), "a second reader runs while the first reads")
    }

    @Test func aWriterWaitsForAReaderAndAReaderForAWriter() {
        #expect(!overlaps(false, true, within: 0.3), "the writer waited")
        #expect(!overlaps(true, false, within: 0.3), "the reader waited")
        #expect(!overlaps(true, true, within: 0.3), "the second writer waited")
    }

    /// A write whose accessor reads, or logs to another file of the folder, through a coordinator of its
    /// own; and the two-item form naming one folder by a link: none waits for itself, as on iOS.
    @Test func coordinationNestedInAnAccessorDoesNotWaitForItself() throws {
        let data = scratch.url.appendingPathComponent("data.json")
        let link = scratch.url.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: scratch.url)
        var error: NSError?
        var steps: [String] = []
        let coordinator = NSFileCoordinator()
        coordinator.coordinate(writingItemAt: data, options: .forReplacing, error: &error) { _ in
            var inner: NSError?
            coordinator.coordinate(readingItemAt: data, error: &inner) { _ in steps.append("read") }
            NSFileCoordinator(filePresenter: nil).coordinate(
                writingItemAt: scratch.url.appendingPathComponent("log.txt"), error: &inner
            ) { _ in steps.append("logged") }
        }
        NSFileCoordinator().coordinate(
            writingItemAt: data, writingItemAt: link.appendingPathComponent("other.json"), error: &error
        ) { _, _ in steps.append("both") }
        #expect(steps == ["read", "logged", "both"])
    }

    @Test func anItemInAMissingFolderStillGetsItsAccessor() {
        var error: NSError?
        var ran = false
        NSFileCoordinator(filePresenter: nil).coordinate(
            writingItemAt: scratch.url.appendingPathComponent("missing/file.json"), error: &error
        ) { _ in ran = true }
        #expect(ran)
        #expect(error == nil)
    }
}
