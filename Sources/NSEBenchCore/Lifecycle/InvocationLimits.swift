/// The time limits iOS puts on one invocation.
public struct InvocationLimits: Sendable, Hashable {
    /// The time from the notification's arrival to the deadline: 30 seconds on iOS. The clock starts at
    /// arrival, not when the extension starts, so time spent waiting for a free slot counts.
    public var timeBudget: Duration
    /// The time between `serviceExtensionTimeWillExpire` and the original being shown. Apple documents no
    /// figure: the host makes it a setting.
    public var gracePeriod: Duration

    /// The limits; `timeBudget` defaults to iOS's 30 seconds.
    public init(timeBudget: Duration = iOSTimeBudget, gracePeriod: Duration) {
        self.timeBudget = timeBudget
        self.gracePeriod = gracePeriod
    }

    /// iOS's budget: 30 seconds to call the content handler.
    public static let iOSTimeBudget: Duration = .seconds(30)
}
