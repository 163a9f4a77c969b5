public import Foundation
import MediaServer
public import NSEBenchCore
import NSEBenchSystem
public import NSERuntime
public import SimulatedDevice

/// Everything `nse-bench run` was asked to do, validated.
public struct RunConfiguration: Sendable {
    /// The settings summary.csv records and the run applies.
    public var settings: RunSettings
    /// Payload mix and crypto faults for the generator (ignored with `--payloads`).
    public var payloadMix: PayloadMix
    /// `--media`: the media sizes and types with their weights.
    public var mediaMix: MediaMix
    /// `--tamper`, `--truncate-payload`, `--wrong-key`.
    public var cryptoFaults: CryptoFaultRates
    /// A JSONL file of real payloads to replay instead of generated ones.
    public var payloadFile: String?
    /// `--target`: download from a real media host; nil for the embedded server.
    public var target: URL?
    /// `--out`: the result folder; nil for a timestamped one.
    public var outputDirectory: String?
    /// `--scratch-dir`: where downloads wait to be counted; nil to choose (``ScratchDirectory``).
    public var scratchDirectory: String?
    /// `--quiet`.
    public var quiet: Bool
    /// `--format`: how the terminal summary is written.
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
    /// `--module`s, for a user's extension: its own modules, `NAME=PATH` or `PATH`.
    public var modules: [String] = []
    /// `--report`: also write `report.html` (``ReportCommand``) into the result folder.
    public var writeReport: Bool = false
    /// `--start-at`: Unix seconds to wait for before the first arrival; nil to start at once.
    public var startAt: Double? = nil
    /// `--extension-processes`: worker processes for a user's extension; 0 runs it in this process.
    public var extensionProcesses: Int = 1
    /// `--transport-loops`: event loops (threads) the run's invocations and downloads are spread over.
    public var transportLoops: Int = 1
    /// An extension given as a type (``LoadTest``), run in this process; nil to use `--extension`.
    var extensionFactory: ExtensionFactory? = nil
    /// `--payload-key`: the 32-byte key payloads are sealed with and the extension decrypts with; nil
    /// for a random key per run (replayed encrypted_data then cannot decrypt).
    public var payloadKey: [UInt8]? = nil
    /// `--app-group`: a folder copied into the App Group container before the run; nil for none.
    public var appGroup: String? = nil
    /// `--encrypted-field`: the top-level key of replayed payloads that carries their encrypted content;
    /// nil for `encrypted_data` alone.
    public var encryptedField: String? = nil
    /// Where payloads carry the media URL (`--media-field`, else where the extension's push SDK reads it);
    /// nil for `media_url`.
    public var mediaField: MediaField? = nil
    /// Whether `--media-field` was given: replayed payloads must then hold a URL there.
    public var mediaFieldGiven = false
    /// The push SDKs whose own fields generated payloads carry: the SDK profile run, or those a user's
    /// extension imports (with the one `--media-field` names, added where the payloads are made).
    public var pushPayloadFields: PushPayloadFields = .none
    /// `--keychain`: the items the keychain the app shares with its extension starts with; nil for an
    /// empty keychain.
    public var keychain: KeychainItems? = nil
    /// The executable started as the embedded server; nil for this process's own. Tests, whose
    /// process is not `nse-bench`, name the built one.
    var serverExecutable: URL? = nil

    /// `--format`'s values: a text summary, or the summary row as JSON.
    public enum OutputFormat: String, ArgumentValue, CaseIterable, Sendable {
        case text, json
    }
}

/// `run`'s option declarations and their validation. A `--scenario FILE` supplies defaults for any
/// option not given on the command line.
enum RunOptions {
    static let defaultMediaMix = "200KB.jpg:60,1MB.png:30,5MB.mp4:10"

