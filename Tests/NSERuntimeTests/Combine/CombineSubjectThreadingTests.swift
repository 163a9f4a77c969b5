import Combine
import Foundation
import Testing

@Suite("Combine: subjects under concurrent sends")
struct CombineSubjectThreadingTests {
    @Test("Sends from several threads all arrive, one at a time per subscriber")
    func concurrentSends() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        let inside = Counter()
        let overlapped = Counter()
        let cancellable = subject.sink { _ in
            if inside.add(1) > 1 { overlapped.increment() }
            inside.add(-1)
        }
        let shared = Unchecked(subject)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<250 {
                shared.value.send(thread * 1000 + index)
            }
        }
        #expect(recorder.values.count == 2000)
        #expect(Set(recorder.values).count == 2000)
        #expect(overlapped.value == 0)
        _ = cancellable
    }
}

/// A subject handed to `concurrentPerform`'s threads: subjects are thread-safe, as Apple's.
private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
