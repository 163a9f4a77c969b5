import Foundation
import NSEBenchCore
import SimulatedDevice

extension InvocationSession {
    /// Everything about the invocation that changes, kept under the session's `Mutex`.
    struct State {
        /// The pure state machine that decides outcomes and violations.
        var lifecycle: InvocationLifecycle
        /// Whether the record is out: the process is treated as gone and nothing it does is heard.
        var isComplete = false
        /// The context handed to a host-aware extension; dropped at completion to break reference cycles.
        var context: InvocationContext?
        /// The extension, once created; dropped at completion.
        var instance: ExtensionReference?
        /// The simulated phone the extension's code sees, once `didReceive` is called.
        var phone: SimulatedPhone?
        /// Whether `didReceive` has been entered: the expiry call never comes before it.
        var didReceiveEntered = false
        /// The deadline came before `didReceive` was entered: call `serviceExtensionTimeWillExpire` then.
        var expiryDeferred = false
        /// Whether `didReceive` has returned.
        var didReceiveReturned = false
        /// The tasks started through ``InvocationContext/run(_:)`` (and the phone's transfers) that have
        /// not ended.
        var work = TrackedWork()
        var deadlineTimer: (any InvocationTimer)?
        var graceTimer: (any InvocationTimer)?
        var windDownTimer: (any InvocationTimer)?
        /// Fires when the phone has started the extension's process (a cold start).
        var coldStartTimer: (any InvocationTimer)?
        /// When the host admitted the invocation: its cold start, if any, runs from here.
        var admittedAt: UInt64?
        /// Whether an ``InvocationEvent/Kind/outcomeFixed(_:)`` event went out.
        var outcomeTraced = false
        /// The content the user sees, when the honoured delivery is shown.
        var shown: VisibleNotification?
        /// The host's side of the honoured delivery.
        var deliverSpan: PhaseSpan?
        var peakMemory: Int
        /// An injected crash waits for the first handler call.
        var crashPending: Bool
        /// Whether the injected crash struck.
        var injectedCrashStruck = false
        /// A crash reported after the outcome was final (during the wind-down).
        var lateCrashReason: String?
        var workAbandoned = false
        /// Given the record at completion.
        var completion: (@Sendable (InvocationRecord) -> Void)?

        /// Whether the extension's work has returned: `didReceive` and every tracked task.
        var workReturned: Bool { didReceiveReturned && work.isEmpty }
    }

    /// What the session does outside its lock, in order, after an event.
    enum Effect {
        /// Create the extension and call `didReceive`, where its calls run (``ExtensionCalls``).
        case callDidReceive
        /// Call `serviceExtensionTimeWillExpire`, where its calls run (``ExtensionCalls``).
        case callExpiry(ExtensionReference)
        /// Cancel the extension's tracked tasks.
        case cancel([Task<Void, Never>])
        /// Remove the temporary files the invocation was given.
        case removeTemporaryFiles([String])
        /// Remove the phone's own container, if the extension asked for one of its folders.
        case removeContainer(PhoneContainer)
        /// Report an event to the trace.
        case trace(InvocationEvent)
        /// Hand the record to `invoke`.
        case complete(InvocationRecord, (@Sendable (InvocationRecord) -> Void)?)
    }

    func event(_ kind: InvocationEvent.Kind, at time: UInt64) -> Effect {
        .trace(InvocationEvent(id: input.id, time: time, kind: kind))
    }
}
