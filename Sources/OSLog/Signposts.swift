/// What a signpost marks, as `os`'s `OSSignpostType`.
public struct OSSignpostType: RawRepresentable, Sendable, Hashable {
    public var rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// A single point in time.
    public static let event = OSSignpostType(rawValue: 0)
    /// An interval's start.
    public static let begin = OSSignpostType(rawValue: 1)
    /// An interval's end.
    public static let end = OSSignpostType(rawValue: 2)
}

/// A signpost's identity, matching an interval's begin to its end, as `os`'s `OSSignpostID`.
public struct OSSignpostID: Sendable, Hashable {
    public var rawValue: UInt64

    public init(_ value: UInt64) {
        rawValue = value
    }

    /// An identity of its own for `log`.
    public init(log: OSLog) {
        _ = log
        rawValue = 1
    }

    /// An identity derived from `object`, for `log`.
    public init(log: OSLog, object: AnyObject) {
        _ = log
        rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(object).hashValue))
    }

    /// The identity of signposts that never overlap.
    public static let exclusive = OSSignpostID(0xEEEE_B0B5_B2B2_EEEE)
    /// No identity.
    public static let invalid = OSSignpostID(0)
    /// The null identity.
    public static let null = OSSignpostID(0)
}

/// Emits a signpost to `log` (Instruments' intervals and events): dropped here (see the module's note).
public func os_signpost(
    _ type: OSSignpostType, dso: UnsafeRawPointer = #dsohandle, log: OSLog, name: StaticString,
    signpostID: OSSignpostID = .exclusive
) {
    _ = (type, dso, log, name, signpostID)
}

/// Emits a signpost with a printf-style message: dropped here.
public func os_signpost(
    _ type: OSSignpostType, dso: UnsafeRawPointer = #dsohandle, log: OSLog, name: StaticString,
    signpostID: OSSignpostID = .exclusive, _ format: StaticString, _ arguments: Any...
) {
    _ = (type, dso, log, name, signpostID, format, arguments)
}

/// An interval begun by an ``OSSignposter``, to end with it.
public final class OSSignpostIntervalState: Sendable {
    /// The interval's identity.
    public let signpostID: OSSignpostID

    init(signpostID: OSSignpostID) {
        self.signpostID = signpostID
    }
}

/// A signposter, as `os`'s `OSSignposter` (iOS 15): intervals and events for Instruments, dropped here.
public struct OSSignposter: Sendable {
    /// A signposter for `subsystem` and `category`.
    public init(subsystem: String, category: String) {
        _ = (subsystem, category)
    }

    /// A signposter for one of `os`'s categories.
    public init(subsystem: String, category: OSLog.Category) {
        _ = (subsystem, category)
    }

    /// A signposter writing to `logHandle`.
    public init(logHandle: OSLog) {
        _ = logHandle
    }

    /// A signposter writing to `logger`'s handle.
    public init(logger: Logger) {
        _ = logger
    }

    /// A signposter that records nothing.
    public static let disabled = OSSignposter(logHandle: .disabled)

    /// Whether signposts are recorded: false here.
    public var isEnabled: Bool { false }

    /// A new identity for an interval.
    public func makeSignpostID() -> OSSignpostID { OSSignpostID(1) }

    /// An identity derived from `object`.
    public func makeSignpostID(from object: AnyObject) -> OSSignpostID { OSSignpostID(log: .default, object: object) }

    /// Begins an interval named `name`.
    public func beginInterval(_ name: StaticString, id: OSSignpostID = .exclusive) -> OSSignpostIntervalState {
        _ = name
        return OSSignpostIntervalState(signpostID: id)
    }

    /// Begins an interval named `name`, with a message.
    public func beginInterval(
        _ name: StaticString, id: OSSignpostID = .exclusive, _ message: OSLogMessage
    ) -> OSSignpostIntervalState {
        _ = (name, message)
        return OSSignpostIntervalState(signpostID: id)
    }

    /// Ends the interval `state`.
    public func endInterval(_ name: StaticString, _ state: OSSignpostIntervalState) {
        _ = (name, state)
    }

    /// Ends the interval `state`, with a message.
    public func endInterval(_ name: StaticString, _ state: OSSignpostIntervalState, _ message: OSLogMessage) {
        _ = (name, state, message)
    }

    /// Marks an event named `name`.
    public func emitEvent(_ name: StaticString, id: OSSignpostID = .exclusive) {
        _ = (name, id)
    }

    /// Marks an event named `name`, with a message.
    public func emitEvent(_ name: StaticString, id: OSSignpostID = .exclusive, _ message: OSLogMessage) {
        _ = (name, id, message)
    }

    /// Runs `task` inside an interval named `name`.
    public func withIntervalSignpost<T>(
        _ name: StaticString, id: OSSignpostID = .exclusive, around task: () throws -> T
    ) rethrows -> T {
        _ = (name, id)
        return try task()
    }

    /// Runs `task` inside an interval named `name`, with a message.
    public func withIntervalSignpost<T>(
        _ name: StaticString, id: OSSignpostID = .exclusive, _ message: OSLogMessage, around task: () throws -> T
    ) rethrows -> T {
        _ = (name, id, message)
        return try task()
    }

    /// Begins an animation interval named `name`.
    public func beginAnimationInterval(
        _ name: StaticString, id: OSSignpostID = .exclusive, _ message: OSLogMessage = ""
    ) -> OSSignpostIntervalState {
        _ = (name, message)
        return OSSignpostIntervalState(signpostID: id)
    }
}
