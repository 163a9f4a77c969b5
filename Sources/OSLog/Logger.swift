/// A logger, as `os`'s `Logger` (iOS 14): every level's method takes an interpolated ``OSLogMessage``
/// whose values, with their privacy and format options, are accepted as iOS accepts them and never
/// evaluated: the message is dropped (see the module's note).
///
/// ```swift
/// let logger = Logger(subsystem: "com.example.app.nse", category: "push")
/// logger.info("received \(request.identifier, privacy: .public)")
/// ```
public struct Logger: Sendable {
    /// The handle the logger writes to.
    public let log: OSLog

    /// A logger for `subsystem` and `category`.
    public init(subsystem: String, category: String) {
        log = OSLog(subsystem: subsystem, category: category)
    }

    /// A logger writing to `logObj`.
    public init(_ logObj: OSLog) {
        log = logObj
    }

    /// A logger writing to the default handle.
    public init() {
        log = .default
    }

    /// Logs `message` at the default level.
    public func log(_ message: OSLogMessage) { drop(message) }
    /// Logs `message` at `level`.
    public func log(level: OSLogType, _ message: OSLogMessage) {
        _ = level
        drop(message)
    }
    /// Logs `message` at the trace (debug) level.
    public func trace(_ message: OSLogMessage) { drop(message) }
    /// Logs `message` at the debug level.
    public func debug(_ message: OSLogMessage) { drop(message) }
    /// Logs `message` at the info level.
    public func info(_ message: OSLogMessage) { drop(message) }
    /// Logs `message` at the notice (default) level.
    public func notice(_ message: OSLogMessage) { drop(message) }
    /// Logs `message` at the warning (error) level.
    public func warning(_ message: OSLogMessage) { drop(message) }
    /// Logs `message` at the error level.
    public func error(_ message: OSLogMessage) { drop(message) }
    /// Logs `message` at the critical (fault) level.
    public func critical(_ message: OSLogMessage) { drop(message) }
    /// Logs `message` at the fault level.
    public func fault(_ message: OSLogMessage) { drop(message) }

    private func drop(_ message: OSLogMessage) { _ = message }
}
