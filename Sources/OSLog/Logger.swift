/// A logger, as `os`'s `Logger` (iOS 14): every level's method takes an interpolated ``OSLogMessage``
/// (values with their privacy and format options, as iOS accepts them). Nothing is written (see the
/// module's note); a message at a level a phone keeps by default (info, notice, warning, error, critical,
/// fault) has its values evaluated, as iOS evaluates them, and one at trace or debug does not.
///
/// ```swift
/// let logger = Logger(subsystem: "com.example.app.nse", category: "push")
/// logger.info("received \(request.identifier, privacy: .public)")
/// ```
public struct Logger: Sendable {
    private let handle: OSLog

    /// A logger for `subsystem` and `category`.
    public init(subsystem: String, category: String) {
        handle = OSLog(subsystem: subsystem, category: category)
    }

    /// A logger writing to `logObj`.
    public init(_ logObj: OSLog) {
        handle = logObj
    }

    /// A logger writing to the default handle.
    public init() {
        handle = .default
    }

    /// Logs `message` at the default (notice) level.
    public func log(_ message: OSLogMessage) { write(message, at: .default) }
    /// Logs `message` at `level`.
    public func log(level: OSLogType, _ message: OSLogMessage) { write(message, at: level) }
    /// Logs `message` at the trace (debug) level.
    public func trace(_ message: OSLogMessage) { write(message, at: .debug) }
    /// Logs `message` at the debug level.
    public func debug(_ message: OSLogMessage) { write(message, at: .debug) }
    /// Logs `message` at the info level.
    public func info(_ message: OSLogMessage) { write(message, at: .info) }
    /// Logs `message` at the notice (default) level.
    public func notice(_ message: OSLogMessage) { write(message, at: .default) }
    /// Logs `message` at the warning (error) level.
    public func warning(_ message: OSLogMessage) { write(message, at: .error) }
    /// Logs `message` at the error level.
    public func error(_ message: OSLogMessage) { write(message, at: .error) }
    /// Logs `message` at the critical (fault) level.
    public func critical(_ message: OSLogMessage) { write(message, at: .fault) }
    /// Logs `message` at the fault level.
    public func fault(_ message: OSLogMessage) { write(message, at: .fault) }

    private func write(_ message: OSLogMessage, at level: OSLogType) {
        if handle.isEnabled(type: level) { message.evaluate() }
    }
}
