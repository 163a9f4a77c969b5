import Synchronization

/// Collects everything written to it, from any task, for a test to read back: the output and error
/// streams of a command under test (NSEBenchCLITests makes it a `TextSink`).
public final class CapturedText: Sendable {
    private let buffer = Mutex("")

    /// An empty capture.
    public init() {}

    /// Appends `text`.
    public func write(_ text: String) { buffer.withLock { $0 += text } }

    /// Everything written so far.
    public var text: String { buffer.withLock { $0 } }
}
