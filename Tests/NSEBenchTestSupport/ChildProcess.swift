import Foundation

/// Runs a program to its end with its standard output and error captured together.
public enum ChildProcess {
    /// How a program ended and what it printed.
    public struct Result: Sendable {
        /// Its exit status.
        public var status: Int32
        /// Its standard output and standard error, interleaved as written.
        public var output: String
    }

    /// Runs `executable` (a path, or a name looked up on `PATH`) with `arguments` and waits for it.
    public static func run(_ executable: String, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
        process.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// The first executable named `name` on `PATH`, if any.
    public static func find(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
