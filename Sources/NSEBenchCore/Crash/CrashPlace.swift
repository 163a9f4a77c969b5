/// The place in the extension's code a crash reason names, told apart from where that place sits in
/// its file: `compare` matches crashes of two commits by it, so a line added above a known crash does
/// not make it new, while a crash in a function, file or runtime failure the baseline never had is.
///
/// A reason names a place when the crash reporter could say where it crashed
/// (``CrashSite/description(relativeTo:)``): `the extension crashed at FILE:LINE:COLUMN in FUNCTION...`
/// or, without debug information, `the extension crashed in FUNCTION...`. A reason that names none (a
/// process that died of a signal with no stack, a built-in's simulated crash) is no place: its crashes
/// are judged only through `crashed_rate`.
public struct CrashPlace: Sendable, Hashable, Comparable {
    /// The reason with the line and column left out: `the extension crashed at Service.swift in
    /// NotificationService.didReceive(_:withContentHandler:): Index out of range (signal 4, SIGILL)`.
    public let key: String

    /// The place `reason` names, or nil when it names none.
    public init?(reason: String) {
        for marker in [" crashed at ", " crashed in "] {
            guard let found = reason.firstRange(of: marker) else { continue }
            guard marker == " crashed at " else {
                key = reason
                return
            }
            guard let position = Self.lineAndColumn(in: reason[found.upperBound...]) else { return nil }
            key = String(reason[..<position.lowerBound] + reason[position.upperBound...])
            return
        }
        return nil
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
