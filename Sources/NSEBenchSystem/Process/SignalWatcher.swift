import Foundation
import Glibc
import Synchronization

/// Delivers SIGINT / SIGTERM as values instead of killing the process, so commands can stop
/// admitting work, finish what is in flight and write partial results.
///
/// A signal caught the moment ``init(watching:)`` returns is never lost. (A Dispatch signal source
/// was not: it needs the signal ignored, and registers itself later, on Dispatch's own thread, so a
/// SIGTERM in between was discarded; a `serve` that the run stopped right after it started then kept
/// running, and the run waited for it for good.) The handler is `sigaction`'s, installed before `init`
/// returns; it writes the signal's number to a pipe, the one thing a handler may safely do, and a
/// thread of the process reads the pipe and hands each signal to every watcher of it (a test process
/// runs several commands at once, each with its own watcher).
public final class SignalWatcher: Sendable {
    /// The signals as they arrive, in order.
    public let signals: AsyncStream<Int32>
    private let watched: [Int32]
    private let identity: Int

    /// Starts watching SIGINT and SIGTERM.
    public convenience init() { self.init(watching: [SIGINT, SIGTERM]) }

    /// Starts watching `watched`; their default action is replaced by the watcher's until ``stop()``.
    public init(watching watched: [Int32]) {
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        signals = stream
        self.watched = watched
        identity = SignalRelay.shared.add(watched, continuation)
    }

    /// Stops watching; a signal no other watcher watches gets its default action back.
    public func stop() {
        SignalRelay.shared.remove(identity, watched)
    }

    /// SIGINT's number, for callers that do not import Glibc.
    public static var interrupt: Int32 { SIGINT }

    /// SIGTERM's number.
    public static var terminate: Int32 { SIGTERM }

    /// Ignores SIGINT for good: a child process that its parent stops with SIGTERM must not also
    /// stop when Ctrl-C reaches the whole process group.
    public static func ignoreInterrupts() { SignalRelay.shared.ignoreForGood(SIGINT) }

    /// Sends `number` to this process, as another process would (kill(2) on our own id): a watcher
    /// turns it into a value like any other.
    public static func sendToSelf(_ number: Int32) { _ = kill(getpid(), number) }

    /// The conventional name of a signal, for messages.
    public static func name(of number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }
}

/// The write end of the relay's pipe, for the signal handler (a C function, which captures nothing).
/// Written once, before the first handler is installed, and only read after.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The process's one relay from `sigaction` handlers to watchers.
private final class SignalRelay: Sendable {
    static let shared = SignalRelay()

    private struct Watchers {
        var next = 0
        var bySignal: [Int32: [Int: AsyncStream<Int32>.Continuation]] = [:]
        /// Signals set to be ignored for good (``SignalWatcher/ignoreInterrupts()``).
        var ignored: Set<Int32> = []
    }

    private let watchers = Mutex(Watchers())
    private let readEnd: Int32

    private init() {
        // Without a pipe no signal could be relayed; the default actions then stay, which ends the
        // process on SIGINT or SIGTERM as if nothing watched them. Not inherited by the commands' child
        // processes.
        var ends: [Int32] = [-1, -1]
        do {
            let pipe = try Posix.pipe()
            // Started first: without its relaying thread the handlers would swallow the signals.
            try PosixThread.detach(name: "nse-bench-signals") { Self.relay(from: pipe.read) }
            ends = [pipe.read, pipe.write]
        } catch {
            // Left unwatched, as above (a pipe whose thread could not start stays open, unused).
        }
        // A handler never blocks: with the pipe full (signals unread), one more is dropped.
        if ends[1] >= 0 { _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK) }
        readEnd = ends[0]
        signalPipeWriteEnd = ends[1]
    }

    func add(_ signals: [Int32], _ continuation: AsyncStream<Int32>.Continuation) -> Int {
        watchers.withLock { state in
            let identity = state.next
            state.next += 1
            for number in signals {
                state.bySignal[number, default: [:]][identity] = continuation
                if readEnd >= 0 { Self.install(number) }
            }
            return identity
        }
    }

    func remove(_ identity: Int, _ signals: [Int32]) {
        watchers.withLock { state in
            for number in signals {
                state.bySignal[number]?[identity]?.finish()
                state.bySignal[number]?[identity] = nil
                guard state.bySignal[number]?.isEmpty ?? true else { continue }
                signal(number, state.ignored.contains(number) ? SIG_IGN : SIG_DFL)
            }
        }
    }

    func ignoreForGood(_ number: Int32) {
        watchers.withLock { state in
            state.ignored.insert(number)
            if state.bySignal[number]?.isEmpty ?? true { signal(number, SIG_IGN) }
        }
    }

    private static func install(_ number: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            var byte = UInt8(truncatingIfNeeded: number)
            let saved = errno
            _ = write(signalPipeWriteEnd, &byte, 1)
            errno = saved
        }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(number, &action, nil)
    }

    private static func relay(from readEnd: Int32) {
        var byte: UInt8 = 0
        while true {
            let count = read(readEnd, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { return }
            let number = Int32(byte)
            let continuations = shared.watchers.withLock { Array(($0.bySignal[number] ?? [:]).values) }
            for continuation in continuations { continuation.yield(number) }
        }
    }
}
