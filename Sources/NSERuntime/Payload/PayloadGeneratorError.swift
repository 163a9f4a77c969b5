/// Why a ``PayloadGenerator`` could not be configured. Each case carries the offending setting.
///
/// ```swift
/// do {
///     _ = try PayloadGenerator(seed: 1, mix: PayloadMix(encrypted: 1.5), key: key)
/// } catch {
///     print(error)  // the encrypted fraction is 1.5; fractions are between 0 and 1
/// }
/// ```
public enum PayloadGeneratorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A fraction or fault rate (named) is outside `0...1`.
    case fractionOutOfRange(name: String, value: Double)
    /// The crypto fault rates add up to more than 1; carries the total.
    case faultRatesExceedOne(total: Double)
    /// Encrypted payloads were asked for but the key is not 32 bytes; carries its length.
    case invalidKeyLength(byteCount: Int)
    /// Media payloads were asked for but the media mix has no choices.
    case emptyMediaMix
    /// A media choice (its path) has a weight that is not a positive number.
    case invalidMediaWeight(path: String, weight: Double)
    /// The media base URL joined with a media path is not an absolute `http` or `https` URL; carries it.
    case invalidMediaURL(String)
    /// With these settings a payload could exceed APNs' limit without being asked to (a very long media
    /// URL); carries the largest possible size.
    case payloadCanExceedLimit(byteCount: Int)

    public var description: String {
        switch self {
        case .fractionOutOfRange(let name, let value):
            "the \(name) is \(value); fractions and rates are between 0 and 1"
        case .faultRatesExceedOne(let total):
            "the crypto fault rates add up to \(total), more than 1; each payload gets at most one fault"
        case .invalidKeyLength(let count):
            "encrypted payloads need a 32-byte AES-256 key, got \(count) bytes"
        case .emptyMediaMix:
            "payloads with media were asked for but the media mix is empty; give one such as 200KB.jpg:50,1MB.png:50"
        case .invalidMediaWeight(let path, let weight):
            "the media choice \(path) has weight \(weight); weights are positive numbers"
        case .invalidMediaURL(let text):
            "the media URL \"\(text)\" is not an absolute http or https URL with a host"
        case .payloadCanExceedLimit(let count):
            "payloads could reach \(count) bytes, over APNs' \(NotificationPayload.maximumByteCount)-byte limit;"
                + " use a shorter media base URL or media names"
        }
    }
}
