import Foundation
import NSEBenchCore
import NSEBenchSystem
import NSERuntime

/// Where a run keeps the files its extensions download until they are counted.
///
/// Every invocation creates, moves and removes a file; on ext4 the inode allocation alone took a third
/// of the harness's CPU at 2,300 invocations a second (perf: `ext4_create` → `recently_deleted`), on
/// tmpfs it does not show. So, unless told otherwise, a run uses `/dev/shm` when it is a writable
/// directory with room for twice what can be in flight (the most in flight times the largest media
/// file, or iOS's 50 MB video cap when the sizes are not known), and the system's temporary directory
/// otherwise. `--scratch-dir DIR`, then `TMPDIR`, take precedence.
enum ScratchDirectory {
    /// The memory-backed directory tried first.
    static let memoryBacked = "/dev/shm"
    /// The largest attachment iOS accepts (video), the bound when the media sizes are unknown.
    static let largestAttachment = 50_000_000

    /// What the choice looks at on this machine.
    struct Probe: Sendable {
        var isWritableDirectory: @Sendable (String) -> Bool
        var availableBytes: @Sendable (String) -> Int?

        static let system = Probe(
            isWritableDirectory: { Posix.isWritableDirectory($0) },
            availableBytes: { Posix.availableBytes(onFileSystemOf: $0) })
    }

    /// The directory to create the run's scratch directory in, and why it was chosen.
    static func parent(
        requested: String?, environment: [String: String], inFlight: Int, largestMediaBytes: Int?,
        probe: Probe = .system
    ) -> (path: String, reason: String) {
        if let requested { return (requested, "--scratch-dir") }
        if let tmp = environment["TMPDIR"], !tmp.isEmpty { return (tmp, "TMPDIR") }
        let perFile = largestMediaBytes ?? largestAttachment
        let (inFlightBytes, overflow) = max(inFlight, 1).multipliedReportingOverflow(by: perFile)
        let needed = overflow ? Int.max : inFlightBytes.multipliedReportingOverflow(by: 2).partialValue
        if probe.isWritableDirectory(memoryBacked), let available = probe.availableBytes(memoryBacked),
            !overflow, needed <= available
        {
            return (
                memoryBacked, "memory-backed, room for twice the \(ByteCount(bytes: Int64(inFlightBytes))) in flight"
            )
        }
        return (NSTemporaryDirectory(), "system temporary directory")
    }

    /// The largest file a media mix names (`200KB.jpg` is 200,000 bytes); nil when a name carries no
    /// size.
    static func largestMediaBytes(in mix: MediaMix) -> Int? {
        var largest = 0
        for choice in mix.choices {
            guard let size = mediaBytes(named: choice.path) else { return nil }
            largest = max(largest, size)
        }
        return largest
    }

    /// The size the media file at `path` names (`/media/200KB.jpg` is 200,000 bytes); nil when its name
    /// carries no size.
    static func mediaBytes(named path: String) -> Int? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        // A name that is not a size is an answer (nil), not an error to report.
        guard let sizeText = name.split(separator: ".").first, let size = try? ByteCount(parsing: String(sizeText))
        else { return nil }
        return Int(clamping: size.bytes)
    }
}
