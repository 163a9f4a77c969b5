/// The lifecycle of one simulated session task, as a pure state machine: `URLSessionTask`'s states, with
/// the data each carries, and the action every event asks of the driver (``TransferDriver``).
///
/// ```
/// suspended ──resume──▶ running ──finished──▶ completed
///     │                    │
///     └──────cancel────────┴──▶ canceling ──finished──▶ completed (cancelled)
/// ```
/// A task cancelled before it was resumed completes with `cancelled` without touching the network, as
/// URLSession's do; `resume` after completion, and a second `cancel`, do nothing.
struct TransferStateMachine: Sendable, Hashable {
    enum State: Sendable, Hashable {
        case suspended
        case running
        case canceling
        case completed(cancelled: Bool)
    }

    enum Action: Sendable, Hashable {
        /// Start the transfer.
        case start
        /// Stop the transfer in flight.
        case stopTransfer
        /// Report completion with `cancelled` without a transfer.
        case completeCancelled
        /// Nothing to do.
        case none
    }

    private(set) var state = State.suspended

    mutating func resume() -> Action {
        guard state == .suspended else { return .none }
        state = .running
        return .start
    }

    mutating func cancel() -> Action {
        switch state {
        case .suspended:
            state = .completed(cancelled: true)
            return .completeCancelled
        case .running:
            state = .canceling
            return .stopTransfer
        case .canceling, .completed:
            return .none
        }
    }

    /// The transfer ended; returns whether it counts as cancelled.
    mutating func finished() -> Bool {
        let cancelled = state == .canceling
        state = .completed(cancelled: cancelled)
        return cancelled
    }
}
