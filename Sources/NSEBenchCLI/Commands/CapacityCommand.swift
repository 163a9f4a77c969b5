import Foundation
public import NSEBenchCore
import NSEBenchSystem
import NSERuntime

/// `nse-bench capacity`: the highest open arrival rate this machine's harness sustains within its own
/// error budget, saved so that `run` warns before a load beyond it.
public struct CapacityCommand: ParsableCommand {
    /// The command's name, help and options, from which it is parsed and `--help` is written.
    public static let configuration = CommandConfiguration(
        name: "capacity",
        abstract: "Measure the highest arrival rate the harness sustains here, and save it for run's warnings.",
        discussion: """
            Probes open loads of an extension (--extension: the built-in media, or your own, run as 'run' runs \
            it) against the embedded server (1 KB media, a fixed first byte, constant arrivals, --duration \
            each): a probe holds when its run is valid and its deliver p99 \
            stays within --budget of the first byte, so every invocation in flight waited on the network, not \
            on the harness. Rates double from --from until a probe fails or --to is reached, then --probes \
            bisect between the last rate held and the first lost. The highest rate held, and the invocations \
            in flight it amounts to (rate x first byte), are saved to capacity.json in the cache folder \
            (NSE_BENCH_CACHE, XDG_CACHE_HOME/nse-bench or ~/.cache/nse-bench) with the host fingerprint and \
            the extension, beside those measured with other extensions; 'run' then warns before starting a \
            load beyond them on this host. A run of an extension never measured is checked against the \
            built-in media's capacity, which a user's extension in its own processes does not reach: \
            measure it with --extension. The embedded server shares the \
            machine, as in every run with it; a media host elsewhere leaves the harness more. Exits 1 when \
            not even --from held.
            """,
        options: Options.declarations,
        examples: [
            "nse-bench capacity", "nse-bench capacity --first-byte 2s --budget 50ms --duration 10s",
            "nse-bench capacity --extension Examples/MediaDownload",
        ])

    /// `--first-byte`: the probes' fixed time to first byte.
    public let firstByte: DurationValue
    /// `--budget`: how far deliver p99 may exceed the first byte.
    public let budget: DurationValue
    /// `--duration`: how long each probe admits arrivals.
    public let duration: DurationValue
    /// `--from`: the first rate probed.
    public let from: Double
    /// `--to`: the highest rate probed.
    public let to: Double
    /// `--probes`: the most probes in all.
    public let probes: Int
    /// `--out`; nil for a timestamped folder.
    public let output: String?
    /// Whether the result is saved for run's warnings (not `--no-save`).
    public let save: Bool
    /// `--extension`: the built-in's name or the path of the user's extension the probes run.
    public let extensionName: String
    /// `--principal-class`: with a path, the class to run.
    public let principalClass: String?
    /// `--module`: with a path, the user's own modules the extension imports.
    public let modules: [String]

    /// Validates the parsed options; a bad value or combination is a usage error naming the option.
    public init(parsing arguments: ParsedArguments) throws(UsageError) {
        firstByte = try arguments[Options.firstByte]
        budget = try arguments[Options.budget]
        duration = try arguments[Options.duration]
        from = try arguments[Options.from]
        to = try arguments[Options.to]
        probes = try arguments[Options.probes]
        output = try arguments[Options.out]
        save = !(try arguments[Options.noSave])
        extensionName = try arguments[Options.extensionName]
        principalClass = try arguments[Options.principalClass]
        modules = try arguments[Options.modules]
        if BuiltInExtensions.allNames.contains(extensionName) {
            if principalClass != nil { throw .conflictingOptions("principal-class", "extension \(extensionName)") }
            if !modules.isEmpty { throw .conflictingOptions("module", "extension \(extensionName)") }
        } else {
            guard ExtensionChoice.isPath(extensionName) else {
                throw .invalidValue(option: "extension", value: extensionName, expected: ExtensionChoice.expectedValue)
            }
            do {
                _ = try UserExtensionSource.locate(
                    extensionName, principalClass: principalClass, swiftVersion: nil, modules: modules)
            } catch {
                throw .invalidCombination("--extension \(extensionName): \(error.description)")
            }
        }
        guard from < to else {
            throw .invalidCombination(
                "--from (\(arguments.string(Options.from.name) ?? "")) must be below --to "
                    + "(\(arguments.string(Options.to.name) ?? ""))")
        }
    }

