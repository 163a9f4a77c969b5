/// A thread blocked in `futex(2)`, read from its `/proc/self/task/TID/syscall` line (`202 0x7f3a... 0x80
/// ...` on x86-64: the system call's number, then its arguments, the futex word's address first), and
/// whether the lock behind that word is held by a given thread.
///
/// A held trap (``CrashSite``'s worker holds a thread whose Swift check failed) keeps every lock the
/// trapped code held; on a phone the trap would have ended the process, and the lock with it. Threads of
/// other invocations waiting for such a lock are the harness's doing, and this is how they are told.
public struct FutexWait: Sendable, Equatable {
    /// The futex word's address.
    public let address: UInt

    /// `futex`'s number on this machine: 202 on x86-64, 98 on AArch64; nil elsewhere.
    public static let systemCallNumber: Int? = {
        #if arch(x86_64)
            202
        #elseif arch(arm64)
            98
        #else
            nil
        #endif
    }()

    /// The wait `line` shows, when it is a thread blocked in system call `number` (`futex`); nil for a
    /// running thread (`running`), another call, or a line that does not read.
    public init?(syscallLine line: Substring, number: Int) {
        let fields = line.split(separator: " ", maxSplits: 2)
        guard fields.count >= 2, Int(fields[0]) == number, fields[1].hasPrefix("0x"),
            let address = UInt(fields[1].dropFirst(2), radix: 16), address != 0
        else { return nil }
        self.address = address
    }

    /// The thread-id bits of a lock word that keeps its owner's id (`FUTEX_TID_MASK`).
    static let ownerMask: UInt32 = 0x3fff_ffff

    /// Whether the lock whose futex word is `word`, with `ownerField` the 32-bit word 8 bytes after it, is
    /// held by one of `owners`:
    /// - a priority-inheritance futex (Swift's `Mutex` on Linux) and libdispatch's unfair lock keep the
    ///   owner's thread id in the word itself (its low 30 bits);
    /// - glibc's `pthread_mutex_t` (`NSLock`, `NSRecursiveLock`) keeps it in `__owner`, 8 bytes after
    ///   the word, whose value is then 1 (locked) or 2 (locked, with waiters): only then is that field
    ///   read as an owner (a `Mutex<Int>`'s value sits at the same place).
    ///
    /// A semaphore's or a condition's word holds a count or a sequence, not a thread id; a lock whose
    /// owner is not kept (a serial queue's `sync`) is not told.
    public static func isHeld(word: UInt32, ownerField: UInt32, byAnyOf owners: Set<Int32>) -> Bool {
        if owners.contains(Int32(bitPattern: word & ownerMask)) { return true }
        return (word == 1 || word == 2) && owners.contains(Int32(bitPattern: ownerField))
    }
}
