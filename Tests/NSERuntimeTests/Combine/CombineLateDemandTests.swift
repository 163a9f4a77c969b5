import Combine
import Foundation
import Synchronization
import Testing

/// A subscriber that asks for one value at a time, and while it takes the first one has a new value sent
/// (as another thread's set would land then), before giving back demand for one more.
private final class OneAtATime: Subscriber, @unchecked Sendable {
    // @unchecked: used on the test's thread alone; the subject calls it back on that thread.
    typealias Input = Int
    typealias Failure = Never

    private let sendDuringFirst: () -> Void
    private(set) var received: [Int] = []
    private var subscription: (any Subscription)?

    init(sendDuringFirst: @escaping () -> Void) {
        self.sendDuringFirst = sendDuringFirst
    }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        subscription.request(.max(1))
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        received.append(input)
        if received.count == 1 { sendDuringFirst() }
        return received.count == 1 ? .max(1) : .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}
}

private final class Tally: ObservableObject {
    @Published var count = 0
}

/// A value sent while a subscriber with no demand left takes the one before is not lost: the demand it gives
/// back takes it. Before, it waited for a request that never came, and an extension waiting on a
/// `@Published` property set from its download's callback hung about one run in three.
@Suite("Combine: a value sent during a delivery waits for the demand given back")
struct CombineLateDemandTests {
    @Test func currentValueSubject() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = OneAtATime { subject.send(1) }
        subject.subscribe(subscriber)
        #expect(subscriber.received == [0, 1])
        #expect(subject.value == 1)
    }

    @Test func publishedProperty() {
        let counter = Tally()
        let subscriber = OneAtATime { counter.count = 1 }
        counter.$count.subscribe(subscriber)
        #expect(subscriber.received == [0, 1])
        #expect(counter.count == 1)
    }
}

/// `receive(on:)` delivers a value and the completion right after it in order, and none lost, on a concurrent
/// queue too.
@Suite("Combine: receive(on:) keeps a value before its completion")
struct CombineReceiveOnOrderTests {
    @Test func aValueThenItsCompletionOnAConcurrentQueue() {
        let rounds = 2_000
        let outcomes = Mutex<[String]>([])
        let done = DispatchGroup()
        var subscriptions: [AnyCancellable] = []
        nonisolated(unsafe) let subjects = (0..<rounds).map { _ in PassthroughSubject<Int, Never>() }
        for round in 0..<rounds {
            done.enter()
            subscriptions.append(
                subjects[round].first().receive(on: DispatchQueue.global()).sink(
                    receiveCompletion: { _ in
                        outcomes.withLock { $0.append("finished \(round)") }
                        done.leave()
                    },
                    receiveValue: { value in outcomes.withLock { $0.append("value \(value)") } }))
        }
        // Sent from the pool's threads, as a download's callback sets a property: `first()` sends the value and
        // its completion at once. (The race this guards against, the completion's block running first and
        // dropping the value, showed in CombineExtensionTests.publishedStore, one run in three, where the
        // pool's threads were cold; here they are warm and it has not shown.)
        DispatchQueue.concurrentPerform(iterations: rounds) { round in subjects[round].send(round) }
        #expect(done.wait(timeout: .now() + 30) == .success)
        let events = outcomes.withLock { $0 }
        for round in [0, rounds / 2, rounds - 1] {
            #expect(events.filter { $0.hasSuffix(" \(round)") } == ["value \(round)", "finished \(round)"])
        }
        #expect(events.filter { $0.hasPrefix("value") }.count == rounds, "every value delivered")
        for round in 0..<rounds {
            let value = events.firstIndex(of: "value \(round)")
            let finished = events.firstIndex(of: "finished \(round)")
            guard let value, let finished, value < finished else {
                Issue.record(
                    "round \(round): value at \(String(describing: value)), finished at \(String(describing: finished))"
                )
                return
            }
        }
    }
}
