/// How large a receive buffer (CURLOPT_BUFFERSIZE) a transfer gets when its request leaves the choice
/// to the transport: large while few transfers are in flight, where CPU per byte decides how many
/// media bytes a run can move, small beyond that, where memory per in-flight transfer decides how
/// many phones a run can hold.
///
/// libcurl allocates the buffer (plus one byte) before connecting and reads at most that much per
/// `recv`, calling the write callback once per read, so every read costs a `recv`, a `poll` (libcurl's
/// check for more data) and a `write` to the download's file. Measured with the default job
/// (`nse-bench --concurrency 500`: 2,000 phones, 2.5 GB of media, server on the same 2 cores):
/// 8,191-byte buffers made 317,000 `recv` calls, 65,535-byte ones 72,000, and the client's system time
/// fell by about a quarter. Memory is the price: `bench-transport --case curl` with a 1 s first byte
/// measured 23.4 KB of heap per in-flight download at 1,000 in flight with the small buffer and 79.5 KB
/// with the large one. Hence the large buffer for the first 512 only: at 10,000 in flight that
/// measured 22.9 → 26.0 KB and 23.5 → 25.5 KB in two pairs of runs (small buffer only → this policy).
public enum ReceiveBufferPolicy {
    /// The buffer for transfers admitted while fewer than ``largeBufferTransfers`` run on their lane:
    /// 65,535 bytes, so one read takes a whole paced chunk of the media server
    /// (the media server's 5 ms of a link's rate, at most half its 64 KiB burst).
    public static let largeBufferBytes = 65_535
    /// How many transfers of a lane may hold the large buffer at once: 512 (the default job's 500 in
    /// flight fit), so large buffers cost at most 32 MiB per lane.
    public static let largeBufferTransfers = 512

    /// The buffer for a transfer admitted while `inFlight` others run on its lane.
    public static func bytes(inFlight: Int) -> Int {
        inFlight < largeBufferTransfers ? largeBufferBytes : DownloadRequest.defaultReceiveBufferBytes
    }
}
