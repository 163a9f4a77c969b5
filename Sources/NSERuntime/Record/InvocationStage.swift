/// A stage of an extension's work that it reports through its ``InvocationContext``.
public enum InvocationStage: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Reading the key and decrypting `encrypted_data`.
    case decrypt
    /// Downloading `media_url`.
    case download
    /// Naming the downloaded file and creating the `UNNotificationAttachment`.
    case attach

    /// The CSV name.
    public var description: String { rawValue }
}

/// A stretch of time between two ``InvocationClock`` instants (nanoseconds).
public struct PhaseSpan: Sendable, Hashable, Codable {
    /// When it began.
    public var start: UInt64
    /// When it ended; never before ``start``.
    public var end: UInt64

    /// A span; an `end` before `start` is taken as `start`.
    public init(start: UInt64, end: UInt64) {
        self.start = start
        self.end = max(start, end)
    }

    /// Its length in nanoseconds.
    public var duration: UInt64 { end - start }
}
