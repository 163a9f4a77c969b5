import Foundation
import NSEBenchSystem
import Synchronization

/// Values appended from any thread (the loop's, the test's), read back by the test.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    func append(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
    var count: Int { storage.withLock { $0.count } }
}

/// Runs `body` on the loop thread and returns its result, or rethrows its error.
func onLoop<T: Sendable>(_ loop: EventLoop, _ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        do {
            try loop.execute { continuation.resume(with: Result { try body() }) }
        } catch {
            continuation.resume(throwing: error)
        }
    }
}

/// How many of this process's descriptors are epoll instances, eventfds or timerfds, the kinds an
/// event loop opens (libdispatch opens timerfds too, once, when its first timer is used).
func eventLoopDescriptorCount() -> Int {
    let directory = "/proc/self/fd"
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return entries.filter { entry in
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\(entry)")) ?? ""
        return ["anon_inode:[eventpoll]", "anon_inode:[eventfd]", "anon_inode:[timerfd]"].contains(target)
    }.count
}

/// The names of this process's threads.
func threadNames() -> [String] {
    let directory = "/proc/self/task"
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return tasks.compactMap { task in
        (try? String(contentsOfFile: "\(directory)/\(task)/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Writes `text` to a non-blocking descriptor (small writes to an empty socket never block).
func write(_ text: String, to descriptor: Int32) throws {
    var bytes = Array(text.utf8)
    _ = try bytes.withUnsafeMutableBytes { try Posix.write(descriptor, UnsafeRawBufferPointer($0)) }
}

/// Reads whatever is buffered on a non-blocking descriptor, as text.
func readAvailable(from descriptor: Int32) throws -> String {
    var buffer = [UInt8](repeating: 0, count: 4_096)
    let result = try buffer.withUnsafeMutableBytes { try Posix.read(descriptor, into: $0) }
    guard case .processed(let count) = result else { return "" }
    return String(decoding: buffer[..<count], as: UTF8.self)
}
