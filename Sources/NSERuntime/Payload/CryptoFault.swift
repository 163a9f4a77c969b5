public import NSEBenchSystem

/// A fault injected into a generated payload's `encrypted_data`, recorded with the payload so that a
/// report can attribute the extension's decryption failure to it.
///
/// ```swift
/// if let fault = generated.injectedFault, fault.explains(error) { /* expected failure */ }
/// ```
public enum InjectedCryptoFault: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// One bit of the ciphertext or tag flipped: decryption fails authentication.
    case tamper
    /// The sealed bytes cut short, anywhere from 1 byte to all but the last, and encoded as valid
    /// base64: under the 28 bytes nonce and tag need, decryption fails with
    /// ``CryptoError/truncated(byteCount:)``; longer, the tag is wrong and it fails authentication.
    case truncate
    /// Sealed with a different key: decryption fails authentication.
    case wrongKey = "wrong-key"

    public var description: String { rawValue }

    /// Whether decrypting a payload with this fault is expected to fail with `error`.
    ///
    /// ```swift
    /// InjectedCryptoFault.tamper.explains(.authenticationFailed)       // true
    /// InjectedCryptoFault.truncate.explains(.truncated(byteCount: 9))  // true
    /// ```
    public func explains(_ error: CryptoError) -> Bool {
        switch (self, error) {
        case (.tamper, .authenticationFailed), (.wrongKey, .authenticationFailed), (.truncate, .truncated),
            (.truncate, .authenticationFailed):
            true
        default: false
        }
    }
}

/// The chances, per encrypted payload, of each injected crypto fault. They are exclusive (one roll picks
/// at most one), so they must add up to at most 1; payloads without `encrypted_data` get none.
///
/// ```swift
/// let faults = CryptoFaultRates(tamper: 0.02, truncate: 0.01, wrongKey: 0.01)  // 4% of encrypted payloads
/// ```
public struct CryptoFaultRates: Sendable, Hashable {
    /// The chance of ``InjectedCryptoFault/tamper``, in `0...1`.
    public var tamper: Double
    /// The chance of ``InjectedCryptoFault/truncate``, in `0...1`.
    public var truncate: Double
    /// The chance of ``InjectedCryptoFault/wrongKey``, in `0...1`.
    public var wrongKey: Double

    /// Rates of each fault.
    public init(tamper: Double = 0, truncate: Double = 0, wrongKey: Double = 0) {
        self.tamper = tamper
        self.truncate = truncate
        self.wrongKey = wrongKey
    }

    /// No faults.
    public static let none = CryptoFaultRates()

    /// The chance that some fault is injected.
    public var total: Double { tamper + truncate + wrongKey }

    /// The fault whose share holds `roll` (uniform in `0..<1`), or nil for none.
    func fault(forRoll roll: Double) -> InjectedCryptoFault? {
        if roll < tamper { return .tamper }
        if roll < tamper + truncate { return .truncate }
        if roll < tamper + truncate + wrongKey { return .wrongKey }
        return nil
    }
}
