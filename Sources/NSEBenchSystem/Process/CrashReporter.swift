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

    /// From now on a Swift runtime trap (SIGILL or SIGTRAP: a force-unwrapped nil, an index out of range,
    /// `fatalError`) on a thread marked with an invocation no longer ends the process: the report line
    /// says `trapped`, the thread is held for ever, and `trapped` is called on a thread of the reporter's
    /// own with the invocation's id, the signal and the held thread's kernel id, so the worker can end that
    /// invocation as crashed, tell the locks the held thread keeps, and go on with the others, as each
    /// phone's own process would. A trap is a check that failed before
    /// anything was corrupted; a bad memory access, `abort()` or a trap on an unmarked thread still ends
    /// the process.
    ///
    /// - Throws: ``SystemError`` when the pipe or the thread could not be made (traps then end the
    ///   process, as before).
    public static func holdTraps(
        _ trapped: @escaping @Sendable (_ id: Int, _ signal: Int32, _ thread: Int32) -> Void
    )
        throws(SystemError)
    {
        let ends = try Posix.pipe()
        let reading = ends.read
        do {
            try PosixThread.detach(name: "nseb-trap-reader") {
                // Each message is written whole in one write(2) of three longs (within PIPE_BUF): the
                // invocation, the signal and the held thread's id.
                var message: (Int, Int, Int) = (0, 0, 0)
                while true {
                    let count = withUnsafeMutableBytes(of: &message) { buffer -> Int in
                        do {
                            guard case .processed(let count) = try Posix.read(reading, into: buffer) else { return 0 }
                            return count
                        } catch {
                            return 0
                        }
                    }
                    guard count == MemoryLayout<(Int, Int, Int)>.size else {
                        // No one to hear of a trap any more (the read failed): traps end the process again.
                        return nseb_crash_reporter_hold_traps(-1)
                    }
                    trapped(message.0, Int32(truncatingIfNeeded: message.1), Int32(truncatingIfNeeded: message.2))
                }
            }
        } catch {
            for end in [ends.read, ends.write] {
                do {
                    try Posix.close(end)
                } catch {
                    // Linux releases the descriptor whatever close(2) reports.
                }
            }
            throw error
        }
        nseb_crash_reporter_hold_traps(ends.write)
    }

    /// The invocation thread `thread` (a kernel thread id of this process) is marked with now; nil when
    /// none (or when its mark cannot be told).
    public static func mark(ofThread thread: Int32) -> Int? {
        let id = nseb_crash_reporter_mark_of(Int(thread))
        return id >= 0 ? id : nil
    }

    /// Runs `body` with the calling thread marked as running invocation `id`, then restores the
    /// previous mark.
    public static func marking<Result>(_ id: Int, _ body: () throws -> Result) rethrows -> Result {
        let previous = nseb_crash_reporter_mark(id)
        defer { nseb_crash_reporter_mark(previous) }
        return try body()
    }
}
