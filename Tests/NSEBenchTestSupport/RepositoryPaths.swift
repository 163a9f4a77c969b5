public import Foundation

/// Where the checkout's files and the build's products are, for tests that read them or run them.
public enum RepositoryPaths {
    /// The repository's root folder (this file is `Tests/NSEBenchTestSupport/RepositoryPaths.swift`).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `nse-bench` executable beside the running test binary (the package's build folder).
    public static var nseBenchExecutable: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("nse-bench")
    }
}
