/// A user's threads against the system's limit on them (`RLIMIT_NPROC`, `ulimit -u`): Linux counts
/// every thread of every process the user runs against it, and past it refuses a new one (`pthread_create`
/// fails with EAGAIN), to a run's own threads and to those libdispatch starts for Swift's tasks alike.
///
/// ```swift
/// let usage = UserThreadUsage(threads: 44, limit: 45)
/// usage.isNearLimit  // true
/// UserThreadUsage.threads(inProcStatus: "Name:\tnse-bench\nUid:\t65534\t65534\t65534\t65534\nThreads:\t17\n",
///                         ofUser: 65534)  // 17
/// ```
public struct UserThreadUsage: Sendable, Equatable {
    /// Threads the user held when counted.
    public var threads: Int
    /// The most the system lets the user hold.
    public var limit: Int

    public init(threads: Int, limit: Int) {
        self.threads = threads
        self.limit = limit
    }

    /// Whether the user held all but a tenth of the limit (at least 2 threads short): a process that
    /// needs one more thread, as libdispatch does when work comes after its idle threads ended, may
    /// not get it.
    public var isNearLimit: Bool { threads >= limit - max(2, limit / 10) }

    /// The threads a `/proc/<pid>/status` text counts for `user` (its real uid, which the limit is
    /// charged to): its `Threads:` field when its `Uid:` field's first value is `user`, 0 for another
    /// user's process, nil when either field is missing or unreadable.
    public static func threads(inProcStatus text: String, ofUser user: UInt32) -> Int? {
        var uid: UInt32?
        var threads: Int?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("Uid:") {
                uid = line.dropFirst(4).split(whereSeparator: \.isWhitespace).first.flatMap { UInt32($0) }
            } else if line.hasPrefix("Threads:") {
                threads = line.dropFirst(8).split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
            }
        }
        guard let uid, let threads else { return nil }
        return uid == user ? threads : 0
    }
}
