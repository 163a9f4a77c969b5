public import NSEBenchCore
import Synchronization

/// How far a download in flight has got, reported by the downloader as body bytes arrive, so that an
/// invocation that ends before its download does still records the phases that completed (connection,
/// first byte, status, bytes so far). Equal only to itself.
///
/// Every field lives in `state`, a `Mutex`.
public final class MediaDownloadProgress: Sendable, Hashable {
    /// What has been reached; absolute ``InvocationClock`` nanoseconds.
    public struct Snapshot: Sendable, Hashable {
        /// The download was started by the transport.
        public var started: UInt64?
        /// The connection was established.
        public var connected: UInt64?
        /// The first response byte arrived.
        public var firstByte: UInt64?
        /// The response's status code.
        public var status: Int
        /// The response's `Content-Type`.
        public var contentType: String?
        /// Body bytes received so far.
        public var bytes: Int
        /// The fault the embedded media server named in the response's head.
        public var injectedFault: FaultKind?

        public init(
            started: UInt64?, connected: UInt64?, firstByte: UInt64?, status: Int, contentType: String?, bytes: Int,
            injectedFault: FaultKind? = nil
        ) {
            self.injectedFault = injectedFault
            self.started = started
            self.connected = connected
            self.firstByte = firstByte
            self.status = status
            self.contentType = contentType
            self.bytes = bytes
        }
    }

    private let state = Mutex<Snapshot?>(nil)

    public init() {}

    /// The latest report; nil before the first.
    public var latest: Snapshot? { state.withLock { $0 } }

    /// Replaces the report with `snapshot`.
    public func update(_ snapshot: Snapshot) { state.withLock { $0 = snapshot } }

    public static func == (lhs: MediaDownloadProgress, rhs: MediaDownloadProgress) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// An invocation's view of the run's downloader: every download carries a progress the invocation's
/// measurements watch until its result comes back.
///
/// It also keeps the harness's share of each download's time (``MediaDownloadTimings/harnessWait``),
/// whether or not the extension reports the download, so that time spent queued in the harness is
/// never read as the network's.
struct ObservedDownloader: MediaDownloading {
    let base: any MediaDownloading
    let measurements: InvocationMeasurements
    let clock: any InvocationClock

    func start(
        _ request: MediaDownload, completion: @escaping @Sendable (MediaDownloadResult) -> Void
    ) -> MediaDownloadCancellation {
        let (measurements, clock) = (measurements, clock)
        // A redirect's hop is sorted by the chain's first URL, and its timeout is what is left of the one
        // the first hop reported.
        let ownTimeout = request.redirectedFrom == nil ? request.timeout : nil
        if SideEndpoint(url: request.redirectedFrom ?? request.url) != nil {
            let call = measurements.sideCallStarted(at: clock.now(), timeout: ownTimeout)
            return base.start(request) { result in
                measurements.sideCallEnded(call, at: clock.now(), harnessWait: result.timings.harnessWait)
                completion(result)
            }
        }
        var request = request
        let progress = request.progress ?? MediaDownloadProgress()
        request.progress = progress
        measurements.downloadStarted(progress, at: clock.now(), timeout: ownTimeout)
        return base.start(request) { result in
            measurements.downloadEnded(progress, harnessWait: result.timings.harnessWait)
            completion(result)
        }
    }
}
