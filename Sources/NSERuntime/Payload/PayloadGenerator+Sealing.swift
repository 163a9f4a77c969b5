import Foundation
import NSEBenchCore
import NSEBenchSystem

extension PayloadGenerator {
    /// Seals `text` into `encrypted_data`, injecting `fault`. Draws the nonce (two draws), then only what
    /// the fault needs: a wrong key (four draws), a bit to flip (two draws) or a length to cut to (one).
    func seal(
        _ text: NotificationText, fault: InjectedCryptoFault?, using generator: inout Xoshiro256StarStar
    ) throws(CryptoError) -> String {
        let nonce = PayloadCrypto.nonce(using: &generator)
        var sealingKey = key
        if fault == .wrongKey {
            sealingKey = (0..<4).flatMap { _ in
                let word = generator.next()
                return (0..<8).map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) }
            }
            if sealingKey == key { sealingKey[0] ^= 0xFF }
        }
        let (ciphertext, tag) = try AESGCM.seal(PayloadCrypto.plaintext(of: text), key: sealingKey, nonce: nonce)
        var sealed = nonce + ciphertext + tag
        if fault == .tamper {
            let position = nonce.count + Int(generator.nextUInt64(below: UInt64(ciphertext.count + tag.count)))
            sealed[position] ^= 1 << UInt8(generator.nextUInt64(below: 8))
        }
        if fault == .truncate {
            // Cut to 1 ... count − 1 bytes, then encoded (valid base64): short cuts leave less than
            // nonce + tag (28 bytes), long ones a ciphertext that lost its tag's end, which only the
            // authentication catches. Both happen to real messages cut in transit.
            let length = 1 + Int(generator.nextUInt64(below: UInt64(sealed.count - 1)))
            return Base64.encode(Array(sealed.prefix(length)))
        }
        return Base64.encode(sealed)
    }

    /// The largest payload these settings can produce, oversize padding aside: every template, with and
    /// without encryption and with each media URL, as the fractions allow. Only the text and the media URL
    /// vary in size, and `encrypted_data` is as long for every nonce, key and injected fault but
    /// truncation, which only shortens it.
    static func worstCaseByteCount(
        mix: PayloadMix, mediaURLs: [URL], campaignIdentifier: String, mediaField: MediaField?,
        pushFields: PushPayloadFields
    ) -> Int {
        var encryptedOptions: [Bool] = []
        if mix.encrypted < 1 { encryptedOptions.append(false) }
        if mix.encrypted > 0 { encryptedOptions.append(true) }
        var mediaOptions: [URL?] = mix.media < 1 ? [nil] : []
        if mix.media > 0 { mediaOptions += mediaURLs.map { $0 } }
        var largest = 0
        for template in NotificationTextCatalogue.templates {
            for isEncrypted in encryptedOptions {
                let sealedCount =
                    AESGCM.nonceByteCount + PayloadCrypto.plaintext(of: template.text).count
                    + AESGCM.tagByteCount
                let encryptedData = isEncrypted ? String(repeating: "A", count: (sealedCount + 2) / 3 * 4) : nil
                for mediaURL in mediaOptions {
                    let payload = makePayload(
                        template, badge: 9, messageIdentifier: String(repeating: "f", count: 16),
                        campaignIdentifier: campaignIdentifier, encryptedData: encryptedData, mediaURL: mediaURL,
                        mediaField: mediaField, pushFields: pushFields)
                    largest = max(largest, payload.byteCount)
                }
            }
        }
        return largest
    }
}
