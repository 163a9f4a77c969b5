import CNSEBenchLinux
import Glibc
public import NSEBenchCore

/// Threads of this process as the kernel knows them: by their ids under `/proc/self/task`.
public enum KernelThread {
    /// The calling thread's kernel id (`gettid`).
    public static var currentID: Int32 { nseb_current_thread_id() }

    /// The CPU time, in nanoseconds, the calling thread has spent (`CLOCK_THREAD_CPUTIME_ID`); nil when
    /// the system gives no such clock.
    public static var currentCPUTime: UInt64? { cpuTime(of: CLOCK_THREAD_CPUTIME_ID) }

    /// The calling thread's CPU-time clock (`pthread_getcpuclockid`), which other threads may read; nil
    /// when the system gives none.
    static var currentCPUClock: clockid_t? {
        var clock = clockid_t()
        return pthread_getcpuclockid(pthread_self(), &clock) == 0 ? clock : nil
    }

    /// The CPU time, in nanoseconds, that the thread of CPU-time clock `clock` has spent; nil when the
    /// clock cannot be read (its thread has ended).
    static func cpuTime(of clock: clockid_t) -> UInt64? {
        var time = timespec()
        guard clock_gettime(clock, &time) == 0 else { return nil }
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Whether this process can read its threads' states: a `/proc` of its own PID namespace is
    /// mounted. Learned once, from the first caller's own thread.
    public static let statesReadable: Bool = {
        do {
            return try runState(of: currentID) != nil
        } catch {
            return false
        }
    }()

    /// The scheduling state of thread `id` of this process; nil when it has ended (or no `/proc` holds
    /// it: ``statesReadable`` tells).
    ///
    /// One open, read and close of its `stat` file, into a buffer on the stack: a pool's monitor reads
    /// it once for each call that has run half its stall limit while spending little CPU time.
    ///
    /// - Throws: ``SystemError`` when its `stat` file cannot be read for another reason, or holds no
    ///   state (`EINVAL`).
    public static func runState(of id: Int32) throws(SystemError) -> ThreadRunState? {
        let path = "/proc/self/task/\(id)/stat"
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ESRCH { return nil }
            throw SystemError(call: "open(\(path))", errno: errno)
        }
        // Read-only: closing it can lose nothing, and a failure to close says nothing of the thread.
        defer { close(descriptor) }
        return try withUnsafeTemporaryAllocation(byteCount: 64, alignment: 1) { buffer throws(SystemError) in
            let result: IOResult<Int>
            do throws(SystemError) {
                result = try Posix.read(descriptor, into: buffer)
            } catch {
                // Ended between the open and the read.
                if error.errno == ESRCH { return nil }
                throw error
            }
            guard case .processed(let count) = result,
                let state = ThreadRunState(statBytes: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            else { throw SystemError(call: "read \(path): no state in it", errno: EINVAL) }
            return state
        }
    }
}
