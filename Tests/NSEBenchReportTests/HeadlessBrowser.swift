import Foundation
import NSEBenchTestSupport

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
    ///
    /// Its output goes to files, not pipes: Chromium's helper processes inherit the pipes and can
    /// outlive the browser, and a read to a pipe's end then never returns, holding a thread of the
    /// cooperative pool for good (a hung CI run, when the pool has two).
    static func dumpDOM(_ file: URL, executable: String, timeout: Duration = .seconds(90)) async throws -> (
        dom: String, log: String
    ) {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-chromium-\(UUID())")
        defer { try? FileManager.default.removeItem(at: profile) }
        let result = try await ChildProcess.run(
            executable,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                "--user-data-dir=\(profile.path)", "--virtual-time-budget=5000", "--dump-dom", file.absoluteString,
            ], errorsApart: true, within: timeout)
        return (result.output, result.errors)
    }
}
