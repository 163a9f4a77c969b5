// Apple's unified logging API on Linux (`Logger`, `OSLog`, `os_log`, signposts, `OSAllocatedUnfairLock`),
// so that an extension that logs, as most do, compiles unchanged under nse-bench: `import os`,
// `import os.log` and `import OSLog` all reach this module. Nothing is written: a phone's unified log is
// not what the harness measures. What logging costs the extension itself is kept: a message at a level
// a phone keeps by default (default/notice, info in memory, error, fault) has its interpolated values
// evaluated (a value that traps traps here too), one at debug (trace) does not, as on a phone where
// debug messages are off.

/// The level of a log message, as `os`'s `OSLogType`.
public struct OSLogType: RawRepresentable, Sendable, Hashable {
    public var rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The default level (`notice` for a `Logger`).
    public static let `default` = OSLogType(rawValue: 0x00)
    /// Information that may help troubleshooting.
    public static let info = OSLogType(rawValue: 0x01)
    /// Debugging information.
    public static let debug = OSLogType(rawValue: 0x02)
    /// An error.
    public static let error = OSLogType(rawValue: 0x10)
    /// A fault: a bug.
    public static let fault = OSLogType(rawValue: 0x11)
}

/// A log handle, as `os`'s `OSLog`: a subsystem and a category.
public final class OSLog: Sendable {
    /// The subsystem, such as the extension's bundle identifier.
    let subsystem: String
    /// The category within the subsystem.
    let category: String
    private let enabled: Bool

    /// A handle for `subsystem` and `category`.
    public convenience init(subsystem: String, category: String) {
        self.init(subsystem: subsystem, category: category, enabled: true)
    }

    private init(subsystem: String, category: String, enabled: Bool) {
        self.subsystem = subsystem
        self.category = category
        self.enabled = enabled
    }

    /// The process's default handle.
    public static let `default` = OSLog(subsystem: "", category: "", enabled: true)
    /// A handle that logs nothing.
    public static let disabled = OSLog(subsystem: "", category: "", enabled: false)

    /// Whether messages of `type` are kept, as on a phone by default: every level but debug (info in
    /// memory); nothing for ``disabled``.
    public func isEnabled(type: OSLogType) -> Bool {
        enabled && type != .debug
    }

    /// Whether signposts would be recorded: false here.
    public var signpostsEnabled: Bool { false }

    /// The categories `os` names for points of interest and dynamic tracing.
    public struct Category: RawRepresentable, Sendable, Hashable {
        public var rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Points of interest.
        public static let pointsOfInterest = Category(rawValue: "PointsOfInterest")
        /// Dynamic tracing.
        public static let dynamicTracing = Category(rawValue: "DynamicTracing")
        /// Dynamic stack tracing.
        public static let dynamicStackTracing = Category(rawValue: "DynamicStackTracing")
    }

    /// A handle for one of `os`'s own categories.
    public convenience init(subsystem: String, category: Category) {
        self.init(subsystem: subsystem, category: category.rawValue)
    }
}

/// Logs a printf-style message (`%{public}@`, `%d`, ...) to `log`: dropped here (see the module's note).
/// The arguments are `Any` where Apple's are `CVarArg`, which every `NSObject` is on iOS (an `NSError`,
/// an `NSURL`) but not on Linux.
public func os_log(
    _ message: StaticString, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default,
    type: OSLogType = .default, _ args: Any...
) {
    _ = (message, dso, log, type, args)
}

/// Logs a printf-style message with its level first: dropped here.
public func os_log(
    _ type: OSLogType, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default, _ message: StaticString,
    _ args: Any...
) {
    _ = (type, dso, log, message, args)
}

/// Logs an interpolated message (iOS 14) at the default level: dropped, its values evaluated.
@_disfavoredOverload
public func os_log(_ message: OSLogMessage) {
    Logger().log(message)
}

/// Logs an interpolated message at `type` to `log` (iOS 14): dropped, its values evaluated if `type` is
/// one a phone keeps.
@_disfavoredOverload
public func os_log(_ type: OSLogType, log: OSLog = .default, _ message: OSLogMessage) {
    Logger(log).log(level: type, message)
}
