import CNSEBenchLinux

/// Tells which invocation crashed an extension worker process: each thread that runs extension code
/// is marked with its invocation's id, and a fatal signal writes `{"crashed":{"id":N}}` on a line of the
/// worker's output before the process dies of it.
public enum CrashReporter {
    /// Installs the handlers; the report goes to file descriptor `descriptor` (a worker's MessageChannel).
    public static func install(descriptor: Int32) {
        nseb_crash_reporter_install(descriptor)
    }

    /// Runs `body` with the calling thread marked as running invocation `id`, then restores the
    /// previous mark.
    public static func marking<Result>(_ id: Int, _ body: () throws -> Result) rethrows -> Result {
        let previous = nseb_crash_reporter_mark(id)
        defer { nseb_crash_reporter_mark(previous) }
        return try body()
    }
}