    /// One probe's result.
    struct Probe {
        let rate: Double
        let held: Bool
        let summary: RunFolderSummary
        let why: String
    }

    /// Runs the command, writing to `context`; returns its exit status.
    public func run(_ context: CommandContext) async throws -> ExitCode {
        try await run(context) { arguments in
            try await RunCommand(parsing: ArgumentParser.parse(arguments, for: RunCommand.configuration)).run(context)
        }
    }

    /// The measurement, with `runOne` running one probe from `run` arguments (tests pass their own).
    func run(_ context: CommandContext, runOne: ([String]) async throws -> ExitCode) async throws -> ExitCode {
        let folder = try OutputFolder.create(output, scenario: "capacity")
        var done: [Probe] = []
        func probe(_ rate: Double) async throws -> Probe {
            let rate = rate.rounded()
            let runFolder = folder.appendingPathComponent("rate-\(Int64(rate))")
            let status = try await runOne(
                [
                    // Bare loopback and a fixed first byte: the harness's own ceiling, not a phone network's.
                    "--rate", String(Int64(rate)), "--arrivals", "constant", "--duration", duration.description,
                    "--profile", "none", "--ttfb", firstByte.description, "--media", "1KB.jpg:1", "--extension",
                    extensionName, "--max-in-flight", String(Int64(rate * firstByte.seconds * 4 + 100)), "--quiet",
                    "--out",
                    runFolder.path,
                ] + (principalClass.map { ["--principal-class", $0] } ?? []) + modules.flatMap { ["--module", $0] })
            let summary = try RunFolderSummary(folder: runFolder)
            let result = judge(rate: rate, status: status, summary: summary)
            done.append(result)
            context.output.write(
                "probe \(Int64(rate))/s: deliver p99 \(summary.values["deliver_p99_ms"] ?? "?") ms (budget "
                    + "\(FixedPoint.text(limitMilliseconds, places: 1)) ms), \(result.held ? "held" : "lost: \(result.why)")\n"
            )
            return result
        }
        // Doubling until a probe is lost, then bisection between the last held and the first lost.
        var rate = from
        while done.count < probes {
            let result = try await probe(min(rate, to))
            if !result.held || rate >= to { break }
            rate *= 2
        }
        while done.count < probes {
            let points = done.map { SweepPoint(value: $0.rate, enrichedRate: $0.held ? 1 : 0) }
            guard case .at(_, let held, let lost) = SweepCliff.find(points, level: 0.5, setting: .rate).finding,
                lost - held > max(1, held * 0.05)
            else { break }
            _ = try await probe((held + lost) / 2)
        }
        try writeProbes(done, to: folder.appendingPathComponent("capacity.csv"))
        let held = done.filter(\.held).map(\.rate).max()
        let lost = done.filter { !$0.held && $0.rate > (held ?? 0) }.map(\.rate).min()
        guard let held else {
            context.output.write(
                "capacity: not even \(Int64(from)) arrivals a second held here (\(done.first?.why ?? "")); "
                    + "probes in \(folder.path)/capacity.csv\n")
            return .harnessError
        }
        let capacity = HarnessCapacity(
            extensionName: CapacityFile.key(extension: extensionName, principalClass: principalClass, modules: modules),
            arrivalsPerSecond: held, inFlight: Int((held * firstByte.seconds).rounded()),
            firstByteMilliseconds: firstByte.seconds * 1000, budgetMilliseconds: budget.seconds * 1000,
            measuredAt: Provenance.timestamp(), version: NSEBenchVersion.current, host: HostFingerprintReader.current())
        var text =
            "capacity: \(Int64(held)) arrivals a second, \(capacity.inFlight) in flight with a \(firstByte) first "
            + "byte, deliver p99 within \(budget) of it"
            + (lost.map { "; \(Int64($0))/s was not" } ?? "; the highest rate probed (--to)")
            + (capacity.extensionName == HarnessCapacity.defaultExtension
                ? "" : "; extension \(capacity.extensionName)")
        if save {
            if let note = try CapacityFile.save(capacity, environment: context.environment) {
                context.errors.write("note: \(note)\n")
            }
            text +=
                "\nsaved to \(CapacityFile.url(environment: context.environment).path): run warns before loads beyond it"
        }
        context.output.write(text + "\n")
        return .success
    }

