/// One line of code a symbolizer named for an address: the function and where in a source file. An
/// address inlined from other functions names several, innermost first.
public struct SourceFrame: Sendable, Hashable {
    /// The function's name, demangled where it could be.
    public var function: String
    /// The source file's path; `/<compiler-generated>` or `??` when there is none.
    public var file: String
    /// 0 when unknown.
    public var line: Int
    public var column: Int
    /// The file the function itself is declared in; empty for one without source of its own (the
    /// standard library's code specialized into the caller, a runtime failure's frame).
    public var declarationFile: String

    public init(function: String, file: String, line: Int, column: Int, declarationFile: String = "") {
        self.function = function
        self.file = file
        self.line = line
        self.column = column
        self.declarationFile = declarationFile
    }

    /// Whether it names a line of a source file.
    public var isInSource: Bool { line > 0 && file.hasPrefix("/") && !file.hasPrefix("/<") }
}

/// Where a crash happened, in the words a person fixing it needs: the first line of source on the
/// crashed stack, the function compiled around it, and the Swift runtime's reason where it names one
/// (a `-O` build traps without printing it, but keeps it as the name of the trap's inlined frame:
/// "Swift runtime failure: Unexpectedly found nil while unwrapping an Optional value").
public struct CrashSite: Sendable, Hashable {
    /// Each frame's source frames (innermost first), frames innermost first.
    public var frames: [[SourceFrame]]

    public init(frames: [[SourceFrame]]) {
        self.frames = frames
    }

    static let runtimeFailurePrefix = "Swift runtime failure: "

    /// The Swift runtime's reason for its trap, if the innermost frame names one.
    public var runtimeFailure: String? {
        frames.first?.lazy.map(\.function).first { $0.hasPrefix(Self.runtimeFailurePrefix) }.map {
            String($0.dropFirst(Self.runtimeFailurePrefix.count))
        }
    }

    /// The innermost line of source on the stack, as its file's path and line number: the line
    /// ``description(relativeTo:printedMessage:)`` names; nil when no frame names one.
    public var sourceLine: (file: String, line: Int)? {
        frames.lazy.compactMap { $0.first(where: \.isInSource) }.first.map { ($0.file, $0.line) }
    }

    /// `at FILE:LINE:COLUMN in FUNCTION: REASON`, the file relative to `folder` where it is inside it; nil
    /// when no frame names a line of source (a library built without debug information names only
    /// functions: `in FUNCTION`).
    ///
    /// The line is the innermost one of source; the function, the innermost at or around it that has
    /// source of its own (a helper of the user's inlined into its caller is named, the standard library's
    /// code specialized into the user's line is not), else the one compiled around the address. The
    /// reason is the runtime failure the stack names, else `printedMessage`: what the Swift runtime
    /// printed for that line (``RuntimeMessage``), such as `Fatal error: no image type for .mp4`.
    public func description(relativeTo folder: String, printedMessage: String? = nil) -> String? {
        let reason = (runtimeFailure ?? printedMessage).map { ": \($0)" } ?? ""
        for chain in frames {
            guard let index = chain.firstIndex(where: \.isInSource) else { continue }
            let place = chain[index]
            let owner = chain[index...].first { !$0.declarationFile.isEmpty } ?? chain.last
            let function = owner.map { " in \(Self.sourceName($0.function))" } ?? ""
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            let file = place.file.hasPrefix(prefix) ? String(place.file.dropFirst(prefix.count)) : place.file
            return "at \(file):\(place.line):\(place.column)\(function)\(reason)"
        }
        guard
            let named = frames.lazy.compactMap({ $0.last }).first(where: { !$0.function.isEmpty && $0.function != "??" }
            )
        else { return nil }
        return "in \(Self.sourceName(named.function))\(reason)"
    }

    /// What the compiler made of a function, said by the demangler ("specialized", "partial apply for",
    /// "merged", a vtable thunk that a method was inlined into), left out: the function as its source
    /// names it.
    static func sourceName(_ function: String) -> String {
        var name = Substring(function)
        if name.hasPrefix("vtable thunk for "), let target = name.firstRange(of: " dispatching to ") {
            name = name[target.upperBound...]
        }
        while let made = ["specialized ", "partial apply for ", "merged "].first(where: { name.hasPrefix($0) }) {
            name = name.dropFirst(made.count)
        }
        return String(name)
    }
}
