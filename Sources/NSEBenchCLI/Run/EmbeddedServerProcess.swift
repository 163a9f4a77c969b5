import Foundation
import NSEBenchCore
import NSEBenchSystem
import Synchronization

/// The embedded media server as a child process (`nse-bench serve`), so that it has its own
/// descriptor budget (10,000 client plus 10,000 server sockets do not fit in one process's 20,000)
/// and its own CPU accounting.
final class EmbeddedServerProcess: @unchecked Sendable {
    // `baseURLs`, `process`, `output` and `launcher` are immutable after init; how the server ended is
    // in `ending`, a Mutex, held through `stop()`. Foundation's Process is used from one task at a time
    // (start, then stop).
    /// The URL of each network class the server was asked to serve, in the order of the mix; one for a
    /// single network.
    let baseURLs: [URL]
    /// The first class's URL.
    var baseURL: URL { baseURLs[0] }
    private let process: Process
    /// The server's standard output and error; the parent's copy of the write end is closed once it
    /// has started, so reading to the end ends when the server does.
    private let output: CloseOnExecPipe
    private let launcher: LaunchingThread
    private let ending = Mutex(Ending())

    /// What ``stop()`` found, kept for later calls.
    private struct Ending {
        var stoppedReport: String?
        var earlyExit: String?
    }

    /// The executable `run` starts as its server: this process's own (`nse-bench`).
    static var ownExecutable: URL {
        let named = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if FileManager.default.isExecutableFile(atPath: named.path) { return named }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }

    /// Starts `executable serve --settings-file PATH` serving `settings` (network classes, seed, time
    /// scale, ...), written to `settingsFile` first, on a port the kernel picks, and waits for the line
    /// that gives its URL, or with a mix of network classes the `listening on URL for NAME` line of
    /// each. The server ends with this process however it ends: ``stop()`` on every path out of a run,
    /// and the kernel's SIGTERM (`--parent-pid`, PR_SET_PDEATHSIG) when this process dies first,
    /// `kill -9` included.
    init(executable: URL = ownExecutable, settings: ServeSettings, settingsFile: String) throws(RunError) {
        var settings = settings
        settings.port = 0
        settings.quiet = true
        settings.managed = true
        settings.parentProcess = ParentProcess.currentIdentifier
        settings.idleTimeout = .seconds(120)
        try settings.write(to: settingsFile)
        let classCount = settings.classes.count
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--settings-file", settingsFile]
        // Close-on-exec: a process another thread starts meanwhile must not hold the server's output
        // open, and stop()'s read with it, after the server ended.
        let output: CloseOnExecPipe
        do {
            output = try CloseOnExecPipe()
        } catch {
            throw .server("could not make a pipe for the media server's output: \(error)")
        }
        process.standardOutput = output.writing
        process.standardError = output.writing
        let launcher: LaunchingThread
        do {
            launcher = try LaunchingThread(process)
        } catch {
            throw .server("could not start the media server (\(executable.path)): \(error)")
        }
        CloseOnExecPipe.closeChildEnd(output.writing)
        self.process = process
        self.output = output
        self.launcher = launcher
        var urls: [URL] = []
        while urls.count < classCount {
            let line = Self.readLine(output.reading, timeout: 10)
            guard let line, let range = line.range(of: "listening on "),
                let url = URL(string: String(line[range.upperBound...].prefix { $0 != " " }))
            else {
                process.terminate()
                process.waitUntilExit()
                launcher.release()
                throw .server("the media server did not report its address" + (line.map { ": " + $0 } ?? ""))
            }
            urls.append(url)
        }
        baseURLs = urls
    }

    /// The child's CPU seconds so far, from /proc (user + system).
    var cpuSeconds: Double {
        do {
            return try ProcessResources.usage(ofProcess: process.processIdentifier).cpuSeconds
        } catch {
            // Gone: its CPU is no longer readable, and the run reports the server's exit on its own.
            return 0
        }
    }

