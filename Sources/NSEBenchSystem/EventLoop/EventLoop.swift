import CNSEBenchLinux
import Glibc
import NSEBenchCore
import Synchronization

/// A single-threaded epoll event loop: descriptors, timers and work handed in from other threads,
/// all run on one dedicated thread.
///
/// - I/O: ``register(fd:interest:handler:)`` watches a descriptor (level-triggered); its handler
///   runs on the loop thread with the ready ``IOEvents``.
/// - Timers: ``scheduleTimer(at:_:)`` puts a callback in a ``TimingWheel`` keyed by
///   ``MonotonicClock`` nanoseconds; the loop sleeps in `epoll_pwait2` until the wheel's next
///   deadline, to the nanosecond, with the thread's timer slack set to 1 ns. (Measured on this
///   machine: p50 lateness about 30 µs, against about 550 µs for `epoll_wait`'s whole milliseconds
///   rounded up; a timerfd did no better and costs a `timerfd_settime` per change. Where
///   `epoll_pwait2` is missing the loop falls back to `epoll_wait`, rounding up so it never wakes
///   early.)
/// - Work: ``execute(_:)`` from any thread appends to a queue under a ``SleepingLock``; only the call that
///   finds the loop asleep writes the wakeup eventfd, so a burst of work costs one wakeup.
///
/// Registration and timer calls must be made on the loop thread (from a handler,
/// a timer, or work passed to ``execute(_:)``); they throw ``EventLoopError/notOnLoopThread(loop:operation:)``
/// elsewhere. The loop itself blocks only in `epoll_wait`; what it runs (handlers, timers, work, the
/// jobs of tasks that prefer it) holds it for as long as that takes, which its lag probe
/// (``LoopLagProbe``) shows. A handler may deregister itself or any other descriptor: events already
/// collected for a descriptor deregistered meanwhile are dropped.
///
/// Each iteration hands the calls its handlers, timers, work and jobs submit to ``BlockingCallPool``s
/// over together (``BlockingCallPool/handingOverTogether(_:)``): a thread is woken for several calls, and
/// within the pools' hand-over wait (100 µs by default, checked every 16 events and jobs). So what runs
/// on a loop must not wait for a pool call it submitted: no thread may have been woken for it yet.
///
/// A started loop keeps itself alive until ``shutdown()``.
public final class EventLoop: @unchecked Sendable {
    // @unchecked Sendable: state shared between threads is in `shared` (a SleepingLock) and `loopThreadID`
    // (an Atomic). Every other stored `var` is confined to the loop thread: public methods that
    // touch it check `inEventLoop` first, and the rest runs before `start()` or after the thread
    // has been joined. The descriptors are immutable `let`s; the wakeup eventfd is written and
    // closed only while holding `shared`'s lock.

    /// The loop's name, also its thread's name (first 15 bytes).
    public let name: String
    let epoll: Int32
    let wakeup: Int32
    /// A timerfd in the epoll set, armed by ``execute(within:_:)`` to wake the loop later.
    let deferredWakeup: Int32
    let shared: SleepingLock<SharedState>
    /// `pthread_self()` of the loop thread while it runs, 0 otherwise.
    let loopThreadID = Atomic<UInt>(0)

    // Loop-thread-confined state.
    var wheel: TimingWheel<TimerCallback>
    var registrations: ContiguousArray<Registration?> = []
    var registrationGeneration: UInt32 = 0
    var events: ContiguousArray<epoll_event>
    var running: SharedState.WorkQueue = []
    /// The deferred-wakeup timerfd fired in this iteration.
    var deferredWakeupFired = false
    var waitPrecision: WaitPrecision

    /// How many readiness events one `epoll_wait` can return.
    static var eventCapacity: Int { 256 }
    /// The epoll token of the wakeup eventfd; registration tokens never have all 64 bits set
    /// because descriptors are non-negative.
    static var wakeupToken: UInt64 { .max }
    /// The epoll token of the deferred-wakeup timerfd (its low 32 bits are no descriptor either).
    static var deferredWakeupToken: UInt64 { .max - 1 }

