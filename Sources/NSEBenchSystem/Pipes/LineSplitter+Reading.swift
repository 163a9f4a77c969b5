public import NSEBenchCore

extension LineSplitter {
    /// Reads `descriptor` (a blocking one) until its end, handing each line to `line`, into one buffer
    /// for every read (FileHandle.availableData made a Data per read). Throws the read's error; the lines
    /// before it were handed out.
    public static func readLines(from descriptor: Int32, _ line: (ArraySlice<UInt8>) -> Void) throws(SystemError) {
        var lines = LineSplitter()
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        while case .processed(let count) = try Posix.read(descriptor, into: chunk), count > 0 {
            lines.append(UnsafeRawBufferPointer(rebasing: chunk[..<count]), line: line)
        }
    }
}
