/// A rate is stored as its bytes per second, and `unlimited` (infinity, which JSON cannot hold) as the
/// text `"unlimited"`: not as null, which an optional setting would read back as unset, though an
/// unlimited rate overrides a profile's.
///
/// ```swift
/// // JSON: 125000 for 1Mbit/s, "unlimited" for unlimited
/// ```
extension ByteRate: Codable {
    /// Reads bytes per second, or `"unlimited"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard text == Self.unlimitedText else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\"\(text)\" is not bytes per second or \"unlimited\"")
            }
            self = .unlimited
            return
        }
        let bytesPerSecond = try container.decode(Double.self)
        guard bytesPerSecond > 0, bytesPerSecond.isFinite else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(bytesPerSecond) is not bytes per second above 0")
        }
        self = ByteRate(bytesPerSecond: bytesPerSecond)
    }

    /// Writes bytes per second, or `"unlimited"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if bytesPerSecond.isFinite {
            try container.encode(bytesPerSecond)
        } else {
            try container.encode(Self.unlimitedText)
        }
    }

    private static let unlimitedText = "unlimited"
}
