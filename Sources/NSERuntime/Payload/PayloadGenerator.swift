public import Foundation
import NSEBenchCore
public import NSEBenchSystem

/// Produces a run's payloads from a seed: the i-th payload is the same every time, whatever else was
/// generated before, because it is drawn from its own stream `fork(stream: i)` of the seed's generator.
///
/// Each payload is a realistic notification (shopping, deliveries, messages, news, ...) with
/// `"mutable-content":1`. By the ``PayloadMix`` fractions it carries its title and body sealed in
/// `encrypted_data` (the visible alert is then a placeholder, as in apps that encrypt), a `media_url`
/// drawn from the ``MediaMix`` under the media base URL, or padding past 4096 bytes. Encrypted payloads
/// get at most one injected fault by the ``CryptoFaultRates``, recorded in the result.
///
/// ```swift
/// let generator = try PayloadGenerator(
///     seed: 2024, mix: PayloadMix(encrypted: 0.8, media: 0.6),
///     mediaMix: try MediaMix(parsing: "200KB.jpg:50,1MB.png:30,8MB.gif:20"),
///     mediaBaseURL: URL(string: "http://127.0.0.1:8080")!, key: key,
///     faults: CryptoFaultRates(tamper: 0.01))
/// let first = try generator.payload(at: 0)  // the same bytes on every run with seed 2024
/// ```
public struct PayloadGenerator: Sendable {
    /// The seed every payload derives from.
    public let seed: UInt64
    /// The enrichment fractions.
    public let mix: PayloadMix
    /// The media choices.
    public let mediaMix: MediaMix
    /// The media host, such as `http://127.0.0.1:8080`; media paths are appended to it.
    public let mediaBaseURL: URL
    /// The crypto fault rates.
    public let faults: CryptoFaultRates
    /// The largest payload these settings can produce, oversize payloads aside; at most 4096.
    public let largestByteCount: Int

    let key: [UInt8]
    private let root: Xoshiro256StarStar
    private let campaignIdentifier: String
    private let mediaURLs: [String: URL]
    /// Where payloads carry the media URL when not at `media_url`.
    public let mediaField: MediaField?
    /// The fields of the push SDKs the payloads stand for, in every payload.
    public let pushFields: PushPayloadFields

    /// Checks the settings and prepares the generator.
    ///
    /// Throws when a fraction or rate is outside `0...1`, the fault rates add up to more than 1, encrypted
    /// payloads are asked for with a key that is not 32 bytes, media payloads with an empty mix or a
    /// base URL that does not make `http`/`https` URLs, or when some payload could exceed 4096 bytes
    /// without being asked to (the generator works out its largest payload here).
    ///
    /// - Parameter mediaField: where payloads carry the media URL when not at `media_url` (a push SDK's key).
    /// - Parameter pushFields: the push SDKs whose own fields every payload carries.
    public init(
        seed: UInt64, mix: PayloadMix, mediaMix: MediaMix = .none, mediaBaseURL: URL, key: [UInt8],
        faults: CryptoFaultRates = .none, mediaField: MediaField? = nil, pushFields: PushPayloadFields = .none
    ) throws(PayloadGeneratorError) {
        let fractions = [
            ("encrypted fraction", mix.encrypted), ("media fraction", mix.media), ("oversize fraction", mix.oversize),
            ("tamper rate", faults.tamper), ("truncate rate", faults.truncate), ("wrong-key rate", faults.wrongKey),
        ]
        for (name, value) in fractions where !(0...1).contains(value) {
            throw .fractionOutOfRange(name: name, value: value)
        }
        guard faults.total <= 1 else { throw .faultRatesExceedOne(total: faults.total) }
        if mix.encrypted > 0, key.count != AESGCM.keyByteCount { throw .invalidKeyLength(byteCount: key.count) }
        var mediaURLs: [String: URL] = [:]
        if mix.media > 0 {
            guard !mediaMix.choices.isEmpty else { throw .emptyMediaMix }
            var base = mediaBaseURL.absoluteString
            while base.hasSuffix("/") { base.removeLast() }
            for choice in mediaMix.choices {
                guard choice.weight > 0, choice.weight.isFinite else {
                    throw .invalidMediaWeight(path: choice.path, weight: choice.weight)
                }
                let text = base + choice.path
                guard let url = NotificationPayload.mediaURL(text) else { throw .invalidMediaURL(text) }
                mediaURLs[choice.path] = url
            }
        }
        self.seed = seed
        self.mix = mix
        self.mediaMix = mediaMix
        self.mediaBaseURL = mediaBaseURL
        self.faults = faults
        self.key = key
        self.mediaURLs = mediaURLs
        self.mediaField = mediaField
        self.pushFields = pushFields
        root = Xoshiro256StarStar(seed: seed)
        var campaignSource = root
        campaignIdentifier = "cmp-" + Self.hex(campaignSource.next())
        largestByteCount = Self.worstCaseByteCount(
            mix: mix, mediaURLs: Array(mediaURLs.values), campaignIdentifier: campaignIdentifier,
            mediaField: mediaField, pushFields: pushFields)
        guard largestByteCount <= NotificationPayload.maximumByteCount else {
            throw .payloadCanExceedLimit(byteCount: largestByteCount)
        }
    }

