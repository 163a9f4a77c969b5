import MediaServer

extension ServeSettings {
    /// What `configuration`'s embedded server serves: its network classes (every `file:` distribution
    /// read here, in the run), origin cache, side endpoints, seed, time scale and TLS, as parsed. The
    /// files the server writes and how it is managed are the caller's to add.
    init(embeddedFor configuration: RunConfiguration) {
        let settings = configuration.settings
        self.init(
            classes: settings.network.classes.map { ServedNetworkClass(name: $0.name, conditions: $0.conditions) })
        originCache = configuration.originCache
        endpoints = Dictionary(uniqueKeysWithValues: settings.endpoints.map { ($0.endpoint, $0.conditions) })
        seed = settings.seed
        timeScale = settings.timeScale
        tls = configuration.tls ? .selfSigned : nil
    }
}
