extension ResponsePlan {
    /// Copies the bytes of `write` (head remainder, then body) into `buffer`, which holds at least
    /// ``ResponseWrite/count`` bytes; returns how many were copied.
    func copy(_ write: ResponseWrite, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        if write.headCount > 0 {
            head.withUnsafeBytes { head in
                buffer.baseAddress!.copyMemory(from: head.baseAddress! + write.headOffset, byteCount: write.headCount)
            }
        }
        var filled = write.headCount
        guard write.bodyCount > 0 else { return filled }
        let destination = UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<(filled + write.bodyCount)])
        switch body {
        case .none: break
        case .synthetic(let file): filled += file.copyBytes(offset: write.bodyOffset, into: destination)
        case .bytes(let bytes):
            bytes.withUnsafeBytes { source in
                destination.baseAddress!.copyMemory(
                    from: source.baseAddress! + write.bodyOffset, byteCount: write.bodyCount)
            }
            filled += write.bodyCount
        }
        return filled
    }
}
