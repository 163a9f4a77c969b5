import NSEBenchCore
import Synchronization
import Testing

@testable import NSEBenchCLI

/// How a worker takes its requests: lines cut from its input as they come, and the wait for the last
/// invocation once the input has ended.
@Suite("Extension worker's intake", .timeLimit(.minutes(1)))
struct WorkerIntakeTests {
    @Test("lines come out whole across reads, empty ones are skipped, and a cut last line never comes out")
    func linesAcrossReads() {
        var splitter = LineSplitter()
        var lines: [String] = []
        let collect: (ArraySlice<UInt8>) -> Void = { lines.append(String(decoding: $0, as: UTF8.self)) }
        for chunk in ["fir", "st\n\nsec", "ond\nthi", "rd\nunfinished"] {
            splitter.append(Array(chunk.utf8), line: collect)
        }
        #expect(lines == ["first", "second", "third"])
    }

    @Test("the wait ends only once the input has ended and every invocation started has finished")
    func drainedWaitsForBoth() async throws {
        let invocations = WorkerInvocations()
        invocations.started()
        invocations.started()
        let done = Atomic<Bool>(false)
        let waiting = Task {
            await invocations.drained()
            done.store(true, ordering: .sequentiallyConsistent)
        }
        while !invocations.isWaited { try await Task.sleep(for: .milliseconds(1)) }
        invocations.finished()
        invocations.inputEnded()
        try await Task.sleep(for: .milliseconds(50))
        let doneEarly = done.load(ordering: .sequentiallyConsistent)
        #expect(!doneEarly, "one invocation is still running")
        invocations.finished()
        await waiting.value
        let doneAtLast = done.load(ordering: .sequentiallyConsistent)
        #expect(doneAtLast)
    }

    /// The worker's loop figures start over at its first request (``HarnessLoops/measureFromNow()``), once.
    @Test("only the first invocation started is the first, even after every one before it finished")
    func theFirstStartIsToldOnce() {
        let invocations = WorkerInvocations()
        #expect(invocations.started())
        #expect(!invocations.started())
        invocations.finished()
        invocations.finished()
        #expect(!invocations.started(), "nothing running again is not a new start")
    }

    @Test("with nothing running, the end of the input ends the wait, whichever comes first")
    func drainedWithNothingRunning() async throws {
        let ended = WorkerInvocations()
        ended.inputEnded()
        await ended.drained()  // already drained: returns at once

        let later = WorkerInvocations()
        let waiting = Task { await later.drained() }
        while !later.isWaited { try await Task.sleep(for: .milliseconds(1)) }
        later.inputEnded()
        await waiting.value
    }
}
