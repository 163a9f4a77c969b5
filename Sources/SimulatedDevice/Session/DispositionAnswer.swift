import Foundation
import Synchronization

/// Tells apart the ways a data delegate answers `didReceive response`: inside the call, on its thread
/// (go on at once, on the delegate queue it is already on); after the call returned, or from another
/// thread (go on through the delegate queue); or a second time (ignored: URLSession's would raise an
/// exception).
final class DispositionAnswer: Sendable {
    /// What to do with an answer.
    enum Timing: Sendable, Hashable {
        /// It came inside the call, on its thread: go on now.
        case now
        /// It came after the call returned, or from another thread: go on through the delegate queue.
        case later
        /// One came before: ignore this one.
        case ignored
    }

    private struct State {
        var answered = false
        var returned = false
    }

    private let state = Mutex(State())
    /// The thread the delegate is called on. `nonisolated(unsafe)`: set once in init, only compared.
    nonisolated(unsafe) private let caller = Thread.current

    /// An answer came; returns what to do with it.
    func give() -> Timing {
        let onCaller = Thread.current === caller
        return state.withLock { state in
            guard !state.answered else { return .ignored }
            state.answered = true
            return !state.returned && onCaller ? .now : .later
        }
    }

    /// The delegate's call returned.
    func returned() {
        state.withLock { $0.returned = true }
    }
}
