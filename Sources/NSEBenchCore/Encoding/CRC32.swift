/// CRC-32 (ISO-HDLC, as PNG and zlib use it), including a fast way to run it over a long repetition
/// of one block, so a PNG padding chunk of any length gets its CRC without reading its bytes.
public enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }

    /// The register after feeding `bytes` to a register holding `register` (no pre- or
    /// post-conditioning: start from `0xFFFF_FFFF` and invert the end for a standard CRC).
    public static func update(_ register: UInt32, _ bytes: some Sequence<UInt8>) -> UInt32 {
        var value = register
        for byte in bytes {
            value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8)
        }
        return value
    }

    /// The standard CRC-32 of `bytes`.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        ~update(0xFFFF_FFFF, bytes)
    }

    /// The register after feeding `count` copies of `block` to `register`, in O(count) steps of 32
    /// operations instead of O(count × block.count): feeding a block is the affine map
    /// `r ↦ Z(r) ⊕ c`, with `Z` the linear effect of `block.count` zero bytes and `c` the block's
    /// register from zero.
    public static func update(_ register: UInt32, repeating block: [UInt8], count: Int) -> UInt32 {
        guard count > 0 else { return register }
        let zeros = zeroBytesOperator(byteCount: block.count)
        let constant = update(0, block)
        var value = register
        for _ in 0..<count {
            value = apply(zeros, value) ^ constant
        }
        return value
    }

    /// The 32×32 GF(2) matrix (one column per bit) of feeding `byteCount` zero bytes; `byteCount`
    /// is built by squaring the one-bit operator, so it must be a power of two.
    private static func zeroBytesOperator(byteCount: Int) -> [UInt32] {
        var matrix = [UInt32](repeating: 0, count: 32)
        matrix[0] = 0xEDB8_8320
        for bit in 1..<32 {
            matrix[bit] = 1 << (bit - 1)
        }
        var bits = 1
        while bits < byteCount * 8 {
            matrix = matrix.map { apply(matrix, $0) }
            bits *= 2
        }
        return matrix
    }

    private static func apply(_ matrix: [UInt32], _ vector: UInt32) -> UInt32 {
        var result: UInt32 = 0
        var rest = vector
        var bit = 0
        while rest != 0 {
            if rest & 1 == 1 { result ^= matrix[bit] }
            rest >>= 1
            bit += 1
        }
        return result
    }
}
