public import Foundation
import UserNotifications

/// Work that extension code hands to a queue of its own, run as that invocation's code.
///
/// On a phone an extension's process serves one notification at a time, so a block it sends to
/// `DispatchQueue.global()` or `.main`, an `asyncAfter`, a `DispatchWorkItem`, a `DispatchGroup`'s `notify`, a
/// dispatch source's handler or an `OperationQueue` belongs to that notification without anything to carry. Here one process runs many
/// invocations, each on its own ``SimulatedPhone``, which is bound to the threads that call the extension
/// and not to Dispatch's. The file nse-bench adds to each of the user's modules (`ExtensionEntryFile`)
/// routes those calls here, with Dispatch's and Foundation's exact signatures so that the module's own win
/// over the imported ones; each captures the calling code's phone and binds it around the work. So a
/// request made in such a block is its invocation's (through `URLSession.shared` too), and a crash in
/// one is its invocation's crash. Outside any invocation the work runs as given.
///
/// `Task.detached` and `Thread.detachNewThread` carry it too: a detached task inherits no task-local values by
/// design, but on a phone its work is still that notification's. A work item carries the phone of the code
/// that made it, whatever queue it is given to, and so does a `BlockOperation`'s block (``PhoneBlockOperation``)
/// and a `Thread(block:)`'s. Not carried: `pthread_create`, a `DispatchSource`
/// handler given as a work item, an `Operation` subclass's `main()`, `NotificationCenter` observers given a
/// queue, run loop timers, and `DispatchQueue.main.sync` from another thread.
///
/// ```swift
/// // In a user's module, through the generated file:
/// DispatchQueue.global().async { URLSession.shared.downloadTask(with: url) { ... }.resume() }
/// ```
public enum PhoneDispatch {
    /// `work`, to run later on another thread as the calling code: bound to its phone.
    public static func carrying(_ work: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        guard let phone = SimulatedPhone.current else { return work }
        return { phone.bind(work) }
    }

    /// ``carrying(_:)`` for work that is not `Sendable` (Combine's scheduled actions, a group's
    /// notification): the caller hands it to one queue, which runs it once.
    public static func carrying(_ work: @escaping () -> Void) -> () -> Void {
        guard let phone = SimulatedPhone.current else { return work }
        return { phone.bind(work) }
    }

    /// Installs ``carrying(_:)`` for the frameworks below this module (the notification center's
    /// completion handlers, Intents'); every phone made calls it, and it runs once.
    static let installed: Void = CallbackContext.install { work in carrying(work) }

    // MARK: DispatchQueue

    /// `queue.async(group:qos:flags:execute:)`, carrying the caller's phone.
    public static func async(
        on queue: DispatchQueue, group: DispatchGroup?, qos: DispatchQoS, flags: DispatchWorkItemFlags,
        execute work: @escaping @Sendable () -> Void
    ) {
        queue.async(group: group, qos: qos, flags: flags, execute: carrying(work))
    }

    /// `queue.asyncAfter(deadline:qos:flags:execute:)`, carrying the caller's phone.
    public static func asyncAfter(
        on queue: DispatchQueue, deadline: DispatchTime, qos: DispatchQoS, flags: DispatchWorkItemFlags,
        execute work: @escaping @Sendable () -> Void
    ) {
        queue.asyncAfter(deadline: deadline, qos: qos, flags: flags, execute: carrying(work))
    }

    /// `queue.asyncAfter(wallDeadline:qos:flags:execute:)`, carrying the caller's phone.
    public static func asyncAfter(
        on queue: DispatchQueue, wallDeadline: DispatchWallTime, qos: DispatchQoS, flags: DispatchWorkItemFlags,
        execute work: @escaping @Sendable () -> Void
    ) {
        queue.asyncAfter(wallDeadline: wallDeadline, qos: qos, flags: flags, execute: carrying(work))
    }

    // MARK: DispatchSource

    /// Which of a dispatch source's handlers.
    public enum SourceHandler: Sendable {
        case event, cancel, registration
    }

