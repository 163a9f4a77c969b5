import Combine
import Foundation
import Testing

/// A model whose published count another thread keeps raising.
private final class Ticker: ObservableObject {
    @Published var count = 0
}

/// What the attaching threads share with the sending thread.
private final class Race<Source>: @unchecked Sendable {
    // @unchecked: `source` is a thread-safe subject or model (as Apple's); `stop`, `attaches` and
    // `reorders` are thread-safe.
    let source: Source
    let stop = Counter()
    let attaches = Counter()
    let reorders = Counter()

    init(_ source: Source) {
        self.source = source
    }
}

/// Runs `send` (raising the value by one each call) on its own thread while `threads` threads attach
/// `perThread` subscribers each, through `attach`, which returns what one subscriber saw before it was
/// cancelled. Counts the subscribers that saw a value after a newer one. The threads are its own, so the
/// test's task does not hold one of Swift concurrency's few threads meanwhile (timing tests run beside it).
private func race<Source>(
    _ source: Source, threads: Int = 4, perThread: Int = 4000,
    send: @escaping @Sendable (Source, Int) -> Void,
    attach: @escaping @Sendable (Source) -> [Int]
) async -> (attaches: Int, reorders: Int) {
    let race = Race(source)
    return await withCheckedContinuation { continuation in
        Thread {
            let sent = DispatchSemaphore(value: 0)
            Thread {
                var next = 0
                while race.stop.value == 0 {
                    next += 1
                    send(race.source, next)
                }
                sent.signal()
            }.start()
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                for _ in 0..<perThread {
                    let seen = attach(race.source)
                    race.attaches.increment()
                    if zip(seen, seen.dropFirst()).contains(where: { $0 > $1 }) { race.reorders.increment() }
                }
            }
            race.stop.increment()
            sent.wait()
            continuation.resume(returning: (race.attaches.value, race.reorders.value))
        }.start()
    }
}

/// Attaches a recorder to `publisher`, lets it see two values (or gives up after a short while), cancels
/// it and returns what it saw.
private func sample<P: Publisher>(_ publisher: P) -> [Int] where P.Output == Int, P.Failure == Never {
    let recorder = Recorder<Int, Never>()
    publisher.subscribe(recorder)
    var spins = 0
    while recorder.values.count < 2, spins < 100 {
        spins += 1
        sched_yield()
    }
    recorder.subscription?.cancel()
    return recorder.values
}

@Suite("Combine: a replayed value against concurrent sends")
struct CombineReplayOrderTests {
    @Test("CurrentValueSubject: a new subscriber never sees its replayed value after a newer one")
    func currentValueSubject() async {
        let result = await race(
            CurrentValueSubject<Int, Never>(0), send: { $0.send($1) }, attach: { sample($0) })
        #expect(result.attaches == 16000)
        #expect(result.reorders == 0, "\(result.reorders) subscribers saw values out of order")
    }

    @Test("@Published: a new subscriber never sees its replayed value after a newer one")
    func published() async {
        let result = await race(Ticker(), send: { $0.count = $1 }, attach: { sample($0.$count) })
        #expect(result.attaches == 16000)
        #expect(result.reorders == 0, "\(result.reorders) subscribers saw values out of order")
    }
}
