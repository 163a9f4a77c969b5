import Dispatch
import NSEBenchCore
import Synchronization

/// Runs notification service extensions as iOS does, one invocation at a time per call, and records how
/// each one ends.
///
/// For each ``invoke(_:)`` the host:
/// - waits for the notification's scheduled arrival if called early; the 30-second budget runs from the
///   arrival, so an invocation the caller could not start in time has already lost some of it, and one
///   started after its deadline is killed without the expiry call, as iOS kills an extension that spends
///   its budget starting up;
/// - creates a fresh extension and calls `didReceive` on a thread of its concurrent extension queue, with
///   the request iOS would build from the payload;
/// - at the deadline calls `serviceExtensionTimeWillExpire` on another thread and starts the grace period;
/// - honours the first call of the content handler and counts the others as violations (the
///   ``InvocationLifecycle`` decides); moves the shown content's attachments into the attachment store;
/// - kills the invocation when the memory it can see (baseline, payload, the extension's ``MemoryMeter``)
///   goes over the limit, and records a crash when the extension simulates one or its tracked work throws;
/// - after the outcome is fixed, listens to the extension's work for the wind-down, then returns the
///   ``InvocationRecord``.
///
/// `invoke` ignores task cancellation: it always returns a record, at the latest at the deadline plus the
/// grace period plus the wind-down.
///
/// A payload without `"mutable-content":1` (``NotificationPayload/isMutable``) is shown as it arrived
/// without starting the extension, as iOS does: the record's outcome is ``InvocationOutcome/notMutable``.
///
/// ```swift
/// let host = ExtensionHost(environment: environment)
/// let media = try BuiltInExtensions.named("media")
/// let record = await host.invoke(InvocationInput(generated: payload, arrival: arrival, extension: media))
/// record.outcome   // .enriched, .degraded, .expiredBestAttempt, ...
/// ```
public final class ExtensionHost: Sendable {
    /// The limits every invocation runs under.
    public let settings: HostSettings
    /// The clock, timers, network and files.
    public let environment: HostEnvironment
    private let queue = DispatchQueue(label: "nse-bench.extensions", attributes: .concurrent)
    private let temporaryFiles: TemporaryFiles
    private let live = Mutex(LiveSessions())

    /// The invocations started and not yet finished, and whether their process was killed.
    private struct LiveSessions {
        var sessions: [Int: InvocationSession] = [:]
        /// Invocations whose `didReceive` is being called, before their session is registered: their
        /// allocations are in the heap already.
        var starting = 0
        /// The footprint charged to each invocation when the process was killed for its memory.
        var killedFootprint: Int?
    }

    /// A host.
    public init(settings: HostSettings = HostSettings(), environment: HostEnvironment) {
        self.settings = settings
        self.environment = environment
        self.temporaryFiles = TemporaryFiles(directory: environment.temporaryDirectory)
    }

    /// Runs one invocation to its outcome and returns its record.
    public func invoke(_ input: InvocationInput) async -> InvocationRecord {
        let kept = Mutex<InvocationRecord?>(nil)
        await invoke(input) { record in kept.withLock { $0 = record } }
        // `recording` has run before invoke(_:recording:) returns.
        return kept.withLock { $0 }
            ?? .processDied(
                input, reason: "harness: the invocation ended without a record", now: environment.clock.now(),
                deadline: input.arrival &+ settings.timeBudget)
    }

    /// Runs one invocation to its outcome and hands its record to `recording` (on the thread that
    /// completed it) before returning.
    ///
    /// The record never crosses a suspension point: a caller holding tens of thousands of invocations in
    /// flight keeps no record-sized slot in each task's async frames (about 0.6 KB each, and every
    /// frame on the way, in the task allocator's 1 KB slabs), only what it needs to start one.
    public func invoke(_ input: InvocationInput, recording: @escaping @Sendable (InvocationRecord) -> Void) async {
        if environment.clock.now() < input.arrival {
            // Not a cancellable sleep: invoke ignores cancellation, and an early start would misstate queueing.
            let timers = environment.timers
            let arrival = input.arrival
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                _ = timers.schedule(at: arrival) { continuation.resume() }
            }
        }
        let id = input.id
        let session = InvocationSession(
            input: input, settings: settings, environment: environment, queue: queue,
            temporaryFiles: temporaryFiles, expectedText: expectedText(for: input))
        live.withLock { $0.starting += 1 }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            session.start { record in
                recording(record)
                continuation.resume()
            }
            let killed = live.withLock { live -> Int? in
                live.starting -= 1
                if live.killedFootprint == nil { live.sessions[id] = session }
                return live.killedFootprint
            }
            if let killed { session.processKilledForMemory(footprint: killed) }
        }
        live.withLock { _ = $0.sessions.removeValue(forKey: id) }
    }

    /// Invocations started and not yet finished.
    public var invocationsInFlight: Int { live.withLock { $0.sessions.count + $0.starting } }

    /// The process is being killed for its memory, as jetsam kills an extension's process: every
    /// invocation in flight, and any started from now on, ends `killed` without the expiry call
    /// (those that had delivered keep their outcome), charged `footprint` bytes each. Their records
    /// come back from ``invoke(_:)`` as usual, so the caller can report them before the process ends.
    public func killForMemory(footprint: Int) {
        let sessions = live.withLock { live -> [InvocationSession] in
            live.killedFootprint = footprint
            return Array(live.sessions.values)
        }
        for session in sessions { session.processKilledForMemory(footprint: footprint) }
    }

    /// The text decryption should produce: the input's, or the payload's `encrypted_data` opened with the
    /// run's key; nil when neither is known (or the data does not open: nothing can decrypt it then).
    private func expectedText(for input: InvocationInput) -> NotificationText? {
        if let expected = input.expectedText { return expected }
        guard let encrypted = input.payload.encryptedData, let key = environment.payloadKey else { return nil }
        do {
            return try PayloadCrypto.open(encrypted, key: key)
        } catch {
            return nil
        }
    }
}
