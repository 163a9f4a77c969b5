/// A checker script under Tests/Scripts/, run with `python3`, that compares nse-bench's output with
/// a reference implementation from PyPI.
///
/// A script exits 77 when the package it needs is not installed (`.ci/install-deps` installs them in
/// CI): the test is then skipped, saying so, rather than failed.
///
/// ```swift
/// guard let result = try await PythonScript.run("hlog_check.py", [log.path]) else { return }
/// #expect(result.status == 0, "\(result.output)")
/// ```
public enum PythonScript {
    /// The exit status a script uses for "a package I need is missing".
    public static let skippedStatus: Int32 = 77

    /// Runs `Tests/Scripts/<script>` with `arguments`; nil (after printing why) when it skipped itself.
    public static func run(_ script: String, _ arguments: [String]) async throws -> ChildProcess.Result? {
        let path = RepositoryPaths.root.appendingPathComponent("Tests/Scripts/\(script)").path
        let result = try await ChildProcess.run("python3", [path] + arguments)
        guard result.status != skippedStatus else {
            print("skipped: \(result.output)")
            return nil
        }
        return result
    }
}
