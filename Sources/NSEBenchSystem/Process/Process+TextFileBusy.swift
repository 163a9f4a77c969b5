public import Foundation
import Glibc

extension Process {
    /// `run()`, tried again while its executable is busy (`ETXTBSY`), for up to `patience` nanoseconds.
    ///
    /// An executable just written is busy for as long as any process holds a descriptor open for writing
    /// on it, and a process another thread starts inherits every descriptor open at that moment, even a
    /// close-on-exec one, until its own `exec`: microseconds, unless the machine is saturated. A worker's
    /// executable copy (`WorkerExecutable` in the CLI) written while the suite's compiles started `swiftc`
    /// failed its first start so ("Text file busy"). Any other failure is thrown at once, as `run()`'s.
    public func runWhenNotBusy(patience: UInt64 = 2_000_000_000) throws {
        var pause: UInt64 = 1_000_000
        var waited: UInt64 = 0
        while true {
            do {
                return try run()
            } catch let error as NSError where Self.isTextFileBusy(error) && waited < patience {
                var request = timespec(tv_sec: 0, tv_nsec: Int(pause))
                var remaining = timespec()
                while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
                waited += pause
                pause = min(pause * 2, 100_000_000)
            }
        }
    }

    /// Whether `error`, from `run()`, says the executable was busy being written (`ETXTBSY`).
    static func isTextFileBusy(_ error: NSError) -> Bool {
        if error.domain == NSPOSIXErrorDomain, error.code == Int(ETXTBSY) { return true }
        guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError else { return false }
        return underlying.domain == NSPOSIXErrorDomain && underlying.code == Int(ETXTBSY)
    }
}
