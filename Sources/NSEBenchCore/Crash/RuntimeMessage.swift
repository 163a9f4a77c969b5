/// What the Swift runtime prints on standard error before it traps for `fatalError`, `precondition`,
/// `assert` or `try!` (in an optimised build `fatalError`'s and `try!`'s, not `precondition`'s): a line
/// `Module/File.swift:26: Fatal error: no image type for .mp4`. An extension process's standard error is
/// the run's `extension-stderr.log`; the crash site names the file and line, and this finds what was
/// printed for them, so that a crash's reason says why as well as where. Only the message's first line is
/// kept.
public enum RuntimeMessage {
    /// The kinds of failure the runtime prints, each the start of a message.
    public static let kinds = ["Fatal error", "Precondition failed", "Assertion failed"]

    /// The longest message kept, in characters: a message may carry data of its own (a payload,
    /// an identifier), and one crash's reason is one cell of a CSV file.
    public static let longest = 200

    /// What a reason says for a line whose printed messages differ: which crash printed which cannot be
    /// told (the line does not say its thread), so none is given to any.
    public static let messagesDiffer = "(printed messages differ: see extension-stderr.log)"

    /// The message `log` holds for line `line` of `file` (a path: matched by its file name, as the runtime
    /// prints the file's module and name: two files of one name are one), as `KIND: MESSAGE` or `KIND`
    /// alone; nil when there is none.
    /// When the line printed messages that differ (a message with data of its own, such as an identifier),
    /// `KIND: ` ``messagesDiffer``, the last one's kind. A message longer than ``longest`` characters is
    /// cut there and ends in `…`.
    public static func find(in log: String, file: String, line: Int) -> String? {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let marker = ":\(line): "
        var found: Substring?
        // Any line break: `\r\n` is one `Character`, which a split on `\n` would not split at.
        for text in log.split(whereSeparator: \.isNewline).reversed() {
            guard let at = text.firstRange(of: marker) else { continue }
            let printedFile = text[..<at.lowerBound]
            guard printedFile == name || printedFile.hasSuffix("/" + name) else { continue }
            let message = text[at.upperBound...]
            guard kinds.contains(where: { message == $0 || message.hasPrefix($0 + ": ") }) else { continue }
            guard let last = found else {
                found = message
                continue
            }
            if message != last { return kindOf(last) + ": " + messagesDiffer }
        }
        return found.map { $0.count > longest ? $0.prefix(longest) + "…" : String($0) }
    }

    /// The kind a printed message begins with.
    private static func kindOf(_ message: Substring) -> String {
        kinds.first { message.hasPrefix($0) } ?? String(message)
    }

    /// What a tally writes for the messages of one place beyond those it keeps.
    static let otherMessages = "(other messages)"

    /// `place`, a reason without its signal, with what the runtime printed left out: `…in f(): Fatal
    /// error: no image type for .mp4` and `…in f(): Fatal error` are `…in f()`; nil when it holds none.
    /// Whether a message was found depends on the log (the extension's own output can push it out of
    /// what is read), so no part of it may tell two places apart.
    static func withoutPrintedMessage(_ place: Substring) -> Substring? {
        if let kind = kinds.lazy.compactMap({ place.firstRange(of: ": \($0): ") }).first {
            return place[..<kind.lowerBound]
        }
        return kinds.first { place.hasSuffix(": " + $0) }.map { place.dropLast($0.count + 2) }
    }

    /// `reason` with its message written as ``otherMessages``, the signal after it kept; nil when it
    /// holds no message.
    static func withOtherMessages(_ reason: String) -> String? {
        guard let range = message(in: reason[...]) else { return nil }
        return reason[..<range.lowerBound] + otherMessages + reason[range.upperBound...]
    }

    /// Where the message a kind carries is in `reason`: after the first `: KIND: `, up to a last
    /// ` (signal ` of a reason that ends in `)`, else to its end.
    private static func message(in reason: Substring) -> Range<Substring.Index>? {
        guard let kind = kinds.lazy.compactMap({ reason.firstRange(of: ": \($0): ") }).first else { return nil }
        let rest = reason[kind.upperBound...]
        let signal = rest.hasSuffix(")") ? rest.ranges(of: " (signal ").last : nil
        return kind.upperBound..<(signal?.lowerBound ?? rest.endIndex)
    }
}
