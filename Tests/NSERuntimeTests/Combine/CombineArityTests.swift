import Combine
import Foundation
import Testing

/// A subject whose subscriptions' cancellations are counted.
private struct Upstream<Output> {
    let subject = PassthroughSubject<Output, TestError>()
    let cancels = Counter()
    var publisher: AnyPublisher<Output, TestError> {
        subject.handleEvents(receiveCancel: { [cancels] in cancels.increment() }).eraseToAnyPublisher()
    }
}

/// A view model as apps write them: three published properties joined.
private final class Form: ObservableObject {
    @Published var name = ""
    @Published var email = ""
    @Published var agreed = false
}

@Suite("Combine: 3- and 4-way combineLatest, zip and merge")
struct CombineArityTests {
    @Test("CombineLatest3 sends once all have sent, then on each value; finishes when all have finished")
    func combineLatest3() {
        let (a, b, c) = (Upstream<Int>(), Upstream<String>(), Upstream<Bool>())
        let recorder = Recorder<String, TestError>()
        Publishers.CombineLatest3(a.publisher, b.publisher, c.publisher)
            .map { x, y, z in "\(x)\(y)\(z)" }
            .subscribe(recorder)
        a.subject.send(1)
        b.subject.send("x")
        a.subject.send(2)
        #expect(recorder.values.isEmpty)
        c.subject.send(true)
        b.subject.send("y")
        c.subject.send(false)
        #expect(recorder.values == ["2xtrue", "2ytrue", "2yfalse"])
        a.subject.send(completion: .finished)
        b.subject.send(completion: .finished)
        c.subject.send(3 > 2)
        #expect(recorder.values.last == "2ytrue")
        #expect(recorder.completion == nil)
        c.subject.send(completion: .finished)
        #expect(recorder.isFinished)
    }

    @Test("combineLatest(_:_:) on @Published properties, with and without a transform, as view models use it")
    func publishedForm() {
        let form = Form()
        var valid: [Bool] = []
        let cancellable = form.$name.combineLatest(form.$email, form.$agreed)
            .map { name, email, agreed in !name.isEmpty && email.contains("@") && agreed }
            .sink { valid.append($0) }
        form.name = "Ann"
        form.email = "ann@example.org"
        form.agreed = true
        #expect(valid == [false, false, false, true])
        var joined: [String] = []
        let transformed = form.$name.combineLatest(form.$email, form.$agreed) { "\($0) \($1) \($2)" }
            .sink { joined.append($0) }
        #expect(joined == ["Ann ann@example.org true"])
        _ = (cancellable, transformed)
    }

    @Test("CombineLatest4 and its transform overload")
    func combineLatest4() {
        let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
        var sums: [Int] = []
        let cancellable = subjects[0].combineLatest(subjects[1], subjects[2], subjects[3]) { $0 + $1 + $2 + $3 }
            .sink { sums.append($0) }
        let tuples = Recorder<(Int, Int, Int, Int), Never>()
        Publishers.CombineLatest4(subjects[0], subjects[1], subjects[2], subjects[3]).subscribe(tuples)
        for (index, subject) in subjects.enumerated() { subject.send(index + 1) }
        subjects[3].send(10)
        #expect(sums == [10, 16])
        #expect(tuples.values.map { [$0.0, $0.1, $0.2, $0.3] } == [[1, 2, 3, 4], [1, 2, 3, 10]])
        _ = cancellable
    }

    @Test("Zip3 joins values in order; finishes once one has finished with nothing left to join")
    func zip3() {
        let (a, b, c) = (Upstream<Int>(), Upstream<String>(), Upstream<Int>())
        let recorder = Recorder<String, TestError>()
        a.publisher.zip(b.publisher, c.publisher) { "\($0)\($1)\($2)" }.subscribe(recorder)
        a.subject.send(1)
        a.subject.send(2)
        a.subject.send(3)
        b.subject.send("x")
        b.subject.send("y")
        #expect(recorder.values.isEmpty)
        c.subject.send(10)
        b.subject.send(completion: .finished)
        #expect(recorder.values == ["1x10"])
        #expect(recorder.completion == nil, "b still has a value to join")
        c.subject.send(20)
        #expect(recorder.values == ["1x10", "2y20"])
        #expect(recorder.isFinished)
        #expect(a.cancels.value == 1)
        #expect(c.cancels.value == 1)
    }

