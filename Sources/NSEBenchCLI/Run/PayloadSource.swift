import Foundation
import NSEBenchCore
import NSERuntime

/// The payload of each invocation: generated from the seed and mix, or replayed from a JSONL file.
///
/// With a network mix, a generated payload's media URL (`media_url`, or at its media field) names the media
/// server's port of the invocation's network class (``NetworkMix/classIndex(ofInvocation:seed:)``): the
/// same payload as with one network but for the port, so that its phone's downloads see that class's
/// conditions.
struct PayloadSource: Sendable {
    private enum Source: Sendable {
        /// One generator per network class, each with its class's media base URL.
        case generated([PayloadGenerator])
        case replayed(PayloadReplay)
    }

    private let source: Source
    private let network: NetworkMix
    private let seed: UInt64
    /// The phones' cold starts, scaled by `--time-scale`; nil when every start is free.
    private let coldStarts: ColdStarts?
    private let lowDataMode: LowDataMode
    /// The media server's base URL for each network class: where an SDK's own API calls go.
    private let mediaBases: [URL]

    /// `mediaBases` holds one URL per class of the configuration's network mix, in its order (one
    /// for `--target`).
    init(configuration: RunConfiguration, mediaBases: [URL], key: [UInt8]) throws {
        network = configuration.settings.network
        seed = configuration.settings.seed
        coldStarts = configuration.settings.coldStarts?.scaled(by: configuration.settings.timeScale)
        lowDataMode = configuration.settings.lowDataMode
        self.mediaBases = mediaBases
        if let path = configuration.payloadFile {
            var replay = try PayloadReplay(contentsOf: URL(fileURLWithPath: path))
            if let field = configuration.encryptedField { replay = try replay.markingEncrypted(field: field) }
            if let field = configuration.mediaField {
                replay = try replay.markingMedia(field: field, required: configuration.mediaFieldGiven)
            }
            source = .replayed(replay)
        } else {
            source = .generated(
                try mediaBases.map { base in
                    try PayloadGenerator(
                        seed: configuration.settings.seed, mix: configuration.payloadMix,
                        mediaMix: configuration.mediaMix, mediaBaseURL: base, key: key,
                        faults: configuration.cryptoFaults, mediaField: configuration.mediaField,
                        pushFields: configuration.pushPayloadFields.adding(configuration.mediaField))
                })
        }
    }

    /// For replayed payloads, the shares that carry encrypted content and a media URL: the settings
    /// that took effect, which summary.csv records in place of the generator's flags. Nil when
    /// generated.
    var replayedShares: (encrypted: Double, media: Double)? {
        guard case .replayed(let replay) = source else { return nil }
        let count = Double(replay.count)
        return (
            Double(replay.payloads.filter(\.carriesEncryptedContent).count) / count,
            Double(replay.payloads.filter { $0.mediaURL != nil }.count) / count
        )
    }

    /// The input for invocation `index`, arriving at `arrival`, with its phone's cold start and Low
    /// Data Mode drawn from the seed, whether its network class is cellular, and that class's media
    /// server base, where an SDK's own API calls go.
    func input(index: Int, arrival: UInt64, factory: ExtensionFactory) -> InvocationInput {
        let networkClass = network.classIndex(ofInvocation: index, seed: seed)
        var input = payloadInput(index: index, networkClass: networkClass, arrival: arrival, factory: factory)
        input.coldStart = coldStarts?.startTime(ofInvocation: index, seed: seed)
        input.constrainedNetwork = lowDataMode.isConstrained(invocation: index, seed: seed)
        input.cellularNetwork = network.classes[networkClass].profile.isCellular
        input.apiHost = mediaBases.isEmpty ? nil : mediaBases[min(networkClass, mediaBases.count - 1)]
        return input
    }

    private func payloadInput(
        index: Int, networkClass: Int, arrival: UInt64, factory: ExtensionFactory
    ) -> InvocationInput {
        switch source {
        case .replayed(let replay):
            return InvocationInput(id: index, payload: replay.payload(at: index), arrival: arrival, extension: factory)
        case .generated(let generators):
            let generator = generators[min(networkClass, generators.count - 1)]
            do {
                return InvocationInput(
                    generated: try generator.payload(at: index), arrival: arrival, extension: factory)
            } catch {
                // Only OpenSSL failing to seal can land here; the invocation then runs a plain payload.
                let fallback = NotificationPayload(alert: NotificationAlert(title: "nse-bench", body: "\(error)"))
                return InvocationInput(id: index, payload: fallback, arrival: arrival, extension: factory)
            }
        }
    }
}
