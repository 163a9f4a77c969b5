import Foundation
import NSEBenchTestSupport

/// The README and the `docs/` pages, read as the tests that keep them in step with the code need them.
enum DocsFolder {
    /// The `docs/` folder of the checkout.
    static let url = RepositoryPaths.root.appendingPathComponent("docs")

    /// The text of `docs/NAME` (`"results.md"`), or of the README for `"../README.md"`.
    static func text(_ name: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
    }

    /// The README and every markdown page under `docs/`, by path from the repository's root.
    static func markdownFiles() throws -> [URL] {
        let pages = try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
        return [RepositoryPaths.root.appendingPathComponent("README.md")] + pages
    }
}
