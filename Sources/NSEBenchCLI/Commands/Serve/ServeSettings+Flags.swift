import MediaServer
import NSEBenchCore

extension ServeSettings {
    /// The settings `serve`'s flags give: the network classes with every given flag applied on top and
    /// every `file:` distribution read, the origin cache and endpoints as given (unscaled). A bad value
    /// or combination is a usage error naming the flag.
    public init(parsing arguments: ParsedArguments) throws(UsageError) {
        let port = try arguments.value("port", as: UInt16.self) ?? 8080
        let timeScale = try arguments.value("time-scale", as: Double.self) ?? 1
        // The same bounds as run's: run passes its scale to the server it manages.
        guard timeScale > 0, timeScale <= RunOptions.maximumTimeScale else {
            throw .invalidValue(
                option: "time-scale", value: arguments.string("time-scale") ?? "",
                expected: "a number above 0 and at most \(Int(RunOptions.maximumTimeScale))")
        }
        let mix = try NetworkOptions.mix(from: arguments, defaultProfile: NetworkProfile.none.name)
        self.init(classes: mix.classes.map { ServedNetworkClass(name: $0.name, conditions: $0.conditions) })
        host = arguments.string("host") ?? "127.0.0.1"
        self.port = port
        self.timeScale = timeScale
        mediaDirectory = arguments.string("media-dir")
        seed = try arguments.value("seed", as: UInt64.self) ?? 1
        idleTimeout = try arguments.duration("idle-timeout", atLeast: .milliseconds(1)) ?? .seconds(30)
        tls = try TLSOptions.source(from: arguments)
        originCache = try OriginCacheOptions.settings(from: arguments)
        endpoints = Dictionary(
            uniqueKeysWithValues: try EndpointOptions.endpoints(from: arguments).map { ($0.endpoint, $0.conditions) })
        certificateOutput = arguments.string("cert-out")
        faultLog = arguments.string("fault-log")
        statsOutput = arguments.string("stats-out")
        statsInterval = try arguments.duration("stats-interval", atLeast: .milliseconds(10)) ?? .seconds(1)
        quiet = arguments.isSet("quiet")
        managed = arguments.isSet("managed")
        parentProcess = try arguments.value("parent-pid", as: Int.self, in: 1...Int(Int32.max)).map { Int32($0) }
    }
}
