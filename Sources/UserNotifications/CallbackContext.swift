import Synchronization

/// Carries the context of the code that asks for a callback (in a run, its simulated phone) into the
/// callback, for the frameworks that run completion handlers on queues of their own and sit below the
/// module that knows the phone: this module's notification center, Intents.
///
/// SimulatedDevice installs the carrier when it makes its first phone (`PhoneDispatch.carrying`); until then,
/// and for code outside any invocation, work runs as it was given. Without it, a request made from
/// `getDeliveredNotifications`'s completion handler could not be told apart from another invocation's.
package enum CallbackContext {
    /// Wraps work so that it runs in the calling code's context.
    package typealias Carrier = @Sendable (@escaping @Sendable () -> Void) -> @Sendable () -> Void

    private static let carrier = Mutex<Carrier?>(nil)

    /// Installs `carrier` for every later ``carrying(_:)``; the last installed wins.
    package static func install(_ carrier: @escaping Carrier) {
        self.carrier.withLock { $0 = carrier }
    }

    /// `work`, wrapped to run in the context of the code calling this now (unchanged when no carrier is
    /// installed).
    package static func carrying(_ work: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        guard let carrier = carrier.withLock({ $0 }) else { return work }
        return carrier(work)
    }
}
