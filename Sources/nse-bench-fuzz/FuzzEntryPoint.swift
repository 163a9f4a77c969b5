// nse-bench-fuzz: the fuzz targets of FuzzTargets behind one executable, in two builds.
//
// A normal `swift build` makes a corpus replayer: `nse-bench-fuzz TARGET PATH...` runs every file
// under PATH through TARGET and exits 1 if any input breaks the target's invariant, so a crasher kept
// in Fuzz/corpus stays a regression check without libFuzzer.
//
// Built with `-sanitize=fuzzer,address -DFUZZING` (Fuzz/run.sh), it is a libFuzzer binary: the target
// comes from NSE_BENCH_FUZZ_TARGET (the environment, so that the child processes libFuzzer starts to
// minimize a crash get it too) and every argument goes to libFuzzer.
import Foundation
import FuzzTargets

#if FUZZING
    /// The target chosen for this process, read once.
    let fuzzTarget = ProcessInfo.processInfo.environment["NSE_BENCH_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:))

    /// libFuzzer's callback: one input through the chosen target; a broken invariant is a crash, which
    /// libFuzzer saves as a crash-* file.
    @_cdecl("LLVMFuzzerTestOneInput")
    func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        let input = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        do {
            try fuzzTarget?.run(input)
        } catch {
            fatalError(error.description)
        }
        return 0
    }

    /// libFuzzer's driver (compiler-rt's FuzzerInterface.h): it parses its flags from argv and runs.
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// The process's entry point. SwiftPM links an executable's `main` to `<module>_main` (it renames
    /// the entry point so that tests can link the module), so the fuzzing build defines that name and
    /// hands over to libFuzzer's driver, after checking the target is named.
    @_cdecl("nse_bench_fuzz_main")
    func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
        guard fuzzTarget != nil else {
            FileHandle.standardError.write(
                Data("nse-bench-fuzz: set NSE_BENCH_FUZZ_TARGET to one of \(FuzzTarget.names)\n".utf8))
            return 64
        }
        var count = argc
        var arguments = argv
        return runFuzzerDriver(&count, &arguments, fuzzOneInput)
    }
#else
    @main
    enum CorpusReplayer {
        static let usage = """
            usage: nse-bench-fuzz TARGET PATH...

            Replays fuzz inputs: every file at each PATH (a file, or a folder searched recursively) goes
            through TARGET's parser, which must keep its invariant (see FuzzTargets). Prints one line per
            input; exits 0 when none broke it, 1 when one did, 64 for a usage error.
            Built with Fuzz/run.sh (-sanitize=fuzzer), the same binary is the libFuzzer target instead.

            TARGET: \(FuzzTarget.names)
            """

        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if arguments.first == "--help" || arguments.first == "-h" {
                write(usage + "\n", to: .standardOutput)
                exit(0)
            }
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count >= 2 else {
                let problem =
                    arguments.first.map {
                        FuzzTarget(rawValue: $0) == nil ? "unknown target \"\($0)\"" : "no PATH given"
                    }
                    ?? "no TARGET given"
                write("nse-bench-fuzz: \(problem)\n\n\(usage)\n", to: .standardError)
                exit(64)
            }
            var findings = 0
            var inputs = 0
            for path in arguments.dropFirst() {
                do {
                    for file in try Corpus.files(at: path) {
                        let input = try Corpus.read(file)
                        inputs += 1
                        // Unbuffered, before the run: if the parser traps, the last line names the input.
                        write("\(file): ", to: .standardOutput)
                        do {
                            try target.run(input)
                            write("ok\n", to: .standardOutput)
                        } catch {
                            findings += 1
                            write("FINDING \(error)\n", to: .standardOutput)
                        }
                    }
                } catch {
                    write("nse-bench-fuzz: \(error)\n", to: .standardError)
                    exit(1)
                }
            }
            write("\(inputs) inputs, \(findings) findings\n", to: .standardOutput)
            exit(findings == 0 ? 0 : 1)
        }

        static func write(_ text: String, to handle: FileHandle) {
            handle.write(Data(text.utf8))
        }
    }
#endif
