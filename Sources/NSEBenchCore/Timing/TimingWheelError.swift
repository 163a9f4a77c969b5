/// Why a ``TimingWheel`` could not be created.
public enum TimingWheelError: Error, Equatable, CustomStringConvertible {
    /// The tick is outside ``TimingWheel/tickRange``; carries the rejected value in nanoseconds.
    case tickOutOfRange(nanoseconds: UInt64)

    public var description: String {
        switch self {
        case .tickOutOfRange(let nanoseconds):
            "timing wheel tick of \(nanoseconds) ns is outside \(TimingWheel<Never>.tickRange.lowerBound)"
                + "...\(TimingWheel<Never>.tickRange.upperBound) ns"
        }
    }
}
