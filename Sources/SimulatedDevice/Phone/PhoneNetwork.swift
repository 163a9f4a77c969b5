public import Foundation

/// The network of one simulated phone, implemented by the host over the run's transport.
///
/// Implementations never throw: every failure comes back in ``PhoneResponse/failure``, and a cancelled
/// calling task ends the request with ``PhoneNetworkFailure/cancelled``.
public protocol PhoneNetwork: Sendable {
    /// Performs `request` on a connection of this phone's own and writes the body to a temporary file.
    func load(_ request: PhoneRequest) async -> PhoneResponse
    /// Runs `work` as the extension's own work: the invocation is not over while it runs, and the
    /// host cancels it when the extension's process is gone. A user's extension's work runs off the
    /// harness's event loops, as it may block.
    ///
    /// Returns the work's task, which the caller may cancel; nil when nothing was started because the
    /// process is gone.
    @discardableResult
    func track(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never>?
    /// Removes `file`, a transfer's body, once its reader is done with it (a download's completion
    /// handler has returned). A file the reader moved away, the usual case, is no error; one that cannot
    /// be removed is left to the host, which removes an invocation's files when it ends.
    func removeBody(_ file: URL)
    /// The extension's `FileManager` moved the file at `source` to `destination` (a download renamed
    /// by its type): a network that removes bodies can leave that one be.
    func fileMoved(from source: String, to destination: String)
    /// The phone's clock, in nanoseconds: the run's, which its timeouts are scaled to. A task that follows
    /// redirects reads it to keep its resource timeout for the whole chain.
    func now() -> UInt64
    /// A task failed where no request did: its redirects went on too long (``PhoneNetworkFailure/tooManyRedirects(_:)``)
    /// or its resource timeout passed between two of them. `request` is the last one sent. The host
    /// records it as the failure of the invocation's download, which the last response would otherwise
    /// stand for.
    func taskFailed(_ failure: PhoneNetworkFailure, after request: PhoneRequest)
}

/// A phone network that runs the simulated session's own transfers where the invocation runs (the
/// harness's event loop, beside its download), for a user's extension too: the session's code never
/// blocks, and a transfer started and ended on its loop wakes no other thread. `package`, so that
/// extension code, which may block, cannot reach it.
package protocol PhoneTransferTracking: PhoneNetwork {
    /// Runs `transfer`, a session's own work (never the extension's: it must not block), as tracked work
    /// on the invocation's executor; returns its task, nil when the process is gone.
    func trackTransfer(_ transfer: @escaping @Sendable () async -> Void) -> Task<Void, Never>?
}

extension PhoneNetwork {
    /// Runs a session's `transfer` as tracked work: where the invocation runs when the network can
    /// (``PhoneTransferTracking``), otherwise as any tracked work.
    func trackSessionTransfer(_ transfer: @escaping @Sendable () async -> Void) -> Task<Void, Never>? {
        if let tracking = self as? any PhoneTransferTracking { return tracking.trackTransfer(transfer) }
        return track(transfer)
    }

    /// The system's monotonic clock, for a network whose host has no clock of its own.
    public func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Nothing: a network that keeps no record.
    public func taskFailed(_ failure: PhoneNetworkFailure, after request: PhoneRequest) {}

    /// Nothing: this network looks whether a body is still there before removing it.
    public func fileMoved(from source: String, to destination: String) {}

    /// Removes `file` with `FileManager` when it is still there.
    public func removeBody(_ file: URL) {
        // Checked first: removing a file that was moved away throws an error built with its localized
        // description, the dearest part of a download's end (perf, issue #11).
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        do {
            try FileManager.default.removeItem(at: file)
        } catch {
            return  // left for the host's clean-up
        }
    }
}

/// One request, with the limits its session and `URLRequest` set, already scaled to the run's clock.
public struct PhoneRequest: Sendable, Hashable {
    /// What to fetch.
    public var url: URL
    /// The HTTP method (`URLRequest.httpMethod`, `GET` by default), sent as given.
    public var method: String
    /// The body to send (`URLRequest.httpBody`, or an upload task's data or file); nil for none.
    public var body: Data?
    /// The longest wait without data, in nanoseconds (`timeoutIntervalForRequest` or the request's own
    /// `timeoutInterval`).
    public var idleTimeout: UInt64
    /// The longest the whole transfer may take, in nanoseconds (`timeoutIntervalForResource`); nil for
    /// no limit.
    public var resourceTimeout: UInt64?
    /// Whether the request may use a constrained network (its session's
    /// `allowsConstrainedNetworkAccess`): on a phone in Low Data Mode a request that may not fails.
    public var allowsConstrainedNetworkAccess: Bool
    /// Whether the request may use a cellular network (its session's and its own `allowsCellularAccess`):
    /// on a phone on cellular a request that may not fails.
    public var allowsCellularAccess = true
    /// Whether the request may use an expensive network (its session's `allowsExpensiveNetworkAccess`):
    /// cellular counts as expensive, so on a phone on cellular a request that may not fails.
    public var allowsExpensiveNetworkAccess = true
    /// The request's own header fields (`URLRequest.allHTTPHeaderFields` over the session's
    /// `httpAdditionalHeaders`), sent after the ones the network writes itself; see ``headerLines``.
    public var headerFields: [String: String]
    /// The URL the task first asked for, when this request follows a redirect; nil for the first. The
    /// host records a hop under the chain's first URL (a side call's hop stays a side call) and does not
    /// take its timeout, what is left of the chain's, for the extension's own.
    public var redirectedFrom: URL? = nil