    /// Validates the options into a configuration.
    static func configuration(from given: ParsedArguments) throws(UsageError) -> RunConfiguration {
        let (arguments, scenarioName) = try withScenario(given)
        let load = try loadModel(arguments)
        let length = try runLength(arguments, load: load)
        let timeScale = try arguments[Self.timeScale]
        try checkArrivalRate(load, timeScale: timeScale, arguments)
        let payloadFile = try arguments[payloads]
        if payloadFile != nil {
            let ignored = generatorOptions.filter { arguments.wasGiven($0) }.map(\.name)
            guard ignored.isEmpty else {
                throw .invalidCombination(
                    "--payloads replays its file's payloads as they are, so "
                        + ignored.map { "--\($0)" }.joined(separator: ", ")
                        + " would not take effect: drop \(ignored.count == 1 ? "it" : "them"), or drop --payloads to "
                        + "generate payloads (\(generatorOptions.map { "--\($0.name)" }.joined(separator: ", ")) shape "
                        + "generated payloads only)")
            }
        }
        let mediaText = try arguments[media]
        let mediaMix: MediaMix
        do {
            mediaMix = try MediaMix(parsing: mediaText)
        } catch {
            throw .invalidValue(option: media.name, value: mediaText, expected: error.expected)
        }
        let target = try arguments[Self.target]
        if target == nil, payloadFile == nil { try checkServable(mediaMix, text: mediaText) }
        if try arguments[tls], arguments.wasGiven(Self.target) { throw .conflictingOptions(tls.name, Self.target.name) }
        if let caFile = try arguments[caFile] {
            guard target?.scheme == "https" else {
                throw .invalidCombination(
                    "--ca-file applies to --target https://...; the embedded server's --tls pins its own")
            }
            guard Posix.fileStatus(caFile).map({ !$0.isDirectory }) == true else {
                throw .invalidValue(
                    option: Self.caFile.name, value: caFile, expected: "a readable PEM file of certificates")
            }
        }
        let memoryLimit = try arguments[Self.memoryLimit]
        let scratch = try arguments[scratchDirectory]
        // A built-in is given only payloads that ask for what it does, unless the flags say otherwise.
        let extensionName = try arguments[Self.extensionName]
        let builtInMix = BuiltInExtensions.defaultPayloadMix(for: extensionName)
        let encryptedFraction = try share(encrypted, arguments, builtIn: builtInMix?.encrypted)
        let mediaFraction = try share(withMedia, arguments, builtIn: builtInMix?.media)
        let network = try networkMix(arguments, target: target)
        let segment = try SegmentOptions.segment(
            arguments, load: load, environment: ProcessInfo.processInfo.environment)
        let isTLS = try arguments[tls]
        var settings = RunSettings(
            scenario: scenarioName, load: load, length: length,
            ramp: try arguments[ramp].map(Self.nanoseconds) ?? 0, extensionName: extensionName, network: network,
            mediaMix: payloadFile == nil ? mediaMix.description : replayedMediaMix,
            encryptedFraction: encryptedFraction, mediaFraction: mediaFraction,
            deadline: Self.nanoseconds(try arguments[deadline]), grace: Self.nanoseconds(try arguments[grace]),
            memoryLimit: Int(memoryLimit.bytes), timeScale: timeScale, seed: try arguments[seed],
            target: target?.absoluteString ?? (isTLS ? "embedded-tls" : "embedded"))
        settings.segment = segment
        let fanout = try FanoutOptions.fanout(arguments, load: load)
        settings.fanout = fanout.window
        settings.fanoutCurve = fanout.curve
        settings.wakeJitter = fanout.wakeJitter
        let originCache = try originCache(arguments, target: target)
        if let origin = originCache {
            settings.originFetch = try arguments[OriginCacheOptions.fetch] ?? ""
            settings.coalesce = origin.coalesces
        }
        settings.coldStarts = try PhoneOptions.coldStarts(arguments)
        settings.endpoints = try endpoints(arguments, target: target)
        settings.windDown = Self.nanoseconds(try arguments[windDown])
        settings.lowDataMode = try PhoneOptions.lowDataMode(arguments)
        var configuration = RunConfiguration(
            settings: settings,
            payloadMix: PayloadMix(encrypted: settings.encryptedFraction, media: settings.mediaFraction),
            mediaMix: mediaMix,
            cryptoFaults: CryptoFaultRates(
                tamper: try arguments[tamper], truncate: try arguments[truncatePayload],
                wrongKey: try arguments[wrongKey]),
            payloadFile: payloadFile, target: target, outputDirectory: try arguments[out],
            scratchDirectory: scratch, quiet: try arguments[quiet], format: try arguments[format],
            thresholds: try arguments[thresholds], principalClass: try arguments[principalClass],
            swiftVersion: try arguments[swiftVersion],
            extensionProcesses: try arguments[extensionProcesses] ?? ProcessResources.cores)
        configuration.modules = try arguments[modules]
        configuration.payloadKey = try arguments[payloadKey]
        configuration.appGroup = try arguments[appGroup]
        configuration.keychain = try arguments[keychain]
        configuration.encryptedField = try arguments[encryptedField]
        configuration.mediaFieldGiven = arguments.wasGiven(mediaField)
        let givenField = try arguments[mediaField].flatMap { $0.isMediaURLKey ? nil : $0 }
        if givenField != nil, BuiltInExtensions.allNames.contains(extensionName),
            BuiltInExtensions.mediaField(for: extensionName) == nil
        {
            throw .invalidCombination(
                "--\(mediaField.name) applies to a push SDK's profile or your own extension; the built-in "
                    + "\(extensionName) reads media_url")
        }
        configuration.mediaField =
            configuration.mediaFieldGiven ? givenField : BuiltInExtensions.mediaField(for: extensionName)
        configuration.pushPayloadFields = PushPayloadFields(builtIn: extensionName)
        if configuration.encryptedField != nil, payloadFile == nil {
            throw .invalidCombination(
                "--\(encryptedField.name) names a key of replayed payloads: give the payloads with --\(payloads.name) "
                    + "(generated payloads carry encrypted_data)")
        }
        if configuration.appGroup != nil, configuration.extensionProcesses == 0 {
            // In this process, CoreFoundation already chose where suites live (~/.config) as it loaded.
            throw .invalidCombination(
                "--\(appGroup.name) needs --\(extensionProcesses.name) 1 or more: an extension run inside nse-bench "
                    + "reads UserDefaults suites from ~/.config, not from the App Group container")
        }
        configuration.tls = isTLS
        configuration.writeReport = try arguments[report]
        configuration.startAt = try SegmentOptions.startAt(arguments)
        configuration.caFile = try arguments[caFile]
        configuration.transportLoops =
            try arguments[transportLoops] ?? defaultTransportLoops(cores: ProcessResources.cores)
        configuration.originCache = originCache
        return configuration
    }

