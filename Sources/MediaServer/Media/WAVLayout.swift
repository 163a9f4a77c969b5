/// WAV: a 44-byte RIFF/WAVE header (`fmt ` PCM, mono, 8 kHz, 8-bit unsigned) and one `data` chunk
/// holding the rest of the file, its samples the shared block. The RIFF size is the file size minus
/// 8 and the data size the file size minus 44; for an odd data size the RIFF pad byte is left out
/// (as many writers do) so that every size is exact.
enum WAVLayout {
    static let minimumSize = 44

    static func make(size: Int) -> MediaLayout {
        var bytes: [UInt8] = []
        bytes.appendASCII("RIFF")
        bytes.appendLittleEndian(UInt32(size - 8))
        bytes.appendASCII("WAVE")
        bytes.appendASCII("fmt ")
        bytes.appendLittleEndian(16)
        bytes.appendLittleEndian16(1)  // PCM
        bytes.appendLittleEndian16(1)  // mono
        bytes.appendLittleEndian(8000)  // samples per second
        bytes.appendLittleEndian(8000)  // bytes per second
        bytes.appendLittleEndian16(1)  // block align
        bytes.appendLittleEndian16(8)  // bits per sample
        bytes.appendASCII("data")
        bytes.appendLittleEndian(UInt32(size - minimumSize))
        return MediaLayout(header: bytes, pattern: .plain, phase: 0, middleCount: size - minimumSize, trailer: [])
    }
}
