/// The memory jetsam weighs for one invocation of a user's extension running in a worker process.
///
/// On a phone an extension process serves one phone's notifications, and jetsam kills it when its
/// footprint passes the limit (24 MiB for a Notification Service Extension). A worker process of
/// `nse-bench run --extension PATH` holds the invocations of many simulated phones at once, in one
/// heap, so its growth is shared out: each invocation it holds is charged the modelled footprint of
/// a fresh extension process (``baseline``) plus an equal share of what the process's heap grew by
/// since it was ready (after the extension was loaded, before its first invocation):
///
///     footprint = baseline + max(0, heap − heapAtReady) / max(1, invocations in flight)
///
/// What that means for a user:
/// - an extension that holds a lot per invocation (a video read into `Data`, a decoded image) is
///   charged it whole, since every invocation in flight holds its own;
/// - what the process keeps between invocations (statics, singletons, caches, leaks) is charged whole
///   at one invocation in flight and shared among them above that: a process with 8 in flight passes
///   the limit after 8 times the growth a phone's process would (the README says so; more
///   `--extension-processes` make it exact);
/// - the harness's own state for the invocations in flight (its transfers, timers, session records)
///   is in the heap too, and is charged as if the extension held it: tens of kilobytes per
///   invocation, measured in the note of the issue that added this.
///
/// It never charges one invocation with another's allocation beyond that equal share.
///
/// ```swift
/// let rule = SharedProcessFootprint(baseline: 6 << 20, heapAtReady: 40 << 20)
/// rule.perInvocation(heap: 80 << 20, inFlight: 4)   // 6 MiB + 40 MiB / 4 = 16 MiB
/// rule.exceeds(limit: 24 << 20, heap: 80 << 20, inFlight: 1)   // true: 46 MiB
/// ```
public struct SharedProcessFootprint: Sendable, Hashable {
    /// The modelled footprint of a fresh extension process before it does any work, in bytes.
    public let baseline: Int
    /// The process's live heap when it was ready to run invocations, in bytes.
    public let heapAtReady: Int

    /// A rule for a process whose heap was `heapAtReady` bytes when it became ready.
    public init(baseline: Int, heapAtReady: Int) {
        self.baseline = baseline
        self.heapAtReady = heapAtReady
    }

    /// The footprint charged to each invocation when the heap holds `heap` bytes and `inFlight`
    /// invocations run (none counts as one: what the process keeps is the next invocation's).
    public func perInvocation(heap: Int, inFlight: Int) -> Int {
        baseline + share(heap: heap, inFlight: inFlight)
    }

    /// Each invocation's share of the heap's growth since the process was ready, when the heap holds
    /// `heap` bytes and `inFlight` invocations run (none counts as one), in bytes.
    public func share(heap: Int, inFlight: Int) -> Int {
        let growth = heap > heapAtReady ? heap - heapAtReady : 0
        return growth / max(1, inFlight)
    }

    /// Whether that footprint passes `limit` bytes, as jetsam would judge it.
    public func exceeds(limit: Int, heap: Int, inFlight: Int) -> Bool {
        perInvocation(heap: heap, inFlight: inFlight) > limit
    }
}