    @Test("Zip4 and zip(_:_:_:) give tuples in order")
    func zip4() {
        let recorder = Recorder<(Int, String, Int, Int), Never>()
        [1, 2, 3].publisher.zip(["a", "b"].publisher, [10, 20, 30].publisher, (100...).publisher).subscribe(recorder)
        #expect(recorder.values.map { "\($0.0)\($0.1)\($0.2)\($0.3)" } == ["1a10100", "2b20101"])
        #expect(recorder.isFinished)
        let typed: Publishers.Zip4<Just<Int>, Just<Int>, Just<Int>, Just<Int>> = Publishers.Zip4(
            Just(1), Just(2), Just(3), Just(4))
        var sums: [Int] = []
        _ = typed.map { $0 + $1 + $2 + $3 }.sink { sums.append($0) }
        var products: [Int] = []
        _ = Just(2).zip(Just(3), Just(4), Just(5)) { $0 * $1 * $2 * $3 }.sink { products.append($0) }
        #expect(sums == [10])
        #expect(products == [120])
    }

    @Test("A failure from any upstream fails the whole at once and cancels the others", arguments: 0..<3)
    func failureFromAny(failing: Int) {
        let upstreams = (0..<3).map { _ in Upstream<Int>() }
        let latest = Recorder<(Int, Int, Int), TestError>()
        let zipped = Recorder<(Int, Int, Int), TestError>()
        let merged = Recorder<Int, TestError>()
        let publishers = upstreams.map(\.publisher)
        Publishers.CombineLatest3(publishers[0], publishers[1], publishers[2]).subscribe(latest)
        Publishers.Zip3(publishers[0], publishers[1], publishers[2]).subscribe(zipped)
        Publishers.Merge3(publishers[0], publishers[1], publishers[2]).subscribe(merged)
        upstreams[failing].subject.send(completion: .failure(TestError(code: failing)))
        for recorder in [latest, zipped] {
            #expect(recorder.completion == .failure(TestError(code: failing)))
        }
        #expect(merged.completion == .failure(TestError(code: failing)))
        for (index, upstream) in upstreams.enumerated() where index != failing {
            #expect(upstream.cancels.value == 3, "upstream \(index): one cancel per operator")
        }
        for upstream in upstreams { upstream.subject.send(7) }
        #expect(latest.values.isEmpty && zipped.values.isEmpty && merged.values.isEmpty)
    }

    @Test("Cancelling downstream cancels every upstream")
    func cancellation() {
        let upstreams = (0..<8).map { _ in Upstream<Int>() }
        let p = upstreams.map(\.publisher)
        let cancellables = [
            p[0].combineLatest(p[1], p[2], p[3]).sink(receiveCompletion: { _ in }, receiveValue: { _ in }),
            p[4].zip(p[5], p[6], p[7]).sink(receiveCompletion: { _ in }, receiveValue: { _ in }),
            p[0].merge(with: p[1], p[2], p[3], p[4], p[5], p[6], p[7]).sink(
                receiveCompletion: { _ in }, receiveValue: { _ in }),
        ]
        for cancellable in cancellables { cancellable.cancel() }
        #expect(upstreams.map(\.cancels.value) == Array(repeating: 2, count: 8))
    }

    @Test("Downstream demand is honoured: values beyond it wait until requested")
    func demand() {
        let (a, b, c) = (
            PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>()
        )
        let latest = Recorder<(Int, Int, Int), Never>(initial: .max(1))
        let zipped = Recorder<(Int, Int, Int), Never>(initial: .max(1))
        let merged = Recorder<Int, Never>(initial: .max(1))
        a.combineLatest(b, c).subscribe(latest)
        a.zip(b, c).subscribe(zipped)
        a.merge(with: b, c).subscribe(merged)
        for value in 1...3 {
            a.send(value)
            b.send(value * 10)
            c.send(value * 100)
        }
        #expect(latest.values.count == 1)
        #expect(zipped.values.count == 1)
        #expect(merged.values == [1])
        latest.subscription?.request(.max(2))
        zipped.subscription?.request(.max(1))
        merged.subscription?.request(.max(3))
        #expect(latest.values.map { $0.0 + $0.1 + $0.2 } == [111, 112, 122])
        #expect(zipped.values.map { $0.0 + $0.1 + $0.2 } == [111, 222])
        #expect(merged.values == [1, 10, 100, 2])
        zipped.subscription?.request(.unlimited)
        #expect(zipped.values.count == 3)
    }