    /// Creates a loop with its epoll instance and wakeup eventfd; ``start()`` starts its thread.
    ///
    /// - Parameters:
    ///   - name: names the loop in errors and its thread (first 15 bytes).
    ///   - waitPrecision: how the loop sleeps until its next timer; the default is the precise one.
    public init(name: String, waitPrecision: WaitPrecision = .nanoseconds) throws(SystemError) {
        self.name = name
        self.waitPrecision = waitPrecision
        epoll = try Epoll.create()
        var created: [Int32] = []
        do throws(SystemError) {
            wakeup = try EventFD.create()
            created.append(wakeup)
            try Epoll.add(epoll, descriptor: wakeup, events: nseb_epollin(), token: Self.wakeupToken)
            deferredWakeup = try TimerFD.create()
            created.append(deferredWakeup)
            try Epoll.add(epoll, descriptor: deferredWakeup, events: nseb_epollin(), token: Self.deferredWakeupToken)
        } catch {
            for descriptor in created { try? Posix.close(descriptor) }
            try? Posix.close(epoll)
            throw error
        }
        shared = SleepingLock(SharedState())
        wheel = TimingWheel(now: MonotonicClock.now())
        events = ContiguousArray(repeating: epoll_event(), count: Self.eventCapacity)
    }

    deinit {
        // Only a loop that was never started, or already shut down, can be deinitialised (a
        // running one is retained by its thread); close whatever shutdown did not.
        let open = shared.withLock { state in
            defer { state.descriptorsClosed = true }
            return !state.descriptorsClosed
        }
        if open {
            try? Posix.close(wakeup)
            try? Posix.close(deferredWakeup)
            try? Posix.close(epoll)
        }
    }

    /// Whether the caller is running on this loop's thread.
    public var inEventLoop: Bool {
        pthread_equal(pthread_self(), loopThreadID.load(ordering: .relaxed)) != 0
    }

    /// Whether the loop thread has stopped (shut down, or on a failed system call): its handlers, timers
    /// and queued work will never run again, and what watched a descriptor through it will hear nothing
    /// more. False before ``start()``.
    public var hasStopped: Bool { shared.withLock { $0.stopped } }

    /// Starts the loop thread. Work queued by ``execute(_:)`` before now runs first.
    ///
    /// - Throws: ``EventLoopError/alreadyStarted(loop:)``, ``EventLoopError/shutDown(loop:)``, or
    ///   ``EventLoopError/system(_:)`` when the thread cannot be created.
    public func start() throws(EventLoopError) {
        try shared.withLock { (state) throws(EventLoopError) in
            guard !state.shutdownRequested else { throw .shutDown(loop: name) }
            guard !state.started else { throw .alreadyStarted(loop: name) }
            do throws(SystemError) {
                state.thread = try LoopThread.spawn(name: name) { self.run() }
            } catch {
                throw .system(error)
            }
            state.started = true
        }
    }

    /// Stops the loop and waits for its thread to end, then closes its epoll instance and eventfd.
    ///
    /// Work accepted by ``execute(_:)`` before this call still runs; from now on `execute` throws
    /// ``EventLoopError/shutDown(loop:)``. Pending timers are dropped unfired; registered
    /// descriptors are left open (the loop does not own them) and their handlers are released. A
    /// loop never started drops its queued work, and hands its queued task jobs to the global
    /// executor. A second call returns at once.
    ///
    /// - Throws: ``EventLoopError/onLoopThread(loop:operation:)`` on the loop thread, which cannot
    ///   join itself; ``EventLoopError/system(_:)`` if the loop had stopped on a failed system call
    ///   (it is still shut down and closed).
    public func shutdown() throws(EventLoopError) {
        guard !inEventLoop else { throw .onLoopThread(loop: name, operation: "shutdown") }
        // One critical section: the loop must not see the request while `execute` still accepts
        // work it would then never run.
        let (firstCall, thread, unrun) = shared.withLock { state in
            guard !state.shutdownRequested else { return (false, LoopThread?.none, SharedState.WorkQueue()) }
            state.shutdownRequested = true
            state.acceptingWork = false
            // Never started: nothing will run the queue. Released below, outside the lock, in case
            // a closure's captures call back into the loop as they go.
            let unrun = state.thread == nil ? state.queue : []
            if state.thread == nil { state.queue = [] }
            // The loop may be awake; the eventfd wakes it whatever it is doing.
            try? EventFD.signal(wakeup)
            return (true, state.thread.take(), unrun)
        }
        guard firstCall else { return }
        EventLoopWork.rescueJobs(from: unrun)
        var joinFailure: SystemError?
        do throws(SystemError) { try thread?.join() } catch { joinFailure = error }
        let failure = shared.withLock { state in
            if !state.descriptorsClosed {
                // Under the lock, so that no `execute` writes to a closed (or reused) descriptor.
                try? Posix.close(wakeup)
                try? Posix.close(deferredWakeup)
                try? Posix.close(epoll)
                state.descriptorsClosed = true
            }
            return state.failure ?? joinFailure
        }
        if let failure { throw .system(failure) }
    }

    /// Throws unless called on the loop thread.
    func requireLoopThread(_ operation: String) throws(EventLoopError) {
        guard inEventLoop else { throw .notOnLoopThread(loop: name, operation: operation) }
    }
}
