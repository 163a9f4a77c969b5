/// The enrichments a payload can ask an extension for.
public struct Enrichments: OptionSet, Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Title and body decrypted from the payload's `encrypted_data`.
    public static let decryptedText = Enrichments(rawValue: 1 << 0)
    /// Text rewritten or localised by the extension (the Xcode template's title marker).
    public static let rewrittenText = Enrichments(rawValue: 1 << 1)
    /// The media from the payload's media URL (`media_url`, or a push SDK's key), attached.
    public static let attachment = Enrichments(rawValue: 1 << 2)

    /// How many enrichments the set holds.
    public var count: Int { rawValue.nonzeroBitCount }

    /// The members by name, joined with `+` (`decrypted-text+attachment`), or `none`.
    public var description: String {
        let names = [
            (Self.decryptedText, "decrypted-text"), (.rewrittenText, "rewritten-text"), (.attachment, "attachment"),
        ]
        .filter { contains($0.0) }.map(\.1)
        return names.isEmpty ? "none" : names.joined(separator: "+")
    }
}

/// Which enrichments the payload asked for and which the delivered content carries.
public struct EnrichmentResult: Sendable, Hashable, Codable {
    /// What the payload asked for.
    public var requested: Enrichments
    /// What the delivered content carries.
    public var delivered: Enrichments

    /// A result; `delivered` may hold more than was requested (the extra is not counted).
    public init(requested: Enrichments, delivered: Enrichments) {
        self.requested = requested
        self.delivered = delivered
    }

    /// Nothing was asked for: any delivery with alert text is complete.
    public static let nothingRequested = EnrichmentResult(requested: [], delivered: [])

    /// The requested enrichments the content lacks.
    public var missing: Enrichments { requested.subtracting(delivered) }

    /// Whether the content carries everything that was requested.
    public var isComplete: Bool { missing.isEmpty }

    /// Whether the payload asked for something and the content carries nothing of any kind: the text and
    /// attachments are the ones it arrived with, so the user sees the original.
    public var isUnchanged: Bool { !requested.isEmpty && delivered.isEmpty }
}
