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

    /// Room for a response head in front of the body, in ``bytes(forBodiesUpTo:)``: the embedded
    /// server's heads are about 200 bytes.
    public static let headRoomBytes = 1_024

    /// The buffer for transfers whose bodies are known to be at most `largestBody` bytes (a run whose
    /// media mix names only small media): the smallest of 2,047, 4,095 and 8,191 bytes (each, plus the
    /// byte libcurl adds, fills a jemalloc size class) that takes the head and the whole body in one
    /// read, so no more reads are made than with a larger buffer and only the memory differs. Nil when
    /// none is large enough: then ``bytes(inFlight:)`` decides. Measured (release, three alternating
    /// pairs of `nse-bench run --profile none --concurrency 10000 --invocations 20000 --ttfb 1s --media
    /// 1KB.jpg:1`, `/usr/bin/time` max RSS): 443, 480, 460 MB with 8,191-byte buffers, 416, 426, 413 MB
    /// with 2,047 (about 4 KB less per phone in flight).
    public static func bytes(forBodiesUpTo largestBody: Int) -> Int? {
        guard largestBody >= 0 else { return nil }
        let needed = largestBody + headRoomBytes
        return [2_047, 4_095, DownloadRequest.defaultReceiveBufferBytes].first { needed <= $0 }
    }

    /// The buffer for a transfer admitted while `inFlight` others run on its lane.
    public static func bytes(inFlight: Int) -> Int {
        inFlight < largeBufferTransfers ? largeBufferBytes : DownloadRequest.defaultReceiveBufferBytes
    }
}