    /// A request.
    public init(
        url: URL, method: String = "GET", body: Data? = nil, idleTimeout: UInt64, resourceTimeout: UInt64? = nil,
        allowsConstrainedNetworkAccess: Bool = true, headerFields: [String: String] = [:]
    ) {
        self.url = url
        self.method = method
        self.body = body
        self.idleTimeout = idleTimeout
        self.resourceTimeout = resourceTimeout
        self.allowsConstrainedNetworkAccess = allowsConstrainedNetworkAccess
        self.headerFields = headerFields
    }

    /// The fields the network writes itself, whatever a request sets (Apple's "reserved" fields that
    /// frame the message, and `Expect`, whose `100-continue` would stall an upload a second in real time
    /// for a `100` the media server never sends): one of these from user code is not sent.
    public static let fieldsTheNetworkWrites: Set<String> = [
        "content-length", "connection", "host", "transfer-encoding", "expect",
    ]

    /// ``headerFields`` as the lines sent (`Name: value`), sorted by name so that the same request is
    /// always sent alike, without ``fieldsTheNetworkWrites`` and without a field whose value is empty or
    /// only spaces and tabs (which libcurl would take as "remove this field").
    public var headerLines: [String] {
        headerFields.filter { field in
            !field.value.allSatisfy { $0 == " " || $0 == "\t" }
                && !Self.fieldsTheNetworkWrites.contains(field.key.lowercased())
        }
        .sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
    }

    /// Why a phone would not send this request, or nil when it would: a scheme other than http(s) or
    /// a method that is not a token (``PhoneNetworkFailure/unsupported(_:)``), or a body on a `GET`
    /// or `HEAD`, which iOS's URLSession (since iOS 13) fails with `URLError(.dataLengthExceedsMaximum)`
    /// ("GET method must not have a body") before sending anything.
    public var refusal: PhoneNetworkFailure? {
        let scheme = url.scheme?.lowercased()
        guard scheme == "http" || scheme == "https", !method.isEmpty, method.utf8.allSatisfy(Self.isTokenByte) else {
            return .unsupported(
                "nse-bench simulates HTTP methods over http and https; \(method) \(url.absoluteString) is not sent")
        }
        if let name = headerFields.keys.sorted().first(where: { !Self.isFieldName($0) }) {
            return .unsupported(
                "header field name \(name.debugDescription) is not a token (RFC 9110): \(url.absoluteString) is not sent"
            )
        }
        // The value is not quoted: it may be a secret (a token read from a file with its newline).
        for (name, value) in headerFields.sorted(by: { $0.key < $1.key }) {
            guard let position = value.utf8.firstIndex(where: { !Self.isFieldValueByte($0) }) else { continue }
            let offset = value.utf8.distance(from: value.utf8.startIndex, to: position)
            return .unsupported(
                "header field \(name)'s value has a line break or control character at byte \(offset) of "
                    + "\(value.utf8.count): \(url.absoluteString) is not sent")
        }
        if let body, method == "GET" || method == "HEAD" {
            return .dataLengthExceedsMaximum(
                "\(method) method must not have a body (\(body.count) bytes): \(url.absoluteString) is not sent")
        }
        return nil
    }

    /// Whether `name` is a field name: a token (RFC 9110 §5.1).
    private static func isFieldName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(isTokenByte)
    }

    /// Whether `byte` can be part of a value written on one line: no control character but a tab
    /// (RFC 9110 §5.5).
    private static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != 0x7F || byte == UInt8(ascii: "\t")
    }

    /// Whether `byte` may be part of a method token (RFC 9110 §5.6.2 `tchar`).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}

/// What a request produced: a status and a body file, or a failure.
public struct PhoneResponse: Sendable, Hashable {
    /// The HTTP status, 0 when no response arrived.
    public var status: Int
    /// The response's `Content-Type`.
    public var contentType: String?
    /// Body bytes received.
    public var bytes: Int
    /// The temporary file holding the body; nil when nothing was written.
    public var fileURL: URL?
    /// Why the transfer failed; nil when it completed, whatever its status.
    public var failure: PhoneNetworkFailure?
    /// The response's header fields as the server wrote them (a name written twice has its values
    /// joined by ", "); nil when the network kept none, and the task's `HTTPURLResponse` then holds
    /// ``contentType`` and the body's length alone.
    public var headerFields: [String: String]? = nil
    /// Nanoseconds the request waited inside the harness before its connection attempt: not the phone's
    /// time, so a redirect chain's resource timeout does not count it (as a single request's does not).
    public var harnessWait: UInt64 = 0

