import Foundation

/// Headless Chromium for the render tests: found on PATH (or `NSE_BENCH_CHROMIUM`), run on a page
/// with `--dump-dom`, which returns the DOM after the page's scripts ran.
enum HeadlessBrowser {
    /// The browser's path, or nil when none is installed.
    static let executable: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["NSE_BENCH_CHROMIUM"], FileManager.default.isExecutableFile(atPath: given) {
            return given
        }
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome", "chrome"] {
            for directory in directories where FileManager.default.isExecutableFile(atPath: directory + "/" + name) {
                return directory + "/" + name
            }
        }
        return nil
    }()

    /// In CI (`CI=true`) a missing browser fails the test instead of skipping it.
    static let isRequired = ProcessInfo.processInfo.environment["CI"] == "true"

    /// The serialised DOM of `file` once loaded, and what the browser wrote to stderr.
    static func dumpDOM(_ file: URL, executable: String, timeout: TimeInterval = 90) async throws -> (
        dom: String, log: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-chromium-\(UUID())")
        defer { try? FileManager.default.removeItem(at: profile) }
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
            "--user-data-dir=\(profile.path)", "--virtual-time-budget=5000", "--dump-dom", file.absoluteString,
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes while it runs, so a full pipe never blocks the browser.
        let outputData = Task.detached { output.fileHandleForReading.readDataToEndOfFile() }
        let errorData = Task.detached { errors.fileHandleForReading.readDataToEndOfFile() }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        if process.isRunning {
            process.terminate()
            throw BrowserError.timedOut(seconds: timeout)
        }
        let dom = await outputData.value
        let log = await errorData.value
        return (String(decoding: dom, as: UTF8.self), String(decoding: log, as: UTF8.self))
    }

    enum BrowserError: Error, CustomStringConvertible {
        case timedOut(seconds: TimeInterval)
        var description: String { "chromium did not finish within \(Int(seconds)) s" }
        private var seconds: TimeInterval {
            switch self {
            case .timedOut(let seconds): seconds
            }
        }
    }
}
