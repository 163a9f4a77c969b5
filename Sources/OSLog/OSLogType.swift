// Apple's unified logging API on Linux (`Logger`, `OSLog`, `os_log`), so that an extension that logs, as
// most do, compiles unchanged under nse-bench: `import os`, `import os.log` and `import OSLog` all reach
// this module. Nothing is written: a phone's unified log is not what the harness measures, and writing
// it here would spend the harness's CPU on what a phone spends in another process. A message's
// interpolated values are never evaluated (iOS evaluates them lazily too, and not at all for a level
// that is off).

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
    public let subsystem: String
    /// The category within the subsystem.
    public let category: String
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

    /// Whether messages of `type` would be kept: always false here, where nothing is written, so code that
    /// checks before building an expensive message skips building it.
    public func isEnabled(type: OSLogType) -> Bool {
        _ = type
        return false
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
public func os_log(
    _ message: StaticString, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default,
    type: OSLogType = .default, _ args: any CVarArg...
) {
    _ = (message, dso, log, type, args)
}

/// Logs a printf-style message with its level first: dropped here.
public func os_log(
    _ type: OSLogType, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default, _ message: StaticString,
    _ args: any CVarArg...
) {
    _ = (type, dso, log, message, args)
}

/// Logs an interpolated message (iOS 14): dropped here, its values not evaluated.
@_disfavoredOverload
public func os_log(_ message: OSLogMessage) {
    _ = message
}

/// Logs an interpolated message at `type` to `log` (iOS 14): dropped here, its values not evaluated.
@_disfavoredOverload
public func os_log(_ type: OSLogType, log: OSLog = .default, _ message: OSLogMessage) {
    _ = (type, log, message)
}
