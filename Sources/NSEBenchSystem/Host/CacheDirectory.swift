public import Foundation

/// Where nse-bench keeps what it can reuse between runs (compiled extensions, the measured capacity):
/// `NSE_BENCH_CACHE`, else `XDG_CACHE_HOME/nse-bench`, else `~/.cache/nse-bench`.
public enum CacheDirectory {
    /// The folder for `environment` (not created).
    public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit = environment["NSE_BENCH_CACHE"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("nse-bench")
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/nse-bench")
    }
}
