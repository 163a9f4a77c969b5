import NSEBenchCore
import NSEBenchTestSupport

@testable import NSEBenchCLI

/// `nse-bench ARGUMENTS` run in the test's process, its output captured: what a command test
/// asserts on. (A whole `run` with its result files is ``InProcessRun``.)
struct ToolRun: Sendable {
    /// The exit status.
    let status: ExitCode
    /// What it wrote to standard output, and to standard error.
    let output: String
    let errors: String

    /// Runs the tool with `arguments` (the command first) and an environment of `environment` only.
    static func main(_ arguments: [String], environment: [String: String] = [:]) async -> ToolRun {
        let output = CapturedText()
        let errors = CapturedText()
        let context = CommandContext(
            output: output, errors: errors, outputIsTerminal: false, environment: environment)
        let status = await NSEBenchTool.main(arguments, context: context)
        return ToolRun(status: status, output: output.text, errors: errors.text)
    }
}
