import Foundation

/// Where a command writes text. The executable passes the standard streams; tests pass a
/// ``CapturedText`` and read what was written.
public protocol TextSink: Sendable {
    func write(_ text: String)
}

/// Standard output or standard error, written unbuffered so progress lines appear at once.
public struct StandardStream: TextSink {
    private let handle: FileHandle

    public static let output = StandardStream(handle: .standardOutput)
    public static let error = StandardStream(handle: .standardError)

    public func write(_ text: String) { handle.write(Data(text.utf8)) }
}

/// Collects everything written, for tests.
public final class CapturedText: TextSink {
    // Protected by `lock`: commands may write from several tasks.
    private let lock = NSLock()
    nonisolated(unsafe) private var buffer = ""

    public init() {}

    public func write(_ text: String) { lock.withLock { buffer += text } }

    /// Everything written so far.
    public var text: String { lock.withLock { buffer } }
}
