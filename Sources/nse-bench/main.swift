// The nse-bench executable: hands the command line to NSEBenchCLI and exits with its status.
// jemalloc is linked here (the CJemalloc dependency), so it is the allocator of the whole process.
import CJemalloc
import Foundation
import NSEBenchCLI
import NSEBenchSystem

let context = CommandContext(
    output: StandardStream.output, errors: StandardStream.error, outputIsTerminal: Terminal.isTerminal(1),
    environment: ProcessInfo.processInfo.environment)
let status = await NSEBenchTool.main(Array(CommandLine.arguments.dropFirst()), context: context)
exit(status.rawValue)
