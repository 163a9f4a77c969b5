import Combine
import Foundation
import Testing

@Suite("Combine: operators")
struct CombineOperatorTests {
    /// The values `publisher` sends synchronously, and whether it finished.
    private func collect<P: Publisher>(_ publisher: P) -> (values: [P.Output], finished: Bool) {
        let recorder = Recorder<P.Output, P.Failure>()
        publisher.subscribe(recorder)
        return (recorder.values, recorder.isFinished)
    }

    @Test("map, compactMap, filter, scan, reduce, collect, count")
    func transforms() {
        #expect(collect([1, 2, 3].publisher.map { $0 * 2 }).values == [2, 4, 6])
        #expect(collect(["1", "x", "3"].publisher.compactMap { Int($0) }).values == [1, 3])
        #expect(collect((1...6).publisher.filter { $0.isMultiple(of: 2) }).values == [2, 4, 6])
        #expect(collect([1, 2, 3].publisher.scan(0, +)).values == [1, 3, 6])
        #expect(collect([1, 2, 3].publisher.reduce(10, +)).values == [16])
        #expect(collect([1, 2].publisher.collect()).values == [[1, 2]])
        #expect(collect([Int?.some(1), nil].publisher.replaceNil(with: 0)).values == [1, 0])
        #expect(collect([5, 6].publisher.count()).values == [2])
    }

    @Test("removeDuplicates drops consecutive equal values only")
    func removeDuplicates() {
        #expect(collect([1, 1, 2, 2, 1, 3, 3].publisher.removeDuplicates()).values == [1, 2, 1, 3])
        let byParity = [1, 3, 2, 4, 5].publisher.removeDuplicates { $0 % 2 == $1 % 2 }
        #expect(collect(byParity).values == [1, 2, 5])
    }

    @Test("first, first(where:), last, dropFirst, prefix finish as Apple's")
    func slicing() {
        let first = collect([4, 5].publisher.first())
        #expect(first.values == [4] && first.finished)
        #expect(collect([1, 2, 3, 4].publisher.first { $0 > 2 }).values == [3])
        #expect(collect([1, 2, 3].publisher.last()).values == [3])
        #expect(collect([1, 2, 3].publisher.dropFirst()).values == [2, 3])
        let prefix = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        prefix.prefix(2).subscribe(recorder)
        prefix.send(1)
        prefix.send(2)
        prefix.send(3)
        #expect(recorder.values == [1, 2])
        #expect(recorder.isFinished)
    }

    @Test("tryMap fails with the thrown error; mapError, replaceError and catch handle failures")
    func errors() {
        let recorder = Recorder<Int, any Error>()
        [1, 2, 3].publisher.tryMap { value -> Int in
            if value == 2 { throw TestError(code: 2) }
            return value
        }.subscribe(recorder)
        #expect(recorder.values == [1])
        if case .failure(let error) = recorder.completion {
            #expect(error as? TestError == TestError(code: 2))
        } else {
            Issue.record("tryMap did not fail")
        }

        let subject = PassthroughSubject<Int, TestError>()
        let mapped = Recorder<Int, TestError>()
        subject.mapError { TestError(code: $0.code + 1) }.subscribe(mapped)
        let replaced = Recorder<Int, Never>()
        subject.replaceError(with: -1).subscribe(replaced)
        let caught = Recorder<Int, Never>()
        subject.catch { _ in [7, 8].publisher }.subscribe(caught)
        subject.send(1)
        subject.send(completion: .failure(TestError(code: 1)))
        #expect(mapped.completion == .failure(TestError(code: 2)))
        #expect(replaced.values == [1, -1])
        #expect(replaced.isFinished)
        #expect(caught.values == [1, 7, 8])
        #expect(caught.isFinished)
    }

    @Test("flatMap interleaves inner publishers and finishes after all of them")
    func flatMap() {
        let outer = PassthroughSubject<Int, Never>()
        let inners = [PassthroughSubject<String, Never>(), PassthroughSubject<String, Never>()]
        let recorder = Recorder<String, Never>()
        outer.flatMap { inners[$0] }.subscribe(recorder)
        outer.send(0)
        outer.send(1)
        inners[0].send("a")
        inners[1].send("b")
        inners[0].send("c")
        outer.send(completion: .finished)
        inners[0].send(completion: .finished)
        #expect(!recorder.isFinished)
        inners[1].send(completion: .finished)
        #expect(recorder.values == ["a", "b", "c"])
        #expect(recorder.isFinished)
        #expect(collect([1, 2].publisher.flatMap { Just($0 * 10) }).values == [10, 20])
    }

    @Test("switchToLatest follows only the newest inner publisher")
    func switchToLatest() {
        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        outer.switchToLatest().subscribe(recorder)
        outer.send(first)
        first.send(1)
        outer.send(second)
        first.send(2)
        second.send(3)
        #expect(recorder.values == [1, 3])
    }

    @Test("merge interleaves; combineLatest pairs the latest values; zip pairs in order")
    func joins() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let merged = Recorder<Int, Never>()
        a.merge(with: b).subscribe(merged)
        let latest = Recorder<String, Never>()
        a.combineLatest(b) { "\($0)-\($1)" }.subscribe(latest)
        let zipped = Recorder<String, Never>()
        a.zip(b).map { "\($0)+\($1)" }.subscribe(zipped)
        a.send(1)
        a.send(2)
        b.send(10)
        a.send(3)
        b.send(20)
        #expect(merged.values == [1, 2, 10, 3, 20])
        #expect(latest.values == ["2-10", "3-10", "3-20"])
        #expect(zipped.values == ["1+10", "2+20"])
        a.send(completion: .finished)
        #expect(!merged.isFinished)
        b.send(completion: .finished)
        #expect(merged.isFinished)
        #expect(latest.isFinished)
        #expect(zipped.isFinished)
    }

    @Test("A joined publisher still honours downstream's demand")
    func joinedDemand() {
        let a = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>(initial: .max(1))
        a.merge(with: [100, 200].publisher).subscribe(recorder)
        #expect(recorder.values == [100])
        recorder.subscription?.request(.max(1))
        #expect(recorder.values == [100, 200])
    }

    @Test("prepend, append and handleEvents")
    func concatenation() {
        #expect(collect([2, 3].publisher.prepend(1).append(4, 5)).values == [1, 2, 3, 4, 5])
        var events: [String] = []
        let cancellable = [1].publisher.handleEvents(
            receiveOutput: { events.append("value \($0)") }, receiveCompletion: { _ in events.append("done") }
        ).sink { _ in }
        #expect(events == ["value 1", "done"])
        _ = cancellable
    }

    @Test("eraseToAnyPublisher hides the chain and keeps its behaviour")
    func erasure() {
        let publisher: AnyPublisher<Int, TestError> = Just(1).setFailureType(to: TestError.self).eraseToAnyPublisher()
        #expect(collect(publisher).values == [1])
        #expect(collect(publisher.eraseToAnyPublisher()).finished)
    }
}
