import CNSEBenchLinux
import Glibc
public import NSEBenchCore

/// What this process (and its waited-for children) used: CPU time, peak memory, descriptors.
public enum ProcessResources {
    /// User plus system CPU seconds of this process.
    public static func cpuSeconds() -> Double { seconds(RUSAGE_SELF) }

    /// Makes a write to a pipe whose reader died fail with EPIPE instead of killing this process with
    /// SIGPIPE: `run` writes to its extension workers, which may crash at any moment.
    public static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Ends this process at once with SIGKILL, as jetsam ends an iOS extension's process: no handler,
    /// no `atexit`, no flush of buffered output (what was written with `write(2)` has been sent).
    public static func killImmediately() -> Never {
        kill(getpid(), SIGKILL)
        _exit(128 + SIGKILL)
    }

    /// User plus system CPU seconds of children that have exited and been waited for.
    public static func childrenCPUSeconds() -> Double { seconds(RUSAGE_CHILDREN) }

    /// The machine's CPU times so far (every process, every core), from `/proc/stat`.
    ///
    /// - Throws: ``SystemError`` when `/proc/stat` cannot be read, or (EINVAL) has no `cpu` line.
    public static func machineCPUTimes() throws(SystemError) -> CPUTimes {
        let text = try TextFile.read("/proc/stat", limit: 1 << 20)
        guard let times = CPUTimes(procStat: text) else { throw SystemError(call: "parse /proc/stat", errno: EINVAL) }
        return times
    }

    /// Peak resident set size of this process, in bytes.
    public static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    /// Descriptors open now (entries of /proc/self/fd).
    public static func openDescriptors() -> Int {
        guard let directory = opendir("/proc/self/fd") else { return 0 }
        defer { closedir(directory) }
        var count = 0
        while readdir(directory) != nil { count += 1 }
        return max(0, count - 3)  // ".", "..", and the directory's own descriptor
    }

    /// The soft limit on open descriptors (`ulimit -n`).
    public static func descriptorLimit() -> Int {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        return limit.rlim_cur > UInt(Int.max) ? Int.max : Int(limit.rlim_cur)
    }

    /// Raises the soft descriptor limit to the hard limit, so a run of 10,000 in flight fits.
    @discardableResult
    public static func raiseDescriptorLimit() -> Int {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return descriptorLimit()
    }

    /// Whether process `pid` has ended: no longer in /proc (reaped) or a zombie there (exited, not yet
    /// reaped). Read from the kernel at the moment of the call, so it does not wait for the parent's
    /// SIGCHLD handling. Throws when /proc cannot be read for another reason than the process being gone.
    public static func hasExited(_ pid: Int32) throws(SystemError) -> Bool {
        let text: String
        do {
            text = try TextFile.read("/proc/\(pid)/stat")
        } catch {
            if error.errno == ENOENT || error.errno == ESRCH { return true }
            throw error
        }
        // "pid (comm) S ...": the state follows the last ')', as comm may hold spaces and parentheses.
        guard let close = text.lastIndex(of: ")") else { return false }
        let state = text[text.index(after: close)...].drop { $0 == " " }.first
        return state == "Z" || state == "X"
    }

    /// What process `pid` has used so far, read from /proc: its CPU seconds (user and system, of every
    /// thread) and its peak resident memory (`VmHWM`). For a child that may die before it can report its
    /// own figures. Throws when /proc cannot be read: ENOENT once the process is gone and reaped.
    public static func usage(ofProcess pid: Int32) throws(SystemError) -> (cpuSeconds: Double, peakResidentBytes: Int) {
        let stat = try TextFile.read("/proc/\(pid)/stat")
        let status = try TextFile.read("/proc/\(pid)/status")
        // After "pid (comm)": state is field 0, utime field 11, stime field 12, in clock ticks.
        let fields = stat[(stat.lastIndex(of: ")").map { stat.index(after: $0) } ?? stat.startIndex)...]
            .split(separator: " ")
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let cpu =
            fields.count > 12 ? ((Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)) / max(1, ticks) : 0
        // "VmHWM:   123456 kB"
        let peak =
            status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { line in line.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
        return (cpu, peak * 1024)
    }

    /// Kills process `pid` outright (SIGKILL): for a child that did not end when asked to.
    public static func killOutright(_ pid: Int32) { _ = kill(pid, SIGKILL) }

    /// EMFILE or ENFILE when no descriptor can be opened right now (a probe `dup` of descriptor 0 fails so),
    /// else nil. libcurl reports a socket it could not open as a bare "Couldn't connect" without the
    /// errno; this tells that case from a refused connection at the moment it is seen.
    public static func descriptorsExhausted() -> Int32? {
        let probe = fcntl(0, F_DUPFD_CLOEXEC, 0)
        if probe >= 0 {
            close(probe)
            return nil
        }
        let code = errno
        return code == EMFILE || code == ENFILE ? code : nil
    }

    /// Logical cores this process may run on: its CPU affinity (`taskset`, a container's cpuset), else
    /// the cores online. A loop per core on cores the process cannot use would only share them.
    public static var cores: Int {
        let allowed = Int(nseb_allowed_cpu_count())
        return allowed > 0 ? allowed : max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    private static func seconds(_ who: __rusage_who) -> Double {
        var usage = rusage()
        getrusage(who.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }
}
