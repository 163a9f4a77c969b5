/// Strict RFC 4648 base64 (standard alphabet, `=` padding required, no whitespace).
///
/// Foundation's decoder on Linux accepts some malformed input (`"===="` decodes to one byte), and a
/// payload field that is not exactly base64 must be reported, not guessed at.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, character) in alphabet.enumerated() { table[Int(character)] = UInt8(index) }
        return table
    }()

    /// Encodes `bytes` with padding.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= input.count {
            let value = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            output += [18, 12, 6, 0].map { alphabet[Int((value >> $0) & 0x3F)] }
            index += 3
        }
        let remaining = input.count - index
        if remaining > 0 {
            let second = remaining == 2 ? UInt32(input[index + 1]) : 0
            let value = UInt32(input[index]) << 16 | second << 8
            output.append(alphabet[Int((value >> 18) & 0x3F)])
            output.append(alphabet[Int((value >> 12) & 0x3F)])
            output.append(remaining == 2 ? alphabet[Int((value >> 6) & 0x3F)] : UInt8(ascii: "="))
            output.append(UInt8(ascii: "="))
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes padded base64; returns nil for anything that is not exactly that (wrong length,
    /// characters outside the alphabet, misplaced padding, non-zero trailing bits).
    public static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < input.count {
            let isLast = index + 4 == input.count
            let padding = isLast ? input[(index + 2)...].reduce(0) { $0 + ($1 == UInt8(ascii: "=") ? 1 : 0) } : 0
            if padding == 1, input[index + 3] != UInt8(ascii: "=") { return nil }
            var value: UInt32 = 0
            for offset in 0..<4 {
                let character = input[index + offset]
                if offset >= 4 - padding {
                    value <<= 6
                    continue
                }
                let decoded = decodeTable[Int(character)]
                guard decoded != 0xFF else { return nil }
                value = value << 6 | UInt32(decoded)
            }
            let bytes = [UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
            let kept = 3 - padding
            // Bits beyond the kept bytes must be zero, or two encodings would decode to one value.
            if padding > 0, bytes[kept...].contains(where: { $0 != 0 }) { return nil }
            output += bytes[..<kept]
            index += 4
        }
        return output
    }
}
