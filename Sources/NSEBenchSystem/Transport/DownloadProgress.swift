/// How far a running download has got: what a result would say, before there is one.
///
/// Times are absolute ``MonotonicClock`` nanoseconds. libcurl's offsets of a running transfer are
/// anchored at its admission (``DownloadTimings/admitted``), which may be early by however long the
/// loop took to start it; a finished transfer's ``DownloadResult`` has the exact figures.
public struct DownloadProgress: Sendable, Equatable {
    /// The transfer was handed to libcurl.
    public var admitted: UInt64?
    /// The connection (TCP, and TLS for `https`) was established.
    public var connected: UInt64?
    /// The first response byte arrived.
    public var firstByte: UInt64?
    /// The response's status code.
    public var status: Int
    /// The response's `Content-Type`.
    public var contentType: String?
    /// Body bytes received so far.
    public var bytesReceived: Int
    /// The fault the server named in its `X-NSE-Bench-Fault` header, once the head has come.
    public var serverFault: String?

    public init(
        admitted: UInt64?, connected: UInt64?, firstByte: UInt64?, status: Int, contentType: String?,
        bytesReceived: Int, serverFault: String? = nil
    ) {
        self.serverFault = serverFault
        self.admitted = admitted
        self.connected = connected
        self.firstByte = firstByte
        self.status = status
        self.contentType = contentType
        self.bytesReceived = bytesReceived
    }
}

/// What a running download's ``DownloadProgressObserver`` tells: called on the transport's loop
/// thread with every change, so it must be quick.
public protocol DownloadProgressReceiver: AnyObject, Sendable {
    /// The download reached `progress`.
    func update(_ progress: DownloadProgress)
}

/// Told a running download's ``DownloadProgress`` with every body chunk it receives, on the
/// transport's loop thread, so a caller that stops waiting (an invocation that expires) still knows
/// which phases completed. Equal only to itself: to an observer of the same receiver.
public struct DownloadProgressObserver: Sendable, Hashable {
    private let receiver: any DownloadProgressReceiver

    /// An observer calling `report`; it must be quick, it runs on the loop.
    public init(_ report: @escaping @Sendable (DownloadProgress) -> Void) {
        receiver = ReportingReceiver(report: report)
    }

    /// An observer telling `receiver` itself, with no object of its own: a closure and the object
    /// holding it were two objects per download in flight (issue #18).
    public init(_ receiver: some DownloadProgressReceiver) {
        self.receiver = receiver
    }

    func update(_ progress: DownloadProgress) { receiver.update(progress) }

    public static func == (lhs: DownloadProgressObserver, rhs: DownloadProgressObserver) -> Bool {
        lhs.receiver === rhs.receiver
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(receiver)) }
}

/// A closure as a ``DownloadProgressReceiver``.
private final class ReportingReceiver: DownloadProgressReceiver {
    let report: @Sendable (DownloadProgress) -> Void

    init(report: @escaping @Sendable (DownloadProgress) -> Void) {
        self.report = report
    }

    func update(_ progress: DownloadProgress) { report(progress) }
}