    /// A share of payloads (`--encrypted`, `--with-media`): the one given, else what the built-in
    /// extension does, else the option's default.
    private static func share(_ option: Option<Double>, _ arguments: ParsedArguments, builtIn: Double?)
        throws(UsageError) -> Double
    {
        if !arguments.wasGiven(option), let builtIn { return builtIn }
        return try arguments[option]
    }

    /// A duration in nanoseconds, as ``RunSettings`` holds it.
    private static func nanoseconds(_ duration: DurationValue) -> UInt64 { UInt64(duration.nanoseconds) }

    /// A loop per core: invocations run on the loops beside their downloads, so the loops are the
    /// harness's threads. Beside the embedded server too (measured on 2 cores, open arrivals, 1 s first
    /// byte: at 4,000 a second one loop gave deliver p99 1,266 ms, two 1,024 ms). At most 64, the flag's
    /// own limit.
    static func defaultTransportLoops(cores: Int) -> Int { min(64, max(1, cores)) }

    /// `--origin-fetch` and `--coalesce`, checked here so that a bad value fails the run before its
    /// server starts. With `--target` they would shape nothing: the media host's own cache is measured.
    private static func originCache(_ arguments: ParsedArguments, target: URL?) throws(UsageError)
        -> OriginCacheSettings?
    {
        if target != nil, let given = OriginCacheOptions.options.first(where: { arguments.wasGiven($0) })?.name {
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
        if target != nil, arguments.wasGiven(EndpointOptions.endpoint) {
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
            let network = [NetworkOptions.profile] + NetworkOptions.settings.map(\.option)
            if let first = network.first(where: { arguments.wasGiven($0) })?.name {
                throw .invalidCombination(
                    "--\(first) shapes the embedded media server's responses; with --target the media host's own "
                        + "network is measured as it is: drop --\(first), or drop --target")
            }
            return NetworkMix(single: .none)
        }
        if arguments.wasGiven(payloads) {
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

    /// `--media-field`'s value: a push SDK's name, or a JSON Pointer (`/media_url` for the default key).
    static func mediaField(parsing text: String) throws(UsageError) -> MediaField {
        if let field = BuiltInExtensions.mediaField(for: text) { return field }
        let field: MediaField
        do {
            field = try MediaField(pointer: text)
        } catch {
            throw .invalidValue(
                option: mediaField.name, value: text,
                expected:
                    "a JSON Pointer to the payload key of the media URL, such as /fcm_options/image (\(error.reason)), "
                    + "or a push SDK: " + BuiltInExtensions.sdkNames.joined(separator: ", "))
        }
        // An SDK's key named by its path is that SDK's field, with the type it requires beside it (Batch's t).
        if let sdkField = BuiltInExtensions.sdkNames.lazy.compactMap(BuiltInExtensions.mediaField(for:))
            .first(where: { $0.keys == field.keys })
        {
            return sdkField
        }
        // The harness writes these itself: the URL there would replace the alert or the ciphertext.
        if let reserved = ["aps", "encrypted_data"].first(where: { $0 == field.keys[0] }) {
            throw .invalidValue(
                option: mediaField.name, value: text,
                expected: "a key of the payload's own beside aps and encrypted_data, which the run writes (\(reserved))"
            )
        }
        return field
    }

    /// The key in `path`: 64 hex digits or the base64 of 32 bytes, surrounding whitespace ignored.
    static func payloadKey(readFrom path: String) throws(UsageError) -> [UInt8] {
        let text: String
        do {
            text = try TextFile.read(path, limit: 4_096)
        } catch {
            throw .invalidValue(option: payloadKey.name, value: path, expected: "a readable key file (\(error))")
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let utf8 = Array(trimmed.utf8)
        if utf8.count == 64 {
            let bytes = stride(from: 0, to: 64, by: 2).compactMap { UInt8(trimmed.dropFirst($0).prefix(2), radix: 16) }
            if bytes.count == 32 { return bytes }
        }
        if let bytes = Base64.decode(trimmed), bytes.count == 32 { return bytes }
        throw .invalidValue(
            option: payloadKey.name, value: path,
            expected: "a file holding a 32-byte AES-256 key as 64 hex digits or as base64 (44 characters)")
    }

    /// `path`, when it is a folder that can be copied into the App Group container
    /// (``SharedContainer/appGroupProblem(in:workFolder:)``).
    static func appGroupFolder(_ path: String) throws(UsageError) -> String {
        if let problem = SharedContainer.appGroupProblem(in: URL(fileURLWithPath: path)) {
            throw .invalidValue(
                option: appGroup.name, value: path,
                expected: "a folder to copy into the App Group container: \(problem)")
        }
        return path
    }

    /// The items of the keychain seed file at `path` (``KeychainSeed``): a regular file of at most 16 MiB.
    static func keychainItems(readFrom path: String) throws(UsageError) -> KeychainItems {
        let bytes: [UInt8]
        do {
            bytes = try Posix.readRegularFile(path, limit: 16 << 20)
        } catch {
            throw .invalidValue(option: keychain.name, value: path, expected: "a keychain seed file: \(error)")
        }
        do {
            return try KeychainSeed.items(from: Data(bytes), path: path)
        } catch {
            throw .invalidValue(option: keychain.name, value: path, expected: "a keychain seed file: \(error.reason)")
        }
    }

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
            option: Self.rate.name, value: arguments.string(Self.rate.name) ?? "\(rate)",
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
                    option: media.name, value: text,
                    expected: "media the embedded server serves: a size up to 2 GB (\(SyntheticMediaFile.maximumSize) "
                        + "bytes) and a type among \(MediaType.allCases.map(\.fileExtension).joined(separator: ", ")) "
                        + "(\(choice.path): \(error))")
            }
        }
    }

