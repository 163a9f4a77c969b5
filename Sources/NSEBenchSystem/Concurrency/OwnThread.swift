import Foundation

/// Runs `work`, which blocks the thread it runs on (a child process's end, a pipe read until a line
/// comes, a compiler run), on a thread of its own, and awaits its result.
///
/// The cooperative pool has one thread per core (two on the machines this runs on), shared by every
/// task of the process: a task that blocks one for seconds stalls the run's invocations behind it, and
/// a harness delay is then measured as if it were the network's. In a test process, where many runs
/// share one pool, two such waits at once stop every other test.
///
/// ```swift
/// let server = try await onOwnThread(named: "nse-bench-server-start") {
///     try EmbeddedServerProcess(settings: settings, settingsFile: path)
/// }
/// ```
public func onOwnThread<Value: Sendable, Failure: Error>(
    named name: String, _ work: @escaping @Sendable () throws(Failure) -> Value
) async throws(Failure) -> Value {
    let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
        let run: @Sendable () -> Void = {
            do throws(Failure) {
                continuation.resume(returning: .success(try work()))
            } catch {
                continuation.resume(returning: .failure(error))
            }
        }
        do {
            try PosixThread.detach(name: name, run)
        } catch {
            // No thread to be had (the system's thread limit): the work runs here, holding this thread,
            // rather than waiting for ever for a thread that was never made.
            run()
        }
    }
    return try result.get()
}
