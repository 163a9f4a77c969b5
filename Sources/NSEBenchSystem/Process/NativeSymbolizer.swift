public import Foundation
public import NSEBenchCore
import Synchronization

/// Names where a crashed extension's code was (``CrashStack``): file, line and function, read from the
/// libraries' debug information with the Swift toolchain's `llvm-symbolizer`, names demangled with its
/// `swift-demangle`. Each stack is named once: a crash at the same place again costs nothing.
///
/// ```swift
/// let symbolizer = NativeSymbolizer(toolchain: URL(fileURLWithPath: "/usr/bin"))
/// symbolizer?.site(of: stack)?.description(relativeTo: FileManager.default.currentDirectoryPath)
/// // at NotificationService.swift:25:63 in NotificationService.didReceive(_:withContentHandler:): …
/// ```
public final class NativeSymbolizer: Sendable {
    /// `llvm-symbolizer`.
    public let symbolizer: URL
    /// `swift-demangle`, if the toolchain has one: without it, names stay mangled.
    public let demangler: URL?
    /// How long the tools may take, all together, to name one stack before they are ended and the
    /// stack left unnamed: 3 s.
    public let patience: TimeInterval
    /// The stacks named so far. Held while a stack is named: another crash at the same place waits for
    /// the first naming rather than start the tools again.
    private let named = Mutex<[CrashStack: CrashSite?]>([:])

    /// The symbolizer of the toolchain in `folder` (the folder of `swiftc`, links resolved), else of
    /// `PATH`; nil when neither has `llvm-symbolizer`.
    public init?(
        toolchain folder: URL?, environment: [String: String] = ProcessInfo.processInfo.environment,
        patience: TimeInterval = 3
    ) {
        let folders =
            (folder.map { [$0] } ?? [])
            + (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        func find(_ name: String) -> URL? {
            folders.lazy.map { $0.appendingPathComponent(name) }.first {
                FileManager.default.isExecutableFile(atPath: $0.path)
            }
        }
        guard let symbolizer = find("llvm-symbolizer") else { return nil }
        self.symbolizer = symbolizer
        self.demangler = find("swift-demangle")
        self.patience = patience
    }

    /// Where `stack` was, or nil when the tools named nothing (a library without symbols, a tool that
    /// failed or ran out of time; one that ran out of time is tried again for a later crash).
    public func site(of stack: CrashStack) -> CrashSite? {
        named.withLock { named in
            if let known = named[stack] { return known }
            let (site, complete) = symbolize(stack, until: Date().addingTimeInterval(patience))
            if complete { named[stack] = site }
            return site
        }
    }

    /// The site, and whether every tool answered in time.
    private func symbolize(_ stack: CrashStack, until deadline: Date) -> (CrashSite?, complete: Bool) {
        var complete = true
        func run(_ tool: URL, _ arguments: [String]) -> Data? {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else {
                complete = false
                return nil
            }
            do {
                let result = try ToolRun.run(tool, arguments, timeLimit: left)
                if result.stoppedAtLimit { complete = false }
                return result.exitedNormally ? result.output : nil
            } catch {
                // Not started: the crash is named without its place.
                return nil
            }
        }
        var byFrame: [Int: [SourceFrame]] = [:]
        for (image, path) in stack.images.enumerated() {
            let indices = stack.frames.indices.filter { stack.frames[$0].image == image }
            guard !indices.isEmpty,
                let answers = run(
                    symbolizer,
                    ["--output-style=JSON", "--inlining", "--no-demangle", "--obj=\(path)"]
                        + indices.map { "0x" + String(stack.frames[$0].address, radix: 16) }),
                let decoded = try? JSONDecoder().decode([Answer].self, from: answers),
                decoded.count == indices.count
            else { continue }
            for (index, answer) in zip(indices, decoded) {
                byFrame[index] = answer.symbol.map {
                    SourceFrame(
                        function: $0.functionName, file: $0.fileName, line: $0.line, column: $0.column,
                        declarationFile: $0.startFileName ?? "")
                }
            }
        }
        var frames = stack.frames.indices.compactMap { byFrame[$0] }.filter { !$0.isEmpty }
        guard !frames.isEmpty else { return (nil, complete) }
        let mangled = Set(frames.joined().map(\.function).filter { $0.hasPrefix("$s") || $0.hasPrefix("_$s") })
            .sorted()
        if let demangler, !mangled.isEmpty,
            let output = run(demangler, ["--simplified", "--compact"] + mangled)
        {
            // One line for each name given, in order.
            let names = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            if names.count >= mangled.count {
                let demangled = Dictionary(
                    uniqueKeysWithValues: zip(mangled, names.prefix(mangled.count).map(String.init)))
                frames = frames.map { chain in
                    chain.map { frame in
                        var frame = frame
                        frame.function = demangled[frame.function] ?? frame.function
                        return frame
                    }
                }
            }
        }
        return (CrashSite(frames: frames), complete)
    }

    /// One address's answer in `llvm-symbolizer --output-style=JSON`.
    private struct Answer: Decodable {
        struct Symbol: Decodable {
            var functionName: String
            var fileName: String
            var line: Int
            var column: Int
            /// Where the function is declared; empty for code without source of its own.
            var startFileName: String?

            enum CodingKeys: String, CodingKey {
                case functionName = "FunctionName"
                case fileName = "FileName"
                case line = "Line"
                case column = "Column"
                case startFileName = "StartFileName"
            }
        }
        var symbol: [Symbol]

        enum CodingKeys: String, CodingKey {
            case symbol = "Symbol"
        }
    }
}