    /// The redirect this answer to `request` asks a phone's session to follow (``HTTPRedirect``); nil
    /// when it asks none.
    public func redirect(from request: PhoneRequest) -> HTTPRedirect? {
        // The status first: every response passes here, and looking for a `Location` among a `200`'s
        // fields cost a case-insensitive comparison per field (1.6% of a worker's CPU, session 22).
        guard failure == nil, HTTPRedirect.statuses.contains(status) else { return nil }
        return HTTPRedirect(
            status: status, location: HTTPRedirect.location(in: headerFields), from: request.url,
            method: request.method)
    }

    /// A response.
    public init(
        status: Int, contentType: String? = nil, bytes: Int = 0, fileURL: URL? = nil,
        failure: PhoneNetworkFailure? = nil
    ) {
        self.status = status
        self.contentType = contentType
        self.bytes = bytes
        self.fileURL = fileURL
        self.failure = failure
    }
}

/// Why a phone's request failed, in the terms `URLError` has for it.
public enum PhoneNetworkFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// A timeout: the request's (no data for too long) or the resource's (too long in all).
    case timedOut(String)
    /// The connection could not be made.
    case cannotConnectToHost(String)
    /// The connection broke during the transfer.
    case networkConnectionLost(String)
    /// The TLS handshake failed.
    case secureConnectionFailed(String)
    /// The body was larger than allowed.
    case dataLengthExceedsMaximum(String)
    /// The body could not be written.
    case cannotWriteToFile(String)
    /// An upload task's file could not be read.
    case fileDoesNotExist(String)
    /// The calling task was cancelled.
    case cancelled
    /// A task followed more redirects than URLSession does (``HTTPRedirect/limit``).
    case tooManyRedirects(String)
    /// The phone is in Low Data Mode and the request refuses constrained networks:
    /// `URLError(.notConnectedToInternet)` with ``FoundationNetworking/URLError/networkUnavailableReason``
    /// `.constrained`.
    case constrainedNetwork(String)
    /// The phone is on cellular and the request refuses it (`allowsCellularAccess` false):
    /// `URLError(.notConnectedToInternet)` with `networkUnavailableReason` `.cellular`.
    case cellularNetwork(String)
    /// The phone is on cellular, which is expensive, and the request refuses expensive networks:
    /// `URLError(.notConnectedToInternet)` with `networkUnavailableReason` `.expensive`.
    case expensiveNetwork(String)
    /// What the simulated phone cannot do (a scheme other than http(s), a streamed body).
    case unsupported(String)
    /// Anything else.
    case other(String)

    public var description: String {
        switch self {
        case .timedOut(let reason), .cannotConnectToHost(let reason), .networkConnectionLost(let reason),
            .secureConnectionFailed(let reason), .dataLengthExceedsMaximum(let reason), .cannotWriteToFile(let reason),
            .fileDoesNotExist(let reason), .tooManyRedirects(let reason),
            .unsupported(let reason), .other(let reason), .constrainedNetwork(let reason), .cellularNetwork(let reason),
            .expensiveNetwork(let reason):
            reason
        case .cancelled: "cancelled"
        }
    }

    /// The `URLError` iOS's URLSession reports for this failure.
    public func urlError(for url: URL) -> URLError {
        let code: URLError.Code =
            switch self {
            case .timedOut: .timedOut
            case .cannotConnectToHost: .cannotConnectToHost
            case .networkConnectionLost: .networkConnectionLost
            case .secureConnectionFailed: .secureConnectionFailed
            case .dataLengthExceedsMaximum: .dataLengthExceedsMaximum
            case .cannotWriteToFile: .cannotWriteToFile
            case .fileDoesNotExist: .fileDoesNotExist
            case .cancelled: .cancelled
            case .tooManyRedirects: .httpTooManyRedirects
            case .constrainedNetwork, .cellularNetwork, .expensiveNetwork: .notConnectedToInternet
            case .unsupported: .unsupportedURL
            case .other: .unknown
            }
        var userInfo: [String: Any] = [NSURLErrorFailingURLErrorKey: url, NSLocalizedDescriptionKey: description]
        let unavailable: URLError.NetworkUnavailableReason? =
            switch self {
            case .constrainedNetwork: .constrained
            case .cellularNetwork: .cellular
            case .expensiveNetwork: .expensive
            default: nil
            }
        if let unavailable { userInfo[URLError.networkUnavailableReasonKey] = unavailable.rawValue }
        return URLError(code, userInfo: userInfo)
    }
}
