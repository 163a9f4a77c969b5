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
    /// How long one tool may run before it is ended and the stack left unnamed: 10 s.
    public let patience: TimeInterval
    private let named = Mutex<[CrashStack: CrashSite?]>([:])

    /// The symbolizer of the toolchain in `folder` (the folder of `swiftc`), else of `PATH`; nil when
    /// neither has `llvm-symbolizer`.
    public init?(
        toolchain folder: URL?, environment: [String: String] = ProcessInfo.processInfo.environment,
        patience: TimeInterval = 10
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
    /// failed).
    public func site(of stack: CrashStack) -> CrashSite? {
        if let known = named.withLock({ $0[stack] }) { return known }
        let site = symbolize(stack)
        named.withLock { $0[stack] = site }
        return site
    }

    private func symbolize(_ stack: CrashStack) -> CrashSite? {
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
                    SourceFrame(function: $0.functionName, file: $0.fileName, line: $0.line, column: $0.column)
                }
            }
        }
        var frames = stack.frames.indices.compactMap { byFrame[$0] }.filter { !$0.isEmpty }
        guard !frames.isEmpty else { return nil }
        let mangled = Set(frames.joined().map(\.function).filter { $0.hasPrefix("$s") || $0.hasPrefix("_$s") })
            .sorted()
        if let demangler, !mangled.isEmpty,
            let output = run(demangler, ["--simplified", "--compact"] + mangled)
        {
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
        return CrashSite(frames: frames)
    }

    /// One address's answer in `llvm-symbolizer --output-style=JSON`.
    private struct Answer: Decodable {
        struct Symbol: Decodable {
            var functionName: String
            var fileName: String
            var line: Int
            var column: Int

            enum CodingKeys: String, CodingKey {
                case functionName = "FunctionName"
                case fileName = "FileName"
                case line = "Line"
                case column = "Column"
            }
        }
        var symbol: [Symbol]

        enum CodingKeys: String, CodingKey {
            case symbol = "Symbol"
        }
    }

    /// The standard output of `tool` run with `arguments`, or nil when it could not run, failed or took
    /// longer than ``patience``: the crash is then named without its place.
    private func run(_ tool: URL, _ arguments: [String]) -> Data? {
        do {
            let result = try ToolRun.run(tool, arguments, timeLimit: patience)
            return result.exitedNormally ? result.output : nil
        } catch {
            return nil
        }
    }
}
