import Glibc

/// Appends CSV files to one, streaming, with a first column added to every record: how `merge`
/// joins the instances' `invocations.csv` in constant memory whatever their size.
///
/// Records are told apart by line ends outside quotes, so a quoted field holding a line break
/// stays in its record. The header is taken from the first file (with `column` before it); every
/// other file's header must match it, and is skipped.
public enum CSVConcatenation {
    /// Streams `path`'s records into `output`, each prefixed with `value` (already CSV-escaped) and
    /// a comma; its header line is written (prefixed with `header`) when `header` is non-nil, else
    /// checked against `expectedHeader` and skipped. Returns the file's header line and the number
    /// of data records.
    @discardableResult
    public static func append(
        _ path: String, to output: BufferedFileWriter, prefix value: String, header: String?,
        expectedHeader: [UInt8]? = nil
    ) throws(CSVConcatenationError) -> (header: [UInt8], records: Int) {
        let descriptor: Int32
        do {
            descriptor = try blockingSyscall("open(\(path))") { open(path, O_RDONLY | O_CLOEXEC) }
        } catch {
            throw .io(error)
        }
        defer { try? Posix.close(descriptor) }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
        defer { chunk.deallocate() }
        let prefix = Array((value + ",").utf8)
        var headerLine: [UInt8] = []
        var inHeader = true
        var inQuotes = false
        var atRecordStart = true
        var records = 0
        while true {
            let count: Int
            do {
                guard case .processed(let read) = try Posix.read(descriptor, into: chunk), read > 0 else { break }
                count = read
            } catch {
                throw .io(error)
            }
            let bytes = UnsafeRawBufferPointer(rebasing: chunk[..<count])
            var start = 0
            var index = 0
            if inHeader {
                while index < count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                headerLine += bytes[..<index]
                guard index < count else { continue }
                index += 1
                inHeader = false
                if headerLine.last == UInt8(ascii: "\r") { headerLine.removeLast() }
                if let header {
                    output.write(header + ",")
                    headerLine.withUnsafeBytes { output.write(bytes: $0) }
                    output.write("\n")
                } else if let expectedHeader, expectedHeader != headerLine {
                    throw .headerDiffers(path: path)
                }
                start = index
            }
            while index < count {
                let byte = bytes[index]
                if atRecordStart {
                    // Everything before this record is written; the prefix goes in front of it.
                    output.write(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
                    prefix.withUnsafeBytes { output.write(bytes: $0) }
                    start = index
                    atRecordStart = false
                    records += 1
                }
                if byte == UInt8(ascii: "\"") {
                    inQuotes.toggle()
                } else if byte == UInt8(ascii: "\n"), !inQuotes {
                    atRecordStart = true
                }
                index += 1
            }
            output.write(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<count]))
        }
        if inHeader { throw .noHeader(path: path) }
        if !atRecordStart || inQuotes { throw .truncated(path: path) }
        return (headerLine, records)
    }
}

/// Why a CSV file could not be appended, naming it.
public enum CSVConcatenationError: Error, CustomStringConvertible {
    case io(SystemError)
    case noHeader(path: String)
    case headerDiffers(path: String)
    /// The last record has no line end, or a quote is never closed: the run stopped mid-write.
    case truncated(path: String)

    public var description: String {
        switch self {
        case .io(let error): "\(error)"
        case .noHeader(let path): "\(path): no header line"
        case .headerDiffers(let path): "\(path): its header differs from the first instance's"
        case .truncated(let path): "\(path): the last record is cut short (a run that stopped mid-write?)"
        }
    }
}