    @Test("Merge3 ... Merge8 interleave every upstream and finish once all have finished")
    func merges() {
        let subjects = (0..<8).map { _ in PassthroughSubject<Int, Never>() }
        let s = subjects
        let recorders = (3...8).map { _ in Recorder<Int, Never>() }
        let merge3: Publishers.Merge3 = s[0].merge(with: s[1], s[2])
        let merge4: Publishers.Merge4 = s[0].merge(with: s[1], s[2], s[3])
        let merge5: Publishers.Merge5 = s[0].merge(with: s[1], s[2], s[3], s[4])
        let merge6: Publishers.Merge6 = s[0].merge(with: s[1], s[2], s[3], s[4], s[5])
        let merge7: Publishers.Merge7 = s[0].merge(with: s[1], s[2], s[3], s[4], s[5], s[6])
        let merge8: Publishers.Merge8 = s[0].merge(with: s[1], s[2], s[3], s[4], s[5], s[6], s[7])
        merge3.subscribe(recorders[0])
        merge4.subscribe(recorders[1])
        merge5.subscribe(recorders[2])
        merge6.subscribe(recorders[3])
        merge7.subscribe(recorders[4])
        merge8.subscribe(recorders[5])
        for (index, subject) in subjects.enumerated().reversed() { subject.send(index) }
        for (offset, recorder) in recorders.enumerated() {
            #expect(recorder.values == Array((0..<(offset + 3)).reversed()))
        }
        for subject in subjects.dropLast() { subject.send(completion: .finished) }
        #expect(recorders.dropLast().allSatisfy { $0.isFinished })
        #expect(recorders[5].completion == nil, "the eighth upstream has not finished")
        subjects[7].send(completion: .finished)
        #expect(recorders[5].isFinished)
    }

    @Test("A merge's merge(with:) gives the next arity, as Apple's")
    func chainedMerges() {
        let two = Publishers.Merge(Just(1), Just(2))
        let three: Publishers.Merge3<Just<Int>, Just<Int>, Just<Int>> = two.merge(with: Just(3))
        let eight: Publishers.Merge8 = three.merge(with: Just(4), Just(5), Just(6), Just(7), Just(8))
        let seven: Publishers.Merge7 = Publishers.Merge4(Just(1), Just(2), Just(3), Just(4))
            .merge(with: Just(5), Just(6), Just(7))
        var values: [Int] = []
        _ = eight.sink { values.append($0) }
        _ = seven.merge(with: Just(0)).sink { values.append($0) }
        #expect(values == [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 0])
        #expect(three == Publishers.Merge3(Just(1), Just(2), Just(3)))
        #expect(
            Publishers.CombineLatest3(Just(1), Just(2), Just(3)) != Publishers.CombineLatest3(Just(1), Just(2), Just(4))
        )
    }

    @Test("Upstreams that complete at once: empty ones end a zip; combineLatest waits for all")
    func immediateUpstreams() {
        let zipped = Recorder<(Int, Int, Int), Never>()
        Publishers.Zip3(Just(1), Empty<Int, Never>(), Just(3)).subscribe(zipped)
        #expect(zipped.values.isEmpty)
        #expect(zipped.isFinished)
        let latest = Recorder<(Int, Int, Int), Never>()
        let subject = PassthroughSubject<Int, Never>()
        Publishers.CombineLatest3(Just(1), [2, 3].publisher, subject).subscribe(latest)
        subject.send(4)
        #expect(latest.values.map { [$0.0, $0.1, $0.2] } == [[1, 3, 4]])
        #expect(latest.completion == nil)
        subject.send(completion: .finished)
        #expect(latest.isFinished)
    }
}
