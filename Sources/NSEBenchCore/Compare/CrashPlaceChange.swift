/// One place in the extension's code that crashed (``CrashPlace``) on either side of a comparison.
public struct CrashPlaceChange: Sendable, Equatable {
    /// Whether a side crashed there.
    public enum Presence: String, Sendable, Equatable {
        /// The candidate crashed there and the baseline never did: a regression of `crash_places`.
        case new
        /// Only the baseline crashed there.
        case gone
        /// Both did.
        case both
    }

    public let place: CrashPlace
    /// The reason as the side that crashed there last wrote it, line and column included: the
    /// candidate's where it crashed there, else the baseline's; the commonest when it crashed there of
    /// several (the same place reached through another line).
    public let reason: String
    /// Crashes there, summed over each side's runs.
    public let baseline: Int
    public let candidate: Int
    /// For a new or gone place: the chance that its crashes, as likely in each of both sides'
    /// invocations, all fell on the side that had them (``OneSidedExactTest``); nil for a place both had.
    public let pValue: Double?

    public init(place: CrashPlace, reason: String, baseline: Int, candidate: Int, pValue: Double? = nil) {
        self.place = place
        self.reason = reason
        self.baseline = baseline
        self.candidate = candidate
        self.pValue = pValue
    }

    public var presence: Presence { baseline == 0 ? .new : candidate == 0 ? .gone : .both }
}
