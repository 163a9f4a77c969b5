import NSEBenchCore

/// `serve`'s own options, each declared once with its help, default and parser (the network, origin
/// cache and endpoint groups are shared with `run`, under `Options/`).
enum ServeOptions {
    static let host: Option<String> = .value(
        "host", valueName: "ADDRESS", default: "127.0.0.1", help: "IPv4 address to listen on.", .text)
    static let port: Option<UInt16> = .value(
        "port", valueName: "PORT", default: "8080", help: "TCP port; 0 picks a free one.", .converted)
    static let seed: Option<UInt64> = .value(
        "seed", valueName: "N", default: "1", help: "Seed for every latency and fault draw.", .converted)
    /// The same bounds as run's (``OptionParser/timeScale``): run passes its scale to the server it manages.
    static let timeScale: Option<Double> = .value(
        "time-scale", valueName: "F", default: "1",
        help: "Multiply every injected duration and divide every bandwidth by F (query parameters are not scaled).",
        .timeScale)
    static let tls: Option<Bool> = .flag(
        "tls", help: "Serve HTTPS with a self-signed certificate for 127.0.0.1 (written next to --cert-out).")
    static let tlsCertificate: Option<String?> = .value(
        "tls-cert", valueName: "FILE", help: "PEM certificate to serve instead of a self-signed one.")
    static let tlsKey: Option<String?> = .value("tls-key", valueName: "FILE", help: "PEM private key for --tls-cert.")
    static let certificateOutput: Option<String?> = .value(
        "cert-out", valueName: "FILE", help: "Write the served certificate here, for clients to pin.")
    static let faultLog: Option<String?> = .value(
        "fault-log", valueName: "FILE",
        help: "Note here each fault injected into a request tagged X-NSE-Bench-Request whose response cannot "
            + "name it in X-NSE-Bench-Fault (a reset before the response): one '<tag> <fault>' line each.")
    static let mediaDirectory: Option<String?> = .value(
        "media-dir", valueName: "DIR", help: "Also serve real files from DIR at /files/<path>, never outside DIR.")
    static let idleTimeout: Option<DurationValue> = .value(
        "idle-timeout", valueName: "DURATION", default: "30s", help: "Close idle or slow-loris connections after this.",
        .duration(atLeast: .milliseconds(1)))
    static let statsInterval: Option<DurationValue> = .value(
        "stats-interval", valueName: "DURATION", default: "1s", help: "How often the live counts are printed.",
        .duration(atLeast: .milliseconds(10)))
    static let quiet: Option<Bool> = .flag("quiet", short: "q", help: "Print only the base URL.")
    static let managed: Option<Bool> = .flag(
        "managed", help: "Run as a scenario's child: ignore Ctrl-C (the parent stops it with SIGTERM).", hidden: true)
    static let statsOutput: Option<String?> = .value(
        "stats-out", valueName: "FILE",
        help: "When stopped, write the counters and the first-byte lateness here as JSON (for the run "
            + "that manages the server).", hidden: true)
    static let parentProcess: Option<Int32?> = .value(
        "parent-pid", valueName: "PID",
        help: "With --managed: end with this process (the run that started the server), however it ends.",
        hidden: true, OptionParser<Int>.within(1...Int(Int32.max)).map { Int32($0) })
    static let settingsFile: Option<String?> = .value(
        "settings-file", valueName: "FILE",
        help: "Serve the settings in FILE, which a run writes for the server it manages (every other "
            + "option given there, in canonical form); no other option may be given with it.", hidden: true)

    /// Every option of `serve`, in `--help` order.
    static let declarations: [OptionDeclaration] =
        ([host, port] as [any DeclaredOption]).map(\.declaration) + NetworkOptions.declarations
        + OriginCacheOptions.declarations + EndpointOptions.declarations
        + ([
            seed, timeScale, tls, tlsCertificate, tlsKey, certificateOutput, faultLog, mediaDirectory, idleTimeout,
            statsInterval, quiet, managed, statsOutput, parentProcess, settingsFile,
        ] as [any DeclaredOption]).map(\.declaration)
}
