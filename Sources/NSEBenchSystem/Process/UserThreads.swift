import Glibc
public import NSEBenchCore

/// This user's threads, counted over `/proc`, against the system's limit on them (`ulimit -u`).
public enum UserThreads {
    /// The threads of every process this user runs and the soft `RLIMIT_NPROC`; nil when no limit
    /// applies: none is set, or the real uid is root, whom Linux does not hold to it. (Root inside a
    /// container of its own user namespace is held to it, and is taken as exempt here.)
    ///
    /// The count is a lower bound: processes of the same user in other PID namespaces are not in this
    /// `/proc`, and another user's that `/proc` hides (`hidepid`) are skipped; a cgroup's `pids.max` is
    /// another limit, not counted here.
    ///
    /// - Throws: ``SystemError`` when `/proc` cannot be listed, or a process's status cannot be read for
    ///   another reason than the process having ended meanwhile.
    public static func usage() throws(SystemError) -> UserThreadUsage? {
        var limit = rlimit()
        guard getrlimit(Int32(__RLIMIT_NPROC.rawValue), &limit) == 0 else {
            throw SystemError(call: "getrlimit(RLIMIT_NPROC)", errno: errno)
        }
        // RLIM_INFINITY is all bits set (Glibc imports it as -1, which rlim_t cannot hold).
        guard limit.rlim_cur != rlim_t.max, getuid() != 0 else { return nil }
        return UserThreadUsage(threads: try threads(ofUser: getuid()), limit: Int(clamping: limit.rlim_cur))
    }

    /// The threads of every process whose real uid is `user`.
    static func threads(ofUser user: uid_t) throws(SystemError) -> Int {
        var threads = 0
        for pid in try processIdentifiers() {
            let text: String
            do {
                text = try TextFile.read("/proc/\(pid)/status", limit: 1 << 16)
            } catch {
                // Ended between the listing and the read: it holds no threads now. Or hidden (`hidepid`):
                // another user's, whose threads are not this user's.
                if [ENOENT, ESRCH, EPERM, EACCES].contains(error.errno) { continue }
                throw error
            }
            threads += UserThreadUsage.threads(inProcStatus: text, ofUser: user) ?? 0
        }
        return threads
    }

    /// The numeric entries of `/proc`: every process running now.
    private static func processIdentifiers() throws(SystemError) -> [Int32] {
        guard let directory = opendir("/proc") else { throw SystemError(call: "opendir /proc", errno: errno) }
        defer { closedir(directory) }
        var identifiers: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let pid = Int32(name) { identifiers.append(pid) }
        }
        return identifiers
    }
}