    /// The payload for invocation `index`, drawn from stream `index` of the seed: the same index always
    /// gives the same bytes.
    ///
    /// Throws only when OpenSSL itself fails while sealing.
    public func payload(at index: Int) throws(CryptoError) -> GeneratedPayload {
        var generator = root.fork(stream: UInt64(bitPattern: Int64(index)))
        // Every decision is drawn first, in a fixed order, so that changing one fraction never changes
        // another decision or the text of the same index.
        let encryptRoll = generator.nextUnitInterval()
        let mediaRoll = generator.nextUnitInterval()
        let oversizeRoll = generator.nextUnitInterval()
        let faultRoll = generator.nextUnitInterval()
        let mediaChoiceRoll = generator.nextUnitInterval()
        let templates = NotificationTextCatalogue.templates
        let template = templates[Int(generator.nextUInt64(below: UInt64(templates.count)))]
        let badge = 1 + Int(generator.nextUInt64(below: 9))
        let messageIdentifier = Self.hex(generator.next())

        let isEncrypted = encryptRoll < mix.encrypted
        let mediaPath = mediaRoll < mix.media ? mediaMix.path(forRoll: mediaChoiceRoll) : nil
        let fault = isEncrypted ? faults.fault(forRoll: faultRoll) : nil
        let encryptedData =
            isEncrypted ? try seal(template.text, fault: fault, using: &generator) : nil
        var payload = Self.makePayload(
            template, badge: badge, messageIdentifier: messageIdentifier, campaignIdentifier: campaignIdentifier,
            encryptedData: encryptedData, mediaURL: mediaPath.flatMap { mediaURLs[$0] }, mediaField: mediaField,
            pushFields: pushFields)
        let isOversize = oversizeRoll < mix.oversize
        if isOversize {
            let target = NotificationPayload.maximumByteCount + 1 + Int(generator.nextUInt64(below: 1024))
            payload.customFields["padding"] = .string("")
            let padding = max(1, target - payload.byteCount)
            payload.customFields["padding"] = .string(String(repeating: "x", count: padding))
        }
        return GeneratedPayload(
            index: index, byteCount: payload.byteCount, payload: payload, text: template.text,
            requested: payload.enrichmentsRequested, injectedFault: fault, mediaPath: mediaPath,
            isOversize: isOversize)
    }

    /// The payload around the drawn parts; every other field has a fixed size, which keeps
    /// ``worstCaseByteCount(mix:mediaURLs:campaignIdentifier:mediaField:pushFields:)`` exact.
    static func makePayload(
        _ template: NotificationTemplate, badge: Int, messageIdentifier: String, campaignIdentifier: String,
        encryptedData: String?, mediaURL: URL?, mediaField: MediaField?, pushFields: PushPayloadFields
    ) -> NotificationPayload {
        var payload = NotificationPayload(
            alert: encryptedData == nil
                ? NotificationAlert(title: template.title, body: template.body)
                : NotificationTextCatalogue.encryptedPlaceholder,
            isMutable: true, badge: badge, sound: .string("default"), threadIdentifier: template.threadIdentifier,
            category: template.category, encryptedData: encryptedData, mediaURL: mediaURL,
            customFields: ["campaign_id": .string(campaignIdentifier), "message_id": .string(messageIdentifier)])
        payload.mediaField = mediaField
        for (key, value) in pushFields.fields(messageIdentifier: messageIdentifier) {
            payload.customFields[key] = .string(value)
        }
        return payload
    }

    /// 16 lowercase hex digits.
    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
