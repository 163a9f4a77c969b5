public import Foundation
import UserNotifications

/// Work that extension code hands to a queue of its own, run as that invocation's code.
///
/// On a phone an extension's process serves one notification at a time, so a block it sends to
/// `DispatchQueue.global()` or `.main`, an `asyncAfter`, a `DispatchGroup`'s `notify` or an
/// `OperationQueue` belongs to that notification without anything to carry. Here one process runs many
/// invocations, each on its own ``SimulatedPhone``, which is bound to the threads that call the extension
/// and not to Dispatch's. The file nse-bench adds to each of the user's modules (`ExtensionEntryFile`)
/// routes those calls here, with Dispatch's and Foundation's exact signatures so that the module's own win
/// over the imported ones; each captures the calling code's phone and binds it around the work. So a
/// request made in such a block is its invocation's (through `URLSession.shared` too), and a crash in
/// one is its invocation's crash. Outside any invocation the work runs as given.
///
/// Not carried: threads the code makes itself (`Thread`, `pthread_create`) and `Task.detached`, which on
/// purpose inherits nothing.
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

    /// `queue.async(execute:)` of a work item, carrying the caller's phone; the item keeps its own
    /// cancellation, `wait` and `notify` (it is performed inside the carried block).
    public static func async(on queue: DispatchQueue, group: DispatchGroup?, execute item: DispatchWorkItem) {
        let item = WorkItem(item)
        guard SimulatedPhone.current != nil else {
            if let group { return queue.async(group: group, execute: item.item) }
            return queue.async(execute: item.item)
        }
        queue.async(group: group, execute: carrying { item.item.perform() })
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

    /// `queue.asyncAfter(deadline:execute:)` of a work item, carrying the caller's phone.
    public static func asyncAfter(on queue: DispatchQueue, deadline: DispatchTime, execute item: DispatchWorkItem) {
        let item = WorkItem(item)
        guard SimulatedPhone.current != nil else { return queue.asyncAfter(deadline: deadline, execute: item.item) }
        queue.asyncAfter(deadline: deadline, execute: carrying { item.item.perform() })
    }

    /// `queue.asyncAfter(wallDeadline:execute:)` of a work item, carrying the caller's phone.
    public static func asyncAfter(
        on queue: DispatchQueue, wallDeadline: DispatchWallTime, execute item: DispatchWorkItem
    ) {
        let item = WorkItem(item)
        guard SimulatedPhone.current != nil else {
            return queue.asyncAfter(wallDeadline: wallDeadline, execute: item.item)
        }
        queue.asyncAfter(wallDeadline: wallDeadline, execute: carrying { item.item.perform() })
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

    /// `queue.addOperation(_:)` of a block, carrying the caller's phone.
    public static func addOperation(to queue: OperationQueue, _ block: @escaping @Sendable () -> Void) {
        queue.addOperation(carrying(block))
    }
}

/// A work item handed to Dispatch from another thread: libdispatch's block objects are thread-safe (their
/// cancellation, wait and notify are atomic), though not marked `Sendable` on Linux.
private struct WorkItem: @unchecked Sendable {
    // @unchecked Sendable: libdispatch guards the block object itself (see above); this only passes it on.
    let item: DispatchWorkItem

    init(_ item: DispatchWorkItem) { self.item = item }
}

/// A block Dispatch runs once on the queue given, as it runs the one it was handed.
private struct WorkBlock: @unchecked Sendable {
    // @unchecked Sendable: handed to exactly one queue, which calls it once; nothing else touches it.
    let body: () -> Void

    init(_ body: @escaping () -> Void) { self.body = body }
}
