public import Foundation
import MediaServer
public import NSEBenchCore
import NSEBenchSystem
public import NSERuntime

/// Everything `nse-bench run` was asked to do, validated.
public struct RunConfiguration: Sendable {
    public var settings: RunSettings
    /// Payload mix and crypto faults for the generator (ignored with `--payloads`).
    public var payloadMix: PayloadMix
    public var mediaMix: MediaMix
    public var cryptoFaults: CryptoFaultRates
    /// A JSONL file of real payloads to replay instead of generated ones.
    public var payloadFile: String?
    /// `--target`: download from a real media host; nil for the embedded server.
    public var target: URL?
    public var outputDirectory: String?
    /// `--scratch-dir`: where downloads wait to be counted; nil to choose (``ScratchDirectory``).
    public var scratchDirectory: String?
    public var quiet: Bool
    public var format: OutputFormat
    /// `--origin-fetch` and `--coalesce`, its `file:` distribution read (unscaled), for the embedded
    /// server; nil without an origin cache.
    var originCache: OriginCacheSettings? = nil
    /// `--tls`: the embedded server serves HTTPS, and the transport pins its certificate.
    public var tls: Bool = false
    /// `--ca-file`: certificates to trust for `--target https://...`.
    public var caFile: String? = nil
    /// `--threshold`: absolute pass or fail criteria on the run's summary.
    public var thresholds: [Threshold] = []
    /// `--principal-class`, for a user's extension.
    public var principalClass: String?
    /// `--swift-version`, for a user's extension.
    public var swiftVersion: String?
    /// `--report`: also write `report.html` (``ReportCommand``) into the result folder.
    public var writeReport: Bool = false
    /// `--start-at`: Unix seconds to wait for before the first arrival; nil to start at once.
    public var startAt: Double? = nil
    /// `--extension-processes`: worker processes for a user's extension; 0 runs it in this process.
    public var extensionProcesses: Int = 1
    /// `--transport-loops`: event loops (threads) the run's downloads are spread over.
    public var transportLoops: Int = 1
    /// An extension given as a type (``LoadTest``), run in this process; nil to use `--extension`.
    var extensionFactory: ExtensionFactory? = nil
    /// `--payload-key`: the 32-byte key payloads are sealed with and the extension decrypts with; nil
    /// for a random key per run (replayed encrypted_data then cannot decrypt).
    public var payloadKey: [UInt8]? = nil
    /// The executable started as the embedded server; nil for this process's own. Tests, whose
    /// process is not `nse-bench`, name the built one.
    var serverExecutable: URL? = nil

    public enum OutputFormat: String, ArgumentValue, CaseIterable, Sendable {
        case text, json
    }
}

/// `run`'s option declarations and their validation. A `--scenario FILE` supplies defaults for any
/// option not given on the command line.
enum RunOptions {
    static let defaultMediaMix = "200KB.jpg:60,1MB.png:30,5MB.mp4:10"

