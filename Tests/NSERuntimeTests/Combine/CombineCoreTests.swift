import Combine
import Foundation
import Testing

@Suite("Combine: demand, completion, cancellation, AnyCancellable")
struct CombineCoreTests {
    @Test("Demand's arithmetic saturates as Apple's: unlimited absorbs, nothing goes below none")
    func demandArithmetic() {
        #expect(Subscribers.Demand.max(2) + .max(3) == .max(5))
        #expect(Subscribers.Demand.unlimited + 1 == .unlimited)
        #expect(Subscribers.Demand.max(1) - .max(3) == .none)
        #expect(Subscribers.Demand.unlimited - .max(3) == .unlimited)
        #expect(Subscribers.Demand.max(3) - .unlimited == .none)
        #expect(Subscribers.Demand.max(2) * 3 == .max(6))
        #expect(Subscribers.Demand.unlimited > 1_000_000)
        #expect(Subscribers.Demand.max(0) == 0)
        #expect(Subscribers.Demand.max(4) < .unlimited)
        #expect(Subscribers.Demand.unlimited.max == nil)
        #expect(Subscribers.Demand.max(7).max == 7)
        #expect(Subscribers.Demand.max(7).description == "max(7)")
    }

    @Test("A subscriber asking for .max(1) gets one value until it asks again")
    func backpressure() {
        let recorder = Recorder<Int, Never>(initial: .max(1))
        [1, 2, 3, 4].publisher.subscribe(recorder)
        #expect(recorder.values == [1])
        recorder.subscription?.request(.max(2))
        #expect(recorder.values == [1, 2, 3])
        #expect(recorder.completion == nil)
        recorder.subscription?.request(.max(5))
        #expect(recorder.values == [1, 2, 3, 4])
        #expect(recorder.isFinished)
    }

    @Test("A PassthroughSubject drops values for a subscriber without demand; CurrentValueSubject keeps the latest")
    func subjectDemand() {
        let passthrough = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>(initial: .max(1))
        passthrough.subscribe(recorder)
        passthrough.send(1)
        passthrough.send(2)
        recorder.subscription?.request(.max(1))
        passthrough.send(3)
        #expect(recorder.values == [1, 3])

        let current = CurrentValueSubject<Int, Never>(0)
        let latest = Recorder<Int, Never>(initial: .none)
        current.subscribe(latest)
        current.send(1)
        current.send(2)
        #expect(latest.values.isEmpty)
        latest.subscription?.request(.max(1))
        #expect(latest.values == [2])
    }

    @Test("A failure travels through operators to the sink's completion")
    func completionPropagation() {
        let subject = PassthroughSubject<Int, TestError>()
        var completion: Subscribers.Completion<TestError>?
        var values: [Int] = []
        let cancellable = subject.map { $0 * 10 }.filter { $0 > 10 }
            .sink(receiveCompletion: { completion = $0 }, receiveValue: { values.append($0) })
        subject.send(1)
        subject.send(2)
        subject.send(completion: .failure(TestError(code: 7)))
        subject.send(3)
        #expect(values == [20])
        #expect(completion == .failure(TestError(code: 7)))
        _ = cancellable
    }

    @Test("Cancelling a sink stops its values and frees what its closure captured")
    func cancellationReleases() {
        final class Owner {}
        let subject = PassthroughSubject<Int, Never>()
        weak var weakOwner: Owner?
        var received: [Int] = []
        var cancellable: AnyCancellable?
        do {
            let owner = Owner()
            weakOwner = owner
            cancellable = subject.sink { value in
                _ = owner
                received.append(value)
            }
        }
        subject.send(1)
        #expect(weakOwner != nil)
        cancellable?.cancel()
        subject.send(2)
        #expect(received == [1])
        #expect(weakOwner == nil)
    }

    @Test("AnyCancellable cancels when it is deinitialized, once; store(in:) keeps it")
    func anyCancellable() {
        let count = Counter()
        do {
            _ = AnyCancellable { count.increment() }
        }
        #expect(count.value == 1)
        let explicit = AnyCancellable { count.increment() }
        explicit.cancel()
        explicit.cancel()
        #expect(count.value == 2)

        var set = Set<AnyCancellable>()
        var array: [AnyCancellable] = []
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        subject.sink { values.append($0) }.store(in: &set)
        subject.sink { values.append($0 * 100) }.store(in: &array)
        subject.send(1)
        #expect(values.sorted() == [1, 100])
        set.removeAll()
        array.removeAll()
        subject.send(2)
        #expect(values.sorted() == [1, 100])
        #expect(AnyCancellable {} != AnyCancellable {})
    }

    @Test("Completed subjects complete late subscribers at once")
    func lateSubscribers() {
        let subject = PassthroughSubject<Int, TestError>()
        subject.send(completion: .failure(TestError()))
        let recorder = Recorder<Int, TestError>()
        subject.subscribe(recorder)
        #expect(recorder.completion == .failure(TestError()))
        let current = CurrentValueSubject<Int, Never>(5)
        current.send(completion: .finished)
        let late = Recorder<Int, Never>()
        current.subscribe(late)
        #expect(late.values.isEmpty)
        #expect(late.isFinished)
    }

    @Test("CurrentValueSubject replays its value to each new subscriber; setting value sends it")
    func currentValueReplay() {
        let subject = CurrentValueSubject<String, Never>("a")
        var first: [String] = []
        var second: [String] = []
        let one = subject.sink { first.append($0) }
        subject.value = "b"
        let two = subject.sink { second.append($0) }
        subject.send("c")
        #expect(first == ["a", "b", "c"])
        #expect(second == ["b", "c"])
        #expect(subject.value == "c")
        _ = (one, two)
    }

    @Test("Future calls its closure once and replays the result to later subscribers")
    func futureReplay() async {
        let calls = Counter()
        var promise: Future<Int, Never>.Promise?
        let future = Future<Int, Never> { fulfil in
            calls.increment()
            promise = fulfil
        }
        var early: [Int] = []
        let a = future.sink { early.append($0) }
        promise?(.success(42))
        promise?(.success(43))
        var late: [Int] = []
        var lateFinished = false
        let b = future.sink(receiveCompletion: { _ in lateFinished = true }, receiveValue: { late.append($0) })
        #expect(calls.value == 1)
        #expect(early == [42])
        #expect(late == [42])
        #expect(lateFinished)
        _ = (a, b)
    }

    @Test("Just, Empty, Fail, Deferred, Result and Optional publishers")
    func simplePublishers() {
        var values: [Int] = []
        _ = Just(1).sink { values.append($0) }
        _ = Empty<Int, Never>().sink { values.append($0) }
        _ = Optional(2).publisher.sink { values.append($0) }
        _ = Result<Int, TestError>.success(3).publisher.replaceError(with: -1).sink { values.append($0) }
        _ = Fail<Int, TestError>(error: TestError()).replaceError(with: 4).sink { values.append($0) }
        let made = Counter()
        let deferred = Deferred { () -> Just<Int> in
            made.increment()
            return Just(5)
        }
        #expect(made.value == 0)
        _ = deferred.sink { values.append($0) }
        #expect(values == [1, 2, 3, 4, 5])
        #expect(made.value == 1)
    }
}
