import CNSEBenchLinux

/// Tells which invocation crashed an extension worker process: each thread that runs extension code
/// is marked with its invocation's id, and a fatal signal writes `{"crashed":{"id":N}}` on a line of the
/// worker's output before the process dies of it, with the crashed stack's frames in the extension's
/// libraries (``nameFrames(inLibrariesFrom:)``).
public enum CrashReporter {
    /// Installs the handlers; the report goes to file descriptor `descriptor` (a worker's MessageChannel).
    public static func install(descriptor: Int32) {
        nseb_crash_reporter_install(descriptor)
    }

    /// Makes a crash's report say where it was in the libraries loaded from `folder` (a user's extension
    /// and its modules' libraries, from its build folder): a `stack` of their frames (``CrashStack``),
    /// read by the signal handler. Returns how many libraries it found there; at most 8 count in all.
    @discardableResult
    public static func nameFrames(inLibrariesFrom folder: String) -> Int {
        Int(nseb_crash_reporter_add_images(folder.hasSuffix("/") ? folder : folder + "/"))
    }

    /// Runs `body` with the calling thread marked as running invocation `id`, then restores the
    /// previous mark.
    public static func marking<Result>(_ id: Int, _ body: () throws -> Result) rethrows -> Result {
        let previous = nseb_crash_reporter_mark(id)
        defer { nseb_crash_reporter_mark(previous) }
        return try body()
    }
}
