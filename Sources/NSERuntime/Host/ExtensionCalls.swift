import Dispatch
import NSEBenchSystem
import SimulatedDevice

/// Where the host calls an extension (`didReceive`, `serviceExtensionTimeWillExpire`): for an extension
/// whose calls may block, on a thread that may block without holding up any other phone's extension.
///
/// iOS runs each extension in a process of its own, so an extension that waits on a semaphore for its
/// own download (a common pattern) blocks only itself. Here many phones share a process. Calls made on
/// one concurrent dispatch queue were served by libdispatch's pool of about one thread per core, so two
/// blocked calls stopped every other phone's extension on a 2-core machine (50 in flight of such an
/// extension: deliver p99 24 s, against 58 ms for the built-in `media` on the same load). A user's
/// extension's calls now run in a ``BlockingCallPool``, which adds a thread when calls have waited 2 ms
/// with none free while a thread is blocked in a call (not while the cores are merely busy).
/// nse-bench's built-in extensions never block: their calls run where the invocation runs, on the
/// thread that starts it when it can (a hand-off to a dispatch queue cost a thread wake-up per
/// invocation).
final class ExtensionCalls: Sendable {
    private let shared = DispatchQueue(label: "nse-bench.extensions", attributes: .concurrent)
    private let mayBlock = ExtensionCalls.pool(named: "nseb-ext-call")
    /// The threads of the phones' session callbacks: a pool of their own, so that a `didReceive` blocked
    /// until its completion handler has run never holds the thread that handler needs.
    private let callbacks = ExtensionCalls.pool(named: "nseb-callback")

    private static func pool(named name: String) -> BlockingCallPool {
        var settings = BlockingCallPool.Settings()
        // A thread added for a blocked call that stays as a spare keeps its allocator's cache, which
        // jemalloc counts as allocated: as the extension's heap (SharedProcessFootprint), charged to the
        // few invocations left at a run's end. With every added thread idling a second, 500 in flight of
        // a semaphore-waiting extension on --profile lte had 6 invocations killed for memory that way.
        settings.surplusThreadIdles = {
            do {
                try MemoryStatistics.flushThisThreadsCache()
            } catch {
                // Not jemalloc: the heap is not watched either.
            }
        }
        return BlockingCallPool(name: name, settings: settings)
    }

    /// The most threads the calls that may block needed at once beyond one per core: calls that blocked.
    var peakThreadsForBlockedCalls: Int { mayBlock.peakThreadsBeyondCores }
    /// The same for the phones' session callbacks (a completion handler that waits on a semaphore).
    var peakThreadsForBlockedCallbacks: Int { callbacks.peakThreadsBeyondCores }

    /// How long the extension's calls and its phones' session callbacks waited for a thread, p99, in
    /// nanoseconds: on a phone each runs at once, in a process of its own (a built-in's calls, made where
    /// the invocation runs, wait as that loop's lag says). Nil when none was made.
    var waitP99: UInt64? {
        var waits = mayBlock.waits
        try? waits.merge(callbacks.waits)
        return waits.isEmpty ? nil : waits.value(atPercentile: 99)
    }

    /// How many threads for those calls and for session callbacks the system would not make, and the
    /// first error; nil when every one started.
    var threadStartFailure: String? {
        let failures = [mayBlock.threadStartFailures, callbacks.threadStartFailures]
        let count = failures.map(\.count).reduce(0, +)
        guard let first = failures.lazy.compactMap(\.first).first else { return nil }
        return "\(count) \(count == 1 ? "thread" : "threads") could not be started (\(first))"
    }

    /// Runs `call`, a call into an extension `factory` makes: a user's extension's on a thread that may
    /// block; a built-in's (it never blocks) here and now when `here` (the invocation's own thread: no
    /// other is woken for it), else on `executor`, the invocation's (a timer's thread stays free for
    /// timers), or a dispatch queue without one.
    func run(
        for factory: ExtensionFactory, here: Bool, executor: (any TaskExecutor)?,
        _ call: @escaping @Sendable () -> Void
    ) {
        if factory.callsMayBlock {
            mayBlock.submit(call)
        } else if here {
            call()
        } else if let executor {
            Task(executorPreference: executor) { call() }
        } else {
            shared.async(execute: call)
        }
    }
}

/// A phone's session callbacks (a user's completion handlers and delegate calls) run on a pool of
/// threads for calls that may block, as its `didReceive` does, but not the same pool: a `didReceive`
/// that waits on a semaphore for its download would otherwise hold a thread its completion handler
/// waits for (50 in flight of such an extension, 1 KB: throughput halved and deliver p99 2.5 times,
/// with one pool for both). A callback that waits holds only its own thread, and the callbacks of every
/// session share these few threads instead of waking libdispatch's overcommit pool, which woke 1.25
/// threads per invocation of `Examples/MediaDownload` (issue #11).
extension ExtensionCalls: PhoneCallbackThreads {
    func submit(_ work: @escaping @Sendable () -> Void) {
        callbacks.submit(work)
    }
}
