/// The enrichments a payload asks its extension for, or that an extension delivered.
///
/// The runtime classifies an outcome as *enriched* when everything requested was delivered and as
/// *degraded* when some of it was not:
///
/// ```swift
/// let requested = payload.enrichmentsRequested      // [.decryption, .media]
/// let delivered: Enrichments = [.decryption]        // the download timed out
/// requested.isSubset(of: delivered)                 // false: degraded
/// ```
public struct Enrichments: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Decrypting `encrypted_data` into the title and body.
    public static let decryption = Enrichments(rawValue: 1 << 0)
    /// Downloading `media_url` and attaching it.
    public static let media = Enrichments(rawValue: 1 << 1)

    /// The members by name, `decryption+media`, or `none`.
    ///
    /// ```swift
    /// Enrichments([.decryption, .media]).description  // "decryption+media"
    /// ```
    public var description: String {
        var names: [String] = []
        if contains(.decryption) { names.append("decryption") }
        if contains(.media) { names.append("media") }
        return names.isEmpty ? "none" : names.joined(separator: "+")
    }
}
