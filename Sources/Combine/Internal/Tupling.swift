import Foundation

/// What a `Tupling` asks of each of its lanes, whatever their value type.
protocol TuplingLane: AnyObject {
    /// Whether the lane has no value waiting.
    var isEmpty: Bool { get }
    /// Whether the lane's upstream has finished.
    var isFinished: Bool { get set }
    /// Drops the lane's oldest value (zip, once it is used in a tuple).
    func dropFirst()
}

/// One upstream's values in a `Tupling`: its latest value (combineLatest) or those not yet used in a tuple,
/// oldest first (zip). Not thread-safe: only read or written behind its tupling's lock (so the tupling's
/// `assemble` closure, which reads `first`, runs behind it too).
final class Lane<Value>: TuplingLane {
    fileprivate var values: [Value] = []
    var isFinished = false

    /// The latest value (combineLatest), or the oldest unused one (zip).
    var first: Value? { values.first }

    var isEmpty: Bool { values.isEmpty }

    func dropFirst() {
        values.removeFirst()
    }
}

/// The subscription of combineLatest and zip, whatever their number of upstreams: each upstream feeds a
/// lane, and `assemble` makes a tuple of the lanes' first values once each lane has one. In `.latest` mode a
/// lane keeps only its latest value, a tuple is sent on every value once all lanes have one, and the stream
/// finishes when every upstream has finished; in `.zip` mode a lane queues its values, each tuple uses up
/// the oldest of every lane, and the stream finishes once an upstream has finished with its lane empty. A
/// failure from any upstream fails the stream (and, as every completion, cancels the other upstreams).
final class Tupling<Downstream: Subscriber>: Joint<Downstream> {
    enum Mode {
        case latest
        case zip
    }

    private let mode: Mode
    private let lock = NSLock()
    // Behind `lock`: the lanes' contents (they are only changed here), and `assemble`'s reads of them.
    private let lanes: [any TuplingLane]
    private let assemble: () -> Downstream.Input?

    /// A tupling of `lanes` (all of them, before any upstream is fed) into what `assemble` makes of their
    /// first values; `assemble` gives nil while a lane is empty.
    init(
        _ downstream: Downstream, _ mode: Mode, lanes: [any TuplingLane],
        assemble: @escaping () -> Downstream.Input?
    ) {
        self.mode = mode
        self.lanes = lanes
        self.assemble = assemble
        super.init(downstream)
    }

    /// Subscribes to `publisher`, whose values go to `lane` (one of this tupling's lanes). Call after
    /// `start()`.
    func feed<P: Publisher>(_ publisher: P, into lane: Lane<P.Output>) where P.Failure == Downstream.Failure {
        attach(
            publisher,
            onValue: { [self] value in
                let (tuple, over) = lock.withLock { () -> (Downstream.Input?, Bool) in
                    switch mode {
                    case .latest: lane.values = [value]
                    case .zip: lane.values.append(value)
                    }
                    guard let tuple = assemble() else { return (nil, false) }
                    if mode == .zip {
                        for lane in lanes { lane.dropFirst() }
                    }
                    return (tuple, isOver)
                }
                if let tuple { send(tuple) }
                if over { complete(.finished) }
            },
            onCompletion: { [self] completion in
                if case .failure = completion { return complete(completion) }
                let over = lock.withLock {
                    lane.isFinished = true
                    return isOver
                }
                if over { complete(.finished) }
            })
    }

    /// Whether no more tuples can come. Behind `lock`.
    private var isOver: Bool {
        switch mode {
        case .latest: lanes.allSatisfy(\.isFinished)
        case .zip: lanes.contains { $0.isFinished && $0.isEmpty }
        }
    }
}
