import CCurl

/// Where one transfer's body bytes go as libcurl hands them over: memory, capped, or a file.
///
/// Loop thread only (libcurl calls the write callback from `curl_multi_socket_action`).
struct TransferSink {
    /// Why the sink refused bytes, which aborts the transfer.
    enum Failure {
        /// The body passed the request's limit.
        case tooLarge
        /// Writing the file failed.
        case file(SystemError)
    }

    let limit: Int
    let path: String?
    private(set) var bytes: [UInt8] = []
    private(set) var received = 0
    private(set) var failure: Failure?
    private var descriptor: Int32 = -1
    /// Whether the destination file was created, so a result names it only then.
    private var created = false

    init(destination: DownloadDestination, limit: Int) {
        self.limit = limit
        if case .file(let path) = destination { self.path = path } else { self.path = nil }
    }

    /// Creates or truncates the destination file on the first body byte, not at the transfer's start:
    /// a transfer waiting for its first byte then holds one descriptor (its socket), not two. (10,000
    /// downloads in flight against a 1 s first byte otherwise need 20,000 descriptors, this machine's
    /// whole limit.)
    private mutating func openIfNeeded() throws(SystemError) {
        guard let path, !created else { return }
        descriptor = try Posix.createForWriting(path)
        created = true
    }

    /// Takes a chunk; returns false (abort the transfer) when it passes the limit or cannot be
    /// written. `announcedLength` sizes the memory buffer once, on the first chunk.
    mutating func write(_ chunk: UnsafeRawBufferPointer, announcedLength: () -> Int?) -> Bool {
        guard chunk.count <= limit - received else {
            failure = .tooLarge
            return false
        }
        if path != nil {
            do throws(SystemError) {
                try openIfNeeded()
                try Posix.writeAll(descriptor, chunk)
            } catch {
                failure = .file(error)
                return false
            }
        } else {
            if bytes.capacity == 0 { bytes.reserveCapacity(min(announcedLength() ?? chunk.count, limit)) }
            bytes.append(contentsOf: chunk)
        }
        received += chunk.count
        return true
    }

    /// Ends a completed transfer: creates the file if no byte came (an empty body is an empty file, as a
    /// download task leaves), then closes it. Returns the error when the file cannot be created.
    mutating func finish() -> SystemError? {
        defer { close() }
        do throws(SystemError) {
            try openIfNeeded()
        } catch {
            failure = .file(error)
            return error
        }
        return nil
    }

    /// Closes the file, if one is open.
    mutating func close() {
        guard descriptor >= 0 else { return }
        try? Posix.close(descriptor)
        descriptor = -1
    }

    /// Hands the body over: the bytes, or the path of the file if it was created (a download that
    /// never started has an empty body).
    mutating func takeBody() -> DownloadBody {
        if let path, created { return .file(path: path) }
        defer { bytes = [] }
        return .bytes(bytes)
    }
}

/// CURLOPT_WRITEFUNCTION for ``Transfer``: the context is the transfer, unretained (its loop keeps it
/// alive while libcurl runs it). Returning anything but `size * count` aborts the transfer.
let transferWriteCallback: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard length > 0, let data else { return length }
    return transfer.receive(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// CURLOPT_PREREQFUNCTION for a ``Transfer`` with a progress observer: the connection is up.
let transferConnectedCallback: curl_prereq_callback = { context, _, _, _, _ in
    if let context { Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().connectedNow() }
    return CURL_PREREQFUNC_OK
}

/// CURLOPT_HEADERFUNCTION for a ``Transfer`` with a progress observer: the empty line after the
/// header fields ends a response head.
let transferHeaderCallback: curl_write_callback = { data, size, count, context in
    let length = size * count
    guard let context, let data else { return length }
    if length <= 2, length == 0 || data[0] == 0x0D || data[0] == 0x0A {
        Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().headReceived()
    }
    return length
}
