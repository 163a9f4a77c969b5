import Glibc
public import NSEBenchCore

/// Threads of this process blocked on a lock that given threads hold (``FutexWait``), read from
/// `/proc/self/task` and the process's own memory.
public enum LockWaits {
    /// The threads of this process, other than `owners`, blocked in `futex(2)` on a lock one of `owners`
    /// holds. A thread whose state cannot be read (it ended meanwhile, no `/proc`) is not among them: an
    /// empty answer means none was seen.
    ///
    /// One directory walk and one small read per thread, and 12 bytes of memory per blocked one: only
    /// when a worker holds a trapped thread and one of its invocations expired.
    public static func threads(waitingOnLocksHeldBy owners: Set<Int32>) -> [Int32] {
        guard !owners.isEmpty, let number = FutexWait.systemCallNumber, let directory = opendir("/proc/self/task")
        else { return [] }
        defer { closedir(directory) }
        let memory = open("/proc/self/mem", O_RDONLY | O_CLOEXEC)
        guard memory >= 0 else { return [] }
        defer { close(memory) }
        var waiting: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let thread = Int32(name), !owners.contains(thread),
                let line = firstLine(of: "/proc/self/task/\(thread)/syscall"),
                let wait = FutexWait(syscallLine: line[...], number: number)
            else { continue }
            // The word, and the owner field 8 bytes on where the mapping holds it.
            var words: (UInt32, UInt32, UInt32) = (0, 0, 0)
            let read = withUnsafeMutableBytes(of: &words) { buffer in
                pread(memory, buffer.baseAddress, buffer.count, off_t(Int64(bitPattern: UInt64(wait.address))))
            }
            guard read >= MemoryLayout<UInt32>.size else { continue }
            let ownerField = read == MemoryLayout<(UInt32, UInt32, UInt32)>.size ? words.2 : 0
            if FutexWait.isHeld(word: words.0, ownerField: ownerField, byAnyOf: owners) { waiting.append(thread) }
        }
        return waiting
    }

    /// The first line of a small `/proc` file; nil when it cannot be read (its thread ended).
    private static func firstLine(of path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return withUnsafeTemporaryAllocation(byteCount: 256, alignment: 1) { buffer -> String? in
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            guard count > 0 else { return nil }
            let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<count])
            return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        }
    }
}
