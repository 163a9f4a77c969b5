import CNSEBenchLinux
import Glibc

/// Ties a child process's life to its parent's: how the embedded media server (`serve --managed`)
/// ends with the `run` that started it, however that run ends (an error, a signal, `kill -9`).
public enum ParentProcess {
    /// Why a child could not tie itself to its parent.
    public enum TieError: Error, Equatable, CustomStringConvertible {
        /// `prctl(PR_SET_PDEATHSIG)` failed.
        case system(SystemError)
        /// The parent `expected` had already ended (this process now belongs to `current`), so no
        /// death signal would ever come.
        case parentGone(expected: Int32, current: Int32)

        public var description: String {
            switch self {
            case .system(let error): "could not ask to end with the parent process: \(error)"
            case .parentGone(let expected, let current):
                "the parent process \(expected) has already ended (the parent is now \(current))"
            }
        }
    }

    /// This process's id, for a parent to hand to the child it starts.
    public static var currentIdentifier: Int32 { getpid() }

    /// This process's parent's id now.
    public static var parentIdentifier: Int32 { getppid() }

    /// Whether the parent is still `expected` (once it ends, this process belongs to another).
    public static func isStill(_ expected: Int32) -> Bool { getppid() == expected }

    /// Asks the kernel to send `signal` to this process when its parent ends, then checks that the
    /// parent is still `expected`: a parent that ended before the request (between fork and here)
    /// sends no signal, and this process would outlive it.
    ///
    /// The kernel sends the signal when the *thread* that created this process ends, so the parent
    /// must start it from a thread that lives as long as the child should.
    public static func terminate(with signal: Int32, whenParentEnds expected: Int32) throws(TieError) {
        do {
            _ = try blockingSyscall("prctl(PR_SET_PDEATHSIG)") { nseb_set_parent_death_signal(signal) }
        } catch {
            throw .system(error)
        }
        let current = getppid()
        guard current == expected else { throw .parentGone(expected: expected, current: current) }
    }
}
