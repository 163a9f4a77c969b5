import Foundation
import NSEBenchCore
import NSEBenchSystem
import Testing

@Suite("Native symbolizer: where a crash was, and its failures")
struct NativeSymbolizerTests {
    /// A folder holding an executable `llvm-symbolizer` script with `body`, and a `swift-demangle` that
    /// writes what it is given.
    func toolchain(symbolizer body: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("symbolizer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in [
            ("llvm-symbolizer", "#!/bin/sh\n\(body)\n"),
            ("swift-demangle", "#!/bin/sh\nshift 2\nfor name in \"$@\"; do echo \"demangled $name\"; done\n"),
        ] {
            let file = folder.appendingPathComponent(name)
            try text.write(to: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        return folder
    }

    let stack = CrashStack(images: ["/lib/extension.so"], frames: [.init(image: 0, address: 0x11e9)])

    @Test func withoutLLVMSymbolizerThereIsNone() {
        #expect(
            NativeSymbolizer(toolchain: URL(fileURLWithPath: "/nonexistent"), environment: ["PATH": "/none"]) == nil)
    }

    @Test func theToolsAnswerIsReadAndItsNamesDemangled() throws {
        let folder = try toolchain(
            symbolizer: """
                echo "$@" >> "$(dirname "$0")/calls"
                echo '[{"Address":"0x11e9","ModuleName":"extension.so","Symbol":[{"Column":27,"Discriminator":0,"FileName":"/src/T.swift","FunctionName":"$s1T4pickyS2SF","Line":3,"StartAddress":"","StartFileName":"","StartLine":0}]}]'
                """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let symbolizer = try #require(NativeSymbolizer(toolchain: folder, environment: ["PATH": "/none"]))
        let site = try #require(symbolizer.site(of: stack))
        #expect(site.description(relativeTo: "/src") == "at T.swift:3:27 in demangled $s1T4pickyS2SF")
        #expect(symbolizer.site(of: stack) == site)
        let calls = try String(contentsOf: folder.appendingPathComponent("calls"), encoding: .utf8)
        #expect(
            calls == "--output-style=JSON --inlining --no-demangle --obj=/lib/extension.so 0x11e9\n",
            "a stack named once is not named again")
    }

    @Test func aToolThatFailsOrAnswersNonsenseNamesNothing() throws {
        for body in ["exit 1", "echo 'not json'", "echo '[]'"] {
            let folder = try toolchain(symbolizer: body)
            defer { try? FileManager.default.removeItem(at: folder) }
            let symbolizer = try #require(NativeSymbolizer(toolchain: folder, environment: ["PATH": "/none"]))
            #expect(symbolizer.site(of: stack) == nil, "\(body)")
        }
    }

    @Test func aToolThatHangsIsEndedAfterThePatience() throws {
        let folder = try toolchain(symbolizer: "exec sleep 30")
        defer { try? FileManager.default.removeItem(at: folder) }
        let symbolizer = try #require(
            NativeSymbolizer(toolchain: folder, environment: ["PATH": "/none"], patience: 0.3))
        let start = Date()
        #expect(symbolizer.site(of: stack) == nil)
        #expect(Date().timeIntervalSince(start) < 10, "ended, not waited for")
    }
}
