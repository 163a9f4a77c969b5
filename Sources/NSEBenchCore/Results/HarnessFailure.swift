/// A failure of the harness itself, not of the network or the extension under test: an invocation
/// that met one measured nothing about the target, so it is never counted as a target outcome's
/// cause, and a run with any is not valid.
public enum HarnessFailure: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// The embedded media server was gone (it exited or was killed mid-run), so connections were refused.
    case serverExited = "server_exited"
    /// The process ran out of file descriptors (EMFILE) or the system did (ENFILE).
    case descriptorsExhausted = "descriptors_exhausted"
    /// The scratch directory's file system was full (ENOSPC, EDQUOT).
    case scratchFull = "scratch_full"
    /// No extension process could take the invocation: none could be started, the one sent it refused
    /// its request, or the run's processes had already been told to end. The extension never ran it.
    case noExtensionProcess = "no_extension_process"
    /// The invocation ended without a record: the harness lost track of it, whatever the extension did.
    case recordLost = "record_lost"
    /// The invocation ran to its expiry in an extension process where a thread waited for a lock that
    /// another invocation's trapped code held: the harness holds a trapping thread and runs several phones'
    /// invocations in one process, where on a phone the trap would have ended only its own process.
    case lockHeldByTrap = "lock_held_by_trap"

    /// What happened, in words, for the error column and the invalid reason.
    public var explanation: String {
        switch self {
        case .serverExited: "the embedded media server exited mid-run"
        case .descriptorsExhausted: "file descriptors ran out (EMFILE/ENFILE)"
        case .scratchFull: "the scratch disk was full"
        case .noExtensionProcess: "no extension process could take the invocation"
        case .recordLost: "the invocation ended without a record"
        case .lockHeldByTrap:
            "the invocation expired in an extension process where a lock was held by another invocation's "
                + "trapped code (on a phone that trap would have ended only its own process)"
        }
    }

    /// Whose failure the invocation would otherwise have been read as: the network's for a failed
    /// download or attachment, the extension's for an invocation recorded as `crashed`.
    public var notTheTargets: String {
        switch self {
        case .serverExited, .descriptorsExhausted, .scratchFull: "not the network's"
        case .noExtensionProcess, .recordLost, .lockHeldByTrap: "not the extension's"
        }
    }

    /// `harness: <explanation>: <detail>`: what invocations.csv's `error` column says of an
    /// invocation that met this failure, so that it is never read as the network's.
    public func errorText(detail: String) -> String {
        "harness: \(explanation)" + (detail.isEmpty ? "" : ": \(detail)")
    }

    private var rank: Int {
        switch self {
        case .serverExited: 0
        case .descriptorsExhausted: 1
        case .scratchFull: 2
        case .noExtensionProcess: 3
        case .recordLost: 4
        case .lockHeldByTrap: 5
        }
    }

    /// In declaration order, so reasons are listed the same way every run.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

extension SelfCheck {
    /// The reasons harness failures make a run invalid: one per cause, with how many invocations met
    /// it; empty when none did.
    ///
    /// - Parameter failures: invocations that met each harness failure.
    public static func problems(harnessFailures failures: [HarnessFailure: Int]) -> [String] {
        failures.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { cause, count in
            "\(cause.explanation): \(count) invocation\(count == 1 ? "" : "s") failed for the harness's sake, "
                + cause.notTheTargets
        }
    }
}
