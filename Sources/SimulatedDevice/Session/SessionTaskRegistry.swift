import FoundationNetworking
import Synchronization

/// The tasks of one session that have not ended (as `getAllTasks` lists them and `invalidateAndCancel`
/// cancels them) and the session's invalidation, which its delegate hears of once the last of them has
/// ended: URLSession calls `didBecomeInvalidWithError` "after the last task finishes and the session makes
/// the last delegate call related to those tasks".
///
/// A task is held weakly: a resumed task is kept alive by its transfer until its completion has run, and
/// one its maker dropped without resuming it is gone. iOS keeps such a task, listed, until the session is
/// invalidated; only `getAllTasks` could tell, and holding it here would keep its session, and the
/// phone, alive for as long as the process runs.
final class SessionTaskRegistry: Sendable {
    /// A task of a simulated session (each of them is `@unchecked Sendable`).
    typealias SessionTask = URLSessionTask & Sendable

    /// Where the session is in its life: invalidation is asked for once, then waits for its tasks.
    enum Validity: Equatable, Sendable {
        /// New tasks may be made; nothing was asked.
        case valid
        /// `finishTasksAndInvalidate` or `invalidateAndCancel` was called; some tasks have not ended.
        case invalidating
        /// Invalidated and every task ended: the delegate has been (or is being) told.
        case invalid
    }

    /// What `invalidate()` found.
    struct Invalidation: Sendable {
        /// The tasks that had not ended, by identifier: `invalidateAndCancel` cancels them.
        var outstanding: [any SessionTask]
        /// Whether none was outstanding: the delegate is to hear of the invalidation now.
        var invalidNow: Bool
    }

    private struct WeakTask {
        weak var task: (any SessionTask)?
    }

    /// A phone that asked for the invalidation, held weakly: one gone is matched by no later caller.
    private struct Asker {
        weak var phone: SimulatedPhone?
    }

    private struct State {
        var live: [Int: WeakTask] = [:]
        var validity = Validity.valid
        /// The phones whose code asked for the invalidation.
        var askers: [Asker] = []
        /// Whether code of no phone asked for it.
        var askedWithoutPhone = false

        /// The live tasks, by identifier, forgetting those that are gone.
        mutating func liveTasks() -> [any SessionTask] {
            live = live.filter { $0.value.task != nil }
            return live.keys.sorted().compactMap { live[$0]?.task }
        }
    }

    private let state = Mutex(State())

    /// The tasks that have not ended, in the order they were made.
    var tasks: [any SessionTask] { state.withLock { $0.liveTasks() } }

    /// Holds `task`, just made, until it ends.
    func add(_ task: any SessionTask) {
        state.withLock { $0.live[task.taskIdentifier] = WeakTask(task: task) }
    }

    /// Task `identifier` ended (its last callback returned): whether it was the last of a session being
    /// invalidated, whose delegate is then to hear of it.
    func ended(_ identifier: Int) -> Bool {
        state.withLock { state in
            state.live[identifier] = nil
            guard state.validity == .invalidating, state.liveTasks().isEmpty else { return false }
            state.validity = .invalid
            return true
        }
    }

    /// Starts the session's invalidation, asked for by `phone`'s code (nil: no phone's), or finds it
    /// started: the tasks still outstanding (an `invalidateAndCancel` after `finishTasksAndInvalidate`
    /// cancels them, as URLSession's does), and whether the delegate is to hear of it now (once only); nil
    /// once the session is invalid for that phone. A phone asking first once the session is invalid (one kept
    /// in a static, invalidated by another phone) is given the tasks still outstanding: its own copy of the
    /// session is invalidated now.
    func invalidate(by phone: SimulatedPhone?) -> Invalidation? {
        state.withLock { state in
            let firstAsking: Bool
            if let phone {
                // Phones gone are dropped: a session kept in a static, invalidated by each of a run's
                // invocations, holds one entry per phone alive.
                state.askers.removeAll { $0.phone == nil }
                firstAsking = !state.askers.contains { $0.phone === phone }
                if firstAsking { state.askers.append(Asker(phone: phone)) }
            } else {
                firstAsking = !state.askedWithoutPhone
                state.askedWithoutPhone = true
            }
            switch state.validity {
            case .invalid:
                return firstAsking ? Invalidation(outstanding: state.liveTasks(), invalidNow: false) : nil
            case .invalidating:
                return Invalidation(outstanding: state.liveTasks(), invalidNow: false)
            case .valid:
                let outstanding = state.liveTasks()
                state.validity = outstanding.isEmpty ? .invalid : .invalidating
                return Invalidation(outstanding: outstanding, invalidNow: outstanding.isEmpty)
            }
        }
    }

    /// Whether a task made now by `phone`'s code (nil: no phone's) is refused: the session is invalidated,
    /// or being invalidated, at that phone's own asking. iOS raises an exception for a task made in a
    /// session once `finishTasksAndInvalidate` or `invalidateAndCancel` was called. A session several
    /// phones share (one kept in a static) stays valid for the phones that did not ask: each phone's own
    /// process would have its own copy of it.
    func refusesTasks(from phone: SimulatedPhone?) -> Bool {
        state.withLock { state in
            guard state.validity != .valid else { return false }
            guard let phone else { return state.askedWithoutPhone }
            return state.askers.contains { $0.phone === phone }
        }
    }
}
