/// The bandwidth every connection on a loop shares (the server's link), as a sending connection
/// takes from it. The driver's conformance forwards to ``ServerCore``; tests pass a plain value.
protocol SharedLink {
    /// How many of `wanted` bytes the link lets through now (0 unless `minimum` have accrued).
    mutating func allowance(upTo wanted: Int, atLeast minimum: Int, now: UInt64) -> Int
    /// Nanoseconds until the link has `chunk` bytes to give again.
    mutating func wait(for chunk: Int, now: UInt64) -> UInt64
    /// Returns bytes granted but not sent.
    mutating func giveBack(_ count: Int)
}
