import Foundation
import NSEBenchCore
import NSEBenchSystem

/// The embedded media server as a child process (`nse-bench serve`), so that it has its own
/// descriptor budget (10,000 client plus 10,000 server sockets do not fit in one process's 20,000)
/// and its own CPU accounting.
final class EmbeddedServerProcess: @unchecked Sendable {
    // Immutable after init; Foundation's Process is used from one task at a time (start, then stop).
    let baseURL: URL
    private let process: Process
    private let output: Pipe

    /// Starts `nse-bench serve --port 0` with `arguments` (network flags, seed, time scale) and waits
    /// for the line that gives its URL.
    init(arguments: [String]) throws(RunError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        }
        process.arguments = ["serve", "--port", "0", "--quiet", "--managed", "--idle-timeout", "120s"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            throw .server("could not start the media server: \(error)")
        }
        self.process = process
        self.output = output
        guard let line = Self.readLine(output.fileHandleForReading, timeout: 10),
            let range = line.range(of: "listening on "), let url = URL(string: String(line[range.upperBound...]))
        else {
            process.terminate()
            throw .server("the media server did not report its address")
        }
        baseURL = url
    }

    /// The child's CPU seconds so far, from /proc (user + system).
    var cpuSeconds: Double {
        guard let text = try? TextFile.read("/proc/\(process.processIdentifier)/stat") else { return 0 }
        let fields = text.split(separator: ")").last?.split(separator: " ") ?? []
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / 100
    }

    /// Stops the server (SIGTERM: it finishes responses in flight) and waits for it; returns what it
    /// printed, which includes its counters and its own first-byte lateness.
    func stop() -> String {
        let cpu = cpuSeconds
        process.terminate()
        process.waitUntilExit()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self) + "server CPU \(String(format: "%.2f", cpu)) s\n"
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
