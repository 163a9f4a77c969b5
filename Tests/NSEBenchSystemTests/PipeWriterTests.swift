import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Synchronization
import Testing

@testable import NSEBenchSystem

/// A pipe's write end that never blocks its writer, and lines read on an event loop.
@Suite("Pipes: a writer that never blocks, lines read on a loop", .timeLimit(.minutes(1)))
struct PipeWriterTests {
    /// `count` numbered lines of `width` bytes each (a number, then padding), newline included.
    static func lines(_ count: Int, width: Int) -> [[UInt8]] {
        (0..<count).map { index in
            let number = Array(String(index).utf8)
            return number + [UInt8](repeating: UInt8(ascii: "."), count: width - number.count - 1) + [0x0A]
        }
    }

    /// Where `received` first differs from `expected`, as a short text (a failed comparison of the
    /// arrays themselves would print megabytes); nil when they are equal.
    static func firstDifference(_ received: [UInt8], _ expected: [UInt8]) -> String? {
        guard received != expected else { return nil }
        let index =
            zip(received, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(received.count, expected.count)
        return "first difference at byte \(index) of \(received.count) received, \(expected.count) expected"
    }

    /// Everything `descriptor` (a blocking one) gives until its end.
    static func readToEnd(_ descriptor: Int32) throws -> [UInt8] {
        var all: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        while case .processed(let count) = try Posix.read(descriptor, into: chunk), count > 0 {
            all.append(contentsOf: chunk[..<count])
        }
        return all
    }

    @Test func sendsPastThePipesCapacityReturnAtOnceAndReachTheReaderWholeAndInOrder() async throws {
        let pipe = try CloseOnExecPipe()
        let writer = try PipeWriter(pipe.writing, label: "test-pipe-writer")
        // 1 MiB in 5 KiB lines (longer than PIPE_BUF) with no reader yet: a blocking write would stop at
        // the pipe's 64 KiB.
        let lines = Self.lines(200, width: 5_120)
        for line in lines { #expect(writer.send(line)) }
        #expect(writer.backlogBytes > 0, "most of it waits in the writer")
        writer.close()
        #expect(!writer.isClosed, "closed only once what waits is written")
        let reader = pipe.reading
        let received = try await Task.detached { try Self.readToEnd(reader.fileDescriptor) }.value
        let difference = Self.firstDifference(received, Array(lines.joined()))
        #expect(difference == nil, "every line, whole, in the order sent")
        #expect(writer.isClosed && writer.backlogBytes == 0)
        #expect(!writer.send(Array("late\n".utf8)), "nothing is sent once closed")
    }

    @Test func linesSentWhileTheReaderMakesRoomNeverOvertakeThoseWaiting() async throws {
        // The pipe fills and empties all along: a line sent while others wait must go after them, not
        // into room the reader just made.
        let pipe = try CloseOnExecPipe()
        let writer = try PipeWriter(pipe.writing, label: "test-pipe-writer")
        let reader = pipe.reading
        let reading = Task.detached { try Self.readToEnd(reader.fileDescriptor) }
        let lines = Self.lines(4_000, width: 1_000)
        for line in lines { #expect(writer.send(line)) }
        writer.close()
        let received = try await reading.value
        let difference = Self.firstDifference(received, Array(lines.joined()))
        #expect(difference == nil, "every line, in the order sent")
    }

    @Test func aReaderGoneClosesTheWriterAndLaterSendsSaySo() throws {
        ProcessResources.ignoreBrokenPipes()
        let pipe = try CloseOnExecPipe()
        let writer = try PipeWriter(pipe.writing, label: "test-pipe-writer")
        try pipe.reading.close()
        #expect(!writer.send(Array("to no one\n".utf8)), "EPIPE: no one will read it")
        #expect(writer.isClosed)
        #expect(!writer.send(Array("again\n".utf8)))
    }

    @Test func closingNowDropsWhatWaits() throws {
        let pipe = try CloseOnExecPipe()
        let writer = try PipeWriter(pipe.writing, label: "test-pipe-writer")
        let lines = Self.lines(40, width: 4_096)
        for line in lines { writer.send(line) }
        let waiting = writer.backlogBytes
        writer.closeNow()
        #expect(writer.isClosed && writer.backlogBytes == 0)
        let received = try Self.readToEnd(pipe.reading.fileDescriptor)
        #expect(received.count == lines.count * 4_096 - waiting, "only what the pipe had taken")
        let difference = Self.firstDifference(received, Array(Array(lines.joined()).prefix(received.count)))
        #expect(difference == nil)
    }

    @Test func linesReadOnALoopComeWholeAcrossReadsAndTheEndIsToldOnceAfterTheLoopStopsWatching() async throws {
        let loop = try EventLoop(name: "nseb-lines")
        try loop.start()
        defer {
            do { try loop.shutdown() } catch { Issue.record("shutdown: \(error)") }
        }
        let pipe = try CloseOnExecPipe()
        let descriptor = pipe.reading.fileDescriptor
        let lines = Recorder<String>()
        let ends = Recorder<String>()
        let onLoopThread = Recorder<Bool>()
        try await onLoop(loop) {
            try LoopLineReader.start(
                descriptor, on: loop,
                line: { line in
                    onLoopThread.append(loop.inEventLoop)
                    lines.append(String(decoding: line, as: UTF8.self))
                },
                ended: { error in
                    // Watched no more: the descriptor can be watched again (or closed) from here.
                    let watched = (try? loop.interest(of: descriptor)) ?? nil
                    ends.append("\(error.map { "\($0)" } ?? "end") watched=\(watched != nil)")
                })
        }
        let writer = pipe.writing.fileDescriptor
        for chunk in ["fir", "st\n\nsec", "ond\nthi", "rd\n"] {
            try write(chunk, to: writer)
            try await Task.sleep(for: .milliseconds(20))
        }
        // 300 KiB in one line: more than one event's reads, and a read that fills the buffer.
        let long = String(repeating: "x", count: 300 << 10)
        let bulk = Array((long + "\nlast\nunfinished").utf8)
        let sent = try await Task.detached {
            try bulk.withUnsafeBytes { try Posix.writeAll(writer, $0) }
            try pipe.writing.close()
        }.result
        try sent.get()
        #expect(await eventually { ends.count == 1 })
        #expect(lines.values == ["first", "second", "third", long, "last"], "a cut last line never comes out")
        #expect(ends.values == ["end watched=false"])
        #expect(onLoopThread.values.allSatisfy { $0 })
    }

    @Test func aReaderStartedOffItsLoopThreadIsRefused() throws {
        let loop = try EventLoop(name: "nseb-lines-off")
        let pipe = try CloseOnExecPipe()
        #expect(throws: EventLoopError.self) {
            try LoopLineReader.start(pipe.reading.fileDescriptor, on: loop, line: { _ in }, ended: { _ in })
        }
    }
}
