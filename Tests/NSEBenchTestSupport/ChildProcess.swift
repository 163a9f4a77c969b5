import Dispatch
public import Foundation
import Synchronization

/// A program a test starts, whose end is awaited without holding a thread of the cooperative pool.
///
/// The pool has one thread per core (two here), and every test of the process shares it: a test that
/// blocks one in `waitUntilExit()` or in reading a pipe to its end stalls every other test for as long
/// as its child runs, and timing tests elsewhere then fail for the wait. Worse, a pipe's end never comes
/// while a grandchild that inherited it lives (Chromium's helpers do), and a wait on it then holds its
/// thread for good. So the child writes its standard output and error into a file, not a pipe; its end
/// is reported by Foundation's termination handler, off the pool; and a deadline kills it from a
/// Dispatch timer, which needs no pool thread to fire.
///
/// ```swift
/// let result = try await ChildProcess.run(executable, ["run", "-n", "1"], within: .seconds(120))
/// #expect(result.status == 0, "\(result.output)")
/// ```
public final class ChildProcess: Sendable {
    /// How a program ended and what it printed.
    public struct Result: Sendable {
        /// Its exit status, or the signal that ended it when ``signalled`` is true.
        public var status: Int32
        /// Whether a signal ended it (then ``status`` is the signal's number).
        public var signalled: Bool
        /// Its standard output and standard error, interleaved as written (only its standard output
        /// when started with `errorsApart`).
        public var output: String
        /// Its standard error when started with `errorsApart`; empty otherwise.
        public var errors: String = ""
    }

    /// A child that did not end within its deadline; it was killed.
    public struct TimedOut: Error, CustomStringConvertible {
        /// The command line that was killed.
        public var command: String
        /// The deadline it missed.
        public var timeout: Duration
        /// What it had printed by then.
        public var output: String
        public var description: String { "\(command) did not end within \(timeout); killed. It printed:\n\(output)" }
    }

    private struct Ending {
        var result: (status: Int32, signalled: Bool)?
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    /// The ending, shared with the termination handler and the deadline (a `Mutex` cannot be captured).
    private final class Shared: Sendable {
        let ending = Mutex(Ending())
        /// Set when the deadline killed the child.
        let killed = Atomic(false)
    }

    /// The child's process id.
    public let processIdentifier: Int32
    private let command: String
    private let outputFile: URL
    private let errorFile: URL?
    private let shared: Shared
    private let process: Process

    /// Starts `executable` (a path, or a name looked up on `PATH`) with `arguments`; its standard
    /// input is empty, its output and error go to a file read by ``exit(within:)`` (with `errorsApart`,
    /// its error to a second one).
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        currentDirectory: URL? = nil, errorsApart: Bool = false
    ) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
        process.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let outputFile = try Self.emptyFile("out")
        let errorFile = errorsApart ? try Self.emptyFile("err") : nil
        let output = try FileHandle(forWritingTo: outputFile)
        let errors = try errorFile.map { try FileHandle(forWritingTo: $0) } ?? output
        defer {
            try? output.close()
            if errorFile != nil { try? errors.close() }
        }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let shared = Shared()
        process.terminationHandler = { ended in
            let result = (ended.terminationStatus, ended.terminationReason == .uncaughtSignal)
            let waiters = shared.ending.withLock { ending in
                ending.result = result
                defer { ending.waiters = [] }
                return ending.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(at: outputFile)
            if let errorFile { try? FileManager.default.removeItem(at: errorFile) }
            throw error
        }
        self.process = process
        self.shared = shared
        self.outputFile = outputFile
        self.errorFile = errorFile
        self.command = ([executable] + arguments).joined(separator: " ")
        processIdentifier = process.processIdentifier
    }

    /// Runs a program to its end (see ``init(_:_:environment:currentDirectory:errorsApart:)``) and returns how it
    /// ended; killed, and ``TimedOut`` thrown, if it runs past `timeout`.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        currentDirectory: URL? = nil, errorsApart: Bool = false, within timeout: Duration = .seconds(300)
    ) async throws -> Result {
        try await ChildProcess(
            executable, arguments, environment: environment, currentDirectory: currentDirectory,
            errorsApart: errorsApart
        ).exit(within: timeout)
    }

    /// Runs a short probe (`python3 -c "import PIL"`) to its end on the calling thread, for the
    /// synchronous places a test needs one (a trait's condition, a static property); everything else
    /// awaits ``run(_:_:environment:currentDirectory:errorsApart:within:)``, which holds no thread.
    public static func probe(_ executable: String, _ arguments: [String]) throws -> Result {
        let child = try ChildProcess(executable, arguments)
        child.process.waitUntilExit()
        defer { child.removeFiles() }
        return Result(
            status: child.process.terminationStatus, signalled: child.process.terminationReason == .uncaughtSignal,
            output: try child.outputSoFar())
    }

    private static func emptyFile(_ suffix: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nse-bench-child-\(UUID().uuidString).\(suffix)")
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        return file
    }

    /// Whether it is still running.
    public var isRunning: Bool { shared.ending.withLock { $0.result == nil } }

    /// What it has printed so far.
    public func outputSoFar() throws -> String {
        String(decoding: try Data(contentsOf: outputFile), as: UTF8.self)
    }

    /// Sends it `signal` (unless it has already ended).
    public func send(_ signal: Int32) {
        if isRunning { kill(processIdentifier, signal) }
    }

    /// Waits for its end; past `timeout` it is killed (SIGKILL) and ``TimedOut`` is thrown. The output
    /// file is removed once read.
    public func exit(within timeout: Duration = .seconds(300)) async throws -> Result {
        let deadline = DispatchWorkItem { [processIdentifier, shared] in
            guard shared.ending.withLock({ $0.result == nil }) else { return }
            shared.killed.store(true, ordering: .sequentiallyConsistent)
            kill(processIdentifier, SIGKILL)
        }
        let (seconds, attoseconds) = timeout.components
        DispatchQueue.global().asyncAfter(
            deadline: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)),
            execute: deadline)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ended = shared.ending.withLock { ending in
                if ending.result != nil { return true }
                ending.waiters.append(continuation)
                return false
            }
            if ended { continuation.resume() }
        }
        deadline.cancel()
        defer { removeFiles() }
        let text = try outputSoFar()
        let errors = try errorFile.map { String(decoding: try Data(contentsOf: $0), as: UTF8.self) } ?? ""
        if shared.killed.load(ordering: .sequentiallyConsistent) {
            throw TimedOut(command: command, timeout: timeout, output: text + errors)
        }
        // The handler stored the result before resuming this wait.
        let ended = shared.ending.withLock { $0.result }
        return Result(
            status: ended?.status ?? -1, signalled: ended?.signalled ?? true, output: text, errors: errors)
    }

    /// Removes the output files (temporary files: a failure to remove one leaves litter, nothing else).
    private func removeFiles() {
        try? FileManager.default.removeItem(at: outputFile)
        if let errorFile { try? FileManager.default.removeItem(at: errorFile) }
    }

    /// The first executable named `name` on `PATH`, if any.
    public static func find(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
