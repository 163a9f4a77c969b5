import Combine
import Foundation
import Testing

/// Holds an object weakly, to see whether something still keeps it.
final class WeakBox: @unchecked Sendable {
    // @unchecked: `object` is behind `lock`.
    private let lock = NSLock()
    private weak var _object: AnyObject?
    var object: AnyObject? {
        get { lock.withLock { _object } }
        set { lock.withLock { _object = newValue } }
    }
}

/// A publisher that sends one value and finishes at once, remembering (weakly) the subscriber it served.
private struct ProbePublisher: Publisher {
    typealias Output = Int
    typealias Failure = Never
    let box: WeakBox
    let value: Int

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        box.object = subscriber as AnyObject
        subscriber.receive(subscription: Subscriptions.empty)
        _ = subscriber.receive(value)
        subscriber.receive(completion: .finished)
    }
}

/// A subscription that counts its cancellations.
private final class ProbeSubscription: Subscription, @unchecked Sendable {
    // @unchecked: its only state is the thread-safe counter.
    let cancelled = Counter()
    func request(_ demand: Subscribers.Demand) {}
    func cancel() { cancelled.increment() }
}

/// A cancellable that counts its cancellations.
private struct CountingCancellable: Cancellable {
    let count: Counter
    func cancel() { count.increment() }
}

private final class Clamped: ObservableObject {
    @Published var x = 0
}

/// A run loop handed from the thread that runs it.
private final class LoopBox: @unchecked Sendable {
    // @unchecked: `_loop` is behind `lock`; the run loop is only used to schedule work, which is thread-safe.
    private let lock = NSLock()
    private var _loop: RunLoop?
    let ready = DispatchSemaphore(value: 0)
    var loop: RunLoop? {
        get { lock.withLock { _loop } }
        set { lock.withLock { _loop = newValue } }
    }
}

@Suite("Combine: review fixes")
struct CombineReviewFixTests {
    @Test("flatMap(maxPublishers: .max(1)) goes on after an inner publisher that finishes synchronously")
    func flatMapLimitedSynchronousInner() {
        let recorder = Recorder<Int, Never>()
        [1, 2, 3].publisher.flatMap(maxPublishers: .max(1)) { Just($0) }.subscribe(recorder)
        #expect(recorder.values == [1, 2, 3])
        #expect(recorder.isFinished)
        let two = Recorder<Int, Never>()
        [1, 2, 3, 4].publisher.flatMap(maxPublishers: .max(2)) { [$0, $0 * 10].publisher }.subscribe(two)
        #expect(two.values == [1, 10, 2, 20, 3, 30, 4, 40])
        #expect(two.isFinished)
    }

    @Test("@Published: after a nested set, the property and what $x replays agree")
    func publishedNestedSetAgrees() {
        let vm = Clamped()
        var seen: [Int] = []
        let clamp = vm.$x.sink { value in
            seen.append(value)
            if value > 10 { vm.x = 10 }
        }
        vm.x = 50
        #expect(vm.x == 50)
        var replayed: Int?
        let late = vm.$x.sink { replayed = $0 }
        #expect(replayed == vm.x)
        #expect(seen == [0, 50, 10])
        clamp.cancel()
        late.cancel()
    }

    @Test("@Published: the property and what $x replays agree after sets from many threads")
    func publishedCrossThreadAgrees() {
        let vm = Clamped()
        let box = Unchecked(vm)
        DispatchQueue.concurrentPerform(iterations: 200) { box.value.x = $0 }
        var replayed: Int?
        let late = vm.$x.sink { replayed = $0 }
        #expect(replayed == vm.x)
        late.cancel()
    }

    @Test("leaving a for-await loop over values cancels the subscription")
    func valuesBreakCancels() async {
        let cancelled = Counter()
        let subject = CurrentValueSubject<Int, Never>(1)
        func firstValue() async -> Int? {
            for await value in subject.handleEvents(receiveCancel: { cancelled.increment() }).values {
                return value
            }
            return nil
        }
        #expect(await firstValue() == 1)
        #expect(cancelled.value == 1)
        func firstThrowing() async throws -> Int? {
            for try await value in subject.setFailureType(to: TestError.self)
                .handleEvents(receiveCancel: { cancelled.increment() }).values
            {
                if value == 1 { break }
            }
            return nil
        }
        _ = try? await firstThrowing()
        #expect(cancelled.value == 2)
    }

