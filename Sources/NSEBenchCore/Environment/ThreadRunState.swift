/// A thread's scheduling state, as the third field of `/proc/<pid>/task/<tid>/stat` gives it.
public enum ThreadRunState: Equatable, Sendable {
    /// `R`: running, or ready to run and waiting for a CPU.
    case runnable
    /// Any other state: asleep (`S`, a semaphore's or a read's wait), in an uninterruptible wait (`D`),
    /// stopped (`T`, `t`) or a zombie (`Z`); each letter kept.
    case waiting(Character)

    /// The state in `stat`, the text of a thread's `stat` file; nil when it holds none.
    public init?(stat: String) {
        self.init(statBytes: Array(stat.utf8))
    }

    /// The state in `bytes`, the start of a thread's `stat` file (its first 64 bytes hold the state: the
    /// id, and the name of at most 15 bytes); nil when they hold none. The name comes before the state in
    /// parentheses and may itself hold spaces and parentheses, so the state is the first field after the
    /// last `)`; the fields after the state are numbers.
    public init?(statBytes bytes: some BidirectionalCollection<UInt8>) {
        guard let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        guard let letter = bytes[bytes.index(after: close)...].first(where: { $0 != UInt8(ascii: " ") }) else {
            return nil
        }
        self = letter == UInt8(ascii: "R") ? .runnable : .waiting(Character(Unicode.Scalar(letter)))
    }
}
