// libFuzzer target: the media server's HTTP/1.1 request parser (Sources/MediaServer/HTTP), fed
// the input whole and then split at every 7th byte, as a socket may deliver it. Any crash, trap
// (overflow, out-of-range index) or sanitizer report is a finding; typed errors are expected.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequestParser(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    var whole = HTTPRequestParser()
    _ = try? whole.parse(bytes[...])
    var pieces = HTTPRequestParser()
    var offset = 0
    while offset < bytes.count {
        let end = min(bytes.count, offset + 7)
        guard (try? pieces.parse(bytes[offset..<end])) != nil else { break }
        offset = end
    }
    return 0
}
