/// How long each phase of an invocation took: what the host saw (queueing, delivery) and what the
/// extension reported (decryption, download, attachment).
///
/// Why it exists: it is the record's account of one invocation, not of one download. It holds the
/// spans as instants (so blame can clip a phase to the deadline), the last download's
/// ``MediaDownloadTimings``, and the harness wait summed over every download the invocation made. The
/// pure measurement NSEBenchCore aggregates is made from it once, as durations keyed by ``Phase``
/// (``InvocationRecord/measurement``).
public struct InvocationPhases: Sendable, Hashable, Codable {
    /// From the scheduled arrival to `didReceive`, or to the start of its cold start (or to the kill of
    /// an invocation that never started), in nanoseconds.
    public var queued: UInt64
    /// From the admission to `didReceive`: the phone starting the extension's process (or to the kill
    /// of an invocation whose budget ran out first), in nanoseconds; nil for a warm start.
    public var coldStart: UInt64?
    /// Decryption, as the extension reported it.
    public var decrypt: PhaseSpan?
    /// The download, from request to result, as the extension reported it.
    public var download: PhaseSpan?
    /// The downloader's own phase timings.
    public var downloadTimings: MediaDownloadTimings?
    /// How long the invocation's downloads waited inside the harness before their connection
    /// attempts, summed (``MediaDownloadTimings/harnessWait``); nil when it downloaded nothing.
    public var harnessWait: UInt64?
    /// Naming the file and creating the attachment, as the extension reported it.
    public var attach: PhaseSpan?
    /// The host's side of the honoured delivery: from the handler call to the content being in the
    /// system (attachments moved into the store).
    public var deliver: PhaseSpan?

    /// Phases; only the queueing time is always known.
    public init(
        queued: UInt64, decrypt: PhaseSpan? = nil, download: PhaseSpan? = nil,
        downloadTimings: MediaDownloadTimings? = nil, harnessWait: UInt64? = nil, attach: PhaseSpan? = nil,
        deliver: PhaseSpan? = nil, coldStart: UInt64? = nil
    ) {
        self.coldStart = coldStart
        self.harnessWait = harnessWait
        self.queued = queued
        self.decrypt = decrypt
        self.download = download
        self.downloadTimings = downloadTimings
        self.attach = attach
        self.deliver = deliver
    }

    /// The span reported for `stage`.
    public subscript(stage: InvocationStage) -> PhaseSpan? {
        get {
            switch stage {
            case .decrypt: decrypt
            case .download: download
            case .attach: attach
            }
        }
        set {
            switch stage {
            case .decrypt: decrypt = newValue
            case .download: download = newValue
            case .attach: attach = newValue
            }
        }
    }
}