    static let declarations: [OptionDeclaration] =
        [
            .value(
                "concurrency", short: "c", valueName: "N", default: "500", help: "Closed load: invocations in flight."),
            .value(
                "invocations", short: "n", valueName: "M",
                help: "Stop after M invocations (default 2000 without --duration)."),
            .value("duration", short: "d", valueName: "T", help: "Stop admitting after T, such as 30s or 2m."),
            .value("rate", valueName: "R", help: "Open load: R arrivals per second (instead of --concurrency)."),
            .value("arrivals", valueName: "KIND", default: "poisson", help: "Open load spacing: poisson or constant."),
            .value(
                "max-in-flight", valueName: "N", default: "10000",
                help: "Open and burst load: the most running at once."),
            .value("burst", valueName: "M", help: "M notifications at the same instant, as a broadcast push."),
            .value("ramp", valueName: "T", help: "Raise the rate (open) or concurrency (closed) from zero over T."),
            .value(
                "fanout", valueName: "T",
                help: "With --burst: spread its arrivals over T, as a broadcast reaches phones over time: each "
                    + "phone wakes at its own uniformly random moment of the window (a linear delivery curve; "
                    + "--fanout-curve for a measured one)."),
        ] + FanoutOptions.declarations + [
            .value(
                "extension", short: "e", valueName: "NAME|PATH", default: "media",
                help: "Extension to run: template (Xcode's), decrypt, media (URLSession defaults), media-20s, "
                    + "media-25s, media-30s (resource timeouts), media-no-expiry (no expiry handler), priority (decrypt first, media within the budget); "
                    + "an SDK's helper: firebase, onesignal, airship (original on expiry), customerio (30 s), batch "
                    + "(20 s, nothing on expiry), iterable, klaviyo, notifee; or your own: an Xcode extension target "
                    + "folder, a folder of .swift files or one .swift file, compiled against nse-bench's "
                    + "UserNotifications (cached)."),
            .value(
                "threshold", valueName: "EXPR", repeatable: true,
                help: "Pass or fail on the run's own figures, as k6's thresholds: a summary.csv metric, a "
                    + "comparison and a number, such as 'enriched_rate>=0.95' or 'deliver_p99_ms<25000'. Repeatable; "
                    + "a failed threshold exits 2."),
            .value(
                "principal-class", valueName: "NAME",
                help: "With --extension PATH: the UNNotificationServiceExtension subclass to run, when Info.plist "
                    + "names none or the sources have several."),
            .value(
                "extension-processes", valueName: "N",
                help: "With --extension PATH: the processes your extension runs in (default: one per core), as iOS "
                    + "runs an extension in a process of its own; a crash ends only its process's invocations. 0 runs "
                    + "it inside nse-bench, where a crash ends the run."),
            .value(
                "swift-version", valueName: "N",
                help: "With --extension PATH: the Swift language mode, 5 or 6 (default: the Xcode project's "
                    + "SWIFT_VERSION, else 5)."),
        ] + NetworkOptions.declarations + OriginCacheOptions.declarations + EndpointOptions.declarations + [
            .value(
                "media", valueName: "MIX", default: defaultMediaMix,
                help: "Media sizes and types with weights, as served under /media/."),
            .value(
                "encrypted", valueName: "FRACTION", default: "0",
                help: "Share of payloads with encrypted_data (0 to 1); a built-in gets only what it does (decrypt: 1)."),
            .value(
                "with-media", valueName: "FRACTION", default: "1",
                help:
                    "Share of payloads with media_url (0 to 1); a built-in gets only what it does (template, decrypt: 0)."
            ),
            .value(
                "tamper", valueName: "FRACTION", default: "0", help: "Share of encrypted payloads with a flipped byte."),
            .value(
                "truncate-payload", valueName: "FRACTION", default: "0", help: "Share with truncated encrypted_data."),
            .value("wrong-key", valueName: "FRACTION", default: "0", help: "Share sealed with another key."),
            .value(
                "payloads", valueName: "FILE", help: "Replay payloads from a JSONL file instead of generating them."),
            .value(
                "payload-key", valueName: "FILE",
                help: "The AES-256-GCM key of encrypted_data (64 hex digits or base64 of 32 bytes), shared with "
                    + "the extension's App Group container; default a random key per run."),
            .value("deadline", valueName: "T", default: "30s", help: "The extension's time budget, from arrival."),
            .value(
                "grace", valueName: "T", default: "2s",
                help: "Time after serviceExtensionTimeWillExpire (undocumented by Apple)."),
            .value(
                "wind-down", valueName: "T", default: "1s",
                help: "How long an extension's work still runs after its outcome is fixed (delivered, or given up "
                    + "on) before the phone suspends it, abandoning the rest (undocumented by Apple). OneSignal's "
                    + "receive receipts, due up to 24 s after didReceive, need about 25s to be sent."),
            .value(
                "memory-limit", valueName: "SIZE", default: "24MiB",
                help: "Memory budget; above it the extension is killed without its expiry call, as jetsam kills it "
                    + "(a user's extension: its worker process's real heap, shared out among the invocations it "
                    + "holds; built-ins: the modelled figure)."),
            .value(
                "time-scale", valueName: "F", default: "1",
                help: "Scale every duration and bandwidth: 0.01 runs 30 s in 0.3 s. CPU costs do not scale."),
            .value("seed", valueName: "N", default: "1", help: "Seed for payloads, arrivals, latency and faults."),
            .value("target", valueName: "URL", help: "Download media from this host instead of the embedded server."),
            .value(
                "transport-loops", valueName: "N",
                help: "Event loops (threads) the downloads are spread over, 1 to 64 (default: 1 with the embedded "
                    + "server, which shares the cores; half the cores with --target)."),
            .value(
                "scenario", valueName: "FILE",
                help: "Settings as JSON ({\"concurrency\": 500, ...}); flags override it."),
            .value(
                "out", short: "o", valueName: "DIR",
                help: "Result folder (default Results/runs/<timestamp>-<scenario>/)."),
            .value(
                "scratch-dir", valueName: "DIR",
                help: "Where downloads wait to be counted (default /dev/shm when it has room, else TMPDIR or /tmp)."),
            .flag("quiet", short: "q", help: "No progress and no summary; files only."),
            .flag(
                "report",
                help: "Also write report.html into the result folder: the self-contained HTML report that "
                    + "'nse-bench report' writes."),
            .flag(
                "tls",
                help: "Serve the embedded media over HTTPS (a self-signed certificate the transport pins), so each "
                    + "invocation pays a TLS handshake, as a phone does."),
            .value(
                "ca-file", valueName: "FILE",
                help: "With --target https://...: a PEM file of the certificates to trust instead of the system's."),
            .value("format", valueName: "FORMAT", default: "text", help: "Summary format: text or json."),
        ] + PhoneOptions.declarations + SegmentOptions.declarations