    private static func loadModel(_ arguments: ParsedArguments) throws(UsageError) -> LoadModel {
        let maxInFlight = try arguments[maxInFlight]
        if arguments.wasGiven(rate) {
            if arguments.wasGiven(burst) { throw .conflictingOptions(rate.name, burst.name) }
            if arguments.wasGiven(concurrency) { throw .conflictingOptions(rate.name, concurrency.name) }
            return .open(
                ratePerSecond: try arguments[rate] ?? 0, arrivals: try arguments[arrivals], maxInFlight: maxInFlight)
        }
        if arguments.wasGiven(burst) {
            if arguments.wasGiven(concurrency) { throw .conflictingOptions(burst.name, concurrency.name) }
            return .burst(count: try arguments[burst] ?? 1, maxInFlight: maxInFlight)
        }
        return .closed(concurrency: try arguments[concurrency])
    }

    private static func runLength(_ arguments: ParsedArguments, load: LoadModel) throws(UsageError) -> RunLength {
        if arguments.wasGiven(duration) {
            if arguments.wasGiven(invocations) { throw .conflictingOptions(invocations.name, duration.name) }
            if case .burst = load { throw .conflictingOptions(burst.name, duration.name) }
            return .duration(try arguments[duration].map(nanoseconds) ?? 0)
        }
        if case .burst(let count, _) = load { return .invocations(count) }
        return .invocations(try arguments[invocations] ?? defaultInvocations)
    }

