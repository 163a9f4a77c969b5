/// Every exit status nse-bench can end with, in one place.
///
/// | code | meaning |
/// |---|---|
/// | 0 | success; for `compare`: no regression |
/// | 1 | the harness itself failed (an I/O error, a server that would not start, a malformed result file; for `compare`, a compared run marked invalid or partial) |
/// | 2 | `compare`: a regression; `run` and `suite`: a `--threshold` failed |
/// | 3 | `compare`: not comparable (schema, scenario settings or host fingerprint differ); `merge`: results that do not merge |
/// | 4 | `compare`: improvement only |
/// | 64 | usage: an unknown flag or a bad value (BSD `EX_USAGE`) |
/// | 130 | interrupted by SIGINT (128 + 2, the shell convention); results written are marked partial |
/// | 143 | terminated by SIGTERM (128 + 15); results written are marked partial |
public enum ExitCode: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case success = 0
    case harnessError = 1
    case regression = 2
    case notComparable = 3
    case improvementOnly = 4
    case usage = 64
    case interrupted = 130
    case terminated = 143

    /// The status for a run or server that a signal stopped: 128 + the signal's number, for SIGINT (2)
    /// and SIGTERM (15), the two nse-bench handles; nil for any other.
    public init?(stoppedBy signal: Int32) {
        switch signal {
        case 2: self = .interrupted
        case 15: self = .terminated
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .success: "success (no regression)"
        case .harnessError: "harness error"
        case .regression: "regression"
        case .notComparable: "not comparable"
        case .improvementOnly: "improvement only"
        case .usage: "usage error"
        case .interrupted: "interrupted (SIGINT)"
        case .terminated: "terminated (SIGTERM)"
        }
    }
}
