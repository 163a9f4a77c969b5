import Foundation

/// Bytes written as test vectors are published: hexadecimal, or base64url without padding (RFC 8291).
enum Vector {
    /// The bytes of `text`'s hexadecimal digit pairs; spaces are ignored.
    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.replacingOccurrences(of: " ", with: "").utf8)
        return stride(from: 0, to: digits.count, by: 2).map {
            UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)!
        }
    }

    /// The bytes of base64url `text` (RFC 4648 §5), padding optional.
    static func base64URL(_ text: String) -> [UInt8] {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Array(Data(base64Encoded: standard)!)
    }

    /// Lowercase hexadecimal of `bytes`.
    static func text<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
