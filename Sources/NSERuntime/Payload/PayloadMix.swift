/// What share of generated payloads asks for each enrichment, as fractions in `0...1` drawn
/// independently: with `encrypted: 0.5, media: 0.5`, about a quarter ask for both.
///
/// ```swift
/// let mix = PayloadMix(encrypted: 0.8, media: 0.6)
/// ```
public struct PayloadMix: Sendable, Hashable {
    /// The share with `encrypted_data`.
    public var encrypted: Double
    /// The share with `media_url`.
    public var media: Double
    /// The share padded past APNs' 4096-byte limit, to test that limit; 0 unless a run asks.
    public var oversize: Double

    /// A mix of these fractions.
    public init(encrypted: Double = 0, media: Double = 0, oversize: Double = 0) {
        self.encrypted = encrypted
        self.media = media
        self.oversize = oversize
    }
}
