import Foundation

/// Where a command writes text. The executable passes the standard streams; tests pass a capture
/// (NSEBenchTestSupport's `CapturedText`) and read what was written.
public protocol TextSink: Sendable {
    func write(_ text: String)
}

/// Standard output or standard error, written unbuffered so progress lines appear at once.
public struct StandardStream: TextSink {
    private let handle: FileHandle

    /// Standard output.
    public static let output = StandardStream(handle: .standardOutput)
    /// Standard error.
    public static let error = StandardStream(handle: .standardError)

    /// Writes `text` as UTF-8, unbuffered.
    public func write(_ text: String) { handle.write(Data(text.utf8)) }
}
