public import Foundation

/// What an `OperationQueue` runs for an operation of the extension's own class (an `Operation` subclass whose
/// `main()`, or `start()`, does the work) added by an invocation's code: the operation's `start()`, bound to
/// that invocation's phone, so a request its `main()` makes is that notification's, as on a phone, where the
/// extension's process serves one notification at a time.
///
/// Foundation's queue calls an operation's `start()` on a thread of its own, which carries no phone, and has
/// no hook around that call; the queue is given this operation instead (``PhoneDispatch/addOperation(_:to:)``),
/// which starts the extension's when the queue runs it. It takes the operation's dependencies, priority,
/// quality of service and name as they are when it is added. A cancel (`cancelAllOperations()` too) goes to
/// the extension's operation and this one still runs, so that the cancelled operation's `start()` finishes it,
/// as a queue does: anything waiting for it (`waitUntilFinished()`, an operation depending on it) is freed.
///
/// Not as iOS: the queue lists this operation, not the extension's (`operations`); dependencies added to the
/// extension's operation after it was queued are not waited for; and an asynchronous operation
/// (`isAsynchronous`) leaves the queue's count of running operations when its `start()` returns, not when it
/// finishes.
///
/// `@unchecked Sendable` as Foundation's `Operation` is: its stored properties are set in init and only read.
final class PhoneOperationRunner: Foundation.Operation, @unchecked Sendable {
    /// The extension's operation.
    let target: Foundation.Operation
    private let phone: SimulatedPhone

    /// An operation that starts `target` bound to `phone`, once `target`'s dependencies have finished.
    init(running target: Foundation.Operation, for phone: SimulatedPhone) {
        self.target = target
        self.phone = phone
        super.init()
        for dependency in target.dependencies { addDependency(dependency) }
        queuePriority = target.queuePriority
        qualityOfService = target.qualityOfService
        name = target.name
    }

    override func main() {
        let target = self.target
        phone.bind { target.start() }
    }

    /// Cancels the extension's operation; this one still runs, to finish it.
    override func cancel() {
        target.cancel()
    }
}

extension PhoneDispatch {
    /// `queue.addOperation(_:)` of an operation: one of the extension's own classes runs bound to the caller's
    /// phone (``PhoneOperationRunner``); a `BlockOperation` (whose blocks carry their phone already), or one
    /// added outside any invocation, is added as it is.
    public static func addOperation(_ operation: Foundation.Operation, to queue: OperationQueue) {
        queue.addOperation(runner(for: operation))
    }

    /// `queue.addOperations(_:waitUntilFinished:)`, each operation as ``addOperation(_:to:)`` adds it.
    public static func addOperations(
        _ operations: [Foundation.Operation], to queue: OperationQueue, waitUntilFinished wait: Bool
    ) {
        queue.addOperations(operations.map(runner(for:)), waitUntilFinished: wait)
    }

    /// What the queue is given for `operation`.
    static func runner(for operation: Foundation.Operation) -> Foundation.Operation {
        guard let phone = SimulatedPhone.current, !(operation is Foundation.BlockOperation) else { return operation }
        return PhoneOperationRunner(running: operation, for: phone)
    }
}