    /// Validates the options into a configuration.
    static func configuration(from given: ParsedArguments) throws(UsageError) -> RunConfiguration {
        let (arguments, scenarioName) = try withScenario(given)
        let load = try loadModel(arguments)
        let length = try runLength(arguments, load: load)
        let timeScale = try arguments.value("time-scale", as: Double.self) ?? 1
        guard timeScale > 0, timeScale <= maximumTimeScale else {
            throw .invalidValue(
                option: "time-scale", value: arguments.string("time-scale") ?? "",
                expected: "a number above 0 and at most \(Int(maximumTimeScale))")
        }
        try checkArrivalRate(load, timeScale: timeScale, arguments)
        let payloadFile = arguments.string("payloads")
        if payloadFile != nil {
            let ignored = generatorOptions.filter { arguments.wasGiven($0) }
            guard ignored.isEmpty else {
                throw .invalidCombination(
                    "--payloads replays its file's payloads as they are, so "
                        + ignored.map { "--\($0)" }.joined(separator: ", ")
                        + " would not take effect: drop \(ignored.count == 1 ? "it" : "them"), or drop --payloads to "
                        + "generate payloads (\(generatorOptions.map { "--\($0)" }.joined(separator: ", ")) shape "
                        + "generated payloads only)")
            }
        }
        let mediaText = arguments.string("media") ?? defaultMediaMix
        let mediaMix: MediaMix
        do {
            mediaMix = try MediaMix(parsing: mediaText)
        } catch {
            throw .invalidValue(option: "media", value: mediaText, expected: error.expected)
        }
        var target: URL? = nil
        if let text = arguments.string("target") {
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw .invalidValue(option: "target", value: text, expected: "an http or https URL of a media host")
            }
            target = url
        }
        if target == nil, payloadFile == nil { try checkServable(mediaMix, text: mediaText) }
        if arguments.isSet("tls"), arguments.wasGiven("target") { throw .conflictingOptions("tls", "target") }
        if let caFile = arguments.string("ca-file") {
            guard target?.scheme == "https" else {
                throw .invalidCombination(
                    "--ca-file applies to --target https://...; the embedded server's --tls pins its own")
            }
            guard Posix.fileStatus(caFile).map({ !$0.isDirectory }) == true else {
                throw .invalidValue(option: "ca-file", value: caFile, expected: "a readable PEM file of certificates")
            }
        }
        let memoryText = arguments.string("memory-limit") ?? "24MiB"
        let memoryLimit: ByteCount
        do {
            memoryLimit = try ByteCount(parsing: memoryText)
        } catch {
            throw .invalidValue(option: "memory-limit", value: memoryText, expected: error.expected)
        }
        let scratch = arguments.string("scratch-dir")
        if let scratch, !Posix.isWritableDirectory(scratch) {
            throw .invalidValue(
                option: "scratch-dir", value: scratch, expected: "an existing directory you can write to")
        }
        // A built-in is given only payloads that ask for what it does, unless the flags say otherwise.
        let builtInMix = BuiltInExtensions.defaultPayloadMix(for: arguments.string("extension") ?? "media")
        let encryptedFraction =
            arguments.wasGiven("encrypted") ? try fraction(arguments, "encrypted") : builtInMix?.encrypted ?? 0
        let mediaFraction =
            arguments.wasGiven("with-media") ? try fraction(arguments, "with-media") : builtInMix?.media ?? 1
        let network = try networkMix(arguments, target: target)
        let segment = try SegmentOptions.segment(
            arguments, load: load, environment: ProcessInfo.processInfo.environment)
        var settings = RunSettings(
            scenario: scenarioName, load: load, length: length, ramp: try nanoseconds(arguments, "ramp") ?? 0,
            extensionName: arguments.string("extension") ?? "media",
            network: network,
            mediaMix: payloadFile == nil ? mediaText : replayedMediaMix,
            encryptedFraction: encryptedFraction, mediaFraction: mediaFraction,
            deadline: try nanoseconds(arguments, "deadline", minimum: 1_000_000) ?? 30_000_000_000,
            grace: try nanoseconds(arguments, "grace") ?? 2_000_000_000, memoryLimit: Int(memoryLimit.bytes),
            timeScale: timeScale, seed: try arguments.value("seed", as: UInt64.self) ?? 1,
            target: target?.absoluteString ?? (arguments.isSet("tls") ? "embedded-tls" : "embedded"))
        settings.segment = segment
        let fanout = try FanoutOptions.fanout(arguments, load: load)
        settings.fanout = fanout.window
        settings.fanoutCurve = fanout.curve
        settings.wakeJitter = fanout.wakeJitter
        let originCache = try originCache(arguments, target: target)
        if let origin = originCache {
            settings.originFetch = arguments.string("origin-fetch") ?? ""
            settings.coalesce = origin.coalesces
        }
        settings.coldStarts = try PhoneOptions.coldStarts(arguments)
        settings.endpoints = try endpoints(arguments, target: target)
        settings.windDown = try nanoseconds(arguments, "wind-down") ?? RunSettings.defaultWindDown
        settings.lowDataMode = try PhoneOptions.lowDataMode(arguments)
        var configuration = RunConfiguration(
            settings: settings,
            payloadMix: PayloadMix(encrypted: settings.encryptedFraction, media: settings.mediaFraction),
            mediaMix: mediaMix,
            cryptoFaults: CryptoFaultRates(
                tamper: try fraction(arguments, "tamper"), truncate: try fraction(arguments, "truncate-payload"),
                wrongKey: try fraction(arguments, "wrong-key")),
            payloadFile: payloadFile, target: target, outputDirectory: arguments.string("out"),
            scratchDirectory: scratch, quiet: arguments.isSet("quiet"),
            format: try arguments.value("format", as: RunConfiguration.OutputFormat.self) ?? .text,
            thresholds: try thresholds(arguments),
            principalClass: arguments.string("principal-class"),
            swiftVersion: try swiftVersion(arguments),
            extensionProcesses: try arguments.value("extension-processes", as: Int.self, in: 0...64)
                ?? ProcessResources.cores)
        if let path = arguments.string("payload-key") { configuration.payloadKey = try payloadKey(readFrom: path) }
        configuration.tls = arguments.isSet("tls")
        configuration.writeReport = arguments.isSet("report")
        configuration.startAt = try SegmentOptions.startAt(arguments)
        configuration.caFile = arguments.string("ca-file")
        configuration.transportLoops =
            try arguments.value("transport-loops", as: Int.self, in: 1...64)
            ?? defaultTransportLoops(target: target, cores: ProcessResources.cores)
        configuration.originCache = originCache
        return configuration
    }

    /// One loop beside the embedded server, which needs the other cores (measured on 2 cores: 2 loops
    /// started a burst sooner but once pushed first-byte p99 from ~10 to ~115 ms past the server's
    /// delay); half the cores against a media host elsewhere, leaving the rest to the extension's
    /// tasks and the timers.
    static func defaultTransportLoops(target: URL?, cores: Int) -> Int {
        target == nil ? 1 : max(1, cores / 2)
    }

    /// `--origin-fetch` and `--coalesce`, checked here so that a bad value fails the run before its
    /// server starts. With `--target` they would shape nothing: the media host's own cache is measured.
    private static func originCache(_ arguments: ParsedArguments, target: URL?) throws(UsageError)
        -> OriginCacheSettings?
    {
        if target != nil, let given = OriginCacheOptions.names.first(where: { arguments.wasGiven($0) }) {
            throw .invalidCombination(
                "--\(given) puts a cold cache in front of the embedded media server; with --target the media host's "
                    + "own cache is measured as it is: drop --\(given), or drop --target")
        }
        return try OriginCacheOptions.settings(from: arguments)
    }

    /// `--endpoint`, checked here so that a bad value fails the run before its server starts. With
    /// `--target` it would shape nothing: the side calls go to the target as they are.
    private static func endpoints(_ arguments: ParsedArguments, target: URL?) throws(UsageError)
        -> [EndpointConditions]
    {
        if target != nil, arguments.wasGiven("endpoint") {
            throw .invalidCombination(
                "--endpoint shapes the embedded media server's side endpoints; with --target the media host's own "
                    + "are measured as they are: drop --endpoint, or drop --target")
        }
        return try EndpointOptions.endpoints(from: arguments)
    }

    /// The default network: a population of phones (``NetworkMix/phones``), so that a bare run answers
    /// for phones, not loopback; with `--target` the media host's own network, which nothing shapes.
    static let defaultProfile = NetworkMix.phones.name

    /// `--profile` and the network flags. With `--target` they would shape nothing (the embedded
    /// server injects them), so they are refused rather than recorded as if they had applied.
    private static func networkMix(_ arguments: ParsedArguments, target: URL?) throws(UsageError) -> NetworkMix {
        if target != nil {
            let given = (["profile"] + NetworkConditions.settingKeys).filter { arguments.wasGiven($0) }
            if let first = given.first {
                throw .invalidCombination(
                    "--\(first) shapes the embedded media server's responses; with --target the media host's own "
                        + "network is measured as it is: drop --\(first), or drop --target")
            }
            return NetworkMix(single: .none)
        }
        if arguments.wasGiven("payloads") {
            // A replayed media_url is fetched as it is: no phone's class can choose its port.
            let mix = try NetworkOptions.mix(from: arguments, defaultProfile: NetworkProfile.none.name)
            guard mix.isSingleClass else {
                throw .invalidCombination(
                    "--profile \(mix.argument) draws each phone's network by pointing its media_url at that class's "
                        + "port, but --payloads replays each media_url as it is: give one profile, or drop --payloads")
            }
            return mix
        }
        return try NetworkOptions.mix(from: arguments, defaultProfile: defaultProfile)
    }

    private static func thresholds(_ arguments: ParsedArguments) throws(UsageError) -> [Threshold] {
        var thresholds: [Threshold] = []
        for text in arguments.strings("threshold") {
            do {
                thresholds.append(try Threshold(parsing: text))
            } catch {
                throw .invalidValue(option: "threshold", value: text, expected: error.expected)
            }
        }
        return thresholds
    }

    private static func swiftVersion(_ arguments: ParsedArguments) throws(UsageError) -> String? {
        guard let text = arguments.string("swift-version") else { return nil }
        guard ["4", "4.2", "5", "6"].contains(text) else {
            throw .invalidValue(option: "swift-version", value: text, expected: "a Swift language mode: 5 or 6")
        }
        return text
    }

    /// The key in `path`: 64 hex digits or the base64 of 32 bytes, surrounding whitespace ignored.
    static func payloadKey(readFrom path: String) throws(UsageError) -> [UInt8] {
        let text: String
        do {
            text = try TextFile.read(path, limit: 4_096)
        } catch {
            throw .invalidValue(option: "payload-key", value: path, expected: "a readable key file (\(error))")
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let utf8 = Array(trimmed.utf8)
        if utf8.count == 64 {
            let bytes = stride(from: 0, to: 64, by: 2).compactMap { UInt8(trimmed.dropFirst($0).prefix(2), radix: 16) }
            if bytes.count == 32 { return bytes }
        }
        if let bytes = Base64.decode(trimmed), bytes.count == 32 { return bytes }
        throw .invalidValue(
            option: "payload-key", value: path,
            expected: "a file holding a 32-byte AES-256 key as 64 hex digits or as base64 (44 characters)")
    }

    /// The options that shape generated payloads; `--payloads` replays a file instead.
    static let generatorOptions = ["media", "encrypted", "with-media", "tamper", "truncate-payload", "wrong-key"]

    /// `media_mix` of a run that replays `--payloads`: the media are whatever the file's URLs name.
    static let replayedMediaMix = "replayed"

    /// The largest `--time-scale`: beyond it a 30 s deadline would take over eight hours.
    static let maximumTimeScale = 1_000.0

    /// CPU of one invocation of the media extension on the development machine (README: "about 200 µs
    /// of CPU", `Benchmarks/run.sh`), so one core runs about 5,000 a second.
    static let invocationCPUNanoseconds = 200_000.0

    /// How far past what its cores can run an open rate may ask: ten times. Beyond that the arrivals
    /// only queue (each budget spent before it starts) and the run never ends in its duration.
    static let arrivalRateHeadroom = 10.0

    /// The most arrivals a second of real time (`--rate` over `--time-scale`) this machine is let
    /// ask for: ten times what `cores` run of the media extension.
    static func maximumArrivalRate(cores: Int) -> Double {
        arrivalRateHeadroom * Double(max(1, cores)) * 1e9 / invocationCPUNanoseconds
    }

    /// Refuses an open rate the machine cannot approach (`--rate 1e9`): exit 64 naming the limit and
    /// the figure it comes from, rather than a run that queues arrivals for hours.
    private static func checkArrivalRate(_ load: LoadModel, timeScale: Double, _ arguments: ParsedArguments)
        throws(UsageError)
    {
        guard case .open(let rate, _, _) = load else { return }
        let cores = ProcessResources.cores
        let limit = maximumArrivalRate(cores: cores)
        guard rate / timeScale > limit else { return }
        let scaled =
            timeScale == 1 ? "" : " of real time (R / --time-scale \(timeScale), so R at most \(limit * timeScale))"
        throw .invalidValue(
            option: "rate", value: arguments.string("rate") ?? "\(rate)",
            expected: "at most \(Int(limit)) arrivals a second\(scaled) on this machine's \(cores) cores: "
                + "an invocation costs the harness about \(Int(invocationCPUNanoseconds / 1_000)) µs of CPU "
                + "(\(Int(1e9 / invocationCPUNanoseconds)) a second a core), and a rate over "
                + "\(Int(arrivalRateHeadroom))× that only queues arrivals whose budgets run out before they start")
    }

    /// Every `/media/` choice must be something the embedded server serves, or every invocation
    /// that draws it fails on a 404 or 400 that says nothing about the extension.
    private static func checkServable(_ mix: MediaMix, text: String) throws(UsageError) {
        for choice in mix.choices where choice.path.hasPrefix(MediaRequest.pathPrefix) {
            let parts = choice.path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let query = (parts.count > 1 ? parts[1].split(separator: "&") : []).map { item in
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return HTTPQueryItem(name: String(pair[0]), value: pair.count > 1 ? String(pair[1]) : "")
            }
            do {
                _ = try MediaRequest(path: String(parts[0]), query: query)
            } catch {
                throw .invalidValue(
                    option: "media", value: text,
                    expected: "media the embedded server serves: a size up to 2 GB (\(SyntheticMediaFile.maximumSize) "
                        + "bytes) and a type among \(MediaType.allCases.map(\.fileExtension).joined(separator: ", ")) "
                        + "(\(choice.path): \(error))")
            }
        }
    }

    private static func loadModel(_ arguments: ParsedArguments) throws(UsageError) -> LoadModel {
        let maxInFlight = try arguments.value("max-in-flight", as: Int.self, in: 1...1_000_000) ?? 10_000
        if arguments.wasGiven("rate") {
            if arguments.wasGiven("burst") { throw .conflictingOptions("rate", "burst") }
            if arguments.wasGiven("concurrency") { throw .conflictingOptions("rate", "concurrency") }
            let rate = try arguments.value("rate", as: Double.self) ?? 0
            guard rate > 0 else {
                throw .invalidValue(
                    option: "rate", value: arguments.string("rate") ?? "", expected: "arrivals per second above 0")
            }
            let arrivals = try arguments.value("arrivals", as: LoadModel.ArrivalProcess.self) ?? .poisson
            return .open(ratePerSecond: rate, arrivals: arrivals, maxInFlight: maxInFlight)
        }
        if arguments.wasGiven("burst") {
            if arguments.wasGiven("concurrency") { throw .conflictingOptions("burst", "concurrency") }
            let count = try arguments.value("burst", as: Int.self, in: 1...10_000_000) ?? 1
            return .burst(count: count, maxInFlight: maxInFlight)
        }
        return .closed(concurrency: try arguments.value("concurrency", as: Int.self, in: 1...1_000_000) ?? 500)
    }

    private static func runLength(_ arguments: ParsedArguments, load: LoadModel) throws(UsageError) -> RunLength {
        if arguments.wasGiven("duration") {
            if arguments.wasGiven("invocations") { throw .conflictingOptions("invocations", "duration") }
            if case .burst = load { throw .conflictingOptions("burst", "duration") }
            return .duration(try nanoseconds(arguments, "duration", minimum: 1_000_000) ?? 0)
        }
        if case .burst(let count, _) = load { return .invocations(count) }
        return .invocations(try arguments.value("invocations", as: Int.self, in: 1...100_000_000) ?? 2_000)
    }

    private static func fraction(_ arguments: ParsedArguments, _ name: String) throws(UsageError) -> Double {
        try arguments.value(name, as: Double.self, in: 0...1) ?? 0
    }

    private static func nanoseconds(_ arguments: ParsedArguments, _ name: String, minimum: Int64 = 0)
        throws(UsageError) -> UInt64?
    {
        try arguments.duration(name, atLeast: DurationValue(nanoseconds: minimum)).map { UInt64($0.nanoseconds) }
    }

    /// Applies `--scenario FILE`: its keys are option names, its values what the flag would take;
    /// flags given on the command line win. Returns the merged arguments and the scenario's name.
    private static func withScenario(_ arguments: ParsedArguments) throws(UsageError) -> (ParsedArguments, String) {
        guard let path = arguments.string("scenario") else { return (arguments, "default") }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .invalidValue(option: "scenario", value: path, expected: "a readable JSON file")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw .invalidValue(option: "scenario", value: path, expected: "a JSON object of option names and values")
        }
        var name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        var values: [String: String] = [:]
        var lists: [String: [String]] = [:]
        for (key, value) in object {
            if key == "name", let text = value as? String {
                name = text
                continue
            }
            if key == "description" { continue }
            guard let declaration = arguments.configuration.option(named: key), key != "scenario", key != "help" else {
                throw .invalidValue(
                    option: "scenario", value: path, expected: "known option names; \"\(key)\" is not one")
            }
            switch value {
            case let flag as Bool where declaration.kind == .flag: values[key] = flag ? "true" : nil
            case let text as String: values[key] = resolvingFile(text, besides: path)
            case let number as NSNumber: values[key] = number.stringValue
            case let list as [String] where declaration.isRepeatable: lists[key] = list
            default:
                throw .invalidValue(option: "scenario", value: path, expected: "a string or number for \"\(key)\"")
            }
        }
        return (arguments.withDefaults(values).withDefaultLists(lists), name)
    }

    /// A scenario file's `file:PATH` value (a measured `fanout-curve`, a `ttfb` distribution, ...) with
    /// a relative PATH taken from the folder of the scenario at `scenarioPath`, so that a scenario and
    /// its files move together; absolute paths and every other value as they are. A PATH found only
    /// from the current directory is kept as it is, as scenarios were read before
    /// (`Benchmarks/herd/broadcast-curve.json` names its curve from the repository's root).
    static func resolvingFile(_ value: String, besides scenarioPath: String) -> String {
        guard value.hasPrefix(filePrefix) else { return value }
        let path = String(value.dropFirst(filePrefix.count))
        guard !path.isEmpty, !path.hasPrefix("/") else { return value }
        let folder = (scenarioPath as NSString).deletingLastPathComponent
        let besides = folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
        if Posix.fileStatus(besides) == nil, Posix.fileStatus(path) != nil { return value }
        return filePrefix + besides
    }

    private static let filePrefix = "file:"
}

extension LoadModel.ArrivalProcess: ArgumentValue {}
