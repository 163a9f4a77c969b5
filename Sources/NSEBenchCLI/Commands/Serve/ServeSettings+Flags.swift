import MediaServer
import NSEBenchCore

extension ServeSettings {
    /// The settings `serve`'s flags give: the network classes with every given flag applied on top and
    /// every `file:` distribution read, the origin cache and endpoints as given (unscaled). A bad value
    /// or combination is a usage error naming the flag.
    public init(parsing arguments: ParsedArguments) throws(UsageError) {
        let port = try arguments[ServeOptions.port]
        let timeScale = try arguments[ServeOptions.timeScale]
        let mix = try NetworkOptions.mix(from: arguments, defaultProfile: NetworkProfile.none.name)
        self.init(classes: mix.classes.map { ServedNetworkClass(name: $0.name, conditions: $0.conditions) })
        host = try arguments[ServeOptions.host]
        self.port = port
        self.timeScale = timeScale
        mediaDirectory = try arguments[ServeOptions.mediaDirectory]
        seed = try arguments[ServeOptions.seed]
        idleTimeout = try arguments[ServeOptions.idleTimeout]
        tls = try TLSOptions.source(from: arguments)
        originCache = try OriginCacheOptions.settings(from: arguments)
        endpoints = Dictionary(
            uniqueKeysWithValues: try EndpointOptions.endpoints(from: arguments).map { ($0.endpoint, $0.conditions) })
        certificateOutput = try arguments[ServeOptions.certificateOutput]
        faultLog = try arguments[ServeOptions.faultLog]
        statsOutput = try arguments[ServeOptions.statsOutput]
        statsInterval = try arguments[ServeOptions.statsInterval]
        quiet = try arguments[ServeOptions.quiet]
        managed = try arguments[ServeOptions.managed]
        parentProcess = try arguments[ServeOptions.parentProcess]
    }
}
