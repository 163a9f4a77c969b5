import Combine
import Dispatch
import Foundation
import NSEBenchTestSupport
import Testing

@Suite("Combine: timeout and Record")
struct CombineTimeoutRecordTests {
    @Test("timeout finishes, and cancels upstream, once upstream has sent nothing for the interval")
    func timeoutFinishes() async {
        let subject = PassthroughSubject<Int, TestError>()
        let cancels = Counter()
        let recorder = Recorder<Int, TestError>()
        subject.handleEvents(receiveCancel: { cancels.increment() })
            .timeout(.milliseconds(50), scheduler: DispatchQueue(label: "combine.timeout"))
            .subscribe(recorder)
        subject.send(1)
        #expect(await eventually { recorder.completion != nil })
        #expect(recorder.values == [1])
        #expect(recorder.isFinished)
        #expect(await eventually { cancels.value == 1 })
        subject.send(2)
        #expect(recorder.values == [1])
    }

    @Test("timeout fails with customError() when given one")
    func timeoutCustomError() async {
        let recorder = Recorder<Int, TestError>()
        PassthroughSubject<Int, TestError>()
            .timeout(
                .milliseconds(20), scheduler: DispatchQueue(label: "combine.timeout"),
                customError: { TestError(code: 7) }
            )
            .subscribe(recorder)
        #expect(await eventually { recorder.completion != nil })
        #expect(recorder.completion == .failure(TestError(code: 7)))
    }

    @Test("timeout's timer starts over with each value")
    func timeoutRestarts() async {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        subject.timeout(.milliseconds(400), scheduler: DispatchQueue(label: "combine.timeout")).subscribe(recorder)
        // Values every 20 ms for about 1 s, from a thread of its own, against a 400 ms timeout: only a stall of
        // 20 times the gap ends the stream early.
        let sent = Counter()
        let endedEarly = Counter()
        let shared = Shared(subject)
        let sender = Thread {
            let start = DispatchTime.now().uptimeNanoseconds
            while DispatchTime.now().uptimeNanoseconds - start < 1_000_000_000 {
                shared.value.send(sent.add(1))
                usleep(20_000)
            }
            if recorder.completion != nil { endedEarly.increment() }
            sent.add(1_000_000)
        }
        sender.start()
        #expect(await eventually { sent.value > 1_000_000 })
        #expect(endedEarly.value == 0, "the stream outlived its interval while values kept coming")
        let count = sent.value - 1_000_000
        #expect(await eventually { recorder.isFinished })
        #expect(recorder.values == Array(1...count))
    }

    @Test("timeout passes upstream's completion on, and times out nothing after it")
    func timeoutPassesCompletion() async throws {
        let queue = DispatchQueue(label: "combine.timeout")
        let finished = Recorder<Int, TestError>()
        [1, 2].publisher.setFailureType(to: TestError.self)
            .timeout(.milliseconds(30), scheduler: queue, customError: { TestError(code: 9) })
            .subscribe(finished)
        let failed = Recorder<Int, TestError>()
        Fail<Int, TestError>(error: TestError(code: 2))
            .timeout(.milliseconds(30), scheduler: queue, customError: { TestError(code: 9) })
            .subscribe(failed)
        #expect(await eventually { finished.completion != nil && failed.completion != nil })
        try await Task.sleep(for: .milliseconds(100))
        #expect(finished.values == [1, 2])
        #expect(finished.isFinished, "no timeout after the completion")
        #expect(failed.completion == .failure(TestError(code: 2)))
    }

    @Test("Record plays back its values on demand, then the completion without waiting for more demand")
    func recordDemand() {
        let record = Record<Int, TestError>(output: [1, 2, 3], completion: .failure(TestError(code: 3)))
        let subscriber = Recorder<Int, TestError>(initial: .max(1))
        record.subscribe(subscriber)
        #expect(subscriber.values == [1])
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completion == nil)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completion == .failure(TestError(code: 3)))
        let again = Recorder<Int, TestError>()
        record.subscribe(again)
        #expect(again.values == [1, 2, 3], "each subscriber gets the whole recording")
    }

    @Test("Record's initialisers: a recording built in a closure, a recording, no values")
    func recordInitialisers() {
        let built = Record<String, Never> { recording in
            recording.receive("a")
            recording.receive("b")
            recording.receive(completion: .finished)
        }
        #expect(built.recording.output == ["a", "b"])
        var values: [String] = []
        _ = Record(recording: built.recording).sink { values.append($0) }
        #expect(values == ["a", "b"])
        let unfinished = Record<Int, Never> { $0.receive(1) }
        #expect(unfinished.recording.output == [1])
        if case .finished = unfinished.recording.completion {} else { Issue.record("completion defaults to finished") }
        let empty = Recorder<Int, TestError>(initial: .none)
        Record<Int, TestError>(output: [], completion: .failure(TestError())).subscribe(empty)
        #expect(empty.completion == .failure(TestError()), "no values: the completion comes at once, without demand")
        let recording = Record<Int, Never>.Recording(output: [4, 5])
        #expect(recording.output == [4, 5])
    }

    @Test("Cancelling a Record's subscription stops its playback")
    func recordCancel() {
        let subscriber = Recorder<Int, TestError>(initial: .max(1))
        Record<Int, TestError>(output: [1, 2, 3], completion: .finished).subscribe(subscriber)
        subscriber.subscription?.cancel()
        subscriber.subscription?.request(.unlimited)
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == nil)
    }
}

/// A subject handed to a sending thread: subjects are thread-safe, as Apple's.
private struct Shared<Value>: @unchecked Sendable {
    // @unchecked: the value is a thread-safe subject.
    let value: Value
    init(_ value: Value) { self.value = value }
}
