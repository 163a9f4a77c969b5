import NSEBenchCore

/// A descriptor's lines, read on an event loop's own thread as they come: the descriptor is made
/// non-blocking and watched, so that a line wakes only the loop (not a reading thread that then wakes
/// the loop), and lines that came together are read in one go.
///
/// Loop-thread confined: started on the loop's thread, where its callbacks run too. The loop keeps it
/// while it watches the descriptor.
public final class LoopLineReader {
    /// Reads per readiness event, of ``chunkBytes`` each: one busy descriptor then leaves the loop to
    /// its other work between, and level-triggered epoll reports what is left on the next iteration.
    /// One: with four, an extension worker's loop started about 1,000 requests in an iteration while its
    /// transport started 16 downloads, and at `--concurrency 5000` (Examples/MediaDownload, 1 s first
    /// byte) the example's deliver p99 was lower with one read in 9 of 10 alternated rounds (medians
    /// 1,589 and 1,539 ms against 1,659 and 1,622 ms; issue #11).
    static let readsPerEvent = 1
    /// One read's buffer: 64 KiB, a default pipe's capacity.
    static let chunkBytes = 1 << 16

    private let loop: EventLoop
    private let descriptor: Int32
    private let line: (ArraySlice<UInt8>) -> Void
    private let ended: (SystemError?) -> Void
    private var splitter = LineSplitter()
    private let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: LoopLineReader.chunkBytes, alignment: 1)
    private var watching = true

    private init(
        loop: EventLoop, descriptor: Int32, line: @escaping (ArraySlice<UInt8>) -> Void,
        ended: @escaping (SystemError?) -> Void
    ) {
        self.loop = loop
        self.descriptor = descriptor
        self.line = line
        self.ended = ended
    }

    deinit { chunk.deallocate() }

    /// Starts reading `descriptor` on `loop`; call on the loop's thread. `line` gets each line (a slice
    /// valid only during the call), and `ended` is called once: at the end of the input with nil, or
    /// with the error of a read that failed. The loop has stopped watching the descriptor by then; it
    /// stays the caller's to close. Lines read in one iteration of the loop hand their work to other
    /// threads together (``BlockingCallPool/handingOverTogether(_:)``). Throws when the descriptor
    /// cannot be made non-blocking or watched (not on the loop's thread, a bad descriptor).
    public static func start(
        _ descriptor: Int32, on loop: EventLoop, line: @escaping (ArraySlice<UInt8>) -> Void,
        ended: @escaping (SystemError?) -> Void
    ) throws(EventLoopError) {
        try loop.requireLoopThread("LoopLineReader.start")
        do {
            try Posix.setNonBlocking(descriptor)
        } catch {
            throw .system(error)
        }
        let reader = LoopLineReader(loop: loop, descriptor: descriptor, line: line, ended: ended)
        try loop.register(fd: descriptor, interest: .readable) { _ in reader.read() }
    }

    /// Reads what is there, up to ``readsPerEvent`` reads; hangup and error are seen as the read's end of
    /// file or failure. A read that did not fill the buffer took all there was: no read follows to hear
    /// that it would block (a system call per event saved), and what comes meanwhile is reported again.
    private func read() {
        for _ in 0..<Self.readsPerEvent where watching {
            let result: IOResult<Int>
            do {
                result = try Posix.read(descriptor, into: chunk)
            } catch {
                return end(error)
            }
            switch result {
            case .wouldBlock: return
            case .processed(0): return end(nil)
            case .processed(let count):
                splitter.append(UnsafeRawBufferPointer(rebasing: chunk[..<count]), line: line)
                if count < chunk.count { return }
            }
        }
    }

    private func end(_ error: SystemError?) {
        guard watching else { return }
        watching = false
        do {
            try loop.deregister(fd: descriptor)
        } catch {
            // Registered by this reader on this thread: only epoll_ctl itself could fail, and the
            // descriptor, about to be closed by its owner, then leaves epoll with its close.
        }
        ended(error)
    }
}
