import Foundation
public import NSEBenchSystem

/// Builds and opens a payload's `encrypted_data`: AES-256-GCM over the UTF-8 JSON
/// `{"body":"…","title":"…"}`, in ``EncryptedData``'s wire format (base64 of nonce ‖ ciphertext ‖ tag).
///
/// A seeded generator supplies the nonce so that a run's payloads are repeatable; real servers use a
/// fresh random nonce per message (``EncryptedData/seal(_:key:)``).
///
/// ```swift
/// var generator = Xoshiro256StarStar(seed: 7)
/// let key = try AESGCM.randomBytes(32)
/// let text = NotificationText(title: "Your order has shipped", body: "Arriving Thursday")
/// let sealed = try PayloadCrypto.seal(text, key: key, using: &generator)
/// try PayloadCrypto.open(sealed, key: key) == text  // true
/// ```
public enum PayloadCrypto {
    /// Seals `text` under `key` with a 12-byte nonce drawn from `generator` (exactly two 64-bit draws).
    public static func seal(
        _ text: NotificationText, key: [UInt8], using generator: inout some RandomNumberGenerator
    ) throws(CryptoError) -> String {
        try seal(text, key: key, nonce: nonce(using: &generator))
    }

    /// Seals `text` under `key` with the given 12-byte `nonce`.
    ///
    /// ```swift
    /// let sealed = try PayloadCrypto.seal(text, key: key, nonce: [UInt8](repeating: 0, count: 12))
    /// ```
    public static func seal(_ text: NotificationText, key: [UInt8], nonce: [UInt8]) throws(CryptoError) -> String {
        try EncryptedData.seal(plaintext(of: text), key: key, nonce: nonce)
    }

    /// Decodes, decrypts and reads `encrypted_data` back into a title and body.
    ///
    /// Throws ``PayloadDecryptionError/crypto(_:)`` for bad base64, a truncated field, tampering or a
    /// wrong key, and the other cases when the plaintext is not `{"title":…,"body":…}`.
    public static func open(_ encryptedData: String, key: [UInt8]) throws(PayloadDecryptionError) -> NotificationText {
        let plaintext: [UInt8]
        do {
            plaintext = try EncryptedData.open(encryptedData, key: key)
        } catch {
            throw .crypto(error)
        }
        return try text(fromPlaintext: plaintext)
    }

    /// The plaintext sealed for `text`: compact UTF-8 JSON with sorted keys, `{"body":"…","title":"…"}`.
    public static func plaintext(of text: NotificationText) -> [UInt8] {
        JSONValue.object(["title": .string(text.title), "body": .string(text.body)]).compactJSONBytes
    }

    /// Reads a decrypted plaintext: a JSON object with string `title` and `body` (other keys are ignored).
    ///
    /// ```swift
    /// try PayloadCrypto.text(fromPlaintext: Array(#"{"title":"A","body":"B"}"#.utf8))  // A / B
    /// ```
    public static func text(fromPlaintext plaintext: [UInt8]) throws(PayloadDecryptionError) -> NotificationText {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(plaintext), options: [.fragmentsAllowed])
        } catch {
            let nsError = error as NSError
            throw .plaintextNotJSON(
                reason: nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription)
        }
        guard let value = JSONValue(foundationObject: object) else {
            throw .plaintextNotJSON(reason: "unsupported value of type \(type(of: object))")
        }
        guard case .object(let members) = value else { throw .plaintextNotObject(found: value) }
        guard case .string(let title)? = members["title"] else {
            throw .plaintextField("title", found: members["title"])
        }
        guard case .string(let body)? = members["body"] else { throw .plaintextField("body", found: members["body"]) }
        return NotificationText(title: title, body: body)
    }

    /// A 12-byte nonce from two 64-bit draws of `generator`.
    public static func nonce(using generator: inout some RandomNumberGenerator) -> [UInt8] {
        let words = [generator.next(), generator.next()]
        let bytes = words.flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) } }
        return Array(bytes.prefix(AESGCM.nonceByteCount))
    }
}