    /// The server's process id.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the server has ended before ``stop()`` asked it to (killed, crashed): from then on every
    /// connection to it is refused by nobody, a harness failure, not the network's. A /proc that cannot
    /// be read counts as gone, so that refused connections are never blamed on the network.
    var hasExited: Bool {
        do {
            return try ProcessResources.hasExited(process.processIdentifier)
        } catch {
            return !process.isRunning
        }
    }

    /// How the server ended before ``stop()`` (`killed by signal 9`, `exited with status 1`); nil while
    /// it ran until stopped, and before ``stop()`` is called.
    var exitedBeforeStop: String? {
        ending.withLock { $0.earlyExit }
    }

    /// Stops the server (SIGTERM: it finishes responses in flight) and waits for it; returns what it
    /// printed, which includes its counters and its own first-byte lateness. Later calls return the
    /// same text, so every path out of a run can call it.
    @discardableResult
    func stop() -> String {
        ending.withLock { ending in
            if let stoppedReport = ending.stoppedReport { return stoppedReport }
            let cpu = cpuSeconds
            let ended = hasExited
            process.terminate()
            let killed = !Self.waitForExit(process, seconds: Self.stopLimitSeconds)
            if killed {
                ProcessResources.killOutright(process.processIdentifier)
                process.waitUntilExit()
            }
            if ended {
                ending.earlyExit =
                    process.terminationReason == .uncaughtSignal
                    ? "was killed by signal \(process.terminationStatus)"
                    : "exited with status \(process.terminationStatus)"
            }
            launcher.release()
            let data = output.reading.readDataToEndOfFile()
            var report = String(decoding: data, as: UTF8.self) + "server CPU \(String(format: "%.2f", cpu)) s\n"
            if killed {
                report +=
                    "nse-bench: the media server had not ended \(Int(Self.stopLimitSeconds)) s after SIGTERM; "
                    + "killed (SIGKILL)\n"
            }
            ending.stoppedReport = report
            return report
        }
    }

    /// How long ``stop()`` waits after SIGTERM before it kills the server: its drain (2 s) with room
    /// for a loaded machine. A server that never ends must not hold the run for good.
    static let stopLimitSeconds = 15.0

    /// Whether `process` ended within `seconds` (polled: Foundation's Process has no timed wait).
    private static func waitForExit(_ process: Process, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning {
            if Date() >= deadline { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        process.waitUntilExit()
        return true
    }

    /// ``stop()``, awaited on a thread of its own: the server takes up to its drain time to end, and
    /// the cooperative pool's threads are the run's.
    func stopped() async -> String {
        await onOwnThread(named: "nse-bench-server-stop") { [self] in stop() }
    }

    private static func readLine(_ handle: FileHandle, timeout: Double) -> String? {
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let chunk = handle.readData(ofLength: 1)
            guard let byte = chunk.first else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }
}

/// The thread the server is started from, alive until the server has stopped.
///
/// Foundation's Process starts the child from the calling thread, and the kernel sends the child its
/// parent-death signal when *that thread* ends, not the process; the cooperative pool's threads end
/// when idle, which would stop the server in the middle of a quiet run.
private final class LaunchingThread: @unchecked Sendable {
    // `done` and `held` are semaphores (thread-safe); `failure` is written by the thread before it
    // signals `done` and read only after waiting on it.
    private let done = DispatchSemaphore(value: 0)
    private let held = DispatchSemaphore(value: 0)
    private var failure: (any Error)?

    /// Starts `process` from a new thread and waits until it has started (or failed to).
    init(_ process: Process) throws {
        do {
            try PosixThread.detach(name: "nse-bench-server") { [self] in
                do { try process.run() } catch { failure = error }
                done.signal()
                held.wait()
            }
        } catch {
            throw RunError.server("could not start the thread that starts the media server: \(error)")
        }
        done.wait()
        if let failure {
            held.signal()
            throw failure
        }
    }

    /// Lets the thread end; called once the server has exited.
    func release() { held.signal() }
}

/// Why a run could not be carried out (exit status 1).
enum RunError: Error, CustomStringConvertible {
    case server(String)
    case output(String)
    case setup(String)

    var description: String {
        switch self {
        case .server(let message), .output(let message), .setup(let message): message
        }
    }
}
