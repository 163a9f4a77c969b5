import Dispatch
import Glibc

/// Delivers SIGINT / SIGTERM as values instead of killing the process, so commands can stop
/// admitting work, finish what is in flight and write partial results.
public final class SignalWatcher: @unchecked Sendable {
    // `sources` is immutable after init; DispatchSource's cancel is thread-safe.
    /// The signals as they arrive, in order.
    public let signals: AsyncStream<Int32>
    private let sources: [any DispatchSourceSignal]

    /// Starts watching SIGINT and SIGTERM.
    public convenience init() { self.init(watching: [SIGINT, SIGTERM]) }

    /// Starts watching `watched`; their default action is disabled until ``stop()``.
    public init(watching watched: [Int32]) {
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        signals = stream
        sources = watched.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
    }

    /// Stops watching and restores the default action of every watched signal.
    public func stop() {
        for source in sources {
            signal(Int32(source.handle), SIG_DFL)
            source.cancel()
        }
    }

    /// SIGINT's number, for callers that do not import Glibc.
    public static var interrupt: Int32 { SIGINT }

    /// SIGTERM's number.
    public static var terminate: Int32 { SIGTERM }

    /// Ignores SIGINT for good: a child process that its parent stops with SIGTERM must not also
    /// stop when Ctrl-C reaches the whole process group.
    public static func ignoreInterrupts() { signal(SIGINT, SIG_IGN) }

    /// Sends `number` to this process, as another process would (kill(2) on our own id; raise(3)
    /// would direct it at the calling thread, which Dispatch's signal source does not see): a watcher
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
