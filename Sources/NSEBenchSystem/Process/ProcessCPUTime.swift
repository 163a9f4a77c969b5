import Glibc

/// CPU time this process has used (`getrusage(RUSAGE_SELF)`): every thread, user and system.
public struct ProcessCPUTime: Sendable, Equatable {
    public var userSeconds: Double
    public var systemSeconds: Double

    public var totalSeconds: Double { userSeconds + systemSeconds }

    /// The CPU time used so far. `getrusage` on the calling process cannot fail, so it is not checked.
    public static func now() -> ProcessCPUTime {
        var usage = rusage()
        _ = getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return ProcessCPUTime(userSeconds: seconds(usage.ru_utime), systemSeconds: seconds(usage.ru_stime))
    }

    /// The CPU time used between `earlier` and this one.
    public func since(_ earlier: ProcessCPUTime) -> ProcessCPUTime {
        ProcessCPUTime(
            userSeconds: userSeconds - earlier.userSeconds, systemSeconds: systemSeconds - earlier.systemSeconds)
    }
}