    /// Applies `--scenario FILE`: its keys are option names, its values what the flag would take;
    /// flags given on the command line win. Returns the merged arguments and the scenario's name.
    private static func withScenario(_ arguments: ParsedArguments) throws(UsageError) -> (ParsedArguments, String) {
        guard let path = try arguments[scenario] else { return (arguments, "default") }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .invalidValue(option: scenario.name, value: path, expected: "a readable JSON file")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw .invalidValue(
                option: scenario.name, value: path, expected: "a JSON object of option names and values")
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
            guard let declaration = arguments.configuration.option(named: key), key != scenario.name, key != "help"
            else {
                throw .invalidValue(
                    option: scenario.name, value: path, expected: "known option names; \"\(key)\" is not one")
            }
            switch value {
            case let flag as Bool where declaration.kind == .flag: values[key] = flag ? "true" : nil
            case let text as String: values[key] = resolvingFile(text, besides: path)
            case let number as NSNumber: values[key] = number.stringValue
            case let list as [String] where declaration.isRepeatable: lists[key] = list
            default:
                throw .invalidValue(option: scenario.name, value: path, expected: "a string or number for \"\(key)\"")
            }
        }
        return (arguments.withDefaults(values).withDefaultLists(lists), name)
    }

    /// A scenario file's `file:PATH` value (a measured `fanout-curve`, a `ttfb` distribution, ...) with
    /// a relative PATH taken from the folder of the scenario at `scenarioPath`, so that a scenario and
    /// its files move together; absolute paths and every other value as they are.
    static func resolvingFile(_ value: String, besides scenarioPath: String) -> String {
        guard value.hasPrefix(filePrefix) else { return value }
        let path = String(value.dropFirst(filePrefix.count))
        guard !path.isEmpty, !path.hasPrefix("/") else { return value }
        let folder = (scenarioPath as NSString).deletingLastPathComponent
        let besides = folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
        return filePrefix + besides
    }

    private static let filePrefix = "file:"
}

extension LoadModel.ArrivalProcess: ArgumentValue {}
