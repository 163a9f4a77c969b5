import NSEBenchCore

/// Deadlines and sleeps for many thousands of tasks, on one ``EventLoop``'s timing wheel.
///
/// `Task.sleep` degrades with many sleepers (measured here: 50,000 sleepers are about 150 ms late
/// at p99, and a cancelled sleep keeps its memory until its original deadline). This service puts
/// every sleep and deadline on the loop's wheel instead: O(1) to schedule and to cancel, fired by the
/// loop within tens of microseconds of the deadline, and freed within a millisecond of being
/// cancelled (not at the deadline).
///
/// Requests from any thread go to the loop through one inbox, so a burst of them costs one loop
/// wakeup. Requests that can wait, a cancellation or a timer more than 2 ms ahead, are handled within
/// ``deferral`` instead of at once (``EventLoop/execute(within:_:)``): a run setting and cancelling a
/// 30 s watchdog per invocation otherwise woke the timer loop twice per invocation. Deadlines are
/// ``MonotonicClock`` nanoseconds.
///
/// ```swift
/// let timers = TimerService(loop: loop)
/// try await timers.sleep(until: MonotonicClock.now() + 1_000_000_000)
/// let watchdog = timers.deadline(at: MonotonicClock.now() + 30_000_000_000) { expire() }
/// watchdog.cancel()
/// ```
///
/// When the loop shuts down, pending sleeps throw ``EventLoopError/shutDown(loop:)`` and pending
/// deadline actions never run (their handles stay ``DeadlineHandle/Status/pending``); requests made
/// after it throw at once, or for deadlines report ``DeadlineHandle/Status/cancelled``.
public final class TimerService: Sendable {
    /// The loop whose wheel holds the timers, and whose thread runs deadline actions.
    public let loop: EventLoop
    private let inbox: EventLoopInbox<TimerRequest>

    /// A service on `loop`, which may be started before or after.
    public init(loop: EventLoop) {
        self.loop = loop
        self.inbox = EventLoopInbox(
            loop: loop,
            handle: { request in request.perform(on: loop) },
            reject: { request, error in request.refuse(error) })
    }

    /// Suspends the task until ``MonotonicClock/now()`` reaches `deadline`; never returns earlier.
    ///
    /// - Throws: `CancellationError` when the task is cancelled, at once (the timer is removed from
    ///   the wheel in the loop's next iteration); ``EventLoopError/shutDown(loop:)`` when the loop is
    ///   shut down before the deadline.
    public func sleep(until deadline: UInt64) async throws {
        let sleeper = Sleeper(deadline: deadline, loopName: loop.name)
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                if sleeper.wait(continuation) { submit(.sleep(sleeper)) }
            }
        } onCancel: {
            if sleeper.cancel() { submit(.cancelSleep(sleeper)) }
        }
    }

    /// Suspends the task for `nanoseconds` from now; see ``sleep(until:)``.
    public func sleep(nanoseconds: UInt64) async throws {
        let now = MonotonicClock.now()
        let (deadline, overflow) = now.addingReportingOverflow(nanoseconds)
        try await sleep(until: overflow ? .max : deadline)
    }

    /// Runs `action` on the loop thread once ``MonotonicClock/now()`` reaches `deadline`, unless the
    /// returned handle is cancelled first. Callable from any thread.
    ///
    /// The action runs on the loop thread: keep it short, and hand longer work to a task.
    @discardableResult
    public func deadline(at deadline: UInt64, _ action: @escaping @Sendable () -> Void) -> DeadlineHandle {
        let handle = DeadlineHandle(deadline: deadline, service: self, action: action)
        submit(.deadline(handle))
        return handle
    }

    /// ``deadline(at:_:)`` whose action runs off the loop: when the deadline passes, the loop hands it to
    /// Dispatch's global queue, where `lateness` is told first how long after the deadline it started
    /// (so the hand-over counts). A herd of deadlines due at one instant then runs on every core rather
    /// than queueing on the loop. One closure for `lateness`, shared by every deadline, instead of one
    /// wrapping each action: an allocation less per deadline.
    @discardableResult
    public func deadline(
        at deadline: UInt64, offLoop lateness: @escaping @Sendable (UInt64) -> Void,
        _ action: @escaping @Sendable () -> Void
    ) -> DeadlineHandle {
        let handle = DeadlineHandle(deadline: deadline, service: self, offLoop: lateness, action: action)
        submit(.deadline(handle))
        return handle
    }

    /// How long a request that can wait may wait for the loop: 1 ms.
    public static let deferral: UInt64 = 1_000_000

    func submit(_ request: TimerRequest) {
        inbox.submit(request, within: request.mayWait(now: MonotonicClock.now()) ? Self.deferral : nil)
    }
}

/// What the service asks its loop to do.
enum TimerRequest: Sendable {
    case sleep(Sleeper)
    case cancelSleep(Sleeper)
    case deadline(DeadlineHandle)
    case cancelDeadline(DeadlineHandle)

    /// Whether the loop may take up to ``TimerService/deferral`` to act: cancellations, and timers due
    /// more than twice that from `now`. A timer due sooner is set at once, so deferring never makes
    /// one late.
    func mayWait(now: UInt64) -> Bool {
        switch self {
        case .cancelSleep, .cancelDeadline: true
        case .sleep(let sleeper): sleeper.deadline > now &+ 2 * TimerService.deferral
        case .deadline(let handle): handle.deadline > now &+ 2 * TimerService.deferral
        }
    }

    /// Acts on the loop's wheel. Loop thread only (the scheduling calls cannot fail there).
    func perform(on loop: EventLoop) {
        switch self {
        case .sleep(let sleeper):
            guard sleeper.isWaiting else { return }
            let timer = SleepTimer(sleeper)
            do {
                sleeper.timer = try loop.scheduleTimer(at: sleeper.deadline) { timer.fire() }
            } catch {
                sleeper.fail(error)
            }
        case .cancelSleep(let sleeper):
            if let timer = sleeper.timer.take() { _ = try? loop.cancelTimer(timer) }
        case .deadline(let handle):
            // Cancelled before it reached the loop: its cancel released the action.
            guard handle.status == .pending else { return }
            do {
                handle.timer = try loop.scheduleTimer(at: handle.deadline) { handle.fire() }
            } catch {
                if handle.claim(.cancelled) { _ = handle.takeAction() }
            }
        case .cancelDeadline(let handle):
            if let timer = handle.timer.take() { _ = try? loop.cancelTimer(timer) }
        }
    }

    /// The loop refused the request (it is shut down). Runs on the submitting thread.
    func refuse(_ error: EventLoopError) {
        switch self {
        case .sleep(let sleeper):
            sleeper.fail(error)
        case .deadline(let handle):
            if handle.claim(.cancelled) { _ = handle.takeAction() }
        case .cancelSleep, .cancelDeadline:
            break
        }
    }
}
