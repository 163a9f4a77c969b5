/// The limits the host puts on every invocation: iOS's where Apple or crash logs give a figure, and
/// stated assumptions where nobody does (nse-reference.md). Durations are nanoseconds.
public struct HostSettings: Sendable, Hashable {
    /// iOS's time budget: 30 seconds from the notification's arrival to the content handler.
    public static let defaultTimeBudget: UInt64 = 30 * 1_000_000_000
    /// Assumption: 2 seconds between `serviceExtensionTimeWillExpire` and the original being shown.
    /// Apple documents no figure; the call is "a last chance", so the host gives a short one.
    public static let defaultGracePeriod: UInt64 = 2 * 1_000_000_000
    /// Assumption: after an invocation's outcome is fixed, its work is still heard for 1 second.
    public static let defaultWindDown: UInt64 = 1 * 1_000_000_000
    /// iOS's memory limit for a service extension: 24 MiB (25,165,824 bytes). Crash logs say
    /// "exceeded mem limit: ActiveHard 24 MB"; the kernel's memorystatus limits are whole megabytes of
    /// 2^20 bytes (it shifts them by 20), so the 24 MB of the log is 24 MiB.
    public static let defaultMemoryLimit = 24 << 20
    /// Assumption: a Swift extension process occupies 6 MiB before it does any work (the runtime,
    /// Foundation, UserNotifications and the extension's own code). Measure your extension in Xcode's
    /// memory gauge and set this to what it shows; SDKs that link large frameworks sit well above.
    public static let defaultBaselineFootprint = 6 << 20

    /// The time from arrival to the deadline. The clock starts at arrival, so queueing eats into it.
    public var timeBudget: UInt64
    /// The time between the expiry call and the original being shown.
    public var gracePeriod: UInt64
    /// How long the work of an invocation whose outcome is fixed (delivered, or given up on) may run on
    /// and still be heard, so that a second or late handler call is counted; then the host treats the
    /// process as suspended (iOS suspends or kills a finished extension; Apple documents no figure),
    /// cancels the work still running and ignores it.
    public var windDown: UInt64
    /// The memory a process may use before the system kills it (jetsam), in bytes.
    public var memoryLimit: Int
    /// The memory an extension process uses before its work, in bytes; counted against ``memoryLimit``
    /// with the payload and what the extension reports through its ``MemoryMeter``.
    public var baselineFootprint: Int
    /// Crashes injected on purpose, to test that a report tells them apart.
    public var crashInjection: CrashInjection
    /// `--time-scale`: the timeouts a user's extension sets on its `URLSession` are multiplied by it, as
    /// every other duration of the run is (the durations above are already scaled).
    public var timeScale: Double

    /// Settings; every value defaults to the figure above.
    public init(
        timeBudget: UInt64 = Self.defaultTimeBudget, gracePeriod: UInt64 = Self.defaultGracePeriod,
        windDown: UInt64 = Self.defaultWindDown, memoryLimit: Int = Self.defaultMemoryLimit,
        baselineFootprint: Int = Self.defaultBaselineFootprint, crashInjection: CrashInjection = .none,
        timeScale: Double = 1
    ) {
        self.timeBudget = timeBudget
        self.gracePeriod = gracePeriod
        self.windDown = windDown
        self.memoryLimit = memoryLimit
        self.baselineFootprint = baselineFootprint
        self.crashInjection = crashInjection
        self.timeScale = timeScale
    }
}
