import Foundation
import NSEBenchCore
import NSEBenchSystem
import NSERuntime
import SimulatedDevice

/// `run`'s own options, each declared once with its help, default and parser (the shared groups are
/// under `Options/`), and their `--help` order.
extension RunOptions {
    static let concurrency: Option<Int> = .value(
        "concurrency", short: "c", valueName: "N", default: "500", help: "Closed load: invocations in flight.",
        .within(1...1_000_000))
    /// Without `--duration` or `--burst`, a run of this many invocations.
    static let defaultInvocations = 2_000
    static let invocations: Option<Int?> = .value(
        "invocations", short: "n", valueName: "M",
        help: "Stop after M invocations (default \(defaultInvocations) without --duration).", .within(1...100_000_000))
    static let duration: Option<DurationValue?> = .value(
        "duration", short: "d", valueName: "T", help: "Stop admitting after T, such as 30s or 2m.",
        .duration(atLeast: .milliseconds(1)))
    static let rate: Option<Double?> = .value(
        "rate", valueName: "R", help: "Open load: R arrivals per second (instead of --concurrency).",
        OptionParser<Double>.converted.checking { $0 > 0 ? nil : "arrivals per second above 0" })
    static let arrivals: Option<LoadModel.ArrivalProcess> = .value(
        "arrivals", valueName: "KIND", default: "poisson", help: "Open load spacing: poisson or constant.", .converted)
    static let maxInFlight: Option<Int> = .value(
        "max-in-flight", valueName: "N", default: "10000", help: "Open and burst load: the most running at once.",
        .within(1...1_000_000))
    static let burst: Option<Int?> = .value(
        "burst", valueName: "M", help: "M notifications at the same instant, as a broadcast push.",
        .within(1...10_000_000))
    static let ramp: Option<DurationValue?> = .value(
        "ramp", valueName: "T", help: "Raise the rate (open) or concurrency (closed) from zero over T.", .duration())
    static let extensionName: Option<String> = .value(
        "extension", short: "e", valueName: "NAME|PATH", default: "media",
        help: "Extension to run: your own (an Xcode extension target folder, a folder of .swift files or one "
            + ".swift file, compiled against nse-bench's UserNotifications, cached; Objective-C translated, "
            + "docs/user-extensions.md) or a built-in below: "
            + "nse-bench's own, then push SDKs' extension helpers (docs/run.md).", .text
    ).listing(BuiltInExtensions.summaries.map { HelpEntry($0.name, $0.summary) })
    static let thresholds: Option<[Threshold]> = .values(
        "threshold", valueName: "EXPR",
        help: "Pass or fail on the run's own figures, as k6's thresholds: a summary.csv metric, a "
            + "comparison and a number, such as 'enriched_rate>=0.95' or 'deliver_p99_ms<25000'. Repeatable; "
            + "a failed threshold exits 2.",
        OptionParser { (text, option) throws(UsageError) in
            do throws(ThresholdError) {
                return try Threshold(parsing: text)
            } catch {
                throw .invalidValue(option: option, value: text, expected: error.expected)
            }
        })
    static let principalClass: Option<String?> = .value(
        "principal-class", valueName: "NAME",
        help: "With --extension PATH: the UNNotificationServiceExtension subclass to run, when Info.plist "
            + "names none or the sources have several.")
    static let extensionProcesses: Option<Int?> = .value(
        "extension-processes", valueName: "N",
        help: "With --extension PATH: the processes your extension runs in (default: one per core), as iOS "
            + "runs an extension in a process of its own; a Swift runtime trap ends only its invocation, any "
            + "other crash only its process's. 0 runs it inside nse-bench, where a crash ends the run.",
        .within(0...64))
    static let swiftVersion: Option<String?> = .value(
        "swift-version", valueName: "N",
        help: "With --extension PATH: the Swift language mode, 5 or 6 (default: the Xcode project's "
            + "SWIFT_VERSION, else 5).",
        OptionParser<String>.text.checking {
            ["4", "4.2", "5", "6"].contains($0) ? nil : "a Swift language mode: 5 or 6"
        })
    static let modules: Option<[String]> = .values(
        "module", valueName: "[NAME=]PATH",
        help: "With --extension PATH: a module of your own that the extension imports (code your app shares "
            + "with it, or a Swift package it depends on): a folder of .swift files, one .swift file or a Swift "
            + "package's folder (its one target, or Sources/NAME), compiled in Swift 5 mode before the extension "
            + "with the same simulated URLSession. NAME defaults to the folder's, file's or target's name. "
            + "Repeatable. Local Swift packages and framework targets of the extension's Xcode project are found "
            + "without it; a module given here wins.", .text)
    static let media: Option<String> = .value(
        "media", valueName: "MIX", default: defaultMediaMix,
        help: "Media sizes and types with weights, as served under /media/.", .text)
    static let encrypted: Option<Double> = .value(
        "encrypted", valueName: "FRACTION", default: "0",
        help: "Share of payloads with encrypted_data (0 to 1); a built-in gets only what it does (decrypt: 1).",
        .within(0...1))
    static let withMedia: Option<Double> = .value(
        "with-media", valueName: "FRACTION", default: "1",
        help: "Share of payloads with a media URL (0 to 1: media_url, or where --media-field says); a built-in gets "
            + "only what it does (template, decrypt: 0).",
        .within(0...1))
    static let tamper: Option<Double> = .value(
        "tamper", valueName: "FRACTION", default: "0", help: "Share of encrypted payloads with a flipped byte.",
        .within(0...1))
    static let truncatePayload: Option<Double> = .value(
        "truncate-payload", valueName: "FRACTION", default: "0", help: "Share with truncated encrypted_data.",
        .within(0...1))
    static let wrongKey: Option<Double> = .value(
        "wrong-key", valueName: "FRACTION", default: "0", help: "Share sealed with another key.", .within(0...1))
    static let payloads: Option<String?> = .value(
        "payloads", valueName: "FILE",
        help: "Replay payloads from a JSONL file instead of generating them. A line's \"nse-bench\": {\"expect\": "
            + "{\"title\": ..., \"body\": ...}} names the text the extension should deliver for it (a decryption that "
            + "falls back to other text is not counted as decrypted); the extension never sees that key.")
    static let encryptedField: Option<String?> = .value(
        "encrypted-field", valueName: "KEY",
        help: "With --payloads: the top-level payload key your app carries its ciphertext in (a Web Push relay's "
            + "\"p\"), so a payload holding it asks for decrypted text and one delivered with its alert unchanged "
            + "counts as fallen back; without it only encrypted_data does.")
    private static let mediaFieldHelp: String =
        "Where payloads carry the media URL, as a JSON Pointer (/fcm_options/image) or a push SDK's name "
        + "(firebase, onesignal, ...): generated payloads put it there in place of media_url, and replayed "
        + "ones holding a URL there ask for an attachment. Default: where the SDK that --extension uses "
        + "reads it (a built-in SDK profile, or an extension importing FirebaseMessaging, OneSignalExtension, "
        + "...), else media_url."
    static let mediaField: Option<MediaField?> = .value(
        "media-field", valueName: "POINTER",
        help: mediaFieldHelp,
        OptionParser { (text, _) throws(UsageError) in try mediaField(parsing: text) })
    static let payloadKey: Option<[UInt8]?> = .value(
        "payload-key", valueName: "FILE",
        help: "The AES-256-GCM key of encrypted_data (64 hex digits or base64 of 32 bytes), shared with "
            + "the extension's App Group container; default a random key per run.",
        OptionParser { (path, _) throws(UsageError) in try payloadKey(readFrom: path) })
    static let appGroup: Option<String?> = .value(
        "app-group", valueName: "DIR",
        help: "A folder copied into the extension's App Group container before the run, as the app left it: "
            + "files, and Library/Preferences/<group>.plist, which UserDefaults(suiteName:) reads.",
        OptionParser { (path, _) throws(UsageError) in try appGroupFolder(path) })
    static let keychain: Option<KeychainItems?> = .value(
        "keychain", valueName: "FILE",
        help: "The items of the keychain your app shares with your extension, as it added them: a JSON array of "
            + "objects keyed by Security's names (kSecClass, kSecAttrService, kSecAttrAccount, kSecAttrAccessible, "
            + "kSecValueData: a string or {\"base64\": ...}). The phones are locked: an item readable only when "
            + "unlocked (kSecAttrAccessibleWhenUnlocked, the default) is refused, as on iOS.",
        OptionParser { (path, _) throws(UsageError) in try keychainItems(readFrom: path) })
    static let deadline: Option<DurationValue> = .value(
        "deadline", valueName: "T", default: "30s", help: "The extension's time budget, from arrival.",
        .duration(atLeast: .milliseconds(1)))
    static let grace: Option<DurationValue> = .value(
        "grace", valueName: "T", default: "2s",
        help: "Time after serviceExtensionTimeWillExpire (undocumented by Apple).",
        .duration())
    static let windDown: Option<DurationValue> = .value(
        "wind-down", valueName: "T", default: "1s",
        help: "How long an extension's work still runs after its outcome is fixed (delivered, or given up "
            + "on) before the phone suspends it, abandoning the rest (undocumented by Apple). OneSignal's "
            + "receive receipts, due up to 24 s after didReceive, need about 25s to be sent.", .duration())
    static let memoryLimit: Option<ByteCount> = .value(
        "memory-limit", valueName: "SIZE", default: "24MiB",
        help: "Memory budget; above it the extension is killed without its expiry call, as jetsam kills it "
            + "(a user's extension: its worker process's real heap, shared out among the invocations it "
            + "holds; built-ins: the modelled figure).",
        .parsing { (text) throws(ValueParseError) in try ByteCount(parsing: text) })
    static let timeScale: Option<Double> = .value(
        "time-scale", valueName: "F", default: "1",
        help: "Scale every duration and bandwidth: 0.01 runs 30 s in 0.3 s. CPU costs do not scale.", .timeScale)
    static let seed: Option<UInt64> = .value(
        "seed", valueName: "N", default: "1", help: "Seed for payloads, arrivals, latency and faults.", .converted)
    static let target: Option<URL?> = .value(
        "target", valueName: "URL", help: "Download media from this host instead of the embedded server.",
        OptionParser { (text, option) throws(UsageError) in
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw .invalidValue(option: option, value: text, expected: "an http or https URL of a media host")
            }
            return url
        })
    static let transportLoops: Option<Int?> = .value(
        "transport-loops", valueName: "N",
        help: "Event loops (threads) the invocations and their downloads are spread over, 1 to 64 (default: "
            + "one per core).", .within(1...64))
    static let scenario: Option<String?> = .value(
        "scenario", valueName: "FILE", help: "Settings as JSON ({\"concurrency\": 500, ...}); flags override it.")
    static let out: Option<String?> = .value(
        "out", short: "o", valueName: "DIR", help: "Result folder (default Results/runs/<timestamp>-<scenario>/).")
    static let scratchDirectory: Option<String?> = .value(
        "scratch-dir", valueName: "DIR",
        help: "Where downloads wait to be counted (default /dev/shm when it has room, else TMPDIR or /tmp).",
        OptionParser<String>.text.checking {
            Posix.isWritableDirectory($0) ? nil : "an existing directory you can write to"
        })
    static let quiet: Option<Bool> = .flag("quiet", short: "q", help: "No progress and no summary; files only.")
    static let report: Option<Bool> = .flag(
        "report",
        help: "Also write report.html into the result folder: the self-contained HTML report that "
            + "'nse-bench report' writes.")
    static let tls: Option<Bool> = .flag(
        "tls",
        help: "Serve the embedded media over HTTPS (a self-signed certificate the transport pins), so each "
            + "invocation pays a TLS handshake, as a phone does.")
    static let caFile: Option<String?> = .value(
        "ca-file", valueName: "FILE",
        help: "With --target https://...: a PEM file of the certificates to trust instead of the system's.")
    static let format: Option<RunConfiguration.OutputFormat> = .value(
        "format", valueName: "FORMAT", default: "text", help: "Summary format: text or json.", .converted)

    /// Every option of `run`, in `--help` order.
    static let declarations: [OptionDeclaration] =
        ([concurrency, invocations, duration, rate, arrivals, maxInFlight, burst, ramp] as [any DeclaredOption])
        .map(\.declaration) + FanoutOptions.declarations
        + ([extensionName, thresholds, principalClass, extensionProcesses, swiftVersion, modules]
        as [any DeclaredOption])
        .map(\.declaration) + NetworkOptions.declarations + OriginCacheOptions.declarations
        + EndpointOptions.declarations
        + ([
            media, encrypted, withMedia, tamper, truncatePayload, wrongKey, payloads, encryptedField, mediaField,
            payloadKey,
            appGroup, keychain,
            deadline,
            grace,
            windDown, memoryLimit, timeScale, seed, target, transportLoops, scenario, out, scratchDirectory, quiet,
            report, tls, caFile, format,
        ] as [any DeclaredOption]).map(\.declaration) + PhoneOptions.declarations + SegmentOptions.declarations

    /// The options that shape generated payloads; `--payloads` replays a file instead.
    static let generatorOptions: [any DeclaredOption] = [
        media, encrypted, withMedia, tamper, truncatePayload, wrongKey,
    ]
}

extension OptionParser where Value == Double {
    /// `--time-scale`: a number above 0 and at most ``RunOptions/maximumTimeScale``, for `run` and for
    /// the `serve` it manages alike.
    static var timeScale: OptionParser {
        converted.checking { scale in
            scale > 0 && scale <= RunOptions.maximumTimeScale
                ? nil : "a number above 0 and at most \(Int(RunOptions.maximumTimeScale))"
        }
    }
}
