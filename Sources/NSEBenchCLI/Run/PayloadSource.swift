import Foundation
import NSEBenchCore
import NSERuntime

/// The payload of each invocation: generated from the seed and mix, or replayed from a JSONL file.
struct PayloadSource: Sendable {
    private enum Source: Sendable {
        case generated(PayloadGenerator)
        case replayed(PayloadReplay)
    }

    private let source: Source

    init(configuration: RunConfiguration, mediaBase: URL, key: [UInt8]) throws {
        if let path = configuration.payloadFile {
            source = .replayed(try PayloadReplay(contentsOf: URL(fileURLWithPath: path)))
        } else {
            source = .generated(
                try PayloadGenerator(
                    seed: configuration.settings.seed, mix: configuration.payloadMix, mediaMix: configuration.mediaMix,
                    mediaBaseURL: mediaBase, key: key, faults: configuration.cryptoFaults))
        }
    }

    /// For replayed payloads, the shares that carry `encrypted_data` and a media URL: the settings
    /// that took effect, which summary.csv records in place of the generator's flags. Nil when
    /// generated.
    var replayedShares: (encrypted: Double, media: Double)? {
        guard case .replayed(let replay) = source else { return nil }
        let count = Double(replay.count)
        return (
            Double(replay.payloads.filter { $0.encryptedData != nil }.count) / count,
            Double(replay.payloads.filter { $0.mediaURL != nil }.count) / count
        )
    }

    /// The input for invocation `index`, arriving at `arrival`.
    func input(index: Int, arrival: UInt64, factory: ExtensionFactory) -> InvocationInput {
        switch source {
        case .replayed(let replay):
            return InvocationInput(id: index, payload: replay.payload(at: index), arrival: arrival, extension: factory)
        case .generated(let generator):
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
