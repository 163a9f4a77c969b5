/// The place in the extension's code a crash reason names, told apart from where that place sits in
/// its file: `compare` matches crashes of two commits by it, so a line added above a known crash does
/// not make it new, while a crash in a function, file or runtime failure the baseline never had is.
///
/// A reason names a place when the crash reporter could say where it crashed
/// (``CrashSite/description(relativeTo:printedMessage:)``): `the extension crashed at FILE:LINE:COLUMN in FUNCTION...`
/// or, without debug information, `the extension crashed in FUNCTION...`. A reason that names none (a
/// process that died of a signal with no stack, a built-in's simulated crash) is no place: its crashes
/// are judged only through `crashed_rate`. The key also leaves out the file's folder (relative to where
/// `run` was started, which two checkouts need not share), the signal (SIGILL or SIGTRAP by processor),
/// closures' numbers (`closure #2` is `closure`) and what the Swift runtime printed (``RuntimeMessage``:
/// `Fatal error: no image type for .mp4`).
public struct CrashPlace: Sendable, Hashable, Comparable {
    /// The reason with the line, the column and the signal left out: `the extension crashed at
    /// Service.swift in NotificationService.didReceive(_:withContentHandler:): Index out of range`.
    public let key: String

    /// The place `reason` names, or nil when it names none, or names its function only as the compiler
    /// mangled it (the demangler did not answer in time: another run would name it otherwise).
    public init?(reason: String) {
        var place: Substring
        if reason.hasPrefix(Self.atLine) {
            let rest = reason.dropFirst(Self.atLine.count)
            guard let position = Self.lineAndColumn(in: rest) else { return nil }
            // The file by its name: its folder is where `run` was started from, which two checkouts of
            // one extension need not share.
            let file = rest[..<position.lowerBound]
            let name = file.lastIndex(of: "/").map { file[file.index(after: $0)...] } ?? file
            place = Self.atLine + name + reason[position.upperBound...]
        } else if reason.hasPrefix(Self.inFunction) {
            place = reason[...]
        } else {
            return nil
        }
        guard !place.contains(" in $s"), !place.contains(" in _$s") else { return nil }
        // The signal says how the check failed on this machine's processor (SIGILL on x86-64, SIGTRAP on
        // AArch64), not where.
        if place.hasSuffix(")"), let signal = place.ranges(of: " (signal ").last {
            place = place[..<signal.lowerBound]
        }
        // What the runtime printed may carry data (`no image type for .mp4`, an identifier), and is found
        // or not as the log allows: not the place's.
        if let withoutMessage = RuntimeMessage.withoutPrintedMessage(place) { place = withoutMessage }
        key = Self.closuresUnnumbered(place)
    }

    static let atLine = "the extension crashed at "
    static let inFunction = "the extension crashed in "

    /// `closure #2 in f()` as `closure in f()`: a closure added before it in the same function renumbers
    /// it, and does not move the crash.
    private static func closuresUnnumbered(_ text: Substring) -> String {
        var result = ""
        var rest = text
        while let found = rest.firstRange(of: "closure #") {
            result += rest[..<found.lowerBound] + "closure"
            rest = rest[found.upperBound...].drop { $0.isASCII && $0.isNumber }
        }
        return result + rest
    }

    public static func < (lhs: CrashPlace, rhs: CrashPlace) -> Bool { lhs.key < rhs.key }

    /// The first `:LINE:COLUMN` followed by a space, a colon or the end: where the file's name ends (a
    /// file name may itself hold colons and digits).
    private static func lineAndColumn(in text: Substring) -> Range<String.Index>? {
        var index = text.startIndex
        while let colon = text[index...].firstIndex(of: ":") {
            var cursor = text.index(after: colon)
            var numbers = 0
            while numbers < 2 {
                let digits = text[cursor...].prefix { $0.isASCII && $0.isNumber }
                guard !digits.isEmpty else { break }
                numbers += 1
                cursor = digits.endIndex
                guard numbers < 2 else { break }
                guard cursor < text.endIndex, text[cursor] == ":" else { break }
                cursor = text.index(after: cursor)
            }
            if numbers == 2, cursor == text.endIndex || text[cursor] == " " || text[cursor] == ":" {
                return colon..<cursor
            }
            index = text.index(after: colon)
        }
        return nil
    }
}