    @Test("flatMap and switchToLatest let go of finished inner subscribers")
    func jointReleasesFinishedFeeds() {
        let subject = PassthroughSubject<Int, Never>()
        let box = WeakBox()
        let recorder = Recorder<Int, Never>()
        subject.flatMap { ProbePublisher(box: box, value: $0) }.subscribe(recorder)
        subject.send(1)
        #expect(recorder.values == [1])
        #expect(box.object == nil)

        let latest = PassthroughSubject<ProbePublisher, Never>()
        let switched = Recorder<Int, Never>()
        let switchBox = WeakBox()
        latest.switchToLatest().subscribe(switched)
        latest.send(ProbePublisher(box: switchBox, value: 7))
        #expect(switched.values == [7])
        #expect(switchBox.object == nil)
    }

    @Test("RunLoop.schedule from another thread wakes the run loop")
    func runLoopScheduleWakes() {
        let box = LoopBox()
        let ran = DispatchSemaphore(value: 0)
        let thread = Thread {
            let loop = RunLoop.current
            // A timer far off keeps the run loop waiting (a run loop with nothing to wait for returns at once).
            loop.add(Timer(fire: Date() + 100, interval: 0, repeats: false) { _ in }, forMode: .default)
            box.loop = loop
            box.ready.signal()
            _ = loop.run(mode: .default, before: Date() + 3)
        }
        thread.start()
        box.ready.wait()
        // Let the run loop go to sleep first.
        Thread.sleep(forTimeInterval: 0.2)
        box.loop?.schedule { ran.signal() }
        #expect(ran.wait(timeout: .now() + 1.5) == .success)
    }

    @Test("store(in:) on any Cancellable; an AnyCancellable stores itself")
    func storeOnCancellable() {
        var bag = Set<AnyCancellable>()
        let any: any Cancellable = Timer.publish(every: 100, on: .main, in: .default).connect()
        any.store(in: &bag)
        #expect(bag.count == 1)

        let erased = AnyCancellable {}
        var set = Set<AnyCancellable>()
        (erased as any Cancellable).store(in: &set)
        #expect(set.contains(erased))
        var list: [AnyCancellable] = []
        erased.store(in: &list)
        #expect(list.first === erased)

        let count = Counter()
        var owned: [AnyCancellable] = []
        CountingCancellable(count: count).store(in: &owned)
        owned.removeAll()
        #expect(count.value == 1)
        bag.removeAll()
    }

    @Test("values sent at completion wait for demand")
    func completionValuesWaitForDemand() {
        let replaced = Recorder<Int, Never>(initial: .none)
        Fail<Int, TestError>(error: TestError()).replaceError(with: 9).subscribe(replaced)
        #expect(replaced.values.isEmpty)
        #expect(replaced.completion == nil)
        replaced.subscription?.request(.max(1))
        #expect(replaced.values == [9])
        #expect(replaced.isFinished)

        let empty = Recorder<Int, Never>(initial: .none)
        Empty<Int, Never>().replaceEmpty(with: 3).subscribe(empty)
        #expect(empty.values.isEmpty)
        empty.subscription?.request(.max(1))
        #expect(empty.values == [3])
        #expect(empty.isFinished)

        // Demand used up by values: the replacement waits for more.
        let subject = PassthroughSubject<Int, TestError>()
        let used = Recorder<Int, Never>(initial: .max(1))
        subject.replaceError(with: 0).subscribe(used)
        subject.send(1)
        subject.send(completion: .failure(TestError()))
        #expect(used.values == [1])
        used.subscription?.request(.max(1))
        #expect(used.values == [1, 0])
        #expect(used.isFinished)
    }

    @Test("subjects let go of upstreams on completion and cancel them when destroyed")
    func subjectsReleaseUpstreams() {
        let weak = WeakBox()
        let passthrough = PassthroughSubject<Int, Never>()
        do {
            let probe = ProbeSubscription()
            weak.object = probe
            passthrough.send(subscription: probe)
        }
        #expect(weak.object != nil)
        passthrough.send(completion: .finished)
        #expect(weak.object == nil)

        let first = ProbeSubscription()
        let second = ProbeSubscription()
        var subject: PassthroughSubject<Int, Never>? = PassthroughSubject()
        subject?.send(subscription: first)
        var current: CurrentValueSubject<Int, Never>? = CurrentValueSubject(0)
        current?.send(subscription: second)
        subject = nil
        current = nil
        #expect(first.cancelled.value == 1)
        #expect(second.cancelled.value == 1)
    }
}

/// A value handed to closures that run on other threads, in tests.
private struct Unchecked<Value>: @unchecked Sendable {
    // @unchecked: tests use it only where the value is thread-safe (a @Published property's storage).
    let value: Value
    init(_ value: Value) { self.value = value }
}
