public import NSEBenchCore

/// One payload from ``PayloadGenerator``: its bytes, what it asks the extension for, and what was done to
/// it, so a report can tell an injected failure from a real one.
///
/// ```swift
/// let generated = try generator.payload(at: 41)
/// generated.byteCount            // at most 4096 unless generated.isOversize
/// generated.requested            // [.decryptedText, .attachment]
/// generated.injectedFault        // .tamper: decryption is expected to fail
/// generated.text                 // what an enriched notification shows
/// ```
public struct GeneratedPayload: Sendable, Hashable {
    /// The invocation index it was generated for.
    public var index: Int
    /// The size of the payload as APNs would deliver it (compact JSON): the figure checked against
    /// ``NotificationPayload/maximumByteCount`` and charged to the extension's memory. Counted when
    /// generated, without serializing: a run needs the size of every payload, not its bytes.
    public var byteCount: Int
    /// The payload's model, the same as parsing ``bytes`` (which would fail for an oversize payload).
    public var payload: NotificationPayload
    /// The title and body an enriched notification shows: the decrypted text of an encrypted payload,
    /// the alert of a plain one.
    public var text: NotificationText
    /// The enrichments the payload asks for.
    public var requested: Enrichments
    /// The fault injected into `encrypted_data`, if any.
    public var injectedFault: InjectedCryptoFault?
    /// The media path chosen from the mix, when the payload has `media_url`.
    public var mediaPath: String?
    /// Whether the payload was padded past ``NotificationPayload/maximumByteCount`` on purpose.
    public var isOversize: Bool

    /// Creates a generated payload; ``PayloadGenerator`` is the usual source.
    public init(
        index: Int, byteCount: Int, payload: NotificationPayload, text: NotificationText, requested: Enrichments,
        injectedFault: InjectedCryptoFault?, mediaPath: String?, isOversize: Bool
    ) {
        self.index = index
        self.byteCount = byteCount
        self.payload = payload
        self.text = text
        self.requested = requested
        self.injectedFault = injectedFault
        self.mediaPath = mediaPath
        self.isOversize = isOversize
    }

    /// The payload as APNs would deliver it (compact JSON, sorted keys), serialized on each call;
    /// ``byteCount`` bytes long.
    public var bytes: [UInt8] { payload.serialized() }
}
