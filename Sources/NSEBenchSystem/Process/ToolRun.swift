public import Foundation
import Glibc
import Synchronization

/// A short-lived tool (the compiler, `swift package`, `git`, `llvm-symbolizer`) run to its end for what
/// it writes: its standard output read through a close-on-exec pipe (``CloseOnExecPipe``: a process
/// another thread starts meanwhile must not hold it open, and the read with it, after the tool ended),
/// its standard error merged into it, discarded or written to a file, and a time limit past which it is
/// killed.
///
/// ```swift
/// let result = try ToolRun.run(URL(fileURLWithPath: "/usr/bin/git"), ["rev-parse", "HEAD"])
/// if result.exitedNormally { print(String(decoding: result.output, as: UTF8.self)) }
/// ```
public enum ToolRun {
    /// Where the tool's standard error goes.
    public enum Errors {
        /// Into its standard output, as written (a compiler's messages).
        case merged
        /// Nowhere.
        case discarded
        /// To this file.
        case file(FileHandle)
    }

    /// How the tool ended and what it wrote.
    public struct Result: Sendable {
        /// Its exit status, or the signal that ended it when ``signalled``.
        public var status: Int32
        /// Whether a signal ended it.
        public var signalled: Bool
        /// Whether it was killed for running past its time limit.
        public var stoppedAtLimit: Bool
        /// Its standard output (with its standard error where merged).
        public var output: Data

        /// Whether it exited with status 0 on its own.
        public var exitedNormally: Bool { !signalled && !stoppedAtLimit && status == 0 }
    }

    /// Why the tool could not be run.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The tool's path.
        public var tool: String
        /// What failed, in the system's words.
        public var reason: String
        public var description: String { "cannot run \(tool): \(reason)" }
    }

    /// Runs `tool` with `arguments` in `folder` (nse-bench's own where nil) until it ends, or until
    /// `timeLimit` seconds passed, when it is killed (SIGKILL: SIGTERM may be ignored where the run
    /// ignores it, a disposition children inherit).
    ///
    /// - Throws: ``Failure`` when no pipe could be made or the tool could not be started.
    public static func run(
        _ tool: URL, _ arguments: [String], in folder: URL? = nil, errors: Errors = .discarded,
        timeLimit: TimeInterval? = nil
    ) throws(Failure) -> Result {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let pipe: CloseOnExecPipe
        do {
            pipe = try CloseOnExecPipe()
        } catch {
            throw Failure(tool: tool.path, reason: "no pipe for its output: \(error)")
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = pipe.writing
        switch errors {
        case .merged: process.standardError = pipe.writing
        case .discarded: process.standardError = FileHandle.nullDevice
        case .file(let handle): process.standardError = handle
        }
        do {
            try process.runWhenNotBusy()
        } catch {
            throw Failure(tool: tool.path, reason: error.localizedDescription)
        }
        CloseOnExecPipe.closeChildEnd(pipe.writing)
        let stopped = Atomic<Bool>(false)
        let watch = DispatchWorkItem { [process] in
            guard process.isRunning else { return }
            stopped.store(true, ordering: .sequentiallyConsistent)
            ProcessResources.killOutright(process.processIdentifier)
        }
        if let timeLimit { DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: watch) }
        // Read before waiting: the end comes when the tool exits.
        let output = pipe.reading.readDataToEndOfFile()
        process.waitUntilExit()
        watch.cancel()
        return Result(
            status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
            stoppedAtLimit: stopped.load(ordering: .sequentiallyConsistent), output: output)
    }
}