    var limitMilliseconds: Double { (firstByte.seconds + budget.seconds) * 1000 }

    func judge(rate: Double, status: ExitCode, summary: RunFolderSummary) -> Probe {
        let p99 = Double(summary.values["deliver_p99_ms"] ?? "") ?? .infinity
        var reasons: [String] = []
        if status != .success { reasons.append("the run exited \(status.rawValue) (\(status))") }
        if summary.values["valid"] != "true" { reasons.append("valid=false: \(summary.invalidReason)") }
        if p99 > limitMilliseconds {
            reasons.append("deliver p99 \(FixedPoint.text(p99, places: 1)) ms is over the budget")
        }
        if summary.values["enriched"] != summary.values["invocations"] {
            reasons.append(
                "\(summary.values["enriched"] ?? "?") of \(summary.values["invocations"] ?? "?") enriched")
        }
        return Probe(rate: rate, held: reasons.isEmpty, summary: summary, why: reasons.joined(separator: "; "))
    }

    func writeProbes(_ probes: [Probe], to file: URL) throws {
        var text = CSVWriter.record(["rate_per_s", "held", "deliver_p99_ms", "valid", "why", "run"])
        for probe in probes {
            text += CSVWriter.record([
                String(Int64(probe.rate)), probe.held ? "true" : "false", probe.summary.values["deliver_p99_ms"] ?? "",
                probe.summary.values["valid"] ?? "", probe.why, "rate-\(Int64(probe.rate))",
            ])
        }
        try TextFile.write(text, to: file.path)
    }
}

extension CapacityCommand {
    /// `capacity`'s options, each declared once with its help, default and parser.
    enum Options {
        static let firstByte: Option<DurationValue> = .value(
            "first-byte", valueName: "T", default: "1s", help: "The probes' fixed time to first byte.", aboveZero)
        static let budget: Option<DurationValue> = .value(
            "budget", valueName: "T", default: "25ms",
            help: "How far deliver p99 may exceed the first byte for a probe to hold.", aboveZero)
        static let duration: Option<DurationValue> = .value(
            "duration", short: "d", valueName: "T", default: "5s", help: "How long each probe admits arrivals.",
            aboveZero)
        static let from: Option<Double> = .value(
            "from", valueName: "R", default: "500", help: "The first rate probed, arrivals a second.",
            .within(1...1_000_000))
        static let to: Option<Double> = .value(
            "to", valueName: "R", default: "20000", help: "The highest rate probed.", .within(1...1_000_000))
        static let probes: Option<Int> = .value(
            "probes", valueName: "N", default: "10", help: "The most probes in all (2-30).", .within(2...30))
        static let out: Option<String?> = .value(
            "out", short: "o", valueName: "DIR", help: "Result folder (default Results/runs/<timestamp>-capacity/).")
        static let noSave: Option<Bool> = .flag(
            "no-save", help: "Measure and print, but keep the saved capacity as it was.")
        static let extensionName: Option<String> = .value(
            "extension", valueName: "NAME|PATH", default: HarnessCapacity.defaultExtension,
            help: "The extension the probes run: a built-in's name, or your extension's folder or .swift file; "
                + "its capacity is saved apart from the others'.", .text)
        static let principalClass: Option<String?> = .value(
            "principal-class", valueName: "NAME",
            help: "With --extension PATH: the UNNotificationServiceExtension subclass to run.")
        static let modules = RunOptions.modules

        /// Every option of `capacity`, in `--help` order.
        static let declarations: [OptionDeclaration] =
            ([extensionName, principalClass, modules, firstByte, budget, duration, from, to, probes, out, noSave]
            as [any DeclaredOption]).map(\.declaration)

        /// A duration above zero.
        private static let aboveZero = OptionParser<DurationValue>.converted.checking {
            $0.nanoseconds > 0 ? nil : "above 0"
        }
    }
}
