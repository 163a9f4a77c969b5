import Combine
import Foundation
import Testing

/// A text stream that keeps what is written, for `print(_:to:)`.
private final class Lines: TextOutputStream {
    var text = ""
    func write(_ string: String) { text += string }
}

private struct Feed: Codable, Equatable {
    var title: String
}

@Suite("Combine: added operators")
struct CombineAddedOperatorTests {
    /// The values `publisher` sends synchronously, and its completion.
    private func run<P: Publisher>(_ publisher: P) -> Recorder<P.Output, P.Failure> {
        let recorder = Recorder<P.Output, P.Failure>()
        publisher.subscribe(recorder)
        return recorder
    }

    @Test("decode(type:decoder:) and encode(encoder:), with JSON and property lists")
    func coding() throws {
        let data = Data(#"{"title":"News"}"#.utf8)
        let decoded = run(Just(data).decode(type: Feed.self, decoder: JSONDecoder()))
        #expect(decoded.values == [Feed(title: "News")])
        #expect(decoded.isFinished)

        let bad = run(Just(Data("nope".utf8)).decode(type: Feed.self, decoder: JSONDecoder()))
        #expect(bad.values.isEmpty)
        if case .failure(let error) = bad.completion {
            #expect(error is DecodingError)
        } else {
            Issue.record("expected a decoding failure")
        }

        let roundTrip = run(
            Just(Feed(title: "A")).encode(encoder: PropertyListEncoder())
                .decode(type: Feed.self, decoder: PropertyListDecoder()))
        #expect(roundTrip.values == [Feed(title: "A")])
        let json = run(
            Just(Feed(title: "B")).encode(encoder: JSONEncoder()).map { String(decoding: $0, as: UTF8.self) })
        #expect(json.values == [#"{"title":"B"}"#])
    }

    @Test("retry resubscribes after a failure, then passes the failure on")
    func retry() {
        let attempts = Counter()
        let failing = Deferred { () -> AnyPublisher<Int, TestError> in
            let attempt = attempts.add(1)
            if attempt < 3 { return Fail(error: TestError()).eraseToAnyPublisher() }
            return Just(attempt).setFailureType(to: TestError.self).eraseToAnyPublisher()
        }
        let recovered = run(failing.retry(2))
        #expect(recovered.values == [3])
        #expect(recovered.isFinished)

        attempts.add(-attempts.value)
        let spent = run(failing.retry(1))
        #expect(attempts.value == 2)
        #expect(spent.completion == .failure(TestError()))

        let passthrough = PassthroughSubject<Int, TestError>()
        let limited = Recorder<Int, TestError>(initial: .max(2))
        passthrough.retry(1).subscribe(limited)
        passthrough.send(1)
        passthrough.send(2)
        passthrough.send(3)
        #expect(limited.values == [1, 2])
    }

    @Test("assertNoFailure passes values and finishes, and stops the process on a failure, as Apple's")
    func assertNoFailure() async {
        let recorder = run([1, 2].publisher.setFailureType(to: TestError.self).assertNoFailure())
        #expect(recorder.values == [1, 2])
        #expect(recorder.isFinished)
        await #expect(processExitsWith: .failure) {
            _ = Fail<Int, TestError>(error: TestError()).assertNoFailure("check").sink { _ in }
        }
    }

    @Test("share subscribes upstream once for all subscribers, and cancels it when the last leaves")
    func share() {
        let subscriptions = Counter()
        let cancels = Counter()
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.handleEvents(
            receiveSubscription: { _ in subscriptions.increment() }, receiveCancel: { cancels.increment() }
        ).share()
        let first = Recorder<Int, Never>()
        let second = Recorder<Int, Never>()
        shared.subscribe(first)
        subject.send(1)
        shared.subscribe(second)
        subject.send(2)
        #expect(subscriptions.value == 1)
        #expect(first.values == [1, 2])
        #expect(second.values == [2])
        #expect(shared == shared)
        first.subscription?.cancel()
        #expect(cancels.value == 0)
        second.subscription?.cancel()
        #expect(cancels.value == 1)

        let finished = [1, 2].publisher.share()
        let early = run(finished)
        #expect(early.values == [1, 2])
        #expect(early.isFinished)
    }

    @Test("print writes Apple's lines to the stream")
    func print() {
        let lines = Lines()
        let recorder = run([1, 2].publisher.print("tag", to: lines))
        #expect(recorder.values == [1, 2])
        let written = lines.text.split(separator: "\n").map(String.init)
        #expect(written.count == 5)
        #expect(written.first?.hasPrefix("tag: receive subscription: (") == true)
        #expect(
            Array(written.dropFirst())
                == [
                    "tag: request unlimited", "tag: receive value: (1)", "tag: receive value: (2)",
                    "tag: receive finished",
                ])

        let limited = Lines()
        let one = Recorder<Int, TestError>(initial: .max(1))
        Fail<Int, TestError>(error: TestError()).print(to: limited).subscribe(one)
        #expect(limited.text.contains("receive error: (TestError(code: 1))"))
        #expect(limited.text.contains("request max: (1)"))
    }

    @Test("collect(_:), contains, allSatisfy, min, max, output(at:), last(where:)")
    func predicates() {
        #expect(run((1...5).publisher.collect(2)).values == [[1, 2], [3, 4], [5]])
        let paced = Recorder<[Int], Never>(initial: .max(1))
        (1...5).publisher.collect(2).subscribe(paced)
        #expect(paced.values == [[1, 2]])
        paced.subscription?.request(.max(5))
        #expect(paced.values == [[1, 2], [3, 4], [5]])
        #expect(paced.isFinished)

        #expect(run([1, 2, 3].publisher.contains(2)).values == [true])
        #expect(run([1, 2, 3].publisher.contains(7)).values == [false])
        let found = run([1, 2, 3].publisher.contains { $0 > 1 })
        #expect(found.values == [true] && found.isFinished)
        #expect(run([2, 4].publisher.allSatisfy { $0.isMultiple(of: 2) }).values == [true])
        #expect(run([2, 3, 4].publisher.allSatisfy { $0.isMultiple(of: 2) }).values == [false])
        #expect(run([3, 1, 2].publisher.min()).values == [1])
        #expect(run([3, 1, 2].publisher.max()).values == [3])
        #expect(run(["bb", "a", "ccc"].publisher.max { $0.count < $1.count }).values == ["ccc"])
        #expect(run(["bb", "a", "ccc"].publisher.min { $0.count < $1.count }).values == ["a"])
        #expect(run(Empty<Int, Never>().max()).values.isEmpty)
        let second = run([5, 6, 7].publisher.output(at: 1))
        #expect(second.values == [6] && second.isFinished)
        #expect(run([5, 6, 7, 8].publisher.output(in: 1...2)).values == [6, 7])
        #expect(run([1, 2, 3, 4].publisher.last { $0 < 3 }).values == [2])
    }
}
