import Foundation

/// The name of the calling thread as the kernel knows it (cut to 15 bytes), or what kept it from being
/// read: for tests of where calls run.
public func currentThreadName() -> String {
    do {
        return try String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
            .trimmingCharacters(in: .newlines)
    } catch {
        return "unreadable: \(error)"
    }
}