    /// A dispatch source's `setEventHandler(qos:flags:handler:)` (or its cancel or registration handler's),
    /// the handler bound to the caller's phone each time it runs (a timer's every firing).
    public static func setHandler(
        _ kind: SourceHandler, of source: any DispatchSourceProtocol, qos: DispatchQoS, flags: DispatchWorkItemFlags,
        handler: DispatchSourceHandler?
    ) {
        var carried = handler
        if let handler, let phone = SimulatedPhone.current {
            let body = WorkBlock(handler)
            carried = { phone.bind(body.body) }
        }
        switch kind {
        case .event: source.setEventHandler(qos: qos, flags: flags, handler: carried)
        case .cancel: source.setCancelHandler(qos: qos, flags: flags, handler: carried)
        case .registration: source.setRegistrationHandler(qos: qos, flags: flags, handler: carried)
        }
    }

    // MARK: Task, Thread

    /// `Task.detached(name:priority:operation:)`, its task bound to the caller's phone.
    public static func detached<Success: Sendable>(
        name: String?, priority: TaskPriority?, operation: sending @escaping @isolated(any) () async -> Success
    ) -> Task<Success, Never> {
        guard let phone = SimulatedPhone.current else {
            return Task.detached(name: name, priority: priority, operation: operation)
        }
        return Task.detached(name: name, priority: priority) {
            await SimulatedPhone.$current.withValue(phone) { await operation() }
        }
    }

    /// `Task.detached(name:priority:operation:)` of a throwing operation, its task bound to the caller's phone.
    public static func detached<Success: Sendable>(
        name: String?, priority: TaskPriority?, operation: sending @escaping @isolated(any) () async throws -> Success
    ) -> Task<Success, any Error> {
        guard let phone = SimulatedPhone.current else {
            return Task.detached(name: name, priority: priority, operation: operation)
        }
        return Task.detached(name: name, priority: priority) {
            try await SimulatedPhone.$current.withValue(phone) { try await operation() }
        }
    }

    /// `Thread.detachNewThread(_:)`, the thread's block bound to the caller's phone.
    public static func detachNewThread(_ block: @escaping @Sendable () -> Void) {
        Thread.detachNewThread(carrying(block))
    }

    // MARK: DispatchGroup, OperationQueue

    /// `group.notify(qos:flags:queue:execute:)`, carrying the caller's phone.
    public static func notify(
        _ group: DispatchGroup, qos: DispatchQoS, flags: DispatchWorkItemFlags, queue: DispatchQueue,
        execute work: @escaping () -> Void
    ) {
        let work = WorkBlock(carrying(work))
        group.notify(qos: qos, flags: flags, queue: queue) { work.body() }
    }

    /// `item.notify(qos:flags:queue:execute:)`, carrying the caller's phone.
    public static func notify(
        _ item: DispatchWorkItem, qos: DispatchQoS, flags: DispatchWorkItemFlags, queue: DispatchQueue,
        execute work: @escaping () -> Void
    ) {
        let work = WorkBlock(carrying(work))
        item.notify(qos: qos, flags: flags, queue: queue) { work.body() }
    }

    /// `queue.addOperation(_:)` of a block, carrying the caller's phone.
    public static func addOperation(to queue: OperationQueue, _ block: @escaping @Sendable () -> Void) {
        queue.addOperation(carrying(block))
    }

    /// `queue.addBarrierBlock(_:)`, carrying the caller's phone.
    public static func addBarrierBlock(to queue: OperationQueue, _ barrier: @escaping @Sendable () -> Void) {
        queue.addBarrierBlock(carrying(barrier))
    }
}

/// A block Dispatch runs once on the queue given, as it runs the one it was handed.
private struct WorkBlock: @unchecked Sendable {
    // @unchecked Sendable: handed to exactly one queue, which calls it once; nothing else touches it.
    let body: () -> Void

    init(_ body: @escaping () -> Void) { self.body = body }
}

extension Thread {
    /// A thread whose block runs bound to the phone of the code making it, for the generated file's
    /// `init(block:)`. The first argument only tells this initializer from Foundation's `init(block:)`,
    /// which a trailing closure would otherwise match as well.
    public convenience init(_ dispatch: PhoneDispatch.Type, block: @escaping @Sendable () -> Void) {
        self.init(block: dispatch.carrying(block))
    }
}

extension DispatchWorkItem {
    /// A work item whose block runs bound to the phone of the code making it (`PhoneDispatch`), with its
    /// `qos` and `flags` (a barrier stays a barrier), for the generated file's `init(qos:flags:block:)`.
    public convenience init(
        carryingThePhoneOf block: @escaping () -> Void, qos: DispatchQoS, flags: DispatchWorkItemFlags
    ) {
        self.init(qos: qos, flags: flags, block: PhoneDispatch.carrying(block))
    }
}
