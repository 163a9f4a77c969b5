// The nse-bench executable: hands the command line to NSEBenchCLI and exits with its status.
// jemalloc is linked here (the CJemalloc dependency), so it is the allocator of the whole process.
import CJemalloc
import Foundation
import NSEBenchCLI
import NSEBenchSystem

let arguments = Array(CommandLine.arguments.dropFirst())
let context = CommandContext(
    output: StandardStream.output, errors: StandardStream.error, outputIsTerminal: Terminal.isTerminal(1),
    environment: ProcessInfo.processInfo.environment)
Task {
    let status = await NSEBenchTool.main(arguments, context: context)
    exit(status.rawValue)
}
if arguments.first == ExtensionWorkerCommand.configuration.name {
    // An iOS extension's process runs its main run loop on its main thread, and the user's code runs there
    // what it sends to the main queue or the main actor (`Thread.isMainThread` holds), and RunLoop.main's
    // timers. A worker's main thread does the same: the main run loop drains the main queue. Parked in
    // dispatchMain() instead, as a Swift program's main thread is on Linux, the main queue runs on another
    // thread and RunLoop.main never runs.
    RunLoop.main.run()
}
dispatchMain()
